package requests

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	apphistory "purse/app/history"
	"purse/enduser"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

const testPass = "correct horse"

// sandboxServices returns the TUI's services for a profile pointing at the in-process
// sandbox, with a file-backend EVM key (light scrypt) and a minted account.
func sandboxServices(t *testing.T) (*app.App, *app.Unlock) {
	t.Helper()
	sv, _ := tuitest.TouristServices(t, context.Background(), "alice", testPass)
	return sv, &app.Unlock{Passphrase: []byte(testPass)}
}

// TestRequestsOfRealCalls: calls made through the services' client appear on the screen
// (those before Init from the snapshot, later ones through the subscription), the detail
// shows the sign header shortened as the log keeps it, and the curl copy carries it whole.
func TestRequestsOfRealCalls(t *testing.T) {
	sv, unlock := sandboxServices(t)
	ctx := context.Background()
	// Three calls of the use cases (the account status tells the session the server's time,
	// so the signed read needs no timestamp call of its own).
	if _, err := appaccount.New(sv).EmailStatus(ctx, "first@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := appaccount.New(sv).Status(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := apphistory.New(sv).Read(ctx, unlock, enduser.TxFilter{PageSize: 5, Direction: enduser.DirectionIn}, false); err != nil {
		t.Fatal(err)
	}
	before := sv.Log.Len()

	env := tuitest.EnvContext(ctx, kit.Session{Profile: "sandbox"}, sv.Home())
	s := newScreen(env, sv)
	s.SetSize(100, 30)
	t.Cleanup(s.Close)
	_, wait := s.Update(s.Init()())
	if len(s.entries) != before || before < 3 {
		t.Fatalf("screen has %d calls, the log %d", len(s.entries), before)
	}
	if s.entries[0].Route != enduser.RouteTransactions {
		t.Fatalf("newest first: %s", s.entries[0].Route)
	}

	// A call made while the screen waits arrives through the subscription.
	got := make(chan tea.Msg, 1)
	go func() { got <- wait() }()
	if _, err := appaccount.New(sv).EmailStatus(ctx, "someone@example.com"); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		s.Update(m)
	case <-time.After(10 * time.Second):
		t.Fatal("the new call did not reach the screen")
	}
	if len(s.entries) != before+1 || s.entries[0].Route != "email-status" {
		t.Fatalf("after a new call: %d entries, newest %s", len(s.entries), s.entries[0].Route)
	}
	v := tuitest.Plain(s.View())
	for _, want := range []string{"/api/v2/transactions", "POST", "200"} {
		if !strings.Contains(v, want) {
			t.Errorf("list lacks %q:\n%s", want, v)
		}
	}

	// The signed transactions call: status, retCode, headers, bodies, curl.
	s.Update(keyOf(tea.KeyDown))
	s.Update(keyOf(tea.KeyEnter))
	e := s.sel
	if e.Route != enduser.RouteTransactions || e.Status != 200 || e.RetCode == nil || *e.RetCode != 0 {
		t.Fatalf("selected %s %d %v", e.Route, e.Status, e.RetCode)
	}
	c := tuitest.Plain(s.content())
	// Long lines wrap at the width with a continuation mark; a word may be cut anywhere.
	joined := strings.ReplaceAll(c, "\n"+s.env.Styles.Marks.Wrap+" ", "")
	short := regexp.MustCompile(`sign: 0x[0-9a-f]{4}…[0-9a-f]{4}`)
	if !short.MatchString(c) || !strings.Contains(joined, `"direction":"IN"`) || !strings.Contains(joined, "hasNextPage") || !strings.Contains(c, "retCode 0") {
		t.Fatalf("detail:\n%s", c)
	}
	_, cmd := s.Update(runes("c"))
	m := cmd().(kit.CopyMsg)
	full := regexp.MustCompile(`-H 'sign: 0x[0-9a-f]{130}'`)
	if !strings.HasPrefix(m.Value, "curl -sS -X 'POST' '"+sv.Profile().UserAPI+"/api/v2/transactions'") || !full.MatchString(m.Value) {
		t.Fatalf("curl: %s", m.Value)
	}
	if !strings.Contains(joined, "--data-binary '"+e.RequestBody+"'") {
		t.Fatalf("the detail must show the curl command with its body:\n%s", c)
	}
}
