package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer the proxy's goroutines write while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(s.b.Bytes()))
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// waitLines waits until out holds n lines.
func waitLines(t *testing.T, out *syncBuffer, n int) []string {
	t.Helper()
	for i := 0; i < 500; i++ {
		if l := out.lines(); len(l) >= n {
			return l
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("waited for %d lines, have %q", n, out.lines())
	return nil
}

func TestProxyCommandSignsForCurlAndStopsOnSignal(t *testing.T) {
	apiEnv(t)
	if _, e, c := purse(t, "", "account", "mint", "--token-id", "1234567890", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	out, errb := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"proxy", "--listen", "127.0.0.1:0", "--json"}, strings.NewReader(""), out, errb)
	}()
	var start struct {
		Event, URL, Profile, Signer string
	}
	if err := json.Unmarshal([]byte(waitLines(t, out, 1)[0]), &start); err != nil || start.Event != "listening" || start.Profile != "t" || start.Signer == "" {
		t.Fatalf("start line %+v %v (stderr %q)", start, err, errb.lines())
	}

	// What a tester types: curl -d '{"pageSize":5}' URL/api/v2/transactions.
	resp, err := http.Post(start.URL+"/api/v2/transactions", "application/x-www-form-urlencoded", strings.NewReader(`{"pageSize":5}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"transactions":[`) {
		t.Fatalf("HTTP %d %s", resp.StatusCode, body)
	}
	var call struct {
		Event, Method, Path, Route, Auth string
		Status                           int
		DurationMs                       float64
	}
	lines := waitLines(t, out, 2)
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &call); err != nil || call.Event != "call" || call.Route != "transactions" ||
		call.Auth != "full" || call.Status != 200 || call.Path != "/api/v2/transactions" || call.DurationMs <= 0 {
		t.Fatalf("call line %q: %v", lines[len(lines)-1], err)
	}

	signalSelf(t, os.Interrupt)
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d after SIGINT: %q", code, errb.lines())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy did not stop on SIGINT")
	}
	if _, err := http.Get(start.URL + "/api/v1/timestamp"); err == nil {
		t.Fatal("still listening after it stopped")
	}
}

func TestProxyCommandRefusesARemoteListenAddress(t *testing.T) {
	apiEnv(t)
	_, e, c := purse(t, "", "proxy", "--listen", "0.0.0.0:8788")
	if c != exitUsage || !strings.Contains(e, "--listen") || !strings.Contains(e, "--allow-remote") {
		t.Fatalf("exit %d: %s", c, e)
	}
}

func TestProxyCommandHumanLines(t *testing.T) {
	apiEnv(t)
	out, errb := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run([]string{"proxy", "--listen", "127.0.0.1:0"}, strings.NewReader(""), out, errb) }()
	first := waitLines(t, out, 1)[0]
	url, _, _ := strings.Cut(strings.TrimPrefix(first, "purse proxy: listening on "), ",")
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.Contains(first, "profile t, user API http://127.0.0.1:") || !strings.Contains(first, "unknown routes: full auth") {
		t.Fatalf("start line %q", first)
	}
	// No account yet: purse says so in the service's envelope.
	resp, err := http.Get(url + "/api/v2/account-status")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "purse proxy (not the service): route account-status needs basic auth and profile t has no account id") {
		t.Fatalf("HTTP %d %s", resp.StatusCode, body)
	}
	lines := waitLines(t, out, 2)
	if l := lines[1]; !strings.Contains(l, " GET /api/v2/account-status account-status basic 403 ") || !strings.Contains(l, "has no account id") {
		t.Fatalf("call line %q", l)
	}
	signalSelf(t, syscall.SIGTERM)
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("exit %d after SIGTERM: %q", code, errb.lines())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the proxy did not stop on SIGTERM")
	}
}

// signalSelf sends sig to this test process, as a user's Ctrl-C or a service manager would
// (os.Process.Signal builds everywhere; where the OS cannot deliver it, the test fails).
func signalSelf(t *testing.T, sig os.Signal) {
	t.Helper()
	p, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Signal(sig); err != nil {
		t.Fatal(err)
	}
}

// proxyRun is a `purse proxy --json` running in the test, stopped (SIGINT) when it ends.
type proxyRun struct {
	out, errb *syncBuffer
	start     struct {
		Event, Listen, URL, Socket, Signer, SignsIn string
		Hardening, AllowOrigins                     []string
	}
}

