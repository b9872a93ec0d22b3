package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"purse/app"
)

// interruptible is ctx cancelled on SIGINT or SIGTERM: every wait of the command ends (its
// reads and polls take the context), and a fund-moving request already sent reports its
// outcome (the application layer settles it as unknown, with what identifies it). After the
// first signal the default disposition is back, so a second Ctrl-C ends purse at once
// (a prompt reading the terminal does not take the context). caught names the signal that
// came, nil when none did.
func interruptible(parent context.Context) (ctx context.Context, caught func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var mu sync.Mutex
	var got os.Signal
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			mu.Lock()
			got = s
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	caught = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel()
		})
	}
	return ctx, caught, stop
}

// interruptedError is a command a signal ended before it finished, when no outcome of a
// fund-moving request is to be reported (that is an app.OutcomeError, exit 4). sent lists
// the calls the session made that may change something (app.App's request log): none, and
// nothing was sent.
type interruptedError struct {
	sig  os.Signal
	sent []string
	err  error
}

func (e *interruptedError) Error() string {
	if len(e.sent) == 0 {
		return fmt.Sprintf("interrupted (%s): nothing was sent", signalName(e.sig))
	}
	return fmt.Sprintf("interrupted (%s) after it sent %s: what that did is not known (%v)", signalName(e.sig), strings.Join(e.sent, ", "), e.err)
}

func (e *interruptedError) Unwrap() error { return e.err }

func (e *interruptedError) NextStep() string {
	if len(e.sent) == 0 {
		return "Nothing changed: run the command again when you want it."
	}
	return "Look before running it again (purse --trace shows each call; the Requests screen the session's): the service may have acted on that call."
}

func signalName(s os.Signal) string {
	if s == os.Interrupt {
		return "SIGINT"
	}
	if s == syscall.SIGTERM {
		return "SIGTERM"
	}
	return s.String()
}

// interrupted is err for a command sig ended: an outcome the application layer settled
// stays as it is; anything else says it was interrupted and whether anything was sent.
func (a *cli) interrupted(sig os.Signal, err error) error {
	var oe *app.OutcomeError
	if sig == nil || errors.As(err, &oe) {
		return err
	}
	return &interruptedError{sig: sig, sent: a.sentCalls(), err: err}
}

// sentCalls are the calls of the session's log that may have changed something: every call
// but a GET (the end-user API's reads) and the Solana RPC's reads; a quote asked of the
// partner API counts, as the log cannot tell what a POST did.
func (a *cli) sentCalls() []string {
	if a.core == nil || a.core.Log == nil {
		return nil
	}
	var out []string
	for _, e := range a.core.Log.Snapshot() {
		switch {
		case e.Method == http.MethodGet, e.Method == "":
		case strings.HasPrefix(e.Route, "solana ") && e.Route != "solana sendTransaction":
		default:
			out = append(out, e.Method+" "+e.Path)
		}
	}
	return out
}
