package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"purse/enduser"
	"purse/internal/strictjson"
)

// API calls any route of the end-user route table by its name, signed at the level the
// route needs, through the one gate: what `purse api` does (gh api is the model), so a
// tester scripts every route the table holds, a new one included, without a command of its
// own. The route is the profile's (its routes.NAME settings and names applied).
type API struct{ s *App }

// API is the route-table caller of the profile.
func (s *App) API() API { return API{s} }

// APIRoute is one route of the table as the profile sends it.
type APIRoute struct {
	Name    string `json:"name"`
	Method  string `json:"method"`
	Path    string `json:"path"`
	Auth    string `json:"auth"`
	Changes bool   `json:"changes"`
	// Body is an example of the request body the route takes (its wire type with its
	// required fields at their zero values); empty for a route without one.
	Body  json.RawMessage `json:"body,omitempty"`
	Basis string          `json:"basis"`
}

// Routes lists the route table under the profile, in table order.
func (a API) Routes() []APIRoute {
	p := a.s.Profile()
	under := enduser.RoutesUnder(p.Routes, p.StandInNames())
	var out []APIRoute
	for _, d := range enduser.Routes() {
		r, ok := under(d.Name)
		if !ok {
			r = d
		}
		out = append(out, apiRouteOf(r))
	}
	return out
}

func apiRouteOf(r enduser.Route) APIRoute {
	ar := APIRoute{Name: r.Name, Method: r.Method, Path: r.Path, Auth: r.Auth.String(), Changes: r.Changes, Basis: r.Basis}
	if b, ok := enduser.ExampleBody(r.Name); ok {
		ar.Body = b
	}
	return ar
}

// APIAnswer is the service's answer to a route called by name, as received.
type APIAnswer struct {
	Route  APIRoute `json:"route"`
	Status int      `json:"status"`
	// Body is the answer's body when it is JSON (verbatim), Text when it is not.
	Body json.RawMessage `json:"body,omitempty"`
	Text string          `json:"text,omitempty"`
}

// Call sends route with body (nil: none), a full-auth route signed by the profile's key
// (which may need u), and returns the answer whatever its status; err
// also says what the client found wrong with it (an API error, a body that is no envelope).
// A body is sent only to a route that takes one, and must be one JSON value (a key given
// twice is refused: the service and the signer's judge could read it two ways). When a call
// that changes the account gets no answer after it may have reached the service, the error
// is an *OutcomeError saying the outcome is unknown.
func (a API) Call(ctx context.Context, route string, body []byte, u *Unlock) (APIAnswer, error) {
	var ans APIAnswer
	p := a.s.Profile()
	r, ok := enduser.RouteUnder(route, p.Routes, p.StandInNames())
	if !ok {
		return ans, &FieldError{Field: "route", Err: fmt.Errorf("%q is not a route of the table; expected one of %s (`purse api --list` shows them)", route, strings.Join(enduser.RouteNames(), ", "))}
	}
	ans.Route = apiRouteOf(r)
	body, err := apiBody(r, body)
	if err != nil {
		return ans, err
	}
	c, err := a.s.api(r.Auth == enduser.AuthFull, u)
	if err != nil {
		return ans, err
	}
	fw, err := c.Forward(ctx, enduser.ForwardRequest{Method: r.Method, Path: r.Path, Body: body})
	if err != nil {
		if r.Changes && !enduser.NotSent(err) {
			return ans, &OutcomeError{Outcome: OutcomeUnknown, IDName: "route", ID: r.Name,
				Fields: map[string]any{"method": r.Method, "path": r.Path, "body": string(body)},
				Err:    fmt.Errorf("%s %s: no answer purse could read, and the request may have reached the service: %w", r.Method, r.Path, err),
				Next:   "read the account back (purse account status, purse card show, purse tx list) before sending it again"}
		}
		return ans, err
	}
	ans.Status = fw.Status
	if json.Valid(fw.Body) {
		ans.Body = json.RawMessage(fw.Body)
	} else {
		ans.Text = string(fw.Body)
	}
	return ans, fw.Problem
}

// apiBody is the body route r is sent with: body when the route takes it, the route's NoBody
// without one when it takes none; an error naming the body otherwise.
func apiBody(r enduser.Route, body []byte) ([]byte, error) {
	example, takesBody := enduser.ExampleBody(r.Name)
	switch {
	case len(body) > MaxBodyBytes:
		return nil, TooLarge("body", "the request body", MaxBodyBytes)
	case len(body) > 0 && r.Method == http.MethodGet:
		return nil, &FieldError{Field: "body", Err: fmt.Errorf("route %s is a GET (%s): it takes no body", r.Name, r.Path)}
	case len(body) == 0 && takesBody:
		return nil, &FieldError{Field: "body", Err: fmt.Errorf("route %s takes a request body, such as %s", r.Name, example)}
	case len(body) == 0:
		return r.NoBody(), nil
	}
	if _, err := strictjson.Parse(body); err != nil {
		return nil, &FieldError{Field: "body", Err: fmt.Errorf("expected one JSON value: %v", err)}
	}
	return body, nil
}
