package permit

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	apppermit "purse/app/permit"
	"purse/enduser"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/wallet"
)

// fakePermits is a Service without a chain or a service: it records what it is asked and
// needs a passphrase for the first submission, as a file-backend key does.
type fakePermits struct {
	plans    []apppermit.Plan
	unlocks  []string
	deadline time.Time
}

func (f *fakePermits) Load(context.Context) (apppermit.Context, error) {
	return sampleContext(), nil
}

// Run is the whole run as app/permit's Service.Run takes it: the checked form, the permit built, the
// submission (its signing review is the signing gate's, not the screen's).
func (f *fakePermits) Run(ctx context.Context, run apppermit.Run, u *app.Unlock) (apppermit.Prepared, apppermit.Submitted, error) {
	pl, err := apppermit.Check(sampleContext(), run.Form)
	if err != nil {
		return apppermit.Prepared{}, apppermit.Submitted{}, err
	}
	f.plans, f.deadline = append(f.plans, pl), time.Now().Add(run.TTL)
	pr := samplePrepared()
	pr.Plan, pr.Permit.Owner = pl, sampleContext().Owner
	sub, err := f.Submit(ctx, u, pr, nil)
	return pr, sub, err
}

func (f *fakePermits) Submit(_ context.Context, u *app.Unlock, pr apppermit.Prepared, _ *wallet.PermitSignature) (apppermit.Submitted, error) {
	if u == nil || len(u.Passphrase) == 0 {
		return apppermit.Submitted{}, &app.LockedError{Prompt: `Passphrase for key "main"`, Key: "main"}
	}
	f.unlocks = append(f.unlocks, string(u.Passphrase))
	return apppermit.Submitted{Sig: &wallet.PermitSignature{Signature: "0xsig"},
		Result: enduser.TokenPermitResult{TxHash: "0xfeed", Status: "1"}, Allowance: pr.Permit.Value}, nil
}

// TestPermitAgainstAFake drives the whole screen against its narrow Service: the form, the
// plan the application layer receives in one call (the signing review is the gate's, asked
// in the TUI's dialog, not the screen's), the passphrase dialog of the one unlock-and-retry
// helper, and the result.
func TestPermitAgainstAFake(t *testing.T) {
	f := &fakePermits{}
	env := tuitest.Env(t, kit.Session{Profile: "sandbox", AccountID: "5123"}, tuitest.FakeHome)
	d := tuitest.NewDriver(t, env, New(env, f), 100, 30)
	d.Press(tuitest.Key(tea.KeyEnter), tuitest.Key(tea.KeyDown))
	d.TypeText("25.00")
	d.Press(tuitest.Key(tea.KeyDown), tuitest.Key(tea.KeyDown), tuitest.Key(tea.KeyEnter))
	if len(f.plans) != 1 || f.plans[0].Value.Cmp(big.NewInt(2500)) != 0 || f.plans[0].Role != app.RoleCard || f.plans[0].Token.Symbol != "EUR24" {
		t.Fatalf("plans %+v\n%s", f.plans, tuitest.Plain(d.Scr.View()))
	}
	if ttl := time.Until(f.deadline); ttl < apppermit.TTL-time.Minute || ttl > apppermit.TTL {
		t.Fatalf("deadline %v from now, want about %v", ttl, apppermit.TTL)
	}
	d.Answer("Unlock key main", "pw")
	if len(f.unlocks) != 1 || f.unlocks[0] != "pw" {
		t.Fatalf("submission retried with %q", f.unlocks)
	}
	if v := tuitest.Plain(d.Scr.View()); !strings.Contains(v, "0xfeed") || strings.Contains(v, "ERROR") {
		t.Fatalf("result view:\n%s", v)
	}
	if len(d.Errs) > 0 {
		t.Fatalf("errors %+v", d.Errs)
	}
}
