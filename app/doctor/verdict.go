package doctor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/enduser"
)

// How the doctor decides (one piece for every probe): a probe names the readings it tells
// apart (the spec's and the evidence's, each with the profile setting that selects it), sends
// its requests, and its judge says of each reading whether the answers fit it, rule it out, or
// cannot tell (and why). verdict turns that into the probe's verdict: confirmed only when one
// reading fits and every other is ruled out; contradicted when the reading that fits is not
// the one the profile follows (or none fits); inconclusive otherwise. A refusal of purse's
// own signature is never a reading: it is a credentials problem, said as such.

// fit is what a probe's answers say of one reading.
type fit int

const (
	fitOpen  fit = iota // the answers cannot tell
	fitYes              // the answers could come from this reading
	fitRuled            // the answers could not come from it
)

func (f fit) String() string {
	switch f {
	case fitYes:
		return "fits"
	case fitRuled:
		return "ruled out"
	}
	return "open"
}

// reading is one way the service may behave.
type reading struct {
	name string // "GET per spec 4.6"
	// setting selects it in a profile ("routes.onramp-limit=GET"; "" when no setting does).
	setting string
	// followed: purse, as the profile is set, works with a service that behaves so.
	followed bool
	// weakens: the setting turns a security check down, so the doctor never proposes it
	// (the reading is still named, with the evidence, for the user to judge).
	weakens bool
}

// judgement is a judge's word on one reading.
type judgement struct {
	fit fit
	why string
}

func yes(format string, a ...any) judgement    { return judgement{fitYes, fmt.Sprintf(format, a...)} }
func ruled(format string, a ...any) judgement  { return judgement{fitRuled, fmt.Sprintf(format, a...)} }
func unsure(format string, a ...any) judgement { return judgement{fitOpen, fmt.Sprintf(format, a...)} }

// every is the outcome of n readings all judged alike.
func every(n int, j judgement) outcome {
	fits := make([]judgement, n)
	for i := range fits {
		fits[i] = j
	}
	return outcome{fits: fits}
}

// outcome is what a judge made of a probe's answers: a judgement per reading (in the
// probe's order), unless the probe ended before the readings.
type outcome struct {
	fits []judgement
	// credentials: the service refused purse's own signature (what to check).
	credentials string
	// skipped: a request was not sent (the policy would ask a person, the signer refused);
	// unreachable: no answer, or nothing to probe with (no account, key or setting).
	skipped, unreachable string
	// note is said with the verdict, whatever it is (the clock's source and offset).
	note string
}

// Probe verdicts.
const (
	ProbeConfirmed    = "confirmed"           // the answers could only come from the reading the profile follows
	ProbeContradicted = "contradicted"        // they could only come from another reading (or from none)
	ProbeInconclusive = "inconclusive"        // they fit more than one reading, or none can be told
	ProbeCredentials  = "credentials refused" // the service refused purse's own signature
	ProbeUnreachable  = "not reachable"       // no answer, or no account, key or setting to probe with
	ProbeSkipped      = "skipped"             // not sent: the policy would ask a person, or the signer refused
)

