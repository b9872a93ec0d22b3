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

// Confirmed says the transaction is in a confirmed or finalized block (landed, for H30).
func (s *SignatureStatus) Confirmed() bool {
	return s != nil && (s.ConfirmationStatus == "confirmed" || s.ConfirmationStatus == "finalized")
}

// Sender sends signed bytes and reports their status.
type Sender interface {
	SendTransaction(ctx context.Context, signed []byte) (solana.Signature, error)
	// SignatureStatus returns nil when the cluster has not seen the signature.
	SignatureStatus(ctx context.Context, sig solana.Signature) (*SignatureStatus, error)
	BlockHeight(ctx context.Context) (uint64, error)
}

// ErrBlockhashExpired says the block height passed the transaction's
// lastValidBlockHeight and a status read after that found no trace of the signature: the
// transaction did not land and can no longer land. Only now may it be re-signed with a new
// blockhash (after a new Verify).
var ErrBlockhashExpired = errors.New("altchain: the blockhash expired before confirmation; re-sign with a new blockhash")

// OutcomeUnknownError says a signed transaction may have reached the cluster but whether it
// landed could not be found out (the RPC stopped answering, or the wait ended first). The
// signature identifies it: it can land until the block height passes LastValidBlockHeight,
// and never after.
type OutcomeUnknownError struct {
	Signature            solana.Signature
	LastValidBlockHeight uint64
	// Height is the last block height read (0 when none could be read).
	Height uint64
	// Cause is the last error seen (of a send, a status or a height read, or the wait).
	Cause error
}

func (e *OutcomeUnknownError) Error() string {
	return fmt.Sprintf("the outcome of transaction %s is unknown: it may have landed (%v); it can land until block height %d", e.Signature, e.Cause, e.LastValidBlockHeight)
}

func (e *OutcomeUnknownError) Unwrap() error { return e.Cause }

// TxFailedError says the transaction landed and failed: its fee was paid, its instructions
// changed nothing.
type TxFailedError struct {
	Signature solana.Signature
	Err       string
}

func (e *TxFailedError) Error() string {
	return fmt.Sprintf("altchain: transaction %s landed and failed: %s", e.Signature, e.Err)
}

// expiredLooks bounds the status reads after the blockhash expired: one that answers decides
// (landed or not); when none answers, the outcome stays unknown.
const expiredLooks = 3

// Send implements H30. The signature is known before anything is sent (it is p.Signature),
// so no answer of the cluster decides the outcome but the signature's status: a send that
// fails, times out or answers another signature may still have reached the cluster. Send
// polls the status every poll interval until "confirmed" or "finalized", re-broadcasting the
// identical bytes while the signature is unseen and the blockhash valid. It returns
// ErrBlockhashExpired only when a status read made after the block height passed
// LastValidBlockHeight finds no trace of the signature, a *TxFailedError when it landed and
// failed, and an *OutcomeUnknownError when neither could be found out before ctx ended. It
// never re-signs.
func Send(ctx context.Context, s Sender, p *Prepared, poll time.Duration) (*SignatureStatus, error) {
	if p == nil || len(p.Signed) == 0 {
		return nil, errors.New("altchain: send: nothing signed")
	}
	if poll <= 0 {
		poll = 2 * time.Second
	}
	var last error
	var height uint64
	unknown := func(cause error) error {
		if last != nil && cause != nil && !errors.Is(last, cause) {
			cause = fmt.Errorf("%w; before that: %v", cause, last)
		} else if cause == nil {
			cause = last
		}
		return &OutcomeUnknownError{Signature: p.Signature, LastValidBlockHeight: p.LastValidBlockHeight, Height: height, Cause: cause}
	}
	broadcast := func() {
		sig, err := s.SendTransaction(ctx, p.Signed)
		switch {
		case err != nil:
			last = fmt.Errorf("send: %w", err)
		case sig != p.Signature:
			last = fmt.Errorf("send: the node answered signature %s for bytes whose signature is %s", sig, p.Signature)
		}
	}
	// decided reads the status; done says it settled the outcome.
	decided := func() (st *SignatureStatus, seen, done bool, err error) {
		st, err = s.SignatureStatus(ctx, p.Signature)
		if err != nil {
			last = fmt.Errorf("status: %w", err)
			return nil, false, false, nil
		}
		switch {
		case st == nil:
			return nil, true, false, nil
		case st.Err != "":
			return st, true, true, &TxFailedError{Signature: p.Signature, Err: st.Err}
		case st.Confirmed():
			return st, true, true, nil
		}
		return st, true, false, nil
	}
	broadcast()
	t := time.NewTicker(poll)
	defer t.Stop()
	looks := 0
	for {
		st, read, done, err := decided()
		if done {
			return st, err
		}
		h, herr := s.BlockHeight(ctx)
		if herr != nil {
			last = fmt.Errorf("block height: %w", herr)
		} else {
			height = h
		}
		switch {
		case herr == nil && h > p.LastValidBlockHeight:
			// It can no longer land; it may have landed in the last valid block after the
			// read above, so only a read made now decides.
			st, read, done, err = decided()
			if done {
				return st, err
			}
			if read && st == nil {
				return nil, ErrBlockhashExpired
			}
			if !read {
				if looks++; looks >= expiredLooks {
					return nil, unknown(nil)
				}
			}
		case !read || st == nil:
			// Unseen (or unknown): the identical bytes again, harmless if they were seen.
			broadcast()
		}
		select {
		case <-ctx.Done():
			return nil, unknown(ctx.Err())
		case <-t.C:
		}
	}
}
