package money

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
	"purse/internal/format"
	"purse/wallet"
)

// What happens to a money flow once its call has left: what the service's answer proves,
// what the chain shows, and the one decision (decide) that makes an outcome of both. The
// chain's proof is the token's Transfer of exactly the amount out of the owner's balance in
// a transaction that carries this permit's signature: a transfer of the same amount by
// another request is not taken for this one.

// Outcomes besides app.OutcomeLanded, app.OutcomeFailed and app.OutcomeUnknown.
const (
	// OutcomeRefused: the service refused the call before acting on it (10001–10007), and
	// the chain shows neither the money moved nor the permit used.
	OutcomeRefused = "refused"
)

// SettleWait bounds the wait for the chain to show what the call did, and SettlePoll is the
// time between two reads of the chain within it (tests shorten both: the sandbox's chain
// shows a transaction as soon as its call returns).
var (
	SettleWait = 60 * time.Second
	SettlePoll = time.Second
)

// answer is what the service's answer proves.
type answer int

const (
	answerDone     answer = iota + 1 // a success (naming a transaction or not)
	answerRefused                    // a code that refuses before anything is done
	answerUnproven                   // anything else once the call left
)

// Outcome is a submitted flow as `purse send --json` prints it.
type Outcome struct {
	Flow       string `json:"flow"`
	Route      string `json:"route"`
	Token      string `json:"token"`
	TokenAddr  string `json:"tokenAddress"`
	Amount     string `json:"amount"`
	Value      string `json:"value"`
	Spender    string `json:"spender"`
	ToAccount  uint64 `json:"toAccountId,omitempty"`
	ToAddress  string `json:"toAddress,omitempty"`
	ContactID  string `json:"contactId,omitempty"`
	QuoteID    string `json:"quoteId,omitempty"`
	USDCOut    string `json:"usdcOut,omitempty"`
	MinOut     string `json:"usdcMinOut,omitempty"`
	Nonce      string `json:"nonce"`
	Deadline   int64  `json:"deadline"`
	Digest     string `json:"digest"`
	Signature  string `json:"signature"`
	TxHash     string `json:"txHash"`
	AnswerTx   string `json:"answerTxHash,omitempty"`
	Outcome    string `json:"outcome"`
	Note       string `json:"note,omitempty"`
	BalanceNow string `json:"balance,omitempty"`
	// Delivery says what the destination showed of a flow that delivers elsewhere (a
	// cash-out's USDC); Delivered that it arrived.
	Delivery  string `json:"delivery,omitempty"`
	Delivered bool   `json:"delivered,omitempty"`
	// Sig is kept so a call that was not sent is sent again with the same signature.
	Sig *wallet.PermitSignature `json:"-"`
}

// evidence is everything known of a flow after its call.
type evidence struct {
	answer    answer
	answerErr error
	named     string // the transaction the answer named
	receipt   string // what became of it, in words ("" none named)
	reverted  bool   // the named transaction reverted
	moved     *homechain.TokenTransfer
	bound     bool // moved is in a transaction that carries this permit
	nonce     *big.Int
	nonceErr  error
	searchErr error
}

// Submit signs the permit with its call (unless sig is given: the same call sent again),
// sends the call and settles its outcome from the answer and the chain. An error raised
// before the call left comes back with the signature and says nothing was sent.
func (sv Service) Submit(ctx context.Context, u *app.Unlock, pr Prepared, sig *wallet.PermitSignature) (Outcome, error) {
	s := sv.s
	defer s.HoldProfile()()
	fl, err := flowOf(pr.Plan.Flow)
	if err != nil {
		return Outcome{}, err
	}
	out := pr.outcome(sig)
	signer, err := s.EVMSigner(u)
	if err != nil {
		return out, err
	}
	if signer.Address() != pr.Permit.Owner {
		return out, fmt.Errorf("the profile's key signs as %s, not the permit's owner %s; nothing was signed", signer.Address().Hex(), pr.Permit.Owner.Hex())
	}
	if sig == nil {
		ps, err := wallet.SignPermitFor(signer, pr.Permit, fl.route, pr.Unsigned)
		if err != nil {
			return out, err
		}
		sig = &ps
		out = pr.outcome(sig)
	}
	pf := pr.pf
	pf.Sig = sig
	body, err := fl.body(pr.Plan, pf)
	if err != nil {
		return out, err
	}
	api, err := s.API(true, u)
	if err != nil {
		return out, err
	}
	hc, err := s.DialHomeChain(ctx)
	if err != nil {
		return out, err
	}
	defer hc.Close()
	res, postErr := api.SendPermitCall(ctx, fl.route, body)
	return settle(ctx, hc, pr, out, res, postErr)
}

