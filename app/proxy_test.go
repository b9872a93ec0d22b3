package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"purse/config"
	"purse/enduser"
	"purse/enduser/endusertest"
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
	app   *App
	px    *Proxy
	url   string
	mu    sync.Mutex
	calls []ProxyCall
}

// newProxyEnv runs a sandbox, a profile "t" on it with key "me" and a minted account
// (tweak changes the profile first), and the proxy over it on an httptest server.
func newProxyEnv(t testing.TB, tweak func(p *config.Profile)) *proxyEnv {
	t.Helper()
	srv, err := endusertest.New(endusertest.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rec := &endusertest.Recorder{H: srv.Handler()}
	hs := httptest.NewServer(rec)
	t.Cleanup(hs.Close)
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: hs.URL, Network: srv.Network(), EVMKey: "me"})
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	plan, err := s.CheckMint(ctx, "1234567890", sandboxctl.Captcha(srv.Now()), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Mint(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if tweak != nil {
		if _, err := s.UpdateProfile(func(p *config.Profile) error { tweak(p); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	e := &proxyEnv{t: t, srv: srv, rec: rec, home: home, app: s}
	e.start(ProxyOptions{})
	return e
}

func (e *proxyEnv) start(o ProxyOptions) {
	e.t.Helper()
	o.Unlock = &Unlock{Passphrase: []byte("pw")}
	o.OnCall = func(c ProxyCall) {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.calls = append(e.calls, c)
	}
	px, err := e.app.NewProxy(o)
	if err != nil {
		e.t.Fatal(err)
	}
	ps := httptest.NewServer(px)
	e.t.Cleanup(ps.Close)
	e.px, e.url = px, ps.URL
}

func (e *proxyEnv) lastCall() ProxyCall {
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
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	if body != "" && req.Header.Get("Content-Type") == "" {
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
		{"unknown", http.MethodGet, "/api/v9/unknown?x=1", "", enduser.RouteUnknown, "full", "tokenId,network,hash,deadline,sign,User-Agent,X-Tester"},
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
	if !bytes.Equal(got, sent) || len(got) == 0 || json.Valid(got) || resp.Header.Get(ProxyErrorHeader) != "" {
		t.Fatalf("answer changed or marked:\n got %s\nsent %s", got, sent)
	}
	if c := e.lastCall(); !strings.Contains(c.Problem, "cannot decode") || c.Error != "" {
		t.Fatalf("call %+v", c)
	}
	// The request log, as the proxy serves it, marks the problem and carries the curl replay.
	resp, got = e.do(http.MethodGet, ProxyRequestsPath, "", nil)
	var entries []RequestLogEntry
	if err := json.Unmarshal(got, &entries); err != nil || resp.StatusCode != 200 || len(entries) == 0 {
		t.Fatalf("%s: %v %s", ProxyRequestsPath, err, got)
	}
	last := entries[len(entries)-1]
	if !strings.Contains(last.Err, "cannot decode") || !strings.Contains(last.Curl, "--data-binary '{\"pageSize\":5}'") || !strings.Contains(last.Curl, "sign: 0x") {
		t.Fatalf("logged %+v", last)
	}
	if resp, _ := e.do(http.MethodPost, ProxyRequestsPath, "{}", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("POST %s: HTTP %d", ProxyRequestsPath, resp.StatusCode)
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
		!strings.Contains(env.RetMsg, want) || resp.Header.Get(ProxyErrorHeader) != "true" {
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
	e.start(ProxyOptions{})
	resp, body = e.do(http.MethodGet, "/api/v1/timestamp", "", nil)
	proxyError(t, resp, body, http.StatusBadGateway, enduser.CodeSystem, "the service at "+dead+" is unreachable")
	if en := e.lastEntry(); en.Status != 0 || en.Err == "" {
		t.Fatalf("logged %+v", en)
	}
}

func TestCheckProxyListen(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:8788", "[::1]:1", "localhost:9000", "127.0.0.2:80"} {
		if err := CheckProxyListen(ok, false); err != nil {
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
		err := CheckProxyListen(addr, false)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "listen" || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", addr, err)
		}
	}
	if err := CheckProxyListen("0.0.0.0:8788", true); err != nil {
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
