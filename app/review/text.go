package review

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Write prints req as plain text for a terminal or a log: every value exactly, never wrapped
// or cut, verbatim blocks between marks so their bytes can be copied.
func Write(w io.Writer, req Request) error {
	var b strings.Builder
	fmt.Fprintf(&b, "== %s — %s\n", req.Title, req.Kind)
	if req.Purpose != "" {
		fmt.Fprintln(&b, req.Purpose)
	}
	for _, blk := range req.Blocked {
		fmt.Fprintln(&b, "REFUSED: "+blk)
	}
	for _, warn := range req.Warnings {
		fmt.Fprintln(&b, "WARNING: "+warn)
	}
	for _, s := range req.Sections {
		fmt.Fprintf(&b, "-- %s\n", s.Heading)
		tw := tabwriter.NewWriter(&b, 0, 2, 2, ' ', 0)
		for _, f := range s.Fields {
			line := "  " + f.Label + "\t" + f.Value
			if f.Note != "" {
				line += "  " + f.Note
			}
			fmt.Fprintln(tw, line)
		}
		_ = tw.Flush()
		if s.Block != nil {
			fmt.Fprintf(&b, "  %s (exactly, %d bytes):\n-----BEGIN-----\n%s\n-----END-----\n", s.Block.Label, len(s.Block.Text), s.Block.Text)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
