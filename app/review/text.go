package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"purse/internal/visible"
)

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
			fmt.Fprintf(&b, "  %s (exactly, %d bytes):\n-----BEGIN-----\n%s\n-----END-----\n", ln(s.Block.Label), len(s.Block.Text), text)
			if n > 0 {
				fmt.Fprintf(&b, "  (%d invisible, control or invalid character(s) shown as control pictures, ⟨U+XXXX⟩ or ⟨0xNN⟩)\n", n)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
