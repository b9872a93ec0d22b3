//go:build keyring_integration

package keystore

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"purse/wallet"
)

// TestOSKeyringIntegration runs against the real OS keyring (gnome-keyring under
// dbus-run-session, see scripts/test-keyring.sh). It fails, never skips, when the keyring
// does not answer: a skipped keyring test would hide exactly the failure it exists for.
func TestOSKeyringIntegration(t *testing.T) {
	s, err := Open(Options{Home: t.TempDir(), Backend: BackendOS, KeyringTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.probeKeyring(); err != nil {
		t.Fatalf("the OS keyring is not reachable (run scripts/test-keyring.sh): %v", err)
	}
	var notice bytes.Buffer
	auto, err := Open(Options{Home: t.TempDir(), Notice: &notice, KeyringTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if auto.Backend() != BackendOS {
		t.Fatalf("auto did not pick the reachable keyring: %s", notice.String())
	}
	t.Logf("auto: %s", strings.TrimSpace(notice.String()))

	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	evmLabel := "it-evm-" + hex.EncodeToString(suffix)
	solLabel := "it-sol-" + hex.EncodeToString(suffix)
	renamed := evmLabel + "-renamed"
	t.Cleanup(func() {
		for _, l := range []string{evmLabel, solLabel, renamed} {
			_ = keyring.Delete(KeyringService, l)
		}
	})

	e, err := s.New(evmLabel, KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	if e.Backend != BackendOS {
		t.Fatalf("backend %s", e.Backend)
	}
	item, err := keyring.Get(KeyringService, evmLabel)
	if err != nil || !strings.Contains(item, `"kind":"evm"`) {
		t.Fatalf("the item is not in the keyring: %v", err)
	}
	es, err := s.EVMSigner(evmLabel, "integration")
	if err != nil {
		t.Fatal(err)
	}
	fa, err := wallet.SignFullAuth(es, []byte(`{"it":true}`), 1790000000)
	if err != nil {
		t.Fatal(err)
	}
	if addr, err := wallet.RecoverFullAuth(fa.Hash, "1790000000", fa.Sign); err != nil || addr.Hex() != e.Address {
		t.Fatalf("recovered %s, want %s (%v)", addr.Hex(), e.Address, err)
	}

	sol, err := s.ImportMnemonic(solLabel, KindSolana, []byte("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"), nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if sol.Address != "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk" {
		t.Fatalf("solana address %s", sol.Address)
	}
	ss, err := s.SolanaSigner(solLabel, "integration")
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("integration message")
	sig, err := ss.SignMessage(wallet.PurposeSolanaTx, msg)
	if err != nil || !wallet.VerifySolana(ss.PublicKey(), msg, sig) {
		t.Fatalf("solana signature: %v", err)
	}

	if _, err := s.Rename(evmLabel, renamed); err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get(KeyringService, evmLabel); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("old item still there after rename: %v", err)
	}
	es2, err := s.EVMSigner(renamed, "integration")
	if err != nil || es2.Address().Hex() != e.Address {
		t.Fatalf("signer after rename: %v", err)
	}

	if n, err := s.VerifyAudit(); err != nil || n != 2 {
		t.Fatalf("audit: %d %v", n, err)
	}
	for _, l := range []string{renamed, solLabel} {
		if err := s.Remove(l); err != nil {
			t.Fatal(err)
		}
		if _, err := keyring.Get(KeyringService, l); !errors.Is(err, keyring.ErrNotFound) {
			t.Fatalf("item %s still in the keyring after remove: %v", l, err)
		}
	}
	if list, _ := s.List(); len(list) != 0 {
		t.Fatalf("index after remove: %+v", list)
	}
}
