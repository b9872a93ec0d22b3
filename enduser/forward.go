package enduser

import (
	"context"
	"fmt"
	"net/http"
	"net/textproto"
	"strings"

	"purse/protocol"
)

// RouteUnknown names, in the request log, a forwarded call on a method and path the route
// table does not know.
const RouteUnknown = "unknown"

// ForwardRequest is a request of another HTTP client (a tester's curl, an API tool) to pass
// on to the service: the proxy's input.
type ForwardRequest struct {
	Method string
	// Path is under the base URL's path, starting with '/': /api/v2/transactions.
	Path string
	// RawQuery is sent exactly, without '?'.
	RawQuery string
	// Body is sent exactly; empty for none.
	Body []byte
	// Header is the client's headers. Its auth headers (tokenId, network, hash, deadline,
	// sign), hop-by-hop headers, credentials of other services (Authorization, Cookie) and
	// Content-Type are dropped: purse sends its own.
	Header http.Header
	// UnknownAuth is the auth level of a method and path the route table does not know;
	// nil means full (the profile's proxy_unknown_auth).
	UnknownAuth *AuthLevel
}

// Forwarded is the service's answer to a forwarded request, exactly as received.
type Forwarded struct {
	// Route is the route the request matched (overrides applied), or one named RouteUnknown.
	Route  Route
	Known  bool
	Status int
	// Header is the answer's headers without hop-by-hop headers and Content-Length.
	Header http.Header
	// Body is the answer's body byte for byte.
	Body []byte
	// Problem is what the client found wrong with the answer (an API error, a body that is
	// no envelope, a gateway error), as the request log records it; nil for a clean success.
	// The answer is forwarded whatever it says.
	Problem error
}

// ForwardRoute is the route of a method and path (overrides applied); false when the
// table has none.
func (c *Client) ForwardRoute(method, path string) (Route, bool) {
	for _, d := range routeTable { // table order: the first of two routes an override made alike
		r := c.routes[d.Name]
		if r.Method == method && r.Path == path {
			return r, true
		}
	}
	return Route{}, false
}

// Forward sends another client's request at the auth level its route needs, signed over
// exactly the bytes it sends (the body, or the raw query of a GET or a call without a
// body), records it in the log, and returns the answer unchanged. An error means there is
// no answer to return: the request was refused before sending (*ValidationError), the
// signer gave no signature (*SignError), the transport failed (*TransportError), or the
// answer was larger than MaxResponseBytes (*DecodeError), which would be forwarded cut.
func (c *Client) Forward(ctx context.Context, fr ForwardRequest) (*Forwarded, error) {
	if err := protocol.CheckPath(fr.Path); err != nil {
		return nil, invalid(RouteUnknown, "path", "%v", err)
	}
	if err := checkRawQuery(fr.RawQuery); err != nil {
		return nil, invalid(RouteUnknown, "query", "%v", err)
	}
	if fr.Method == "" || strings.ContainsFunc(fr.Method, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
		return nil, invalid(RouteUnknown, "method", "expected an HTTP method, got %q", fr.Method)
	}
	r, known := c.ForwardRoute(fr.Method, fr.Path)
	if !known {
		auth := AuthFull
		if fr.UnknownAuth != nil {
			auth = *fr.UnknownAuth
		}
		// Whether an unknown route may answer empty is not known either: an empty
		// success is not marked as a problem.
		r = Route{Name: RouteUnknown, Method: fr.Method, Path: fr.Path, Auth: auth, MayBeEmpty: true}
	}
	body := fr.Body
	if len(body) == 0 {
		body = nil
	}
	x, err := c.exchange(ctx, r, request{route: r.Name, auth: r.Auth, rawQuery: fr.RawQuery, body: body}, forwardedHeaders(fr.Header))
	if err != nil {
		return nil, err
	}
	if len(x.raw) > MaxResponseBytes {
		return nil, &DecodeError{Route: r.Name, Status: x.status, Err: fmt.Errorf("response larger than %d bytes: not forwarded cut short", MaxResponseBytes)}
	}
	return &Forwarded{Route: r, Known: known, Status: x.status, Header: answerHeaders(x.header), Body: x.raw, Problem: x.err}, nil
}

// authHeaders are the end-user API's identity headers: only purse sets them.
var authHeaders = []string{"tokenId", "network", "hash", "deadline", "sign"}

// hopHeaders belong to one connection, not to the request or answer (RFC 9110 7.6.1).
var hopHeaders = []string{"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

// forwardedHeaders is what of a client's headers goes on to the service. Content-Type:
// the end-user API takes JSON, and curl -d says form-urlencoded. Accept-Encoding: the
// transport negotiates compression itself and hands over the decoded body.
func forwardedHeaders(in http.Header) http.Header {
	drop := map[string]bool{"Host": true, "Content-Length": true, "Content-Type": true, "Accept-Encoding": true, "Authorization": true, "Cookie": true}
	for _, h := range append(authHeaders, hopHeaders...) {
		drop[textproto.CanonicalMIMEHeaderKey(h)] = true
	}
	for _, v := range in.Values("Connection") {
		for _, name := range strings.Split(v, ",") {
			drop[textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name))] = true
		}
	}
	out := http.Header{}
	for k, v := range in {
		if !drop[textproto.CanonicalMIMEHeaderKey(k)] {
			ck := textproto.CanonicalMIMEHeaderKey(k)
			out[ck] = append(out[ck], v...)
		}
	}
	return out
}

// answerHeaders is what of the service's headers goes back to the client: all but the
// hop-by-hop ones and Content-Length, which the proxy's own connection sets.
func answerHeaders(in http.Header) http.Header {
	out := in.Clone()
	if out == nil {
		out = http.Header{}
	}
	for _, v := range in.Values("Connection") {
		for _, name := range strings.Split(v, ",") {
			out.Del(strings.TrimSpace(name))
		}
	}
	for _, h := range append(hopHeaders, "Content-Length") {
		out.Del(h)
	}
	return out
}
