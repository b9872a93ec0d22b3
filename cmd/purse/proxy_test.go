package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
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
