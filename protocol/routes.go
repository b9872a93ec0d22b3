package protocol

import (
	"fmt"
	"strings"
)

// Auth levels of the end-user API (spec 5.4), as settings write them.
const (
	AuthNone  = "none"
	AuthBasic = "basic"
	AuthFull  = "full"
)

// RouteSetting is what a profile changes of one end-user route (its `routes.NAME` setting):
// any of the method, the path and the auth level; an empty field keeps the route's own.
type RouteSetting struct {
	Method string
	Path   string
	Auth   string
}

// ParseRouteSetting reads a `routes.NAME` value: up to three words in any order, a method
// (GET or POST), a path (starting with '/') and an auth level (none, basic or full), each
// at most once. "/api/v9/card", "POST", "full" and "POST /api/v1/onramp-limit full" are all
// values; the route keeps what the value does not name.
func ParseRouteSetting(v string) (RouteSetting, error) {
	var s RouteSetting
	words := strings.Fields(v)
	if len(words) == 0 {
		return s, fmt.Errorf("expected a method (GET, POST), a path (/...) and/or an auth level (none, basic, full), got %q", v)
	}
	for _, w := range words {
		var slot *string
		switch {
		case w == "GET" || w == "POST":
			slot = &s.Method
		case strings.HasPrefix(w, "/"):
			if err := CheckPath(w); err != nil {
				return RouteSetting{}, err
			}
			slot = &s.Path
		case w == AuthNone || w == AuthBasic || w == AuthFull:
			slot = &s.Auth
		default:
			return RouteSetting{}, fmt.Errorf("%q: expected a method (GET or POST), a path starting with '/' or an auth level (none, basic, full)", w)
		}
		if *slot != "" {
			return RouteSetting{}, fmt.Errorf("%q: the value names two of the same kind (%s and %s)", v, *slot, w)
		}
		*slot = w
	}
	return s, nil
}

// String writes the setting back in ParseRouteSetting's form.
func (s RouteSetting) String() string {
	var parts []string
	for _, p := range []string{s.Method, s.Path, s.Auth} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}
