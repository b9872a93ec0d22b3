package permit

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/enduser"
	"purse/wallet"
)

// The dimensions of decidePermit's table: each is one thing the answer or the chain showed.
type (
	pAnswer    = permitAnswer
	pReceipt   int
	pNonce     int
	pAllowance int
)

const (
	rcNone pReceipt = iota
	rcApproved
	rcSuccessOther // mined and succeeded, but approved nothing of the value for the spender
	rcReverted
	rcMissing
	rcKinds
)

const (
	nonceUnread pNonce = iota
	nonceSame
	nonceMoved
	nonceLower
	nonceKinds
)

const (
	allowUnread pAllowance = iota
	allowAt
	allowBelow
	allowAbove
	allowKinds
)

var testPermit = wallet.Permit{
	Domain: wallet.PermitDomain{Name: "EUR24", Version: "1", ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0x01")},
	Owner:  common.HexToAddress("0x02"), Spender: common.HexToAddress("0x03"),
	Value: big.NewInt(2500), Nonce: big.NewInt(7), Deadline: big.NewInt(1_900_000_000),
}

func permitCase(a pAnswer, rc pReceipt, n pNonce, al pAllowance) permitEvidence {
	ev := permitEvidence{signed: testPermit, answer: a}
	switch a {
	case answerRelayed:
		ev.txHash = "0x" + strings.Repeat("ab", 32)
	case answerRefused:
		ev.answerErr = &enduser.APIError{Route: enduser.RouteTokenPermit, Code: 10001, CodeText: "10001", Message: "bad signature"}
	case answerUnproven:
		ev.answerErr = &enduser.HTTPError{Route: enduser.RouteTokenPermit, Status: 500, Body: "oops"}
	}
	switch rc {
	case rcApproved:
		ev.receipt, ev.block, ev.approved = receiptSuccess, big.NewInt(12), true
	case rcSuccessOther:
		ev.receipt, ev.block = receiptSuccess, big.NewInt(12)
	case rcReverted:
		ev.receipt, ev.block = receiptReverted, big.NewInt(12)
	case rcMissing:
		ev.receipt, ev.receiptErr = receiptMissing, context.DeadlineExceeded
	}
	switch n {
	case nonceUnread:
		ev.nonceErr = errors.New("connection refused")
	case nonceSame:
		ev.nonce = big.NewInt(7)
	case nonceMoved:
		ev.nonce = big.NewInt(8)
	case nonceLower:
		ev.nonce = big.NewInt(6)
	}
	switch al {
	case allowUnread:
		ev.allowanceErr = errors.New("connection refused")
	case allowAt:
		ev.allowance = big.NewInt(2500)
	case allowBelow:
		ev.allowance = big.NewInt(100)
	case allowAbove:
		ev.allowance = big.NewInt(9000)
	}
	return ev
}

// wantPermit is the outcome decidePermit's documentation gives, rule by rule.
func wantPermit(a pAnswer, rc pReceipt, n pNonce, al pAllowance) string {
	switch {
	case rc == rcApproved, n == nonceMoved && al == allowAt:
		return app.OutcomeLanded // the chain shows this permit's effect
	case n == nonceMoved:
		return app.OutcomeUnknown // a permit of this nonce was used; which one, the allowance does not say
	case a == answerAlready && (al == allowAt || al == allowAbove):
		return OutcomeAlreadyPermitted
	case a == answerAlready && al == allowBelow:
		return app.OutcomeFailed
	case a == answerRefused:
		return OutcomeRefused
	case rc == rcReverted && n == nonceSame:
		return app.OutcomeFailed
	}
	return app.OutcomeUnknown
}

// TestDecidePermitEveryCombination runs decidePermit on every combination of an answer
// (relayed, 10011, a refusal before relaying, an answer that proves nothing), a receipt, the
// owner's nonce and the allowance, and checks each against its documented rules, and that the
// reason states every fact.
func TestDecidePermitEveryCombination(t *testing.T) {
	counts := map[string]int{}
	for _, a := range []pAnswer{answerRelayed, answerAlready, answerRefused, answerUnproven} {
		for rc := range rcKinds {
			for n := range nonceKinds {
				for al := range allowKinds {
					d := decidePermit(permitCase(a, rc, n, al))
					name := fmt.Sprintf("answer %d receipt %d nonce %d allowance %d", a, rc, n, al)
					if want := wantPermit(a, rc, n, al); d.outcome != want {
						t.Fatalf("%s: %s (%s), want %s", name, d.outcome, d.reason, want)
					}
					counts[d.outcome]++
					for _, fact := range []string{"the service", "nonce", "allowance"} {
						if !strings.Contains(d.reason, fact) {
							t.Fatalf("%s: the reason %q says nothing of %s", name, d.reason, fact)
						}
					}
				}
			}
		}
	}
	for _, o := range []string{app.OutcomeLanded, app.OutcomeUnknown, OutcomeAlreadyPermitted, app.OutcomeFailed, OutcomeRefused} {
		if counts[o] == 0 {
			t.Errorf("no combination gave %s", o)
		}
	}
}

// TestDecidePermitCases: the answers issue 22 names, with what the reason says.
func TestDecidePermitCases(t *testing.T) {
	for name, c := range map[string]struct {
		ev     permitEvidence
		want   string
		reason []string
	}{
		"HTTP 500 after relaying": {permitCase(answerUnproven, rcNone, nonceMoved, allowAt), app.OutcomeLanded,
			[]string{"proves nothing either way (token-permit: HTTP 500", "moved past 7 (now 8)", "reads 2500, the signed value"}},
		"a duplicate POST answered 10001": {permitCase(answerRefused, rcNone, nonceMoved, allowAt), app.OutcomeLanded,
			[]string{"refuses before relaying", "another copy", "moved past 7"}},
		"the relay reverted, the allowance at the signed value": {permitCase(answerRelayed, rcReverted, nonceMoved, allowAt), app.OutcomeLanded,
			[]string{"reverted in block 12", "the signed value"}},
		"the relay reverted, the nonce unmoved": {permitCase(answerRelayed, rcReverted, nonceSame, allowBelow), app.OutcomeFailed,
			[]string{"reverted", "still 7", "below the signed value 2500"}},
		"a refusal, the nonce unmoved": {permitCase(answerRefused, rcNone, nonceSame, allowBelow), OutcomeRefused, []string{"bad signature", "still 7"}},
		"no proof, the nonce unmoved":  {permitCase(answerUnproven, rcNone, nonceSame, allowBelow), app.OutcomeUnknown, []string{"still 7"}},
		"the nonce used, the allowance spent or another's": {permitCase(answerUnproven, rcNone, nonceMoved, allowBelow), app.OutcomeUnknown,
			[]string{"a permit of nonce 7 was used", "reads 100, below"}},
		"a phantom transaction": {permitCase(answerRelayed, rcMissing, nonceSame, allowBelow), app.OutcomeUnknown, []string{"was not found on chain"}},
		"another transaction named": {permitCase(answerRelayed, rcSuccessOther, nonceSame, allowBelow), app.OutcomeUnknown,
			[]string{"approved nothing of 2500 for the spender: it is not this permit"}},
	} {
		t.Run(name, func(t *testing.T) {
			d := decidePermit(c.ev)
			if d.outcome != c.want {
				t.Fatalf("%s (%s), want %s", d.outcome, d.reason, c.want)
			}
			for _, r := range c.reason {
				if !strings.Contains(d.reason, r) {
					t.Errorf("reason %q lacks %q", d.reason, r)
				}
			}
		})
	}
}

// TestPermitAnswerOf: which errors mean the POST left (and whether they prove a refusal).
func TestPermitAnswerOf(t *testing.T) {
	tp := enduser.RouteTokenPermit
	for name, c := range map[string]struct {
		res  enduser.TokenPermitResult
		err  error
		want permitAnswer
		sent bool
	}{
		"relayed":        {res: enduser.TokenPermitResult{TxHash: "0x1"}, want: answerRelayed, sent: true},
		"10011":          {res: enduser.TokenPermitResult{AlreadyPermitted: true}, want: answerAlready, sent: true},
		"10001":          {err: &enduser.APIError{Route: tp, Code: 10001}, want: answerRefused, sent: true},
		"10007":          {err: &enduser.APIError{Route: tp, Code: 10007}, want: answerRefused, sent: true},
		"10000":          {err: &enduser.APIError{Route: tp, Code: 10000}, want: answerUnproven, sent: true},
		"10009":          {err: &enduser.APIError{Route: tp, Code: 10009}, want: answerUnproven, sent: true},
		"10001 in a 500": {err: &enduser.HTTPError{Route: tp, Status: 500, API: &enduser.APIError{Route: tp, Code: 10001}}, want: answerRefused, sent: true},
		"HTTP 500":       {err: &enduser.HTTPError{Route: tp, Status: 500}, want: answerUnproven, sent: true},
		"truncated":      {err: &enduser.DecodeError{Route: tp, Status: 200, Err: errors.New("unexpected end of JSON input")}, want: answerUnproven, sent: true},
		"gateway":        {err: &enduser.GatewayError{Route: tp, Status: 502}, want: answerUnproven, sent: true},
		"lost":           {err: &enduser.TransportError{Route: tp, Err: errors.New("EOF")}, want: answerUnproven, sent: true},
		"no txHash":      {err: fmt.Errorf("%w: empty", enduser.ErrNoTxHash), want: answerUnproven, sent: true},
		"not signed":     {err: &enduser.SignError{Route: tp, Err: errors.New("locked")}, want: answerUnproven, sent: false},
		"invalid":        {err: &enduser.ValidationError{Route: tp, Field: "permitV"}, want: answerUnproven, sent: false},
		"clock unsynced": {err: fmt.Errorf("token-permit: server time is needed for the deadline: %w", &enduser.TransportError{Route: enduser.RouteTimestamp, Err: errors.New("refused")}),
			want: answerUnproven, sent: false},
	} {
		a, sent := permitAnswerOf(c.res, c.err)
		if sent != c.sent || (sent && a != c.want) {
			t.Errorf("%s: answer %d sent %v, want %d %v", name, a, sent, c.want, c.sent)
		}
	}
}
