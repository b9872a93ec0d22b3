package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

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

// relay is a socket between a client and the agent that records the op of each request and
// may rewrite the agent's answers (a hostile process in the middle).
type relay struct {
	path string
	mu   sync.Mutex
	ops  []string
}

func (r *relay) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.ops)
}

func startRelay(t *testing.T, target string, rewrite func([]byte) []byte) *relay {
	t.Helper()
	dir, err := os.MkdirTemp("", "relay")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	r := &relay{path: filepath.Join(dir, "s")}
	ln, err := net.Listen("unix", r.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				up, err := net.Dial("unix", target)
				if err != nil {
					return
				}
				defer up.Close()
				go func() {
					in := bufio.NewReader(c)
					for {
						line, err := in.ReadBytes('\n')
						if len(line) > 0 {
							var m struct{ Op string }
							_ = json.Unmarshal(line, &m)
							r.mu.Lock()
							r.ops = append(r.ops, m.Op)
							r.mu.Unlock()
							if _, werr := up.Write(line); werr != nil {
								return
							}
						}
						if err != nil {
							return
						}
					}
				}()
				out := bufio.NewReader(up)
				for {
					line, err := out.ReadBytes('\n')
					if len(line) > 0 {
						if rewrite != nil {
							line = rewrite(line)
						}
						if _, werr := c.Write(line); werr != nil {
							return
						}
					}
					if err != nil {
						return
					}
				}
			}()
		}
	}()
	return r
}

// purse sign full-auth through the agent: a key locked there is unlocked with the passphrase
// given and the request signed there; an unlocked key signs in one round trip (a "sign", no
// "key" first: the answer names the key's address); an answer naming another address than
// the one the signature recovers to is refused; with no agent behind the socket the key
// signs in the process.
func TestOfflineFullAuthThroughTheAgent(t *testing.T) {
	home, err := os.MkdirTemp("", "pa")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	ks := fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	me, err := ks.Get("me")
	if err != nil {
		t.Fatal(err)
	}
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	serveAgent(t, home, nil)
	query := "" // a read: a query no GET takes would be a payload the policy asks about
	in := FullAuthInput{Key: "me", TokenID: "1234", Network: "5003", Method: "GET", Payload: Payload{Query: &query},
		Deadline: Deadline{Default: true}, Route: "card"}
	signedBy := func(out SignedFullAuth) string {
		t.Helper()
		got, err := wallet.RecoverFullAuth(out.Hash, out.Deadline, out.Sign)
		if err != nil {
			t.Fatal(err)
		}
		return got.Hex()
	}
	audited := func() int {
		t.Helper()
		recs, err := ks.ListAudit()
		if err != nil {
			t.Fatal(err)
		}
		return len(recs)
	}

	a, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Sign().FullAuth(in, nil, time.Now()); err == nil {
		t.Fatal("a key locked in the agent signed without its passphrase")
	}
	out, err := a.Sign().FullAuth(in, &Unlock{Passphrase: []byte("pw")}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if signedBy(out) != me.Address || audited() != 1 || len(a.Unlocked()) != 1 {
		t.Fatalf("locked key: signed by %s (want %s), %d audited, agent holds %+v", signedBy(out), me.Address, audited(), a.Unlocked())
	}

	r := startRelay(t, agent.SocketPath(home), nil)
	t.Setenv(agent.EnvSocket, r.path)
	b, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	out, err = b.Sign().FullAuth(in, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if signedBy(out) != me.Address || audited() != 2 || !slices.Equal(r.seen(), []string{"sign"}) {
		t.Fatalf("unlocked key: signed by %s, %d audited, requests %v (want one sign)", signedBy(out), audited(), r.seen())
	}

	other := "0x00000000000000000000000000000000000000b2"
	forged := startRelay(t, agent.SocketPath(home), func(line []byte) []byte {
		return bytes.ReplaceAll(line, []byte(`"address":"`+me.Address+`"`), []byte(`"address":"`+other+`"`))
	})
	t.Setenv(agent.EnvSocket, forged.path)
	c, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Sign().FullAuth(in, nil, time.Now()); err == nil || !strings.Contains(err.Error(), "does not recover to "+common.HexToAddress(other).Hex()) {
		t.Fatalf("an answer naming another address: %v", err)
	}

	// A socket an agent left behind: nothing listens there.
	stale := filepath.Join(t.TempDir(), "stale")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: stale, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	t.Setenv(agent.EnvSocket, stale)
	d, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	before := audited()
	out, err = d.Sign().FullAuth(in, &Unlock{Passphrase: []byte("pw")}, time.Now())
	if err != nil || signedBy(out) != me.Address || audited() != before+1 {
		t.Fatalf("no agent behind the socket: %v (%d audited, want %d)", err, audited(), before+1)
	}
}
