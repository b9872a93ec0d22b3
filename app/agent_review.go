package app

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/altchain"
	"purse/app/review"
	"purse/enduser"
	"purse/wallet"
)

// ReviewOfPending is the review a trusted display shows for a request the agent's policy
// wants confirmed: first who asks (what the client says it is, what the kernel says), with
// which key, under which profile and which policy line; then exactly what is signed, built
// by the same builders as the front ends' own reviews. What cannot be shown blocks signing.
func ReviewOfPending(p agent.Pending) review.Request {
	id := AgentReviewID(p.ID)
	rv := signedReview(id, p.Request)
	client := p.Client
	if client == "" {
		client = "an unnamed client"
	}
	rv.ID = id
	rv.Title = fmt.Sprintf("Agent: %s asks to sign %s", client, rv.Title)
	who := review.Section{Heading: "Who asks", Fields: []review.Field{
		{Label: "client", Value: p.Client, Note: "(what the program says it is)"},
		{Label: "process", Value: p.Peer, Note: "(what the kernel says)"},
		{Label: "key", Value: p.Label, Note: p.Address},
		{Label: "profile", Value: p.Profile},
		{Label: "policy", Value: p.Line, Note: "(this line asks for your confirmation)"},
		{Label: "purpose", Value: string(p.Request.Purpose)},
	}}
	rv.Sections = append([]review.Section{who}, rv.Sections...)
	return rv
}

// AgentReviewID is the review id of the agent's request id, so a display matches the
// decision to the request.
func AgentReviewID(id uint64) string { return "agent-" + strconv.FormatUint(id, 10) }

// signedReview is the review of what r signs; a request that cannot be shown is blocked.
func signedReview(id string, r wallet.Request) review.Request {
	blocked := func(title string, kind review.Kind, err error) review.Request {
		return review.Request{ID: id, Title: title, Kind: kind, Blocked: []string{fmt.Sprintf("the request cannot be shown: %v", err)}}
	}
	// The agent checked the request before asking; a display checks it again at its own
	// clock, so a request that can no longer be signed is shown as refused.
	if err := r.Check(time.Now()); err != nil {
		return blocked(string(r.Purpose), review.Kind(r.Purpose), err)
	}
	switch r.Purpose {
	case wallet.PurposeFullAuth, wallet.PurposeMintConsent:
		kind := review.KindFullAuth
		if r.Purpose == wallet.PurposeMintConsent {
			kind = review.KindMintConsent
		}
		hash := r.Hash
		if r.Purpose == wallet.PurposeFullAuth {
			hash = r.FullAuthHash()
		}
		inter, msg := wallet.ConsentMessage(hash, r.Deadline)
		if r.Purpose == wallet.PurposeMintConsent {
			return review.MintConsentRequest(id, hash, r.Deadline, inter, msg)
		}
		dl, err := strconv.ParseInt(r.Deadline, 10, 64)
		if err != nil {
			return blocked(r.Method+" "+r.Route, kind, fmt.Errorf("deadline %q: expected unix seconds", r.Deadline))
		}
		path := r.Route
		if rt, ok := enduser.LookupRoute(r.Route); ok {
			path = rt.Path
		}
		rv := review.FullAuthRequest(id, review.FullAuth{Method: r.Method, Path: path, Payload: string(r.Payload),
			Hash: hash, Deadline: dl, Intermediate: inter, Message: msg})
		rv.Sections[0].Fields = append(rv.Sections[0].Fields, review.Field{Label: "route", Value: r.Route,
			Note: "(method and route are what the client says; the signature covers the payload and the deadline)"})
		return rv
	case wallet.PurposePermit:
		if r.Permit == nil {
			return blocked("permit", review.KindPermit, fmt.Errorf("no permit"))
		}
		pm := *r.Permit
		digest, _, err := pm.Digest()
		if err != nil {
			return blocked("permit", review.KindPermit, err)
		}
		rv := review.PermitRequest(id, review.Permit{
			TokenSymbol: pm.Domain.Name, TokenAddress: pm.Domain.VerifyingContract.Hex(),
			Value: pm.Value, Owner: pm.Owner.Hex(), SpenderRole: RoleLabel(""), Spender: pm.Spender.Hex(),
			Nonce: pm.Nonce, Deadline: pm.Deadline, ChainID: pm.Domain.ChainID,
			DomainName: pm.Domain.Name, DomainVersion: pm.Domain.Version, Digest: digest.Hex(), NoDecimals: true,
		})
		return rv
	case wallet.PurposeFormA:
		return review.FormARequest(id, r.Text, wallet.FormATextHash(r.Text).Hex())
	case wallet.PurposePersonal:
		return review.MessageRequest(id, review.KindPersonal, "Signs the message below with your EVM key (personal_sign).",
			r.Message, wallet.PersonalHash(r.Message).Hex())
	case wallet.PurposePartnerAuth:
		pc := r.Partner
		msg := pc.Message()
		rv := review.MessageRequest(id, review.KindPartnerAuth, "Authenticates a partner API call with your EVM key.",
			[]byte(msg), wallet.PersonalHash([]byte(msg)).Hex())
		rv.Sections = append([]review.Section{{Heading: "Partner call", Fields: []review.Field{
			{Label: "message form", Value: string(pc.Variant)},
			{Label: "svcId", Value: pc.SvcID},
			{Label: "externalUserId", Value: pc.ExternalUserID},
			{Label: "deadline", Value: strconv.FormatInt(pc.Deadline, 10), Note: time.Unix(pc.Deadline, 0).UTC().Format("2006-01-02 15:04:05 UTC")},
		}, Block: &review.Block{Label: "Payload", Text: string(pc.Payload)}}}, rv.Sections...)
		return rv
	case wallet.PurposeSolanaTx:
		return solanaAgentReview(id, r)
	}
	return blocked(string(r.Purpose), review.Kind(r.Purpose), fmt.Errorf("purpose %q is not one purse signs", r.Purpose))
}

