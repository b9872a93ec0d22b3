package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"purse/app"
	"purse/app/review"
	"purse/internal/prompt"
)

// terminalApprover is the CLI's Approver: the signing gate asks it when the signing policy
// wants a signature confirmed. It shows the review on the user's terminal and asks y/N there;
// --yes answers yes for a script and says so in one line on stderr (the review itself may
// carry a credential, such as a share token in a payload, which a script's log must not
// keep); with no terminal and no --yes it refuses. One question at a time.
type terminalApprover struct {
	a  *cli
	mu sync.Mutex
}

func (t *terminalApprover) Approve(_ context.Context, ap app.Approval) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.a.yes {
		textOut(t.a.stderr).Printf("purse: approved by --yes: %s (%s); the signing policy says %s\n", ap.Review.Title, string(ap.Review.Kind), ap.Line)
		return nil
	}
	tty, err := prompt.Open()
	if err != nil {
		return fmt.Errorf("%w (%v): the signing policy says %s; pass --yes to approve it from a script; nothing was signed", prompt.ErrNoTerminal, err, ap.Line)
	}
	defer tty.Close()
	_ = review.Write(tty, ap.Review)
	return prompt.YesNo(tty, "Sign this?", "nothing was signed")
}

// agentWait says, on stderr, that a signature waits for the user's answer on the agent's
// display: where, and for how long at most.
func (a *cli) agentWait(display string, timeout time.Duration) {
	textOut(a.stderr).Printf("purse: waiting for your answer on the agent's display (%s), for at most %s\n", display, timeout)
}
