package enduser_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/protocol"
)

// A probe request goes out through the client's one signing path with what the probe
// chooses instead of the route table's, and comes back whatever the service answered.
func TestProbeRequests(t *testing.T) {
	ctx := context.Background()
	w := newWorldWith(t, endusertest.Config{Seed: 7, Dialect: endusertest.Dialect{OnrampLimitPost: true}})
	w.mint(ctx)
	none, basic := enduser.AuthNone, enduser.AuthBasic
	probe := func(pr enduser.ProbeRequest) *enduser.Probed {
		t.Helper()
		got, err := w.client.Probe(ctx, pr)
		if err != nil {
			t.Fatalf("%+v: %v", pr, err)
		}
		return got
	}

	// Unsigned: the route there refuses the missing headers; the method not there is 405.
	if got := probe(enduser.ProbeRequest{Route: enduser.RouteOnrampLimit, Method: http.MethodPost, Auth: &none, Body: []byte("{}")}); got.Status != 200 ||
		!strings.Contains(string(got.Body), `"retCode":10002`) || got.Deadline != 0 || got.Route.Method != http.MethodPost {
		t.Fatalf("unsigned POST: %d %s", got.Status, got.Body)
	}
	if got := probe(enduser.ProbeRequest{Route: enduser.RouteOnrampLimit, Method: http.MethodGet, Auth: &none}); got.Status != http.StatusMethodNotAllowed || got.Problem == nil {
		t.Fatalf("GET: %d %s", got.Status, got.Body)
	}
	// A path the table does not know.
	if got := probe(enduser.ProbeRequest{Route: enduser.RouteUnknown, Path: "/api/v1/nothing"}); got.Status != http.StatusNotFound || got.Route.Auth != enduser.AuthNone {
		t.Fatalf("unknown: %d %s", got.Status, got.Body)
	}
	// Basic auth on a route the table signs.
	if got := probe(enduser.ProbeRequest{Route: enduser.RouteAccountStatus, Auth: &basic}); got.Status != 200 || got.Problem != nil || got.Response == nil || len(got.Response.Result) == 0 {
		t.Fatalf("basic: %d %s %v", got.Status, got.Body, got.Problem)
	}

	// Signed: the client's window; a window past the bound; another payload's hash.
	got := probe(enduser.ProbeRequest{Route: enduser.RouteChainConfigs})
	if got.Problem != nil || got.Deadline == 0 || got.Route.Auth != enduser.AuthFull {
		t.Fatalf("signed: %v %d", got.Problem, got.Deadline)
	}
	past := probe(enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Window: protocol.MaxFullAuthWindow + 4*time.Minute})
	if !errors.Is(past.Problem, enduser.ErrAuth) || !strings.Contains(string(past.Body), "deadline too far") || past.Deadline-got.Deadline < int64((19*time.Minute).Seconds()) {
		t.Fatalf("past the bound: %v %d %d", past.Problem, past.Deadline, got.Deadline)
	}
	foreign := probe(enduser.ProbeRequest{Route: enduser.RouteChainConfigs, SignedPayload: []byte("decoy")})
	if !errors.Is(foreign.Problem, enduser.ErrAuth) || !strings.Contains(string(foreign.Body), "hash mismatch") {
		t.Fatalf("foreign hash: %v %s", foreign.Problem, foreign.Body)
	}

	// Refused before sending: what a signature would not cover, a negative window, a
	// route that is none.
	for _, pr := range []enduser.ProbeRequest{
		{Route: enduser.RouteCard, Body: []byte("{}")},
		{Route: enduser.RouteChainConfigs, Window: -time.Second},
		{Route: "nothing"},
		{Route: enduser.RouteUnknown},
		{Route: enduser.RouteCard, Path: "no-slash"},
	} {
		var ve *enduser.ValidationError
		if _, err := w.client.Probe(ctx, pr); !errors.As(err, &ve) {
			t.Errorf("%+v: %v", pr, err)
		}
	}
	// A signer past its bounds refuses the signature: nothing is sent.
	if _, err := w.client.Probe(ctx, enduser.ProbeRequest{Route: enduser.RouteChainConfigs, Window: time.Hour}); !errors.As(err, new(*enduser.SignError)) {
		t.Fatalf("an hour ahead: %v", err)
	}
}

// SyncClock settles the clock as the first signed call would, and says by what.
func TestSyncClock(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		dialect endusertest.Dialect
		kind    string
	}{{endusertest.Dialect{}, enduser.TimeFromTimestamp}, {endusertest.Dialect{NoTimestamp: true}, enduser.TimeFromEnvelope}} {
		w := newWorldWith(t, endusertest.Config{Dialect: c.dialect})
		if err := w.client.SyncClock(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.client.Clock().SyncedBy(); got.Kind != c.kind {
			t.Fatalf("%+v: synced by %+v", c.dialect, got)
		}
	}
}
