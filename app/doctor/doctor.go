// Package doctor is the conformance probe (`purse doctor`): read-only requests to the
// profile's service, its home chain and its partner API, each telling apart the readings of
// one assumption (docs/service-assumptions.md). Nothing moves funds or changes the account:
// the signed requests are reads, a request whose body the service refuses before acting, or
// a read signed wrongly on purpose (another payload's hash, a deadline past the bound, a
// stranger's key). Every signature goes through the signing gate as a caller that never
// waits: what the policy would ask a person about is skipped. It reaches the application
// core only through its port (app/internal/port).
package doctor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"purse/agent"
	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// Probe is one line of the report: the readings it tells apart, the verdict, and the answers
// that decided it.
type Probe struct {
	Name string `json:"name"`
	// Assumes is what purse, as the profile is set, works with: the readings it follows.
	Assumes  string    `json:"assumes"`
	Readings []Reading `json:"readings"`
	Verdict  string    `json:"verdict"`
	// Reading is the reading the answers show (confirmed or contradicted).
	Reading string `json:"reading,omitempty"`
	// Setting selects the reading seen when it is not the profile's (contradicted).
	Setting string `json:"setting,omitempty"`
	// Detail says why, in words.
	Detail   string     `json:"detail"`
	Evidence []Evidence `json:"evidence,omitempty"`
}

// Reading is one way the service may behave and what the answers said of it.
type Reading struct {
	Name string `json:"name"`
	// Setting selects it in a profile ("" when no setting does).
	Setting string `json:"setting,omitempty"`
	// Followed: purse, as the profile is set, works with a service that behaves so.
	Followed bool `json:"followed"`
	// Fit is "fits", "ruled out" or "open"; Why says what in the answers says so.
	Fit string `json:"fit,omitempty"`
	Why string `json:"why,omitempty"`
}

// Evidence is one request of a probe and what came back.
type Evidence struct {
	Request string `json:"request"`
	Status  int    `json:"status,omitempty"`
	Code    string `json:"code,omitempty"`
	Excerpt string `json:"excerpt,omitempty"`
	// SignedBy is the key a partner answer's signature recovers to (or why it does not).
	SignedBy string `json:"signedBy,omitempty"`
	// Error says why there was no answer.
	Error string `json:"error,omitempty"`
}

// Report is the probe's report: every probe, and the summary.
type Report struct {
	Profile string  `json:"profile"`
	Probes  []Probe `json:"probes"`
	Summary Summary `json:"summary"`
}

// Summary counts the verdicts and says what to do first.
type Summary struct {
	Confirmed    int `json:"confirmed"`
	Contradicted int `json:"contradicted"`
	Inconclusive int `json:"inconclusive"`
	Credentials  int `json:"credentialsRefused"`
	Skipped      int `json:"skipped"`
	Unreachable  int `json:"notReachable"`
	// FixFirst is the credentials problem, when the service refused purse's own signature:
	// nothing signed can be probed until it is fixed.
	FixFirst string `json:"fixFirst,omitempty"`
	// Settings are the settings the contradicted probes name, each selecting the reading
	// the service was seen to follow.
	Settings []string `json:"settings,omitempty"`
}

func summarize(ps []Probe) Summary {
	var s Summary
	seen := map[string]bool{}
	for _, p := range ps {
		switch p.Verdict {
		case ProbeConfirmed:
			s.Confirmed++
		case ProbeContradicted:
			s.Contradicted++
			if p.Setting != "" && !seen[p.Setting] {
				seen[p.Setting] = true
				s.Settings = append(s.Settings, p.Setting)
			}
		case ProbeInconclusive:
			s.Inconclusive++
		case ProbeCredentials:
			s.Credentials++
			if s.FixFirst == "" {
				s.FixFirst = p.Name + ": " + p.Detail
			}
		case ProbeSkipped:
			s.Skipped++
		default:
			s.Unreachable++
		}
	}
	return s
}

