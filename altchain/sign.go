package altchain

import (
	"context"
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// SignTransaction replaces the recent blockhash of the unsigned transaction raw with a
// fresh one (E23) and signs it with the user key only (G27), returning the serialized
// signed bytes and the signature (the transaction id). It refuses a transaction that
// fails the byte rules, needs another signature, has a fee payer other than the
// signer's key or carries a pre-filled signature.
func SignTransaction(raw []byte, blockhash solana.Hash, signer wallet.SolanaSigner) ([]byte, solana.Signature, error) {
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
	sig, err := signer.SignMessage(wallet.PurposeSolanaTx, msg)
	if err != nil {
		return nil, none, fmt.Errorf("altchain: sign: %w", err)
	}
	if !wallet.VerifySolana(user, msg, sig) {
		return nil, none, errors.New("altchain: sign: the signer returned an invalid signature")
	}
	tx.Signatures[0] = sig
	out, err := tx.MarshalBinary()
	if err != nil {
		return nil, none, fmt.Errorf("altchain: sign: %w", err)
	}
	return out, sig, nil
}

// Prepared is a deposit that passed every rule, signed and simulated, ready to send.
type Prepared struct {
	Signed               []byte
	Signature            solana.Signature
	Blockhash            solana.Hash
	LastValidBlockHeight uint64
	Report               *Report
}

// Prepare runs the whole gate for the quote's transaction: Verify (static + online rules),
// a fresh blockhash at "confirmed" (E23), signing with the user key only (G27), and
// simulation of the signed bytes with signature verification (G28, G29). The report is
// returned with the error when the transaction is rejected.
func Prepare(ctx context.Context, c Cluster, q *Quote, signer wallet.SolanaSigner, opts *Options) (*Prepared, error) {
	if q == nil || q.Transaction == nil {
		return nil, errNoTransaction
	}
	if signer == nil {
		return nil, errors.New("altchain: prepare: no signer")
	}
	user := signer.PublicKey()
	r, err := Verify(ctx, c, q, user, opts)
	if err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	bh, err := c.LatestBlockhash(ctx)
	if err != nil {
		return nil, fmt.Errorf("altchain: latest blockhash: %w", err)
	}
	signed, sig, err := SignTransaction(q.Transaction, bh.Hash, signer)
	if err != nil {
		return &Prepared{Report: r}, err
	}
	r.RecentBlockhash = bh.Hash
	if err := SimulateSigned(ctx, c, q, user, signed, r); err != nil {
		return &Prepared{Report: r}, err
	}
	if err := r.Err(); err != nil {
		return &Prepared{Report: r}, err
	}
	return &Prepared{Signed: signed, Signature: sig, Blockhash: bh.Hash, LastValidBlockHeight: bh.LastValidBlockHeight, Report: r}, nil
}
