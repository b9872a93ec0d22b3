package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/wallet"
)

// The signing gate: every signature purse makes passes here, in the process and in the agent,
// in one order (go-ethereum's clef puts approval at the same place, between validation and
// signing): the typed request is checked and its digest built by the signer (wallet.Request),
// the signing policy decides (deny refuses, allow signs, confirm asks), the review is built
// from the request and what the profile's chains say, a review with a blocking finding is
// refused before anyone is asked, the Approver is asked when the policy confirms, and only
// then is the key used. A Solana transaction is signed and simulated before it is shown (the
// review carries the simulation), and its signature leaves the gate only on approval.

// Approver asks the user to approve one signature: it shows the review and returns nil only
// when the user approved it. The terminal (cmd/purse), the TUI's dialog and the agent's
// trusted display implement it; nothing else in purse asks.
type Approver interface {
	Approve(ctx context.Context, a Approval) error
}

// ApproverFunc is an Approver written as a function.
type ApproverFunc func(ctx context.Context, a Approval) error

// Approve calls f.
func (f ApproverFunc) Approve(ctx context.Context, a Approval) error { return f(ctx, a) }

// Approval is one question to the user.
type Approval struct {
	// Review is exactly what is signed, and for a request of another process who asks.
	Review review.Request
	// Line is the signing policy's line that asks for the confirmation.
	Line string
	// Timeout is how long the signer waits for the answer (0: as long as it takes).
	Timeout time.Duration
	// OfferSession says the approver may also approve this client's like requests for a
	// while (the agent's display, SessionAnswer); grant records it.
	OfferSession bool
	grant        func(agent.SessionAnswer) error
}

// Refusal is a signature the gate refused: nothing was signed. Code says why, in the agent's
// vocabulary, so an agent answers with it unchanged.
type Refusal struct {
	Code string // agent.CodeDenied, CodeRejected, CodeNoDisplay, CodeNeedsApproval, CodeInvalid
	Msg  string
	// Review is what was refused, when a review was built (a rejected deposit), for a front
	// end to show why.
	Review *review.Request
	// Err is the approver's own error, when it said no (no terminal to ask on, say).
	Err error
}

func (e *Refusal) Error() string { return e.Msg }
func (e *Refusal) Unwrap() error { return e.Err }

// Is makes every refusal but an invalid request an ErrRejected (exit 3), and maps the codes
// to the agent's sentinels, so a refusal reads the same in the process and through an agent.
func (e *Refusal) Is(target error) bool {
	switch target {
	case ErrRejected:
		return e.Code != agent.CodeInvalid
	case agent.ErrNeedsApproval:
		return e.Code == agent.CodeNeedsApproval
	case agent.ErrDenied:
		return e.Code == agent.CodeDenied || e.Code == agent.CodeNoDisplay || e.Code == agent.CodeRejected || e.Code == agent.CodeDeclined
	case agent.ErrDeclined:
		return e.Code == agent.CodeDeclined
	}
	return false
}

func refuse(code, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Msg: fmt.Sprintf(format, a...)}
}

// signJob is one signature asked of the gate.
type signJob struct {
	Request wallet.Request
	// Profile is the profile the request is for: its chains are read for the review.
	Profile config.Profile
	// Label is the key's label.
	Label string
	// Who says who asks, for a request of another process (the agent's client); nil is this
	// process, whose user started what is signed.
	Who *review.Section
	// Peer is what the kernel says of the agent's client (nil: this process); a session
	// approval is for it.
	Peer *agent.Peer
	// NoWait refuses at once (CodeNeedsApproval) what the policy would ask about: a
	// read-only caller never waits for a person.
	NoWait bool
	// Progress (may be nil) hears the steps of a Solana signature as they begin (port.StepSign,
	// StepSimulate, StepReview), with what each does.
	Progress func(step, detail string)

	// judged is the request's payload judged once (judgement): the policy, a delivery, the
	// review, the session scope and the audit record read it.
	judged *agent.Judgement
}

