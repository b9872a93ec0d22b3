package visible

import (
	"encoding/json"
	"strings"
	"testing"
)

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

func TestLineShowsANewlineAsItsControlPicture(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain", "plain"},
		{"title\nID  TIME  forged row", "title␊ID  TIME  forged row"},
		{"a\r\nb", "a␍␊b"},
		{"\x1b]0;owned\x07\x1b[2J", "␛]0;owned␇␛[2J"},
		{"\x1b]52;c;ZXZpbA==\x07", "␛]52;c;ZXZpbA==␇"},
		{"\u009b31m", "⟨U+009B⟩31m"},
		{"\u202eevil", "⟨U+202E⟩evil"},
		{"literal ␊", "literal ⟨U+240A⟩"},
	}
	for _, c := range cases {
		if got := Line(c.in); got != c.want {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// One-to-one: a real newline and its literal picture differ.
	if Line("a\nb") == Line("a␊b") {
		t.Error(`Line("a\nb") == Line("a␊b")`)
	}
}

func TestJSONEscapesWhatActsOnATerminalAndKeepsTheValue(t *testing.T) {
	in := "t\x7f\u009b\u202e\u200b\u00a0\U000F0000 ⟨␛⟩ 日本 \ufffd"
	b, err := json.Marshal(map[string]string{"title": in})
	if err != nil {
		t.Fatal(err)
	}
	out := JSON(b)
	for _, bad := range []string{"\x7f", "\u009b", "\u202e", "\u200b", "\u00a0", "\U000F0000"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("JSON output %q still holds %q", out, bad)
		}
	}
	if !strings.Contains(string(out), `\u202e`) || !strings.Contains(string(out), `\udb80\udc00`) || !strings.Contains(string(out), "⟨␛⟩ 日本") {
		t.Errorf("JSON output %q", out)
	}
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil || back["title"] != in {
		t.Fatalf("decoded %q (%v), want %q", back["title"], err, in)
	}
	if plain := []byte(`{"a":"b"}`); string(JSON(plain)) != string(plain) {
		t.Error("plain JSON changed")
	}
}

func TestWriterEscapesAStreamAcrossWrites(t *testing.T) {
	var buf strings.Builder
	whole := "GET /x\x1b[2J 日本\n"
	b := []byte(whole)
	// every split point, including inside the three-byte runes
	for i := range b {
		buf.Reset()
		w := NewWriter(&buf)
		if _, err := w.Write(b[:i]); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b[i:]); err != nil {
			t.Fatal(err)
		}
		if want := "GET /x␛[2J 日本\n"; buf.String() != want {
			t.Fatalf("split at %d: %q, want %q", i, buf.String(), want)
		}
	}
}
