package enduser

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/protocol"
)

// What a full-auth payload can authorise. A full-auth signature covers the payload and the
// deadline only, never the path, so the call a client names is a claim: a signer that
// judges a signature (the agent's policy, the gate's review) asks which routes' requests the
// payload can be (Judge, once per request) and takes the strictest of them.

// shareTokenWire is the body of reuse-share-token (spec 4.1, external-wallet variant).
type shareTokenWire struct {
	ShareToken string `json:"shareToken"`
	SvcID      int64  `json:"svcId"`
}

// payloadTable is the full-auth routes of the default table as a signer judges payloads
// against them (protocol.PayloadTable): a POST by its body's wire type, a GET by its query's
// parameters (Route.Query).
var payloadTable = sync.OnceValues(func() ([]Route, *protocol.PayloadTable) {
	var routes []Route
	var rows []protocol.PayloadRoute
	for _, r := range routeTable {
		if r.Auth != AuthFull {
			continue
		}
		switch {
		case r.Method == http.MethodGet:
			rows = append(rows, protocol.PayloadRoute{Query: r.Query})
		case r.Body != nil:
			rows = append(rows, protocol.PayloadRoute{Body: r.Body})
		default:
			continue // no body type: no payload is its request (TestEveryFullAuthRouteHasAPayloadShape)
		}
		routes = append(routes, r)
	}
	return routes, protocol.NewPayloadTable(rows, true)
})

// Judgement is what a full-auth payload can be a request of.
type Judgement struct {
	// Routes are the full-auth routes of the default table whose request the payload is.
	Routes []Route
	// Body is the payload's JSON text (after a leading UTF-8 BOM) when it is a JSON body.
	Body []byte
}

// Judge parses all of a full-auth payload against the default table (protocol's
// PayloadTable.Judge): a JSON body (after JSON whitespace and a UTF-8 BOM, as a server reads
// it) is the request of each POST route whose body takes exactly its keys with values of
// their types (the account id may be written as the spec's svcId or as UR's deployments write
// it, protocol.LiveNames), and the empty object also of every GET, as the body of a read a
// profile makes a POST (routes.NAME = POST sends {}); the empty payload is a read of every
// GET, and a query only of a GET that takes exactly its parameters (none does today).
// Anything else is the request of no route: one the table does not know.
func Judge(payload []byte) Judgement {
	routes, table := payloadTable()
	j := table.Judge(payload, func(k string) string {
		if k == protocol.LiveNames.AccountID() {
			return protocol.StandInSvcID
		}
		return k
	})
	out := Judgement{Body: j.Body}
	for _, i := range j.Fits {
		out.Routes = append(out.Routes, routes[i])
	}
	return out
}

// RoutesFitting lists the full-auth routes of the default table whose request the payload
// can be (Judge); none: a payload for a route the table does not know.
func RoutesFitting(payload []byte) []Route { return Judge(payload).Routes }

// DeliveredSignature is the signature a full-auth payload judged j delivers when it is
// exactly the body of a route that carries a permit (Route.Permit: the permit's v, r, s) or of submit-form-a (the Form A
// signature), with what it is; nil otherwise. A signer that approved that signature may sign
// its delivery without asking again.
func (j Judgement) DeliveredSignature() (sig []byte, what string) {
	if len(j.Routes) != 1 {
		return nil, ""
	}
	if cp, ok := j.CarriedPermit(); ok {
		if cp.Sig == nil {
			return nil, ""
		}
		return cp.Sig, "permit signature"
	}
	switch j.Routes[0].Name {
	case RouteSubmitFormA:
		var b FormASubmission
		if json.Unmarshal(j.Body, &b) != nil {
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
	r, ok := LookupRoute(name)
	if !ok || r.Body == nil {
		return nil, false
	}
	body, err := json.Marshal(r.Body)
	return body, err == nil
}