// judgement is the job's request judged (agent.Judge): parsed at its first use and kept, so a
// step that reads it can never see a request unjudged (a zero judgement would scope a
// session approval to every full-auth payload). The gate's doors ask first, so the copies of
// the job its steps get share the one judgement.
func (j *signJob) judgement() agent.Judgement {
	if j.judged == nil {
		v := agent.Judge(j.Request)
		j.judged = &v
	}
	return *j.judged
}

// signingGate is the signing gate of one signer (the process, or the agent): its policy, the
// approver it asks, and the signatures it released whose delivery needs no second question.
type signingGate struct {
	app      *App
	policy   func() (*agent.Policy, error)
	approver Approver
	now      func() time.Time

	// noApprover ends the refusal of a request to confirm when there is no approver.
	noApprover string

	// sessions are the agent's session approvals (nil in a process signing for itself).
	sessions sessionStore

	mu        sync.Mutex
	delivered map[string]delivery // approved signatures (deliveryKey) → what their delivery may be

	// spending is held by a signature an amount limit judges, from the read of the day's
	// total to its audit record (or its refusal): concurrent requests would otherwise all
	// be held against the same total, and together sign past the limit unasked.
	spending chan struct{}
}

// sessionStore keeps the session approvals of the agent's display (agent.Server).
type sessionStore interface {
	Sessionable(p agent.Peer) bool
	SessionHolds(p agent.Peer, scope string) (string, bool)
	GrantSession(p agent.Peer, scope string, a agent.SessionAnswer) error
}

// sessionScope is what a session approval covers of r: its purpose and, for a full-auth or
// partner-auth signature, the routes its payload can be a request of ("" when it fits none:
// a payload purse cannot name is asked about every time).
func sessionScope(job signJob) string {
	r, j := job.Request, job.judgement()
	switch {
	case j.Section == "":
		return string(r.Purpose)
	case len(j.Names) == 0:
		return ""
	}
	return string(r.Purpose) + " " + strings.Join(j.Names, ", ")
}

// deliveryWindow is how long the call that delivers an approved signature (the token-permit
// or Form A submission carrying it) is signed without a second question.
const deliveryWindow = 10 * time.Minute

func newGate(s *App, policy func() (*agent.Policy, error), approver Approver) *signingGate {
	return &signingGate{app: s, policy: policy, approver: approver, now: time.Now, delivered: map[string]delivery{}, spending: make(chan struct{}, 1),
		noApprover: "and there is no one to ask: run it on a terminal (or pass --yes to approve it from a script), or from the TUI"}
}

// SignEVM runs the gate for an EVM request and signs it with key (the key itself: the gate is
// the only caller of its SignDigest).
func (g *signingGate) SignEVM(ctx context.Context, job signJob, key wallet.EVMSigner) ([]byte, error) {
	r := job.Request
	if r.Purpose == wallet.PurposeSolanaTx {
		return nil, refuse(agent.CodeInvalid, "sign: a Solana transaction is not signed by an EVM key; nothing was signed")
	}
	digest, err := r.Digest(g.now())
	if err != nil {
		return nil, refuse(agent.CodeInvalid, "sign: %v; nothing was signed", err)
	}
	job.judgement() // judged once, here at the door: every step below reads it
	d, err := g.decide(job)
	if err != nil {
		return nil, err
	}
	// A request signed without a question is reviewed too: what cannot be shown, or what the
	// chain contradicts (a permit's domain), is refused whatever the policy says.
	rv, tok := g.app.reviewOf(ctx, job.Profile, r, job.judgement(), key.Address())
	if sec, ok := deviceSection(key, r, g.now()); ok {
		rv.Sections = append(rv.Sections, sec)
	}
	l, err := g.limit(ctx, job, d, tok)
	if err != nil {
		return nil, err
	}
	defer l.done()
	d = l.Decision
	if err := g.ask(ctx, job, l, rv); err != nil {
		return nil, err
	}
	if n, ok := key.(notedEVM); ok {
		key = n.Noted(auditNote(job, tok, l.Moves))
	}
	sig, err := signWith(key, r, digest, g.now())
	if err != nil {
		return nil, err
	}
	if d.Outcome == agent.Confirm {
		g.remember(r, sig)
	}
	return sig, nil
}

