package app

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"strings"
	"unicode/utf8"

	"purse/agent"
	"purse/altchain"
	"purse/app/review"
	"purse/config"
	"purse/homechain"
	"purse/keystore"
	"purse/wallet"
)

// What an audit record says of a signature, in words. The gate reads it from the typed
// request (and, for a permit, the token the chain confirmed), as its review does, so the log
// says what the user approved and not what a client called it: a full-auth record names the
// routes its payload is a request of by the one payload judge, not the route the client named.

func summaryFullAuth(p config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	s := "full-auth: " + fittingNames(p, j.User)
	if what := payloadDoes(j.User); what != "" {
		s += ": " + what
	}
	return s + "; payload hash " + r.FullAuthHash() + ", deadline " + r.Deadline
}

func summaryPermit(_ config.Profile, r wallet.Request, j agent.Judgement, tok *homechain.Token) string {
	pm := r.Permit
	if pm == nil {
		return "permit: (no permit)"
	}
	value := fmt.Sprintf("%s smallest units of %q", pm.Value, pm.Domain.Name)
	if tok != nil {
		value = review.HumanAmount(pm.Value, tok.Decimals) + " " + tok.Symbol
	}
	return fmt.Sprintf("permit: %s to spender %s, token %s, deadline %s", value, pm.Spender.Hex(), pm.Domain.VerifyingContract.Hex(), pm.Deadline)
}

func summaryFormA(_ config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	return "Form A: text hash " + wallet.FormATextHash(r.Text).Hex()
}

func summaryMintConsent(_ config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	s := fmt.Sprintf("mint consent: hash %q, deadline %s", r.Hash, r.Deadline)
	if r.MintEmail != "" {
		s += ", for the mint of " + r.MintEmail
	}
	return s
}

func summaryPersonal(_ config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	return fmt.Sprintf("personal message (%d bytes): %s", len(r.Message), prefix(r.Message, 60))
}

func summaryPartnerAuth(p config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	if r.Partner == nil {
		return "partner call: (no call)"
	}
	s := "partner call: " + partnerFittingNames(p, j.Partner)
	if what := partnerPayloadDoes(j.Partner); what != "" {
		s += ": " + what
	}
	return s
}

func summarySolanaTx(_ config.Profile, r wallet.Request, j agent.Judgement, _ *homechain.Token) string {
	var q altchain.Quote
	if json.Unmarshal(r.Quote, &q) != nil || !q.HasRequested {
		return "Solana transaction: its quote names no amount"
	}
	return fmt.Sprintf("Solana deposit: %s USDC into %s, to arrive as EVM token %s",
		review.HumanAmount(new(big.Int).SetUint64(q.USDCAmount), 6), q.DepositUSDCAccount, q.EVMOutputToken.String())
}

// auditNote is what the audit record of request r's signature says: its summary, and what it
// moves when the gate identified it (mv.Known).
func auditNote(job signJob, tok *homechain.Token, mv agent.Moves) keystore.AuditNote {
	p, r, j := job.Profile, job.Request, job.judgement()
	n := keystore.AuditNote{Summary: "(" + string(r.Purpose) + ": no summary)", PID: os.Getpid()}
	if job.Peer != nil {
		n.PID = job.Peer.PID // the agent's client, as the kernel says
	}
	g := purposeGates[r.Purpose]
	if g.summary != nil {
		n.Summary = g.summary(p, r, j, tok)
	}
	if g.changes != nil {
		n.Changes = g.changes(j)
	}
	if mv.Known {
		n.Asset, n.Amount = mv.Asset, mv.Amount.String()
	}
	return n
}

// prefix is the first n characters of b (valid UTF-8 or not), with "…" when there is more.
func prefix(b []byte, n int) string {
	s := strings.ToValidUTF8(string(b), "\uFFFD")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// notedEVM and notedSolana are key-store signers whose audit records can carry the gate's
// note (keystore's Noted).
type notedEVM interface {
	Noted(keystore.AuditNote) wallet.EVMSigner
}

type notedSolana interface {
	Noted(keystore.AuditNote) wallet.SolanaSigner
}
