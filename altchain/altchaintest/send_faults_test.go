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
