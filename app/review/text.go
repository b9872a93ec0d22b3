package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"purse/internal/visible"
)

// BlockGutter starts every line of a block in Write's text: what a block holds cannot start a
// line of the review's own (an end mark, a section heading).
const BlockGutter = "  | "

// Write prints req as plain text for a terminal or a log: every value, never wrapped or cut,
// blocks between marks. Everything passes through internal/visible (a value as one line, a
// block with its lines), so what a quote or the service wrote is read, never acted on by the
// terminal; the mapping is one-to-one, so every character can still be told.
func Write(w io.Writer, req Request) error {
	ln := visible.Line
	var b strings.Builder
	fmt.Fprintf(&b, "== %s — %s\n", ln(req.Title), ln(string(req.Kind)))
	if req.Purpose != "" {
		fmt.Fprintln(&b, ln(req.Purpose))
	}
	for _, blk := range req.Blocked {
		fmt.Fprintln(&b, "REFUSED: "+ln(blk))
	}
	for _, warn := range req.Warnings {
		fmt.Fprintln(&b, "WARNING: "+ln(warn))
	}
	for _, s := range req.Sections {
		fmt.Fprintf(&b, "-- %s\n", ln(s.Heading))
		tw := tabwriter.NewWriter(&b, 0, 2, 2, ' ', 0)
		for _, f := range s.Fields {
			line := "  " + ln(f.Label) + "\t" + ln(f.Value)
			if f.Note != "" {
				line += "  " + ln(f.Note)
			}
			fmt.Fprintln(tw, line)
		}
		_ = tw.Flush()
		if s.Block != nil {
			text, n := visible.Escape(s.Block.Text)
			lines := strings.Split(text, "\n")
			fmt.Fprintf(&b, "  %s (exactly, %d bytes, %d line(s), each after %q):\n-----BEGIN-----\n", ln(s.Block.Label), len(s.Block.Text), len(lines), BlockGutter)
			// Every line of the block carries the gutter: a message that writes its own
			// -----END----- and sections after it stays visibly inside the block.
			for _, l := range lines {
				b.WriteString(BlockGutter + l + "\n")
			}
			b.WriteString("-----END-----\n")
			if n > 0 {
				fmt.Fprintf(&b, "  (%d invisible, control or invalid character(s) shown as control pictures, ⟨U+XXXX⟩ or ⟨0xNN⟩)\n", n)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
