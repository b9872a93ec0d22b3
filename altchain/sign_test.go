package altchain

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

func TestSignTransaction(t *testing.T) {
	q, user := baseline(t)
	k := testSigner(t)
	fresh := testKeyHash("fresh")
	signed, sig, err := SignTransaction(q.Transaction, fresh, k)
	if err != nil {
		t.Fatal(err)
	}
	tx := decodeTx(t, signed)
	if tx.Message.RecentBlockhash != fresh || tx.Signatures[0] != sig {
		t.Fatal("blockhash not replaced or signature not placed")
	}
	if err := tx.VerifySignatures(); err != nil {
		t.Fatal(err)
	}
	// The signed bytes differ from the unsigned ones only in the signature and blockhash.
	if len(signed) != len(q.Transaction) || tx.Message.AccountKeys[0] != user {
		t.Fatal("signed transaction changed shape")
	}
	if _, _, err := SignTransaction(q.Transaction, solana.Hash{}, k); err == nil {
		t.Fatal("signed without a fresh blockhash")
	}
}

func TestSignRefusesOtherSigners(t *testing.T) {
	cases := map[string]badCase{}
	for _, c := range badCases() {
		cases[c.name] = c
	}
	k := testSigner(t)
	for _, name := range []string{"fee payer swapped with a second signer", "extra pre-filled signer", "pre-filled user slot", "signature count mismatch", "trailing bytes", "version byte 0x81"} {
		q, _ := cases[name].build(t)
		if _, _, err := SignTransaction(q.Transaction, testKeyHash("fresh"), k); err == nil {
			t.Errorf("%s: signed", name)
		}
	}
	// A signer that is not the fee payer (G27).
	q, _ := baseline(t)
	if _, _, err := SignTransaction(q.Transaction, testKeyHash("fresh"), attackerKey(t)); err == nil {
		t.Error("signed with a key that is not the transaction's signer")
	}
}

func TestPrepareAndSend(t *testing.T) {
	q, user := baseline(t)
	fc := newFakeCluster(t, q, user)
	p, err := Prepare(context.Background(), fc, q, testSigner(t), testOptions())
	if err != nil {
		t.Fatalf("prepare: %v (findings %v)", err, p.Report.Findings)
	}
	if p.Blockhash != fc.bh.Hash || p.LastValidBlockHeight != fc.bh.LastValidBlockHeight || p.Report.Rejected() {
		t.Fatalf("prepared: %+v", p)
	}
	if decodeTx(t, p.Signed).VerifySignatures() != nil {
		t.Fatal("prepared bytes do not verify")
	}

	s := &fakeSender{sig: p.Signature, statusAfter: 2, height: 900}
	st, err := Send(context.Background(), s, p, time.Millisecond)
	if err != nil || st.ConfirmationStatus != "confirmed" {
		t.Fatalf("send: %+v %v", st, err)
	}
	if s.sends < 2 {
		t.Fatalf("expected re-broadcast of the identical bytes, got %d sends", s.sends)
	}
	for _, b := range s.sent {
		if string(b) != string(p.Signed) {
			t.Fatal("re-broadcast different bytes")
		}
	}

	s = &fakeSender{sig: p.Signature, statusAfter: 1 << 30, height: p.LastValidBlockHeight + 1}
	if _, err := Send(context.Background(), s, p, time.Millisecond); !errors.Is(err, ErrBlockhashExpired) {
		t.Fatalf("expiry: %v", err)
	}
}

func TestPrepareRejects(t *testing.T) {
	c := badCase{mutTx: setIx(1, priceData(20_000_000_000))}
	q, user := c.build(t)
	p, err := Prepare(context.Background(), newFakeCluster(t, q, user), q, testSigner(t), testOptions())
	var re *RejectedError
	if !errors.As(err, &re) || p == nil || !p.Report.Has("D20", Reject) || p.Signed != nil {
		t.Fatalf("draining price prepared: %v", err)
	}
}

