package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/internal/visible/visibletest"
	"purse/keystore"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// TestHostileServiceTextOnEveryScreen: the end-user API answers through a service that puts
// terminal control codes, a bidi override and a forged line in its answers (visibletest's
// modes: "text" its free-text fields, such as the chain names, the card activation message,
// the history's titles, the card holder and the token names; "all" every string that is not
// a number; "body" every call refused with that text as the body). Every screen of the TUI
// is shown on an account that is Live with a card, with the footer under it, and so are the
// approval review of a permit (its token's name is the configuration's) and an error dialog:
// no control byte, bidi control or forged line reaches a frame, and what is shown is
// escaped once (␛, never ⟨U+241B⟩, which a second escape would make of it).
func TestHostileServiceTextOnEveryScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("drives every screen against the sandbox")
	}
	t.Setenv(app.EnvNoAgent, "1")
	ctx := context.Background()
	sb := tuitest.StartSandbox(t)
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	for label, kind := range map[string]keystore.Kind{"alice": keystore.KindEVM, "alice-sol": keystore.KindSolana} {
		if _, err := ks.New(label, kind); err != nil {
			t.Fatal(err)
		}
	}
	prof := sb.Info().Profile("pa")
	prof.EVMKey, prof.SolanaKey = "alice", "alice-sol"
	tuitest.WriteProfile(t, home, prof)
	u := &app.Unlock{Passphrase: []byte("pw")}
	cli, on := liveWithCard(t, ctx, home, "pa", u)
	upstream := prof.UserAPI

	screens := []kit.ScreenID{kit.ScreenHome, kit.ScreenAccount, kit.ScreenBalances, kit.ScreenTransactions, kit.ScreenCard,
		kit.ScreenPermit, kit.ScreenDeposit, kit.ScreenKeys, kit.ScreenRequests, kit.ScreenSettings}
	// Where each mode's text must show (escaped): the test would assert nothing if the
	// hostile answers never reached a screen.
	shows := map[string][]kit.ScreenID{
		"text": {kit.ScreenBalances, kit.ScreenTransactions, kit.ScreenCard},
		"all":  {kit.ScreenBalances, kit.ScreenCard},
		"body": {kit.ScreenBalances, kit.ScreenCard, kit.ScreenPermit},
	}
	for _, mode := range []string{"text", "all", "body"} {
		t.Run(mode, func(t *testing.T) {
			if _, err := cli.UpdateProfile(func(p *config.Profile) error {
				return p.Set("user_api", visibletest.Service(t, upstream, mode))
			}); err != nil {
				t.Fatal(err)
			}
			q := app.NewApprovalQueue()
			sv, err := app.Open(app.Options{Home: home, Approver: q})
			if err != nil {
				t.Fatal(err)
			}
			sv.KeepUnlocked(app.DefaultUnlockIdle)
			defer sv.KeepUnlocked(0)
			env := tuitest.Env(t, kit.Session{Profile: "pa", EVMKey: "alice", SolanaKey: "alice-sol", AccountID: on.TokenID, Network: prof.Network}, home)
			m := NewModel(env, DefaultScreens(env, sv)...)
			m.SetApprovals(q)
			l := &live{t: t, m: m, msgs: make(chan tea.Msg, 64), pass: "pw"}
			l.run(m.Init())
			l.deliver(tea.WindowSizeMsg{Width: 120, Height: 60})

			check := func(what, frame string) bool {
				t.Helper()
				visibletest.Verify(t, mode+": "+what, frame)
				if strings.Contains(frame, "⟨U+241B⟩") {
					t.Errorf("%s: %s shows the text escaped twice:\n%s", mode, what, frame)
				}
				return strings.Contains(frame, "␛[2J")
			}
			escaped := map[kit.ScreenID]bool{}
			for _, id := range screens {
				escaped[id] = check(string(id), l.visit(id))
				// Scrolled to the end too: the screens are longer than the window.
				l.press(runes("G"))
				escaped[id] = check(string(id)+" at its end", frameOf(m)) || escaped[id]
			}
			for _, id := range shows[mode] {
				if !escaped[id] {
					t.Errorf("%s: %s never showed the service's text (escaped): the hostile answer did not reach it", mode, id)
				}
			}

			// The signing review of a permit: its token comes from the chain configuration.
			if mode != "body" {
				l.visit(kit.ScreenPermit)
				l.press(keyOf(tea.KeyEnter), keyOf(tea.KeyTab))
				for _, r := range "25" {
					l.press(runes(string(r)))
				}
				l.press(keyOf('s', tea.ModCtrl))
				l.run(m.approvals.wait())
				// Until the review opens, or nothing runs any more (a refused read ends it).
				for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && m.approvals.open == nil; {
					select {
					case msg := <-l.msgs:
						l.deliver(msg)
					case <-time.After(400 * time.Millisecond):
						if !m.env.Tasks.Busy() {
							deadline = time.Now()
						}
					}
				}
				v := frameOf(m)
				if m.approvals.open == nil {
					check("the permit screen with no review", v)
					if mode == "text" {
						t.Fatalf("no signing review:\n%s", v)
					}
				} else {
					t.Logf("%s: the review shows the hostile text: %v", mode, check("the permit's signing review", v))
					l.press(runes("n"))
				}
				l.settle()
				check("the permit screen after the review", frameOf(m))
			}

			// An error dialog of an answer's text, over a screen.
			d := dialog.NewError(env, "Reading "+visibletest.Text, &enduser.APIError{Route: "card", Code: 10009, Message: visibletest.Text},
				"next "+visibletest.Text)
			l.deliver(kit.PushDialogMsg{Dialog: d})
			if !check("an error dialog", frameOf(m)) {
				t.Errorf("the error dialog does not show the answer escaped:\n%s", frameOf(m))
			}
			l.deliver(kit.ErrorMsg{What: "reading", Err: errors.New("retMsg " + visibletest.Text), Next: "next " + visibletest.Text})
			check("the footer's error", frameOf(m))
		})
	}
}