// Run probes the profile's service, its home chain and its partner API, as core has them. Probes that need
// the account, a key or a setting the profile lacks are said to be not reachable; u opens a
// key that needs a passphrase. The error is an Advice when a probe was contradicted or the
// service refused purse's own signature (the CLI exits 1); inconclusive probes alone are no
// error.
func Run(ctx context.Context, core *app.App, u *app.Unlock) (Report, error) {
	return RunProgress(ctx, core, u, nil)
}

// Progress is what a run tells a front end as it goes: a probe just judged, or, while
// probes have been waiting for answers a while, which ones and for how long.
type Progress struct {
	// Done of Total probes are judged.
	Done, Total int
	// Probe is the probe just judged (nil in a notice of what the run waits for).
	Probe *Probe
	// Waiting are the probes awaiting an answer for a while, the longest first.
	Waiting []Awaited
}

// Awaited is a probe (or the basis every probe needs) awaiting its answers.
type Awaited struct {
	Name string
	For  time.Duration
}

// RunProgress is Run that tells progress (may be nil) as it goes, so a front end shows the
// doctor moving, and where a slow service stalls it, instead of nothing until the end. The
// probes run side by side where one does not read what another found; progress is called
// from the caller's goroutine, one call at a time.
func RunProgress(ctx context.Context, core *app.App, u *app.Unlock, progress func(Progress)) (Report, error) {
	sess, ok := port.Of(core)
	if !ok {
		return Report{}, errors.New("doctor: no application core")
	}
	r, err := newRun(sess, u)
	if err != nil {
		return Report{}, err
	}
	r.progress = progress
	probes := r.run(ctx)
	rep := Report{Profile: r.p.Name, Probes: probes, Summary: summarize(probes)}
	sum := rep.Summary
	switch {
	case sum.Credentials > 0:
		return rep, &app.Advice{Err: fmt.Errorf("the service refused purse's own signature (%d probe(s)); %d probe(s) contradicted what purse assumes", sum.Credentials, sum.Contradicted),
			Next: "Fix the credentials first: " + sum.FixFirst}
	case sum.Contradicted > 0:
		// No setting is proposed here: a contradiction a setting could only answer by
		// weakening a check (an unsigned partner answer) is the user's to judge.
		next := "Read each contradicted probe's detail and evidence above against docs/service-assumptions.md."
		if len(sum.Settings) > 0 {
			next = "The service follows other readings than the profile: " + strings.Join(sum.Settings, ", ") + " would select them (docs/service-assumptions.md says what each means)."
		}
		return rep, &app.Advice{Err: fmt.Errorf("%d probe(s) contradicted what purse assumes", sum.Contradicted), Next: next}
	case sum.Confirmed+sum.Inconclusive == 0:
		// Nothing the service said was judged: a script must not read that as a pass.
		return rep, &app.Advice{Err: fmt.Errorf("no probe got an answer to judge (%d not reachable, %d skipped)", sum.Unreachable, sum.Skipped),
			Next: "Check the profile's addresses (purse profile show) and this machine's network; the first probes above say what failed."}
	}
	return rep, nil
}