func TestSimulationChecks(t *testing.T) {
	q, user := baseline(t)
	ata, _ := AssociatedTokenAddress(user, q.USDCMint, solana.TokenProgramID)
	for _, c := range []struct {
		name string
		rule string
		mut  func(res *SimulationResult)
	}{
		{"program error", "G28", func(res *SimulationResult) { res.Err = "InstructionError [2, Custom(1)]" }},
		{"units above limit", "G28", func(res *SimulationResult) { res.UnitsConsumed = 400_001 }},
		{"no success log", "G28", func(res *SimulationResult) { res.Logs = []string{"Program x failed"} }},
		{"delegate set", "G29", func(res *SimulationResult) { binary.LittleEndian.PutUint32(res.Accounts[1].Data[tokOffDelegate:], 1) }},
		{"close authority set", "G29", func(res *SimulationResult) {
			binary.LittleEndian.PutUint32(res.Accounts[1].Data[tokOffCloseAuthTag:], 1)
		}},
		{"owner changed", "G29", func(res *SimulationResult) { copy(res.Accounts[1].Data[tokOffOwner:], attacker[:]) }},
		{"account closed", "G29", func(res *SimulationResult) { res.Accounts[1] = nil }},
		{"more USDC leaves", "G29", func(res *SimulationResult) { binary.LittleEndian.PutUint64(res.Accounts[1].Data[tokOffAmount:], 0) }},
		{"SOL drained", "G29", func(res *SimulationResult) { res.Accounts[0].Lamports = 0 }},
		{"user assigned", "G29", func(res *SimulationResult) { res.Accounts[0].Owner = attacker }},
	} {
		t.Run(c.name, func(t *testing.T) {
			fc := newFakeCluster(t, q, user)
			honest := fc.simulate
			fc.simulate = func(tx []byte, keys []solana.PublicKey) (*SimulationResult, error) {
				res, err := honest(tx, keys)
				if keys[1] != ata {
					t.Fatal("simulation does not watch the user's USDC account")
				}
				c.mut(res)
				return res, err
			}
			p, err := Prepare(context.Background(), fc, q, testSigner(t), testOptions())
			if err == nil || !p.Report.Has(c.rule, Reject) {
				t.Fatalf("not rejected by %s: %v", c.rule, err)
			}
		})
	}
}

// fakeSender is a cluster where the transaction is found (confirmed, by status and by
// getTransaction alike) once more than statusAfter status reads were made; block heights
// are slots, and status answers come from a node slotLag slots behind the last height read.
type fakeSender struct {
	sig         solana.Signature
	statusAfter int
	polls       int
	sends       int
	sent        [][]byte
	height      uint64
	heightAt    func(polls int) uint64
	slotLag     uint64
	recentNull  bool // the recent status cache never holds it
	lastHeight  uint64
}

func (f *fakeSender) SendTransaction(_ context.Context, b []byte) (solana.Signature, error) {
	f.sends++
	f.sent = append(f.sent, append([]byte(nil), b...))
	return f.sig, nil
}

func (f *fakeSender) landed() bool { return f.polls > f.statusAfter }

func (f *fakeSender) SignatureStatus(_ context.Context, _ solana.Signature, history bool) (StatusRead, error) {
	f.polls++
	r := StatusRead{Slot: f.lastHeight - f.slotLag, History: history}
	if f.landed() && (history || !f.recentNull) {
		r.Status = &SignatureStatus{ConfirmationStatus: "confirmed"}
	}
	return r, nil
}

func (f *fakeSender) Transaction(context.Context, solana.Signature) (*TxInfo, error) {
	if f.landed() {
		return &TxInfo{Slot: 1}, nil
	}
	return nil, nil
}

func (f *fakeSender) Height(context.Context) (HeightRead, error) {
	f.lastHeight = f.height
	if f.heightAt != nil {
		f.lastHeight = f.heightAt(f.polls)
	}
	return HeightRead{BlockHeight: f.lastHeight, Slot: f.lastHeight, Commitment: "confirmed"}, nil
}

var _ wallet.SolanaSigner = (*wallet.SolanaKey)(nil)

// faultySender is a cluster whose answers fail on purpose: sends that error or name another
// signature, statuses that error, a transaction that failed.
type faultySender struct {
	fakeSender
	sendErr   error
	answerSig *solana.Signature
	statusErr error
	txErr     string
}

func (f *faultySender) SendTransaction(ctx context.Context, b []byte) (solana.Signature, error) {
	sig, _ := f.fakeSender.SendTransaction(ctx, b)
	if f.answerSig != nil {
		sig = *f.answerSig
	}
	return sig, f.sendErr
}

