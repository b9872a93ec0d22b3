package altchain

import (
	"fmt"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// What a signed transaction's outcome is, as far as the cluster's answers show (Decision).
type Outcome string

const (
	// KeepPolling: nothing is settled yet; ask again.
	KeepPolling Outcome = "keep polling"
	// Landed: a confirmed (or finalized) block holds it and it succeeded.
	Landed Outcome = "landed"
	// FailedOnChain: a confirmed block holds it and it failed: its fee was paid, nothing else
	// changed.
	FailedOnChain Outcome = "failed"
	// NotLanded: it did not land and never can (see Decide for what proves it).
	NotLanded Outcome = "not landed"
	// Unknown: the answers prove neither, and no more will be asked.
	Unknown Outcome = "unknown"
)

// AnswerKind says which call an Answer answers.
type AnswerKind int

const (
	// AnswerSend: sendTransaction (a first send or a re-broadcast of the identical bytes).
	AnswerSend AnswerKind = iota + 1
	// AnswerStatus: getSignatureStatuses, with or without searchTransactionHistory.
	AnswerStatus
	// AnswerHeight: the block height and slot of one node (getEpochInfo).
	AnswerHeight
	// AnswerTransaction: getTransaction.
	AnswerTransaction
)

// StatusRead is one getSignatureStatuses answer: the status (nil: the node found none), the
// slot the node answered at (the answer's context), and whether it searched its whole
// history or only its recent status cache.
type StatusRead struct {
	Status  *SignatureStatus
	Slot    uint64
	History bool
}

// HeightRead is the block height of one node at one slot and commitment, from one answer, so
// the height and the slot are the same node's.
type HeightRead struct {
	BlockHeight uint64
	Slot        uint64
	Commitment  string
}

// TxInfo is a transaction getTransaction found at commitment "confirmed": the slot of its
// block and its error ("" when it succeeded).
type TxInfo struct {
	Slot uint64
	Err  string
}

// Answer is one answer the cluster gave about a sent transaction. Err set means the call got
// no answer to judge (a transport failure, an RPC error); the other fields are then unset.
type Answer struct {
	Kind   AnswerKind
	Err    error
	Sent   solana.Signature // AnswerSend: the signature the node answered
	Status StatusRead       // AnswerStatus
	Height HeightRead       // AnswerHeight
	Tx     *TxInfo          // AnswerTransaction: nil when not found
}

// Evidence is everything the cluster answered about one signed transaction, in the order
// the answers came.
type Evidence struct {
	Signature solana.Signature
	// LastValidBlockHeight is the transaction's; 0 when it is not known, and then nothing
	// can prove that it did not land.
	LastValidBlockHeight uint64
	Answers              []Answer
	// WaitOver says no more answers will come (the wait ended): KeepPolling becomes Unknown.
	WaitOver bool
}

// Add records one answer.
func (e *Evidence) Add(a Answer) { e.Answers = append(e.Answers, a) }

// Decision is what Decide concludes.
type Decision struct {
	Outcome Outcome
	// Status is, for Landed, the highest confirmation seen ("confirmed" or "finalized"); for
	// FailedOnChain, the status with its error; otherwise what the latest status read found
	// ("processed"), nil when it found nothing.
	Status *SignatureStatus
	// Reason says in words which answers decided, or what is missing.
	Reason string
	// Expired says a height read proved the block height past LastValidBlockHeight: the
	// transaction can no longer land, so re-broadcasting it is pointless.
	Expired bool
	// Height is the last block height read (0 when none was).
	Height uint64
}

// MaxLooksAfterExpiry bounds the status reads made after the blockhash expired that prove
// nothing (a node that lags, an RPC that fails): then the outcome is Unknown.
const MaxLooksAfterExpiry = 5

// Decide reads the cluster's answers about a signed transaction and says what they prove.
// It is the one place purse concludes a Solana transaction's outcome: the send loop (Send),
// the deposit's finalization and `purse altchain status` all ask it.
//
//   - Landed or FailedOnChain: a status at "confirmed" or "finalized" (with or without
//     history), or getTransaction at "confirmed", found it; success or its error decides.
//     Answers that contradict each other (one says it succeeded, one that it failed) prove
//     neither: Unknown.
//   - NotLanded only when every link holds: a height read at "confirmed" or "finalized"
//     showed the block height past LastValidBlockHeight at slot S; after it, a status read
//     searching the transaction history found nothing, answered by a node at slot S or
//     later (so that node's own height is past it too); after it, getTransaction found
//     nothing; and nothing after it showed the cluster holding the transaction (a status
//     found, even "processed", or a re-broadcast answered with its signature).
//   - Otherwise KeepPolling, or Unknown once WaitOver or MaxLooksAfterExpiry history reads
//     after the expiry proved nothing.
//
// A send answered with the transaction's own signature is evidence that the cluster has it:
// it never counts towards NotLanded. Sends that fail or answer another signature prove
// nothing either way.
func Decide(ev Evidence) Decision {
	r := reading{ev: ev, expAt: -1}
	for i, a := range ev.Answers {
		r.read(i, a)
	}
	r.v.Expired = r.expAt >= 0
	if r.settled() {
		return r.v
	}
	r.v.Reason = strings.Join(r.missing(), "; ")
	r.v.Outcome = KeepPolling
	if ev.WaitOver || r.looks >= MaxLooksAfterExpiry {
		r.v.Outcome = Unknown
	}
	return r.v
}

// reading is what Decide has read of the answers so far.
type reading struct {
	ev                    Evidence
	v                     Decision
	ok, failed            *SignatureStatus
	expAt                 int // index of the first answer that proved the expiry (-1: none)
	expSlot, expHeight    uint64
	noStatus, noTx        bool   // proof reads after the expiry that found nothing
	laggedSlot            uint64 // a history read after the expiry from a node behind expSlot
	lagged                bool
	holds                 string // an answer after the expiry showing the cluster holds it
	looks, sameSig        int
	lastErr               error
	statusReads, noAnswer int
}

// read takes answer i into account.
func (r *reading) read(i int, a Answer) {
	after := r.expAt >= 0 && i > r.expAt
	if a.Kind == AnswerStatus && a.Status.History && after {
		r.looks++
	}
	if a.Err != nil {
		r.lastErr = a.Err
		r.noAnswer++
		return
	}
	switch a.Kind {
	case AnswerSend:
		if a.Sent == r.ev.Signature {
			r.sameSig++
			if after {
				r.holds = "a re-broadcast after the expiry was answered with its signature"
			}
		}
	case AnswerStatus:
		r.readStatus(a.Status, after)
	case AnswerHeight:
		h := a.Height
		r.v.Height = h.BlockHeight
		final := h.Commitment == "confirmed" || h.Commitment == "finalized"
		if r.expAt < 0 && r.ev.LastValidBlockHeight > 0 && final && h.BlockHeight > r.ev.LastValidBlockHeight {
			r.expAt, r.expSlot, r.expHeight = i, h.Slot, h.BlockHeight
		}
	case AnswerTransaction:
		switch {
		case a.Tx == nil:
			if after {
				r.noTx = true
			}
		case a.Tx.Err == "":
			r.ok = higher(r.ok, &SignatureStatus{ConfirmationStatus: "confirmed"})
		default:
			r.failed = &SignatureStatus{ConfirmationStatus: "confirmed", Err: a.Tx.Err}
		}
	}
}

// readStatus takes a status read into account; after says it came after the expiry.
func (r *reading) readStatus(sr StatusRead, after bool) {
	r.statusReads++
	st := sr.Status
	switch {
	case st == nil:
		r.v.Status = nil // Status is what the latest read found
		if sr.History && after {
			if sr.Slot >= r.expSlot {
				r.noStatus = true
			} else {
				r.laggedSlot, r.lagged = sr.Slot, true
			}
		}
	case st.Confirmed() && st.Err == "":
		r.ok = higher(r.ok, st)
	case st.Confirmed():
		r.failed = st
	default:
		r.v.Status = st
		if after {
			r.holds = "a status read after the expiry found it " + st.ConfirmationStatus
		}
	}
}

// settled sets the outcome when the answers prove one, and says whether they did.
func (r *reading) settled() bool {
	v := &r.v
	switch {
	case r.ok != nil && r.failed != nil:
		v.Outcome = Unknown
		v.Reason = fmt.Sprintf("the cluster's answers contradict each other: one says it landed %s and succeeded, another that it failed (%s)", r.ok.ConfirmationStatus, r.failed.Err)
	case r.failed != nil:
		v.Outcome, v.Status = FailedOnChain, r.failed
		v.Reason = fmt.Sprintf("it landed (%s) and failed: %s", r.failed.ConfirmationStatus, r.failed.Err)
	case r.ok != nil:
		v.Outcome, v.Status = Landed, r.ok
		v.Reason = "it landed: " + r.ok.ConfirmationStatus
	case v.Expired && r.noStatus && r.noTx && r.holds == "":
		v.Outcome = NotLanded
		v.Reason = fmt.Sprintf("at slot %d the block height was %d, past its last valid block height %d; after that, a status read searching the transaction history (answered at slot %d or later) and getTransaction found no trace of it",
			r.expSlot, r.expHeight, r.ev.LastValidBlockHeight, r.expSlot)
	default:
		return false
	}
	return true
}

// missing says what the answers lack to settle the outcome.
func (r *reading) missing() []string {
	var missing []string
	switch {
	case r.ev.LastValidBlockHeight == 0:
		missing = append(missing, "without its last valid block height nothing can show that it will not land")
	case !r.v.Expired:
		missing = append(missing, fmt.Sprintf("no height read at \"confirmed\" has shown the block height past %d, so it may still land", r.ev.LastValidBlockHeight))
	default:
		missing = r.missingAfterExpiry()
	}
	if r.v.Status != nil {
		missing = append([]string{"the cluster has seen it (" + r.v.Status.ConfirmationStatus + "), not yet confirmed"}, missing...)
	} else if r.statusReads > 0 {
		missing = append([]string{"no status read found it"}, missing...)
	}
	if r.sameSig > 0 {
		missing = append(missing, fmt.Sprintf("%d send(s) were answered with its signature, so a node accepted it", r.sameSig))
	}
	if r.lastErr != nil {
		missing = append(missing, fmt.Sprintf("%d call(s) got no answer, the last: %v", r.noAnswer, r.lastErr))
	}
	return missing
}

// missingAfterExpiry is what is missing once the expiry was read: the proof reads after it.
func (r *reading) missingAfterExpiry() []string {
	var missing []string
	if r.holds != "" {
		missing = append(missing, r.holds)
	}
	if !r.noStatus {
		s := "no status read searching the history after the expiry answered"
		if r.lagged {
			s = fmt.Sprintf("the status read searching the history came from a node at slot %d, behind slot %d where the expiry was read", r.laggedSlot, r.expSlot)
		}
		missing = append(missing, s)
	}
	if !r.noTx {
		missing = append(missing, "getTransaction has not answered since the expiry")
	}
	return missing
}

// higher is the status of the two with the higher confirmation (finalized over confirmed).
func higher(a, b *SignatureStatus) *SignatureStatus {
	if a == nil || b.ConfirmationStatus == "finalized" {
		return b
	}
	return a
}
