//go:build unix

package tui

import (
	"context"
	"strings"
	"testing"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	"purse/app/sandbox"
	"purse/internal/testhome"
	"purse/tui/account"
	"purse/tui/balances"
	"purse/tui/card"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/txs"
)

// readScreens opens each read screen of the TUI on the Live sandbox account in turn, answers
// the passphrase dialog when one opens (the key locked in the session, or in the agent),
// and returns each screen's view once loaded, and what it put in the footer.
func readScreens(t *testing.T, sbx *tuitest.Live, sv *app.App) map[string]string {
	t.Helper()
	views := map[string]string{}
	for _, sc := range []struct {
		name string
		new  func() kit.Screen
	}{
		{"Account", func() kit.Screen { return account.New(sbx.Env, account.Of(sv), sandbox.New(sv)) }},
		{"Card", func() kit.Screen { return card.New(sbx.Env, appaccount.NewCard(sv)) }},
		{"Transactions", func() kit.Screen { return txs.New(sbx.Env, txs.Of(sv)) }},
		// Balances reads logged out first when the key is locked, and logs in on l (its
		// reads are signed then); a key the agent holds gives the account's view at once.
		{"Balances", func() kit.Screen { return balances.New(sbx.Env, balances.Of(sv)) }},
	} {
		d := tuitest.NewDriver(t, sbx.Env, sc.new(), 120, 50)
		if sc.name == "Balances" && !strings.Contains(tuitest.Plain(d.Scr.View()), "logged in:") {
			d.Press(tuitest.Runes("l"))
		}
		// A screen's own first read asks nothing: with the key locked, r reads, asking.
		if strings.Contains(strings.Join(strings.Fields(tuitest.Plain(d.Scr.View())), " "), "the key is locked") {
			d.Press(tuitest.Runes("r"))
		}
		for i := 0; len(d.Dialogs) > 0; i++ {
			if i == 3 {
				t.Fatalf("%s: a dialog stays open: %s", sc.name, d.Top().Title())
			}
			d.Answer("Unlock", "pw")
		}
		if len(d.Errs) > 0 {
			t.Errorf("%s: %+v", sc.name, d.Errs)
		}
		views[sc.name] = tuitest.Plain(d.Scr.View()) + "\nstatus: " + strings.Join(d.Status, " | ")
	}
	return views
}

func auditCount(t *testing.T, home string) int {
	t.Helper()
	return len(testhome.AuditRecords(t, home))
}

// The TUI's read screens (Account, Card, Transactions, Balances) show the same thing when
// the key is in the TUI's process and when it is in a live agent of the home, whose default
// policy signs reads without a question: the key is unlocked in the agent by the TUI's own
// passphrase dialog, and every signature of the second pass is the agent's (issue 21: with an
// agent running, every read with an empty payload failed in the TUI).
func TestReadScreensInTheProcessAndThroughTheAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("onboards an account on the sandbox")
	}
	sbx := tuitest.LiveSandbox(t, "pw")
	t.Setenv(app.EnvNoAgent, "1")
	before := auditCount(t, sbx.Home)
	local := readScreens(t, sbx, tuitest.Services(t, sbx.Home))
	localSigned := auditCount(t, sbx.Home) - before

	_, stop := apptest.ServeAgent(t, sbx.Home, nil)
	defer stop()
	sv := tuitest.Services(t, sbx.Home)
	before = auditCount(t, sbx.Home)
	viaAgent := readScreens(t, sbx, sv)
	agentSigned := auditCount(t, sbx.Home) - before

	st, err := sv.Agent().Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	signed := 0
	for _, k := range st.Keys {
		signed += k.Signed
	}
	if localSigned < 4 || agentSigned != localSigned || signed != agentSigned {
		t.Fatalf("signatures: %d in the process, %d audited through the agent, %d the agent says it made", localSigned, agentSigned, signed)
	}
	for name, v := range local {
		if viaAgent[name] != v {
			t.Errorf("%s differs through the agent:\n%s\n--- in the process:\n%s", name, viaAgent[name], v)
		}
	}
}