// verdict decides probe p from its readings and what its judge made of the answers.
func verdict(p *Probe, rs []reading, o outcome) {
	p.Readings = make([]Reading, len(rs))
	var followed []string
	for i, r := range rs {
		p.Readings[i] = Reading{Name: r.name, Setting: r.setting, Followed: r.followed}
		if i < len(o.fits) {
			p.Readings[i].Fit, p.Readings[i].Why = o.fits[i].fit.String(), o.fits[i].why
		}
		if r.followed {
			followed = append(followed, r.name)
		}
	}
	p.Assumes = strings.Join(followed, "; or ")
	defer func() {
		if o.note != "" {
			p.Detail = strings.TrimSuffix(p.Detail, ".") + ". " + o.note
		}
	}()
	switch {
	case o.credentials != "":
		p.Verdict, p.Detail = ProbeCredentials, o.credentials
		return
	case o.skipped != "":
		p.Verdict, p.Detail = ProbeSkipped, o.skipped
		return
	case o.unreachable != "":
		p.Verdict, p.Detail = ProbeUnreachable, o.unreachable
		return
	case len(o.fits) != len(rs):
		// A judge that does not speak of every reading has decided nothing.
		p.Verdict, p.Detail = ProbeInconclusive, fmt.Sprintf("the probe judged %d of %d readings", len(o.fits), len(rs))
		return
	}
	var fitting, opens []int
	followedFits := false
	for i, j := range o.fits {
		switch j.fit {
		case fitYes:
			fitting = append(fitting, i)
			followedFits = followedFits || rs[i].followed
		case fitOpen:
			opens = append(opens, i)
		}
	}
	switch {
	case len(opens) > 0 || len(fitting) > 1 && followedFits:
		p.Verdict = ProbeInconclusive
		p.Detail = joinWhy(rs, o.fits, append(fitting, opens...))
	case len(fitting) == 1 && followedFits:
		r, j := rs[fitting[0]], o.fits[fitting[0]]
		p.Verdict, p.Reading, p.Detail = ProbeConfirmed, r.name, r.name+": "+j.why
	case len(fitting) > 0:
		// The answers could only come from readings the profile does not follow.
		var names, settings, whys []string
		for _, i := range fitting {
			names = append(names, rs[i].name)
			if rs[i].setting != "" && !rs[i].weakens {
				settings = append(settings, rs[i].setting)
			}
			if !slices.Contains(whys, o.fits[i].why) {
				whys = append(whys, o.fits[i].why)
			}
		}
		p.Verdict, p.Reading, p.Setting = ProbeContradicted, strings.Join(names, "; "), strings.Join(settings, ", ")
		p.Detail = p.Reading + ", which the profile does not follow: " + strings.Join(whys, "; ")
		if p.Setting != "" {
			p.Detail += " (" + p.Setting + " selects it)"
		}
	default:
		p.Verdict = ProbeContradicted
		p.Detail = "the answers fit none of the readings: " + joinWhy(rs, o.fits, nil)
	}
}

// joinWhy says why of the readings at idx (nil: all), each named.
func joinWhy(rs []reading, js []judgement, idx []int) string {
	if idx == nil {
		for i := range js {
			idx = append(idx, i)
		}
	}
	seen := map[string]bool{}
	var parts []string
	for _, i := range idx {
		why := js[i].why
		if seen[why] {
			continue // one reason said of several readings is said once
		}
		seen[why] = true
		parts = append(parts, rs[i].name+" "+js[i].fit.String()+": "+why)
	}
	return strings.Join(parts, "; ")
}

// answer is what one probe request got: the status, the envelope's code and the body, or
// why there was no answer.
type answer struct {
	request string // how it reads in the report: "GET /api/v2/br (full auth)"
	method  string
	status  int
	header  http.Header
	body    []byte
	// result is the end-user envelope's result as the client reads it (a JSON-string
	// result unwrapped); nil for none.
	result []byte
	err    error // no answer: why
	// problem is what purse's own reading of the answer found wrong (a typed call's error).
	problem error

	// A partner answer's signature (partner.ResponseSigner).
	signed bool
	signer common.Address
	sigErr error

	// members is the body read as one JSON object, once: the basis's answers are read by
	// probes that run side by side.
	members map[string]json.RawMessage
	parse   sync.Once
}

// obj is the body's members when it is one JSON object (nil otherwise).
func (a *answer) obj() map[string]json.RawMessage {
	a.parse.Do(func() {
		var m map[string]json.RawMessage
		if json.Unmarshal(bytes.TrimSpace(a.body), &m) == nil {
			a.members = m
		}
	})
	return a.members
}

// code is the envelope's code as the body writes it (retCode, error_code, or the partner
// envelope's code), "" when it has none.
func (a *answer) code() string {
	m := a.obj()
	for _, k := range []string{"retCode", "error_code", "code"} {
		raw, ok := m[k]
		if !ok || string(bytes.TrimSpace(raw)) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		var n json.Number
		if json.Unmarshal(raw, &n) == nil {
			return n.String()
		}
		return string(raw)
	}
	return ""
}

// message is the envelope's message (retMsg, error_msg, message).
func (a *answer) message() string {
	m := a.obj()
	for _, k := range []string{"retMsg", "error_msg", "message"} {
		var s string
		if json.Unmarshal(m[k], &s) == nil && s != "" {
			return s
		}
	}
	return ""
}

