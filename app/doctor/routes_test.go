package doctor

import (
	"net/http"
	"strings"
	"testing"

	"purse/enduser"
)

// routeProbeRows are the rows that declare a route probe.
func routeProbeRows() []enduser.Route {
	var out []enduser.Route
	for _, r := range enduser.Routes() {
		if r.Probe != "" {
			out = append(out, r)
		}
	}
	return out
}

// A route probe confirms a row only when the answer reads as the row's model and a path no
// service has is answered otherwise. The lazier judgements it must not make: "it parsed"
// ({} parses into any model), "it succeeded" (a service that answers every path with
// success), "it was refused, so it is there" (a refusal may be the route's or a router's).
func TestJudgeRoute(t *testing.T) {
	limits := enduser.Route{Name: "limits", Method: http.MethodGet, Path: "/api/v1/limits", Auth: enduser.AuthFull, Result: enduser.OnrampLimit{}, Probe: "limits", Basis: "a test"}
	retry := enduser.Route{Name: "retry", Method: http.MethodGet, Path: "/api/v1/retry", Auth: enduser.AuthFull, Result: (*enduser.PendingRetry)(nil), Probe: "retry", Basis: "a test"}
	model, empty, absent := "answers in its model", "an empty success", "no route at"
	for _, c := range []struct {
		what    string
		rt      enduser.Route
		b       basis
		a       *answer
		verdict string
		reading string
	}{
		{"the model", limits, specBasis, ok(`{"maxAmounts":{"EUR":"100.00"},"regionLocked":true}`), ProbeConfirmed, model},
		{"{} parses into any model", limits, specBasis, ok(`{}`), ProbeInconclusive, ""},
		{"another route's answer", limits, specBasis, ok(`{"tokenId":"5","txHash":"0xab"}`), ProbeInconclusive, ""},
		{"a field of another type", limits, specBasis, ok(`{"regionLocked":"maybe"}`), ProbeContradicted, ""},
		{"a list", limits, specBasis, ok(`[1,2]`), ProbeContradicted, ""},
		{"no data where the row returns some", limits, specBasis, ok(`null`), ProbeContradicted, ""},
		{"HTTP 204 where the row returns data", limits, specBasis, ans(http.StatusNoContent, ""), ProbeContradicted, ""},
		{"not there", limits, specBasis, ans(http.StatusNotFound, "404 page not found"), ProbeContradicted, absent},
		{"answered as an unknown path", limits, specBasis, unknownPath, ProbeContradicted, absent},
		{"not this method", limits, specBasis, ans(http.StatusMethodNotAllowed, `{"retCode":10002}`), ProbeContradicted, absent},
		{"a refusal of the account", limits, specBasis, refused(10009, "needs a Live account"), ProbeInconclusive, ""},
		{"purse's own signature refused", limits, specBasis, refused(10001, "signature mismatch"), ProbeCredentials, ""},
		{"a server error", limits, specBasis, ans(http.StatusBadGateway, "no healthy upstream"), ProbeInconclusive, ""},
		{"a yes-man", limits, yesBasis, ok(`{"maxAmounts":{"EUR":"1"}}`), ProbeInconclusive, ""},
		{"none waits (null)", retry, specBasis, ok(`null`), ProbeConfirmed, empty},
		{"none waits (HTTP 204)", retry, specBasis, ans(http.StatusNoContent, ""), ProbeConfirmed, empty},
		{"one waits", retry, specBasis, ok(`{"originalTxHash":"0xab"}`), ProbeConfirmed, model},
		{"one waits, in snake case", retry, specBasis, ok(`{"original_tx_hash":"0xab"}`), ProbeConfirmed, model},
		{"an object of nothing", retry, specBasis, ok(`{"state":1}`), ProbeInconclusive, ""},
		{"a yes-man's null", retry, yesBasis, ok(`null`), ProbeInconclusive, ""},
	} {
		p := finish(c.rt.Probe, routeReadings(c.rt), judgeRoute(c.b, c.rt, c.a), c.a)
		if p.Verdict != c.verdict || !strings.Contains(p.Reading, c.reading) || (c.reading == "") != (p.Reading == "") {
			t.Errorf("%s: %s reading %q (%s), want %s reading %q", c.what, p.Verdict, p.Reading, p.Detail, c.verdict, c.reading)
		}
	}
}