func (f *faultySender) SignatureStatus(ctx context.Context, sig solana.Signature, history bool) (StatusRead, error) {
	if f.statusErr != nil {
		f.polls++
		return StatusRead{}, f.statusErr
	}
	st, err := f.fakeSender.SignatureStatus(ctx, sig, history)
	if st.Status != nil && f.txErr != "" {
		st.Status.Err = f.txErr
	}
	return st, err
}

func (f *faultySender) Transaction(ctx context.Context, sig solana.Signature) (*TxInfo, error) {
	if f.statusErr != nil {
		return nil, f.statusErr
	}
	tx, err := f.fakeSender.Transaction(ctx, sig)
	if tx != nil {
		tx.Err = f.txErr
	}
	return tx, err
}

// TestSendOutcome: H30 — once signed, only the cluster's answers about the signature decide
// (Decide). A send that fails or answers another signature is followed by polling; "not
// landed" needs the expiry read at "confirmed" and, after it, a history read from a node
// past it and getTransaction finding nothing; otherwise the outcome is unknown, with the
// signature.
func TestSendOutcome(t *testing.T) {
	q, user := baseline(t)
	p, err := Prepare(context.Background(), newFakeCluster(t, q, user), q, testSigner(t), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	p.QuoteValidUntil = 0 // the blockhash's lifetime alone (TestNoResendPastTheQuote has the quote's)
	other := solana.Signature{1, 2, 3}
	valid, expired := p.LastValidBlockHeight-10, p.LastValidBlockHeight+1
	expiresAfter := func(n int) func(int) uint64 {
		return func(polls int) uint64 {
			if polls > n {
				return expired
			}
			return valid
		}
	}
	unknown := func(check func(*OutcomeUnknownError) bool) func(*SignatureStatus, error) bool {
		return func(_ *SignatureStatus, err error) bool {
			var ue *OutcomeUnknownError
			return errors.As(err, &ue) && ue.Signature == p.Signature && ue.LastValidBlockHeight == p.LastValidBlockHeight &&
				strings.Contains(err.Error(), p.Signature.String()) && check(ue)
		}
	}
	landed := func(st *SignatureStatus, err error) bool { return err == nil && st.ConfirmationStatus == "confirmed" }
	cases := map[string]struct {
		s       *faultySender
		timeout time.Duration
		check   func(st *SignatureStatus, err error) bool
	}{
		"send HTTP 502, landed": {s: &faultySender{fakeSender: fakeSender{statusAfter: 2, height: valid}, sendErr: errors.New("solana rpc sendTransaction: HTTP 502")},
			check: landed},
		"another signature answered, landed": {s: &faultySender{fakeSender: fakeSender{statusAfter: 1, height: valid}, answerSig: &other},
			check: landed},
		"the recent status cache never has it, the history does": {s: &faultySender{fakeSender: fakeSender{statusAfter: 0, height: valid, recentNull: true}},
			check: landed},
		"landed in the last valid block, seen after the expiry": {s: &faultySender{fakeSender: fakeSender{statusAfter: 2, heightAt: expiresAfter(1)}, sendErr: errors.New("timeout")},
			check: landed},
		"not landed": {s: &faultySender{fakeSender: fakeSender{statusAfter: 1 << 30, heightAt: expiresAfter(3)}, sendErr: errors.New("HTTP 502")},
			check: func(_ *SignatureStatus, err error) bool {
				var nl *NotLandedError
				return errors.Is(err, ErrBlockhashExpired) && errors.As(err, &nl) && nl.Signature == p.Signature && strings.Contains(err.Error(), "getTransaction found no trace")
			}},
		"the status node lags behind the expiry": {s: &faultySender{fakeSender: fakeSender{statusAfter: 1 << 30, height: expired, slotLag: 100}},
			check: unknown(func(ue *OutcomeUnknownError) bool {
				return ue.Height == expired && strings.Contains(ue.Error(), "behind slot")
			})},
		"landed and failed": {s: &faultySender{fakeSender: fakeSender{statusAfter: 0, height: valid}, txErr: "InstructionError"},
			check: func(_ *SignatureStatus, err error) bool {
				var fe *TxFailedError
				return errors.As(err, &fe) && fe.Signature == p.Signature
			}},
		"status never answers, blockhash expired": {s: &faultySender{fakeSender: fakeSender{height: expired}, sendErr: errors.New("HTTP 502"), statusErr: errors.New("HTTP 503")},
			check: unknown(func(ue *OutcomeUnknownError) bool {
				return ue.Height == expired && strings.Contains(ue.Error(), "HTTP 503")
			})},
		"status never answers, the wait ends": {s: &faultySender{fakeSender: fakeSender{height: valid}, statusErr: errors.New("HTTP 503")}, timeout: 30 * time.Millisecond,
			check: unknown(func(ue *OutcomeUnknownError) bool { return errors.Is(ue, context.DeadlineExceeded) })},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			c.s.sig = p.Signature
			ctx := context.Background()
			if c.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.timeout)
				defer cancel()
			}
			st, err := Send(ctx, c.s, p, time.Millisecond)
			if !c.check(st, err) {
				t.Fatalf("status %+v, error %v", st, err)
			}
			if errors.Is(err, ErrBlockhashExpired) && c.s.sends < 2 {
				t.Fatalf("not landed after %d send(s): the identical bytes were not re-broadcast", c.s.sends)
			}
			for _, b := range c.s.sent {
				if string(b) != string(p.Signed) {
					t.Fatal("sent other bytes than signed")
				}
			}
		})
	}
}

