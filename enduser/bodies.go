package enduser

import (
	"encoding/json"
	"net/url"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/protocol"
)

// What a full-auth payload can authorise. A full-auth signature covers the payload and the
// deadline only, never the path, so the call a client names is a claim: a signer that
// judges a signature (the agent's policy) asks which routes' requests the payload can be
// (RoutesFitting) and takes the strictest of them.

// shareTokenWire is the body of reuse-share-token (spec 4.1, external-wallet variant).
type shareTokenWire struct {
	ShareToken string `json:"shareToken"`
	SvcID      int64  `json:"svcId"`
}

// routeBodies are the wire types of the POST routes' bodies: a key without omitempty is
// required, one with it optional. The types are the ones the client sends.
var routeBodies = map[string]any{
	RouteTransactions:    txWire{},
	RouteCardStatus:      CardStatusRequest{},
	RouteTokenPermit:     tokenPermitWire{},
	RouteIDVToken:        IDVTokenRequest{},
	RouteIssueCard:       struct{}{},
	RouteReuseShareToken: shareTokenWire{},
	RouteKYCCheck:        struct{}{},
	RouteKYCSubmit:       struct{}{},
	RouteSubmitFormA:     FormASubmission{},
}

// RoutesFitting lists the full-auth routes of the default table whose request the payload
// can be. A payload that starts with '{' or '[' is a JSON body: an object fits each POST route
// whose body has all its keys (a key the route's body does not have, or a missing required
// key, rules the route out; the account id may be written as the spec's svcId or as UR's
// deployments write it, protocol.LiveNames), and the empty object also fits every GET route,
// as the body of a read a profile makes a POST (routes.NAME = POST sends {}). Anything else
// is a raw query string, which fits every GET route when it parses; an empty payload is a
// read of any GET route. A payload that fits nothing is for a route the table does not know.
func RoutesFitting(payload []byte) []Route {
	var out []Route
	if len(payload) > 0 && (payload[0] == '{' || payload[0] == '[') {
		var keys map[string]json.RawMessage
		if json.Unmarshal(payload, &keys) != nil {
			return nil
		}
		alias := func(k string) string {
			if k == protocol.LiveNames.AccountID() {
				return protocol.StandInSvcID
			}
			return k
		}
		for _, r := range routeTable {
			if b, ok := routeBodies[r.Name]; ok && r.Auth == AuthFull && protocol.ShapeOf(b).Fits(keys, alias) {
				out = append(out, r)
			} else if r.Auth == AuthFull && r.Method == "GET" && len(keys) == 0 {
				out = append(out, r)
			}
		}
		return out
	}
	if _, err := url.ParseQuery(string(payload)); err != nil {
		return nil
	}
	for _, r := range routeTable {
		if r.Auth == AuthFull && r.Method == "GET" {
			out = append(out, r)
		}
	}
	return out
}

// DeliveredSignature is the signature a full-auth payload delivers when it is exactly the
// body of token-permit (the permit's v, r, s) or of submit-form-a (the Form A signature),
// with what it is; nil otherwise. A signer that approved that signature may sign its
// delivery without asking again.
func DeliveredSignature(payload []byte) (sig []byte, what string) {
	fits := RoutesFitting(payload)
	if len(fits) != 1 {
		return nil, ""
	}
	switch fits[0].Name {
	case RouteTokenPermit:
		var b tokenPermitWire
		if json.Unmarshal(payload, &b) != nil {
			return nil, ""
		}
		r, errR := hexutil.Decode(b.PermitR)
		s, errS := hexutil.Decode(b.PermitS)
		if errR != nil || errS != nil || len(r) != 32 || len(s) != 32 || (b.PermitV != 27 && b.PermitV != 28) {
			return nil, ""
		}
		return append(append(r, s...), byte(b.PermitV)), "permit signature"
	case RouteSubmitFormA:
		var b FormASubmission
		if json.Unmarshal(payload, &b) != nil {
			return nil, ""
		}
		sig, err := hexutil.Decode(b.KYCSelfDecSign)
		if err != nil || len(sig) != 65 {
			return nil, ""
		}
		return sig, "Form A signature"
	}
	return nil, ""
}

// ExampleBody is a body of the POST route name as the client sends it (the wire type with
// its required fields at their zero values): a payload that is a request of that route. ok
// is false for a route without a body (a GET).
func ExampleBody(name string) (body []byte, ok bool) {
	b, ok := routeBodies[name]
	if !ok {
		return nil, false
	}
	body, err := json.Marshal(b)
	return body, err == nil
}
