package doctor

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"purse/app"
	"purse/enduser"
	"purse/protocol"
	"purse/wallet"
)

// The end-user API's probes: each sends its requests, and a judge (a pure function of the
// answers, tested with the answers of each reading) says what they show.

var (
	authNone  = enduser.AuthNone
	authBasic = enduser.AuthBasic
	authFull  = enduser.AuthFull
)

// routeOf is the profile's route of a name (its routes.NAME settings and names applied).
func (r *doctorRun) routeOf(name string) enduser.Route {
	rt, _ := r.open.Route(name)
	return rt
}

// --- server time (T1) ---

func (r *doctorRun) probeServerTime(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "GET /api/v1/timestamp answers the server time (spec 4.6)", followed: true},
		{name: "no timestamp route: an answer's timeNow gives the server time (UR: evidence §6)", followed: true},
	}
	// The run synced the clock first; the route itself is asked again so the report shows
	// its answer whatever source settled the clock.
	ts := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteTimestamp})
	o := judgeServerTime(r.b, ts, r.open.Clock().SyncedBy())
	if r.syncErr != nil && o.unreachable == "" {
		o = outcome{unreachable: "the server time: " + app.OneLine(r.syncErr)}
	}
	o.note = "Deadlines start from " + clockSource(r.open.Clock()) + "."
	return finish(name, rs, o, ts)
}

func judgeServerTime(b basis, ts *answer, src enduser.TimeSource) outcome {
	if o, done := withoutAnswer(ts); done {
		return o
	}
	var own judgement
	ms, mine, _ := enduser.TimestampOf(&enduser.Response{Result: ts.result})
	absent, known, why := absence(ts, b.absentGet)
	switch {
	case !ts.ok() || !mine || ms <= 0:
		own = ruled("the route gives no time of its own (%s)", ts.says())
	case absent:
		own = ruled("%s", why)
	case !known:
		own = unsure("%s", why)
	default:
		own = yes("it answered %s", time.UnixMilli(ms).UTC().Format(time.RFC3339))
	}
	var env judgement
	switch {
	case own.fit == fitYes:
		env = ruled("the timestamp route answers")
	case src.Kind == enduser.TimeFromEnvelope && !known:
		// A service that answers every path alike never showed the route's absence.
		env = unsure("the server time came from the timeNow of %s, but the timestamp route's answer cannot be told from an unknown path's: %s", src.Route, why)
	case src.Kind == enduser.TimeFromEnvelope:
		env = yes("the server time came from the timeNow of %s", src.Route)
	case src.Kind == enduser.TimeFromLocal:
		env = unsure("no answer carried a server time: deadlines follow this machine's clock (%s)", src.Note)
	case src.Kind == enduser.TimeFromTimestamp:
		env = unsure("the clock took the timestamp route's answer, which cannot be told from an unknown path's")
	default:
		env = unsure("the clock has no server time yet")
	}
	return outcome{fits: []judgement{own, env}}
}

// --- envelope (E1) ---

func (r *doctorRun) probeEnvelope(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "a success carries retCode 0 (spec 2.1)", followed: true},
		{name: "a success carries no retCode, and a result (evidence, pitfall 1)", followed: true},
	}
	a := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteEmailStatus, Body: []byte(`{"email":"purse-doctor@example.invalid"}`)})
	return finish(name, rs, judgeEnvelope(r.b, a), a)
}

func judgeEnvelope(b basis, a *answer) outcome {
	if o, done := withoutAnswer(a); done {
		return o
	}
	if absent, known, why := absence(a, b.absentPost); absent || !known {
		return every(2, unsure("%s: the envelope of a success is unseen", why))
	}
	if !a.ok() {
		return every(2, unsure("a refusal (%s): the envelope of a success is unseen", a.says()))
	}
	m := a.obj()
	if m == nil {
		return every(2, ruled("the success is not a JSON object: %s", excerpt(string(a.body))))
	}
	_, hasCode := m["retCode"]
	_, hasResult := m["result"]
	switch {
	case hasCode:
		return outcome{fits: []judgement{yes("retCode %s", a.code()), ruled("the success carries retCode")}}
	case hasResult:
		return outcome{fits: []judgement{ruled("the success carries no retCode"), yes("no retCode, a result")}}
	}
	return every(2, ruled("neither retCode nor result: not an end-user envelope"))
}

// --- logged-out chain configuration ---

