package money

import (
	"context"
	"errors"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/agent"
	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	appsandbox "purse/app/sandbox"
	"purse/config"
	"purse/enduser/endusertest"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/ledger"
	"purse/ledger/ledgertest"
	"purse/sandbox"
)

// TestMain reads the sandbox's chain every 50 ms: it shows a transaction as soon as the call
// that sent it returns, so a second's poll only makes the tests wait.
func TestMain(m *testing.M) {
	SettlePoll = 50 * time.Millisecond
	os.Exit(m.Run())
}

// moneyEnv is an App on the whole sandbox whose key "me" owns a Live account, and a second
// Live account (other) to transfer to.
type moneyEnv struct {
	app     *app.App
	sb      *sandbox.Sandbox
	u       *app.Unlock
	approve *apptest.Approver
	me      uint64
	other   uint64
	otherTo common.Address
}

func newMoneyEnv(t *testing.T, inAgent bool, dialect string) *moneyEnv {
	t.Helper()
	return newMoneyEnvWith(t, inAgent, dialect, "me")
}

// newMoneyEnvWith is newMoneyEnv with the owner key label: "me" a stored key, "hw" the key
// at Ledger Live's first path of the sandbox's Ledger stand-in.
func newMoneyEnvWith(t *testing.T, inAgent bool, dialect, owner string) *moneyEnv {
	t.Helper()
	cfg := sandbox.Config{Listen: "127.0.0.1:0"}
	if dialect != "" {
		d, err := endusertest.ParseDialect(dialect)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Dialect = d
	}
	sb, err := sandbox.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sb.Close() })
	home, err := os.MkdirTemp("", "mo")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	if owner == "hw" {
		path := ledger.LedgerLivePath(0)
		k, err := keystore.DeriveEVMKey([]byte(ledgertest.Seed), nil, path.String())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ks.AddDevice("hw", keystore.KindEVM, k.Address().Hex(), keystore.DeviceRef{Transport: sb.Info().Ledger, Path: path.String()}); err != nil {
			t.Fatal(err)
		}
	}
	p := sb.Info().Profile("sb")
	p.EVMKey = owner
	if dialect == "payoutCardSpender" {
		p.PayoutSpender = "card"
	}
	testhome.UseProfile(t, home, p)
	approve := &apptest.Approver{Answer: func(app.Approval) error { return nil }}
	s := apptest.Open(t, home, approve, inAgent, "money test")
	u := &app.Unlock{Passphrase: []byte("pw")}
	ob, err := appsandbox.New(s).Onboard(context.Background(), u, owner, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &moneyEnv{app: s, sb: sb, u: u, approve: approve}
	if e.me, err = strconv.ParseUint(ob.TokenID, 10, 64); err != nil {
		t.Fatalf("onboarded %+v: %v", ob, err)
	}
	e.other, e.otherTo = e.liveAccount(t, "other@example.com")
	return e
}

