package kit

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
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

// Escape makes every character of s visible so a reviewer sees exactly what is signed:
// C0 controls other than "\n" become their Unicode control pictures (tab → ␉, CR → ␍,
// ESC → ␛, DEL → ␡); invalid UTF-8 bytes become ⟨0xNN⟩; C1 controls, format characters
// (zero-width, bidi overrides), line/paragraph separators, spaces other than U+0020, and
// the literal characters these forms use (control pictures, "⟨", U+FFFD) become ⟨U+XXXX⟩.
// The mapping is one-to-one, so two different texts never look the same. It returns the
// visible text and how many characters were escaped.
func Escape(s string) (string, int) {
	if isASCIIOrNewline(s) {
		return s, 0
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, "⟨0x%02X⟩", s[i])
			n++
		case r == '\n':
			b.WriteByte('\n')
		case r < 0x20:
			b.WriteRune(0x2400 + r)
			n++
		case r == 0x7f:
			b.WriteRune(0x2421)
			n++
		case needsCodepoint(r):
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			n++
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String(), n
}

func isASCIIOrNewline(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}

func needsCodepoint(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x2400 && r <= 0x2426: // control pictures used by Escape
		return true
	case r == '⟨' || r == utf8.RuneError:
		return true
	case r == ' ':
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Zs, unicode.Co, unicode.Cs) || !unicode.IsPrint(r) && !unicode.IsGraphic(r)
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
