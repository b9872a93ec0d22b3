package permit

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/app/internal/port"
)

// Service is what a user does to let the card spend from the account: read what a permit
// needs (the chain, the owner, the tokens), run a whole permit, or submit one signed
// elsewhere. purse permit and the TUI's Permit screen call it.
type Service struct{ s port.Session }

// New is the card-spend permit of core's profile; core is an opened session.
func New(core *app.App) Service {
	s, _ := port.Of(core) // nil for a nil core: every use then fails, as on a nil App
	return Service{s}
}

// Run is one whole card-spend permit, for every front end: the CLI runs it and prints, the
// TUI's Permit screen shows it. The approval is asked by the signing gate.
type Run struct {
	Form Form
	// TTL is how long the permit stays valid (at most 24 hours, maxTTL; 0: TTL).
	TTL time.Duration
	// Progress (may be nil) hears each step as it begins.
	Progress func(step, detail string)
}

// Run runs a whole permit in one order: the chain configuration and the owner → the
// checked form → the permit read from the chain (name, version, nonce, DOMAIN_SEPARATOR; a
// mismatch refuses) → the signing gate (review, approval, signature) → token-permit → the
// allowance read back. The prepared permit comes back with any error after it was built, so
// a front end can show what was signed.
func (sv Service) Run(ctx context.Context, run Run, u *app.Unlock) (Prepared, Submitted, error) {
	emit := func(step, format string, a ...any) {
		if run.Progress != nil {
			run.Progress(step, fmt.Sprintf(format, a...))
		}
	}
	ttl := run.TTL
	if ttl == 0 {
		ttl = TTL
	}
	if ttl < 0 || ttl > maxTTL {
		return Prepared{}, Submitted{}, &app.FieldError{Field: "ttl", Err: fmt.Errorf("expected a duration above 0 and at most %s, got %s", maxTTL, ttl)}
	}
	if err := checkRole(run.Form.Role); err != nil {
		return Prepared{}, Submitted{}, err
	}
	emit("read", "the chain configuration and the owner")
	pc, err := sv.Load(ctx)
	if err != nil {
		return Prepared{}, Submitted{}, err
	}
	plan, err := Check(pc, run.Form)
	if err != nil {
		return Prepared{}, Submitted{}, err
	}
	emit("prepare", "name, version, nonce and DOMAIN_SEPARATOR of %s from the chain", plan.Token.Symbol)
	pr, err := sv.prepare(ctx, pc.Owner, plan, time.Now().Add(ttl))
	if err != nil {
		return Prepared{}, Submitted{}, err
	}
	// The allowance first: a permit of the value already allowed changes nothing, so it is
	// not signed (a signature asked for nothing, then "already permitted", was the old way).
	if a, err := sv.allowance(ctx, pc.Owner, pr); err == nil && a.Cmp(pr.Permit.Value) == 0 {
		emit("allowance", "%s may already move exactly %s %s: nothing to sign", app.RoleLabel(plan.Role), plan.PermitAmount.StringFixed(int32(plan.Token.Decimals)), plan.Token.Symbol)
		return pr, Submitted{Allowance: a, Settled: OutcomeAlreadyPermitted, Unneeded: true}, nil
	} else if err != nil {
		emit("allowance", "could not be read (%s): the permit is signed and its outcome read after", app.OneLine(err))
	}
	emit("sign", "the permit of %s to %s, through the signing gate", plan.Token.Symbol, app.RoleLabel(plan.Role))
	sub, err := sv.Submit(ctx, u, pr, nil)
	return pr, sub, err
}

// allowance is what pr's spender may move of owner's token now, read on chain.
func (sv Service) allowance(ctx context.Context, owner common.Address, pr Prepared) (*big.Int, error) {
	hc, err := sv.s.DialHomeChain(ctx)
	if err != nil {
		return nil, err
	}
	defer hc.Close()
	return hc.Allowance(ctx, pr.Plan.Token.Address, owner, pr.Plan.Spender)
}
