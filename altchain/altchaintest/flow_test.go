package altchaintest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/wallet"
)

// countingSigner counts the signatures it makes.
type countingSigner struct {
	wallet.SolanaSigner
	mu sync.Mutex
	n  int
}

func (c *countingSigner) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return c.SolanaSigner.SignMessage(p, msg)
}

func (c *countingSigner) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

type depositEvent struct {
	user solana.PublicKey
	usdc uint64
	sig  string
}

// TestDepositFlow runs the whole flow against the sandbox: fund, partner-signed quote,
// Verify, Prepare (fresh blockhash, sign, simulate with sigVerify), Send, and checks the
// ledger moved exactly what the review showed and OnDeposit fired once.
func TestDepositFlow(t *testing.T) {
	var mu sync.Mutex
	var events []depositEvent
	e := newEnv(t, Config{BlockTime: 20 * time.Millisecond, OnDeposit: func(d Deposit) {
		if d.SvcID == 0 || d.Currency == "" || !d.Output.IsPositive() {
			t.Errorf("deposit without the quote's account, currency or output: %+v", d)
		}
		mu.Lock()
		events = append(events, depositEvent{d.User, d.USDC, d.Signature})
		mu.Unlock()
	}})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	q := e.quote(t, "12500000")
	if q.Network != e.sb.Network() || q.USDCAmount != 12_500_000 || q.NativeFeeLamportsWithBuffer != 1_800_000 {
		t.Fatalf("quote: %+v", q)
	}
	r, err := altchain.Verify(ctx(t), e.rpc, q, user, Options())
	if err != nil || r.Rejected() {
		t.Fatalf("verify: %v %v", err, r.Findings)
	}
	signer := &countingSigner{SolanaSigner: e.user}
	p, err := altchain.Prepare(ctx(t), e.rpc, q, signer, Options())
	if err != nil {
		t.Fatalf("prepare: %v", err)
	}
	if signer.count() != 1 {
		t.Fatalf("%d signatures, want 1", signer.count())
	}
	if p.Report.TotalCostLamports != 5000+400+1_800_000 {
		t.Fatalf("total cost %d", p.Report.TotalCostLamports)
	}
	lamportsBefore := e.sb.Lamports(user)
	st, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond)
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	if st.ConfirmationStatus != "confirmed" && st.ConfirmationStatus != "finalized" {
		t.Fatalf("status %+v", st)
	}
	if got := e.sb.TokenBalance(altchain.SandboxDepositAccount); got != 12_500_000 {
		t.Fatalf("deposit account holds %d", got)
	}
	if got := e.sb.USDC(user); got != 37_500_000 {
		t.Fatalf("user USDC %d", got)
	}
	if spent := lamportsBefore - e.sb.Lamports(user); spent != p.Report.TotalCostLamports {
		t.Fatalf("user spent %d lamports, the review showed %d", spent, p.Report.TotalCostLamports)
	}
	if got := e.sb.Lamports(altchain.SandboxFeeReceiver); got != SystemAccountRent+1_800_000 {
		t.Fatalf("fee receiver %d", got)
	}
	mu.Lock()
	if len(events) != 1 || events[0] != (depositEvent{user, 12_500_000, p.Signature.String()}) {
		t.Fatalf("OnDeposit: %+v", events)
	}
	mu.Unlock()

	// Re-sending the same bytes is idempotent.
	if sig, err := e.rpc.SendTransaction(ctx(t), p.Signed); err != nil || sig != p.Signature {
		t.Fatalf("resend: %v %v", sig, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(events) != 1 || e.sb.TokenBalance(altchain.SandboxDepositAccount) != 12_500_000 || len(e.sb.Deposits()) != 1 {
		t.Fatal("a duplicate send executed twice")
	}
}

// TestExpiredQuoteNeedsNewQuote: a quote whose lastValidBlockHeight passed is rejected
// (E23) before anything is signed; a new quote goes through.
func TestExpiredQuoteNeedsNewQuote(t *testing.T) {
	e := newEnv(t, Config{BlockTime: time.Hour})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	e.sb.ExpireNextQuote()
	q := e.quote(t, "10000000")
	if q.LastValidBlockHeight >= e.sb.BlockHeight() {
		t.Fatalf("quote not expired: %d vs %d", q.LastValidBlockHeight, e.sb.BlockHeight())
	}
	signer := &countingSigner{SolanaSigner: e.user}
	p, err := altchain.Prepare(ctx(t), e.rpc, q, signer, Options())
	var re *altchain.RejectedError
	if !errors.As(err, &re) || !p.Report.Has("E23", altchain.Reject) || signer.count() != 0 {
		t.Fatalf("expired quote: err %v, signatures %d", err, signer.count())
	}
	q = e.quote(t, "10000000")
	if p, err = altchain.Prepare(ctx(t), e.rpc, q, signer, Options()); err != nil {
		t.Fatalf("fresh quote: %v", err)
	}
	e.sb.AdvanceBlocks(1)
	go func() {
		// Blocks only advance by hand here: one more once it landed, so it is confirmed (a
		// fixed sleep raced the send on a busy machine: landed after the advance, it stayed
		// "processed").
		for e.sb.TokenBalance(altchain.SandboxDepositAccount) == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		e.sb.AdvanceBlocks(1)
	}()
	if _, err := altchain.Send(ctx(t), e.rpc, p, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if e.sb.TokenBalance(altchain.SandboxDepositAccount) != 10_000_000 {
		t.Fatal("deposit did not land")
	}
}

// TestSendExpiresThenResign: every send is dropped until the blockhash expires; Send
// reports ErrBlockhashExpired without re-signing, nothing landed, and only then a new
// quote is signed with a new blockhash and confirms.
func TestSendExpiresThenResign(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 2 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	signer := &countingSigner{SolanaSigner: e.user}
	p, err := altchain.Prepare(ctx(t), e.rpc, e.quote(t, "6000000"), signer, Options())
	if err != nil {
		t.Fatal(err)
	}
	e.sb.DropSends(1 << 20)
	if _, err := altchain.Send(ctx(t), e.rpc, p, 5*time.Millisecond); !errors.Is(err, altchain.ErrBlockhashExpired) {
		t.Fatalf("send: %v", err)
	}
	if signer.count() != 1 {
		t.Fatalf("Send re-signed: %d signatures", signer.count())
	}
	if e.sb.Dropped() < 2 {
		t.Fatalf("expected re-broadcasts, %d sends dropped", e.sb.Dropped())
	}
	if valid, err := e.rpc.IsBlockhashValid(ctx(t), p.Blockhash); err != nil || valid {
		t.Fatalf("blockhash still valid: %v %v", valid, err)
	}
	if st, err := e.rpc.SignatureStatus(ctx(t), p.Signature, true); err != nil || st.Status != nil {
		t.Fatalf("dropped transaction has a status: %+v %v", st, err)
	}
	if e.sb.USDC(user) != 50_000_000 {
		t.Fatal("USDC moved")
	}
	// The old bytes can no longer land.
	if _, err := e.rpc.SendTransaction(ctx(t), p.Signed); err == nil {
		t.Fatal("expired bytes accepted")
	}

	e.sb.DropSends(0)
	p2, err := altchain.Prepare(ctx(t), e.rpc, e.quote(t, "6000000"), signer, Options())
	if err != nil {
		t.Fatal(err)
	}
	if p2.Blockhash == p.Blockhash || p2.Signature == p.Signature {
		t.Fatal("re-signed with the same blockhash")
	}
	if _, err := altchain.Send(ctx(t), e.rpc, p2, 5*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if e.sb.USDC(user) != 44_000_000 || len(e.sb.Deposits()) != 1 {
		t.Fatalf("USDC %d, deposits %d", e.sb.USDC(user), len(e.sb.Deposits()))
	}
}

// TestDroppedSendRebroadcast: the first two sends are dropped; Send re-broadcasts the
// identical bytes and the deposit lands once.
func TestDroppedSendRebroadcast(t *testing.T) {
	e := newEnv(t, Config{BlockTime: 10 * time.Millisecond})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	p, err := altchain.Prepare(ctx(t), e.rpc, e.quote(t, "7000000"), e.user, Options())
	if err != nil {
		t.Fatal(err)
	}
	e.sb.DropSends(2)
	if _, err := altchain.Send(ctx(t), e.rpc, p, 5*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if e.sb.Dropped() != 2 || len(e.sb.Deposits()) != 1 || e.sb.Deposits()[0].Signature != p.Signature.String() {
		t.Fatalf("dropped %d, deposits %+v", e.sb.Dropped(), e.sb.Deposits())
	}
	if e.sb.TokenBalance(altchain.SandboxDepositAccount) != 7_000_000 {
		t.Fatal("deposit did not land exactly once")
	}
}

// TestMaliciousQuoteRejectedBeforeSigning: every malicious quote kind is refused by the
// validator with its rule and the user key never signs.
func TestMaliciousQuoteRejectedBeforeSigning(t *testing.T) {
	e := newEnv(t, Config{BlockTime: time.Hour})
	user := e.user.PublicKey()
	if _, err := e.sb.Fund(user, 2_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	for kind, rule := range map[string]string{MaliciousExtraTransfer: "D17", MaliciousSwapDeposit: "F24", MaliciousDrainFee: "D20"} {
		if err := e.sb.MaliciousNextQuote(kind); err != nil {
			t.Fatal(err)
		}
		q := e.quote(t, "10000000")
		signer := &countingSigner{SolanaSigner: e.user}
		p, err := altchain.Prepare(ctx(t), e.rpc, q, signer, Options())
		var re *altchain.RejectedError
		if !errors.As(err, &re) {
			t.Fatalf("%s: prepared: %v", kind, err)
		}
		if !p.Report.Has(rule, altchain.Reject) {
			t.Errorf("%s: no %s rejection in %v", kind, rule, p.Report.Findings)
		}
		if signer.count() != 0 || len(p.Signed) != 0 {
			t.Errorf("%s: signed", kind)
		}
		if got := altchain.Inspect(q, user, Options()); !got.Rejected() {
			t.Errorf("%s: offline inspection accepted it", kind)
		}
	}
	if e.sb.USDC(user) != 50_000_000 || e.sb.Lamports(user) != 2_000_000_000 || e.sb.Lamports(Attacker) != 0 {
		t.Fatal("funds moved")
	}
	if f := e.sb.Faults(); f.MaliciousNextQuote != "" {
		t.Fatalf("fault not consumed: %+v", f)
	}
	// The sandbox program itself refuses a swapped deposit account even when signed
	// (defence in depth for demos that bypass the validator).
	if err := e.sb.MaliciousNextQuote(MaliciousSwapDeposit); err != nil {
		t.Fatal(err)
	}
	q := e.quote(t, "10000000")
	bh := e.sb.LatestBlockhash()
	signed, _, err := altchain.SignTransaction(q.Transaction, bh.Hash, e.user)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.rpc.Simulate(ctx(t), signed, []solana.PublicKey{user})
	if err != nil || res.Err == "" {
		t.Fatalf("swapped deposit simulated fine: %+v %v", res, err)
	}
	if _, err := e.rpc.SendTransaction(ctx(t), signed); err == nil {
		t.Fatal("swapped deposit accepted by preflight")
	}
}
