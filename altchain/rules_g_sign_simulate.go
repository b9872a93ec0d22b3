package altchain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// Section G of the checklist: sign and simulate. These rules need the signature and the
// cluster, so they are applied by the functions named here, in the order Prepare runs them.
var rulesG = []Rule{
	{ID: "G27", Title: "sign with the user key only", Stage: StageSign, Where: "SignTransaction (called by Prepare)"},
	{ID: "G28", Title: "simulate the signed bytes with sigVerify at the blockhash's commitment", Stage: StageSimulate, Where: "SimulateSigned (called by Prepare)"},
	{ID: "G29", Title: "the user's accounts after simulation: no owner, delegate or close-authority change; only the requested USDC leaves", Stage: StageSimulate, Where: "SimulateSigned (called by Prepare)"},
}

// SignTransaction replaces the recent blockhash of the unsigned transaction raw with a
// fresh one (E23) and signs it with the user key only (G27), returning the serialized
// signed bytes and the signature (the transaction id). It refuses a transaction that
// fails the byte rules, needs another signature, has a fee payer other than the
// signer's key or carries a pre-filled signature.
func SignTransaction(raw []byte, blockhash solana.Hash, signer wallet.SolanaSigner) ([]byte, solana.Signature, error) {
	return signTransaction(nil, raw, blockhash, signer)
}

// signTransaction is SignTransaction for the transaction of q (nil: none known), which goes
// with the request so that a signer in another process can check it again.
func signTransaction(q *Quote, raw []byte, blockhash solana.Hash, signer wallet.SolanaSigner) ([]byte, solana.Signature, error) {
	var none solana.Signature
	if signer == nil {
		return nil, none, errors.New("altchain: sign: no signer")
	}
	r := &Report{}
	tx := decodeStrict(raw, r)
	if tx == nil {
		r.finish()
		return nil, none, r.Err()
	}
	m := &tx.Message
	user := signer.PublicKey()
	if n := int(m.Header.NumRequiredSignatures); n != 1 || len(tx.Signatures) != 1 {
		return nil, none, fmt.Errorf("altchain: sign (G27): the transaction requires %d signatures in %d slots; purse signs with the user key only", n, len(tx.Signatures))
	}
	if len(m.AccountKeys) == 0 || m.AccountKeys[0] != user {
		return nil, none, fmt.Errorf("altchain: sign (G27): the signer %s is not the transaction's only signer", user)
	}
	if !tx.Signatures[0].IsZero() {
		return nil, none, errors.New("altchain: sign (A5): the signature slot is pre-filled")
	}
	if blockhash.IsZero() {
		return nil, none, errors.New("altchain: sign (E23): no fresh blockhash")
	}
	m.RecentBlockhash = blockhash
	msg, err := m.MarshalBinary()
	if err != nil {
		return nil, none, fmt.Errorf("altchain: sign: %w", err)
	}
	req := wallet.Request{Purpose: wallet.PurposeSolanaTx, Message: msg}
	if q != nil {
		if req.Quote, err = json.Marshal(q); err != nil {
			return nil, none, fmt.Errorf("altchain: sign: the quote: %w", err)
		}
	}
	sig, err := wallet.SignSolana(signer, req)
	if err != nil {
		return nil, none, fmt.Errorf("altchain: sign: %w", err)
	}
	tx.Signatures[0] = sig
	out, err := tx.MarshalBinary()
	if err != nil {
		return nil, none, fmt.Errorf("altchain: sign: %w", err)
	}
	return out, sig, nil
}

// SimulateSigned simulates the signed bytes (G28) and compares the user's accounts before
// and after (G29), adding the findings to r, which must come from Verify (or Inspect) of
// the same transaction. Simulation is advisory next to the static rules, but a failed
// check still rejects.
func SimulateSigned(ctx context.Context, c Cluster, q *Quote, user solana.PublicKey, signed []byte, r *Report) error {
	return simulateChecked(ctx, c, c.Simulate, q, user, signed, r)
}

// simulateChecked runs one simulation of tx (sim: c's, verified or not) and the G28/G29
// checks.
func simulateChecked(ctx context.Context, c Cluster, sim func(context.Context, []byte, []solana.PublicKey) (*SimulationResult, error), q *Quote, user solana.PublicKey, tx []byte, r *Report) error {
	if r == nil || q == nil {
		return errors.New("altchain: simulate needs the quote and its report")
	}
	exp, err := ExpectedDepositAccounts(q, user)
	if err != nil {
		return err
	}
	watched := []solana.PublicKey{user, exp.UserUSDC}
	pre, err := c.GetAccounts(ctx, watched)
	if err != nil {
		return fmt.Errorf("altchain: accounts before simulation: %w", err)
	}
	res, err := sim(ctx, tx, watched)
	if err != nil {
		return fmt.Errorf("altchain: simulate: %w", err)
	}
	if len(pre) != len(watched) || len(res.Accounts) != len(watched) {
		return fmt.Errorf("altchain: simulate: expected %d account states", len(watched))
	}
	checkSimulation(q, user, exp.UserUSDC, pre, res, r)
	r.finish()
	return nil
}

// CheckSignedMessage says whether msg is the message of q's transaction with at most its
// blockhash replaced (E23): the only change SignTransaction makes. A signer that did not
// build msg itself (the agent) checks this before it signs, so what it signs is what the
// checklist passed.
func CheckSignedMessage(q *Quote, msg []byte) error {
	if q == nil || q.Transaction == nil {
		return errNoTransaction
	}
	r := &Report{}
	tx := decodeStrict(q.Transaction, r)
	if tx == nil {
		r.finish()
		return r.Err()
	}
	var m solana.Message
	if err := m.UnmarshalWithDecoder(bin.NewBinDecoder(msg)); err != nil {
		return fmt.Errorf("altchain: the message to sign does not decode: %v", err)
	}
	tx.Message.RecentBlockhash = m.RecentBlockhash
	want, err := tx.Message.MarshalBinary()
	if err != nil {
		return fmt.Errorf("altchain: %v", err)
	}
	if !bytes.Equal(want, msg) {
		return errors.New("altchain: the message to sign is not the quote's transaction (only the blockhash may differ, E23)")
	}
	return nil
}
