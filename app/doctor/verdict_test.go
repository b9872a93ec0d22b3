package doctor

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"purse/agent"
	"purse/app"
	"purse/enduser"
)

// The verdict is the one decision every probe shares: each case is a reading set and what a
// judge said of it.
func TestVerdict(t *testing.T) {
	rs := []reading{{name: "A", setting: "x=a", followed: true}, {name: "B", setting: "x=b"}, {name: "C", setting: "x=c"}}
	both := []reading{{name: "A", followed: true}, {name: "B", followed: true}}
	for _, c := range []struct {
		name    string
		rs      []reading
		o       outcome
		verdict string
		reading string
		setting string
		detail  string
	}{
		{"the followed reading alone fits", rs, outcome{fits: []judgement{yes("a"), ruled("no"), ruled("no")}}, ProbeConfirmed, "A", "", "A: a"},
		{"another reading alone fits", rs, outcome{fits: []judgement{ruled("no"), yes("b"), ruled("no")}}, ProbeContradicted, "B", "x=b", "x=b selects it"},
		{"only unfollowed readings fit", rs, outcome{fits: []judgement{ruled("no"), yes("b"), yes("c")}}, ProbeContradicted, "B; C", "x=b, x=c", "b; c"},
		{"none fits", rs, outcome{fits: []judgement{ruled("na"), ruled("nb"), ruled("nc")}}, ProbeContradicted, "", "", "fit none of the readings"},
		{"one fits, one cannot be told", rs, outcome{fits: []judgement{yes("a"), unsure("maybe b"), ruled("no")}}, ProbeInconclusive, "", "", "maybe b"},
		{"a followed and an unfollowed reading fit", rs, outcome{fits: []judgement{yes("a"), yes("b"), ruled("no")}}, ProbeInconclusive, "", "", "B fits: b"},
		{"every reading open", rs, outcome{fits: []judgement{unsure("?"), unsure("?"), unsure("?")}}, ProbeInconclusive, "", "", "A open: ?"},
		{"two followed readings, one fits", both, outcome{fits: []judgement{ruled("no"), yes("b")}}, ProbeConfirmed, "B", "", "B: b"},
		{"two followed readings, both fit", both, outcome{fits: []judgement{yes("a"), yes("b")}}, ProbeInconclusive, "", "", "A fits"},
		{"credentials come before the readings", rs, outcome{credentials: "refused", fits: []judgement{yes("a"), ruled(""), ruled("")}}, ProbeCredentials, "", "", "refused"},
		{"skipped", rs, outcome{skipped: "not sent"}, ProbeSkipped, "", "", "not sent"},
		{"not reachable", rs, outcome{unreachable: "no answer"}, ProbeUnreachable, "", "", "no answer"},
		{"a judge that speaks of fewer readings decides nothing", rs, outcome{fits: []judgement{yes("a")}}, ProbeInconclusive, "", "", "judged 1 of 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := Probe{Name: "p"}
			verdict(&p, c.rs, c.o)
			if p.Verdict != c.verdict || p.Reading != c.reading || p.Setting != c.setting || !strings.Contains(p.Detail, c.detail) {
				t.Fatalf("got %q reading %q setting %q detail %q", p.Verdict, p.Reading, p.Setting, p.Detail)
			}
			if len(p.Readings) != len(c.rs) || p.Readings[0].Followed != c.rs[0].followed {
				t.Fatalf("readings %+v", p.Readings)
			}
		})
	}
	p := Probe{}
	verdict(&p, rs, outcome{fits: []judgement{yes("a"), ruled(""), ruled("")}, note: "Clock: local."})
	if p.Detail != "A: a. Clock: local." || p.Assumes != "A" {
		t.Fatalf("note: %q, assumes %q", p.Detail, p.Assumes)
	}
}

// ans is an answer of status with body, its result read as the end-user client reads it.
func ans(status int, body string) *answer {
	a := &answer{request: "GET /x (none auth)", method: "GET", status: status, body: []byte(body)}
	if m := a.obj(); m != nil {
		res := m["result"]
		var s string
		if json.Unmarshal(res, &s) == nil && json.Valid([]byte(s)) {
			res = json.RawMessage(s)
		}
		if string(res) != "null" {
			a.result = res
		}
	}
	return a
}

func post(a *answer) *answer { a.request, a.method = "POST /x {} (none auth)", "POST"; return a }

var (
	unknownPath = ans(404, `{"retCode":10000,"retMsg":"no such route: /api/v1/purse-doctor-no-such-route","timeNow":1}`)
	yesMan      = ans(200, `{"retCode":0,"retMsg":"success","result":{"ok":true}}`)
	specBasis   = basis{absentGet: unknownPath, absentPost: unknownPath, sigChecked: fitYes, credentials: "check the key"}
	yesBasis    = basis{absentGet: yesMan, absentPost: yesMan, sigChecked: fitRuled, credentials: "check the key"}
	refused     = func(code int, msg string) *answer {
		return ans(200, fmt.Sprintf(`{"retCode":%d,"retMsg":%q,"result":null,"timeNow":1}`, code, msg))
	}
	ok = func(result string) *answer {
		return ans(200, `{"retCode":0,"retMsg":"success","result":`+result+`,"timeNow":1}`)
	}
)

