package home

import (
	"context"
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"purse/tui/kit"
)

func newScreen(s kit.Session) *Screen {
	env := kit.NewEnv(context.Background(), s, "", nil, lipgloss.NewRenderer(io.Discard))
	h := New(env)
	h.SetSize(80, 20)
	return h
}

func TestCopyAccountID(t *testing.T) {
	h := newScreen(kit.Session{AccountID: "42"})
	_, cmd := h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	if msg, ok := cmd().(kit.CopyMsg); !ok || msg.Value != "42" {
		t.Fatalf("c must copy the account id, got %#v", msg)
	}
	h = newScreen(kit.Session{})
	_, cmd = h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	if msg, ok := cmd().(kit.StatusMsg); !ok || !strings.Contains(msg.Text, "Account screen") {
		t.Fatalf("without an account id the status must say where to get one, got %#v", msg)
	}
}

func TestViewShowsMissingFactsAsText(t *testing.T) {
	v := newScreen(kit.Session{Profile: "sandbox"}).View()
	for _, want := range []string{"sandbox", "EVM key     (none: add one", "account     (not looked up yet)"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in\n%s", want, v)
		}
	}
	for _, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > 80 {
			t.Errorf("line wider than 80: %q", l)
		}
	}
}