func (r *doctorRun) probeChainConfig(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "GET /api/v3/config/chain-configs answers logged out, with the chains (spec 2.12)", followed: true},
		{name: "the chain configuration needs authentication", setting: ""},
	}
	a := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authNone})
	o, cc := judgeChainConfig(r.b, a)
	if cc != nil {
		r.chainCfg, r.chainCfgRaw = cc, a.body
	}
	return finish(name, rs, o, a)
}

func judgeChainConfig(b basis, a *answer) (outcome, *enduser.ChainConfigs) {
	if o, done := withoutAnswer(a); done {
		return o, nil
	}
	absent, known, why := absence(a, b.absentGet)
	switch {
	case absent:
		j := ruled("%s: is user_api the service's end-user API?", why)
		return outcome{fits: []judgement{j, j}}, nil
	case !known:
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j}}, nil
	case a.authRefused():
		return outcome{fits: []judgement{ruled("refused logged out (%s)", a.says()), yes("%s", a.says())}}, nil
	case !a.ok():
		j := unsure("refused (%s)", a.says())
		return outcome{fits: []judgement{j, j}}, nil
	}
	var cc enduser.ChainConfigs
	if err := json.Unmarshal(a.result, &cc); err != nil || len(cc.Chains) == 0 {
		why := "no chains"
		if err != nil {
			why = err.Error()
		}
		j := ruled("a success that is no chain configuration (%s)", why)
		return outcome{fits: []judgement{j, j}}, nil
	}
	ids := make([]string, 0, len(cc.Chains))
	for _, c := range cc.Chains {
		ids = append(ids, c.ChainIdentifier)
	}
	return outcome{fits: []judgement{yes("%d chain(s): %s", len(cc.Chains), strings.Join(ids, ", ")), ruled("answered logged out")}}, &cc
}

// --- route presence: the on-ramp limit's method (L4), the verification vendor's name (L5) ---

func (r *doctorRun) probeOnrampMethod(ctx context.Context, name string) Probe {
	method := r.routeOf(enduser.RouteOnrampLimit).Method
	rs := []reading{
		{name: "GET, as spec 4.6 writes it", setting: "routes.onramp-limit=GET", followed: method == http.MethodGet},
		{name: "POST {}, as the public integration calls it", setting: "routes.onramp-limit=POST", followed: method == http.MethodPost},
	}
	// Unsigned: a route that is there refuses the request for its missing authentication,
	// one that is not answers 404 or 405; nothing is signed, nothing acts.
	get := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteOnrampLimit, Method: http.MethodGet, Auth: &authNone})
	post := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteOnrampLimit, Method: http.MethodPost, Auth: &authNone, Body: []byte("{}")})
	return finish(name, rs, judgeAlternatives([]*answer{get, post}, []*answer{r.b.absentGet, r.b.absentPost}), get, post)
}

func (r *doctorRun) probeIDVPaths(ctx context.Context, name string) Probe {
	names := idvNames(r.p.StandInNames().Vendor())
	rt, _ := enduser.LookupRoute(enduser.RouteIDVToken)
	var rs []reading
	var as, ctls []*answer
	for _, n := range names {
		path := protocol.Names{IDV: n}.Path(rt.Path)
		rs = append(rs, reading{name: fmt.Sprintf("%s (names.idv=%s%s)", path, n, idvBasis(n)), setting: "names.idv=" + n,
			followed: n == r.p.StandInNames().Vendor()})
		as = append(as, r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteIDVToken, Path: path, Auth: &authNone, Body: []byte("{}")}))
		ctls = append(ctls, r.b.absentPost)
	}
	return finish(name, rs, judgeAlternatives(as, ctls), as...)
}

// idvNames are the vendor's names the probe tells apart: the spec's stand-in, the evidence's,
// and the profile's own when it is neither.
func idvNames(profile string) []string {
	out := []string{protocol.StandInIDV, "sumsub"}
	if !slices.Contains(out, profile) {
		out = append(out, profile)
	}
	return out
}

func idvBasis(n string) string {
	switch n {
	case protocol.StandInIDV:
		return ", the spec's stand-in"
	case "sumsub":
		return ", as the public integration calls it"
	}
	return ", the profile's"
}