// ok: a 2xx answer that is no refusal.
func (a *answer) ok() bool {
	c := a.code()
	return a.err == nil && a.status >= 200 && a.status < 300 && (c == "" || c == "0")
}

// refused: an answer with a non-zero code, or a 4xx.
func (a *answer) refused() bool {
	c := a.code()
	return a.err == nil && (c != "" && c != "0" || a.status >= 400 && a.status < 500)
}

// sigRefused: the service's refusal of a signature (10001, the code of spec 7 for an
// authentication failure on both APIs), or HTTP 401.
func (a *answer) sigRefused() bool {
	return a.err == nil && (a.code() == strconv.Itoa(enduser.CodeAuth) || a.status == http.StatusUnauthorized)
}

// authRefused: a refusal for missing or failed authentication (10001, 10002 "missing
// header", HTTP 401 or 403).
func (a *answer) authRefused() bool {
	c := a.code()
	return a.err == nil && (c == strconv.Itoa(enduser.CodeAuth) || c == strconv.Itoa(enduser.CodeParse) ||
		a.status == http.StatusUnauthorized || a.status == http.StatusForbidden)
}

// says is the answer in a few words: "HTTP 200, code 10001 (signature mismatch…)".
func (a *answer) says() string {
	if a == nil {
		return "not sent"
	}
	if a.err != nil {
		return "no answer: " + app.OneLine(a.err)
	}
	s := fmt.Sprintf("HTTP %d", a.status)
	if c := a.code(); c != "" {
		s += ", code " + c
		if m := a.message(); m != "" {
			s += " (" + clip(m, 80) + ")"
		}
	} else if len(bytes.TrimSpace(a.body)) == 0 {
		s += ", no body"
	}
	return s
}

// sameAs: two answers a report cannot tell apart (status and code).
func (a *answer) sameAs(b *answer) bool {
	return a.err == nil && b != nil && b.err == nil && a.status == b.status && a.code() == b.code()
}

// evidence is the answer as the report carries it.
func (a *answer) evidence() Evidence {
	e := Evidence{Request: a.request}
	if a.err != nil {
		e.Error = app.OneLine(a.err)
		return e
	}
	e.Status, e.Code, e.Excerpt = a.status, a.code(), excerpt(string(a.body))
	if a.signed || a.sigErr != nil {
		switch {
		case a.sigErr != nil:
			e.SignedBy = "invalid: " + app.OneLine(a.sigErr)
		default:
			e.SignedBy = a.signer.Hex()
		}
	}
	return e
}

// absence says whether a answered as a path the service does not have: HTTP 405, HTTP 404
// without a code or with the code of ctl (the answer to a path no service has), or ctl's
// status and code. known is false when no answer can tell: no answer to compare with, an
// unknown path answered with success, a 404 with a code of its own (a route's refusal, or a
// router's), a server error.
func absence(a, ctl *answer) (absent, known bool, why string) {
	ctlOK := ctl != nil && ctl.err == nil
	switch {
	case a.err != nil:
		return false, false, a.says()
	case a.status == http.StatusMethodNotAllowed:
		return true, true, a.says() + ": not this method"
	case a.status == http.StatusNotFound && (a.code() == "" || ctlOK && a.code() == ctl.code()):
		return true, true, a.says() + ": not there"
	case !ctlOK:
		return false, false, a.says() + ", and no answer to an unknown path to compare it with"
	case a.status == http.StatusNotFound:
		return false, false, fmt.Sprintf("%s, where an unknown path gets %s: a refusal of the route, or its absence", a.says(), ctl.says())
	case ctl.ok():
		return false, false, fmt.Sprintf("%s, and an unknown path is answered with success too (%s): no answer tells a route's absence", a.says(), ctl.says())
	case a.sameAs(ctl):
		return true, true, a.says() + ", as an unknown path is answered"
	case a.status >= 500:
		return false, false, a.says() + ": a server error says nothing of the route"
	}
	return false, true, fmt.Sprintf("%s, not as an unknown path (%s)", a.says(), ctl.says())
}

// excerpt is a body as a report quotes it: whitespace collapsed, at most 160 characters.
func excerpt(body string) string {
	body = strings.Join(strings.Fields(body), " ")
	if body == "" {
		return "(empty)"
	}
	return clip(body, 160)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
