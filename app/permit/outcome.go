package permit

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
	"purse/internal/format"
	"purse/wallet"
)

// What happens to a relayed permit once its POST has left: what the service's answer proves,
// what the chain shows, and the one decision (decidePermit) that makes an outcome of both.

// Outcomes of a relayed permit besides app.OutcomeLanded, app.OutcomeFailed and
// app.OutcomeUnknown.
const (
	// OutcomeAlreadyPermitted: the service answered 10011 and the allowance covers the signed
	// value; nothing was relayed.
	OutcomeAlreadyPermitted = "already permitted"
	// OutcomeRefused: the service refused the permit before relaying it (10001–10007), and
	// the chain does not show it used.
	OutcomeRefused = "refused"
)

// permitAnswer is what the service's answer to the POST proves.
type permitAnswer int

const (
	// answerRelayed: a success naming the relayed transaction (txHash).
	answerRelayed permitAnswer = iota + 1
	// answerAlready: 10011, an allowance already exists; nothing relayed.
	answerAlready
	// answerRefused: a code spec 7 defines as a refusal before anything is relayed.
	answerRefused
	// answerUnproven: anything else once the POST left (HTTP 500, a gateway error, a lost or
	// truncated answer, retCode 10000 or 10009, no txHash): it may have been relayed.
	answerUnproven
)

// refusedBeforeRelay says a retCode proves the service refused before relaying: spec 7's
// authentication (10001) and parse (10002) failures and the account checks 10003–10007.
// 10000 (a system error, possibly after relaying) and 10009 (an invalid parameter, which the
// service also answers for what the token contract enforces) prove nothing.
func refusedBeforeRelay(code int) bool {
	return code >= enduser.CodeAuth && code <= enduser.CodeTokenUsed
}

// permitAnswerOf classifies token-permit's result; sent is false for an error raised before
// the POST left (the request refused by the client's own checks, a full-auth signature not
// given, the server time not read), which leaves nothing to settle.
func permitAnswerOf(res enduser.TokenPermitResult, err error) (a permitAnswer, sent bool) {
	if err == nil {
		if res.AlreadyPermitted {
			return answerAlready, true
		}
		return answerRelayed, true
	}
	if errors.Is(err, enduser.ErrNoTxHash) {
		return answerUnproven, true
	}
	sent, code := enduser.LeftFor(err, enduser.RouteTokenPermit)
	if sent && code != 0 && refusedBeforeRelay(code) {
		return answerRefused, true
	}
	return answerUnproven, sent
}

// receiptKind is what became of the transaction the answer named.
type receiptKind int

const (
	receiptNone     receiptKind = iota // no transaction named
	receiptSuccess                     // mined, and it succeeded
	receiptReverted                    // mined, and it reverted
	receiptMissing                     // not found before the wait ended, or unreadable
)

// permitEvidence is everything known of a permit after its POST.
type permitEvidence struct {
	signed    wallet.Permit
	answer    permitAnswer
	answerErr error // the answer, when it was not a success
	txHash    string
	receipt   receiptKind
	block     *big.Int // the receipt's block
	// approved says the successful receipt holds the token's Approval(owner, spender, value).
	approved     bool
	receiptErr   error
	nonce        *big.Int // the token's nonce of the owner now (nil: unread)
	nonceErr     error
	allowance    *big.Int // allowance(owner, spender) now (nil: unread)
	allowanceErr error
}

// permitDecision is an outcome and the facts that decided it.
type permitDecision struct {
	outcome string
	reason  string
}