// judgeAlternatives tells apart readings that each say one request's route is there and the
// others' are not: as[i] answered as a route that is there (a refusal of the missing
// authentication, data), or as one that is not (404, 405, an unknown path's answer ctls[i]).
func judgeAlternatives(as, ctls []*answer) outcome {
	if o, done := withoutAnswer(as...); done {
		return o
	}
	present := make([]bool, len(as))
	known := make([]bool, len(as))
	whys := make([]string, len(as))
	var there []int
	for i, a := range as {
		absent, k, why := absence(a, ctls[i])
		present[i], known[i], whys[i] = !absent && k, k, why
		if present[i] {
			there = append(there, i)
		}
	}
	fits := make([]judgement, len(as))
	for i := range as {
		switch {
		case !known[i]:
			fits[i] = unsure("%s", whys[i])
		case !present[i]:
			fits[i] = ruled("%s", whys[i])
		case len(there) > 1:
			fits[i] = unsure("%s; the others answered so too (%s): the answers do not say which is the route", whys[i], othersSay(as, there, i))
		case slices.Contains(known, false):
			fits[i] = unsure("%s, but another answer cannot be told from an unknown path's", whys[i])
		default:
			fits[i] = yes("%s", whys[i])
		}
	}
	return outcome{fits: fits}
}

func othersSay(as []*answer, idx []int, but int) string {
	var s []string
	for _, i := range idx {
		if i != but {
			s = append(s, as[i].request+": "+as[i].says())
		}
	}
	return strings.Join(s, "; ")
}

// --- signed reads: the signature itself ---

// needAccount ends a probe that needs the account's signed reads when the profile cannot
// make them.
func (r *doctorRun) needAccount() (outcome, bool) {
	switch {
	case r.p.TokenID == "":
		return outcome{unreachable: "the profile has no account (token_id): mint one or set token_id"}, true
	case r.signerErr != nil:
		return outcome{unreachable: "no signer for the account's reads: " + app.OneLine(r.signerErr)}, true
	}
	return outcome{}, false
}

// signatureBasis reads the chain configuration signed by purse's key and by a stranger's,
// and sets what every later judge compares with: whether the service checks signatures, and
// what to check should it refuse purse's. It runs before any probe, so the basis does not
// change under the probes that run side by side.
// The judgement is kept for the signature check's probe (judgeSignature does not read
// sigChecked, so the basis it was judged on is the one the probe would have).
func (r *doctorRun) signatureBasis(ctx context.Context) {
	r.b.sigChecked = fitOpen
	o, stop := r.needAccount()
	if r.sigOutcome = o; stop {
		return
	}
	r.b.credentials = r.credentialsHint(ctx)
	r.sigOwn = r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull})
	r.sigStranger = r.strangerRead(ctx)
	o = judgeSignature(r.b, r.sigOwn, r.sigStranger)
	r.sigOutcome = o
	if len(o.fits) == 2 {
		switch {
		case o.fits[0].fit == fitYes:
			r.b.sigChecked = fitYes
		case o.fits[1].fit == fitYes:
			r.b.sigChecked = fitRuled
		}
	}
}

func (r *doctorRun) probeSignature(_ context.Context, name string) Probe {
	rs := []reading{
		{name: "purse's signature is accepted and a stranger's refused (spec 5.4)", followed: true},
		{name: "a signature by any key is accepted: the service checks none, or this is not the service"},
	}
	return finish(name, rs, r.sigOutcome, r.sigOwn, r.sigStranger)
}

// strangerRead is the signed read of a key made for it alone: no key of the user's, so it
// authorises nothing and signs without the gate, and it is wiped after the one request.
func (r *doctorRun) strangerRead(ctx context.Context) *answer {
	k, err := crypto.GenerateKey()
	if err != nil {
		return &answer{request: "a stranger's signature", err: err}
	}
	key := wallet.NewEVMKey(k)
	defer key.Zero()
	c, err := r.client(key, nil)
	if err != nil {
		return &answer{request: "a stranger's signature", err: err}
	}
	a := r.send(ctx, c, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull})
	a.request += " signed by a stranger's key"
	return a
}

func judgeSignature(b basis, own, stranger *answer) outcome {
	if o, done := b.settle([]*answer{own}, stranger); done {
		return o
	}
	if absent, known, why := absence(own, b.absentGet); absent || !known {
		return every(2, unsure("purse's read: %s", why))
	}
	if !own.ok() {
		return every(2, unsure("purse's read was refused otherwise (%s)", own.says()))
	}
	switch {
	case stranger.sigRefused():
		return outcome{fits: []judgement{yes("purse's read answered, the stranger's refused (%s)", stranger.says()), ruled("the stranger's signature was refused")}}
	case stranger.ok():
		return outcome{fits: []judgement{ruled("a stranger's signature was accepted (%s)", stranger.says()), yes("a stranger's signature was accepted (%s)", stranger.says())}}
	}
	return every(2, unsure("the stranger's read was refused otherwise (%s)", stranger.says()))
}