// outcome is the printable flow before its call.
func (pr Prepared) outcome(sig *wallet.PermitSignature) Outcome {
	pl, p := pr.Plan, pr.Permit
	out := Outcome{Flow: pl.Flow, Route: pl.Route, Token: pl.Token.Symbol, TokenAddr: pl.Token.Address.Hex(),
		Amount: pl.Amount.StringFixed(int32(pl.Token.Decimals)), Value: pl.Value.String(), Spender: pl.Spender.Hex(),
		ToAccount: pl.ToAccount, ContactID: string(pl.Contact.ID), Nonce: p.Nonce.String(), Deadline: p.Deadline.Int64(),
		Digest: pr.Digest.Hex(), Sig: sig}
	if pl.ToOwner != (common.Address{}) {
		out.ToAddress = pl.ToOwner.Hex()
	}
	if q := pl.Quote; q != nil {
		out.QuoteID = string(q.QuoteID)
		out.USDCOut, out.MinOut = q.OutputAmount.String(), q.Best.MinAmountOut.String()
	}
	if sig != nil {
		out.Signature = sig.Signature
	}
	return out
}

// settle finds out what the call did and returns out completed, or an *app.OutcomeError
// naming the flow.
func settle(ctx context.Context, hc *homechain.Client, pr Prepared, out Outcome, res enduser.MoneyResult, postErr error) (Outcome, error) {
	route := pr.Plan.Route
	ev := evidence{answer: answerDone, answerErr: postErr, named: res.TxHash}
	if postErr != nil {
		left, code := enduser.LeftFor(postErr, route)
		if !left {
			return out, fmt.Errorf("%s: %w; the permit was signed and the call not sent", route, postErr)
		}
		ev.answer = answerUnproven
		if code >= enduser.CodeAuth && code <= enduser.CodeTokenUsed {
			ev.answer = answerRefused
		}
	}
	out.AnswerTx = res.TxHash
	ev.readChain(ctx, hc, pr, rsOf(out.Sig))
	if bal, err := hc.BalanceOf(ctx, pr.Plan.Token.Address, pr.Permit.Owner); err == nil {
		out.BalanceNow = homechain.FromSmallest(bal, pr.Plan.Token.Decimals).StringFixed(int32(pr.Plan.Token.Decimals))
	}
	outcome, reason := decide(pr, ev)
	if ev.moved != nil {
		out.TxHash = ev.moved.TxHash.Hex()
	}
	out.Outcome = outcome
	if outcome == app.OutcomeLanded {
		if ev.answer != answerDone || ev.named == "" || !ev.bound || ev.moved.TxHash.Hex() != common.HexToHash(ev.named).Hex() {
			out.Note = reason
		}
		if fl, _ := flowOf(pr.Plan.Flow); fl.delivers != nil {
			out.Delivery, out.Delivered = fl.delivers(ctx, hc, pr)
		}
		return out, nil
	}
	return out, outcomeError(pr, out, ev, outcome, reason, postErr)
}

// outcomeError is a flow that did not land, named and explained.
func outcomeError(pr Prepared, out Outcome, ev evidence, outcome, reason string, postErr error) error {
	route := pr.Plan.Route
	oe := &app.OutcomeError{Outcome: outcome, IDName: "permitSignature", ID: out.Signature, Fields: fieldsOf(out)}
	if ev.named != "" {
		oe.IDName, oe.ID = "txHash", ev.named
	}
	deadline := format.Unix(pr.Permit.Deadline.Int64())
	err := &quoted{cause: postErr}
	switch outcome {
	case OutcomeRefused:
		err.msg = route + " refused: " + reason
		next := "Nothing moved. "
		var ae *enduser.APIError
		if errors.As(postErr, &ae) {
			next += ae.Explanation + " "
		}
		oe.Next = next + "Running it again signs a new permit of the same nonce, so at most one of them takes effect."
	case app.OutcomeFailed:
		err.msg = route + " did not move the money: " + reason
		oe.Next = "Nothing moved. Running it again is safe: a new permit takes the same nonce while this one is unused."
	default:
		err.msg = "whether the " + pr.Plan.Flow + " took place is unknown: " + reason
		oe.Next = fmt.Sprintf("Check the account's history (purse tx list) before trying again: the service may still present this permit until %s. A new permit of the same nonce %s cancels it only once one of them is used.", deadline, pr.Permit.Nonce)
	}
	oe.Err = err
	return oe
}

