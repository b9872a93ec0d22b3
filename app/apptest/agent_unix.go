//go:build unix

// Package apptest runs the application layer's services for other packages' tests: an agent
// of a test home inside the test process, with a trusted display that feeds an approval
// queue, as the agent the TUI starts would.
package apptest

import (
	"context"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
)

// ServeAgent runs home's agent in this process until the test ends (or stop). Its trusted
// display is q (nil: none): the agent's confirmations arrive on q's Requests, over a socket
// pair as from an agent the TUI started.
func ServeAgent(t testing.TB, home string, q *app.ApprovalQueue) (srv *app.App, stop func()) {
	t.Helper()
	t.Setenv(agent.EnvSocket, "")
	// The socket in the test home, not in the user's runtime directory.
	t.Setenv(agent.EnvRuntimeDir, "")
	t.Setenv(app.EnvNoAgent, "")
	srv, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	o := app.AgentServeOptions{}
	if q != nil {
		c, agentEnd, err := agent.DisplayPair()
		if err != nil {
			t.Fatal(err)
		}
		dc := agent.NewDisplayConn(c)
		d, err := agent.NewConnDisplay(agentEnd, "the test's TUI", agent.MadeBySelf)
		if err != nil {
			t.Fatal(err)
		}
		go q.ServeDisplay(ctx, dc)
		o.Display = d
		defer func() { t.Cleanup(func() { dc.Close(); d.Close() }) }()
	}
	ready := make(chan struct{})
	o.Ready = func(string, *agent.Policy) { close(ready) }
	done := make(chan error, 1)
	go func() { done <- srv.Agent().Serve(ctx, nil, o) }()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			<-done
		}
	}
	t.Cleanup(stop)
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("agent: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the agent did not start")
	}
	return srv, stop
}