// deviceSection says, for a key on a device, that the device must confirm after this
// approval and what it will show, so the user compares the two.
func deviceSection(key wallet.EVMSigner, r wallet.Request, now time.Time) (review.Section, bool) {
	if _, ok := key.(wallet.DeviceSigner); !ok {
		return review.Section{}, false
	}
	f, err := r.DeviceForm(now)
	if err != nil {
		return review.Section{}, false
	}
	sec := review.Section{Heading: "Then on the device", Fields: []review.Field{{Label: "confirm", Value: "on the Ledger, after you approve here", Note: "(the key is on the device: nothing is signed until you confirm there)"}}}
	switch f.Kind {
	case wallet.DevicePersonal:
		sec.Fields = append(sec.Fields, review.Field{Label: "it shows", Value: "the message (personal_sign)", Note: fmt.Sprintf("(%d bytes)", len(f.Message))})
	case wallet.DeviceTypedHashes:
		if f.Typed != nil {
			sec.Fields = append(sec.Fields, review.Field{Label: "it shows", Value: "each field of the typed message above (EIP-712 clear signing)"},
				review.Field{Label: "or", Value: "these two hashes, on an app that signs EIP-712 only from its hashes", Note: "(a Nano S, an older Ethereum app)"})
		}
		sec.Fields = append(sec.Fields, review.Field{Label: "domain hash", Value: f.DomainHash.Hex()}, review.Field{Label: "message hash", Value: f.MessageHash.Hex(), Note: "(compare both with the device's screen)"})
	case wallet.DeviceTransaction:
		sec.Fields = append(sec.Fields, review.Field{Label: "it shows", Value: "the recipient, value, fees and network", Note: "(a contract call needs blind signing enabled in the Ethereum app)"})
	}
	return sec, true
}

// signWith signs r with key: a key in this process signs the digest, a key on a device the
// request's device form (what it can show), after the same review and approval.
func signWith(key wallet.EVMSigner, r wallet.Request, digest common.Hash, now time.Time) ([]byte, error) {
	dk, ok := key.(wallet.DeviceSigner)
	if !ok {
		return key.SignDigest(r.Purpose, digest)
	}
	f, err := r.DeviceForm(now)
	if err != nil {
		return nil, refuse(agent.CodeInvalid, "sign: %v; nothing was signed", err)
	}
	if f.Digest() != digest {
		return nil, refuse(agent.CodeInvalid, "sign: the device form of a %s request hashes to another digest; nothing was signed", r.Purpose)
	}
	return dk.SignOnDevice(r.Purpose, f)
}

// SignSolana runs the gate for a Solana deposit transaction (Message, the quote's with only
// its blockhash replaced; Quote, the quote it came with): the checklist under the profile's
// pins, the signature by the user key only, the simulation of the signed bytes, the review of
// all of it, the approval; the signature leaves only then.
func (g *signingGate) SignSolana(ctx context.Context, job signJob, key wallet.SolanaSigner) (solana.Signature, error) {
	var none solana.Signature
	r := job.Request
	if r.Purpose != wallet.PurposeSolanaTx {
		return none, refuse(agent.CodeInvalid, "sign: a Solana key signs solana-tx requests only, not %q; nothing was signed", r.Purpose)
	}
	if err := r.Check(g.now()); err != nil {
		return none, refuse(agent.CodeInvalid, "sign: %v; nothing was signed", err)
	}
	if len(r.Quote) == 0 {
		return none, refuse(agent.CodeInvalid, "sign: a Solana transaction is signed only with the quote it came with (the checklist needs it); nothing was signed")
	}
	job.judgement() // judged once, here at the door
	d, err := g.decide(job)
	if err != nil {
		return none, err
	}
	// The quote's amount decides before anything is signed: a cap refuses with no signature
	// made; the checklist then refuses a transaction that moves anything else.
	l, err := g.limit(ctx, job, d, nil)
	if err != nil {
		return none, err
	}
	defer l.done()
	if n, ok := key.(notedSolana); ok {
		key = n.Noted(auditNote(job, nil, l.Moves))
	}
	p, rv, err := g.app.signDeposit(ctx, job, key)
	if err != nil {
		return none, err
	}
	if err := g.ask(ctx, job, l, rv); err != nil {
		return none, err
	}
	return p.release(ctx)
}

