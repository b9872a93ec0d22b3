//go:build unix

package app

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"purse/agent"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// SIGHUP reads the policy again in a running agent: a valid file applies to the next request;
// an invalid one keeps the policy in force, and status says why, naming the line.
func TestAgentReloadsPolicyOnSIGHUP(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337", EVMKey: "me"})
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("[purposes]\npersonal = \"allow\"\n")
	serveAgent(t, home, nil)
	a, err := Open(Options{Home: home, Client: "reload test"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := a.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wallet.SignPersonal(s, []byte("hi")); err != nil {
		t.Fatalf("allowed: %v", err)
	}
	ctx := context.Background()
	hupUntil := func(what string, done func(*agent.Status) bool) {
		t.Helper()
		if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			st, err := a.Agent().Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if done(st) {
				return
			}
			if i > 200 {
				t.Fatalf("%s: status after SIGHUP: %q %v", what, st.PolicyError, st.Rules)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	write("[purposes]\npersonal = \"deny\"\n")
	hupUntil("a valid file", func(st *agent.Status) bool {
		return strings.Contains(strings.Join(st.Rules, "\n"), `purposes.personal = "deny"`)
	})
	if _, err := wallet.SignPersonal(s, []byte("hi")); !errors.Is(err, agent.ErrDenied) {
		t.Fatalf("after the reload to deny: %v", err)
	}
	write("[purposes]\npersonal = \"deny\"\n[limits.permit]\nEUR24 = \"lots\"\n")
	hupUntil("an invalid file", func(st *agent.Status) bool {
		return strings.Contains(st.PolicyError, `limits.permit.EUR24 = "lots" (line 4)`) && strings.Contains(st.PolicyError, "kept")
	})
	if _, err := wallet.SignPersonal(s, []byte("hi")); !errors.Is(err, agent.ErrDenied) || !strings.Contains(err.Error(), `purposes.personal = "deny"`) {
		t.Fatalf("the policy in force was not kept: %v", err)
	}
	write("[purposes]\npersonal = \"allow\"\n")
	hupUntil("a valid file again", func(st *agent.Status) bool { return st.PolicyError == "" })
	if _, err := wallet.SignPersonal(s, []byte("hi")); err != nil {
		t.Fatalf("allowed again: %v", err)
	}
}
