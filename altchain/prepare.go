package altchain

import (
	"context"
	"errors"
	"fmt"

	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

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
	signed, sig, err := signTransaction(q, q.Transaction, bh.Hash, signer)
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
