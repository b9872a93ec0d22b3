package app

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"purse/config"
)

// The home chain's JSON-RPC calls are in the session's request log under their method, as the
// Solana RPC's and the APIs' are: the Requests screen and --trace show them (issue 33).
func TestHomeChainCallsAreLogged(t *testing.T) {
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(string(b), "eth_chainId") {
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":"0x7a69"}`)
			return
		}
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":2,"result":"0x10"}`)
	}))
	defer node.Close()
	home := t.TempDir()
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMRPC: node.URL})
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	hc, err := s.homeChain(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer hc.Close()
	if _, err := hc.BlockNumber(context.Background()); err != nil {
		t.Fatal(err)
	}
	var routes []string
	for _, e := range s.RequestLog().Snapshot() {
		routes = append(routes, e.Route)
	}
	if strings.Join(routes, ",") != "evm eth_chainId,evm eth_blockNumber" {
		t.Fatalf("logged %q", routes)
	}
}