// signatureMatters is the judgement of a reading whose evidence is an accepted signature,
// when the service was not seen to refuse a stranger's.
func (b basis) signatureMatters() (judgement, bool) {
	switch b.sigChecked {
	case fitYes:
		return judgement{}, false
	case fitRuled:
		return unsure("the service accepts a stranger's signature too: what it accepts says nothing"), true
	}
	return unsure("whether the service checks signatures is unknown (signature check)"), true
}

// --- account status: auth level (L3) and result form ---

func (r *doctorRun) probeStatusAuth(ctx context.Context, name string) Probe {
	level := r.routeOf(enduser.RouteAccountStatus).Auth
	rs := []reading{
		// Full headers do no harm on the spec's basic route: a profile on full works either way.
		{name: "basic auth suffices (spec 4.6)", setting: "routes.account-status=basic", followed: true},
		{name: "full auth is needed (the public integration sends it)", setting: "routes.account-status=full", followed: level == enduser.AuthFull},
	}
	if r.p.TokenID == "" {
		return finish(name, rs, outcome{unreachable: "the profile has no account (token_id): mint one or set token_id"})
	}
	basic := r.send(ctx, r.open, enduser.ProbeRequest{Route: enduser.RouteAccountStatus, Method: http.MethodGet, Auth: &authBasic})
	var full *answer
	if r.signed != nil {
		full = r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteAccountStatus, Method: http.MethodGet, Auth: &authFull})
	}
	r.statusAnswers = []*answer{basic, full}
	return finish(name, rs, judgeStatusAuth(r.b, basic, full), basic, full)
}

// statusData says whether an answer holds an account status.
func statusData(a *answer) bool {
	if a == nil || !a.ok() {
		return false
	}
	var st enduser.AccountStatus
	return json.Unmarshal(a.result, &st) == nil && st.StatusStr != ""
}

func judgeStatusAuth(b basis, basic, full *answer) outcome {
	if o, done := b.settle([]*answer{full}, basic); done {
		return o
	}
	if absent, known, why := absence(basic, b.absentGet); absent || !known {
		return every(2, unsure("the basic read: %s", why))
	}
	switch {
	case statusData(basic):
		return outcome{fits: []judgement{yes("the basic read was answered with the status"), ruled("the basic read was answered")}}
	case basic.authRefused() && full == nil:
		return outcome{fits: []judgement{ruled("the basic read was refused (%s)", basic.says()), unsure("refused basic (%s), and no full read: the profile has no key", basic.says())}}
	case basic.authRefused() && statusData(full):
		if j, stop := b.signatureMatters(); stop {
			return outcome{fits: []judgement{ruled("the basic read was refused (%s)", basic.says()), j}}
		}
		return outcome{fits: []judgement{ruled("the basic read was refused (%s)", basic.says()), yes("basic refused (%s), full answered with the status", basic.says())}}
	}
	return every(2, unsure("basic: %s; full: %s", basic.says(), fullSays(full)))
}

func fullSays(a *answer) string {
	if a == nil {
		return "not sent (no key)"
	}
	return a.says()
}

func (r *doctorRun) probeStatusForm(_ context.Context, name string) Probe {
	rs := []reading{
		{name: "result is a JSON-encoded string (evidence, pitfall 2)", followed: true},
		{name: "result is an object (the spec's envelope)", followed: true},
	}
	if r.p.TokenID == "" {
		return finish(name, rs, outcome{unreachable: "the profile has no account (token_id): mint one or set token_id"})
	}
	var data *answer
	for _, a := range r.statusAnswers {
		if statusData(a) {
			data = a
			break
		}
	}
	if data == nil && len(r.statusAnswers) > 0 && !slices.ContainsFunc(r.statusAnswers, func(a *answer) bool { return a != nil && a.err == nil }) {
		// No read was answered at all: nothing to judge (the auth probe says why).
		o, _ := withoutAnswer(r.statusAnswers...)
		return finish(name, rs, o)
	}
	return finish(name, rs, judgeStatusForm(data), data)
}