// decidePermit is the one place a relayed permit's outcome is concluded.
//
//   - Landed: the relayed transaction's receipt holds the token's Approval of the signed value
//     for the spender, or the owner's nonce moved past the signed one and the allowance is the
//     signed value (whatever the service answered, a reverted relay included).
//   - Unknown when the nonce moved otherwise: a permit of that nonce was used, this one or
//     another signed for the same nonce, and the allowance does not show which.
//   - Already permitted: 10011, and the allowance covers the signed value.
//   - Refused: a refusal before relaying (10001–10007) and a nonce that did not move.
//   - Failed: the relayed transaction reverted and the nonce did not move; or 10011 with an
//     allowance below the signed value.
//   - Unknown otherwise: the service may still relay it until its deadline.
func decidePermit(ev permitEvidence) permitDecision {
	p := ev.signed
	used := ev.nonce != nil && ev.nonce.Cmp(p.Nonce) > 0
	unused := ev.nonce != nil && ev.nonce.Cmp(p.Nonce) == 0
	atValue := ev.allowance != nil && ev.allowance.Cmp(p.Value) == 0
	covers := ev.allowance != nil && ev.allowance.Cmp(p.Value) >= 0
	var d permitDecision
	switch {
	case ev.receipt == receiptSuccess && ev.approved, used && atValue:
		d.outcome = app.OutcomeLanded
	case used:
		d.outcome = app.OutcomeUnknown
	case ev.answer == answerAlready && covers:
		d.outcome = OutcomeAlreadyPermitted
	case ev.answer == answerAlready && ev.allowance != nil:
		d.outcome = app.OutcomeFailed
	case ev.answer == answerRefused:
		d.outcome = OutcomeRefused
	case ev.receipt == receiptReverted && unused:
		d.outcome = app.OutcomeFailed
	default:
		d.outcome = app.OutcomeUnknown
	}
	d.reason = strings.Join(ev.facts(), "; ")
	return d
}

// facts says in words what the answer and the chain showed.
func (ev permitEvidence) facts() []string {
	p := ev.signed
	var out []string
	switch ev.answer {
	case answerRelayed:
		out = append(out, "the service answered that it relayed the permit as "+ev.txHash)
	case answerAlready:
		out = append(out, "the service answered 10011: an allowance for this spender already exists")
	case answerRefused:
		out = append(out, fmt.Sprintf("the service answered with a code that refuses before relaying (%v)", ev.answerErr))
		if ev.nonce != nil && ev.nonce.Cmp(p.Nonce) > 0 {
			out = append(out, "yet the nonce moved: another copy of this request (a POST sent twice) or another permit of the same nonce was relayed")
		}
	case answerUnproven:
		out = append(out, fmt.Sprintf("the service's answer proves nothing either way (%v)", ev.answerErr))
	}
	switch ev.receipt {
	case receiptSuccess:
		if ev.approved {
			out = append(out, fmt.Sprintf("%s succeeded in block %s and set the allowance to %s", ev.txHash, ev.block, p.Value))
		} else {
			out = append(out, fmt.Sprintf("%s succeeded in block %s but approved nothing of %s for the spender: it is not this permit", ev.txHash, ev.block, p.Value))
		}
	case receiptReverted:
		out = append(out, fmt.Sprintf("%s reverted in block %s", ev.txHash, ev.block))
	case receiptMissing:
		out = append(out, fmt.Sprintf("%s was not found on chain (%v)", ev.txHash, ev.receiptErr))
	}
	switch {
	case ev.nonce == nil:
		out = append(out, fmt.Sprintf("the token's nonce could not be read (%s)", app.OneLine(ev.nonceErr)))
	case ev.nonce.Cmp(p.Nonce) > 0:
		out = append(out, fmt.Sprintf("the owner's nonce moved past %s (now %s), so a permit of nonce %s was used", p.Nonce, ev.nonce, p.Nonce))
	case ev.nonce.Cmp(p.Nonce) == 0:
		out = append(out, fmt.Sprintf("the owner's nonce is still %s, so this permit was not used", p.Nonce))
	default:
		out = append(out, fmt.Sprintf("the owner's nonce reads %s, below the signed %s", ev.nonce, p.Nonce))
	}
	if ev.allowance == nil {
		out = append(out, fmt.Sprintf("the allowance could not be read (%s)", app.OneLine(ev.allowanceErr)))
	} else {
		rel := "the signed value"
		switch ev.allowance.Cmp(p.Value) {
		case -1:
			rel = "below the signed value " + p.Value.String()
		case 1:
			rel = "above the signed value " + p.Value.String()
		}
		out = append(out, fmt.Sprintf("the spender's allowance reads %s, %s", ev.allowance, rel))
	}
	return out
}

