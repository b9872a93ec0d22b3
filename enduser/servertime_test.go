package enduser

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/protocol"
)

// TestServerTimeFallbacks: without the timestamp route the first signed call takes server
// time from an unsigned call's timeNow; with no server time anywhere it says so once and
// signs with the local clock; a service that does not answer is an error, not a fallback.
func TestServerTimeFallbacks(t *testing.T) {
	const skew = 2 * time.Hour
	serve := func(timeNow bool) *httptest.Server {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/v1/timestamp" {
				http.NotFound(w, r) // a route the service does not have: no envelope
				return
			}
			env := map[string]any{"retCode": 0, "retMsg": "OK", "result": map[string]any{"chains": []any{}}}
			if timeNow {
				env["timeNow"] = time.Now().Add(skew).UnixMilli()
			}
			writeJSON(w, 200, env)
		}))
		t.Cleanup(srv.Close)
		return srv
	}

	srv := serve(true)
	var notes []string
	c := newClient(t, srv.URL, func(o *Options) { o.Notice = func(s string) { notes = append(notes, s) } })
	if _, err := c.Profile(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if src := c.Clock().SyncedBy(); src.Kind != TimeFromEnvelope || src.Route != RouteChainConfigs {
		t.Fatalf("synced by %+v, want the timeNow of %s", src, RouteChainConfigs)
	}
	if off := c.Clock().Offset(); (off - skew).Abs() > 2*time.Second {
		t.Fatalf("offset %s, want %s", off, skew)
	}
	if len(notes) != 0 {
		t.Fatalf("notices with a server time at hand: %q", notes)
	}

	srv = serve(false)
	notes = nil
	c = newClient(t, srv.URL, func(o *Options) { o.Notice = func(s string) { notes = append(notes, s) } })
	before := time.Now().Add(protocol.DefaultFullAuthWindow).Unix()
	for range 2 {
		if _, err := c.Profile(ctxT(t)); err != nil {
			t.Fatal(err)
		}
	}
	src := c.Clock().SyncedBy()
	if src.Kind != TimeFromLocal || !strings.Contains(src.Note, "HTTP 404") || !strings.Contains(src.Note, "no timeNow") {
		t.Fatalf("synced by %+v, want the local clock and why", src)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "this machine's clock") {
		t.Fatalf("notices %q, want one", notes)
	}
	if c.Clock().Offset() != 0 {
		t.Fatalf("offset %s on the local clock", c.Clock().Offset())
	}
	// A client sharing the settled clock signs with local time + window, without asking again.
	var hdr http.Header
	probe := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr = r.Header.Clone()
		writeJSON(w, 200, map[string]any{"retCode": 0, "result": map[string]any{}})
	}))
	defer probe.Close()
	local := newClient(t, probe.URL, func(o *Options) { o.Clock = c.Clock() })
	if _, err := local.Profile(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if d, err := strconv.ParseInt(hdr.Get("deadline"), 10, 64); err != nil || d < before-3 || d > before+3 {
		t.Fatalf("deadline %q, want the local time + %s = %d (±3 s)", hdr.Get("deadline"), protocol.DefaultFullAuthWindow, before)
	}

	// Nothing answers: the signed call fails with the transport error, nothing is signed.
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close()
	c = newClient(t, url, nil)
	_, err := c.Profile(ctxT(t))
	var te *TransportError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "server time is needed") {
		t.Fatalf("unreachable service: %v", err)
	}
	if c.Clock().SyncedBy().Kind != "" {
		t.Fatalf("an unreachable service settled the clock: %+v", c.Clock().SyncedBy())
	}
}

// TestCodeExplanations: 10000 is what spec 7 says (system error or upstream failure), not
// advice to retry; 10016 says to wait.
func TestCodeExplanations(t *testing.T) {
	if x := Explain(CodeSystem); !strings.Contains(x, "system error or an upstream failure") || strings.Contains(x, "retry in a little while") {
		t.Errorf("10000: %s", x)
	}
	if x := Explain(CodeTooFrequent); !strings.Contains(x, "too frequent") || !strings.Contains(x, "Wait a minute") {
		t.Errorf("10016: %s", x)
	}
	e := newAPIError(RouteTokenPermit, CodeTooFrequent, "", "too frequent", false, 200)
	if !errors.Is(e, ErrTooFrequent) || !strings.Contains(e.Error(), "Wait a minute") {
		t.Errorf("10016 error: %v", e)
	}
}
