package proxy

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"purse/app"
	"purse/app/account"
	"purse/app/apptest"
	"purse/app/audit"
	"purse/config"
	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandboxctl"
)

// recorder keeps the last body the sandbox wrote and the headers of the last request it
// received: what the proxy must hand back, and what it sent.
type proxyEnv struct {
	t     testing.TB
	srv   *endusertest.Server
	rec   *endusertest.Recorder
	home  string
	app   *app.App
	px    *Proxy
	url   string
	mu    sync.Mutex
	calls []Call
}

// newProxyEnv runs a sandbox, a profile "t" on it with key "me" and a minted account
// (tweak changes the profile first), and the proxy over it on an httptest server.
func newProxyEnv(t testing.TB, tweak func(p *config.Profile)) *proxyEnv {
	return newProxyEnvWith(t, tweak, nil)
}

// newProxyEnvWith is newProxyEnv with the service's handler wrapped (nil: as it is).
func newProxyEnvWith(t testing.TB, tweak func(p *config.Profile), wrap func(http.Handler) http.Handler) *proxyEnv {
	t.Helper()
	srv, err := endusertest.New(endusertest.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	rec := &endusertest.Recorder{H: h}
	hs := httptest.NewServer(rec)
	t.Cleanup(hs.Close)
	// Short: an agent's socket goes in it (a unix socket path has about 100 bytes).
	home, err := os.MkdirTemp("", "pp")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	testhome.UseProfile(t, home, &config.Profile{Name: "t", UserAPI: hs.URL, Network: srv.Network(), EVMKey: "me"})
	s, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	plan, err := account.New(s).CheckMint(ctx, "1234567890", sandboxctl.Captcha(srv.Now()), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := account.New(s).Mint(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if tweak != nil {
		if _, err := s.UpdateProfile(func(p *config.Profile) error { tweak(p); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	e := &proxyEnv{t: t, srv: srv, rec: rec, home: home, app: s}
	e.start(Options{})
	return e
}

func (e *proxyEnv) start(o Options) {
	e.t.Helper()
	o.Unlock = &app.Unlock{Passphrase: []byte("pw")}
	o.OnCall = func(c Call) {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.calls = append(e.calls, c)
	}
	px, err := New(e.app, o)
	if err != nil {
		e.t.Fatal(err)
	}
	ps := httptest.NewServer(px)
	e.t.Cleanup(ps.Close)
	e.px, e.url = px, ps.URL
}

func (e *proxyEnv) lastCall() Call {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.calls) == 0 {
		e.t.Fatal("no call reported")
	}
	return e.calls[len(e.calls)-1]
}

// do sends one request to the proxy as a tester's client would.
func (e *proxyEnv) do(method, path, body string, hdr http.Header) (*http.Response, []byte) {
	e.t.Helper()
	return e.doHost(method, path, body, "", hdr)
}

// doHost is do with the Host header set (empty: the URL's).
func (e *proxyEnv) doHost(method, path, body, host string, hdr http.Header) (*http.Response, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	if _, typed := req.Header["Content-Type"]; body != "" && !typed {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // what curl -d sends
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp, b
}

func (e *proxyEnv) lastEntry() enduser.Entry {
	s := e.app.Log.Snapshot()
	return s[len(s)-1]
}

func headerNamesOf(en enduser.Entry) string {
	var n []string
	for _, h := range en.Headers {
		n = append(n, h.Name)
	}
	return strings.Join(n, ",")
}

func TestProxyForwardsEachAuthLevelAndReturnsTheAnswerUnchanged(t *testing.T) {
	e := newProxyEnv(t, nil)
	forged := http.Header{"Tokenid": {"7777777777"}, "Sign": {"0xdeadbeef"}, "Hash": {"0x01"}, "Deadline": {"1"}, "X-Tester": {"me"}}
	for _, tc := range []struct {
		name, method, path, body, route, auth, headers string
	}{
		{"none", http.MethodGet, "/api/v1/timestamp", "", enduser.RouteTimestamp, "none", "User-Agent,X-Tester"},
		{"basic", http.MethodGet, "/api/v2/account-status", "", enduser.RouteAccountStatus, "basic", "tokenId,network,User-Agent,X-Tester"},
		{"full", http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, enduser.RouteTransactions, "full", "tokenId,network,hash,deadline,sign,Content-Type,User-Agent,X-Tester"},
		{"unknown", http.MethodGet, "/api/v9/unknown", "", enduser.RouteUnknown, "full", "tokenId,network,hash,deadline,sign,User-Agent,X-Tester"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The client's own (forged) auth headers are replaced by purse's.
			resp, got := e.do(tc.method, tc.path, tc.body, forged)
			sent, recv := e.rec.Last()
			if !bytes.Equal(got, sent) {
				t.Fatalf("answer changed:\n got %s\nsent %s", got, sent)
			}
			if tc.route != enduser.RouteUnknown && (resp.StatusCode != 200 || !bytes.Contains(got, []byte(`"retCode":0`))) {
				t.Fatalf("HTTP %d %s", resp.StatusCode, got)
			}
			if recv.Get("tokenId") == "7777777777" || recv.Get("sign") == "0xdeadbeef" || len(recv.Values("sign")) > 1 {
				t.Fatalf("the client's auth headers reached the service: %v", recv)
			}
			if en := e.lastEntry(); headerNamesOf(en) != tc.headers || en.Route != tc.route {
				t.Fatalf("logged %s %s, want %s %s", en.Route, headerNamesOf(en), tc.route, tc.headers)
			}
			if c := e.lastCall(); c.Route != tc.route || c.Auth != tc.auth || c.Status != resp.StatusCode || c.Error != "" {
				t.Fatalf("call %+v", c)
			}
		})
	}
	// The real page of history came back: the sandbox accepted purse's signature.
	_, got := e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, nil)
	var env struct {
		Result struct {
			Transactions []json.RawMessage `json:"transactions"`
		} `json:"result"`
	}
	if err := json.Unmarshal(got, &env); err != nil || len(env.Result.Transactions) == 0 {
		t.Fatalf("transactions: %v %s", err, got)
	}
}

func TestProxyUnknownRouteAuthFollowsTheProfile(t *testing.T) {
	e := newProxyEnv(t, func(p *config.Profile) { p.ProxyUnknownAuth = "none" })
	e.do(http.MethodGet, "/api/v9/unknown", "", nil)
	if en := e.lastEntry(); en.Route != enduser.RouteUnknown || headerNamesOf(en) != "User-Agent" {
		t.Fatalf("logged %+v", en)
	}
	if _, recv := e.rec.Last(); recv.Get("tokenId") != "" || recv.Get("sign") != "" {
		t.Fatalf("sent %v", recv)
	}
	if c := e.lastCall(); c.Auth != "none" {
		t.Fatalf("call %+v", c)
	}
}

func TestProxyPassesATamperedAnswerOnUnchangedAndLogsTheProblem(t *testing.T) {
	e := newProxyEnv(t, nil)
	if err := e.srv.SetFaults(endusertest.Faults{TruncateJSON: true, Route: "/api/v2/transactions", Count: 1}); err != nil {
		t.Fatal(err)
	}
	resp, got := e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, nil)
	sent, _ := e.rec.Last()
	if !bytes.Equal(got, sent) || len(got) == 0 || json.Valid(got) || resp.Header.Get(ErrorHeader) != "" {
		t.Fatalf("answer changed or marked:\n got %s\nsent %s", got, sent)
	}
	if c := e.lastCall(); !strings.Contains(c.Problem, "cannot decode") || c.Error != "" {
		t.Fatalf("call %+v", c)
	}
	// The request log, as the proxy serves it, marks the problem and carries the curl replay.
	resp, got = e.do(http.MethodGet, RequestsPath, "", nil)
	var entries []RequestLogEntry
	if err := json.Unmarshal(got, &entries); err != nil || resp.StatusCode != 200 || len(entries) == 0 {
		t.Fatalf("%s: %v %s", RequestsPath, err, got)
	}
	last := entries[len(entries)-1]
	if !strings.Contains(last.Err, "cannot decode") || !strings.Contains(last.Curl, "--data-binary '{\"pageSize\":5}'") {
		t.Fatalf("logged %+v", last)
	}
	// On TCP nothing proves the caller is the user: the signed headers are redacted, and the
	// entry says how to see them.
	if !strings.Contains(last.Curl, "-H 'sign: [redacted]'") || strings.Contains(last.Curl, "sign: 0x") ||
		!strings.Contains(last.Curl, "# the signed headers (hash, deadline, sign) are redacted") ||
		!strings.Contains(last.Redacted, "--listen unix:PATH") || !strings.Contains(last.Redacted, "--trace") {
		t.Fatalf("logged on TCP %+v", last)
	}
	for _, h := range last.Headers {
		if (h.Name == "sign" || h.Name == "hash" || h.Name == "deadline") != (h.Value == enduser.Redacted) {
			t.Fatalf("header %s: %s", h.Name, h.Value)
		}
	}
	if resp, _ := e.do(http.MethodPost, RequestsPath, "{}", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("POST %s: HTTP %d", RequestsPath, resp.StatusCode)
	}
}

// proxyError reads the proxy's own envelope.
func proxyError(t *testing.T, resp *http.Response, body []byte, status, code int, want string) {
	t.Helper()
	var env struct {
		RetCode int    `json:"retCode"`
		RetMsg  string `json:"retMsg"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("not an envelope: %s", body)
	}
	if resp.StatusCode != status || env.RetCode != code || !strings.HasPrefix(env.RetMsg, "purse proxy (not the service): ") ||
		!strings.Contains(env.RetMsg, want) || resp.Header.Get(ErrorHeader) != "true" {
		t.Fatalf("HTTP %d %s, want %d %d %q", resp.StatusCode, body, status, code, want)
	}
}

func TestProxyOwnErrorsAreEnvelopes(t *testing.T) {
	e := newProxyEnv(t, nil)
	e.px.maxBody = 64
	resp, body := e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5,"pad":"`+strings.Repeat("x", 100)+`"}`, nil)
	proxyError(t, resp, body, http.StatusRequestEntityTooLarge, enduser.CodeParse, "larger than 64 bytes")
	if c := e.lastCall(); c.Status != http.StatusRequestEntityTooLarge || c.Error == "" {
		t.Fatalf("call %+v", c)
	}

	// The key wiped (what Close does when the proxy stops): signing is refused, the
	// unsigned routes still work.
	e.px.Close()
	resp, body = e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, nil)
	proxyError(t, resp, body, http.StatusForbidden, enduser.CodeAuth, "signing refused")
	if resp, _ := e.do(http.MethodGet, "/api/v1/timestamp", "", nil); resp.StatusCode != 200 {
		t.Fatalf("timestamp after Close: %d", resp.StatusCode)
	}

	resp, body = e.do(http.MethodGet, "/_purse/other", "", nil)
	proxyError(t, resp, body, http.StatusNotFound, enduser.CodeInvalidParam, "reserved")
}

func TestProxyWithoutAKeyOrAService(t *testing.T) {
	e := newProxyEnv(t, func(p *config.Profile) { p.EVMKey = "" })
	if e.px.Info().Signer != "" {
		t.Fatalf("info %+v", e.px.Info())
	}
	resp, body := e.do(http.MethodPost, "/api/v2/transactions", `{}`, nil)
	proxyError(t, resp, body, http.StatusForbidden, enduser.CodeAuth, "profile t has no EVM key")
	if resp, _ := e.do(http.MethodGet, "/api/v2/account-status", "", nil); resp.StatusCode != 200 {
		t.Fatalf("basic route without a key: %d", resp.StatusCode)
	}

	// The service goes away: purse answers for it, saying so.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	if _, err := e.app.UpdateProfile(func(p *config.Profile) error { p.UserAPI = dead; return nil }); err != nil {
		t.Fatal(err)
	}
	e.start(Options{})
	resp, body = e.do(http.MethodGet, "/api/v1/timestamp", "", nil)
	proxyError(t, resp, body, http.StatusBadGateway, enduser.CodeSystem, "the service at "+dead+" is unreachable")
	if en := e.lastEntry(); en.Status != 0 || en.Err == "" {
		t.Fatalf("logged %+v", en)
	}
}

func TestCheckProxyListen(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8788", "[::1]:1", "localhost:9000", "127.0.0.2:80"} {
		if err := CheckListen(ok, false); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for addr, want := range map[string]string{
		"0.0.0.0:8788":     "not a loopback address",
		":8788":            "every interface",
		"192.168.1.5:8788": "--allow-remote",
		"example.com:80":   "--allow-remote",
		"8788":             "expected host:port",
	} {
		err := CheckListen(addr, false)
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != "listen" || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", addr, err)
		}
	}
	if err := CheckListen("0.0.0.0:8788", true); err != nil {
		t.Fatal(err)
	}
}