// TestPreviewThenFinishOnDevice: a key on a device signs after the review. The preview runs
// the same checks with the unsigned transaction simulated (sigVerify false) and holds no
// signature; the finish takes only a signature that verifies over the message, simulates the
// signed bytes, and gives exactly the report and bytes SignChecked gives a key in the
// process. A signed simulation that fails withholds the signature.
func TestPreviewThenFinishOnDevice(t *testing.T) {
	ctx := context.Background()
	q, user := baseline(t)
	key := testSigner(t)
	msg, err := MessageWithBlockhash(q, testKeyHash("fresh"))
	if err != nil {
		t.Fatal(err)
	}
	fc := newFakeCluster(t, q, user)
	pv, err := PreviewChecked(ctx, fc, q, msg, user, testOptions())
	if err != nil {
		t.Fatalf("preview: %v", err)
	}
	if fc.unverified != 1 || !pv.Signature.IsZero() || pv.Signed != nil || pv.Report.Simulated == nil {
		t.Fatalf("preview: %d unverified simulations, signature %s, signed %d bytes, simulated %v", fc.unverified, pv.Signature, len(pv.Signed), pv.Report.Simulated)
	}
	if _, err := PreviewChecked(ctx, fc, q, msg, testSigner2(t).PublicKey(), testOptions()); err == nil {
		t.Error("a preview for a key that is not the transaction's signer passed")
	}

	want, err := SignChecked(ctx, newFakeCluster(t, q, user), q, msg, key, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	sig, err := key.SignMessage(wallet.PurposeSolanaTx, msg)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := testSigner2(t).SignMessage(wallet.PurposeSolanaTx, msg)
	if _, err := FinishChecked(ctx, fc, q, msg, user, other, pv.Report); err == nil || !strings.Contains(err.Error(), "does not verify") {
		t.Fatalf("a signature by another key: %v", err)
	}
	got, err := FinishChecked(ctx, fc, q, msg, user, sig, pv.Report)
	if err != nil {
		t.Fatalf("finish: %v", err)
	}
	if !bytes.Equal(got.Signed, want.Signed) || got.Signature != want.Signature || !reflect.DeepEqual(got.Report.Findings, want.Report.Findings) || *got.Report.Simulated != *want.Report.Simulated {
		t.Fatalf("finish differs from SignChecked:\n%v\n%v", got.Report.Findings, want.Report.Findings)
	}
	if len(pv.Report.Findings) != len(want.Report.Findings) {
		t.Errorf("the finish changed the preview's report (%d findings, want %d)", len(pv.Report.Findings), len(want.Report.Findings))
	}

	// The signed bytes' simulation fails (the unsigned one passed): no signed bytes.
	faithful := fc.simulate
	fc.simulate = func(tx []byte, keys []solana.PublicKey) (*SimulationResult, error) {
		res, err := faithful(tx, keys)
		res.Err = "InstructionError"
		return res, err
	}
	f, err := FinishChecked(ctx, fc, q, msg, user, sig, pv.Report)
	if err == nil || f == nil || !f.Report.Rejected() || f.Signed != nil {
		t.Fatalf("a failing signed simulation: %v %+v", err, f)
	}
}

// testSigner2 is a key that is not the transaction's signer.
func testSigner2(t testing.TB) *wallet.SolanaKey { return seededSigner(t, "another seed") }
