//go:build unix

package apptest

import (
	"context"
	"testing"

	"purse/agent"
	"purse/app"
)

// ServeAgent runs home's agent in this process until the test ends (or stop). Its trusted
// display is q (nil: none): the agent's confirmations arrive on q's Requests, over a socket
// pair as from an agent the TUI started.
func ServeAgent(t testing.TB, home string, q *app.ApprovalQueue) (srv *app.App, stop func()) {
	t.Helper()
	var d agent.Display
	if q != nil {
		c, agentEnd, err := agent.DisplayPair()
		if err != nil {
			t.Fatal(err)
		}
		dc := agent.NewDisplayConn(c)
		cd, err := agent.NewConnDisplay(agentEnd, "the test's TUI", agent.MadeBySelf)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		go q.ServeDisplay(ctx, dc)
		d = cd
		t.Cleanup(func() { cancel(); dc.Close(); cd.Close() })
	}
	return ServeAgentWith(t, home, d)
}
