package app

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// purposeGate is what the application layer does with one purpose of the signing core
// (wallet.Purposes, where its fields, checks, digest and default policy line are declared):
// the review the gate shows before it signs (nil: another flow reviews it, as the deposit
// flow does a Solana transaction), the summary its audit record carries, what it moves for
// the amount limits (nil: no amount purse can name), and whether a later call carries the
// signature to the service, so that call is not asked about again (nil: none does).
// TestEveryPurposeHasAReview and TestEveryPurposeHasAnAuditSummary hold each purpose to
// its row.
type purposeGate struct {
	review  func(s *App, ctx context.Context, p config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token)
	summary func(p config.Profile, r wallet.Request, j agent.Judgement, tok *homechain.Token) string
	moves   func(s *App, ctx context.Context, p config.Profile, r wallet.Request, onChain *homechain.Token) agent.Moves
	carried func(r wallet.Request) (delivery, bool)
	// changes says whether a signature of the purpose may change the account (the audit
	// record's Changes: a screen that shows the account reloads after another process's);
	// nil: never.
	changes func(j agent.Judgement) bool
}

var purposeGates = map[wallet.Purpose]purposeGate{
	wallet.PurposeFullAuth:    {review: reviewFullAuth, summary: summaryFullAuth, changes: userRouteChanges},
	wallet.PurposeMintConsent: {review: reviewMintConsent, summary: summaryMintConsent, carried: carriedByItsMint, changes: always},
	wallet.PurposePermit:      {review: reviewPermit, summary: summaryPermit, moves: movesPermit, carried: carriedPermit, changes: always},
	wallet.PurposeFormA:       {review: reviewFormA, summary: summaryFormA, carried: carriedByItsCall, changes: always},
	wallet.PurposePersonal:    {review: reviewPersonal, summary: summaryPersonal},
	wallet.PurposePartnerAuth: {review: reviewPartnerAuth, summary: summaryPartnerAuth, changes: partnerRouteChanges},
	wallet.PurposeSolanaTx:    {summary: summarySolanaTx, moves: movesDeposit, changes: always},
	wallet.PurposeTypedData:   {review: reviewTypedData, summary: summaryTypedData},
	wallet.PurposeEVMTx:       {review: reviewEVMTx, summary: summaryEVMTx, moves: movesEVMTx, carried: carriedDeposit, changes: always},
}

func always(agent.Judgement) bool { return true }

// userRouteChanges: a full-auth payload that can be the request of a route that changes the
// account, or of no route purse knows (it may be sent to any), may change it.
func userRouteChanges(j agent.Judgement) bool {
	for _, r := range j.User.Routes {
		if r.Changes {
			return true
		}
	}
	return len(j.User.Routes) == 0
}

// partnerRouteChanges is userRouteChanges for a partner-auth payload.
func partnerRouteChanges(j agent.Judgement) bool {
	for _, r := range j.Partner.Routes {
		if r.Changes {
			return true
		}
	}
	return len(j.Partner.Routes) == 0
}

// carriedByItsCall: the permit's relay (token-permit) or the Form A submission that carries
// the signature delivers what was approved.
func carriedByItsCall(wallet.Request) (delivery, bool) { return delivery{}, true }

// carriedPermit: a permit approved with the call that carries it (a transfer, a payout) is
// delivered by exactly that call; one approved on its own by token-permit.
func carriedPermit(r wallet.Request) (delivery, bool) {
	if r.Route == "" {
		return delivery{}, true
	}
	body, err := enduser.UnsignedCall(r.Payload)
	if err != nil {
		return delivery{}, false
	}
	return delivery{route: r.Route, body: body}, true
}

// carriedByItsMint: the partner mint carries a mint consent once, and only with the e-mail
// it was approved for; a consent approved without one has its mint asked about.
func carriedByItsMint(r wallet.Request) (delivery, bool) {
	return delivery{email: r.MintEmail, once: true}, r.MintEmail != ""
}

// kindTypedData is the review's name for generic EIP-712 typed data.
const kindTypedData review.Kind = "typed data (EIP-712)"

// reviewTypedData shows an EIP-712 document as it is hashed: its domain (the contract and
// chain that would accept the signature), every value of its message in the order its types
// declare them, and the hashes a device shows when it cannot show the fields.
func reviewTypedData(_ *App, _ context.Context, p config.Profile, r wallet.Request, _ agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	td, err := r.Typed()
	if err != nil {
		return blockedReview(r, err), nil
	}
	rv := review.Request{ID: "sign-" + string(r.Purpose), Title: td.Doc.PrimaryType + " for " + typedDomainName(td), Kind: kindTypedData,
		Purpose: "Signs the EIP-712 typed data below with your EVM key (eth_signTypedData_v4). Whoever holds the signature can present it to the domain's contract: sign only what you would do yourself."}
	fields := func(vals []wallet.TypedValue, prefix string) []review.Field {
		out := make([]review.Field, len(vals))
		for i, v := range vals {
			out[i] = review.Field{Label: strings.TrimPrefix(v.Path, prefix), Value: v.Value, Note: "(" + v.Type + ")"}
		}
		return out
	}
	rv.Sections = []review.Section{
		{Heading: "Domain", Fields: fields(td.Domain, "domain.")},
		{Heading: "Message: " + td.Doc.PrimaryType, Fields: fields(td.Message, "message.")},
		{Heading: "Hashes", Fields: []review.Field{
			{Label: "domain hash", Value: td.DomainSeparator.Hex()},
			{Label: "message hash", Value: td.MessageHash.Hex()},
			{Label: "digest signed", Value: td.Digest.Hex()},
		}},
	}
	if c := td.Doc.Domain.ChainId; c != nil && (*big.Int)(c).String() != p.Network {
		rv.Warnings = append(rv.Warnings, fmt.Sprintf("the domain's chain %s is not profile %s's network %s", (*big.Int)(c), p.Name, p.Network))
	}
	if td.Doc.Domain.VerifyingContract == "" {
		rv.Warnings = append(rv.Warnings, "the domain names no verifying contract: any contract that accepts this domain's name and version may accept the signature")
	}
	return rv, nil
}

// typedDomainName is what a document's domain is called: its name, else its contract.
func typedDomainName(td wallet.TypedData) string {
	d := td.Doc.Domain
	switch {
	case d.Name != "":
		return d.Name
	case d.VerifyingContract != "":
		return d.VerifyingContract
	}
	return "an unnamed domain"
}

func summaryTypedData(_ config.Profile, r wallet.Request, _ agent.Judgement, _ *homechain.Token) string {
	td, err := r.Typed()
	if err != nil {
		return "typed data: (cannot be read)"
	}
	d := td.Doc.Domain
	chain := "no chain"
	if d.ChainId != nil {
		chain = "chain " + (*big.Int)(d.ChainId).String()
	}
	return fmt.Sprintf("typed data: %s for %q (%s, contract %s), digest %s", td.Doc.PrimaryType, d.Name, chain, d.VerifyingContract, td.Digest.Hex())
}
