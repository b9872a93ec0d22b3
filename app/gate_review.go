package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/altchain"
	"purse/app/internal/port"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/internal/format"
	"purse/partner"
	"purse/wallet"
)

// reviewOf is what the gate shows of an EVM request: built from the request's own fields by
// the same builders every front end uses, completed with what the profile's home chain says
// (a permit's token, decimals and domain; the spender's role). A request that cannot be
// shown, or whose permit domain the chain contradicts, is blocked. A permit's token, as the
// chain says it once its domain is checked, comes with it (nil: not read).
// j is r judged (agent.Judge).
func (s *App) reviewOf(ctx context.Context, p config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	if g := purposeGates[r.Purpose]; g.review != nil {
		return g.review(s, ctx, p, r, j, from)
	}
	return blockedReview(r, fmt.Errorf("purpose %q is not one an EVM key signs", r.Purpose)), nil
}

// blockedReview is the review of a request that cannot be shown: blocked, saying why.
func blockedReview(r wallet.Request, err error) review.Request {
	return review.Request{ID: "sign-" + string(r.Purpose), Title: string(r.Purpose), Kind: review.Kind(r.Purpose),
		Blocked: []string{fmt.Sprintf("the request cannot be shown: %v", err)}}
}

func reviewPermit(s *App, ctx context.Context, p config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	if r.Permit == nil {
		return blockedReview(r, errors.New("it holds no permit")), nil
	}
	role := ""
	var want spenderOf
	if rt, ok := enduser.LookupRoute(r.Route); ok && rt.Permit != nil {
		// The spender is named by the role the call's contract gives it, when it is that one
		// (reviewPermitCall blocks it otherwise).
		want = s.callSpender(ctx, p, rt, *r.Permit)
		if want.err == nil && want.addr == r.Permit.Spender {
			role = want.label
		}
	}
	rv, tok := s.permitReviewOf(ctx, p, "sign-"+string(r.Purpose), *r.Permit, role)
	if r.Route != "" {
		s.reviewPermitCall(ctx, p, r, j, tok, want, &rv)
	}
	return rv, tok
}

func reviewFullAuth(_ *App, _ context.Context, p config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	id := "sign-" + string(r.Purpose)
	hash := r.FullAuthHash()
	inter, msg := wallet.ConsentMessage(hash, r.Deadline)
	dl, err := wallet.DeadlineOf(r.Deadline)
	if err != nil {
		return review.Request{ID: id, Title: r.Method + " " + r.Route, Kind: review.KindFullAuth, Blocked: []string{fmt.Sprintf("the request cannot be shown: %v", err)}}, nil
	}
	// The path the profile's client sends the named route to (its routes and names).
	path := r.Route
	if rt, ok := enduser.RouteUnder(r.Route, p.Routes, p.StandInNames()); ok {
		path = rt.Path
	}
	rv := review.FullAuthRequest(id, review.FullAuth{Method: r.Method, Path: path, Payload: string(r.Payload),
		Hash: hash, Deadline: dl, Intermediate: inter, Message: msg})
	rv.Sections[0].Fields = append(rv.Sections[0].Fields,
		review.Field{Label: "route", Value: r.Route, Note: "(named by the caller; the signature covers the payload and the deadline only)"},
		review.Field{Label: "can be", Value: fittingNames(p, j.User), Note: "(the calls this payload is a request of)"})
	if what := payloadDoes(j.User); what != "" {
		rv.Purpose = what + " " + rv.Purpose
	}
	if r.AnyDeadline {
		rv.Warnings = append(rv.Warnings, deadlineNote(dl))
	}
	if r.Route == enduser.RouteReadSession {
		rv.Title = "read session until " + time.Unix(dl, 0).UTC().Format("15:04:05 UTC")
		rv.Purpose = "A read session: this one signature of the empty payload is used for every read of the account until its deadline, so a key on a device is pressed once, not once per read. Writes are still signed one by one."
		rv.Warnings = append(rv.Warnings, "what it grants depends on the service: one that binds the hash to the payload accepts it for every empty-payload read until the deadline; one that does not (UR's, evidence §1; purse doctor's \"full-auth hash\" probe tells) accepts it for every call until then, writes included, from whoever holds it")
	}
	return rv, nil
}

