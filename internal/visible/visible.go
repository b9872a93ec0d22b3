// Package visible shows text that is about to be signed or that came from a server with
// every character visible, for every front end: the TUI's review and the CLI's output use the
// same mapping, so a terminal control code never acts on the user's terminal.
package visible

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// Line is Escape for text shown on one line (a server's message inside an error, a value in
// a table): a newline becomes ␊ too, so the text cannot forge the lines after it. Escape
// already writes a literal ␊ as ⟨U+240A⟩, so the mapping stays one-to-one.
func Line(s string) string {
	e, _ := Escape(s)
	return strings.ReplaceAll(e, "\n", "␊")
}