func TestProxyServeStopsOnCancel(t *testing.T) {
	e := newProxyEnv(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.px.Serve(ctx, ln) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/api/v1/timestamp")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/api/v1/timestamp"); err == nil {
		t.Fatal("still answering after Serve returned")
	}
}

// unchanged fails the test when the proxy forwarded or signed anything since before: the
// request log (every call sent, or failed on the way) and the audit log (every signature).
func (e *proxyEnv) unchanged(t *testing.T, what string, logged, signed int) {
	t.Helper()
	if n := e.app.Log.Len(); n != logged {
		t.Fatalf("%s: %d calls forwarded", what, n-logged)
	}
	if n := e.audits(); n != signed {
		t.Fatalf("%s: %d signatures made", what, n-signed)
	}
}

func (e *proxyEnv) audits() int {
	e.t.Helper()
	a, err := audit.New(e.app).Check(false)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(a.Records)
}

// Each request a browser could make for a web page, and each request whose signature would
// not cover what is sent, is refused in the proxy's envelope: nothing is signed or forwarded.
func TestProxyRefusesWebPagesForeignHostsAndUnsignedParts(t *testing.T) {
	e := newProxyEnv(t, nil)
	self := strings.TrimPrefix(e.url, "http://")
	_, port, _ := net.SplitHostPort(self)
	for _, tc := range []struct {
		name, method, path, body string
		host                     string
		hdr                      http.Header
		status, code             int
		want                     string
	}{
		{"a foreign Host (DNS rebinding)", http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, "rebind.example:" + port, nil,
			http.StatusForbidden, enduser.CodeAuth, `Host "rebind.example:` + port + `" is not this proxy's address`},
		{"a foreign Host on the request log", http.MethodGet, RequestsPath, "", "rebind.example", nil,
			http.StatusForbidden, enduser.CodeAuth, "is not this proxy's address"},
		{"a foreign IP as Host", http.MethodGet, "/api/v2/account-status", "", "10.1.2.3:" + port, nil,
			http.StatusForbidden, enduser.CodeAuth, "is not this proxy's address"},
		{"a web page's Origin", http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, "",
			http.Header{"Origin": {"https://evil.example"}, "Content-Type": {"application/json"}},
			http.StatusForbidden, enduser.CodeAuth, `a web page (Origin "https://evil.example") may not call the proxy`},
		{"an Origin on the request log", http.MethodGet, RequestsPath, "", "", http.Header{"Origin": {"https://evil.example"}},
			http.StatusForbidden, enduser.CodeAuth, "may not call the proxy"},
		{"a sandboxed page's null Origin", http.MethodGet, "/api/v2/br", "", "", http.Header{"Origin": {"null"}},
			http.StatusForbidden, enduser.CodeAuth, `Origin "null"`},
		{"a page the proxy served itself", http.MethodPost, "/api/v2/card-status", `{"status":"BLOCKED"}`, "",
			http.Header{"Origin": {e.url}, "Sec-Fetch-Site": {"same-origin"}, "Content-Type": {"application/json"}},
			http.StatusForbidden, enduser.CodeAuth, "may not call the proxy"},
		{"Sec-Fetch-Site cross-site (an <img> or <script> GET)", http.MethodGet, "/api/v2/br", "", "",
			http.Header{"Sec-Fetch-Site": {"cross-site"}, "Sec-Fetch-Mode": {"no-cors"}},
			http.StatusForbidden, enduser.CodeAuth, `Sec-Fetch-Site "cross-site"`},
		{"Sec-Fetch-Site same-site", http.MethodGet, RequestsPath, "", "", http.Header{"Sec-Fetch-Site": {"same-site"}},
			http.StatusForbidden, enduser.CodeAuth, `Sec-Fetch-Site "same-site"`},
		{"a browser's form post", http.MethodPost, "/api/v2/transactions", "pageSize=5", "",
			http.Header{"Content-Type": {"application/x-www-form-urlencoded"}},
			http.StatusUnsupportedMediaType, enduser.CodeParse, `Content-Type "application/x-www-form-urlencoded" that is not JSON`},
		{"a multipart form", http.MethodPost, "/api/v2/transactions", "--b\r\nContent-Disposition: form-data; name=\"pageSize\"\r\n\r\n5\r\n--b--\r\n", "",
			http.Header{"Content-Type": {"multipart/form-data; boundary=b"}},
			http.StatusUnsupportedMediaType, enduser.CodeParse, "not JSON"},
		{"a text/plain form whose body parses as JSON, from a browser", http.MethodPost, "/api/v2/card-status", `{"status":"BLOCKED","x":"="}`, "",
			http.Header{"Content-Type": {"text/plain"}, "Sec-Fetch-Dest": {"document"}},
			http.StatusUnsupportedMediaType, enduser.CodeParse, `a browser's request (Sec-Fetch-Dest) with Content-Type "text/plain"`},
		{"a body without a type that is not JSON", http.MethodPost, "/api/v2/transactions", "pageSize", "", http.Header{"Content-Type": {""}},
			http.StatusUnsupportedMediaType, enduser.CodeParse, "a body with no Content-Type that is not JSON"},
		{"a query on a POST", http.MethodPost, "/api/v2/transactions?pageSize=500", `{"pageSize":5}`, "", nil,
			http.StatusBadRequest, enduser.CodeParse, `its query "pageSize=500" would reach the service unsigned`},
		{"a query on a body-less POST", http.MethodPost, "/api/v2/transactions?pageSize=500", "", "", nil,
			http.StatusBadRequest, enduser.CodeParse, "would reach the service unsigned"},
		{"a body on a GET", http.MethodGet, "/api/v2/br", `{"x":1}`, "", http.Header{"Content-Type": {"application/json"}},
			http.StatusBadRequest, enduser.CodeParse, "its 7-byte body would reach the service unsigned"},
		{"a body on an unknown GET route", http.MethodGet, "/api/v9/other?a=1", `{"x":1}`, "", http.Header{"Content-Type": {"application/json"}},
			http.StatusBadRequest, enduser.CodeParse, "would reach the service unsigned"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logged, signed := e.app.Log.Len(), e.audits()
			resp, body := e.doHost(tc.method, tc.path, tc.body, tc.host, tc.hdr)
			proxyError(t, resp, body, tc.status, tc.code, tc.want)
			if resp.Header.Get("Access-Control-Allow-Origin") != "" {
				t.Fatalf("CORS answer to a refused request: %v", resp.Header)
			}
			e.unchanged(t, tc.name, logged, signed)
			if c := e.lastCall(); c.Status != tc.status || !strings.Contains(c.Error, tc.want) {
				t.Fatalf("call %+v", c)
			}
		})
	}

	// What a tester's own clients send is served: curl -d (the form type, a JSON body), a
	// JSON body as text/plain, the address bar (Sec-Fetch-Site none), each loopback name.
	for _, tc := range []struct {
		name, method, path, body, host string
		hdr                            http.Header
	}{
		{"curl -d", http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, "", nil},
		{"text/plain JSON from a script", http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, "", http.Header{"Content-Type": {"text/plain"}}},
		{"typed in the address bar", http.MethodGet, "/api/v2/account-status", "", "",
			http.Header{"Sec-Fetch-Site": {"none"}, "Sec-Fetch-Mode": {"navigate"}, "Sec-Fetch-Dest": {"document"}}},
		{"Host localhost", http.MethodGet, "/api/v2/account-status", "", "localhost:" + port, nil},
		{"Host LOCALHOST without a port", http.MethodGet, "/api/v2/account-status", "", "LOCALHOST", nil},
		{"Host [::1]", http.MethodGet, "/api/v2/account-status", "", "[::1]:" + port, nil},
		{"Host 127.0.0.2 (another loopback port forward)", http.MethodGet, "/api/v2/account-status", "", "127.0.0.2:9999", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := e.doHost(tc.method, tc.path, tc.body, tc.host, tc.hdr)
			if resp.StatusCode == http.StatusForbidden || resp.Header.Get(ErrorHeader) != "" || !bytes.Contains(body, []byte(`"retCode":`)) {
				t.Fatalf("HTTP %d %s", resp.StatusCode, body)
			}
		})
	}
}