// liveAccount mints a Live account for a fresh owner.
func (e *moneyEnv) liveAccount(t *testing.T, email string) (uint64, common.Address) {
	t.Helper()
	k, _ := crypto.GenerateKey()
	owner := crypto.PubkeyToAddress(k.PublicKey)
	id, _, err := e.sb.EndUser.MintForPartner(context.Background(), common.Address{0x77}, owner, email, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.sb.EndUser.SetStatus(id, 5); err != nil {
		t.Fatal(err)
	}
	return id, owner
}

func (e *moneyEnv) balance(t *testing.T, sym string, who common.Address) *big.Int {
	t.Helper()
	tok, ok := e.sb.Chain.Token(sym)
	if !ok {
		t.Fatalf("no %s", sym)
	}
	b, err := e.sb.Chain.BalanceOf(context.Background(), tok.Address, who)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *moneyEnv) run(t *testing.T, f Form) (Prepared, Outcome, error) {
	t.Helper()
	return New(e.app).Run(context.Background(), Run{Form: f}, e.u)
}

func (e *moneyEnv) transfer(amount string) Form {
	return Form{Flow: Transfer, Token: "EUR24", Amount: amount, ToAccount: strconv.FormatUint(e.other, 10)}
}

func (e *moneyEnv) payout(amount string) Form {
	return Form{Flow: Payout, Token: "CHF24", Amount: amount, Contact: strconv.FormatUint(e.me*10+2, 10), PurposeID: "2", Ref: "invoice 7"}
}

// TestTransferAndPayoutLand (issue 31 §1): a transfer and a payout run whole on the sandbox,
// each with one approval (the permit and its call: the call goes unasked), the money moves on
// chain as the outcome says, and the review showed what the permit pays for.
func TestTransferAndPayoutLand(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		before := e.balance(t, "EUR24", e.otherTo)
		asked := e.approve.Count()
		pr, out, err := e.run(t, e.transfer("12.34"))
		if err != nil || out.Outcome != app.OutcomeLanded || out.Note != "" || out.TxHash == "" || out.TxHash != out.AnswerTx {
			t.Fatalf("transfer: %+v %v", out, err)
		}
		if got := new(big.Int).Sub(e.balance(t, "EUR24", e.otherTo), before); got.Int64() != 1234 {
			t.Fatalf("the recipient got %s", got)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("%d approvals for one transfer, want 1", n)
		}
		rv := e.approve.Last().Review
		if v, _ := apptest.FieldOf(rv, "What the permit pays for", "toAccountId"); v != strconv.FormatUint(e.other, 10) {
			t.Fatalf("review: %s", apptest.ReviewText(rv))
		}
		if v, note := apptest.FieldOf(rv, "What the permit pays for", "recipient"); !strings.Contains(v, e.otherTo.Hex()) || !strings.Contains(note, "Live") {
			t.Fatalf("recipient in review: %q %q", v, note)
		}
		if pr.Plan.Spender != pr.Plan.Token.Address {
			t.Fatalf("transfer spender %s, want the token", pr.Plan.Spender.Hex())
		}

		asked = e.approve.Count()
		_, out, err = e.run(t, e.payout("20.00"))
		if err != nil || out.Outcome != app.OutcomeLanded || out.ContactID == "" {
			t.Fatalf("payout: %+v %v", out, err)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("%d approvals for one payout, want 1", n)
		}
		if out.BalanceNow != "480.00" {
			t.Fatalf("CHF24 after a 20.00 payout of 500.00: %s", out.BalanceNow)
		}
	})
}

// TestPayoutToTheCardSpender: a profile whose payout_spender is card signs for the card
// spender, which the dialect payoutCardSpender takes; the default profile's permit, for the
// token, is refused by that service and nothing moves.
func TestPayoutToTheCardSpender(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		payoutToTheCardSpender(t, newMoneyEnv(t, inAgent, "payoutCardSpender"))
	})
}

func payoutToTheCardSpender(t *testing.T, e *moneyEnv) {
	pr, out, err := e.run(t, e.payout("5.00"))
	if err != nil || out.Outcome != app.OutcomeLanded || pr.Plan.SpenderRole != app.RoleCard {
		t.Fatalf("payout to the card spender: %+v %v", out, err)
	}
	if !strings.Contains(out.Note, "does not carry this permit") {
		t.Fatalf("a pull apart from the permit is said so: %q", out.Note)
	}
}

// TestChecksBeforeAsking: what the chain or the banking profile refuses is refused before
// anything is signed, naming the field.
func TestChecksBeforeAsking(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) { checksBeforeAsking(t, newMoneyEnv(t, inAgent, "")) })
}