// decide applies the policy; a deny refuses here, before anything is built or read.
func (g *signingGate) decide(job signJob) (agent.Decision, error) {
	r := job.Request
	pol, err := g.policy()
	if err != nil {
		return agent.Decision{}, refuse(agent.CodeDenied, "the signing policy cannot be read: %v; nothing was signed", err)
	}
	d := pol.DecideJudged(r, job.judgement())
	if r.Purpose == wallet.PurposeFullAuth && r.Route == enduser.RouteReadSession && d.Outcome == agent.Allow {
		// One credential for many calls is asked about every time, whatever the reads' line.
		d = agent.Decision{Outcome: agent.Confirm, Line: "read_session (a credential for many calls is always asked about)"}
	}
	if d.Outcome == agent.Confirm {
		if why := g.delivers(job); why != "" {
			d = agent.Decision{Outcome: agent.Allow, Line: d.Line + "; allowed without a second question: " + why}
		}
	}
	if d.Outcome == agent.Deny {
		return d, refuse(agent.CodeDenied, "refused by the signing policy: %s; nothing was signed", d.Line)
	}
	return d, nil
}

// ask refuses a review that blocks, and asks the approver when the policy confirms, unless
// a session approval on the agent's display covers the client's request (never when an
// amount limit asks).
func (g *signingGate) ask(ctx context.Context, job signJob, l limited, rv review.Request) error {
	d := l.Decision
	if len(rv.Blocked) > 0 {
		return refuse(agent.CodeRejected, "refused before signing: %s; nothing was signed", strings.Join(rv.Blocked, "; "))
	}
	if d.Outcome != agent.Confirm {
		return nil
	}
	scope := ""
	if g.sessions != nil && job.Peer != nil && !l.Limited && g.sessions.Sessionable(*job.Peer) {
		scope = sessionScope(job)
		if _, ok := g.sessions.SessionHolds(*job.Peer, scope); ok && scope != "" {
			return nil
		}
	}
	if job.NoWait {
		return refuse(agent.CodeNeedsApproval, "needs your approval (%s) and this caller does not wait for it; nothing was signed", d.Line)
	}
	if g.approver == nil {
		return refuse(agent.CodeNoDisplay, "the signing policy says %s %s; nothing was signed", d.Line, g.noApprover)
	}
	if job.Who != nil {
		rv.Sections = append([]review.Section{*job.Who}, rv.Sections...)
	}
	rv.Sections = append(rv.Sections, review.Section{Heading: "Why you are asked", Fields: []review.Field{
		{Label: "policy", Value: d.Line, Note: "(this line of the signing policy asks for your confirmation)"},
	}})
	pol, _ := g.policy()
	timeout := time.Duration(0)
	if pol != nil {
		timeout = pol.ConfirmTimeout
	}
	ap := Approval{Review: rv, Line: d.Line, Timeout: timeout}
	if scope != "" {
		peer := *job.Peer
		ap.OfferSession = true
		ap.grant = func(a agent.SessionAnswer) error { return g.sessions.GrantSession(peer, scope, a) }
	}
	if err := g.approver.Approve(ctx, ap); err != nil {
		var rf *Refusal
		var ae *agent.Error
		switch {
		case errors.As(err, &rf):
			return rf
		case errors.As(err, &ae):
			return refuse(ae.Code, "%s", ae.Msg)
		}
		if errors.Is(err, agent.ErrDeclined) {
			return &Refusal{Code: agent.CodeDeclined, Msg: "declined in the review: nothing was signed", Err: err}
		}
		rf = refuse(agent.CodeRejected, "not approved: %v", OneLine(err))
		if !strings.Contains(rf.Msg, "nothing was signed") {
			rf.Msg += "; nothing was signed"
		}
		rf.Err = err
		return rf
	}
	return nil
}

