package enduser

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

func fitting(payload string) []string {
	var names []string
	for _, r := range RoutesFitting([]byte(payload)) {
		names = append(names, r.Name)
	}
	slices.Sort(names)
	return names
}

// A new full-auth route cannot be added without saying what its payload is: a GET reads a
// query, a POST has its body's wire type on its row, so a signer can judge its signatures.
func TestEveryFullAuthRouteHasAPayloadShape(t *testing.T) {
	for _, r := range routeTable {
		if r.Auth != AuthFull || r.Method == "GET" {
			continue
		}
		b := r.Body
		if b == nil {
			t.Errorf("full-auth route %s (%s %s) has no body type (Route.Body)", r.Name, r.Method, r.Path)
			continue
		}
		// The body as the client sends it (every field set) fits its own route.
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if names := fitting(string(raw)); !slices.Contains(names, r.Name) {
			t.Errorf("%s: its own body %s fits %v", r.Name, raw, names)
		}
	}
}

// emptyReads are the routes a signature over no payload can be a request of, by the rule
// of spec 5.4 and Route.Query: every full-auth GET that takes no query. The GETs of the
// table when the rule was first spelled out must be among them; a GET added as a row joins
// them by being one.
func emptyReads(t *testing.T) []string {
	t.Helper()
	var reads []string
	for _, r := range routeTable {
		if r.Auth == AuthFull && r.Method == http.MethodGet && len(r.Query) == 0 {
			reads = append(reads, r.Name)
		}
	}
	for _, name := range []string{RouteCard, RouteChainConfigs, RouteFormAInfo, RouteOnrampLimit, RouteOnrampPendingRetry, RouteProfile} {
		if !slices.Contains(reads, name) {
			t.Fatalf("%s is no longer a full-auth GET without a query", name)
		}
	}
	return reads
}

func TestRoutesFittingTellsBodiesApart(t *testing.T) {
	reads := emptyReads(t)
	slices.Sort(reads)
	for _, c := range []struct {
		payload string
		want    []string
	}{
		{`{"pageSize":5}`, []string{RouteTransactions}},
		{`{"pageSize":5,"cursorTimestamp":1,"cursorId":2}`, []string{RouteTransactions}},
		{`{"cardTokenId":"981","status":0}`, []string{RouteCardStatus}},
		{`{"address":"0x1","amount":"1","permitAmount":"1","permitDeadline":1,"permitV":27,"permitR":"0x","permitS":"0x"}`, []string{RouteTokenPermit}},
		{`{"kycSelfDec":"I declare","kycSelfDecSign":"0x"}`, []string{RouteSubmitFormA}},
		{`{"shareToken":"t","svcId":1}`, []string{RouteReuseShareToken}},
		{`{"shareToken":"abc","urId":1234567890}`, []string{RouteReuseShareToken}}, // as a ur-* preset sends it
		{`{"shareToken":"t","svcId":1,"urId":1}`, nil},                             // the account id twice
		{`{"levelName":"basic"}`, []string{RouteIDVToken}},
		// purse's history always sends pageSize; a read made a POST (routes.NAME = POST) sends {}.
		{`{}`, append([]string{RouteIDVToken, RouteIssueCard, RouteKYCCheck, RouteKYCSubmit}, reads...)},
		{`{"cardTokenId":"981"}`, nil},            // a required key missing
		{`{"cardTokenId":"1","pageSize":1}`, nil}, // keys of two routes
		{`{"pageSize":5,"evil":1}`, nil},          // a key no route has
		{`[1,2]`, nil},                            // not an object
		{`{"pageSize":`, nil},                     // not JSON
		{"", reads},                               // no payload: a read
		{"pageSize=10&cursor=a", nil},             // a query no GET takes (none takes parameters: Route.Query)
		{"a=%zz", nil},                            // a query that does not parse
	} {
		got := fitting(c.payload)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q fits %v, want %v", c.payload, got, c.want)
		}
	}
}

// A leading byte does not turn a write into a read: the card-status body after JSON
// whitespace or a UTF-8 BOM (the service skips them) is still the card-status body, and
// ` {}`, `null` and a query no GET takes are no read (issue 29: each was judged a read of every
// GET route and signed under full-auth = allow).
func TestALeadingByteKeepsAWriteAWrite(t *testing.T) {
	body := `{"cardTokenId":"981","status":0}`
	for _, lead := range []string{" ", "\n", "\t", "\r\n", "\uFEFF", "\uFEFF ", " \uFEFF"} {
		if got := fitting(lead + body); !slices.Equal(got, []string{RouteCardStatus}) {
			t.Errorf("%q + the card-status body fits %v, want card-status", lead, got)
		}
		j := Judge([]byte(lead + body))
		var b CardStatusRequest
		if err := json.Unmarshal(j.Body, &b); err != nil || b.CardTokenID != "981" {
			t.Errorf("%q: the body handed on %q: %v", lead, j.Body, err)
		}
	}
	reads := emptyReads(t)
	for payload, want := range map[string][]string{
		" {}":                   append([]string{RouteIDVToken, RouteIssueCard, RouteKYCCheck, RouteKYCSubmit}, reads...),
		"null":                  nil,
		" null":                 nil,
		"0":                     nil,
		`"x"`:                   nil,
		"a=1":                   nil,
		" ":                     nil,
		body + `{"pageSize":1}`: nil,
		`{"cardTokenId":"981","status":0,"status":1}`: nil,
		`{"cardTokenId":981,"status":0}`:              nil,
	} {
		got := fitting(payload)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q fits %v, want %v", payload, got, want)
		}
	}
}

// A route's row says what its codes mean on it (Route.Advice), and an answer of that route
// with that code is explained so, in place of the code's general text; the same code on a
// route without advice, or another code on the route, keeps the general text.
func TestRouteAdviceExplainsItsCodes(t *testing.T) {
	advised := 0
	for _, r := range Routes() {
		for code, advice := range r.Advice {
			advised++
			if advice == "" || advice == Explain(code) {
				t.Errorf("%s: advice for %d says nothing the code's general text does not", r.Name, code)
			}
			if got := newAPIError(r.Name, code, "", "msg", false, 200).Explanation; got != advice {
				t.Errorf("%s %d: explained %q, want the row's advice", r.Name, code, got)
			}
		}
		if _, ok := r.Advice[CodeAuth]; !ok {
			if got := newAPIError(r.Name, CodeAuth, "", "msg", false, 200).Explanation; got != Explain(CodeAuth) {
				t.Errorf("%s %d: explained %q, want the general text", r.Name, CodeAuth, got)
			}
		}
	}
	if advised < 10 {
		t.Fatalf("only %d codes advised in the table", advised)
	}
}