func reviewMintConsent(_ *App, _ context.Context, _ config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	inter, msg := wallet.ConsentMessage(r.Hash, r.Deadline)
	rv := review.MintConsentRequest("sign-"+string(r.Purpose), r.Hash, r.Deadline, inter, msg)
	if r.MintEmail != "" {
		rv.Sections = append(rv.Sections, review.Section{Heading: "The partner mint", Fields: []review.Field{
			{Label: "e-mail", Value: r.MintEmail, Note: "(not signed: the partner mint that carries this consent is sent unasked, once, only with this e-mail)"},
		}})
	}
	if dl, err := wallet.DeadlineOf(r.Deadline); err == nil && r.AnyDeadline {
		rv.Warnings = append(rv.Warnings, deadlineNote(dl))
	}
	return rv, nil
}

func reviewFormA(_ *App, _ context.Context, _ config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	return review.FormARequest("sign-"+string(r.Purpose), r.Text, wallet.FormATextHash(r.Text).Hex()), nil
}

func reviewPersonal(_ *App, _ context.Context, _ config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	return review.MessageRequest("sign-"+string(r.Purpose), review.KindPersonal, "Signs the message below with your EVM key (personal_sign).",
		r.Message, wallet.PersonalHash(r.Message).Hex()), nil
}

func reviewPartnerAuth(_ *App, _ context.Context, p config.Profile, r wallet.Request, j agent.Judgement, from common.Address) (review.Request, *homechain.Token) {
	pc := r.Partner
	if pc == nil {
		return blockedReview(r, errors.New("it holds no partner call")), nil
	}
	msg := pc.Message()
	idName := pc.IDName // the service's name for svcId, as the message signs it
	if idName == "" {
		idName = "svcId"
	}
	rv := review.MessageRequest("sign-"+string(r.Purpose), review.KindPartnerAuth, "Authenticates a partner API call with your EVM key.",
		[]byte(msg), wallet.PersonalHash([]byte(msg)).Hex())
	rv.Sections = append([]review.Section{{Heading: "Partner call", Fields: []review.Field{
		{Label: "message form", Value: string(pc.Variant)},
		{Label: idName, Value: pc.SvcID},
		{Label: "externalUserId", Value: pc.ExternalUserID},
		{Label: "deadline", Value: strconv.FormatInt(pc.Deadline, 10), Note: format.Unix(pc.Deadline)},
		{Label: "can be", Value: partnerFittingNames(p, j.Partner), Note: "(the partner calls this payload is a request of: the signature does not cover the path)"},
	}, Block: &review.Block{Label: "Payload", Text: string(pc.Payload)}}}, rv.Sections...)
	if what := partnerPayloadDoes(j.Partner); what != "" {
		rv.Purpose = what + " " + rv.Purpose
	}
	return rv, nil
}

func deadlineNote(dl int64) string {
	return fmt.Sprintf("the deadline %d (%s) may lie outside the service's bounds (--allow-any-deadline): the service refuses such a signature; it is for tests", dl, format.Unix(dl))
}

// payloadDoes says in words what a full-auth payload asks the service to do, when it can be
// the request of one changing route only ("" otherwise: the review's fields say the rest).
func payloadDoes(j enduser.Judgement) string {
	if len(j.Routes) != 1 || !j.Routes[0].Changes {
		return ""
	}
	switch j.Routes[0].Name {
	case enduser.RouteCardStatus:
		var b enduser.CardStatusRequest
		if json.Unmarshal(j.Body, &b) != nil {
			return ""
		}
		state := fmt.Sprintf("status %d", b.Status)
		switch b.Status {
		case enduser.CardBlocked:
			state = "blocked (0): payments with it stop until it is unblocked"
		case enduser.CardActive:
			state = "active (1): payments with it work again"
		}
		return fmt.Sprintf("Sets card %s to %s.", b.CardTokenID, state)
	case enduser.RouteTokenPermit:
		return "Has the service relay a signed EIP-2612 permit to the chain (it lets the card spender move your tokens)."
	case enduser.RouteSubmitFormA:
		return "Submits your signed Form A declaration."
	case enduser.RouteReuseShareToken:
		return "Hands a verified applicant over to your account with a share token."
	}
	return ""
}

