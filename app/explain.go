package app

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/app/review"
	"purse/homechain"
	"purse/internal/strictjson"
	"purse/keystore"
	"purse/wallet"
)

// Explanation is what the signing policy says of one request, and why: the decision the gate
// would make for it, by the gate's own steps (the purpose's and the payload's lines, the
// review's blocking findings, the amount limits), with nothing signed and no one asked.
type Explanation struct {
	Purpose wallet.Purpose `json:"purpose"`
	Profile string         `json:"profile"`
	Key     string         `json:"key"`
	// Outcome and Line: the policy's outcome and the line (and limit) that decides it.
	Outcome agent.Outcome `json:"outcome"`
	Line    string        `json:"line"`
	// Asset and Amount are what the request moves, when the gate could determine it; Today
	// what the key signed of it today (UTC); Unidentified why it could not.
	Asset        string `json:"asset,omitempty"`
	Amount       string `json:"amount,omitempty"`
	Today        string `json:"today,omitempty"`
	Unidentified string `json:"unidentified,omitempty"`
	// Blocked are the review's findings that refuse the request whatever the policy says.
	Blocked []string `json:"blocked,omitempty"`
	// Policy is the file the policy was read from.
	Policy string `json:"policy"`
}

// Explain says what the signing policy of this home decides for request r signed by key
// label ("" the profile's key of r's kind) under the active profile, and why. The request is
// checked as the gate checks it; an invalid one is an error naming what is wrong.
func (a Agent) Explain(ctx context.Context, r wallet.Request, label string) (Explanation, error) {
	s := a.s
	p := s.Profile()
	if label == "" {
		label = p.EVMKey
		if r.Purpose == wallet.PurposeSolanaTx {
			label = p.SolanaKey
		}
	}
	pol, err := agent.LoadPolicy(s.home)
	if err != nil {
		return Explanation{}, usage(err)
	}
	if err := r.Check(s.Now()); err != nil {
		return Explanation{}, usage(fmt.Errorf("the request: %v", err))
	}
	out := Explanation{Purpose: r.Purpose, Profile: p.Name, Key: label, Policy: pol.Path}
	if out.Policy == "" {
		out.Policy = "defaults (no " + agent.PolicyFile + ")"
	}
	g := newGate(s, func() (*agent.Policy, error) { return pol, nil }, nil)
	job := signJob{Request: r, Profile: p, Label: label}
	j := agent.Judge(r)
	d := pol.DecideJudged(r, j)
	if d.Outcome != agent.Deny {
		var tok *homechain.Token
		if r.Purpose != wallet.PurposeSolanaTx {
			var rv review.Request
			rv, tok = s.reviewOf(ctx, p, r, j, common.Address{})
			out.Blocked = rv.Blocked
		}
		l, _ := g.limit(ctx, job, d, tok)
		l.done()
		d = l.Decision
		mv := l.Moves
		switch {
		case mv.Known:
			out.Asset, out.Amount = mv.Asset, mv.Amount.String()
			if ks, err := s.keys(nil); err == nil {
				if t, err := spentToday(ks, p.Name, label, r.Purpose, mv.Asset, g.now()); err == nil {
					out.Today = t.String()
				}
			}
		case mv.Why != "":
			out.Unidentified = mv.Why
		}
	}
	out.Outcome, out.Line = d.Outcome, d.Line
	return out, nil
}

// ParseRequest reads a wallet.Request written as JSON, as the agent reads one from its socket
// (strictjson: one value, no key given twice, no field the request does not have), so what is
// explained is what the agent would judge. A bytes field (payload, message, quote) is base64,
// as encoding/json writes []byte.
func ParseRequest(raw []byte) (wallet.Request, error) {
	var r wallet.Request
	if err := strictjson.Unmarshal(raw, &r, true); err != nil {
		var b64 base64.CorruptInputError
		if errors.As(err, &b64) {
			err = fmt.Errorf("a bytes field (payload, message, quote) is not base64: %v", err)
		}
		return wallet.Request{}, usage(fmt.Errorf("the request: %v (expected a JSON signing request such as {\"purpose\":\"personal\",\"message\":\"aGk=\"})", err))
	}
	return r, nil
}

// ErrExplained ends a flow whose signature was explained instead of made (Options.Explain).
var ErrExplained = errors.New("explained, not signed")

// explainingEVM is the signer of an explaining session: it has the key's address (from the
// key index, no passphrase) and explains each request it is handed.
func (s *App) explainingEVM(label string) (wallet.EVMSigner, error) {
	ks, err := s.keys(nil)
	if err != nil {
		return nil, err
	}
	e, err := ks.Get(label)
	if err != nil {
		return nil, err
	}
	if e.Kind != keystore.KindEVM {
		return nil, usage(fmt.Errorf("key %q is a %s key, not an EVM key", label, e.Kind))
	}
	return explainingSigner{s: s, label: label, addr: common.HexToAddress(e.Address)}, nil
}

type explainingSigner struct {
	s     *App
	label string
	addr  common.Address
}

func (x explainingSigner) Address() common.Address { return x.addr }

// SignDigest is never what a flow calls on a RequestSigner; a digest alone says nothing the
// policy can judge.
func (x explainingSigner) SignDigest(wallet.Purpose, common.Hash) ([]byte, error) {
	return nil, fmt.Errorf("%w: a bare digest cannot be explained", ErrExplained)
}

func (x explainingSigner) SignRequest(r wallet.Request) ([]byte, error) {
	ex, err := x.s.Agent().Explain(context.Background(), r, x.label)
	if err != nil {
		return nil, err
	}
	x.s.explain(ex)
	return nil, ErrExplained
}