// RelayWait bounds the wait for the relayed permit: for the transaction an answer
// named to be mined, or, after an answer that proves nothing, for the owner's nonce to move
// (tests shorten it).
var RelayWait = 60 * time.Second

// permitPoll is how often the chain is asked during RelayWait.
const permitPoll = time.Second

// settlePermit finds out what the token-permit POST did, from its answer (res, postErr) and
// the chain, and returns out completed with the outcome, or an *app.OutcomeError naming the
// permit. An error raised before the POST left is returned as it is: nothing was sent.
func settlePermit(ctx context.Context, hc *homechain.Client, pr Prepared, out Submitted, res enduser.TokenPermitResult, postErr error) (Submitted, error) {
	answer, sent := permitAnswerOf(res, postErr)
	if !sent {
		return out, fmt.Errorf("token-permit: %w; the permit was signed and not sent", postErr)
	}
	p, pl := pr.Permit, pr.Plan
	out.Result = res
	ev := permitEvidence{signed: p, answer: answer, answerErr: postErr, txHash: res.TxHash}
	switch answer {
	case answerRelayed:
		wctx, cancel := context.WithTimeout(ctx, RelayWait)
		rc, err := hc.WaitReceipt(wctx, common.HexToHash(res.TxHash), permitPoll)
		cancel()
		switch {
		case err != nil:
			ev.receipt, ev.receiptErr = receiptMissing, err
		case rc.Status == types.ReceiptStatusSuccessful:
			ev.receipt, ev.block = receiptSuccess, rc.BlockNumber
			ev.approved = hc.Approved(rc, p.Domain.VerifyingContract, p.Owner, p.Spender, p.Value)
		default:
			ev.receipt, ev.block = receiptReverted, rc.BlockNumber
		}
	case answerUnproven:
		// A relay takes time to be mined: wait for the nonce before saying unknown.
		ev.nonce, ev.nonceErr = waitNonce(ctx, hc, p)
	}
	if ev.nonce == nil && ev.nonceErr == nil {
		ev.nonce, ev.nonceErr = hc.Nonces(ctx, p.Domain.VerifyingContract, p.Owner)
	}
	ev.allowance, ev.allowanceErr = hc.Allowance(ctx, pl.Token.Address, p.Owner, pl.Spender)
	out.Allowance = ev.allowance
	d := decidePermit(ev)
	switch d.outcome {
	case app.OutcomeLanded, OutcomeAlreadyPermitted:
		out.Settled = d.outcome
		if d.outcome == app.OutcomeLanded && (answer != answerRelayed || ev.receipt != receiptSuccess || !ev.approved) {
			// The answer alone did not prove it: say how it was settled.
			out.Note = d.reason
		}
		return out, nil
	}
	oe := &app.OutcomeError{Outcome: d.outcome, IDName: "permitSignature", ID: out.Sig.Signature, Fields: permitFields(pr, out.Sig, res.TxHash)}
	if res.TxHash != "" {
		oe.IDName, oe.ID = "txHash", res.TxHash
	}
	deadline := format.Unix(p.Deadline.Int64())
	sameNonce := fmt.Sprintf("a new permit signs the same nonce %s while this one is unused, so at most one of them takes effect", p.Nonce)
	// The reason quotes the answer; the error wraps it too, so errors.As still finds it.
	settled := func(head string) error { return &quoted{msg: head + ": " + d.reason, cause: postErr} }
	switch {
	case d.outcome == OutcomeRefused:
		next := "Nothing was relayed. "
		var ae *enduser.APIError
		if errors.As(postErr, &ae) {
			next += ae.Explanation + " "
		}
		oe.Err = settled("token-permit refused")
		oe.Next = next + "Signing again is safe: " + sameNonce + "."
	case d.outcome == app.OutcomeFailed && answer == answerAlready:
		// A service that answers 10011 while any allowance exists (the public integration's
		// reading) relays no larger permit: say what the allowance is and the ways to raise it.
		have, want := format.Units(ev.allowance, int32(pl.Token.Decimals)), format.Units(p.Value, int32(pl.Token.Decimals))
		oe.Err = settled(fmt.Sprintf("token-permit answered 10011 (%q): an allowance of %s %s exists for the card spender, below the %s %s this permit signs; nothing was relayed",
			res.Message, have, pl.Token.Symbol, want, pl.Token.Symbol))
		oe.Next = fmt.Sprintf("The service relays no permit while an allowance exists. The card can spend up to the existing %s %s. "+
			"To raise it: submit this signed permit to the token on chain yourself (its signature is in --json; permit() is callable by anyone and sets the allowance to the signed value, until %s), "+
			"or revoke the allowance on chain first (approve(%s, 0) on %s from %s, paying gas on the home chain) and run purse permit again.",
			have, pl.Token.Symbol, deadline, pl.Spender.Hex(), pl.Token.Address.Hex(), p.Owner.Hex())
	case d.outcome == app.OutcomeFailed:
		oe.Err = settled("the permit did not take effect")
		oe.Next = fmt.Sprintf("Nothing was approved. The permit stays valid until %s; signing again is safe: %s.", deadline, sameNonce)
	case ev.nonce != nil && ev.nonce.Cmp(p.Nonce) > 0:
		oe.Err = settled("whether this permit took effect is unknown")
		oe.Next = fmt.Sprintf("This signature can no longer be used. If the allowance must be %s, sign a new permit: it takes the next nonce.", p.Value)
	default:
		oe.Err = settled("whether this permit took effect is unknown")
		oe.Next = fmt.Sprintf("The service may still relay it until its deadline %s. Signing again is safe: %s.", deadline, sameNonce)
	}
	return out, oe
}