// fittingNames lists the routes a full-auth payload can be a request of, each as profile p
// sends it (its names and routes); a body that fits a read is that read made a POST.
func fittingNames(p config.Profile, j enduser.Judgement) string {
	if len(j.Routes) == 0 {
		return "no route purse knows"
	}
	body := j.Body != nil
	names := make([]string, len(j.Routes))
	routeUnder := enduser.RoutesUnder(p.Routes, p.StandInNames())
	for i, rt := range j.Routes {
		if under, ok := routeUnder(rt.Name); ok {
			rt = under
		}
		names[i] = rt.Method + " " + rt.Path
		if body && rt.Method == http.MethodGet {
			names[i] = "POST " + rt.Path + " (the read made a POST)"
		}
	}
	return strings.Join(names, ", ")
}

// partnerFittingNames lists the partner calls a partner-auth payload can be a request of,
// each at its path under profile p's names (and its partner_routes).
func partnerFittingNames(p config.Profile, j partner.Judgement) string {
	fits := j.Routes
	if len(fits) == 0 {
		return "no partner route purse knows"
	}
	names := make([]string, len(fits))
	for i, rt := range fits {
		path := p.StandInNames().Path(rt.Path)
		if own, ok := p.PartnerRoutes[rt.Name]; ok {
			path = own
		}
		names[i] = rt.Method + " " + path
		if rt.Changes {
			names[i] += " (changes the account or moves money)"
		}
	}
	return strings.Join(names, ", ")
}

// partnerPayloadDoes says in words what a partner-auth payload asks the service to do, when
// it can be the request of one changing route only ("" otherwise).
func partnerPayloadDoes(j partner.Judgement) string {
	if len(j.Routes) != 1 || !j.Routes[0].Changes {
		return ""
	}
	switch j.Routes[0].Name {
	case partner.RouteMint:
		var b partner.MintRequest
		if json.Unmarshal(j.Body, &b) == nil {
			return fmt.Sprintf("Has the service mint an account NFT for %s (e-mail %s).", b.EVMAddress, b.Email)
		}
	case partner.RouteExchange:
		return "Has the service exchange one fiat token for another on an account."
	case partner.RouteDeposit:
		return "Has the service deposit USDC into an account."
	case partner.RouteOnramp:
		return "Has the service buy crypto from an account's fiat and send it out."
	case partner.RouteApplyUSDPayin:
		return "Has the service open a USD pay-in account."
	}
	return ""
}

// permitReviewOf is the review of a permit with what the chain says of its token: when the
// permit is for the profile's home chain, the token's symbol and decimals and its
// DOMAIN_SEPARATOR are read there, and a domain the chain contradicts blocks signing; the
// spender is named by its role (role, when the caller knows it; else the profile's card
// spender's, or the token's own).
func (s *App) permitReviewOf(ctx context.Context, p config.Profile, id string, pm wallet.Permit, role string) (review.Request, *homechain.Token) {
	digest, _, err := pm.Digest()
	if err != nil {
		return review.Request{ID: id, Title: "permit", Kind: review.KindPermit, Blocked: []string{fmt.Sprintf("the request cannot be shown: %v", err)}}, nil
	}
	var read *homechain.Token
	in := review.Permit{
		TokenSymbol: pm.Domain.Name, TokenAddress: pm.Domain.VerifyingContract.Hex(),
		Value: pm.Value, Owner: pm.Owner.Hex(), SpenderRole: RoleLabel(RoleAddress), Spender: pm.Spender.Hex(),
		Nonce: pm.Nonce, Deadline: pm.Deadline, ChainID: pm.Domain.ChainID,
		DomainName: pm.Domain.Name, DomainVersion: pm.Domain.Version, Digest: digest.Hex(), NoDecimals: true,
	}
	switch {
	case role != "":
		in.SpenderRole = role
	case p.CardSpender != "" && common.IsHexAddress(p.CardSpender) && common.HexToAddress(p.CardSpender) == pm.Spender:
		in.SpenderRole = RoleLabel(RoleCard)
	case pm.Spender == pm.Domain.VerifyingContract:
		in.SpenderRole = RoleLabel(RoleToken)
	}
	var warnings, blocks []string
	if empty := pm.Domain.Empty(); len(empty) > 0 {
		// Allowed, and so rare that the review says it: only a token whose own domain has
		// it empty takes this permit (the chain's DOMAIN_SEPARATOR, below, tells).
		warnings = append(warnings, "the EIP-712 domain's "+strings.Join(empty, " and ")+" is empty: signed as the empty string, as EIP-712 allows; only a token whose own domain has it empty accepts this permit")
	}
	switch {
	case pm.Domain.ChainID == nil || pm.Domain.ChainID.String() != p.Network:
		warnings = append(warnings, fmt.Sprintf("the permit is for chain %v, not profile %s's network %s: its token and domain were not read from a chain", pm.Domain.ChainID, p.Name, p.Network))
	case p.EVMRPC == "":
		warnings = append(warnings, fmt.Sprintf("profile %s has no evm_rpc: the token and its domain could not be checked on chain", p.Name))
	default:
		tok, err := s.tokenOnChain(ctx, p, pm.Domain)
		var dm *homechain.DomainMismatchError
		switch {
		case errors.As(err, &dm), errors.Is(err, homechain.ErrPermitRefused):
			blocks = append(blocks, "the token's DOMAIN_SEPARATOR on chain differs from the permit's domain: "+OneLine(err))
		case err != nil:
			warnings = append(warnings, "the token and its domain could not be read on chain: "+OneLine(err))
		default:
			in.TokenSymbol, in.Decimals, in.NoDecimals = tok.Symbol, tok.Decimals, false
			read = &tok
		}
	}
	rv := review.PermitRequest(id, in)
	rv.Warnings = append(rv.Warnings, warnings...)
	rv.Blocked = append(rv.Blocked, blocks...)
	return rv, read
}