func checksBeforeAsking(t *testing.T, e *moneyEnv) {
	tourist, _ := e.liveAccount(t, "tourist@example.com")
	if err := e.sb.EndUser.SetStatus(tourist, 2); err != nil {
		t.Fatal(err)
	}
	asked := e.approve.Count()
	for name, c := range map[string]struct {
		form  Form
		field string
	}{
		"a Tourist recipient":       {Form{Flow: Transfer, Token: "EUR24", Amount: "1", ToAccount: strconv.FormatUint(tourist, 10)}, "to"},
		"an account that is none":   {Form{Flow: Transfer, Token: "EUR24", Amount: "1", ToAccount: "999999999"}, "to"},
		"the own account":           {Form{Flow: Transfer, Token: "EUR24", Amount: "1", ToAccount: strconv.FormatUint(e.me, 10)}, "to"},
		"above the balance":         {e.transfer("1000.01"), "amount"},
		"more decimals":             {e.transfer("1.001"), "amount"},
		"USDC":                      {Form{Flow: Transfer, Token: "USDC", Amount: "1", ToAccount: strconv.FormatUint(e.other, 10)}, "token"},
		"no purpose":                {Form{Flow: Payout, Token: "CHF24", Amount: "1", Contact: "1"}, "purpose"},
		"a reference with a CR":     {Form{Flow: Payout, Token: "CHF24", Amount: "1", Contact: "1", PurposeID: "1", Ref: "a\rb"}, "ref"},
		"above the limit available": {Form{Flow: Payout, Token: "CHF24", Amount: "50000.01", Contact: strconv.FormatUint(e.me*10+2, 10), PurposeID: "1"}, "amount"},
		"an unknown flow":           {Form{Flow: "fx"}, "flow"},
		"a slippage of 100 %":       {Form{Flow: Cashout, Token: "EUR24", Amount: "20", SlippageBps: 10_000}, "slippage-bps"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := e.run(t, c.form)
			var fe *app.FieldError
			if !errors.As(err, &fe) || fe.Field != c.field {
				t.Fatalf("want a field error on %s, got %v", c.field, err)
			}
		})
	}
	t.Run("a contact of another currency", func(t *testing.T) {
		_, _, err := e.run(t, Form{Flow: Payout, Token: "CHF24", Amount: "1", Contact: strconv.FormatUint(e.me*10+1, 10), PurposeID: "1"})
		var ad *app.Advice
		if !errors.As(err, &ad) || !strings.Contains(err.Error(), "is not a CHF contact") {
			t.Fatalf("want advice, got %v", err)
		}
	})
	if n := e.approve.Count() - asked; n != 0 {
		t.Fatalf("%d approvals asked for refused forms", n)
	}
}

// TestMoneyOutcomes (issue 31 "Done when"): every answer to a transfer's call that does not
// prove what the service did is settled from the chain: dropped after acting (HTTP 500, a
// truncated 200), sent twice, delayed, and a lying answer (a transaction never sent, a
// refusal after acting). Nothing done: unknown naming the permit, and the same signature
// sent again lands; a refusal before acting is refused. Each flow, both ways.
func TestMoneyOutcomes(t *testing.T) {
	defer func(d time.Duration) { SettleWait = d }(SettleWait)
	SettleWait = 500 * time.Millisecond
	for _, flow := range Flows() {
		t.Run(flow, func(t *testing.T) {
			apptest.BothWays(t, func(t *testing.T, inAgent bool) {
				e := newMoneyEnv(t, inAgent, "")
				form, path := map[string]func(string) Form{
					Transfer: e.transfer, Payout: e.payout,
					Cashout: func(amount string) Form { return Form{Flow: Cashout, Token: "EUR24", Amount: amount} },
				}[flow], map[string]string{Transfer: "/api/v1/transfer-with-permit", Payout: "/api/v1/payout-with-permit", Cashout: "/api/v1/onramp-with-permit"}[flow]
				moneyOutcomes(t, e, form, path)
			})
		})
	}
}

