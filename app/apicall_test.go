package app

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"purse/config"
)

// Any route of the table is called by name through the one gate, in the process and through
// the agent: an unauthenticated read, a signed read (audited), and a change the policy
// confirms, which is not sent when the user declines. Bad input is refused naming the field,
// with nothing sent or signed.
func TestAPICallsRoutesByName(t *testing.T) {
	_, complete := sandboxProfile(t)
	bothWays(t, "", func(p *config.Profile) { complete(p); p.TokenID = "1234" }, func(t *testing.T, e *gateEnv) {
		ctx := context.Background()
		api := e.app.API()
		u := &Unlock{Passphrase: []byte("pw")}
		ans, err := api.Call(ctx, "timestamp", nil, u)
		if err != nil || ans.Status != http.StatusOK || len(ans.Body) == 0 || ans.Route.Auth != "none" {
			t.Fatalf("timestamp: %+v %v", ans, err)
		}
		before := e.audited(t)
		ans, _ = api.Call(ctx, "transactions", []byte(`{"pageSize":1}`), u)
		if ans.Status == 0 || ans.Route.Path != "/api/v2/transactions" || e.audited(t) != before+1 {
			t.Fatalf("transactions: %+v; %d signatures audited", ans, e.audited(t)-before)
		}
		// A read with an empty payload is signed too, in the process and by the agent.
		before = e.audited(t)
		if ans, _ = api.Call(ctx, "form-a-info", nil, u); ans.Status == 0 || e.audited(t) != before+1 {
			t.Fatalf("form-a-info: %+v; %d signatures audited", ans, e.audited(t)-before)
		}
		e.asked.set(func(Approval) error { return errors.New("declined") })
		asked := e.asked.count()
		ans, err = api.Call(ctx, "card-status", []byte(`{"cardTokenId":"1","status":0}`), u)
		if err == nil || ans.Status != 0 || e.asked.count() != asked+1 {
			t.Fatalf("a declined card block: %+v %v (asked %d)", ans, err, e.asked.count()-asked)
		}
		for _, c := range []struct{ route, body, field string }{
			{"nope", "", "route"},
			{"form-a-info", "{}", "body"},
			{"card-status", "", "body"},
			{"card-status", `{"cardTokenId":"1","status":0,"status":1}`, "body"},
			{"transactions", `{"pageSize":1} {}`, "body"},
		} {
			var fe *FieldError
			before := e.audited(t)
			if _, err := api.Call(ctx, c.route, []byte(c.body), u); !errors.As(err, &fe) || fe.Field != c.field {
				t.Errorf("%s %q: %v, want an error naming %s", c.route, c.body, err, c.field)
			}
			if e.audited(t) != before {
				t.Errorf("%s %q: signed before it was refused", c.route, c.body)
			}
		}
		names := map[string]bool{}
		for _, r := range api.Routes() {
			names[r.Name] = true
			if r.Name == "card-status" && (!r.Changes || !strings.Contains(string(r.Body), "cardTokenId")) {
				t.Errorf("card-status as listed: %+v", r)
			}
		}
		if !names["form-a-info"] || !names["timestamp"] {
			t.Errorf("the listed table lacks routes: %v", names)
		}
	})
}

// A change that may have reached the service and got no answer is stated as unknown, with
// what identifies it; a change that could not even connect is a plain failure.
func TestAPIChangeWithoutAnswerIsUnknown(t *testing.T) {
	hangUp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		c, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = c.Close()
		}
	}))
	defer hangUp.Close()
	// An answer larger than purse reads: the service answered, so it may have acted.
	huge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"retCode":0,"result":"` + strings.Repeat("x", 9<<20) + `"}`))
	}))
	defer huge.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	_ = ln.Close()
	policy := "[routes]\ncard-status = \"allow\"\n"
	for _, c := range []struct {
		url     string
		unknown bool
	}{{hangUp.URL, true}, {huge.URL, true}, {closed, false}} {
		bothWays(t, policy, func(p *config.Profile) { p.UserAPI, p.TokenID = c.url, "1234" }, func(t *testing.T, e *gateEnv) {
			_, err := e.app.API().Call(context.Background(), "card-status", []byte(`{"cardTokenId":"1","status":0}`), &Unlock{Passphrase: []byte("pw")})
			var oe *OutcomeError
			if errors.As(err, &oe) != c.unknown || c.unknown && (oe.Outcome != OutcomeUnknown || oe.ID != "card-status" || oe.Fields["body"] == nil) {
				t.Fatalf("%s: %T %v", c.url, err, err)
			}
			if err == nil {
				t.Fatal("no error without an answer")
			}
		})
	}
}