// tokenOnChain reads the permit token's symbol and decimals on the profile's home chain and
// checks that its DOMAIN_SEPARATOR is the permit domain's.
func (s *App) tokenOnChain(ctx context.Context, p config.Profile, d wallet.PermitDomain) (homechain.Token, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	hc, err := s.profileChain(p).Dial(ctx)
	if err != nil {
		return homechain.Token{}, err
	}
	defer hc.Close()
	if err := hc.CheckPermitDomain(ctx, d); err != nil {
		return homechain.Token{}, err
	}
	return hc.ReadToken(ctx, d.VerifyingContract)
}

// signDeposit is the gate's Solana part before the question: the quote the message came
// with, checked again under the profile's pins (the checklist), the message proven to be the
// quote's transaction with only its blockhash replaced, the signature by the user key only,
// and the simulation of the signed bytes; then the review of all of it. A key on a device
// signs only after the question (it asks its own, last): until then the unsigned transaction
// is simulated, and release has the device sign and simulates the signed bytes before the
// signature leaves. A rejection is a Refusal carrying the review, so a front end can show
// why.
func (s *App) signDeposit(ctx context.Context, job signJob, key wallet.SolanaSigner) (*depositSigning, review.Request, error) {
	progress := job.Progress
	if progress == nil {
		progress = func(string, string) {}
	}
	var q altchain.Quote
	if err := json.Unmarshal(job.Request.Quote, &q); err != nil {
		return nil, review.Request{}, refuse(agent.CodeInvalid, "sign: the quote: %v; nothing was signed", err)
	}
	opts, err := DepositOptions(job.Profile)
	if err != nil {
		return nil, review.Request{}, err
	}
	s.bindFiatTokens(ctx, job.Profile, opts) // F33 checked where the key is, not "offline"
	rpc, err := s.solanaOf(job.Profile)
	if err != nil {
		return nil, review.Request{}, err
	}
	_, onDevice := key.(wallet.SolanaDeviceSigner)
	progress(port.StepSign, "the checklist again where the key is, under profile "+job.Profile.Name+"'s pins")
	var p *altchain.Prepared
	if onDevice {
		progress(port.StepSimulate, "the unsigned transaction (the device signs after your review)")
		p, err = altchain.PreviewChecked(ctx, rpc, &q, job.Request.Message, key.PublicKey(), opts)
	} else {
		p, err = altchain.SignChecked(ctx, rpc, &q, job.Request.Message, progressSigner{key, progress}, opts)
	}
	currency, cerr := s.outputCurrency(ctx, job.Profile, &q)
	rv := func(r *altchain.Report) review.Request {
		out := DepositReview("sign-solana-tx", &q, job.Profile.SolanaCluster, currency, r)
		if cerr != nil {
			out.Warnings = append(out.Warnings, "the output token "+q.EVMOutputToken.String()+" could not be read on the home chain: "+OneLine(cerr))
		}
		if onDevice {
			out.Sections = append(out.Sections, review.Section{Heading: "Then on the device", Fields: []review.Field{
				{Label: "confirm", Value: "on the Ledger (Solana app), after you approve here", Note: "(the key is on the device: nothing is signed until you confirm there)"},
				{Label: "simulated", Value: "unsigned, for this review", Note: "(the signed bytes are simulated again once the device signs; the signature leaves only if that passes)"},
			}})
		}
		return out
	}
	if err != nil {
		if p != nil && p.Report != nil && p.Report.Rejected() {
			what := "validate: nothing was signed"
			switch {
			case onDevice && !p.Report.RecentBlockhash.IsZero():
				what = "simulate: nothing was signed"
			case !p.Report.RecentBlockhash.IsZero():
				what = "simulate: the signature was not released"
			}
			r := rv(p.Report)
			return nil, r, &Refusal{Code: agent.CodeRejected, Msg: Rejection(p.Report, what).Error(), Review: &r}
		}
		return nil, review.Request{}, err
	}
	progress(port.StepReview, "what will be sent")
	d := &depositSigning{sig: p.Signature}
	if onDevice {
		d.releaseFn = func(ctx context.Context) (solana.Signature, error) {
			progress(port.StepSign, "confirm on the device: the Solana app shows the transaction")
			sig, err := wallet.SignSolana(key, job.Request)
			if err != nil {
				return solana.Signature{}, err
			}
			progress(port.StepSimulate, "signed "+sig.String()+"; simulating the signed bytes with signature verification")
			f, err := altchain.FinishChecked(ctx, rpc, &q, job.Request.Message, key.PublicKey(), sig, p.Report)
			if err != nil {
				if f != nil && f.Report != nil && f.Report.Rejected() {
					r := rv(f.Report)
					return solana.Signature{}, &Refusal{Code: agent.CodeRejected, Msg: Rejection(f.Report, "simulate: the device's signature was not released").Error(), Review: &r}
				}
				return solana.Signature{}, fmt.Errorf("the device signed, and the signed bytes could not be simulated: %w; the signature was not released", err)
			}
			return sig, nil
		}
	}
	return d, rv(p.Report), nil
}

