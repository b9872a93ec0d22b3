package permit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"purse/app"
	"purse/app/apptest"
	appsandbox "purse/app/sandbox"
	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
	"purse/wallet"

	"github.com/shopspring/decimal"
)

// permitEnv is an App on the whole sandbox (end-user API and EVM) whose key "me" owns a Live
// account.
type permitEnv struct {
	app     *app.App
	sb      *sandbox.Sandbox
	u       *app.Unlock
	approve *apptest.Approver
}

func newPermitEnv(t *testing.T, inAgent bool) *permitEnv {
	t.Helper()
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	// Short: the agent's socket goes in it.
	home, err := os.MkdirTemp("", "pr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	p := sb.Info().Profile("sb")
	p.EVMKey = "me"
	testhome.UseProfile(t, home, p)
	approve := &apptest.Approver{Answer: func(app.Approval) error { return nil }}
	s := apptest.Open(t, home, approve, inAgent, "permit relay test")
	u := &app.Unlock{Passphrase: []byte("pw")}
	if _, err := appsandbox.New(s).Onboard(context.Background(), u, "me", nil); err != nil {
		t.Fatal(err)
	}
	return &permitEnv{app: s, sb: sb, u: u, approve: approve}
}

// prepare reads a card permit of amount EUR24 from the chain, as the Permit screen and
// `purse permit` do.
func (e *permitEnv) prepare(t *testing.T, amount string) Prepared {
	t.Helper()
	ctx := context.Background()
	pc, err := New(e.app).Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := Check(pc, Form{TokenName: "EUR24", Amount: amount, Role: app.RoleCard})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := New(e.app).prepare(ctx, pc.Owner, pl, time.Now().Add(TTL))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func (e *permitEnv) fault(t *testing.T, f endusertest.Faults) {
	t.Helper()
	f.Route, f.Count = "/api/v1/token-permit", 1
	if err := e.sb.EndUser.SetFaults(f); err != nil {
		t.Fatal(err)
	}
}

// chain reads the owner's nonce and the card spender's allowance of a permit's token.
func (e *permitEnv) chain(t *testing.T, pr Prepared) (nonce, allowance *big.Int) {
	t.Helper()
	ctx := context.Background()
	hc, err := New(e.app).s.DialHomeChain(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer hc.Close()
	p := pr.Permit
	if nonce, err = hc.Nonces(ctx, p.Domain.VerifyingContract, p.Owner); err != nil {
		t.Fatal(err)
	}
	if allowance, err = hc.Allowance(ctx, p.Domain.VerifyingContract, p.Owner, p.Spender); err != nil {
		t.Fatal(err)
	}
	return nonce, allowance
}

// TestPermitRelayOutcomes (issue 22 §2): every answer to a relayed permit that does not prove
// what the service did is settled from the chain. Relayed and then answered with HTTP 500, a
// truncated 200, retCode 10000, a duplicate POST's 10001, or a transaction that reverted while
// the permit took effect: landed, saying how. Answered 500 or 10000 without relaying, or with
// a transaction never mined: unknown, naming the permit; the same signature sent again lands.
// A refusal before relaying is refused, and the nonce did not move.
func TestPermitRelayOutcomes(t *testing.T) {
	defer func(d time.Duration) { RelayWait = d }(RelayWait)
	RelayWait = 1500 * time.Millisecond
	t.Run("in the process", func(t *testing.T) { permitRelayOutcomes(t, false) })
	t.Run("through the agent", func(t *testing.T) { permitRelayOutcomes(t, true) })
}

// permitRelayOutcomes is TestPermitRelayOutcomes with the permits signed in this process or
// by a live agent of the home.
func permitRelayOutcomes(t *testing.T, inAgent bool) {
	e := newPermitEnv(t, inAgent)
	ctx := context.Background()
	amount := 10
	next := func() Prepared { amount++; return e.prepare(t, fmt.Sprintf("%d.00", amount)) }

	for name, c := range map[string]struct {
		fault endusertest.Faults
		note  []string
	}{
		"HTTP 500 after relaying":                    {endusertest.Faults{HTTPStatus: 500, AfterExecute: true}, []string{"HTTP 500", "moved past"}},
		"a truncated 200":                            {endusertest.Faults{TruncateJSON: true}, []string{"cannot decode", "moved past"}},
		"retCode 10000 after relaying":               {endusertest.Faults{RetCode: 10000, AfterExecute: true}, []string{"10000", "moved past"}},
		"a duplicate POST":                           {endusertest.Faults{Duplicate: true}, []string{"refuses before relaying", "10001", "another copy of this request", "moved past"}},
		"the relay reverted, the permit took effect": {endusertest.Faults{Relay: endusertest.RelayAgain}, []string{"reverted in block", "moved past", "the signed value"}},
	} {
		t.Run(name, func(t *testing.T) {
			pr := next()
			e.fault(t, c.fault)
			sub, err := New(e.app).Submit(ctx, e.u, pr, nil)
			if err != nil || sub.Settled != app.OutcomeLanded || sub.Allowance == nil || sub.Allowance.Cmp(pr.Permit.Value) != 0 {
				t.Fatalf("landed permit: %+v %v", sub, err)
			}
			for _, n := range c.note {
				if !strings.Contains(sub.Note, n) {
					t.Errorf("note %q lacks %q", sub.Note, n)
				}
			}
			if out := sub.Outcome(pr); out.Outcome != app.OutcomeLanded || out.Note == "" {
				t.Errorf("printed outcome %+v", out)
			}
			if nonce, _ := e.chain(t, pr); nonce.Cmp(pr.Permit.Nonce) <= 0 {
				t.Fatalf("the nonce did not move: %s", nonce)
			}
		})
	}

	for name, c := range map[string]struct {
		fault endusertest.Faults
		msg   string
		tx    bool
	}{
		"HTTP 500, not relayed":      {endusertest.Faults{HTTPStatus: 500}, "HTTP 500", false},
		"retCode 10000, not relayed": {endusertest.Faults{RetCode: 10000}, "10000", false},
		"a transaction never mined":  {endusertest.Faults{PhantomTxHash: true}, "was not found on chain", true},
	} {
		t.Run(name, func(t *testing.T) {
			pr := next()
			e.fault(t, c.fault)
			sub, err := New(e.app).Submit(ctx, e.u, pr, nil)
			oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
			if !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "still "+pr.Permit.Nonce.String()) ||
				!strings.Contains(oe.NextStep(), "Signing again is safe") {
				t.Fatalf("unknown: %v (next: %s)", err, oe.NextStep())
			}
			f := oe.Fields
			if f["owner"] != pr.Permit.Owner.Hex() || f["spender"] != pr.Permit.Spender.Hex() || f["nonce"] != pr.Permit.Nonce.String() ||
				f["value"] != pr.Permit.Value.String() || f["deadline"] != pr.Permit.Deadline.Int64() || f["token"] != "EUR24" ||
				f["tokenAddress"] != pr.Permit.Domain.VerifyingContract.Hex() || f["permitSignature"] != sub.Sig.Signature || (f["txHash"] != nil) != c.tx {
				t.Fatalf("fields %v", f)
			}
			if (oe.IDName == "txHash") != c.tx {
				t.Fatalf("identified by %s", oe.IDName)
			}
			// The same signature, sent again, lands: it was never used.
			again, err := New(e.app).Submit(ctx, e.u, pr, sub.Sig)
			if err != nil || again.Settled != app.OutcomeLanded || again.Note != "" || again.Sig.Signature != sub.Sig.Signature {
				t.Fatalf("sent again: %+v %v", again, err)
			}
		})
	}

	t.Run("refused before relaying", func(t *testing.T) {
		pr := next()
		e.fault(t, endusertest.Faults{RetCode: 10001, RetMsg: "signature check failed"})
		_, err := New(e.app).Submit(ctx, e.u, pr, nil)
		oe := apptest.OutcomeOf(t, err, OutcomeRefused)
		var ae *enduser.APIError
		if !errors.As(err, &ae) || ae.Code != 10001 || !strings.Contains(err.Error(), "still "+pr.Permit.Nonce.String()) ||
			!strings.Contains(oe.NextStep(), "Nothing was relayed") {
			t.Fatalf("refused: %v (next: %s)", err, oe.NextStep())
		}
		if nonce, _ := e.chain(t, pr); nonce.Cmp(pr.Permit.Nonce) != 0 {
			t.Fatalf("a refused permit moved the nonce to %s", nonce)
		}
	})

	t.Run("the relay reverted and the permit was not used", func(t *testing.T) {
		// A permit past its deadline by the chain's clock, which the service (its clock two
		// hours behind) relays without checking: the transaction reverts, the nonce stays.
		// Only in the process: an agent judges a full-auth deadline by its own clock (it has
		// no other), and refuses one that follows a service two hours behind before signing.
		if inAgent {
			t.Skip("an agent refuses the token-permit call's full-auth deadline of a service two hours behind")
		}
		e.sb.EndUser.SetClockSkew(-7200)
		defer e.sb.EndUser.SetClockSkew(0)
		pc, err := New(e.app).Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		amount++
		pl, err := Check(pc, Form{TokenName: "EUR24", Amount: fmt.Sprintf("%d.00", amount), Role: app.RoleCard})
		if err != nil {
			t.Fatal(err)
		}
		pr, err := New(e.app).prepare(ctx, pc.Owner, pl, time.Now().Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		e.fault(t, endusertest.Faults{Relay: endusertest.RelayUnchecked})
		_, err = New(e.app).Submit(ctx, e.u, pr, nil)
		oe := apptest.OutcomeOf(t, err, app.OutcomeFailed)
		if oe.IDName != "txHash" || !strings.Contains(err.Error(), "reverted in block") || !strings.Contains(err.Error(), "still "+pr.Permit.Nonce.String()) ||
			!strings.Contains(oe.NextStep(), "Nothing was approved") {
			t.Fatalf("reverted: %v (next: %s)", err, oe.NextStep())
		}
	})
}

// TestCardPermitIsBoundToItsRelay: the card-spend permit is signed with the token-permit
// call that relays it, so its relay goes unasked and the same signature in a token-permit
// body of another amount is asked about again, both ways.
func TestCardPermitIsBoundToItsRelay(t *testing.T) {
	bothWaysPermit := func(t *testing.T, inAgent bool) {
		e := newPermitEnv(t, inAgent)
		pr := e.prepare(t, "7.00")
		before := e.approve.Count()
		sub, err := New(e.app).Submit(context.Background(), e.u, pr, nil)
		if err != nil || sub.Settled != app.OutcomeLanded || e.approve.Count() != before+1 {
			t.Fatalf("the permit and its relay: %+v %v (asked %d)", sub, err, e.approve.Count()-before)
		}
		if v, _ := apptest.FieldOf(e.approve.Last().Review, "What the permit pays for", "call"); v != "POST /api/v1/token-permit" {
			t.Fatalf("the review shows no call:\n%s", apptest.ReviewText(e.approve.Last().Review))
		}
		signer, err := New(e.app).s.EVMSigner(e.u)
		if err != nil {
			t.Fatal(err)
		}
		other := enduser.NewTokenPermitRequest(pr.Permit, *sub.Sig, pr.Plan.Amount.Sub(decimal.NewFromInt(1)), pr.Plan.Token.Decimals, "")
		body, err := json.Marshal(other)
		if err != nil {
			t.Fatal(err)
		}
		before = e.approve.Count()
		now := time.Now()
		if _, err := wallet.SignFullAuthCall(signer, "POST", enduser.RouteTokenPermit, body, now.Add(time.Minute).Unix(), now); err != nil || e.approve.Count() != before+1 {
			t.Fatalf("another amount with the approved signature: %v (asked %d)", err, e.approve.Count()-before)
		}
	}
	t.Run("in the process", func(t *testing.T) { bothWaysPermit(t, false) })
	t.Run("through the agent", func(t *testing.T) { bothWaysPermit(t, true) })
}

// A permit of the value already allowed is not signed: the allowance is read first, and the
// outcome says nothing was signed or sent, both ways. Another value is signed as before.
func TestPermitOfTheAllowedValueIsNotSigned(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newPermitEnv(t, inAgent)
		ctx := context.Background()
		run := func(amount string) (Submitted, int) {
			t.Helper()
			before := e.approve.Count()
			_, sub, err := New(e.app).Run(ctx, Run{Form: Form{TokenName: "EUR24", Amount: amount, Role: app.RoleCard}}, e.u)
			if err != nil {
				t.Fatalf("permit %s: %v", amount, err)
			}
			return sub, e.approve.Count() - before
		}
		if sub, asked := run("13.00"); sub.Unneeded || asked != 1 || sub.Settled != app.OutcomeLanded {
			t.Fatalf("a new allowance: %+v (asked %d)", sub, asked)
		}
		sub, asked := run("13.00")
		if !sub.Unneeded || asked != 0 || sub.Sig != nil || sub.Settled != OutcomeAlreadyPermitted || sub.Allowance.Int64() != 1300 {
			t.Fatalf("the same allowance again: %+v (asked %d)", sub, asked)
		}
		if sub, asked := run("14.00"); sub.Unneeded || asked != 1 {
			t.Fatalf("another value: %+v (asked %d)", sub, asked)
		}
	})
}
