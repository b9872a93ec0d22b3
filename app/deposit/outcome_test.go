package deposit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/app"
	"purse/app/apptest"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
)

// depositEnv is an App on the sandbox Solana cluster (its RPC and partner quote API on
// loopback), with a Solana key funded with 1 SOL and 50 USDC and an EVM partner key the
// sandbox accepts quotes from.
type depositEnv struct {
	app  *app.App
	sb   *altchaintest.Sandbox
	user solana.PublicKey
	u    *app.Unlock
}

func newDepositEnv(t *testing.T) *depositEnv {
	t.Helper()
	t.Setenv(app.EnvNoAgent, "1")
	home := t.TempDir()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	ks := testhome.FileStore(t, home, map[string]keystore.Kind{"sol": keystore.KindSolana, "partner": keystore.KindEVM})
	sol, err := ks.Get("sol")
	if err != nil {
		t.Fatal(err)
	}
	partner, err := ks.Get("partner")
	if err != nil {
		t.Fatal(err)
	}
	user := solana.MustPublicKeyFromBase58(sol.Address)
	sb := altchaintest.New(altchaintest.Config{BlockTime: 20 * time.Millisecond, PartnerKeys: []common.Address{common.HexToAddress(partner.Address)},
		OutputToken: altchaintest.FiatToken})
	if _, err := sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v3/config/chain-configs", altchaintest.ChainConfigs)
	mux.Handle("/solana", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/solana/", http.StripPrefix("/solana", sb.RPCHandler()))
	mux.Handle("/partner/", http.StripPrefix("/partner", sb.PartnerHandler()))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	testhome.UseProfile(t, home, &config.Profile{Name: "t", UserAPI: srv.URL, PartnerAPI: srv.URL + "/partner", Network: "31337",
		SolanaRPC: srv.URL + "/solana", SolanaCluster: "sandbox", SolanaKey: "sol", PartnerKey: "partner", PartnerAuth: "spec", TokenID: "4242"})
	// The review is approved, as a user would on the terminal (the gate's own tests cover it).
	s, err := app.Open(app.Options{Home: home, Approver: &apptest.Approver{Answer: func(app.Approval) error { return nil }}})
	if err != nil {
		t.Fatal(err)
	}
	return &depositEnv{app: s, sb: sb, user: user, u: &app.Unlock{Passphrase: []byte("pw")}}
}

// hurry advances the sandbox 10 blocks every 20 ms until the test ends, so a blockhash (150
// blocks) expires in about 300 ms.
func (e *depositEnv) hurry(t *testing.T) { t.Cleanup(e.sb.Hurry(10, 20*time.Millisecond)) }

// deposit runs the whole deposit of 10 USDC (quote from the partner API, review approved).
func (e *depositEnv) deposit(t *testing.T) (Receipt, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return New(e.app).Run(ctx, Run{
		Input: QuoteInput{Amount: 10_000_000, Currency: "EUR"}, Poll: 10 * time.Millisecond,
	}, e.u)
}

func (e *depositEnv) check(t *testing.T, sig string, lastValid uint64) Status {
	t.Helper()
	st, err := New(e.app).Check(context.Background(), sig, lastValid)
	if err != nil {
		t.Fatalf("check %s: %v", sig, err)
	}
	return st
}

// TestDepositOutcomeUnderLaggingViews (issue 22 §1): the deposit flow of the application
// layer against the sandbox's lagging views. A deposit that landed is reported landed when
// the recent status cache answers null (the "did not land, run the deposit again"),
// and unknown, never "not landed", when every status and transaction read comes from a node
// behind: with its signature and last valid block height as fields and the command that
// settles it; Service.Check then finds it landed. A deposit that never landed is "not landed"
// once a node past the expiry says so, and unknown while none does.
func TestDepositOutcomeUnderLaggingViews(t *testing.T) {
	t.Run("recent status cache null, landed", func(t *testing.T) {
		e := newDepositEnv(t)
		if err := e.sb.SetFaults(altchaintest.Faults{RecentStatusNull: true}); err != nil {
			t.Fatal(err)
		}
		e.hurry(t)
		res, err := e.deposit(t)
		if err != nil || (res.ConfirmationStatus != "confirmed" && res.ConfirmationStatus != "finalized") {
			t.Fatalf("a landed deposit: %+v %v", res, err)
		}
		if len(e.sb.Deposits()) != 1 || e.sb.USDC(e.user) != 40_000_000 {
			t.Fatalf("deposits %d, USDC %d", len(e.sb.Deposits()), e.sb.USDC(e.user))
		}
		// Finalization reads past the lagging cache too.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		sig := solana.MustSignatureFromBase58(res.Signature)
		if st, err := New(e.app).Finalize(ctx, sig, 10*time.Millisecond, nil); err != nil || st != "finalized" {
			t.Fatalf("finalize: %q %v", st, err)
		}
	})
	t.Run("statuses and transactions from a node behind, landed", func(t *testing.T) {
		e := newDepositEnv(t)
		if err := e.sb.SetFaults(altchaintest.Faults{StatusLag: 1 << 20, TransactionLag: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		e.hurry(t)
		_, err := e.deposit(t)
		oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
		deps := e.sb.Deposits()
		if len(deps) != 1 || deps[0].Signature != oe.ID {
			t.Fatalf("the deposit %s did not land: %+v", oe.ID, deps)
		}
		lv, ok := oe.Fields["lastValidBlockHeight"].(uint64)
		if !ok || lv == 0 || oe.Fields["blockHeight"] == nil {
			t.Fatalf("fields %v", oe.Fields)
		}
		next := oe.NextStep()
		if !strings.Contains(next, fmt.Sprintf("purse altchain status %s --last-valid-block-height %d", oe.ID, lv)) ||
			strings.Contains(next, "run the deposit again") || !strings.Contains(err.Error(), "behind slot") {
			t.Fatalf("unknown outcome: %v\nnext: %s", err, next)
		}
		// While the views lag, asking again stays unknown; once they catch up: landed.
		if st := e.check(t, oe.ID, lv); st.Outcome != app.OutcomeUnknown {
			t.Fatalf("status with lagging views: %+v", st)
		}
		if err := e.sb.SetFaults(altchaintest.Faults{}); err != nil {
			t.Fatal(err)
		}
		if st := e.check(t, oe.ID, lv); st.Outcome != app.OutcomeLanded || !strings.Contains(st.Meaning, "do not send it again") {
			t.Fatalf("status once the views caught up: %+v", st)
		}
	})
	t.Run("dropped, recent status cache null", func(t *testing.T) {
		e := newDepositEnv(t)
		if err := e.sb.SetFaults(altchaintest.Faults{DropSends: 1 << 20, RecentStatusNull: true}); err != nil {
			t.Fatal(err)
		}
		e.hurry(t)
		_, err := e.deposit(t)
		oe := apptest.OutcomeOf(t, err, app.OutcomeNotLanded)
		var se *app.StepError
		if !errors.As(err, &se) || se.Step != StepConfirm || !errors.Is(err, altchain.ErrBlockhashExpired) ||
			!strings.Contains(err.Error(), "getTransaction found no trace") || !strings.Contains(oe.NextStep(), "run the deposit again") {
			t.Fatalf("not landed: %v (next: %s)", err, oe.NextStep())
		}
		if e.sb.USDC(e.user) != 50_000_000 || len(e.sb.Deposits()) != 0 {
			t.Fatal("a dropped deposit moved USDC")
		}
	})
	t.Run("dropped, statuses from a node behind", func(t *testing.T) {
		e := newDepositEnv(t)
		if err := e.sb.SetFaults(altchaintest.Faults{DropSends: 1 << 20, StatusLag: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		e.hurry(t)
		_, err := e.deposit(t)
		oe := apptest.OutcomeOf(t, err, app.OutcomeUnknown)
		lv := oe.Fields["lastValidBlockHeight"].(uint64)
		if err := e.sb.SetFaults(altchaintest.Faults{}); err != nil {
			t.Fatal(err)
		}
		if st := e.check(t, oe.ID, lv); st.Outcome != app.OutcomeNotLanded || !strings.Contains(st.Meaning, "safe to deposit again") {
			t.Fatalf("status once the views caught up: %+v", st)
		}
		if st := e.check(t, oe.ID, 0); st.Outcome != app.OutcomeUnknown || !strings.Contains(st.Meaning, "--last-valid-block-height") {
			t.Fatalf("status without the last valid height: %+v", st)
		}
	})
	t.Run("status of a signature while the RPC fails", func(t *testing.T) {
		e := newDepositEnv(t)
		if err := e.sb.SetFaults(altchaintest.Faults{StatusAnswer: altchaintest.AnswerHTTP502}); err != nil {
			t.Fatal(err)
		}
		st := e.check(t, solana.Signature{9, 9}.String(), 1)
		if st.Outcome != app.OutcomeUnknown || !strings.Contains(st.Meaning, "HTTP 502") {
			t.Fatalf("a failing RPC settled %+v", st)
		}
	})
}