func moneyOutcomes(t *testing.T, e *moneyEnv, form func(amount string) Form, path string) {
	ctx := context.Background()
	amount := 10
	prepare := func(t *testing.T) Prepared {
		amount++
		c, err := New(e.app).Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		f := form(strconv.Itoa(amount))
		pl, err := New(e.app).Check(ctx, c, f, e.u)
		if err != nil {
			t.Fatal(err)
		}
		fl, _ := flowOf(f.Flow)
		pr, err := New(e.app).prepare(ctx, c, fl, pl, time.Now().Add(TTL))
		if err != nil {
			t.Fatal(err)
		}
		return pr
	}
	fault := func(t *testing.T, f endusertest.Faults) {
		f.Route, f.Count = path, 1
		if err := e.sb.EndUser.SetFaults(f); err != nil {
			t.Fatal(err)
		}
	}
	spent := func(t *testing.T, pr Prepared) *big.Int { return e.balance(t, pr.Plan.Token.Symbol, pr.Permit.Owner) }
	for name, c := range map[string]struct {
		fault endusertest.Faults
		note  string
	}{
		"HTTP 500 after acting":        {endusertest.Faults{HTTPStatus: 500, AfterExecute: true}, "HTTP 500"},
		"a truncated 200":              {endusertest.Faults{TruncateJSON: true}, "decode"},
		"a POST sent twice":            {endusertest.Faults{Duplicate: true}, "answer"},
		"retCode 10000 after acting":   {endusertest.Faults{RetCode: 10000, AfterExecute: true}, "10000"},
		"a slow answer, then success":  {endusertest.Faults{LatencyMs: 300}, ""},
		"a refusal after acting (lie)": {endusertest.Faults{RetCode: 10001, AfterExecute: true}, "refuses before acting"},
	} {
		t.Run(name, func(t *testing.T) {
			pr := prepare(t)
			before := spent(t, pr)
			fault(t, c.fault)
			out, err := New(e.app).Submit(ctx, e.u, pr, nil)
			if err != nil || out.Outcome != app.OutcomeLanded || !strings.Contains(out.Note, c.note) || (c.note == "") != (out.Note == "") {
				t.Fatalf("landed: %+v %v", out, err)
			}
			if c.note != "" && !strings.Contains(out.Note, "carries this permit") {
				t.Fatalf("note %q", out.Note)
			}
			if got := new(big.Int).Sub(before, spent(t, pr)); got.Cmp(pr.Plan.Value) != 0 {
				t.Fatalf("%s left the account, want %s once", got, pr.Plan.Value)
			}
		})
	}
	for name, f := range map[string]endusertest.Faults{
		"HTTP 500, nothing done":          {HTTPStatus: 500},
		"a transaction never sent (lie)":  {PhantomTxHash: true},
		"retCode 10000, nothing done":     {RetCode: 10000},
		"no answer (gateway 502), a drop": {HTTPStatus: 502},
	} {
		t.Run(name, func(t *testing.T) {
			pr := prepare(t)
			fault(t, f)
			out, err := New(e.app).Submit(ctx, e.u, pr, nil)
			oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
			if oe.Fields["permitSignature"] != out.Signature || oe.Fields["flow"] != pr.Plan.Flow || !strings.Contains(err.Error(), "still "+pr.Permit.Nonce.String()) ||
				!strings.Contains(oe.NextStep(), "purse tx list") {
				t.Fatalf("unknown: %v %v (next %s)", err, oe.Fields, oe.NextStep())
			}
			again, err := New(e.app).Submit(ctx, e.u, pr, out.Sig)
			if err != nil || again.Outcome != app.OutcomeLanded || again.Signature != out.Signature {
				t.Fatalf("sent again: %+v %v", again, err)
			}
		})
	}
	t.Run("refused before acting", func(t *testing.T) {
		pr := prepare(t)
		fault(t, endusertest.Faults{RetCode: 10001, RetMsg: "signature check failed"})
		_, err := New(e.app).Submit(ctx, e.u, pr, nil)
		oe := apptest.OutcomeOf(t, err, OutcomeRefused)
		if !strings.Contains(oe.NextStep(), "Nothing moved") {
			t.Fatalf("refused: %v", err)
		}
	})
}

