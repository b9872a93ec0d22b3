package app

import (
	"github.com/ethereum/go-ethereum/common"

	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/config"
	"purse/wallet"
)

// Every purpose the signing core declares (wallet.Purposes) is reviewed in words before it
// is signed: each EVM purpose's request gets a review the display can show (a title, and no
// "cannot be shown"); TestEveryPurposeHasAnAuditSummary holds each to a summary. A purpose added to wallet without a sample here
// fails, so its review is written with it. Permits are reviewed against the chain
// (permitReviewOf, tested with their flows) and Solana deposits by the deposit flow.
func TestEveryPurposeHasAReview(t *testing.T) {
	dl := strconv.FormatInt(time.Now().Add(time.Minute).Unix(), 10)
	samples := map[wallet.Purpose]*wallet.Request{
		wallet.PurposeFullAuth:    {Method: "POST", Route: "transactions", Payload: []byte(`{"pageSize":5}`), Deadline: dl},
		wallet.PurposeMintConsent: {Hash: "consent", Deadline: dl},
		wallet.PurposeFormA:       {Text: "Form A"},
		wallet.PurposePersonal:    {Message: []byte("hello")},
		wallet.PurposePartnerAuth: {Partner: &wallet.PartnerCall{Variant: wallet.PartnerAuthSpec, Payload: []byte(`{}`), Deadline: time.Now().Add(time.Minute).Unix()}},
		wallet.PurposePermit:      nil, // reviewed against the chain: permitReviewOf
		wallet.PurposeSolanaTx:    nil, // reviewed by the deposit flow: deposit_review.go
		wallet.PurposeTypedData:   bothWaysSamples(t)[wallet.PurposeTypedData],
		wallet.PurposeEVMTx:       nil, // reviewed against the chain: app/money TestEVMDeposit
	}
	p := *config.SandboxProfile(config.DefaultSandboxAddr)
	for _, purpose := range wallet.Purposes() {
		r, ok := samples[purpose]
		if !ok {
			t.Errorf("purpose %s: no sample request here, so nothing shows it has a review", purpose)
			continue
		}
		if r == nil {
			continue
		}
		r.Purpose = purpose
		rv, _ := (&App{}).reviewOf(context.Background(), p, *r, agent.Judge(*r), common.Address{})
		if rv.Title == "" || len(rv.Blocked) > 0 || strings.Contains(strings.Join(rv.Blocked, " "), "not one an EVM key signs") {
			t.Errorf("purpose %s: review %q, blocked %q", purpose, rv.Title, rv.Blocked)
		}
	}
}