// readChain reads what the chain shows of the flow: the named transaction's receipt, the
// owner's nonce, and, when the receipt does not settle it, the token's Transfer events (at
// once after a refusal or a revert, else until the money shows or SettleWait ends: a call
// takes time to be mined).
func (ev *evidence) readChain(ctx context.Context, hc *homechain.Client, pr Prepared, rs []byte) {
	if ev.named != "" {
		ev.readNamed(ctx, hc, pr, rs)
	}
	ev.nonce, ev.nonceErr = hc.Nonces(ctx, pr.Permit.Domain.VerifyingContract, pr.Permit.Owner)
	used := ev.nonce != nil && ev.nonce.Cmp(pr.Permit.Nonce) > 0
	if ev.moved != nil && (ev.bound || used) {
		return
	}
	wait := SettleWait
	if ev.answer == answerRefused || ev.reverted {
		wait = 0
	}
	ev.moved, ev.bound, ev.searchErr = search(ctx, hc, pr, rs, wait)
	ev.nonce, ev.nonceErr = hc.Nonces(ctx, pr.Permit.Domain.VerifyingContract, pr.Permit.Owner)
}

// readNamed waits for the transaction the answer named and looks in its receipt for this
// flow's Transfer.
func (ev *evidence) readNamed(ctx context.Context, hc *homechain.Client, pr Prepared, rs []byte) {
	wctx, cancel := context.WithTimeout(ctx, SettleWait)
	rc, err := hc.WaitReceipt(wctx, common.HexToHash(ev.named), SettlePoll)
	cancel()
	switch {
	case err != nil:
		ev.receipt = fmt.Sprintf("%s was not found on chain (%v)", ev.named, app.OneLine(err))
	case rc.Status != types.ReceiptStatusSuccessful:
		ev.reverted = true
		ev.receipt = fmt.Sprintf("%s reverted in block %s", ev.named, rc.BlockNumber)
	default:
		ev.receipt = fmt.Sprintf("%s succeeded in block %s", ev.named, rc.BlockNumber)
		for _, t := range hc.TransfersIn(rc, pr.Plan.Token.Address) {
			if pr.pays(t) {
				ev.moved = &t
				ev.bound, _ = hc.TxCarries(ctx, t.TxHash, rs)
				break
			}
		}
	}
}

// pays says whether a Transfer event is this flow's: out of the owner's balance, exactly the
// value, to the transfer's recipient (for a transfer).
func (pr Prepared) pays(t homechain.TokenTransfer) bool {
	if t.From != pr.Permit.Owner || t.Value.Cmp(pr.Plan.Value) != 0 {
		return false
	}
	return pr.Plan.PaysTo == (common.Address{}) || t.To == pr.Plan.PaysTo
}

// search reads the token's Transfer events out of the owner's balance since the block
// before the call, until one is this flow's or wait ends; bound says that one's transaction
// carries this permit's signature.
func search(ctx context.Context, hc *homechain.Client, pr Prepared, rs []byte, wait time.Duration) (*homechain.TokenTransfer, bool, error) {
	wctx, cancel := context.WithTimeout(ctx, wait+time.Millisecond)
	defer cancel()
	t := time.NewTicker(SettlePoll)
	defer t.Stop()
	var lastErr error
	var loose *homechain.TokenTransfer
	// Each transaction's input is read once: a poll finds the same transfers again.
	carries := map[common.Hash]bool{}
	for {
		ts, err := hc.TransfersFrom(ctx, pr.Plan.Token.Address, pr.Permit.Owner, pr.FromBlock)
		lastErr = err
		for i := range ts {
			if !pr.pays(ts[i]) {
				continue
			}
			h := ts[i].TxHash
			ok, read := carries[h]
			if !read {
				var cerr error
				if ok, cerr = hc.TxCarries(ctx, h, rs); cerr == nil {
					carries[h] = ok
				}
			}
			if ok {
				return &ts[i], true, nil
			}
			if loose == nil {
				loose = &ts[i]
			}
		}
		select {
		case <-wctx.Done():
			return loose, false, lastErr
		case <-t.C:
		}
	}
}

// decide is the one place a flow's outcome is concluded.
//
//   - Landed: the chain shows the amount paid out of the owner's balance in a transaction
//     that carries this permit; or, where the service presents the permit apart from the
//     payment (a card spender's pull), paid after this permit's nonce was used.
//   - Refused: a refusal before acting (10001–10007), nothing paid, the nonce unused.
//   - Failed: the named transaction reverted, nothing paid, the nonce unused.
//   - Unknown otherwise: the permit may still be presented until its deadline.
func decide(pr Prepared, ev evidence) (string, string) {
	p := pr.Permit
	used := ev.nonce != nil && ev.nonce.Cmp(p.Nonce) > 0
	unused := ev.nonce != nil && ev.nonce.Cmp(p.Nonce) == 0
	var outcome string
	switch {
	case ev.moved != nil && (ev.bound || used):
		outcome = app.OutcomeLanded
	case ev.answer == answerRefused && unused && ev.moved == nil:
		outcome = OutcomeRefused
	case ev.reverted && unused && ev.moved == nil:
		outcome = app.OutcomeFailed
	default:
		outcome = app.OutcomeUnknown
	}
	return outcome, strings.Join(ev.facts(pr), "; ")
}