// A client that sends its body slowly (a slow-loris) gets the proxy's answer when the body
// deadline passes, and nothing is signed or sent; a service slower than that deadline does
// not cut a call whose body arrived.
func TestProxyBodyHasADeadline(t *testing.T) {
	e := newProxyEnv(t, nil)
	e.px.bodyTimeout = 300 * time.Millisecond
	logged, signed := e.app.Log.Len(), e.audits()
	c, err := net.Dial("tcp", strings.TrimPrefix(e.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "POST /api/v2/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"page"); err != nil {
		t.Fatal(err)
	}
	// The rest never comes.
	if err := c.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer to a slow body: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	proxyError(t, resp, body, http.StatusRequestTimeout, enduser.CodeParse, "the request body did not arrive within 300ms: nothing was signed or sent")
	e.unchanged(t, "slow body", logged, signed)

	if err := e.srv.SetFaults(endusertest.Faults{LatencyMs: 900, Route: "/api/v2/transactions", Count: 1}); err != nil {
		t.Fatal(err)
	}
	resp, body = e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, nil)
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"retCode":0`)) {
		t.Fatalf("a service slower than the body deadline: HTTP %d %s", resp.StatusCode, body)
	}
}

// --allow-origin: the named origin's pages get correct CORS answers (a preflight answered by
// the proxy, nothing forwarded; the call with the origin's headers), the service's own CORS
// headers never reach the browser, and every other origin is refused, preflight included.
func TestProxyAllowedOriginGetsCORSAnswers(t *testing.T) {
	e := newProxyEnvWith(t, nil, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Access-Control-Allow-Origin", "*") // a careless or hostile service
			w.Header().Set("Vary", "Accept-Encoding")
			h.ServeHTTP(w, r)
		})
	})
	e.start(Options{AllowOrigins: []string{"http://LocalHost:3000/"}})
	if got := e.px.Info().AllowOrigins; len(got) != 1 || got[0] != "http://localhost:3000" {
		t.Fatalf("allowed %q", got)
	}
	const app = "http://localhost:3000"
	logged, signed := e.app.Log.Len(), e.audits()
	resp, body := e.do(http.MethodOptions, "/api/v2/transactions", "", http.Header{
		"Origin": {app}, "Access-Control-Request-Method": {"POST"}, "Access-Control-Request-Headers": {"content-type"}, "Sec-Fetch-Site": {"same-site"}})
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != app ||
		resp.Header.Get("Access-Control-Allow-Methods") != "POST" || resp.Header.Get("Access-Control-Max-Age") != "600" ||
		!strings.Contains(strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers")), "content-type") {
		t.Fatalf("preflight: HTTP %d %v %s", resp.StatusCode, resp.Header, body)
	}
	e.unchanged(t, "preflight", logged, signed)

	resp, body = e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, http.Header{
		"Origin": {app}, "Sec-Fetch-Site": {"same-site"}, "Sec-Fetch-Mode": {"cors"}, "Content-Type": {"application/json"}})
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"retCode":0`)) {
		t.Fatalf("HTTP %d %s", resp.StatusCode, body)
	}
	if got := resp.Header.Values("Access-Control-Allow-Origin"); len(got) != 1 || got[0] != app {
		t.Fatalf("Access-Control-Allow-Origin %q: the service's own reached the browser", got)
	}
	if resp.Header.Get("Access-Control-Expose-Headers") != ErrorHeader || !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Origin") {
		t.Fatalf("headers %v", resp.Header)
	}
	// The allowed page still sends JSON: its form of text is refused.
	resp, body = e.do(http.MethodPost, "/api/v2/transactions", "pageSize=5", http.Header{"Origin": {app}, "Content-Type": {"text/plain"}})
	proxyError(t, resp, body, http.StatusUnsupportedMediaType, enduser.CodeParse, "not JSON")

	logged, signed = e.app.Log.Len(), e.audits()
	for _, other := range []string{"https://evil.example", "http://localhost:3001", "https://localhost:3000"} {
		resp, body = e.do(http.MethodOptions, "/api/v2/transactions", "", http.Header{"Origin": {other}, "Access-Control-Request-Method": {"POST"}})
		proxyError(t, resp, body, http.StatusForbidden, enduser.CodeAuth, "may not call the proxy")
		if resp.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("preflight of %s answered %v", other, resp.Header)
		}
		resp, body = e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, http.Header{"Origin": {other}, "Content-Type": {"application/json"}})
		proxyError(t, resp, body, http.StatusForbidden, enduser.CodeAuth, "may not call the proxy")
	}
	e.unchanged(t, "other origins", logged, signed)
}

