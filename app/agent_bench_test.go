package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"purse/agent"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// BenchmarkAgentAuditedSign is signatures through the agent by concurrent clients of this
// process, each a connection of its own over the agent's socket as a client program makes
// one: the kernel's peer checks on both ends, the policy, the gate, the signature and its
// audit record synced before the answer (group commit). ns/op is per signature, sig/s the
// rate; keystore's BenchmarkBareFsync is the floor one fsync per signature would hold it to.
func BenchmarkAgentAuditedSign(b *testing.B) {
	for _, clients := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			_, s := agentPersonalSigner(b)
			msg := []byte("benchmark")
			if _, err := wallet.SignPersonal(s, msg); err != nil {
				b.Fatal(err)
			}
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for range clients {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for next.Add(1) <= int64(b.N) {
						if _, err := wallet.SignPersonal(s, msg); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "sig/s")
		})
	}
}

// The agent reads the profiles file again when it changed, and only then: a profile removed
// by another process is not signed under.
func TestAgentFollowsTheProfilesFile(t *testing.T) {
	home, s := agentPersonalSigner(t)
	for range 2 {
		if _, err := wallet.SignPersonal(s, []byte("hi")); err != nil {
			t.Fatal(err)
		}
	}
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Use(config.SandboxName); err != nil {
		t.Fatal(err)
	}
	if err := st.Remove("t"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := wallet.SignPersonal(s, []byte("hi")); err == nil || !strings.Contains(err.Error(), `profile "t" does not exist`) {
		t.Fatalf("signed under a removed profile: %v", err)
	}
}

// agentPersonalSigner is a home with key "me" in a profile "t", an agent serving it whose
// policy allows personal messages, and a signer of this process that signs through it.
func agentPersonalSigner(tb testing.TB) (string, wallet.EVMSigner) {
	tb.Helper()
	home, err := os.MkdirTemp("", "pb")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(home) })
	fileStore(tb, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(tb, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"})
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\npersonal = \"allow\"\n"), 0o600); err != nil {
		tb.Fatal(err)
	}
	serveAgent(tb, home, askedDisplay{&asked{}})
	a, err := Open(Options{Home: home, Client: "test"})
	if err != nil {
		tb.Fatal(err)
	}
	s, err := a.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		tb.Fatal(err)
	}
	if _, ok := s.(*agent.EVMSigner); !ok {
		tb.Fatalf("signer %T is not the agent's", s)
	}
	return home, s
}

// A missing profiles file is a state too: while it stays missing nothing is read again (the
// agent signed each request of a home with only the embedded profile after a failed open and
// a parse), and once it appears it is read.
func TestProfilesFileStateIncludesItsAbsence(t *testing.T) {
	path := filepath.Join(t.TempDir(), config.ProfilesFile)
	absent := statOf(path)
	if absent == nil || !absent.unchanged() {
		t.Fatalf("no file, still no file: %+v unchanged=%v", absent, absent.unchanged())
	}
	if err := os.WriteFile(path, []byte("active = \"sandbox\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if absent.unchanged() {
		t.Fatal("a profiles file that appeared was taken for no change")
	}
	present := statOf(path)
	if !present.unchanged() {
		t.Fatal("an unchanged file was taken for a change")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if present.unchanged() {
		t.Fatal("a removed profiles file was taken for no change")
	}
}
