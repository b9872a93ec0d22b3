package app

import (
	"context"
	"fmt"
	"time"
)

// Permit is what a user does to let the card spend from the account: read what a permit
// needs (the chain, the owner, the tokens), run a whole permit, or submit one signed
// elsewhere. purse permit and the TUI's Permit screen call it.
type Permit struct{ s *App }

// Permit is the card-spend permit of the session's profile.
func (s *App) Permit() Permit { return Permit{s} }

// PermitRun is one whole card-spend permit, for every front end: the CLI runs it and prints,
// the TUI's Permit screen shows it. The approval is asked by the signing gate.
type PermitRun struct {
	Form PermitForm
	// TTL is how long the permit stays valid (at most MaxPermitTTL; 0: PermitTTL).
	TTL time.Duration
	// Progress (may be nil) hears each step as it begins.
	Progress func(step, detail string)
}

// Run runs a whole permit in one order: the chain configuration and the owner → the
// checked form → the permit read from the chain (name, version, nonce, DOMAIN_SEPARATOR; a
// mismatch refuses) → the signing gate (review, approval, signature) → token-permit → the
// allowance read back. The prepared permit comes back with any error after it was built, so
// a front end can show what was signed.
func (pe Permit) Run(ctx context.Context, run PermitRun, u *Unlock) (PreparedPermit, SubmittedPermit, error) {
	s := pe.s
	emit := func(step, format string, a ...any) {
		if run.Progress != nil {
			run.Progress(step, fmt.Sprintf(format, a...))
		}
	}
	ttl := run.TTL
	if ttl == 0 {
		ttl = PermitTTL
	}
	if ttl < 0 || ttl > MaxPermitTTL {
		return PreparedPermit{}, SubmittedPermit{}, fieldErr("ttl", "expected a duration above 0 and at most %s, got %s", MaxPermitTTL, ttl)
	}
	if err := CheckPermitRole(run.Form.Role); err != nil {
		return PreparedPermit{}, SubmittedPermit{}, err
	}
	emit("read", "the chain configuration and the owner")
	pc, err := pe.Load(ctx)
	if err != nil {
		return PreparedPermit{}, SubmittedPermit{}, err
	}
	plan, err := CheckPermit(pc, run.Form)
	if err != nil {
		return PreparedPermit{}, SubmittedPermit{}, err
	}
	emit("prepare", "name, version, nonce and DOMAIN_SEPARATOR of %s from the chain", plan.Token.Symbol)
	pr, err := s.preparePermit(ctx, pc.Owner, plan, time.Now().Add(ttl))
	if err != nil {
		return PreparedPermit{}, SubmittedPermit{}, err
	}
	emit("sign", "the permit of %s to %s, through the signing gate", plan.Token.Symbol, RoleLabel(plan.Role))
	sub, err := pe.Submit(ctx, u, pr, nil)
	return pr, sub, err
}
