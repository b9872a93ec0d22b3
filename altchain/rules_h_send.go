package altchain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gagliardetto/solana-go"
)

// Section H of the checklist: send.
var rulesH = []Rule{
	{ID: "H30", Title: "send the same signed bytes; poll until confirmed, re-broadcasting while the blockhash is valid; never re-sign", Stage: StageSend, Where: "Send"},
}

// SignatureStatus is the cluster's view of a sent transaction.
type SignatureStatus struct {
	// ConfirmationStatus is "processed", "confirmed" or "finalized".
	ConfirmationStatus string
	// Err is the transaction error, empty on success.
	Err string
}

// Sender sends signed bytes and reports their status.
type Sender interface {
	SendTransaction(ctx context.Context, signed []byte) (solana.Signature, error)
	// SignatureStatus returns nil when the cluster has not seen the signature.
	SignatureStatus(ctx context.Context, sig solana.Signature) (*SignatureStatus, error)
	BlockHeight(ctx context.Context) (uint64, error)
}

// ErrBlockhashExpired says the block height passed the transaction's
// lastValidBlockHeight before confirmation: only now may it be re-signed with a new
// blockhash (after a new Verify).
var ErrBlockhashExpired = errors.New("altchain: the blockhash expired before confirmation; re-sign with a new blockhash")

// Send implements H30: it sends the prepared signed bytes, polls the signature status
// every poll interval until "confirmed" or "finalized", re-broadcasting the identical
// bytes while the blockhash is valid, and returns ErrBlockhashExpired once the block
// height passes LastValidBlockHeight. It never re-signs.
func Send(ctx context.Context, s Sender, p *Prepared, poll time.Duration) (*SignatureStatus, error) {
	if p == nil || len(p.Signed) == 0 {
		return nil, errors.New("altchain: send: nothing signed")
	}
	if poll <= 0 {
		poll = 2 * time.Second
	}
	sig, err := s.SendTransaction(ctx, p.Signed)
	if err != nil {
		return nil, fmt.Errorf("altchain: send: %w", err)
	}
	if sig != p.Signature {
		return nil, fmt.Errorf("altchain: send: the cluster answered signature %s, not %s", sig, p.Signature)
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		st, err := s.SignatureStatus(ctx, p.Signature)
		if err == nil && st != nil {
			if st.Err != "" {
				return st, fmt.Errorf("altchain: transaction %s failed: %s", p.Signature, st.Err)
			}
			if st.ConfirmationStatus == "confirmed" || st.ConfirmationStatus == "finalized" {
				return st, nil
			}
		}
		h, herr := s.BlockHeight(ctx)
		if herr == nil && h > p.LastValidBlockHeight {
			// One last look: it may have landed in the final valid block.
			if st, err := s.SignatureStatus(ctx, p.Signature); err == nil && st != nil && st.Err == "" &&
				(st.ConfirmationStatus == "confirmed" || st.ConfirmationStatus == "finalized") {
				return st, nil
			}
			return nil, ErrBlockhashExpired
		}
		if st == nil {
			// Not seen (or only processed): re-broadcast the identical bytes.
			_, _ = s.SendTransaction(ctx, p.Signed)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