// TestCashout (issue 31 §1): a cash-out quotes, signs the permit for exactly the amount to
// the buffer pool with its call (one approval), lands, and the quote's USDC is seen arriving
// in the owner's wallet; a quote that needs the liveness check stops before anything is
// signed until the check passed.
func TestCashout(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		c, err := New(e.app).Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		usdcBefore := e.balance(t, "USDC", c.Owner)
		asked := e.approve.Count()
		pr, out, err := e.run(t, Form{Flow: Cashout, Token: "EUR24", Amount: "50.00"})
		if err != nil || out.Outcome != app.OutcomeLanded || !out.Delivered || out.QuoteID == "" {
			t.Fatalf("cash-out: %+v %v", out, err)
		}
		if pr.Plan.Spender != e.sb.Chain.Contracts().BufferPool || pr.Plan.SpenderRole != app.RoleBufferPool {
			t.Fatalf("spender %s (%s)", pr.Plan.Spender.Hex(), pr.Plan.SpenderRole)
		}
		got := new(big.Int).Sub(e.balance(t, "USDC", c.Owner), usdcBefore)
		if got.String() != out.USDCOut || !strings.Contains(out.Delivery, "USDC arrived") {
			t.Fatalf("USDC received %s, quoted %s (%s)", got, out.USDCOut, out.Delivery)
		}
		if n := e.approve.Count() - asked; n != 1 {
			t.Fatalf("%d approvals for one cash-out", n)
		}
		if v, _ := apptest.FieldOf(e.approve.Last().Review, "What the permit pays for", "you receive"); v != "at least "+out.MinOut[:len(out.MinOut)-6]+"."+out.MinOut[len(out.MinOut)-6:]+" USDC" {
			t.Fatalf("the review's output %q:\n%s", v, apptest.ReviewText(e.approve.Last().Review))
		}
		if v, _ := apptest.FieldOf(e.approve.Last().Review, "What the permit pays for", "quoteId"); v != out.QuoteID {
			t.Fatalf("the review lacks the quote:\n%s", apptest.ReviewText(e.approve.Last().Review))
		}

		// 2,500 EUR (above the sandbox's USD 2,000) needs the liveness check.
		eur, _ := e.sb.Chain.Token("EUR24")
		if _, err := e.sb.Chain.Fund(context.Background(), eur.Address, c.Owner, big.NewInt(300_000)); err != nil {
			t.Fatal(err)
		}
		asked = e.approve.Count()
		_, _, err = e.run(t, Form{Flow: Cashout, Token: "EUR24", Amount: "2500"})
		var ad *app.Advice
		if !errors.As(err, &ad) || !strings.Contains(err.Error(), "needs the liveness check") || e.approve.Count() != asked {
			t.Fatalf("a quote that needs liveness: %v", err)
		}
		if _, err := appaccount.New(e.app).Read(context.Background(), e.u, "liveness-token"); err != nil {
			t.Fatal(err)
		}
		if _, out, err := e.run(t, Form{Flow: Cashout, Token: "EUR24", Amount: "2500"}); err != nil || out.Outcome != app.OutcomeLanded {
			t.Fatalf("after the liveness check: %+v %v", out, err)
		}
	})
}

// TestBufferPoolPin: the buffer pool comes from the chain configuration, the service's
// word; a profile that pins another (buffer_pool) refuses the cash-out before asking, and
// the signing gate refuses a cash-out prepared before the pin changed (as a hostile caller
// would hand it), so no permit goes to a pool the profile does not accept.
func TestBufferPoolPin(t *testing.T) {
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		e := newMoneyEnv(t, inAgent, "")
		ctx := context.Background()
		c, err := New(e.app).Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := New(e.app).Check(ctx, c, Form{Flow: Cashout, Token: "EUR24", Amount: "20"}, e.u)
		if err != nil {
			t.Fatal(err)
		}
		fl, _ := flowOf(Cashout)
		pr, err := New(e.app).prepare(ctx, c, fl, pl, time.Now().Add(TTL))
		if err != nil {
			t.Fatal(err)
		}
		other := "0x00000000000000000000000000000000000b0071"
		if _, err := e.app.UpdateProfile(func(p *config.Profile) error { return p.Set("buffer_pool", other) }); err != nil {
			t.Fatal(err)
		}
		asked := e.approve.Count()
		_, _, err = e.run(t, Form{Flow: Cashout, Token: "EUR24", Amount: "20"})
		var ad *app.Advice
		if !errors.As(err, &ad) || !strings.Contains(err.Error(), "buffer_pool") || e.approve.Count() != asked {
			t.Fatalf("a pool the profile does not pin: %v", err)
		}
		_, err = New(e.app).Submit(ctx, e.u, pr, nil)
		if !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), "buffer_pool") || e.approve.Count() != asked {
			t.Fatalf("the gate signed a permit to a pool the profile does not pin: %v (asked %d)", err, e.approve.Count()-asked)
		}
		// Unpinned, the configuration's pool is taken, and the review says nothing pins it.
		if _, err := e.app.UpdateProfile(func(p *config.Profile) error { return p.Set("buffer_pool", "") }); err != nil {
			t.Fatal(err)
		}
		if _, out, err := e.run(t, Form{Flow: Cashout, Token: "EUR24", Amount: "20"}); err != nil || out.Outcome != app.OutcomeLanded ||
			!strings.Contains(strings.Join(e.approve.Last().Review.Warnings, "\n"), "pins none (buffer_pool)") {
			t.Fatalf("unpinned: %+v %v %q", out, err, e.approve.Last().Review.Warnings)
		}
	})
}