// judged is a judge's outcome as a verdict over n readings, the first followed unless
// followed names others.
func judged(o outcome, n int, followed ...int) Probe {
	rs := make([]reading, n)
	for i := range rs {
		rs[i] = reading{name: fmt.Sprint(i), setting: fmt.Sprintf("s=%d", i)}
	}
	if followed == nil {
		followed = []int{0}
	}
	for _, i := range followed {
		rs[i].followed = true
	}
	p := Probe{}
	verdict(&p, rs, o)
	return p
}

// seen checks a verdict and the reading it names ("" for none).
func seen(t *testing.T, what string, p Probe, verdict, reading string) {
	t.Helper()
	if p.Verdict != verdict || p.Reading != reading {
		t.Errorf("%s: %s reading %q (%s), want %s reading %q", what, p.Verdict, p.Reading, p.Detail, verdict, reading)
	}
}

func TestAnswerReading(t *testing.T) {
	for _, c := range []struct {
		body, code string
		ok, sig    bool
	}{
		{`{"retCode":0,"result":1}`, "0", true, false},
		{` { "retCode" : "10001" , "retMsg" : "no" } `, "10001", false, true},
		{`{"error_code":10001,"error_msg":"gateway"}`, "10001", false, true},
		{`{"code":20002,"message":"missing"}`, "20002", false, false},
		{`{"result":{}}`, "", true, false},
		{`not json`, "", true, false},
		{`{"retCode":null,"result":1}`, "", true, false},
	} {
		a := ans(200, c.body)
		if a.code() != c.code || a.ok() != c.ok || a.sigRefused() != c.sig {
			t.Errorf("%s: code %q ok %v sig %v", c.body, a.code(), a.ok(), a.sigRefused())
		}
	}
	if !ans(401, "").sigRefused() || ans(403, "").sigRefused() || !ans(403, "").authRefused() {
		t.Error("HTTP 401 is a refused signature, 403 an auth refusal")
	}
	if (&answer{err: errors.New("x")}).ok() {
		t.Error("no answer is no success")
	}
}

func TestAbsence(t *testing.T) {
	for _, c := range []struct {
		name          string
		a, ctl        *answer
		absent, known bool
	}{
		{"404", ans(404, "404 page not found"), unknownPath, true, true},
		{"404 with the unknown path's code", ans(404, `{"retCode":10000,"retMsg":"other words"}`), unknownPath, true, true},
		{"404 with a code of its own", ans(404, `{"retCode":10009,"retMsg":"no profile"}`), unknownPath, false, false},
		{"405", ans(405, `{"retCode":10002}`), unknownPath, true, true},
		{"as the unknown path", refused(10000, "no"), ans(200, `{"retCode":10000}`), true, true},
		{"a refusal of the missing auth", refused(10002, "missing header tokenId"), unknownPath, false, true},
		{"unknown paths answered with success", refused(10002, "x"), yesMan, false, false},
		{"no unknown path's answer", refused(10002, "x"), nil, false, false},
		{"a server error", ans(500, "oops"), unknownPath, false, false},
		{"no answer", &answer{err: errors.New("refused")}, unknownPath, false, false},
	} {
		absent, known, why := absence(c.a, c.ctl)
		if absent != c.absent || known != c.known || why == "" {
			t.Errorf("%s: absent %v known %v (%s)", c.name, absent, known, why)
		}
	}
}

func TestWithoutAnswer(t *testing.T) {
	needs := &answer{request: "POST /api/v1/onramp-limit {}", err: &enduser.SignError{Route: "onramp-limit", Err: &app.Refusal{Code: agent.CodeNeedsApproval, Msg: "needs your approval"}}}
	if o, done := withoutAnswer(nil, ok("1"), needs); !done || !strings.Contains(o.skipped, "never waits") {
		t.Fatalf("needs approval: %+v", o)
	}
	if o, done := withoutAnswer(&answer{request: "x", err: &enduser.TransportError{Route: "x", Err: errors.New("refused")}}); !done || o.unreachable == "" {
		t.Fatalf("transport: %+v", o)
	}
	if o, done := withoutAnswer(&answer{err: fmt.Errorf("partner: %w", &app.Refusal{Code: agent.CodeInvalid, Msg: "deadline"})}); !done || o.skipped == "" {
		t.Fatalf("a refusal of the gate: %+v", o)
	}
	if _, done := withoutAnswer(ok("1"), nil); done {
		t.Fatal("answers")
	}
}