// judgeStatusForm reads the form of the answer's result from the JSON (whatever whitespace
// surrounds it).
func judgeStatusForm(a *answer) outcome {
	if a == nil {
		j := unsure("no read of the account status was answered with one (account status auth)")
		return outcome{fits: []judgement{j, j}}
	}
	raw := bytes.TrimSpace(a.obj()["result"])
	var s string
	switch {
	case len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil && json.Valid([]byte(s)) && strings.HasPrefix(strings.TrimSpace(s), "{"):
		return outcome{fits: []judgement{yes("a string holding the status object"), ruled("result is a string")}}
	case len(raw) > 0 && raw[0] == '{':
		return outcome{fits: []judgement{ruled("result is an object"), yes("an object")}}
	}
	j := ruled("result is neither: %s", excerpt(string(raw)))
	return outcome{fits: []judgement{j, j}}
}

// --- full-auth hash (E5) and the deadline bound ---

func (r *doctorRun) probeHash(ctx context.Context, name string) Probe {
	rs := []reading{
		{name: "strict: hash must be the payload's keccak256 (spec 5.4)", followed: true},
		{name: "lenient: the service takes any hash (evidence §1)", followed: true},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	own := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull})
	// The decoy signs the empty payload, a read of every GET, which the policy signs as it
	// signs every read, and sends a query beside it: the hash is not the sent payload's. A
	// signature over the query itself would be over a payload no route takes (the policy
	// asks about those, and the doctor never waits).
	foreign := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull, RawQuery: "purse-doctor", SignedPayload: []byte{}})
	return finish(name, rs, judgeHash(r.b, own, foreign), own, foreign)
}

func judgeHash(b basis, own, foreign *answer) outcome {
	if o, done := b.settle([]*answer{own}, foreign); done {
		return o
	}
	if !own.ok() {
		return every(2, unsure("purse's own read was refused otherwise (%s)", own.says()))
	}
	if j, stop := b.signatureMatters(); stop {
		return every(2, j)
	}
	switch {
	case foreign.authRefused():
		return outcome{fits: []judgement{yes("another payload's hash was refused (%s)", foreign.says()), ruled("another payload's hash was refused")}}
	case foreign.ok():
		return outcome{fits: []judgement{ruled("another payload's hash was accepted"), yes("another payload's hash was accepted (%s)", foreign.says())}}
	}
	return every(2, unsure("the read with another payload's hash was refused otherwise (%s)", foreign.says()))
}

// Deadline probe windows: inside the 20-minute bound, and past it yet inside what a signer
// accepts without --allow-any-deadline (the bound plus wallet.ClockSlack), so that no person
// is asked.
const (
	deadlineInside = protocol.MaxFullAuthWindow - time.Minute
	deadlinePast   = protocol.MaxFullAuthWindow + wallet.ClockSlack - time.Minute
)

func (r *doctorRun) probeDeadline(ctx context.Context, name string) Probe {
	bound := protocol.MaxFullAuthWindow
	rs := []reading{
		{name: fmt.Sprintf("a deadline at most %s after server time (spec 5.4)", bound), followed: true},
		{name: fmt.Sprintf("a deadline more than %s ahead is accepted", bound), followed: true},
		// purse's own window was accepted (signature check): purse works under a shorter bound.
		{name: fmt.Sprintf("a bound shorter than %s", deadlineInside), setting: "deadline_window", followed: true},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	own := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull})
	inside := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull, Window: deadlineInside})
	past := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Auth: &authFull, Window: deadlinePast})
	return finish(name, rs, judgeDeadline(r.b, own, inside, past), own, inside, past)
}

func judgeDeadline(b basis, own, inside, past *answer) outcome {
	if o, done := b.settle([]*answer{own}, inside, past); done {
		return o
	}
	if !own.ok() {
		return every(3, unsure("purse's own read was refused otherwise (%s)", own.says()))
	}
	if j, stop := b.signatureMatters(); stop {
		return every(3, j)
	}
	switch {
	case inside.sigRefused():
		why := fmt.Sprintf("a deadline %s ahead was refused (%s) while purse's own window was accepted", deadlineInside, inside.says())
		return outcome{fits: []judgement{ruled("%s", why), ruled("%s", why), yes("%s", why)}}
	case !inside.ok():
		return every(3, unsure("the read %s ahead was refused otherwise (%s)", deadlineInside, inside.says()))
	case past.sigRefused():
		return outcome{fits: []judgement{yes("%s ahead accepted, %s ahead refused (%s)", deadlineInside, deadlinePast, past.says()),
			ruled("%s ahead was refused", deadlinePast), ruled("%s ahead was accepted", deadlineInside)}}
	case past.ok():
		return outcome{fits: []judgement{ruled("%s ahead was accepted", deadlinePast), yes("%s ahead was accepted (%s)", deadlinePast, past.says()),
			ruled("%s ahead was accepted", deadlineInside)}}
	}
	return every(3, unsure("the read %s ahead was refused otherwise (%s)", deadlinePast, past.says()))
}

