package agent

import (
	"strings"
	"testing"

	"purse/wallet"
)

// A payload no route of the table takes may still be sent to any of them (a server reads
// {"status":0.0} as the int 0 where encoding/json does not): it gets the strictest line of
// its section, routes.unknown's on a tie, and the line says why.
func TestAPayloadNoRouteTakesGetsTheStrictestLine(t *testing.T) {
	fa := func(body string) wallet.Request {
		return wallet.Request{Purpose: wallet.PurposeFullAuth, Route: "card-status", Payload: []byte(body)}
	}
	p, err := ParsePolicy([]byte("[routes]\ncard-status = \"deny\"\n[partner]\nexchange = \"deny\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r    wallet.Request
		want Outcome
		line string
	}{
		{fa(`{"cardTokenId":"981","status":0}`), Deny, `routes.card-status = "deny"`},
		{fa(`{"cardTokenId":"981","status":0.0}`), Deny, `routes.card-status = "deny" (default), the strictest line of [routes], as the payload is the request of no route purse knows and may be sent to any`},
		{fa(`null`), Deny, "the strictest line of [routes]"},
		{wallet.Request{Purpose: wallet.PurposePartnerAuth, Partner: &wallet.PartnerCall{Payload: []byte(`{"svcId":42.0}`), Deadline: 1}}, Deny, `partner.exchange = "deny"`},
	} {
		d := p.Decide(c.r)
		if d.Outcome != c.want || !strings.Contains(d.Line, c.line) {
			t.Errorf("%s: %s (%s), want %s with %q", c.r.Payload, d.Outcome, d.Line, c.want, c.line)
		}
	}
	// On a tie the unknown line decides, and says it.
	if d := DefaultPolicy().Decide(fa(`null`)); d.Outcome != Confirm || !strings.HasPrefix(d.Line, `routes.unknown = "confirm" (default), as the payload is the request of no route purse knows`) {
		t.Errorf("null under the default policy: %+v", d)
	}
}
