package app

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"purse/agent"
	"purse/app/review"
)

// PendingApproval is one question a front end with its own event loop (the TUI) shows as a
// dialog: a signature of its own process, or a request of another process when it is the
// agent's display. Answer once; Withdrawn is closed when the signer stopped waiting (timeout,
// the client hung up, the agent stopped), and the dialog then closes.
type PendingApproval struct {
	Approval
	// FromAgent says the request came from another process through the agent, this front
	// end being the agent's trusted display.
	FromAgent bool
	// Session says the agent offers to approve the same client's like requests for a while
	// with this yes (ApproveFor).
	Session   bool
	answer    func(bool, *agent.SessionAnswer)
	once      sync.Once
	Withdrawn <-chan struct{}
}

// Answer gives the user's answer; later calls do nothing.
func (p *PendingApproval) Answer(approved bool) { p.AnswerSession(approved, nil) }

// ApproveFor approves the request and, when it offers a session, the same client's like
// requests for d; later calls do nothing.
func (p *PendingApproval) ApproveFor(d time.Duration) {
	p.AnswerSession(true, &agent.SessionAnswer{For: d})
}

// ApproveUntilLock approves the request and, when it offers a session, the same client's
// like requests until the agent's keys are locked; later calls do nothing.
func (p *PendingApproval) ApproveUntilLock() {
	p.AnswerSession(true, &agent.SessionAnswer{UntilLock: true})
}

// AnswerSession gives the user's answer and, with a yes to a request that offers one, the
// session approved with it; later calls do nothing.
func (p *PendingApproval) AnswerSession(approved bool, s *agent.SessionAnswer) {
	if !p.Session {
		s = nil
	}
	p.once.Do(func() { p.answer(approved, s) })
}

// ApprovalQueue is the Approver of a front end with its own event loop: Approve puts the
// question on Requests and waits for its answer. It also carries the requests of the agent
// this front end started and is the display of (ServeDisplay), so the user answers both
// kinds in the same dialog.
type ApprovalQueue struct {
	c chan *PendingApproval
}

// NewApprovalQueue makes a queue; its front end reads Requests.
func NewApprovalQueue() *ApprovalQueue { return &ApprovalQueue{c: make(chan *PendingApproval, 16)} }

// Requests delivers each question once.
func (q *ApprovalQueue) Requests() <-chan *PendingApproval { return q.c }

// Approve asks through the queue and waits for the answer, a.Timeout, or ctx.
func (q *ApprovalQueue) Approve(ctx context.Context, a Approval) error {
	answer := make(chan bool, 1)
	withdrawn := make(chan struct{})
	defer close(withdrawn)
	p := &PendingApproval{Approval: a, answer: func(ok bool, _ *agent.SessionAnswer) { answer <- ok }, Withdrawn: withdrawn}
	select {
	case q.c <- p:
	case <-ctx.Done():
		return fmt.Errorf("the request was withdrawn before it could be shown: %w", ctx.Err())
	}
	var timeout <-chan time.Time
	if a.Timeout > 0 {
		t := time.NewTimer(a.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case ok := <-answer:
		if !ok {
			return agent.ErrDeclined
		}
		return nil
	case <-timeout:
		return fmt.Errorf("no answer within %s", a.Timeout)
	case <-ctx.Done():
		return fmt.Errorf("the request was withdrawn: %w", ctx.Err())
	}
}

// ServeDisplay shows the requests of the agent whose display d is on this queue until the
// agent ends the display; ctx ends it early.
func (q *ApprovalQueue) ServeDisplay(ctx context.Context, d *agent.DisplayConn) {
	var mu sync.Mutex
	open := map[uint64]chan struct{}{}
	withdraw := func(id uint64) {
		mu.Lock()
		defer mu.Unlock()
		if ch, ok := open[id]; ok {
			close(ch)
			delete(open, id)
		}
	}
	defer func() {
		mu.Lock()
		for id, ch := range open {
			close(ch)
			delete(open, id)
		}
		mu.Unlock()
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case id, ok := <-d.Cancelled:
			if !ok {
				return
			}
			withdraw(id)
		case c, ok := <-d.Requests:
			if !ok {
				return
			}
			var rv review.Request
			if err := json.Unmarshal(c.Review, &rv); err != nil {
				// What cannot be shown is declined, never approved blind.
				_ = d.Answer(c.ID, false)
				continue
			}
			ch := make(chan struct{})
			mu.Lock()
			open[c.ID] = ch
			mu.Unlock()
			id := c.ID
			p := &PendingApproval{Approval: Approval{Review: rv, Line: c.Line, Timeout: c.Timeout}, FromAgent: true, Session: c.Session, Withdrawn: ch,
				answer: func(ok bool, s *agent.SessionAnswer) { _ = d.AnswerSession(id, ok, s); withdraw(id) }}
			select {
			case q.c <- p:
			case <-ctx.Done():
				return
			}
		}
	}
}