// --- banking profile, card, on-ramp limit ---

func (r *doctorRun) probeProfile(ctx context.Context, name string) Probe {
	rt := r.routeOf(enduser.RouteProfile)
	rs := []reading{
		{name: fmt.Sprintf("%s %s answers the banking profile (design 2.4, the twin of /api/fma/v1/br)", rt.Method, rt.Path), followed: true},
		{name: "no such route there", setting: "routes.profile=PATH"},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	a := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteProfile})
	return finish(name, rs, judgeProfile(r.b, a, r.p.TokenID), a)
}

func judgeProfile(b basis, a *answer, tokenID string) outcome {
	if o, done := b.settle([]*answer{a}); done {
		return o
	}
	absent, known, why := absence(a, b.ctl(a))
	switch {
	case absent:
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	case !known:
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j}}
	case a.refused():
		return outcome{fits: []judgement{unsure("the route is there (%s) but refused this account: what it answers is unseen", why), ruled("%s", why)}}
	case !a.ok():
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j}}
	}
	var p enduser.Profile
	err := json.Unmarshal(a.result, &p)
	switch {
	case err != nil:
		return outcome{fits: []judgement{ruled("a success purse cannot read as the profile: %v", err), ruled("the route answered")}}
	case p.TokenID != "" && string(p.TokenID) != tokenID:
		return outcome{fits: []judgement{ruled("the profile of account %s, not of token_id %s", p.TokenID, tokenID), ruled("the route answered")}}
	case p.BR == "" && p.IBAN == "" && p.TokenID == "":
		return outcome{fits: []judgement{ruled("a success without the profile's holder, IBAN or account"), ruled("the route answered")}}
	}
	return outcome{fits: []judgement{yes("the profile of account %s", cmp.Or(string(p.TokenID), tokenID)), ruled("the route answered")}}
}

// ctl is the unknown path's answer for a's method.
func (b basis) ctl(a *answer) *answer {
	if a.method == http.MethodPost {
		return b.absentPost
	}
	return b.absentGet
}

func (r *doctorRun) probeCard(ctx context.Context, name string) Probe {
	rt := r.routeOf(enduser.RouteCard)
	rs := []reading{
		{name: "the card unwrapped beside the envelope keys (evidence §3)", followed: true},
		{name: "{cards:[…]}, the account's one card (evidence §3)", followed: true},
		{name: "the card in result (the spec's envelope)", followed: true},
		{name: "no card: code 10009 (spec 7)", followed: true},
		{name: "no card: HTTP 404 (evidence §3)", followed: true},
		{name: "no card: an empty card list", followed: true},
		{name: fmt.Sprintf("no route at %s %s", rt.Method, rt.Path), setting: "routes.card=PATH"},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	a := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteCard})
	return finish(name, rs, judgeCard(r.b, a), a)
}

const (
	cardUnwrapped = iota
	cardList
	cardResult
	cardNo10009
	cardNo404
	cardNoneListed
	cardNoRoute
	cardForms
)

