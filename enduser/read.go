package enduser

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// A read route is declared once, on its row: the result model (Route.Result) is what every
// reader decodes into, so the typed methods (readAs), purse read, the Requests screen's
// reads and the doctor's route probes all follow the row.

// Readable says whether the route is a read a caller makes without data: it changes
// nothing, declares its result model, and sends no body beyond NoBody (a GET, or a POST
// of {}).
func (r Route) Readable() bool {
	if r.Changes || r.Result == nil {
		return false
	}
	if r.Body == nil {
		return true
	}
	t := reflect.TypeOf(r.Body)
	return t.Kind() == reflect.Struct && t.NumField() == 0
}

// Model is the name of the route's result model ("OnrampLimit"), "" for none.
func (r Route) Model() string {
	if r.Result == nil {
		return ""
	}
	t := reflect.TypeOf(r.Result)
	if t.Kind() == reflect.Pointer {
		return t.Elem().Name() + " or null"
	}
	return t.Name()
}

// ReadableRoutes lists the routes Readable says a caller reads without data, in table
// order.
func ReadableRoutes() []Route {
	var out []Route
	for _, r := range routeTable {
		if r.Readable() {
			out = append(out, r)
		}
	}
	return out
}

func readableNames() string {
	var names []string
	for _, r := range ReadableRoutes() {
		names = append(names, r.Name)
	}
	return strings.Join(names, ", ")
}

// Reading is a read route's answer: the route as the client has it, the result as the
// service sent it (a JSON-string result unwrapped; nil for an empty success) and the
// result decoded into the row's model (Value, of the model's type; a pointer model's
// null is a nil pointer).
type Reading struct {
	Route  Route
	Result json.RawMessage
	Value  any
}

// Fields is the decoded result as (JSON name, value) pairs (ResultFields).
func (r Reading) Fields() [][2]string { return ResultFields(r.Value) }

// Read makes the read route name (Readable) at the client's auth level for it and decodes
// its result into the row's model. An error names the route; a name that is no read names
// the reads there are.
func (c *Client) Read(ctx context.Context, name string) (Reading, error) {
	r, ok := c.routes[name]
	if !ok || !r.Readable() {
		return Reading{}, invalid(name, "route", "expected a read route (one of: %s)", readableNames())
	}
	out := reflect.New(reflect.TypeOf(r.Result))
	resp, err := c.call(ctx, name, r.Auth, nil, out.Interface())
	rd := Reading{Route: r}
	if resp != nil {
		rd.Result = resp.Result
	}
	if err != nil {
		return rd, err
	}
	rd.Value = out.Elem().Interface()
	return rd, nil
}

// readAs is the typed read of a route whose row declares T as its result model: the typed
// methods (AccountStatus, OnrampLimit, …) are this, so a row's model and its method's type
// cannot drift apart.
func readAs[T any](ctx context.Context, c *Client, name string, body any) (T, error) {
	var out T
	r := c.routes[name]
	if _, ok := r.Result.(T); !ok {
		return out, fmt.Errorf("%s: the route's result model is %s, not %T", name, r.Model(), out)
	}
	_, err := c.call(ctx, name, r.Auth, body, &out)
	return out, err
}