// doctorRun is one run of the probe: the profile, its clients, and what earlier probes
// found that later ones compare with.
type doctorRun struct {
	s port.Session
	p config.Profile
	u *app.Unlock
	// progress hears each probe judged, and what the run waits for (RunProgress).
	progress func(Progress)

	// mu guards partnerAnswers; chainMu the home chain's dial, onChainMu its account read:
	// the probes that use them run side by side.
	mu, chainMu, onChainMu sync.Mutex

	open    *enduser.Client // unsigned
	syncErr error           // the clock's first sync

	// The profile's EVM key as a caller that never waits (nil with signerErr).
	signer    wallet.EVMSigner
	signerErr error
	signed    *enduser.Client

	b basis

	// chainCfg is the logged-out chain configuration (nil when none was read).
	chainCfg    *enduser.ChainConfigs
	chainCfgRaw []byte
	// chain is the home-chain reader (nil with chainErr).
	chain    *homechain.Client
	chainErr error
	// onChain is the key's account as the chain has it, read once (accountOnChain).
	onChain *accountRead
	// sigOwn and sigStranger are the signature check's reads, sigOutcome their judgement
	// (signatureBasis).
	sigOwn, sigStranger *answer
	sigOutcome          outcome
	// statusAnswers are the account status reads (basic, full), for its result form.
	statusAnswers []*answer
	// firstPage is the first page of history the paging probe read (nil when none).
	firstPage *enduser.TxPage

	// partnerAnswers are the partner API's answers, for the response signer probe;
	// partnerStatusPath the status route's path the partner API was seen to have ("" none).
	partnerAnswers    []*answer
	partnerStatusPath string
}

// basis is what every judge compares with.
type basis struct {
	// absentGet and absentPost are the end-user API's answers to a path no service has;
	// partnerAbsent the partner API's.
	absentGet, absentPost, partnerAbsent *answer
	// sigChecked says whether the service refused a stranger's signature (fitYes), took
	// it (fitRuled), or that is unknown (fitOpen): only a service that checks signatures
	// says anything by accepting purse's.
	sigChecked fit
	// credentials says what to check when the service refuses purse's own signature.
	credentials string
}

func newRun(s port.Session, u *app.Unlock) (*doctorRun, error) {
	if err := s.Reachable(); err != nil {
		return nil, err
	}
	p := s.Profile()
	open, err := enduser.New(s.UserOptions(p, nil))
	if err != nil {
		return nil, err
	}
	r := &doctorRun{s: s, p: p, u: u, open: open}
	if r.p.TokenID != "" {
		if r.signer, r.signerErr = s.ReadOnlyEVMSigner(r.p.EVMKey, u); r.signerErr == nil {
			r.signed, r.signerErr = r.client(r.signer, nil)
		}
	}
	return r, nil
}

// client is the end-user client of the profile signing with signer (nil: none), its
// options changed by tweak: the same client every command uses, with the probe's choice of
// route settings, names or amount unit.
func (r *doctorRun) client(signer wallet.EVMSigner, tweak func(*enduser.Options)) (*enduser.Client, error) {
	o := r.s.UserOptions(r.p, signer)
	if tweak != nil {
		tweak(&o)
	}
	return enduser.New(o)
}

// step is one probe of the run: its name (the report's and the progress's), the probe, and
// the steps whose findings it reads. A step starts once those have ended, beside every
// other step that may.
type step struct {
	name  string
	probe func(ctx context.Context, name string) Probe
	after []string
}

