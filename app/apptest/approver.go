package apptest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"purse/agent"
	"purse/app"
	"purse/app/review"
)

// Approver is a test's approver (app.Approver, for signatures made in the test's process) that
// records what it was asked and answers with Answer (nil: it declines). Display is the same
// approver as an agent's trusted display, so a test asks it the same question both ways.
type Approver struct {
	Answer func(app.Approval) error

	mu   sync.Mutex
	seen []app.Approval
}

// Approve records ap and answers it.
func (a *Approver) Approve(_ context.Context, ap app.Approval) error {
	a.mu.Lock()
	a.seen = append(a.seen, ap)
	answer := a.Answer
	a.mu.Unlock()
	if answer == nil {
		return agent.ErrDeclined
	}
	return answer(ap)
}

// Count is how many approvals were asked.
func (a *Approver) Count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.seen)
}

// Last is the approval asked last (the zero Approval when none was).
func (a *Approver) Last() app.Approval {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.seen) == 0 {
		return app.Approval{}
	}
	return a.seen[len(a.seen)-1]
}

// Display is an agent's trusted display that hands each confirmation to a: the same review
// document the TUI would show, decoded from the wire (ServeAgentWith takes it).
func (a *Approver) Display() agent.Display { return approverDisplay{a} }

type approverDisplay struct{ a *Approver }

func (d approverDisplay) String() string { return "the test's display" }

func (d approverDisplay) Confirm(ctx context.Context, c agent.Confirmation) error {
	var rv review.Request
	if err := json.Unmarshal(c.Review, &rv); err != nil {
		return err
	}
	return d.a.Approve(ctx, app.Approval{Review: rv, Line: c.Line, Timeout: c.Timeout})
}

// ReviewText is the review as the CLI prints it.
func ReviewText(rv review.Request) string {
	var b strings.Builder
	_ = review.Write(&b, rv)
	return b.String()
}

// FieldOf is the value and note of the field labelled label in section heading of rv ("", ""
// when it has none).
func FieldOf(rv review.Request, heading, label string) (value, note string) {
	for _, sec := range rv.Sections {
		if sec.Heading != heading {
			continue
		}
		for _, f := range sec.Fields {
			if f.Label == label {
				return f.Value, f.Note
			}
		}
	}
	return "", ""
}

// OutcomeOf returns err's app.OutcomeError, which must say want.
func OutcomeOf(t testing.TB, err error, want string) *app.OutcomeError {
	t.Helper()
	var oe *app.OutcomeError
	if !errors.As(err, &oe) || oe.Outcome != want {
		t.Fatalf("want outcome %q, got %v", want, err)
	}
	return oe
}
