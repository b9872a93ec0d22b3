// Package apptest runs the application layer's services for other packages' tests: an agent
// of a test home inside the test process, with a trusted display (one that feeds an approval
// queue, as the agent the TUI starts would, or the test's own).
package apptest

import (
	"context"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
)

// ServeAgentWith runs home's agent in this process until the test ends (or stop), with d as
// its trusted display (nil: none).
func ServeAgentWith(t testing.TB, home string, d agent.Display) (srv *app.App, stop func()) {
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
	ready := make(chan struct{})
	o := app.AgentServeOptions{Display: d, Ready: func(string, *agent.Policy) { close(ready) }}
	done := make(chan error, 1)
	go func() { done <- srv.Agent().Serve(ctx, nil, o) }()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			cancel()
			// An agent that failed while the test ran fails the test, even when its
			// clients saw nothing wrong.
			if err := <-done; err != nil {
				t.Errorf("the agent ended with: %v", err)
			}
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

// Open opens home's session signing in this process with a as its approver, or, inAgent,
// through an agent of the home served in this process whose trusted display is a: the two
// signing paths a test runs alike. client names the session to the agent.
func Open(t testing.TB, home string, a *Approver, inAgent bool, client string) *app.App {
	t.Helper()
	var s *app.App
	var err error
	if inAgent {
		ServeAgentWith(t, home, a.Display())
		s, err = app.Open(app.Options{Home: home, Client: client})
	} else {
		t.Setenv(app.EnvNoAgent, "1")
		s, err = app.Open(app.Options{Home: home, Approver: a})
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}
