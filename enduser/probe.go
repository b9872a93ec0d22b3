package enduser

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"purse/protocol"
)

// ProbeRequest is one request of the conformance probe (purse doctor): a route's request with
// what the probe chooses instead of the route table's, to tell the service's readings apart
// (a GET and a POST of the same path, basic and full auth, a deadline past the bound, a hash
// of another payload). It goes out through the client's one signing path.
type ProbeRequest struct {
	// Route names the route (its log name, and its method, path and auth unless set below);
	// RouteUnknown with a Path probes a path the table does not know.
	Route string
	// Method and Path replace the route's ("" keeps it); Path is under the base URL.
	Method, Path string
	// Auth replaces the route's level when set.
	Auth *AuthLevel
	// RawQuery and Body are sent exactly (nil Body: none).
	RawQuery string
	Body     []byte
	// Window replaces the client's deadline window (0 keeps it). It may lie past
	// protocol.MaxFullAuthWindow: the signer's own bounds still apply.
	Window time.Duration
	// SignedPayload, when set, is what the full-auth hash is taken of instead of the payload
	// sent: whether the service binds the hash to the payload.
	SignedPayload []byte
}

// Probed is a probe's answer as received and as the client reads it.
type Probed struct {
	// Route is the route as sent (method, path and auth level included).
	Route  Route
	Status int
	Header http.Header
	// Body is the answer byte for byte (at most MaxResponseBytes+1).
	Body []byte
	// Response is the decoded envelope (nil when the body is none).
	Response *Response
	// Problem is what the client found wrong: an API error, an HTTP error, an undecodable
	// body; nil for a clean success.
	Problem error
	// Deadline is the full-auth deadline signed (0: unsigned).
	Deadline int64
}

// Probe sends one probe request and returns the answer whatever it says. An error means no
// answer: the request could not be built or signed (*ValidationError, *SignError) or the
// transport failed (*TransportError).
func (c *Client) Probe(ctx context.Context, pr ProbeRequest) (*Probed, error) {
	r, ok := c.routes[pr.Route]
	switch {
	case ok:
	case pr.Route == RouteUnknown && pr.Path != "":
		r = Route{Name: RouteUnknown, Method: http.MethodGet, Auth: AuthNone, MayBeEmpty: true}
	default:
		return nil, invalid(pr.Route, "route", "expected a route name (%v) or %q with a path", RouteNames(), RouteUnknown)
	}
	if pr.Method != "" {
		r.Method = pr.Method
	}
	if pr.Path != "" {
		if err := protocol.CheckPath(pr.Path); err != nil {
			return nil, invalid(r.Name, "path", "%v", err)
		}
		r.Path = pr.Path
	}
	if pr.Auth != nil {
		r.Auth = *pr.Auth
	}
	if err := checkRawQuery(pr.RawQuery); err != nil {
		return nil, invalid(r.Name, "query", "%v", err)
	}
	if pr.Window < 0 {
		return nil, invalid(r.Name, "deadline", "expected a window after server time, got %s", pr.Window)
	}
	if r.Auth == AuthFull {
		if err := checkSigned(r, pr.RawQuery, pr.Body); err != nil {
			return nil, err
		}
	}
	x, err := c.exchange(ctx, r, request{route: r.Name, auth: r.Auth, rawQuery: pr.RawQuery, body: pr.Body,
		signedPayload: pr.SignedPayload, window: pr.Window}, nil)
	if err != nil {
		return nil, err
	}
	return &Probed{Route: r, Status: x.status, Header: x.header, Body: x.raw, Response: x.out, Problem: x.err, Deadline: x.deadline}, nil
}

// Describe is how a probe request reads in a report: "GET /api/v2/br (full auth)".
func (p *Probed) Describe() string {
	return fmt.Sprintf("%s %s (%s auth)", p.Route.Method, p.Route.Path, p.Route.Auth)
}