// facts says in words what the answer and the chain showed.
func (ev evidence) facts(pr Prepared) []string {
	p, pl := pr.Permit, pr.Plan
	amount := pl.Amount.StringFixed(int32(pl.Token.Decimals)) + " " + pl.Token.Symbol
	var out []string
	switch ev.answer {
	case answerDone:
		if ev.named != "" {
			out = append(out, "the service answered that it sent "+ev.named)
		} else {
			out = append(out, "the service answered success without naming a transaction")
		}
	case answerRefused:
		out = append(out, fmt.Sprintf("the service answered with a code that refuses before acting (%v)", ev.answerErr))
	case answerUnproven:
		out = append(out, fmt.Sprintf("the service's answer proves nothing either way (%v)", ev.answerErr))
	}
	if ev.receipt != "" {
		out = append(out, ev.receipt)
	}
	switch {
	case ev.moved != nil && ev.bound:
		out = append(out, fmt.Sprintf("%s left the account in %s (block %d), which carries this permit", amount, ev.moved.TxHash.Hex(), ev.moved.Block))
	case ev.moved != nil:
		out = append(out, fmt.Sprintf("%s left the account in %s (block %d), a transaction that does not carry this permit", amount, ev.moved.TxHash.Hex(), ev.moved.Block))
	case ev.searchErr != nil:
		out = append(out, "the chain's Transfer events could not be read ("+app.OneLine(ev.searchErr)+")")
	default:
		out = append(out, fmt.Sprintf("no Transfer of %s out of the account shows on chain since block %d", amount, pr.FromBlock))
	}
	switch {
	case ev.nonce == nil:
		out = append(out, "the token's nonce could not be read ("+app.OneLine(ev.nonceErr)+")")
	case ev.nonce.Cmp(p.Nonce) > 0:
		out = append(out, fmt.Sprintf("the owner's nonce moved past %s (now %s): a permit of nonce %s was used", p.Nonce, ev.nonce, p.Nonce))
	default:
		out = append(out, fmt.Sprintf("the owner's nonce is still %s: this permit was not used", ev.nonce))
	}
	return out
}

// rsOf is a signature's r and s, as a contract call carries them.
func rsOf(sig *wallet.PermitSignature) []byte {
	if sig == nil {
		return nil
	}
	r, errR := hexutil.Decode(sig.R)
	s, errS := hexutil.Decode(sig.S)
	if errR != nil || errS != nil {
		return nil
	}
	return append(r, s...)
}

// fieldsOf identify a flow whose outcome is not settled, by --json's names.
func fieldsOf(o Outcome) map[string]any {
	f := map[string]any{
		"flow": o.Flow, "route": o.Route, "token": o.Token, "tokenAddress": o.TokenAddr, "amount": o.Amount, "value": o.Value,
		"spender": o.Spender, "nonce": o.Nonce, "deadline": o.Deadline, "permitSignature": o.Signature,
	}
	if o.ToAccount != 0 {
		f["toAccountId"] = o.ToAccount
	}
	if o.ContactID != "" {
		f["contactId"] = o.ContactID
	}
	if o.AnswerTx != "" {
		f["txHash"] = o.AnswerTx
	}
	return f
}

// quoted is an error whose message already quotes its cause (nil when there is none).
type quoted struct {
	msg   string
	cause error
}

func (e *quoted) Error() string { return e.msg }
func (e *quoted) Unwrap() error { return e.cause }

// Summary says in one line what a landed flow did (plan is the flow's plan: the payout's
// contact, the cash-out's quote); front ends show it escaped.
func (o Outcome) Summary(pl Plan) string {
	var what string
	switch o.Flow {
	case Transfer:
		what = fmt.Sprintf("sent %s %s to account %d (%s)", o.Amount, o.Token, o.ToAccount, o.ToAddress)
	case Payout:
		what = fmt.Sprintf("paid out %s %s to contact %s (%s, %s)", o.Amount, o.Token, o.ContactID, pl.Contact.Name, pl.Contact.Account)
	case Cashout:
		what = fmt.Sprintf("cashed out %s %s for quote %s", o.Amount, o.Token, o.QuoteID)
		if o.Delivery != "" {
			what += ": " + o.Delivery
		}
	default:
		what = fmt.Sprintf("%s of %s %s", o.Flow, o.Amount, o.Token)
	}
	return fmt.Sprintf("%s; transaction %s, balance now %s %s", what, o.TxHash, o.BalanceNow, o.Token)
}
