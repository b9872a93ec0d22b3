package app

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"

	"purse/config"
)

// The sandbox detection (detectSandbox, which sandbox.Service.Detect answers with) asks only
// a loopback user_api, once per user_api in a session: a live service is never sent GET
// /sandbox/info (the CLI's account status and the Account screen used to ask any profile's
// service, 1.5 s each time), and a remote server cannot pass for a sandbox whose controls
// purse would then offer.
func TestSandboxDetectAsksOnlyLoopbackOnce(t *testing.T) {
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sandbox/info" {
			asked.Add(1)
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	home, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	useProfile(t, home, &config.Profile{Name: "local", UserAPI: srv.URL, Network: "5003"})
	a, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, ok := a.detectSandbox(context.Background()); ok {
			t.Fatal("a service answering 404 was taken for a sandbox")
		}
	}
	if n := asked.Load(); n != 1 {
		t.Fatalf("GET /sandbox/info asked %d times in one session, want once", n)
	}

	// The same server reached at an address of this machine that is not loopback, as a
	// remote service would be.
	var ip net.IP
	addrs, _ := net.InterfaceAddrs()
	for _, ad := range addrs {
		if n, ok := ad.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
			ip = n.IP
			break
		}
	}
	if ip == nil {
		t.Skip("this machine has no address but loopback")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(ip.String(), "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	remote := httptest.NewUnstartedServer(srv.Config.Handler)
	remote.Listener = ln
	remote.Start()
	defer remote.Close()
	useProfile(t, home, &config.Profile{Name: "remote", UserAPI: remote.URL, Network: "5000"})
	b, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	before := asked.Load()
	if _, ok := b.detectSandbox(context.Background()); ok {
		t.Fatal("a remote service was taken for a sandbox")
	}
	if n := asked.Load() - before; n != 0 {
		t.Fatalf("a service at %s was sent GET /sandbox/info %d time(s)", remote.URL, n)
	}
}