// steps are the run's probes in the report's order: the probes written here, then one per
// route the route table gives a probe. What a step reads of another is named in after; all
// else it reads is the basis, set before any step starts.
func (r *doctorRun) steps() []step {
	const chainConfig, statusAuth, paging = "chain configuration", "account status auth", "cursor paging"
	const partnerIDV, quotePath, partnerAuth = "identity-verification path (partner)", "quote path", "partner auth form"
	out := []step{
		{name: "server time", probe: r.probeServerTime},
		{name: "envelope", probe: r.probeEnvelope},
		{name: chainConfig, probe: r.probeChainConfig},
		{name: "on-ramp limit method", probe: r.probeOnrampMethod},
		{name: "identity-verification path", probe: r.probeIDVPaths},
		{name: "signature check", probe: r.probeSignature},
		{name: statusAuth, probe: r.probeStatusAuth},
		{name: "account status result", probe: r.probeStatusForm, after: []string{statusAuth}},
		{name: "full-auth hash", probe: r.probeHash},
		{name: "deadline bound", probe: r.probeDeadline},
		{name: "banking profile", probe: r.probeProfile},
		{name: "card read", probe: r.probeCard},
		{name: "on-ramp limit", probe: r.probeOnrampLimit},
		{name: "on-ramp quote", probe: r.probeOnrampQuote, after: []string{chainConfig}},
		{name: paging, probe: r.probePaging},
		{name: "history amount unit", probe: r.probeAmountUnit, after: []string{paging}},
		{name: "home chain", probe: r.probeChainID},
		{name: "account NFT", probe: r.probeAccountNFT},
		{name: "account on chain", probe: r.probeAccountOnChain},
		{name: "card spender", probe: r.probeCardSpender, after: []string{chainConfig}},
		{name: "fiat token domains", probe: r.probeTokenDomains, after: []string{chainConfig}},
		// The partner probes share what they saw of its paths, and the response signer
		// judges every partner answer: one after another.
		{name: partnerIDV, probe: r.probePartnerIDVPaths},
		{name: quotePath, probe: r.probeQuotePath, after: []string{partnerIDV}},
		{name: partnerAuth, probe: r.probePartnerAuth, after: []string{quotePath}},
		{name: "partner response signer", probe: r.probeResponseSigner, after: []string{partnerAuth}},
		{name: "payout spender", probe: r.probePayoutSpender},
		{name: "deposit contract", probe: r.probeDepositContract, after: []string{chainConfig}},
	}
	for _, rt := range enduser.Routes() {
		if rt.Probe != "" {
			name := rt.Name
			out = append(out, step{name: rt.Probe, probe: func(ctx context.Context, _ string) Probe { return r.probeRoute(ctx, r.routeOf(name)) }})
		}
	}
	return out
}

// parallel bounds the probes in flight at once: a service sees a handful of requests, not a
// burst (a benchmark sets 1 to compare).
var parallel = 4

// waitNotice is how long a probe runs before a front end hears that the run waits for it.
var waitNotice = 3 * time.Second

func (r *doctorRun) run(ctx context.Context) []Probe {
	steps := r.steps()
	total := len(steps)
	tell := func(pr Progress) {
		if r.progress != nil {
			r.progress(pr)
		}
	}
	// The basis comes first, one request after another: the clock is synced as the first
	// signed call of a command syncs it, so the report says where deadlines start from
	// before any probe's answer moves the clock; then the answers every judge compares
	// with. It runs in another goroutine while this one, the only one that calls tell,
	// says what the run waits for, as it does for the probes.
	basis := make(chan struct{})
	began := time.Now()
	go func() {
		defer close(basis)
		r.syncErr = r.open.SyncClock(ctx)
		r.b.absentGet = r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteUnknown, Method: "GET", Path: absentPath})
		r.b.absentPost = r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteUnknown, Method: "POST", Path: absentPath, Body: []byte("{}")})
		r.partnerBasis(ctx)
		r.signatureBasis(ctx)
	}()
	t := time.NewTicker(waitNotice)
	for waiting := true; waiting; {
		select {
		case <-basis:
			waiting = false
		case <-t.C:
			tell(Progress{Total: total, Waiting: []Awaited{{Name: "the basis (the server time, a path no service has, the signature check)", For: time.Since(began)}}})
		}
	}
	t.Stop()

	out := runSteps(ctx, steps, parallel, waitNotice, tell)
	if r.chain != nil {
		r.chain.Close()
	}
	return out
}