// A change route's probe is an unsigned request the service refuses before acting: it tells
// the route's presence (refused, not as an unknown path) from its absence, and says nothing
// where unknown paths are answered with success or the route takes the unsigned request.
func TestJudgeChangeRoute(t *testing.T) {
	for _, c := range []struct {
		what    string
		b       basis
		a       *answer
		verdict string
		reading string
	}{
		{"refused for the missing headers", specBasis, refused(10002, "missing header tokenId"), ProbeConfirmed, "0"},
		{"not there", specBasis, ans(http.StatusNotFound, "404 page not found"), ProbeContradicted, "1"},
		{"answered as an unknown path", specBasis, unknownPath, ProbeContradicted, "1"},
		{"a yes-man", yesBasis, yesMan, ProbeInconclusive, ""},
		{"an unsigned change taken", specBasis, ok("null"), ProbeInconclusive, ""},
		{"a server error", specBasis, ans(http.StatusBadGateway, ""), ProbeInconclusive, ""},
	} {
		seen(t, c.what, judged(judgeChangeRoute(c.b, c.a), 2), c.verdict, c.reading)
	}
}

// Every row that declares a route probe declares what it judges (a read's result model, or
// a change route) and a name no other probe of the report has.
func TestRouteProbeRowsAreJudgeable(t *testing.T) {
	names := map[string]bool{}
	for _, r := range routeProbeRows() {
		if !r.Readable() && !r.Changes && r.PathKnown() {
			t.Errorf("%s: a route probe needs a read route (a result model, no data to send), a change route or a route whose path is a setting", r.Name)
		}
		if names[r.Probe] {
			t.Errorf("%s: probe name %q twice", r.Name, r.Probe)
		}
		names[r.Probe] = true
	}
	if len(names) == 0 {
		t.Fatal("no row declares a route probe")
	}
}

// The cash-out quote's probe: a quote with its id, output and best route confirms the
// route; the lazier judgements' attacks do not: {} (which parses into any model), a
// quote without its id, a refusal (a region block, a Tourist account), a server that answers
// every path with success, and the route answered as an unknown path.
func TestJudgeOnrampQuote(t *testing.T) {
	quote := `{"quoteId":"q-1","outputAmount":"10746000","needLiveness":false,"best":{"to":"0x18f7D6Eb0d8524394C2DBA705e3023b440ADdC94","swapCalldata":"0x","minAmountOut":"10692270","allowanceTarget":"0x18f7D6Eb0d8524394C2DBA705e3023b440ADdC94"}}`
	for _, c := range []struct {
		what    string
		b       basis
		a       *answer
		verdict string
		reading string
	}{
		{"a quote", specBasis, post(ok(quote)), ProbeConfirmed, "0"},
		{"{}", specBasis, post(ok(`{}`)), ProbeContradicted, ""},
		{"no quoteId", specBasis, post(ok(strings.Replace(quote, `"quoteId":"q-1",`, "", 1))), ProbeContradicted, ""},
		{"a region block", specBasis, post(refused(10000, "Convert is unavailable in your region")), ProbeInconclusive, ""},
		{"a yes-man", yesBasis, post(yesMan), ProbeInconclusive, ""},
		{"answered as an unknown path", specBasis, post(unknownPath), ProbeContradicted, "1"},
	} {
		seen(t, c.what, judged(judgeOnrampQuote(c.b, c.a), 2), c.verdict, c.reading)
	}
}