// judgeCard names the one form of the card read's answer; every other is ruled out.
func judgeCard(b basis, a *answer) outcome {
	if o, done := b.settle([]*answer{a}); done {
		return o
	}
	only := func(i int, why string) outcome {
		fits := make([]judgement, cardForms)
		for k := range fits {
			fits[k] = ruled("the answer is another form")
		}
		fits[i] = yes("%s", why)
		return outcome{fits: fits}
	}
	ctl := b.absentGet
	absent, known, why := absence(a, ctl)
	switch {
	case a.status == http.StatusNotFound && a.sameAs(ctl):
		o := every(cardForms, ruled("the answer is another form"))
		j := unsure("HTTP 404 as an unknown path is answered (%s): no card, or no such route", a.says())
		o.fits[cardNo404], o.fits[cardNoRoute] = j, j
		return o
	case a.status == http.StatusNotFound:
		return only(cardNo404, fmt.Sprintf("%s, not as an unknown path (%s)", a.says(), ctl.says()))
	case a.status == http.StatusMethodNotAllowed, absent:
		return only(cardNoRoute, why)
	case !known:
		return every(cardForms, unsure("%s", why))
	}
	if a.refused() {
		if a.code() == "10009" {
			return only(cardNo10009, a.says())
		}
		return every(cardForms, unsure("refused otherwise (%s)", a.says()))
	}
	if !a.ok() {
		return every(cardForms, unsure("%s", a.says()))
	}
	m := a.obj()
	res := bytes.TrimSpace(m["result"])
	var inResult map[string]json.RawMessage
	if len(res) > 0 && res[0] == '{' {
		_ = json.Unmarshal(res, &inResult)
	}
	for _, where := range []map[string]json.RawMessage{m, inResult} {
		if raw, ok := where["cards"]; ok {
			var cards []json.RawMessage
			if json.Unmarshal(raw, &cards) != nil {
				return every(cardForms, ruled("cards is not a list: %s", excerpt(string(raw))))
			}
			if len(cards) == 0 {
				return only(cardNoneListed, "cards: []")
			}
			return only(cardList, fmt.Sprintf("cards: %d card(s)", len(cards)))
		}
	}
	switch {
	case isCard(inResult):
		return only(cardResult, "the card's fields in result")
	case isCard(m) && (len(res) == 0 || string(res) == "null"):
		return only(cardUnwrapped, "the card's fields beside retCode")
	}
	return every(cardForms, ruled("a success with no card in it: %s", excerpt(string(a.body))))
}

// isCard: an object with the card read's own fields.
func isCard(m map[string]json.RawMessage) bool {
	_, masked := m["masked"]
	_, token := m["cardToken"]
	_, id := m["tokenId"]
	_, status := m["status"]
	return masked || token || id && status
}

func (r *doctorRun) probeOnrampLimit(ctx context.Context, name string) Probe {
	rt := r.routeOf(enduser.RouteOnrampLimit)
	rs := []reading{
		{name: "the limits as data", followed: true},
		{name: "an empty success: HTTP 204 or no body (evidence, pitfall 4)", followed: true},
		{name: fmt.Sprintf("no route at %s %s", rt.Method, rt.Path), setting: "routes.onramp-limit=" + otherMethod(rt.Method)},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	pr := enduser.ProbeRequest{Route: enduser.RouteOnrampLimit}
	if rt.Method == http.MethodPost {
		pr.Body = []byte("{}") // as the client sends a read made a POST
	}
	a := r.send(ctx, r.signed, pr)
	return finish(name, rs, judgeOnrampLimit(r.b, a), a)
}

// otherMethod is the on-ramp limit's method of the other reading (L4).
func otherMethod(m string) string {
	if m == http.MethodPost {
		return http.MethodGet
	}
	return http.MethodPost
}

func judgeOnrampLimit(b basis, a *answer) outcome {
	if o, done := b.settle([]*answer{a}); done {
		return o
	}
	absent, known, why := absence(a, b.ctl(a))
	switch {
	case absent:
		return outcome{fits: []judgement{ruled("%s", why), ruled("%s", why), yes("%s", why)}}
	case !known:
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j, j}}
	case a.refused():
		j := unsure("refused (%s; an account must be Live): what a Live account gets is unseen", a.says())
		return outcome{fits: []judgement{j, j, ruled("%s", why)}}
	case !a.ok():
		j := unsure("%s", why)
		return outcome{fits: []judgement{j, j, j}}
	}
	res := bytes.TrimSpace(a.result)
	if a.status == http.StatusNoContent || len(bytes.TrimSpace(a.body)) == 0 || len(res) == 0 || string(res) == "null" {
		return outcome{fits: []judgement{ruled("an empty success"), yes("%s, nothing in it", a.says()), ruled("the route answered")}}
	}
	var l enduser.OnrampLimit
	if err := json.Unmarshal(res, &l); err != nil || res[0] != '{' {
		j := ruled("a success purse cannot read as the limits: %s", excerpt(string(res)))
		return outcome{fits: []judgement{j, ruled("the success has a body"), ruled("the route answered")}}
	}
	return outcome{fits: []judgement{yes("limits for %d currencies", len(l.MaxAmounts)), ruled("the success has data"), ruled("the route answered")}}
}
