package scroll

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

func lines(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("line %02d", i+1)
	}
	return out
}

// TestScrollWindow: lines that fit show whole; more show a page and what is below; G stays at
// the end when the window shrinks under it; another key moves from there; Top goes back.
func TestScrollWindow(t *testing.T) {
	env := kit.NewEnv(context.Background(), kit.Session{}, "", nil)
	m := New(env)
	m.SetSize(40, 10)
	if v := m.View(lines(5)); strings.Count(v, "\n") != 4 || strings.Contains(v, "more") {
		t.Fatalf("five lines fit:\n%s", v)
	}
	v := m.View(lines(30))
	if !strings.HasPrefix(v, "line 01") || !strings.Contains(v, "line 09") || !strings.Contains(v, "21 more lines") {
		t.Fatalf("the first page:\n%s", v)
	}
	m.Update(tea.KeyPressMsg{Code: 'G', Text: "G"})
	if v := m.View(lines(30)); !strings.Contains(v, "line 30") || !strings.Contains(v, "↑ end") {
		t.Fatalf("G:\n%s", v)
	}
	m.SetSize(40, 6) // the footer grew: the body shrank
	if v := m.View(lines(32)); !strings.Contains(v, "line 32") || !strings.Contains(v, "↑ end") {
		t.Fatalf("G stays at the end:\n%s", v)
	}
	m.Update(tea.KeyPressMsg{Code: 'k', Text: "k"})
	if v := m.View(lines(32)); strings.Contains(v, "line 32") || !strings.Contains(v, "1 more lines") {
		t.Fatalf("k after G:\n%s", v)
	}
	m.Top()
	if v := m.View(lines(32)); !strings.HasPrefix(v, "line 01") {
		t.Fatalf("Top:\n%s", v)
	}
}
