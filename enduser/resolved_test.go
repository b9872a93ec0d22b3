package enduser

import (
	"testing"

	"purse/protocol"
)

// The memory of resolved tables tells apart every input that changes the table: names,
// settings, and a setting whose key or value would run into the next if they were joined
// plainly; an error is remembered as an error.
func TestResolvedTablesAreKeptApart(t *testing.T) {
	path := func(o map[string]string, n protocol.Names, name string) string {
		r, ok := RoutesUnder(o, n)(name)
		if !ok {
			t.Fatalf("%v %v: no route %s", o, n, name)
		}
		return r.Method + " " + r.Path
	}
	plain := path(nil, protocol.Names{}, "idv-access-token")
	vendor := path(nil, protocol.Names{IDV: "sumsub"}, "idv-access-token")
	if plain == vendor {
		t.Fatalf("the vendor's name did not change the path: %s", vendor)
	}
	if again := path(nil, protocol.Names{}, "idv-access-token"); again != plain {
		t.Fatalf("the same inputs resolved to %s, then %s", plain, again)
	}
	moved := path(map[string]string{"card-status": "POST /x"}, protocol.Names{}, "card-status")
	if moved != "POST /x" {
		t.Fatalf("routes.card-status = POST /x resolved to %s", moved)
	}
	if p := path(nil, protocol.Names{}, "card-status"); p == moved {
		t.Fatalf("a table without the setting resolved as the one with it: %s", p)
	}
	a := resolvedKey(map[string]string{"a": `b" "c`}, protocol.Names{})
	b := resolvedKey(map[string]string{"a": "b", "c": ""}, protocol.Names{})
	if a == b {
		t.Fatalf("two different settings share a key: %s", a)
	}
	for range 2 {
		if _, err := resolveRoutes(map[string]string{"no-such-route": "GET /x"}, protocol.Names{}); err == nil {
			t.Fatal("an unknown route's setting resolved")
		}
	}
	for i := range maxResolved + 1 {
		_ = path(map[string]string{"card-status": "POST /x" + string(rune('a'+i%26)) + string(rune('a'+i/26))}, protocol.Names{}, "card-status")
	}
	if len(resolved.m) > maxResolved {
		t.Fatalf("the memory holds %d tables, more than %d", len(resolved.m), maxResolved)
	}
}
