package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"purse/agent"
	"purse/app/review"
	"purse/internal/prompt"
)

// terminalDisplay is the trusted display of an agent run in the foreground on a terminal:
// each request the signing policy wants confirmed is shown on that terminal, one at a time,
// and answered there. Only the user at that terminal can answer.
type terminalDisplay struct {
	tty   prompt.Terminal
	lines chan string
	mu    sync.Mutex
}

func newTerminalDisplay(tty prompt.Terminal) *terminalDisplay {
	d := &terminalDisplay{tty: tty, lines: make(chan string, 4)}
	go func() {
		sc := bufio.NewScanner(tty)
		sc.Buffer(make([]byte, 256), 4096)
		for sc.Scan() {
			select {
			case d.lines <- sc.Text():
			default: // typed while nothing was asked: dropped
			}
		}
		close(d.lines)
	}()
	return d
}

func (d *terminalDisplay) String() string { return "this agent's terminal (foreground)" }

// Confirm shows the review and waits for y (approve), anything else, timeout or ctx (no).
func (d *terminalDisplay) Confirm(ctx context.Context, c agent.Confirmation) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var rv review.Request
	if err := json.Unmarshal(c.Review, &rv); err != nil {
		return fmt.Errorf("the review cannot be shown (%v): declined; nothing was signed", err)
	}
	for len(d.lines) > 0 { // answers typed before this question do not count
		<-d.lines
	}
	_ = review.Write(d.tty, rv)
	fmt.Fprintf(d.tty, "Sign this? [y/N] (within %s): ", c.Timeout)
	agent.NotifyWaiting(ctx, d.String(), c.Timeout)
	var timeout <-chan time.Time
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case line, ok := <-d.lines:
		if ok {
			switch strings.ToLower(strings.TrimSpace(line)) {
			case "y", "yes":
				fmt.Fprintln(d.tty, "approved.")
				return nil
			}
		}
		fmt.Fprintln(d.tty, "declined.")
		return fmt.Errorf("%w; nothing was signed", agent.ErrDeclined)
	case <-timeout:
		fmt.Fprintf(d.tty, "\nno answer within %s: declined.\n", c.Timeout)
		return fmt.Errorf("no answer on the display within %s; nothing was signed", c.Timeout)
	case <-ctx.Done():
		fmt.Fprintln(d.tty, "\nwithdrawn by the client.")
		return fmt.Errorf("the request was withdrawn before the display answered; nothing was signed")
	}
}
