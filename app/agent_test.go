package app

import (
	"context"
	"errors"
	"net"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"purse/agent"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// agentsEnded maps a home to a channel closed once the agent serveAgent started for it has
// returned (its socket removed): a test that stops an agent waits on it before starting
// another on the same socket.
var agentsEnded sync.Map

// serveAgent runs home's agent in-process until the test ends, with display d (nil: none).
func serveAgent(t testing.TB, home string, d agent.Display) *App {
	t.Helper()
	t.Setenv(agent.EnvSocket, "")
	t.Setenv(agent.EnvRuntimeDir, "")
	t.Setenv(EnvNoAgent, "")
	srv, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	done := make(chan error, 1)
	ended := make(chan struct{})
	agentsEnded.Store(home, ended)
	go func() {
		done <- srv.Agent().Serve(ctx, nil, AgentServeOptions{Display: d, Ready: func(string, *agent.Policy) { close(ready) }})
		close(ended)
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return srv
}

// The TUI's path through the agent: a locked key is a LockedError naming it (the TUI asks),
// the passphrase it then gives unlocks the key in the agent (through a pipe), and from then
// on the key signs without one; the footer lists the agent's key and ctrl+l wipes it there.
func TestSignersUseTheAgent(t *testing.T) {
	home, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	serveAgent(t, home, nil)
	tui, err := Open(Options{Home: home, Client: "purse TUI"})
	if err != nil {
		t.Fatal(err)
	}

	_, err = tui.evmSigner(nil)
	var le *LockedError
	if !errors.As(err, &le) || le.Label() != "me" {
		t.Fatalf("locked key: %v", err)
	}
	if _, err := tui.evmSigner(&Unlock{Passphrase: []byte("wrong")}); err == nil {
		t.Fatal("a wrong passphrase unlocked the key")
	}
	// The agent's refusal keeps its kind across the socket (its code, not its words), so the
	// TUI asks again as it does for a key opened in the process.
	if _, err := tui.evmSigner(&Unlock{Passphrase: []byte("wrong")}); !IsWrongPassphrase(err) {
		t.Fatalf("a wrong passphrase through the agent: %v", err)
	}
	if len(tui.Unlocked()) != 0 {
		t.Fatal("a failed unlock left a key in the agent")
	}
	s, err := tui.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*agent.EVMSigner); !ok {
		t.Fatalf("signer %T is not the agent's", s)
	}
	again, err := tui.evmSigner(nil)
	if err != nil {
		t.Fatalf("unlocked in the agent, still asked: %v", err)
	}
	fa, err := wallet.SignFullAuthCall(again, "POST", "transactions", []byte(`{"pageSize":5}`), time.Now().Add(time.Minute).Unix(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got, err := wallet.RecoverFullAuth(fa.Hash, strconv.FormatInt(fa.Deadline, 10), fa.Sign); err != nil || got != s.Address() {
		t.Fatalf("recovered %s (%v), want %s", got.Hex(), err, s.Address().Hex())
	}
	// One writer: the agent's audit record is in the home's log.
	ks, err := tui.keys(nil)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := ks.ListAudit()
	if err != nil || len(recs) != 1 || recs[0].Purpose != string(wallet.PurposeFullAuth) || recs[0].Profile != "t" {
		t.Fatalf("audit: %+v %v", recs, err)
	}

	if u := tui.Unlocked(); len(u) != 1 || u[0].Label != "me" || time.Until(u[0].Expires) <= 0 {
		t.Fatalf("footer keys: %+v", u)
	}
	tui.Lock()
	if len(tui.Unlocked()) != 0 {
		t.Fatal("ctrl+l left the key in the agent")
	}
	if _, err := tui.evmSigner(nil); !errors.As(err, &le) {
		t.Fatalf("after lock: %v", err)
	}

	// PURSE_NO_AGENT=1: the process signs itself, as without an agent.
	t.Setenv(EnvNoAgent, "1")
	local, err := tui.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := local.(*agent.EVMSigner); ok {
		t.Fatal("PURSE_NO_AGENT=1 still signed through the agent")
	}
}

// A socket an agent left behind (it crashed) is no agent: signers are local, as without one.
func TestStaleAgentSocketSignsLocally(t *testing.T) {
	home, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	t.Setenv(agent.EnvSocket, "")
	t.Setenv(agent.EnvRuntimeDir, "")
	t.Setenv(EnvNoAgent, "")
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: agent.SocketPath(home), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	a, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	s, err := a.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatalf("stale socket: %v", err)
	}
	if _, ok := s.(*agent.EVMSigner); ok {
		t.Fatal("signed through an agent that is not there")
	}
	if len(a.Unlocked()) != 0 {
		t.Fatal("no agent, yet keys listed")
	}
}
