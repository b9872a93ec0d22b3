package doctor

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"purse/sandbox"
)

// A stand-in that lies on exactly the route a probe reads, and answers every other route as
// the sandbox does: the probe that reads it never confirms what the profile assumes, and
// its evidence names the route it was lied to on. Each lie is what a lazier judge would have
// taken for the assumption's answer, or what another deployment answers.
func TestDoctorAgainstALiarOnTheProbedRoute(t *testing.T) {
	const plain404 = "404 page not found"
	var once sync.Once
	var confirmed map[string]Probe
	for _, c := range []struct {
		probe, method, path string
		// lie answers the request (the body it got), or passes it on (false).
		lie func(r *http.Request) (status int, body string, ok bool)
	}{
		{"account status auth", http.MethodGet, "/api/v2/account-status", func(r *http.Request) (int, string, bool) {
			// Basic auth refused, as a service needing full auth does.
			if r.Header.Get("sign") == "" {
				return 200, `{"retCode":10002,"retMsg":"missing header hash"}`, true
			}
			return 0, "", false
		}},
		{"banking profile", http.MethodGet, "/api/v2/br", func(*http.Request) (int, string, bool) { return 404, plain404, true }},
		{"card read", http.MethodGet, "/api/v2/card", func(*http.Request) (int, string, bool) {
			return 200, `{"retCode":0,"retMsg":"success","result":{}}`, true
		}},
		{"on-ramp limit", http.MethodGet, "/api/v1/onramp-limit", func(*http.Request) (int, string, bool) {
			return 200, `{"retCode":0,"retMsg":"success","result":[1,2]}`, true
		}},
		{"on-ramp pending retry", http.MethodGet, "/api/v1/onramp/pending-retry", func(*http.Request) (int, string, bool) {
			return 200, `{"retCode":0,"retMsg":"success","result":{"state":1}}`, true
		}},
		{"liveness result", http.MethodGet, "/api/v2/check-liveness-result", func(*http.Request) (int, string, bool) {
			return 200, `{"retCode":0,"retMsg":"success","result":{"liveness_result":"pass","liveness_locked":"no"}}`, true
		}},
		{"card currency route", http.MethodPost, "/api/v2/card-currency", func(*http.Request) (int, string, bool) { return 404, plain404, true }},
		{"signature check", http.MethodGet, "/api/v3/config/chain-configs", func(r *http.Request) (int, string, bool) {
			// Every signature taken: the headers are dropped, and the logged-out answer given.
			for _, h := range []string{"tokenId", "network", "hash", "deadline", "sign"} {
				r.Header.Del(h)
			}
			return 0, "", false
		}},
	} {
		// The control: without the lie, the probe confirms.
		if once.Do(func() { _, confirmed, _ = newDoctorEnv(t, "", sandbox.Config{}).doctor(t) }); confirmed[c.probe].Verdict != ProbeConfirmed {
			t.Fatalf("%s is not confirmed without a lie: %+v", c.probe, confirmed[c.probe])
		}
		t.Run(c.probe, func(t *testing.T) {
			e := newDoctorEnv(t, "", sandbox.Config{})
			e.proxied(t, func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.Method == c.method && r.URL.Path == c.path {
						if status, body, ok := c.lie(r); ok {
							w.Header().Set("Content-Type", "application/json")
							w.WriteHeader(status)
							_, _ = io.WriteString(w, body)
							return
						}
					}
					next.ServeHTTP(w, r)
				})
			})
			rep, by, _ := e.doctor(t)
			p, ok := by[c.probe]
			if !ok {
				t.Fatalf("no probe %q\n%s", c.probe, dump(rep))
			}
			if p.Verdict == ProbeConfirmed {
				t.Errorf("confirmed under a lie on %s %s: %s", c.method, c.path, p.Detail)
			}
			named := false
			for _, ev := range p.Evidence {
				named = named || strings.Contains(ev.Request, c.path)
			}
			if !named {
				t.Errorf("the evidence does not name %s: %+v", c.path, p.Evidence)
			}
		})
	}
}
