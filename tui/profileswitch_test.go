package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/config"
	"purse/tui/dialog"
	"purse/tui/kit"
)

// boundScreen is a fake screen that belongs to the profile: it counts its resets.
type boundScreen struct {
	*fakeScreen
	resets int
}

func (b *boundScreen) Reset() { b.resets++; b.body = b.title + " body" }

func (b *boundScreen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	_, cmd := b.fakeScreen.Update(msg)
	return b, cmd
}

// TestProfileSwitchDropsEverythingOfTheOtherProfile: a switch (the Settings screen's, a
// SessionMsg naming another account, or the profile changed outside the window) cancels every
// task, closes every dialog a task asked, drops the footer's errors, resets each screen of
// the profile and initialises it again when it is active; a session that names the same
// account changes nothing.
func TestProfileSwitchDropsEverythingOfTheOtherProfile(t *testing.T) {
	for _, how := range []string{"switch", "session", "follow"} {
		t.Run(how, func(t *testing.T) {
			card, txs := &boundScreen{fakeScreen: newFake("Card")}, &boundScreen{fakeScreen: newFake("Txs")}
			settings := newFake("Settings")
			env := newTestEnv(t)
			m := NewModel(env, card, txs, settings)
			var changed config.Profile
			m.FollowProfile(func() (config.Profile, bool, error) { return changed, changed.Name != "", nil })
			m.Init() // its commands (the follow's tick, a first look) are not run here
			send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
			card.body = "card of account 42: block it with b"

			// A task of the old profile in flight, its passphrase prompt open, an error shown.
			id, reply := kit.Start(env.Tasks, "card", "Blocking the card", func(context.Context) (string, error) { return "blocked 42", nil })
			m.owner[id] = 0
			send(m, kit.PushDialogMsg{Dialog: dialog.NewPassphrase(env, "card/unlock", "Unlock key alice", "")})
			send(m, kit.ErrorMsg{What: "Reading the card", Err: errors.New("account 42: no card")})
			if len(m.Dialogs()) != 1 || !strings.Contains(m.noteOf(0).errText, "account 42: no card") {
				t.Fatalf("before the switch:\n%s", frameOf(m))
			}
			other := kit.Session{Profile: "other", EVMKey: "bob", AccountID: "77", Network: "5003"}
			switch how {
			case "switch":
				send(m, kit.ProfileSwitchedMsg{Profile: "other", Session: other})
			case "session":
				send(m, kit.SessionMsg{Session: other})
			case "follow":
				changed = config.Profile{Name: "other", EVMKey: "bob", TokenID: "77", Network: "5003"}
				send(m, followedMsg{p: changed, changed: true})
			}
			if card.resets != 1 || txs.resets != 1 {
				t.Fatalf("resets: card %d, txs %d", card.resets, txs.resets)
			}
			if env.Tasks.Busy() || env.Tasks.IsLatest("card", id) {
				t.Fatal("the other profile's task must be cancelled and never current again")
			}
			if msg := reply(); len(send(m, msg)) != 0 || card.received(msg) {
				t.Fatal("the other profile's reply must be dropped")
			}
			if len(m.Dialogs()) != 0 {
				t.Fatalf("the other profile's prompt must close: %d dialogs", len(m.Dialogs()))
			}
			if m.noteOf(0).errText != "" {
				t.Fatal("the other profile's error must go")
			}
			v := frameOf(m)
			if strings.Contains(v, "42") || strings.Contains(v, "alice") || !strings.Contains(v, "account 77") || !strings.Contains(v, "profile other") {
				t.Fatalf("after the switch the frame shows the other profile:\n%s", v)
			}
			if card.inits != 2 || txs.inits != 0 {
				t.Fatalf("inits: the active screen again at once (%d), the other when shown (%d)", card.inits, txs.inits)
			}
			send(m, keyOf(tea.KeyTab))
			if txs.inits != 1 {
				t.Fatalf("txs inits %d after it is shown", txs.inits)
			}

			// The same account again: nothing resets.
			send(m, kit.SessionMsg{Session: other})
			send(m, followedMsg{p: changed})
			if card.resets != 1 || txs.resets != 1 {
				t.Fatalf("an unchanged session reset the screens: %d %d", card.resets, txs.resets)
			}
		})
	}
}

// TestFollowSaysAFileErrorOnce: a profiles file that cannot be read is said in the footer
// once, not at every look.
func TestFollowSaysAFileErrorOnce(t *testing.T) {
	m := newRouter(t, newFake("A"))
	bad := followedMsg{err: errors.New("profiles.toml: line 3: bad")}
	send(m, bad)
	if !strings.Contains(frameOf(m), "profiles file cannot be read") {
		t.Fatalf("footer:\n%s", frameOf(m))
	}
	send(m, kit.StatusMsg{Text: "something else"})
	send(m, bad)
	if strings.Contains(frameOf(m), "profiles file cannot be read") {
		t.Fatal("the same error is said once")
	}
}
