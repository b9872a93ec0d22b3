package endusertest

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"purse/enduser"
)

// tableFaults compares the client's route rows with the sandbox's own path table, joined by
// the sandbox row's key (the route name it plays): every row is served once, at the
// method, path and auth level the row says, and every sandbox row plays a route of the
// client's table.
// A row without a path (a setting with no default) is served where the sandbox's profile
// settings (settings) put it.
func tableFaults(rows []enduser.Route, table []route, settings [][2]string) []string {
	byKey := map[string][]route{}
	for _, rt := range table {
		byKey[rt.key] = append(byKey[rt.key], rt)
	}
	var faults []string
	known := map[string]bool{}
	for _, r := range rows {
		known[r.Name] = true
		got := byKey[r.Name]
		if len(got) != 1 {
			faults = append(faults, fmt.Sprintf("%s: the sandbox has %d handlers for it, want 1", r.Name, len(got)))
			continue
		}
		want := authFull
		switch {
		case r.Auth == enduser.AuthNone:
			want = authNone
		case r.Auth == enduser.AuthBasic:
			want = authBasic
		case r.LoggedOut:
			want = authOptionalFull
		}
		if !r.PathKnown() {
			for _, kv := range settings {
				if kv[0] == "routes."+r.Name {
					r.Path = kv[1]
				}
			}
		}
		if s := got[0]; s.method != r.Method || s.path != r.Path || s.auth != want {
			faults = append(faults, fmt.Sprintf("%s: the sandbox serves %s %s (auth %d), the row says %s %s (auth %d)", r.Name, s.method, s.path, s.auth, r.Method, r.Path, want))
		}
	}
	for _, rt := range table {
		if !known[rt.key] {
			faults = append(faults, fmt.Sprintf("the sandbox's %s %s plays %q, a route the client does not have", rt.method, rt.path, rt.key))
		}
	}
	return faults
}

// Under the spec's dialect the sandbox serves every route of the client's table, each at
// the row's method, path and auth level, and nothing else: a row added without its handler,
// or a path spelled two ways, fails here before any exchange does.
func TestSandboxServesEveryRoute(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if faults := tableFaults(enduser.Routes(), s.table(), s.ProfileSettings()); len(faults) > 0 {
		t.Fatal(strings.Join(faults, "\n"))
	}
}

// The comparison finds each fault a lazier one would miss: a row the sandbox lacks, a
// path it spells otherwise, a method or auth level of its own, a handler for no row.
func TestSandboxTableFaultsAreFound(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func([]route) []route
		want string
	}{
		{"a row without its handler", func(tb []route) []route {
			return tb[1:]
		}, "timestamp: the sandbox has 0 handlers"},
		{"a path spelled otherwise", func(tb []route) []route {
			tb[1].path = "/api/v1/email-status"
			return tb
		}, "email-status: the sandbox serves POST /api/v1/email-status"},
		{"another method", func(tb []route) []route {
			tb[1].method = http.MethodGet
			return tb
		}, "email-status: the sandbox serves GET"},
		{"another auth level", func(tb []route) []route {
			tb[1].auth = authFull
			return tb
		}, "email-status: the sandbox serves POST /api/v2/email-status (auth 2)"},
		{"a handler twice", func(tb []route) []route {
			return append(tb, tb[1])
		}, "email-status: the sandbox has 2 handlers"},
		{"a handler for no row", func(tb []route) []route {
			extra := tb[1]
			extra.key = "email-status-v3"
			return append(tb, extra)
		}, `plays "email-status-v3", a route the client does not have`},
	} {
		tb := c.edit(s.table())
		faults := strings.Join(tableFaults(enduser.Routes(), tb, s.ProfileSettings()), "\n")
		if !strings.Contains(faults, c.want) {
			t.Errorf("%s: faults %q, want %q", c.name, faults, c.want)
		}
	}
}