// solanaAgentReview shows the quote a deposit transaction came with and the message the
// agent signs. The agent has already run the deposit checklist on it (the same rules as
// `purse altchain deposit`) and proved the message is the quote's transaction with only the
// blockhash replaced; a request failing either never reaches the display.
func solanaAgentReview(id string, r wallet.Request) review.Request {
	var q altchain.Quote
	if err := json.Unmarshal(r.Quote, &q); err != nil {
		return review.Request{ID: id, Title: "Solana transaction", Kind: review.KindSolana,
			Blocked: []string{fmt.Sprintf("the request cannot be shown: quote: %v", err)}}
	}
	tx := review.Section{Heading: "Transaction", Fields: []review.Field{
		{Label: "message", Value: strconv.Itoa(len(r.Message)), Note: "bytes"},
	}}
	var m solana.Message
	if err := m.UnmarshalWithDecoder(bin.NewBinDecoder(r.Message)); err == nil {
		if len(m.AccountKeys) > 0 {
			tx.Fields = append(tx.Fields, review.Field{Label: "fee payer", Value: m.AccountKeys[0].String()})
		}
		tx.Fields = append(tx.Fields,
			review.Field{Label: "blockhash", Value: m.RecentBlockhash.String()},
			review.Field{Label: "instructions", Value: strconv.Itoa(len(m.Instructions))})
	}
	tx.Fields = append(tx.Fields, review.Field{Label: "checked", Value: "the deposit checklist passed in the agent",
		Note: "(and the message is the quote's transaction with only the blockhash replaced)"})
	return review.Request{
		ID:       id,
		Title:    "deposit " + altchain.FormatUnits(q.USDCAmount, 6) + " USDC",
		Kind:     review.KindSolana,
		Purpose:  "Deposits USDC from your Solana wallet to the service's deposit account under the quote below.",
		Sections: []review.Section{depositSection(&q, ""), tx},
	}
}
