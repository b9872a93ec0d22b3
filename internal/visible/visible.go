// Package visible shows text that is about to be signed or that came from a server, a quote,
// a key file or a profile with every character visible, for every front end: the TUI, the
// CLI's output and its errors use the same mapping, so a terminal control code never acts on
// the user's terminal. Escape is for text that may span lines, Line for a one-line field
// (a table cell, a value after a label, an error message); JSON makes the same characters
// \u escapes in JSON output, which keeps every value exact.
package visible

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Escape makes every character of s visible so a reviewer sees exactly what is signed:
// C0 controls other than "\n" become their Unicode control pictures (tab → ␉, CR → ␍,
// ESC → ␛, DEL → ␡); invalid UTF-8 bytes become ⟨0xNN⟩; C1 controls, format characters
// (zero-width, bidi overrides), line/paragraph separators, spaces other than U+0020, and
// the literal characters these forms use (control pictures, "⟨", U+FFFD) become ⟨U+XXXX⟩.
// The mapping is one-to-one, so two different texts never look the same. It returns the
// visible text and how many characters were escaped.
func Escape(s string) (string, int) { return escape(s, false) }

// Line is Escape for a field shown on one line: a newline is escaped too, as ␊ (U+240A,
// the control picture every other C0 control gets), so a value can never start a line of
// its own and pass for another field, row or message. The mapping stays one-to-one.
func Line(s string) string {
	v, _ := escape(s, true)
	return v
}

func escape(s string, oneLine bool) (string, int) {
	if isPlain(s, oneLine) {
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
		case r == '\n' && !oneLine:
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

// isPlain reports whether s is printable ASCII (and newlines, unless oneLine): nothing to do.
func isPlain(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && (c != '\n' || oneLine)) || c >= 0x7f {
			return false
		}
	}
	return true
}

func needsCodepoint(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case isMarker(r):
		return true
	case r == ' ':
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Zs, unicode.Co, unicode.Cs) || !unicode.IsPrint(r) && !unicode.IsGraphic(r)
}

// isMarker tells the characters Escape's own forms use (control pictures, "⟨", U+FFFD): they
// are escaped only so that the mapping stays one-to-one, and act on no terminal.
func isMarker(r rune) bool {
	return r >= 0x2400 && r <= 0x2426 || r == '⟨' || r == utf8.RuneError
}

// JSON rewrites JSON text (as encoding/json writes it) so that no character that acts on a
// terminal or reorders what it shows is written as itself: DEL, C1 controls, format
// characters (bidi overrides, zero-width), separators, spaces other than U+0020 and private
// use characters become \uXXXX escapes (a surrogate pair above U+FFFF). encoding/json
// already escapes C0 controls, U+2028 and U+2029. These characters can only occur inside
// JSON strings, and a \u escape decodes to the same character, so every value stays exactly
// what it was. An invalid UTF-8 byte (encoding/json never writes one) becomes \ufffd.
func JSON(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] < 0x7f {
		i++
	}
	if i == len(b) {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	out = append(out, b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = append(out, `\ufffd`...)
		case r == 0x7f || r >= 0x80 && needsCodepoint(r) && !isMarker(r):
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				out = fmt.Appendf(out, `\u%04x\u%04x`, hi, lo)
			} else {
				out = fmt.Appendf(out, `\u%04x`, r)
			}
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// NewWriter returns a writer that passes what it is given through Escape on its way to w
// (newlines kept): for streams that mix purse's own lines with text from elsewhere, such as
// the --trace and --curl logs. A UTF-8 sequence split between two writes is joined first.
func NewWriter(w io.Writer) io.Writer { return &writer{w: w} }

type writer struct {
	w    io.Writer
	tail []byte // the start of a UTF-8 sequence the last write ended with
}

func (v *writer) Write(p []byte) (int, error) {
	buf := append(v.tail, p...)
	v.tail = nil
	// Keep back an incomplete sequence at the end (at most 3 bytes) for the next write.
	for k := 1; k <= 3 && k <= len(buf); k++ {
		c := buf[len(buf)-k]
		if c < 0x80 {
			break
		}
		if c >= 0xc0 { // a leading byte: complete only if its sequence fits
			if !utf8.FullRune(buf[len(buf)-k:]) {
				v.tail = append([]byte(nil), buf[len(buf)-k:]...)
				buf = buf[:len(buf)-k]
			}
			break
		}
	}
	s, _ := Escape(string(buf))
	if _, err := io.WriteString(v.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}
