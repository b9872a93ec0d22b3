package altchaintest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
)

// TestSendAnswersBadlyButLanded: the cluster executes the deposit and then answers the send
// with HTTP 502, a dropped connection, a timeout, a JSON-RPC error or another signature.
// Each time the deposit is found confirmed by its signature, and it moved the USDC once.
func TestSendAnswersBadlyButLanded(t *testing.T) {
	for _, kind := range []string{AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError, AnswerOtherSignature} {
		t.Run(kind, func(t *testing.T) {
			var mu sync.Mutex
			deposits := 0
			e := newEnv(t, Config{BlockTime: 20 * time.Millisecond, OnDeposit: func(Deposit) { mu.Lock(); deposits++; mu.Unlock() }})
			e.rpc.SetTimeout(300 * time.Millisecond)
			user, p := e.prepared(t)
			// Every send is answered badly: the re-broadcasts too.
			if err := e.sb.SetFaults(Faults{SendAnswer: kind, SendAnswers: 100}); err != nil {
				t.Fatal(err)
			}
			st, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond)
			if err != nil || (st.ConfirmationStatus != "confirmed" && st.ConfirmationStatus != "finalized") {
				t.Fatalf("a landed deposit reported as %+v, %v", st, err)
			}
			mu.Lock()
			defer mu.Unlock()
			if deposits != 1 || e.sb.USDC(user) != 37_500_000 {
				t.Fatalf("%d deposit(s), user USDC %d", deposits, e.sb.USDC(user))
			}
		})
	}
}

// TestStatusNeverAnswers: the send is forwarded and its answer lost, and no status is ever
// answered: the outcome is unknown, with the signature and the last valid block height,
// never a plain failure. Once the status answers again after the blockhash expired with a
// dropped send, the deposit is "not landed" (safe to retry).
func TestStatusNeverAnswers(t *testing.T) {
	for _, kind := range []string{AnswerHTTP502, AnswerDrop, AnswerHang, AnswerRPCError} {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
			e.rpc.SetTimeout(200 * time.Millisecond)
			user, p := e.prepared(t)
			if err := e.sb.SetFaults(Faults{SendAnswer: AnswerHTTP502, SendAnswers: 1, StatusAnswer: kind}); err != nil {
				t.Fatal(err)
			}
			c, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
			defer cancel()
			_, err := altchain.Send(c, e.rpc, p, 20*time.Millisecond)
			var ue *altchain.OutcomeUnknownError
			if !errors.As(err, &ue) || ue.Signature != p.Signature || ue.LastValidBlockHeight != p.LastValidBlockHeight ||
				!strings.Contains(err.Error(), p.Signature.String()) {
				t.Fatalf("want an unknown outcome naming %s, got %v", p.Signature, err)
			}
			if e.sb.USDC(user) != 37_500_000 {
				t.Fatalf("the deposit did not land: user USDC %d", e.sb.USDC(user))
			}
		})
	}
	t.Run("dropped and expired", func(t *testing.T) {
		e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
		user, p := e.prepared(t)
		if err := e.sb.SetFaults(Faults{DropSends: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		go func() { time.Sleep(50 * time.Millisecond); e.sb.AdvanceBlocks(1000) }()
		if _, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond); !errors.Is(err, altchain.ErrBlockhashExpired) {
			t.Fatalf("want not landed, got %v", err)
		}
		if e.sb.USDC(user) != 50_000_000 {
			t.Fatalf("user USDC %d", e.sb.USDC(user))
		}
	})
}

// TestSendLaggingViews (issue 22): the cluster's views lag in each way a load-balanced or
// lagging RPC shows, and Send concludes only what the answers prove. A deposit that landed
// is never "not landed": with the recent status cache answering null it is found in the
// history; when every status and transaction read comes from a node behind, it is unknown.
// A dropped deposit is still "not landed" once a node past the expiry says so, however the
// height or the recent cache lag.
func TestSendLaggingViews(t *testing.T) {
	for name, c := range map[string]struct {
		faults Faults
		drop   bool
		want   func(st *altchain.SignatureStatus, err error) bool
	}{
		"recent status cache null, landed": {faults: Faults{RecentStatusNull: true}, want: landedStatus},
		"getTransaction lags, landed":      {faults: Faults{TransactionLag: 10_000}, want: landedStatus},
		"height lags, landed":              {faults: Faults{HeightLag: 100}, want: landedStatus},
		"statuses and transactions from a node behind, landed": {faults: Faults{StatusLag: 10_000, TransactionLag: 10_000},
			want: func(_ *altchain.SignatureStatus, err error) bool {
				var ue *altchain.OutcomeUnknownError
				return errors.As(err, &ue) && strings.Contains(err.Error(), "behind slot")
			}},
		"recent status cache null, dropped": {faults: Faults{RecentStatusNull: true}, drop: true, want: notLanded},
		"height lags, dropped":              {faults: Faults{HeightLag: 100}, drop: true, want: notLanded},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, Config{BlockTime: 20 * time.Millisecond})
			user, p := e.prepared(t)
			f := c.faults
			if c.drop {
				f.DropSends = 1 << 20
			}
			if err := e.sb.SetFaults(f); err != nil {
				t.Fatal(err)
			}
			defer e.sb.Hurry(10, 20*time.Millisecond)()
			st, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond)
			if !c.want(st, err) {
				t.Fatalf("%+v, %v", st, err)
			}
			moved := e.sb.USDC(user) != 50_000_000
			if moved == c.drop {
				t.Fatalf("dropped %v, USDC moved %v", c.drop, moved)
			}
		})
	}
}

func landedStatus(st *altchain.SignatureStatus, err error) bool {
	return err == nil && st.Confirmed()
}

func notLanded(_ *altchain.SignatureStatus, err error) bool {
	var nl *altchain.NotLandedError
	return errors.As(err, &nl) && errors.Is(err, altchain.ErrBlockhashExpired)
}

// prepared funds the env's user (1 SOL, 50 USDC) and prepares a 12.5 USDC deposit: signed,
// simulated, not sent.
func (e *env) prepared(t *testing.T) (solana.PublicKey, *altchain.Prepared) {
	t.Helper()
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	p, err := altchain.Prepare(ctx(t), e.rpc, e.quote(t, "12500000"), e.user, Options())
	if err != nil {
		t.Fatal(err)
	}
	return user, p
}
