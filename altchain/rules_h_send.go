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

// Sender sends signed bytes and reads what the cluster says of them.
type Sender interface {
	SendTransaction(ctx context.Context, signed []byte) (solana.Signature, error)
	// SignatureStatus reads the signature's status from the node's recent status cache, or
	// with history from its whole ledger; the answer says the slot the node answered at.
	SignatureStatus(ctx context.Context, sig solana.Signature, history bool) (StatusRead, error)
	// Transaction reads the transaction at commitment "confirmed" (nil: not found).
	Transaction(ctx context.Context, sig solana.Signature) (*TxInfo, error)
	// Height reads one node's block height and slot at commitment "confirmed".
	Height(ctx context.Context) (HeightRead, error)
}

// ErrBlockhashExpired says the transaction did not land and can no longer land: the block
// height passed its lastValidBlockHeight, and the reads Decide requires found no trace of
// it. Only now may it be re-signed with a new blockhash (after a new Verify). A
// *NotLandedError says which answers proved it.
var ErrBlockhashExpired = errors.New("altchain: the blockhash expired before confirmation; re-sign with a new blockhash")

// NotLandedError is Decide's NotLanded decision: it matches ErrBlockhashExpired.
type NotLandedError struct {
	Signature            solana.Signature
	LastValidBlockHeight uint64
	// Reason says which answers proved it.
	Reason string
}

func (e *NotLandedError) Error() string {
	return fmt.Sprintf("transaction %s did not land and cannot any more: %s", e.Signature, e.Reason)
}

// Is makes a NotLandedError an ErrBlockhashExpired.
func (e *NotLandedError) Is(target error) bool { return target == ErrBlockhashExpired }

// OutcomeUnknownError says a signed transaction may have reached the cluster but the
// answers proved neither that it landed nor that it did not (Decide's Unknown). The
// signature identifies it: it can land until the block height passes LastValidBlockHeight,
// and never after.
type OutcomeUnknownError struct {
	Signature            solana.Signature
	LastValidBlockHeight uint64
	// Height is the last block height read (0 when none could be read).
	Height uint64
	// Cause says what was missing (Decide's reason), wrapping the end of the wait if it ended.
	Cause error
}

func (e *OutcomeUnknownError) Error() string {
	return fmt.Sprintf("the outcome of transaction %s is unknown: it may have landed (%v); it cannot land after block height %d", e.Signature, e.Cause, e.LastValidBlockHeight)
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

// Send implements H30. The signature is known before anything is sent (it is p.Signature),
// so no answer of a send decides the outcome: a send that fails, times out or answers
// another signature may still have reached the cluster, and one answered with the
// signature shows that the cluster has it. Send looks (Look) every poll interval,
// re-broadcasting the identical bytes while no status names the signature and the blockhash
// is valid, until Decide settles the outcome or ctx ends. It returns the status for Landed,
// a *TxFailedError for FailedOnChain, a *NotLandedError (ErrBlockhashExpired) for NotLanded
// and an *OutcomeUnknownError otherwise. It never re-signs.
func Send(ctx context.Context, s Sender, p *Prepared, poll time.Duration) (*SignatureStatus, error) {
	if p == nil || len(p.Signed) == 0 {
		return nil, errors.New("altchain: send: nothing signed")
	}
	if poll <= 0 {
		poll = 2 * time.Second
	}
	ev := &Evidence{Signature: p.Signature, LastValidBlockHeight: p.LastValidBlockHeight}
	broadcast := func() {
		sig, err := s.SendTransaction(ctx, p.Signed)
		if err != nil {
			err = fmt.Errorf("send: %w", err)
		}
		ev.Add(Answer{Kind: AnswerSend, Sent: sig, Err: err})
	}
	broadcast()
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		v := Look(ctx, s, ev)
		if v.Outcome != KeepPolling {
			return Settle(p.Signature, p.LastValidBlockHeight, v, nil)
		}
		if !v.Expired && v.Status == nil && !quoteOver(p, ev) {
			// Unseen: the identical bytes again, harmless if the cluster has them; not once
			// the quote has ended (the deposit would land on an expired quote).
			broadcast()
		}
		select {
		case <-ctx.Done():
			ev.WaitOver = true
			return Settle(p.Signature, p.LastValidBlockHeight, Decide(*ev), ctx.Err())
		case <-t.C:
		}
	}
}

// quoteOver says whether the latest height read is past p's quote.
func quoteOver(p *Prepared, ev *Evidence) bool {
	if p.QuoteValidUntil == 0 {
		return false
	}
	for i := len(ev.Answers) - 1; i >= 0; i-- {
		if a := ev.Answers[i]; a.Kind == AnswerHeight && a.Err == nil {
			return a.Height.BlockHeight >= p.QuoteValidUntil
		}
	}
	return false
}

// Look makes one round of reads about ev's transaction and returns Decide's decision on
// everything seen so far: the height first, so that the reads after it count as made after
// an expiry it shows; the status from the recent cache (skipped once expired, where it
// proves nothing), and searching the history when that found nothing; and once expired,
// getTransaction.
func Look(ctx context.Context, s Sender, ev *Evidence) Decision {
	h, err := s.Height(ctx)
	if err != nil {
		err = fmt.Errorf("block height: %w", err)
	}
	ev.Add(Answer{Kind: AnswerHeight, Height: h, Err: err})
	expired := Decide(*ev).Expired
	found := false
	if !expired {
		st, err := s.SignatureStatus(ctx, ev.Signature, false)
		if err != nil {
			err = fmt.Errorf("status: %w", err)
		}
		ev.Add(Answer{Kind: AnswerStatus, Status: st, Err: err})
		found = err == nil && st.Status != nil
	}
	if !found {
		st, err := s.SignatureStatus(ctx, ev.Signature, true)
		if err != nil {
			err = fmt.Errorf("status with history: %w", err)
		}
		st.History = true // also for a read that failed: it counts as a look
		ev.Add(Answer{Kind: AnswerStatus, Status: st, Err: err})
	}
	if expired {
		tx, err := s.Transaction(ctx, ev.Signature)
		if err != nil {
			err = fmt.Errorf("getTransaction: %w", err)
		}
		ev.Add(Answer{Kind: AnswerTransaction, Tx: tx, Err: err})
	}
	return Decide(*ev)
}

// Settle turns a decision into Send's results; waitErr (may be nil) is why the wait ended.
// KeepPolling is settled as unknown: whoever calls Settle asks no more.
func Settle(sig solana.Signature, lastValid uint64, v Decision, waitErr error) (*SignatureStatus, error) {
	switch v.Outcome {
	case Landed:
		return v.Status, nil
	case FailedOnChain:
		return v.Status, &TxFailedError{Signature: sig, Err: v.Status.Err}
	case NotLanded:
		return nil, &NotLandedError{Signature: sig, LastValidBlockHeight: lastValid, Reason: v.Reason}
	}
	cause := errors.New(v.Reason)
	if waitErr != nil {
		cause = fmt.Errorf("the wait ended (%w); %s", waitErr, v.Reason)
	}
	return nil, &OutcomeUnknownError{Signature: sig, LastValidBlockHeight: lastValid, Height: v.Height, Cause: cause}
}