// runSteps runs steps, at most n at once, each once those it names in after have ended, and
// returns their probes in the steps' order. tell hears each probe as it is judged, and,
// while steps have run for notice or longer, which ones the run waits for.
func runSteps(ctx context.Context, steps []step, n int, notice time.Duration, tell func(Progress)) []Probe {
	index := make(map[string]int, len(steps))
	for i, st := range steps {
		index[st.name] = i
	}
	out := make([]Probe, len(steps))
	ended := make([]chan struct{}, len(steps))
	for i := range ended {
		ended[i] = make(chan struct{})
	}
	type result struct {
		i int
		p Probe
	}
	results := make(chan result)
	slots := make(chan struct{}, n)
	var mu sync.Mutex
	running := map[int]time.Time{}
	for i, st := range steps {
		go func() {
			for _, a := range st.after {
				j, ok := index[a]
				if !ok || j >= i {
					// A table error, not the service's, and the report says so: a step waits
					// only for one before it, so no two steps can wait for each other.
					results <- result{i, Probe{Name: st.name, Verdict: ProbeSkipped, Detail: "doctor: the step waits for " + strconv.Quote(a) + ", no step before it"}}
					return
				}
				<-ended[j]
			}
			slots <- struct{}{}
			mu.Lock()
			running[i] = time.Now()
			mu.Unlock()
			p := st.probe(ctx, st.name)
			mu.Lock()
			delete(running, i)
			mu.Unlock()
			<-slots
			results <- result{i, p}
		}()
	}
	t := time.NewTicker(notice)
	defer t.Stop()
	for done := 0; done < len(steps); {
		select {
		case res := <-results:
			out[res.i] = res.p
			close(ended[res.i])
			done++
			tell(Progress{Done: done, Total: len(steps), Probe: &out[res.i]})
		case <-t.C:
			now := time.Now()
			var w []Awaited
			mu.Lock()
			for i, since := range running {
				if d := now.Sub(since); d >= notice {
					w = append(w, Awaited{Name: steps[i].name, For: d})
				}
			}
			mu.Unlock()
			if len(w) > 0 {
				slices.SortFunc(w, func(a, b Awaited) int { return cmp.Compare(b.For, a.For) })
				tell(Progress{Done: done, Total: len(steps), Waiting: w})
			}
		}
	}
	return out
}

// absentPath is a path no service has: how it is answered tells a route's absence.
const absentPath = "/api/v1/purse-doctor-no-such-route"

// send sends one end-user probe request and returns what it got.
func (r *doctorRun) send(ctx context.Context, c *enduser.Client, pr enduser.ProbeRequest) *answer {
	got, err := c.Probe(ctx, pr)
	a := &answer{err: err, method: pr.Method}
	if rt, ok := c.Route(pr.Route); ok && a.method == "" {
		a.method = rt.Method
	}
	if got == nil {
		a.request = describeProbe(c, pr, 0)
		return a
	}
	a.request = describeProbe(c, pr, got.Deadline)
	a.status, a.header, a.body = got.Status, got.Header, got.Body
	if got.Response != nil {
		a.result = got.Response.Result
	}
	return a
}

// describeProbe is how a request reads in the report.
func describeProbe(c *enduser.Client, pr enduser.ProbeRequest, deadline int64) string {
	rt, _ := c.Route(pr.Route)
	method, path, auth := rt.Method, rt.Path, rt.Auth
	if pr.Method != "" {
		method = pr.Method
	}
	if pr.Path != "" {
		path = pr.Path
	}
	if pr.Auth != nil {
		auth = *pr.Auth
	}
	if pr.Route == enduser.RouteUnknown && pr.Auth == nil {
		auth = enduser.AuthNone
	}
	s := fmt.Sprintf("%s %s", method, path)
	if pr.RawQuery != "" {
		s += "?" + pr.RawQuery
	}
	if len(pr.Body) > 0 {
		s += " " + clip(string(pr.Body), 80)
	}
	s += " (" + auth.String() + " auth"
	if pr.SignedPayload != nil {
		s += fmt.Sprintf(", hash of %q instead of the payload", pr.SignedPayload)
	}
	if deadline != 0 && pr.Window != 0 {
		s += fmt.Sprintf(", deadline %d, %s after server time", deadline, pr.Window)
	}
	return s + ")"
}