func startProxy(t *testing.T, args ...string) *proxyRun {
	t.Helper()
	p := &proxyRun{out: &syncBuffer{}, errb: &syncBuffer{}}
	done := make(chan int, 1)
	go func() {
		done <- run(append([]string{"proxy", "--json"}, args...), strings.NewReader(""), p.out, p.errb)
	}()
	if err := json.Unmarshal([]byte(waitLines(t, p.out, 1)[0]), &p.start); err != nil || p.start.Event != "listening" {
		t.Fatalf("start line %+v %v (stderr %q)", p.start, err, p.errb.lines())
	}
	t.Cleanup(func() {
		signalSelf(t, os.Interrupt)
		select {
		case code := <-done:
			if code != exitOK {
				t.Errorf("exit %d after SIGINT: %q", code, p.errb.lines())
			}
		case <-time.After(10 * time.Second):
			t.Error("the proxy did not stop on SIGINT")
		}
	})
	return p
}

// lastCall is the proxy's last call line, once there are n lines.
func (p *proxyRun) lastCall(t *testing.T, n int) (c struct {
	Event, Method, Path, Error string
	Status                     int
}) {
	t.Helper()
	lines := waitLines(t, p.out, n)
	if err := json.Unmarshal([]byte(lines[n-1]), &c); err != nil || c.Event != "call" {
		t.Fatalf("call line %q: %v", lines[n-1], err)
	}
	return c
}

func mintForProxy(t *testing.T) {
	t.Helper()
	if _, e, c := purse(t, "", "account", "mint", "--token-id", "1234567890", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitOK {
		t.Fatalf("mint: %s", e)
	}
}

// Through the CLI, each request a web page could make and each request whose signature
// would not cover what it sends is refused in the proxy's envelope, with its call line, and
// the request log on TCP shows no signature.
func TestProxyCommandRefusesWebPagesForeignHostsAndUnsignedParts(t *testing.T) {
	apiEnv(t)
	mintForProxy(t)
	p := startProxy(t, "--listen", "127.0.0.1:0", "--body-timeout", "300ms")
	if !strings.Contains(strings.Join(p.errb.lines(), "\n"), "any local user can connect to "+strings.TrimPrefix(p.start.URL, "http://")) {
		t.Fatalf("no word that any local user reaches the port: %q", p.errb.lines())
	}
	if p.start.SignsIn != "process" || len(p.start.Hardening) != 2 {
		t.Fatalf("start %+v", p.start)
	}
	n := 1
	for _, tc := range []struct {
		name, method, path, body, host string
		hdr                            http.Header
		status                         int
		want                           string
	}{
		{"foreign Host", "POST", "/api/v2/transactions", `{"pageSize":5}`, "rebind.example", nil, 403, "is not this proxy's address"},
		{"Origin", "POST", "/api/v2/transactions", `{"pageSize":5}`, "", http.Header{"Origin": {"https://evil.example"}, "Content-Type": {"application/json"}}, 403, "may not call the proxy"},
		{"Origin on the request log", "GET", "/_purse/requests", "", "", http.Header{"Origin": {"https://evil.example"}}, 403, "may not call the proxy"},
		{"Sec-Fetch-Site cross-site", "GET", "/api/v2/br", "", "", http.Header{"Sec-Fetch-Site": {"cross-site"}}, 403, `Sec-Fetch-Site \"cross-site\"`},
		{"a browser's form post", "POST", "/api/v2/transactions", "pageSize=5", "", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, 415, "that is not JSON"},
		{"a query on a POST", "POST", "/api/v2/transactions?pageSize=500", `{"pageSize":5}`, "", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, 400, "would reach the service unsigned"},
		{"a body on a GET", "GET", "/api/v2/br", `{}`, "", nil, 400, "would reach the service unsigned"},
	} {
		var rd io.Reader
		if tc.body != "" {
			rd = strings.NewReader(tc.body)
		}
		req, err := http.NewRequest(tc.method, p.start.URL+tc.path, rd)
		if err != nil {
			t.Fatal(err)
		}
		if tc.host != "" {
			req.Host = tc.host
		}
		for k, v := range tc.hdr {
			req.Header[k] = v
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(string(body), `"retMsg":"purse proxy (not the service): `) || !strings.Contains(string(body), tc.want) ||
			resp.Header.Get("X-Purse-Proxy-Error") != "true" {
			t.Fatalf("%s: HTTP %d %s", tc.name, resp.StatusCode, body)
		}
		n++
		if c := p.lastCall(t, n); c.Status != tc.status || c.Path != strings.Split(tc.path, "?")[0] && c.Path != tc.path || c.Error == "" {
			t.Fatalf("%s: call %+v", tc.name, c)
		}
	}

	// A slow body: answered when --body-timeout passes.
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.start.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /api/v2/transactions HTTP/1.1\r\nHost: localhost\r\nContent-Length: 14\r\n\r\n{\"pa"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "did not arrive within 300ms") {
		t.Fatalf("slow body: HTTP %d %s", resp.StatusCode, body)
	}
	n++
	if c := p.lastCall(t, n); c.Status != http.StatusRequestTimeout {
		t.Fatalf("slow body: call %+v", c)
	}

	// Nothing was forwarded, and what curl -d sends still is: the request log holds that one
	// call, its signature redacted on TCP.
	resp, err = http.Post(p.start.URL+"/api/v2/transactions", "application/x-www-form-urlencoded", strings.NewReader(`{"pageSize":5}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("curl -d: HTTP %d", resp.StatusCode)
	}
	resp, err = http.Get(p.start.URL + "/_purse/requests")
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Route, Curl, Redacted string
	}
	err = json.NewDecoder(resp.Body).Decode(&entries)
	resp.Body.Close()
	var forwarded []string
	for _, e := range entries {
		if e.Route != "timestamp" {
			forwarded = append(forwarded, e.Route)
		}
	}
	if err != nil || len(forwarded) != 1 || forwarded[0] != "transactions" {
		t.Fatalf("forwarded %q (%v)", forwarded, err)
	}
	last := entries[len(entries)-1]
	if !strings.Contains(last.Curl, "-H 'sign: [redacted]'") || strings.Contains(last.Curl, "sign: 0x") || !strings.Contains(last.Redacted, "--listen unix:PATH") {
		t.Fatalf("request log on TCP: %+v", last)
	}
}

// --listen unix:PATH: a 0600 socket, served to the user's processes, whose request log shows
// the signed headers; removed when the proxy stops.
func TestProxyCommandOnAUnixSocket(t *testing.T) {
	apiEnv(t)
	mintForProxy(t)
	dir, err := os.MkdirTemp("", "ps")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := dir + "/proxy.sock"
	t.Run("serve", func(t *testing.T) {
		p := startProxy(t, "--listen", "unix:"+sock)
		if p.start.Listen != "unix:"+sock || p.start.Socket != sock || p.start.URL != "http://localhost" {
			t.Fatalf("start %+v", p.start)
		}
		if strings.Contains(strings.Join(p.errb.lines(), "\n"), "any local user") {
			t.Fatalf("stderr %q", p.errb.lines())
		}
		if st, err := os.Stat(sock); err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("socket %v %v", st, err)
		}
		client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", sock)
		}}}
		resp, err := client.Post("http://localhost/api/v2/transactions", "application/x-www-form-urlencoded", strings.NewReader(`{"pageSize":5}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("HTTP %d", resp.StatusCode)
		}
		resp, err = client.Get("http://localhost/_purse/requests")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !regexp.MustCompile(`-H 'sign: 0x[0-9a-f]{130}'`).Match(body) || strings.Contains(string(body), "[redacted]") {
			t.Fatalf("request log on the user's socket: %s", body)
		}
	})
	if _, err := os.Stat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("socket left after stop: %v", err)
	}
}

