package home

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func newScreen(s kit.Session) *Screen {
	env := kit.NewEnv(context.Background(), s, "", nil)
	h := New(env)
	h.SetSize(80, 20)
	return h
}

func TestCopyAccountID(t *testing.T) {
	h := newScreen(kit.Session{AccountID: "42"})
	_, cmd := h.Update(tea.KeyPressMsg{Code: 'c', Text: string('c')})
	if msg, ok := cmd().(kit.CopyMsg); !ok || msg.Value != "42" {
		t.Fatalf("c must copy the account id, got %#v", msg)
	}
	h = newScreen(kit.Session{})
	_, cmd = h.Update(tea.KeyPressMsg{Code: 'c', Text: string('c')})
	if msg, ok := cmd().(kit.StatusMsg); !ok || !strings.Contains(msg.Text, "Account screen") {
		t.Fatalf("without an account id the status must say where to get one, got %#v", msg)
	}
}

func TestViewShowsMissingFactsAsText(t *testing.T) {
	v := tuitest.Plain(newScreen(kit.Session{Profile: "sandbox"}).View())
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