// withoutAnswer is the outcome of a probe one of whose requests got no answer: skipped when
// it was not sent (the policy would ask a person, the signer refused), else not reachable.
func withoutAnswer(as ...*answer) (outcome, bool) {
	for _, a := range as {
		if a == nil || a.err == nil {
			continue
		}
		var ve *enduser.ValidationError
		var se *enduser.SignError
		var rf *app.Refusal
		var ae *agent.Error
		switch {
		case errors.Is(a.err, agent.ErrNeedsApproval):
			return outcome{skipped: "not sent: the signing policy would ask a person to approve " + a.request +
				", and the doctor never waits (" + app.OneLine(a.err) + ")"}, true
		case errors.As(a.err, &se), errors.As(a.err, &ve), errors.As(a.err, &rf), errors.As(a.err, &ae):
			return outcome{skipped: "not sent: " + app.OneLine(a.err)}, true
		}
		return outcome{unreachable: a.request + ": " + app.OneLine(a.err)}, true
	}
	return outcome{}, false
}

// settle ends a probe before its readings: when a request got no answer (skipped or not
// reachable), or when the service refused one of purse's own signatures (own: the requests
// signed as purse signs; the others are signed wrongly on purpose, or not at all).
func (b basis) settle(own []*answer, others ...*answer) (outcome, bool) {
	if o, done := withoutAnswer(append(append([]*answer(nil), own...), others...)...); done {
		return o, true
	}
	return b.ownRefused(own...)
}

// ownRefused is the credentials outcome when the service refused one of purse's own
// signatures among as (correctly signed requests).
func (b basis) ownRefused(as ...*answer) (outcome, bool) {
	for _, a := range as {
		if a != nil && a.sigRefused() {
			return outcome{credentials: fmt.Sprintf("the service refused purse's own signature on %s (%s): this says nothing of the assumption; %s",
				a.request, a.says(), b.credentials)}, true
		}
	}
	return outcome{}, false
}

// finish decides probe name from its readings, what the judge made of the answers, and the
// answers (its evidence).
func finish(name string, rs []reading, o outcome, as ...*answer) Probe {
	p := Probe{Name: name}
	verdict(&p, rs, o)
	for _, a := range as {
		if a != nil {
			p.Evidence = append(p.Evidence, a.evidence())
		}
	}
	return p
}

// credentialsHint says what to check when the service refuses purse's own signature: the
// key and the account it holds on chain, the network, and where deadlines start from.
func (r *doctorRun) credentialsHint(ctx context.Context) string {
	if r.signer == nil {
		return ""
	}
	addr := r.signer.Address()
	held := ""
	if a := r.accountOnChain(ctx); a.err == nil {
		switch {
		case !a.found:
			held = fmt.Sprintf("; on chain, the key holds no account of account_nft %s", a.nft.Hex())
		case fmt.Sprint(a.id) != r.p.TokenID:
			held = fmt.Sprintf("; on chain, the key holds account %d, not token_id %s", a.id, r.p.TokenID)
		default:
			held = fmt.Sprintf("; on chain, the key holds account %d as token_id says", a.id)
		}
	}
	return fmt.Sprintf("check that evm_key %s (%s) owns account token_id %s on network %s%s, and the clock (deadlines start from %s)",
		r.p.EVMKey, addr.Hex(), r.p.TokenID, r.p.Network, held, clockSource(r.open.Clock()))
}

// clockSource says where the clock's server time comes from, and its offset.
func clockSource(c *enduser.Clock) string {
	src := c.SyncedBy()
	off := c.Offset().Round(time.Millisecond)
	switch src.Kind {
	case enduser.TimeFromLocal:
		return "this machine's clock: the service gave no server time"
	case "":
		return "this machine's clock: no server time was asked"
	case enduser.TimeFromEnvelope:
		return fmt.Sprintf("the timeNow of %s, this machine's clock off by %s", src.Route, off)
	}
	return fmt.Sprintf("GET /api/v1/timestamp, this machine's clock off by %s", off)
}