// quoted is an error whose message already quotes its cause (nil when there is none).
type quoted struct {
	msg   string
	cause error
}

func (e *quoted) Error() string { return e.msg }
func (e *quoted) Unwrap() error { return e.cause }

// waitNonce reads the owner's nonce until it moves past the permit's or RelayWait
// ends, and returns the last read (the error only when no read answered).
func waitNonce(ctx context.Context, hc *homechain.Client, p wallet.Permit) (*big.Int, error) {
	wctx, cancel := context.WithTimeout(ctx, RelayWait)
	defer cancel()
	t := time.NewTicker(permitPoll)
	defer t.Stop()
	var last *big.Int
	var lastErr error
	for {
		n, err := hc.Nonces(wctx, p.Domain.VerifyingContract, p.Owner)
		if err == nil {
			last = n
			if n.Cmp(p.Nonce) > 0 {
				return n, nil
			}
		} else {
			lastErr = err
		}
		select {
		case <-wctx.Done():
			if last == nil && lastErr == nil {
				lastErr = wctx.Err()
			}
			if last != nil {
				return last, nil
			}
			return nil, lastErr
		case <-t.C:
		}
	}
}

// permitFields identify a permit whose relay is not settled, by the names `purse permit
// --json` uses.
func permitFields(pr Prepared, sig *wallet.PermitSignature, tx string) map[string]any {
	p := pr.Permit
	f := map[string]any{
		"token": pr.Plan.Token.Symbol, "tokenAddress": p.Domain.VerifyingContract.Hex(), "owner": p.Owner.Hex(),
		"spender": p.Spender.Hex(), "nonce": p.Nonce.String(), "value": p.Value.String(), "deadline": p.Deadline.Int64(),
		"permitSignature": sig.Signature,
	}
	if tx != "" {
		f["txHash"] = tx
	}
	return f
}