func TestProxyOriginsMustBeOrigins(t *testing.T) {
	e := newProxyEnv(t, nil)
	for _, bad := range []string{"*", "null", "localhost:3000", "https://*.example", "https://app.example/path", "ftp://app.example", "https://user@app.example", "https://app.example?x=1", ""} {
		_, err := New(e.app, Options{Unlock: &app.Unlock{Passphrase: []byte("pw")}, AllowOrigins: []string{bad}})
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != "allow-origin" || !strings.Contains(err.Error(), "expected an origin") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// On a unix socket the proxy serves the user's processes, and its request log shows them the
// signed headers; the socket is the user's alone, a live one is not taken over, and a file
// that is no socket is left alone.
func TestProxyOnAUnixSocket(t *testing.T) {
	e := newProxyEnv(t, nil)
	sock := e.serveUnix(t)
	dir := filepath.Dir(sock)
	if st, err := os.Stat(sock); err != nil || st.Mode().Perm() != 0o600 || st.Mode()&os.ModeSocket == 0 {
		t.Fatalf("socket %v %v", st, err)
	}
	if _, err := Listen(UnixPrefix+sock, false); err == nil || !strings.Contains(err.Error(), "already answers") {
		t.Fatalf("a second proxy on a live socket: %v", err)
	}
	client := unixClient(sock)
	resp, err := client.Post("http://localhost/api/v2/transactions", "application/json", strings.NewReader(`{"pageSize":5}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d", resp.StatusCode)
	}
	resp, err = client.Get("http://localhost" + RequestsPath)
	if err != nil {
		t.Fatal(err)
	}
	var entries []RequestLogEntry
	err = json.NewDecoder(resp.Body).Decode(&entries)
	resp.Body.Close()
	if err != nil || len(entries) == 0 {
		t.Fatalf("%v %d", err, len(entries))
	}
	last := entries[len(entries)-1]
	full := e.app.Log.Snapshot()[len(entries)-1].FullHeaders()
	if last.Redacted != "" || strings.Contains(last.Curl, enduser.Redacted) || !strings.Contains(last.Curl, "-H 'sign: "+headerValue(full, "sign")+"'") ||
		len(headerValue(full, "sign")) != 132 || headerValue(last.Headers, "hash") != headerValue(full, "hash") {
		t.Fatalf("on the user's socket: %+v", last)
	}
	// A foreign name is refused here too.
	req, _ := http.NewRequest(http.MethodGet, "http://localhost"+RequestsPath, nil)
	req.Host = "rebind.example"
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("foreign Host on the socket: HTTP %d", resp.StatusCode)
	}

	file := dir + "/notes.txt"
	if err := os.WriteFile(file, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(UnixPrefix+file, false); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Fatalf("listen on a file: %v", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(UnixPrefix+dir+"/other.sock", false); err == nil || !strings.Contains(err.Error(), "expected 0700") {
		t.Fatalf("listen in a 0755 directory: %v", err)
	}
	var fe *app.FieldError
	if _, err := Listen(UnixPrefix, false); !errors.As(err, &fe) || fe.Field != "listen" {
		t.Fatalf("unix: without a path: %v", err)
	}
}

// serveUnix serves the proxy on a unix socket (Listen) until the test ends, and
// returns the socket's path.
func (e *proxyEnv) serveUnix(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "ps")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := dir + "/proxy.sock"
	ln, err := Listen(UnixPrefix+sock, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.px.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return sock
}

func headerValue(hs []enduser.Header, name string) string {
	for _, h := range hs {
		if h.Name == name {
			return h.Value
		}
	}
	return ""
}

// unixClient is an HTTP client that reaches a unix socket, as curl --unix-socket does.
func unixClient(sock string) *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}}}
}

// Where the proxy signs, said at start: with the key in this process (made not dumpable,
// the key's pages locked), or through the agent, which holds the key instead.
func TestProxySaysWhereItSigns(t *testing.T) {
	e := newProxyEnv(t, nil)
	info := e.px.Info()
	if info.SignsIn != SignsInProcess || info.Agent != "" || len(info.Hardening) != 2 ||
		!strings.HasPrefix(info.Hardening[0], "not dumpable: ") || !strings.HasPrefix(info.Hardening[1], "key memory locked: ") {
		t.Fatalf("in the process: %+v", info)
	}
	apptest.ServeAgentWith(t, e.home, nil)
	e.start(Options{})
	info = e.px.Info()
	if info.SignsIn != SignsInAgent || info.Agent == "" || info.Signer == "" {
		t.Fatalf("with an agent: %+v", info)
	}
	// The agent's policy allows a read: the call is signed there.
	resp, body := e.do(http.MethodPost, "/api/v2/transactions", `{"pageSize":5}`, http.Header{"Content-Type": {"application/json"}})
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"retCode":0`)) {
		t.Fatalf("through the agent: HTTP %d %s", resp.StatusCode, body)
	}
}

// Every GET of the route table (a full-auth read with an empty payload) passes the proxy
// with the same answer when the proxy signs in its process and when it signs through a live
// agent, each signature audited by whoever made it (issue 21: with an agent running, every
// full-auth call with an empty payload failed in the proxy).
func TestProxyEmptyPayloadReadsBothWays(t *testing.T) {
	e := newProxyEnv(t, nil)
	audited := e.audits
	timeNow := regexp.MustCompile(`"(timeNow|restartDateMs)":[0-9]+`)
	var gets []enduser.Route
	for _, rt := range enduser.Routes() {
		if rt.Auth == enduser.AuthFull && rt.Method == http.MethodGet {
			gets = append(gets, rt)
		}
	}
	if len(gets) < 4 {
		t.Fatalf("only %d full-auth GET routes", len(gets))
	}
	read := func() (map[string]string, int) {
		before := audited()
		got := map[string]string{}
		for _, rt := range gets {
			resp, body := e.do(http.MethodGet, rt.Path, "", nil)
			// The service's clock in the answer (and a date computed from it) is what differs.
			got[rt.Name] = fmt.Sprintf("HTTP %d %s", resp.StatusCode, timeNow.ReplaceAll(body, nil))
			if c := e.lastCall(); c.Path != rt.Path || c.Auth != "full" {
				t.Errorf("%s: the proxy's call %+v is not the signed GET", rt.Name, c)
			}
		}
		return got, audited() - before
	}
	local, localSigned := read()
	apptest.ServeAgentWith(t, e.home, nil)
	e.start(Options{})
	if e.px.Info().SignsIn != SignsInAgent {
		t.Fatalf("the proxy does not sign in the agent: %+v", e.px.Info())
	}
	viaAgent, agentSigned := read()
	if localSigned != len(gets) || agentSigned != localSigned {
		t.Fatalf("signatures audited: %d in the process, %d by the agent, for %d reads", localSigned, agentSigned, len(gets))
	}
	for name, v := range local {
		if !strings.HasPrefix(v, "HTTP 200 ") || viaAgent[name] != v {
			t.Errorf("%s: in the process %s\nthrough the agent %s", name, v, viaAgent[name])
		}
	}
}
