package sign

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/app"
	"purse/app/apptest"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/wallet"
)

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
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	me, err := ks.Get("me")
	if err != nil {
		t.Fatal(err)
	}
	testhome.UseProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	apptest.ServeAgentWith(t, home, nil)
	query := "" // a read: a query no GET takes would be a payload the policy asks about
	in := FullAuthInput{Key: "me", TokenID: "1234", Network: "5003", Method: "GET", Payload: Payload{Query: &query},
		Deadline: Deadline{Default: true}, Route: "card"}
	signedBy := func(out FullAuth) string {
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

	a, err := app.Open(app.Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(a).FullAuth(in, nil, time.Now()); err == nil {
		t.Fatal("a key locked in the agent signed without its passphrase")
	}
	out, err := New(a).FullAuth(in, &app.Unlock{Passphrase: []byte("pw")}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if signedBy(out) != me.Address || audited() != 1 || len(a.Unlocked()) != 1 {
		t.Fatalf("locked key: signed by %s (want %s), %d audited, agent holds %+v", signedBy(out), me.Address, audited(), a.Unlocked())
	}

	r := startRelay(t, agent.SocketPath(home), nil)
	t.Setenv(agent.EnvSocket, r.path)
	b, err := app.Open(app.Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	out, err = New(b).FullAuth(in, nil, time.Now())
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
	c, err := app.Open(app.Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(c).FullAuth(in, nil, time.Now()); err == nil || !strings.Contains(err.Error(), "does not recover to "+common.HexToAddress(other).Hex()) {
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
	d, err := app.Open(app.Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	before := audited()
	out, err = New(d).FullAuth(in, &app.Unlock{Passphrase: []byte("pw")}, time.Now())
	if err != nil || signedBy(out) != me.Address || audited() != before+1 {
		t.Fatalf("no agent behind the socket: %v (%d audited, want %d)", err, audited(), before+1)
	}
}
