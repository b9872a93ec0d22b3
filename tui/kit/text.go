package kit

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Width is the display width of a plain string (no escape sequences).
func Width(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return lipgloss.Width(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

func runeWidth(r rune) int {
	if r >= 0x20 && r < 0x7f {
		return 1
	}
	return lipgloss.Width(string(r))
}

// Truncate cuts a plain one-line string to at most w columns, ending with "…" when cut.
// Use it for table cells and footers, never for what will be signed (see Wrap).
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if isASCII(s) {
		if len(s) <= w {
			return s
		}
		return s[:w-1] + "…"
	}
	if lipgloss.Width(s) <= w {
		return s
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		rw := runeWidth(r)
		if used+rw > w-1 {
			break
		}
		b.WriteRune(r)
		used += rw
	}
	b.WriteString("…")
	return b.String()
}

// Pad pads a plain string with spaces to w columns (it does not cut).
func Pad(s string, w int) string {
	if n := w - Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// Fit truncates then pads s to exactly w columns.
func Fit(s string, w int) string { return Pad(Truncate(s, w), w) }

// Wrap splits one line (no "\n") into pieces of at most w columns without dropping,
// adding or changing any character: joining the pieces gives s back. It is used for
// everything shown in a signing review.
func Wrap(s string, w int) []string {
	if w < 1 {
		w = 1
	}
	if isASCII(s) {
		if len(s) <= w {
			return []string{s}
		}
		out := make([]string, 0, len(s)/w+1)
		for len(s) > w {
			out = append(out, s[:w])
			s = s[w:]
		}
		return append(out, s)
	}
	var out []string
	start, used := 0, 0
	for i, r := range s {
		rw := runeWidth(r)
		if used+rw > w && i > start {
			out = append(out, s[start:i])
			start, used = i, 0
		}
		used += rw
	}
	return append(out, s[start:])
}

// WrapAtSpaces is Wrap that breaks after a space where the piece has one, so words are not
// cut mid-way (a word longer than w still is); like Wrap it drops, adds and changes nothing:
// joining the pieces gives s back, spaces included. It is what a review shows a value with.
func WrapAtSpaces(s string, w int) []string {
	var out []string
	for {
		first := Wrap(s, w)[0]
		if len(first) == len(s) {
			return append(out, s)
		}
		// Break after the last space that fits, so no line starts with the space a word
		// ended at (the space stays at the end of the line before: nothing is dropped).
		if i := strings.LastIndexByte(first, ' '); i > 0 {
			first = first[:i+1]
		}
		out = append(out, first)
		s = s[len(first):]
	}
}

// WrapWords wraps prose at spaces to w columns (words longer than w are cut with Wrap).
// It collapses runs of spaces, so use it for the UI's own sentences only, never for
// anything that is signed.
func WrapWords(s string, w int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		for Width(word) > w {
			if line != "" {
				out = append(out, line)
				line = ""
			}
			parts := Wrap(word, w)
			out = append(out, parts[:len(parts)-1]...)
			word = parts[len(parts)-1]
		}
		switch {
		case line == "":
			line = word
		case Width(line)+1+Width(word) <= w:
			line += " " + word
		default:
			out = append(out, line)
			line = word
		}
	}
	if line != "" || len(out) == 0 {
		out = append(out, line)
	}
	return out
}

// HangWords wraps prose like WrapWords to w columns behind prefix, with the following lines
// indented under the text ("label  text…" / "       …").
func HangWords(prefix, text string, w int) []string {
	pad := strings.Repeat(" ", Width(prefix))
	lines := WrapWords(text, max(w-Width(prefix), 10))
	for i, l := range lines {
		if i == 0 {
			lines[i] = prefix + l
		} else {
			lines[i] = pad + l
		}
	}
	return lines
}