// --allow-origin: that origin's preflight is answered; an origin that is not one, or a
// --body-timeout of 0, is a usage error naming the flag.
func TestProxyCommandAllowOrigin(t *testing.T) {
	apiEnv(t)
	for _, args := range [][]string{{"--allow-origin", "*"}, {"--allow-origin", "https://app.example/path"}, {"--body-timeout", "0s"}} {
		_, e, c := purse(t, "", append([]string{"proxy", "--listen", "127.0.0.1:0"}, args...)...)
		if c != exitUsage || !strings.Contains(e, args[0]) {
			t.Fatalf("%v: exit %d %s", args, c, e)
		}
	}
	p := startProxy(t, "--listen", "127.0.0.1:0", "--allow-origin", "http://localhost:3000")
	if len(p.start.AllowOrigins) != 1 || p.start.AllowOrigins[0] != "http://localhost:3000" {
		t.Fatalf("start %+v", p.start)
	}
	for origin, want := range map[string]string{"http://localhost:3000": "http://localhost:3000", "https://evil.example": ""} {
		req, _ := http.NewRequest(http.MethodOptions, p.start.URL+"/api/v2/transactions", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Access-Control-Allow-Origin"); got != want || (want == "") != (resp.StatusCode == http.StatusForbidden) {
			t.Fatalf("preflight from %s: HTTP %d, allowed %q", origin, resp.StatusCode, got)
		}
	}
}
