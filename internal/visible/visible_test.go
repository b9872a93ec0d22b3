package visible

import "testing"

func TestEscapeMakesInvisibleCharactersVisible(t *testing.T) {
	cases := []struct {
		in, want string
		n        int
	}{
		{"plain text\nsecond line", "plain text\nsecond line", 0},
		{"a\tb", "a␉b", 1},
		{"line\r\nnext", "line␍\nnext", 1},
		{"\x1b[31mred", "␛[31mred", 1},
		{"del\x7f", "del␡", 1},
		{"zero\u200bwidth", "zero⟨U+200B⟩width", 1},
		{"bidi\u202eevil", "bidi⟨U+202E⟩evil", 1},
		{"nbsp\u00a0here", "nbsp⟨U+00A0⟩here", 1},
		{"bad\xffbyte", "bad⟨0xFF⟩byte", 1},
		{"literal ␉ picture", "literal ⟨U+2409⟩ picture", 1},
		{"literal ⟨U+0009⟩", "literal ⟨U+27E8⟩U+0009⟩", 1},
		{"replacement \ufffd", "replacement ⟨U+FFFD⟩", 1},
		{"ünïcödé 日本", "ünïcödé 日本", 0},
	}
	for _, c := range cases {
		got, n := Escape(c.in)
		if got != c.want || n != c.n {
			t.Errorf("Escape(%q) = %q, %d; want %q, %d", c.in, got, n, c.want, c.n)
		}
	}
}

func TestEscapeIsOneToOne(t *testing.T) {
	// pairs that look alike on a terminal must not look alike in a review
	pairs := [][2]string{
		{"a\tb", "a␉b"},
		{"a\u00a0b", "a b"},
		{"a\u200bb", "ab"},
		{"x\xffy", "x\ufffdy"},
		{"a\r\nb", "a\nb"},
		{"tab\t", "tab⟨U+0009⟩"},
	}
	for _, p := range pairs {
		a, _ := Escape(p[0])
		b, _ := Escape(p[1])
		if a == b {
			t.Errorf("Escape(%q) == Escape(%q) == %q", p[0], p[1], a)
		}
	}
}

func TestLineKeepsTextOnOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":          "plain",
		"two\nlines":     "two␊lines",
		"\x1b[2Jcleared": "␛[2Jcleared",
		"␊ literal":      "⟨U+240A⟩ literal",
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
}