// delivery is what the call that delivers an approved signature may be, unasked: until
// when, and for a mint consent the e-mail its partner mint must name (the consent does not
// cover it); a mint consent is delivered once.
type delivery struct {
	until time.Time
	email string
	once  bool
	// route and body bind a permit to the call that carries it: the route the call must be
	// and its body with the signature blanked (enduser.UnsignedCall), as approved; a permit
	// approved without its call is delivered by token-permit alone.
	route string
	body  []byte
	// tx binds a deposit transaction approved with its approve: only the transaction of
	// this signing hash is delivered (evmTxKey).
	tx common.Hash
}

// remember records an approved signature whose delivery call carries it (a permit relayed
// by token-permit, a Form A signature submitted by submit-form-a, a mint consent sent by the
// partner mint): that call delivers what the user approved, so it is not asked about again
// within deliveryWindow. A mint consent approved without the e-mail of its mint is not
// recorded: its partner mint is asked about, with its e-mail.
func (g *signingGate) remember(r wallet.Request, sig []byte) {
	carried := purposeGates[r.Purpose].carried
	if carried == nil {
		return
	}
	d, ok := carried(r)
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for k, v := range g.delivered {
		if now.After(v.until) {
			delete(g.delivered, k)
		}
	}
	d.until = now.Add(deliveryWindow)
	k := deliveryKey(sig)
	if d.tx != (common.Hash{}) {
		k = evmTxKey(d.tx)
	}
	g.delivered[k] = d
}

// delivers says why a request only delivers a signature approved in this gate: a full-auth
// payload that is the body of token-permit or submit-form-a carrying exactly that signature,
// or a partner-auth payload that is the body of the partner mint carrying exactly that
// consent, for the e-mail it was approved for (and of no other route), once.
func (g *signingGate) delivers(job signJob) string {
	var sig []byte
	var what, email, route string
	var body []byte
	switch r := job.Request; {
	case r.Purpose == wallet.PurposeFullAuth:
		j := job.judgement().User
		sig, what = j.DeliveredSignature()
		if len(j.Routes) == 1 {
			route = j.Routes[0].Name
		}
		if _, ok := j.CarriedPermit(); ok && sig != nil {
			var err error
			if body, err = enduser.UnsignedCall(j.Body); err != nil {
				return ""
			}
		}
	case r.Purpose == wallet.PurposePartnerAuth && r.Partner != nil:
		sig, email = job.judgement().Partner.DeliveredConsent()
		what = "mint consent"
	case r.Purpose == wallet.PurposeEVMTx && r.Transaction != nil && r.Next == nil:
		return g.deliversTx(r.Transaction.SigningHash())
	}
	if sig == nil {
		return ""
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	k := deliveryKey(sig)
	d, ok := g.delivered[k]
	if !ok || g.now().After(d.until) || d.email != email || !d.carries(route, body) {
		return ""
	}
	if d.once {
		delete(g.delivered, k)
	}
	switch {
	case email != "":
		return "the payload delivers the " + what + " you approved for " + email
	case d.route != "":
		return "the payload is the " + d.route + " call you approved with its " + what
	}
	return "the payload delivers the " + what + " you approved"
}

// deliversTx says why a transaction goes unasked: it is the deposit approved, exactly, with
// the approve before it (once, within deliveryWindow).
func (g *signingGate) deliversTx(h common.Hash) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	k := evmTxKey(h)
	d, ok := g.delivered[k]
	if !ok || g.now().After(d.until) {
		return ""
	}
	delete(g.delivered, k)
	return "the transaction is the deposit you approved with its approve, exactly as shown"
}

// carries says whether a delivery of route with body (the body with its signature blanked;
// nil for a call that carries no permit) is the call the signature was approved for.
func (d delivery) carries(route string, body []byte) bool {
	switch {
	case d.route != "":
		return route == d.route && bytes.Equal(body, d.body)
	case body != nil:
		// A permit approved on its own is the card-spend permit: token-permit relays it.
		return route == enduser.RouteTokenPermit
	}
	return true
}

