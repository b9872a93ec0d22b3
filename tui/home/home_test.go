package home

import (
	"context"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
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
}

// TestCopyIsOffWithoutAnAccount: without an account id, c is off, its reason in the full
// help (not in the short one), and pressing it only says why: nothing is copied.
func TestCopyIsOffWithoutAnAccount(t *testing.T) {
	h := newScreen(kit.Session{})
	const why = "no account id yet (the Account screen looks it up)"
	if got := tuitest.HelpOf(h.FullHelp(), "c"); got != "c copy account id (off: "+why+")" {
		t.Errorf("full help of c: %q", got)
	}
	if got := tuitest.HelpOf([][]key.Binding{h.ShortHelp()}, "c"); got != "" {
		t.Errorf("the short help offers c while it is off: %q", got)
	}
	_, cmd := h.Update(tea.KeyPressMsg{Code: 'c', Text: string('c')})
	msgs := tuitest.Flatten(cmd)
	if len(msgs) != 1 {
		t.Fatalf("c must only say why it is off, got %#v", msgs)
	}
	if msg, ok := msgs[0].(kit.StatusMsg); !ok || msg.Text != "c copy account id: not now, "+why+"." {
		t.Fatalf("c off: %#v", msgs[0])
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

// Home reads the account when shown, without asking for anything: its status, the next step
// and where, the key's fiat balances; a failed read says so in its place; r reads again and
// another process's change (AccountChanged) too. Text from the service is shown escaped.
func TestHomeShowsTheAccountAsItIs(t *testing.T) {
	env := kit.NewEnv(context.Background(), kit.Session{Profile: "sandbox", AccountID: "42"}, "", nil)
	reads := 0
	sum := Summary{Status: "Live (5)", Next: "none: the account is Live", Card: "ACTIVE", Balances: []string{"12.50 EUR24", "3.00 CHF24\x1b[2J"}}
	h := New(env, Services{Summary: func(context.Context) (Summary, error) { reads++; return sum, nil }})
	h.SetSize(80, 20)
	run := func(cmd tea.Cmd) {
		t.Helper()
		if cmd == nil {
			t.Fatal("no read started")
		}
		for _, m := range tuitest.Flatten(cmd) {
			h.Update(m)
		}
	}
	run(h.Init())
	v := tuitest.Plain(h.View())
	for _, want := range []string{"status      Live (5)", "next        none: the account is Live", "card        ACTIVE", "balances    12.50 EUR24 · 3.00 CHF24␛[2J"} {
		if !strings.Contains(v, want) {
			t.Fatalf("home lacks %q:\n%s", want, v)
		}
	}
	sum = Summary{Status: "not read: the service did not answer"}
	run(h.AccountChanged())
	_, cmd := h.Update(tea.KeyPressMsg{Code: 'r', Text: "r"})
	run(cmd)
	if reads != 3 || !strings.Contains(tuitest.Plain(h.View()), "status      not read: the service did not answer") {
		t.Fatalf("%d reads:\n%s", reads, tuitest.Plain(h.View()))
	}
}
