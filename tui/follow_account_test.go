package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// follower is a screen that shows the account: it counts the reads the router asks of it.
type follower struct {
	*fakeScreen
	reads int
}

func (f *follower) AccountChanged() tea.Cmd { f.reads++; return nil }

// A change another process signed (the audit watch says so) has the active screen that shows
// the account read again at once, with a status saying why; another such screen reads when it
// is next shown, once; a screen that does not show the account is left alone; no change, no
// read.
func TestAccountChangeReloadsTheScreensThatShowIt(t *testing.T) {
	card, bal := &follower{fakeScreen: newFake("Card")}, &follower{fakeScreen: newFake("Balances")}
	keys := newFake("Keys")
	env := newTestEnv(t)
	m := NewModel(env, card, bal, keys)
	_ = m.Init()
	send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	changed := false
	m.FollowAccount(func() (bool, error) { return changed, nil })
	send(m, runes("2")) // Balances shown once: initialised
	send(m, runes("1"))
	look := func() { // what the follow's tick does, without its two seconds
		t.Helper()
		if c := m.watchCmd(); c != nil {
			send(m, c())
		}
	}
	look()
	if card.reads != 0 || bal.reads != 0 {
		t.Fatalf("no change, yet %d and %d reads", card.reads, bal.reads)
	}
	changed = true
	look()
	if card.reads != 1 || bal.reads != 0 {
		t.Fatalf("after a change: card %d reads (active), balances %d (not shown)", card.reads, bal.reads)
	}
	if v := frameOf(m); !strings.Contains(v, "Another process signed a change of the account") {
		t.Fatalf("no word of why:\n%s", v)
	}
	changed = false
	send(m, runes("2"))
	send(m, runes("2"))
	send(m, runes("1"))
	send(m, runes("2"))
	if bal.reads != 1 {
		t.Fatalf("balances read %d times once shown again, want 1", bal.reads)
	}
	send(m, runes("3"))
	if keys.inits != 1 {
		t.Fatalf("keys inits %d", keys.inits)
	}
	var _ kit.AccountFollower = card
}

// q quits at once when this window started nothing; when it started what other terminals may
// use (the sandbox, the agent), q asks first and names them, esc stays, y quits; ctrl+c
// quits without asking.
func TestQuitAsksBeforeStoppingWhatThisWindowStarted(t *testing.T) {
	var m *Model
	// press delivers k and what it produces (a dialog to push, the dialog's answer) and says
	// whether the program quits.
	press := func(k tea.KeyPressMsg) bool {
		quit := false
		queue := send(m, k)
		for len(queue) > 0 {
			msg := queue[0]
			queue = queue[1:]
			if _, ok := msg.(tea.QuitMsg); ok {
				quit = true
				continue
			}
			queue = append(queue, send(m, msg)...)
		}
		return quit
	}
	m = newRouter(t, newFake("A"))
	if !press(runes("q")) {
		t.Fatal("nothing started: q quits")
	}
	m = newRouter(t, newFake("A"))
	m.env.StopsWithMe = []string{"the sandbox on http://127.0.0.1:8787", "the agent (pid 42), whose trusted display is this window"}
	if press(runes("q")) {
		t.Fatal("q quit without asking, though this window started the sandbox and the agent")
	}
	v := frameOf(m)
	for _, want := range []string{"Quit purse?", "the sandbox on http://127.0.0.1:8787", "the agent (pid 42)", "quit and stop them"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the question lacks %q:\n%s", want, v)
		}
	}
	if press(keyOf(tea.KeyEscape)) || strings.Contains(frameOf(m), "Quit purse?") {
		t.Fatal("esc did not stay")
	}
	press(runes("q"))
	if !press(runes("y")) {
		t.Fatalf("y did not quit:\n%s", frameOf(m))
	}
	m = newRouter(t, newFake("A"))
	m.env.StopsWithMe = []string{"the sandbox"}
	if !press(keyOf('c', tea.ModCtrl)) {
		t.Fatal("ctrl+c asks")
	}
}