// depositSigning is a checked deposit awaiting the question: release hands out its signature
// (a key in the process made it already; a key on a device makes it then).
type depositSigning struct {
	sig       solana.Signature
	releaseFn func(context.Context) (solana.Signature, error)
}

func (d *depositSigning) release(ctx context.Context) (solana.Signature, error) {
	if d.releaseFn != nil {
		return d.releaseFn(ctx)
	}
	return d.sig, nil
}

// progressSigner reports the sign step of the gate (altchain.SignChecked), and the simulation
// that follows a signature.
type progressSigner struct {
	wallet.SolanaSigner
	progress func(step, detail string)
}

func (s progressSigner) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	s.progress(port.StepSign, "signing with "+s.PublicKey().String()+" only")
	sig, err := s.SolanaSigner.SignMessage(p, msg)
	if err == nil {
		s.progress(port.StepSimulate, "signed "+sig.String()+"; simulating the signed bytes with signature verification")
	}
	return sig, err
}

// outputCurrency is the symbol of the quote's EVM output token on the profile's home chain.
func (s *App) outputCurrency(ctx context.Context, p config.Profile, q *altchain.Quote) (string, error) {
	if q.EVMOutputToken == (altchain.EVMAddress{}) {
		return "", errors.New("the quote names no output token")
	}
	if p.EVMRPC == "" {
		return "", fmt.Errorf("profile %s has no evm_rpc", p.Name)
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	hc, err := s.profileChain(p).Dial(ctx)
	if err != nil {
		return "", err
	}
	defer hc.Close()
	t, err := hc.ReadToken(ctx, common.Address(q.EVMOutputToken))
	if err != nil {
		return "", err
	}
	return t.Symbol, nil
}
