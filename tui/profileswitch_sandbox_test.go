package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/profiles"
	"purse/app/sandbox"
	"purse/keystore"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// live drives the whole TUI (DefaultScreens over a real App) as the program would: each
// command runs in its own goroutine and its message comes back to the model, passphrase
// prompts are answered as the user would.
type live struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	pass string
}

func (l *live) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { l.msgs <- cmd() }()
}

func (l *live) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			l.run(c)
		}
	default:
		// tea.Sequence's commands run in turn.
		if cmds, ok := tuitest.SequenceCmds(msg); ok {
			l.run(func() tea.Msg {
				for _, c := range cmds {
					if c != nil {
						l.msgs <- c()
					}
				}
				return nil
			})
			return
		}
		_, cmd := l.m.Update(msg)
		l.run(cmd)
	}
}

func (l *live) press(keys ...tea.KeyPressMsg) {
	for _, k := range keys {
		l.deliver(k)
	}
}

// settle delivers messages until nothing runs and nothing came for a moment; a passphrase
// prompt on top is answered.
func (l *live) settle() {
	l.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if l.unlock() {
			continue
		}
		select {
		case msg := <-l.msgs:
			l.deliver(msg)
		case <-time.After(400 * time.Millisecond):
			if !l.m.env.Tasks.Busy() {
				return
			}
		}
	}
	l.t.Fatalf("the UI did not settle:\n%s", frameOf(l.m))
}

// unlock answers a passphrase prompt on top, and says whether there was one.
func (l *live) unlock() bool {
	n := len(l.m.dialogs)
	if n == 0 {
		return false
	}
	if p, ok := l.m.dialogs[n-1].(*dialog.Passphrase); !ok || !strings.HasPrefix(p.Title(), "Unlock key") {
		return false
	}
	for _, r := range l.pass {
		l.press(runes(string(r)))
	}
	l.press(keyOf(tea.KeyEnter))
	return true
}

// visit shows screen id, lets it load, and returns its frame.
func (l *live) visit(id kit.ScreenID) string {
	l.t.Helper()
	l.deliver(kit.NavigateMsg{To: []kit.ScreenID{id}})
	l.settle()
	if got := l.m.ActiveScreen().ID(); got != id {
		l.t.Fatalf("on %s, not %s", got, id)
	}
	// A screen's own read asks for no passphrase; with the key locked it says so, and the
	// user presses r, whose read asks (settle answers the dialog).
	if strings.Contains(strings.Join(strings.Fields(frameOf(l.m)), " "), "the key is locked") {
		l.press(runes("r"))
		l.settle()
	}
	return frameOf(l.m)
}