func deliveryKey(sig []byte) string {
	if len(sig) == 65 && sig[64] >= 27 {
		cp := append([]byte(nil), sig...)
		cp[64] -= 27
		sig = cp
	}
	return fmt.Sprintf("%x", sig)
}

// gatedEVMSigner is a key of this process behind its gate: the only EVM signer a use case
// of this process gets. It takes requests, never digests.
type gatedEVMSigner struct {
	s       *App
	label   string
	key     wallet.EVMSigner
	profile config.Profile
	noWait  bool
}

func (s *App) gatedEVM(label string, key wallet.EVMSigner) *gatedEVMSigner {
	return &gatedEVMSigner{s: s, label: label, key: key, profile: s.Profile()}
}

func (g *gatedEVMSigner) Address() common.Address { return g.key.Address() }

// SignDigest refuses: a digest cannot be reviewed, so nothing signs one through the gate.
func (g *gatedEVMSigner) SignDigest(p wallet.Purpose, _ common.Hash) ([]byte, error) {
	return nil, refuse(agent.CodeInvalid, "sign: a %s digest without its request cannot be reviewed; nothing was signed", p)
}

// SignRequest runs the gate for r.
func (g *gatedEVMSigner) SignRequest(r wallet.Request) ([]byte, error) {
	return g.s.gate.SignEVM(context.Background(), signJob{Request: r, Profile: g.profile, Label: g.label, NoWait: g.noWait}, g.key)
}

// gatedSolanaSigner is a Solana key of this process behind its gate.
type gatedSolanaSigner struct {
	s        *App
	label    string
	key      wallet.SolanaSigner
	profile  config.Profile
	progress func(step, detail string)
}

func (s *App) gatedSolana(label string, key wallet.SolanaSigner) *gatedSolanaSigner {
	return &gatedSolanaSigner{s: s, label: label, key: key, profile: s.Profile()}
}

func (g *gatedSolanaSigner) PublicKey() solana.PublicKey { return g.key.PublicKey() }

// SignMessage refuses: a Solana transaction is signed only with the quote it came with.
func (g *gatedSolanaSigner) SignMessage(p wallet.Purpose, _ []byte) (solana.Signature, error) {
	return solana.Signature{}, refuse(agent.CodeInvalid, "sign: a %s message without its quote cannot be checked; nothing was signed", p)
}

// SignSolanaRequest runs the gate for r.
func (g *gatedSolanaSigner) SignSolanaRequest(r wallet.Request) (solana.Signature, error) {
	return g.s.gate.SignSolana(context.Background(), signJob{Request: r, Profile: g.profile, Label: g.label, Progress: g.progress}, g.key)
}

// AgentCode is the agent's answer code of a refusal (agent.Backend).
func (e *Refusal) AgentCode() string { return e.Code }

// Zero wipes the key behind the gate (a front end that holds a signer for its lifetime, the
// proxy, wipes it when it stops).
func (g *gatedEVMSigner) Zero() {
	if z, ok := g.key.(interface{ Zero() }); ok {
		z.Zero()
	}
}

// readOnlyEVMSigner is the EVM key label's signer for a caller that never waits for a
// person, in this process or in the agent: what the signing policy would ask the user about
// fails at once with agent.ErrNeedsApproval.
func (s *App) readOnlyEVMSigner(label string, u *Unlock) (wallet.EVMSigner, error) {
	if label == "" {
		return nil, noKey(s.Profile().Name, "EVM")
	}
	signer, err := s.evmSignerOf(label, u)
	if err != nil {
		return nil, err
	}
	switch sg := signer.(type) {
	case *agent.EVMSigner:
		cp := *sg
		cp.NoWait = true
		return &cp, nil
	case *gatedEVMSigner:
		cp := *sg
		cp.noWait = true
		return &cp, nil
	}
	return nil, fmt.Errorf("sign: the signer %T cannot be asked not to wait", signer)
}