// liveWithCard takes profile of home to Live with a card, as `purse sandbox ctl onboard` and
// `purse card issue` make it, and returns the session that did it.
func liveWithCard(t *testing.T, ctx context.Context, home, profile string, u *app.Unlock) (*app.App, sandbox.Onboarded) {
	t.Helper()
	cli, err := app.Open(app.Options{Home: home, Profile: profile, Approver: approveAll{}})
	if err != nil {
		t.Fatal(err)
	}
	on, err := sandbox.New(cli).Onboard(ctx, u, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := appaccount.NewCard(cli).Run(ctx, u, appaccount.CardIssue, ""); err != nil {
		t.Fatal(err)
	}
	return cli, on
}

type approveAll struct{}

func (approveAll) Approve(context.Context, app.Approval) error { return nil }

// TestProfileSwitchLeavesNothingOfTheOtherProfile: every screen visited under profile pa
// (Live, a card, a history, a permit form, the Solana key), then a switch to pb on the
// Settings screen: no screen but the key list, the profiles and the session's request log
// shows anything of pa (its account id, its keys' labels and addresses), and a permit's
// signing review, built by the application layer from the active profile, names pb's key as
// the owner. Then `purse sandbox ctl onboard` run for pb by another purse process while the
// TUI runs: the footer and the Account screen follow.
func TestProfileSwitchLeavesNothingOfTheOtherProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("drives every screen against the sandbox")
	}
	t.Setenv(app.EnvNoAgent, "1")
	ctx := context.Background()
	sb := tuitest.StartSandbox(t)
	home := t.TempDir()
	ks := tuitest.Keystore(t, home, "pw")
	keys := map[string]keystore.Entry{}
	for label, kind := range map[string]keystore.Kind{"alice": keystore.KindEVM, "alice-sol": keystore.KindSolana, "bob": keystore.KindEVM, "bob-sol": keystore.KindSolana} {
		e, err := ks.New(label, kind)
		if err != nil {
			t.Fatal(err)
		}
		keys[label] = e
	}
	for _, p := range []struct{ name, evm, sol string }{{"pb", "bob", "bob-sol"}, {"pa", "alice", "alice-sol"}} {
		prof := sb.Info().Profile(p.name)
		prof.EVMKey, prof.SolanaKey = p.evm, p.sol
		tuitest.WriteProfile(t, home, prof)
	}
	u := &app.Unlock{Passphrase: []byte("pw")}
	_, onA := liveWithCard(t, ctx, home, "pa", u)

	q := app.NewApprovalQueue()
	sv, err := app.Open(app.Options{Home: home, Approver: q})
	if err != nil {
		t.Fatal(err)
	}
	sv.KeepUnlocked(app.DefaultUnlockIdle)
	defer sv.KeepUnlocked(0)
	env := tuitest.Env(t, kit.Session{Profile: "pa", EVMKey: "alice", SolanaKey: "alice-sol", AccountID: onA.TokenID, Network: sb.Info().Network}, home)
	m := NewModel(env, DefaultScreens(env, sv)...)
	m.SetApprovals(q)
	m.FollowProfile(profiles.New(sv).Follow)
	l := &live{t: t, m: m, msgs: make(chan tea.Msg, 64), pass: "pw"}
	l.run(m.Init())
	l.deliver(tea.WindowSizeMsg{Width: 120, Height: 40})

	// Under pa, every screen shows pa's.
	aMarks := []string{onA.TokenID, keys["alice"].Address, keys["alice-sol"].Address}
	seen := map[kit.ScreenID]string{}
	for _, id := range []kit.ScreenID{kit.ScreenHome, kit.ScreenAccount, kit.ScreenBalances, kit.ScreenTransactions, kit.ScreenCard,
		kit.ScreenPermit, kit.ScreenDeposit, kit.ScreenKeys, kit.ScreenRequests, kit.ScreenSettings} {
		seen[id] = l.visit(id)
	}
	for id, want := range map[kit.ScreenID]string{kit.ScreenAccount: "Account " + onA.TokenID, kit.ScreenBalances: keys["alice"].Address,
		kit.ScreenCard: "b block", kit.ScreenPermit: keys["alice"].Address, kit.ScreenDeposit: "Solana key alice-sol"} {
		if !strings.Contains(seen[id], want) {
			t.Fatalf("under pa, %s lacks %q:\n%s", id, want, seen[id])
		}
	}
	// A permit form half filled, a failed read's error in the footer.
	l.visit(kit.ScreenPermit)
	l.press(keyOf(tea.KeyEnter), keyOf(tea.KeyTab))
	for _, r := range "25" {
		l.press(runes(string(r)))
	}
	l.press(keyOf(tea.KeyEscape))
	l.deliver(kit.ErrorMsg{What: "Reading the card", Err: &app.Advice{Err: fmt.Errorf("account %s: no card", onA.TokenID), Next: "issue one for " + onA.TokenID}})

	// Switch to pb on the Settings screen.
	l.visit(kit.ScreenSettings)
	l.press(runes("j"))
	if v := frameOf(m); !strings.Contains(v, "> pb") {
		t.Fatalf("pb is not selected:\n%s", v)
	}
	l.press(keyOf(tea.KeyEnter))
	l.settle()
	if sv.Profile().Name != "pb" || env.Session.Profile != "pb" || env.Session.AccountID != "" || env.Session.EVMKey != "bob" {
		t.Fatalf("after the switch: app on %s, session %+v", sv.Profile().Name, env.Session)
	}
	for _, id := range []kit.ScreenID{kit.ScreenHome, kit.ScreenAccount, kit.ScreenBalances, kit.ScreenTransactions, kit.ScreenCard,
		kit.ScreenPermit, kit.ScreenDeposit, kit.ScreenKeys, kit.ScreenSettings, kit.ScreenRequests} {
		v := l.visit(id)
		switch id {
		case kit.ScreenKeys:
			// The machine's keys are listed whatever the profile; only pb's are in use.
			for _, line := range strings.Split(v, "\n") {
				inUse := strings.Contains(line, "[x]")
				if strings.Contains(line, keys["alice"].Address) && inUse || strings.Contains(line, keys["bob"].Address) && !inUse {
					t.Errorf("keys under pb: %q\n%s", line, v)
				}
			}
			continue
		case kit.ScreenSettings, kit.ScreenRequests:
			continue // the profiles, and the session's log of the calls it made
		}
		for _, mark := range append(aMarks, "alice") {
			if strings.Contains(v, mark) {
				t.Errorf("%s still shows %q of profile pa:\n%s", id, mark, v)
			}
		}
		if id == kit.ScreenCard && strings.Contains(v, "block") {
			t.Errorf("Card offers to block pa's card:\n%s", v)
		}
	}
	if v := l.visit(kit.ScreenDeposit); !strings.Contains(v, "profile pb · Solana key bob-sol") {
		t.Fatalf("deposit under pb:\n%s", v)
	}

	// A permit under pb: the review the signing gate builds names pb's key as the owner. bob
	// is not unlocked yet (the history of pb, which has no account, was not read: no read
	// asked for it), so the permit asks first.
	l.visit(kit.ScreenPermit)
	l.press(keyOf(tea.KeyEnter), keyOf(tea.KeyTab))
	for _, r := range "25" {
		l.press(runes(string(r)))
	}
	l.press(keyOf('s', tea.ModCtrl))
	l.run(m.approvals.wait())
	var rv string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && m.approvals.open == nil; {
		if l.unlock() {
			continue
		}
		select {
		case msg := <-l.msgs:
			l.deliver(msg)
		case <-time.After(100 * time.Millisecond):
		}
	}
	if m.approvals.open == nil {
		t.Fatalf("no signing review:\n%s", frameOf(m))
	}
	rv = frameOf(m)
	if !strings.Contains(rv, keys["bob"].Address) || strings.Contains(rv, keys["alice"].Address) {
		t.Fatalf("the permit's review must name pb's key as the owner:\n%s", rv)
	}
	l.press(runes("n"))
	l.settle()

	// Another purse process onboards pb while the TUI runs: the footer and Account follow.
	cliB, err := app.Open(app.Options{Home: home, Profile: "pb", Approver: approveAll{}})
	if err != nil {
		t.Fatal(err)
	}
	onB, err := sandbox.New(cliB).Onboard(ctx, u, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	v := l.visit(kit.ScreenAccount)
	if env.Session.AccountID != onB.TokenID || !strings.Contains(v, "Account "+onB.TokenID) || !strings.Contains(v, "account "+onB.TokenID) {
		t.Fatalf("after the onboarding in another process, account %s:\n%s", onB.TokenID, v)
	}
}
