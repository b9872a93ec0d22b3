//go:build keyring_integration

package keystore

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"purse/internal/hometest"
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
	var items []string // item names to delete at the end, whatever happens
	t.Cleanup(func() {
		for _, n := range append(items, evmLabel, solLabel, renamed) {
			_ = keyring.Delete(KeyringService, n)
		}
	})
	name := func(st *Store, e Entry) string {
		ix, err := st.readIndex()
		if err != nil {
			t.Fatal(err)
		}
		n := itemName(ix.Home, e.ID)
		items = append(items, n)
		return n
	}

	e, err := s.New(evmLabel, KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	if e.Backend != BackendOS {
		t.Fatalf("backend %s", e.Backend)
	}
	evmItem := name(s, e)
	item, err := keyring.Get(KeyringService, evmItem)
	if err != nil || !strings.Contains(item, `"kind":"evm"`) {
		t.Fatalf("the item is not in the keyring: %v", err)
	}
	if _, err := keyring.Get(KeyringService, evmLabel); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("an item is named by the label alone: %v", err)
	}
	es, err := s.EVMSigner(evmLabel, "integration")
	if err != nil {
		t.Fatal(err)
	}
	fa, err := wallet.SignFullAuth(es, []byte(`{"it":true}`), 1790000000, time.Unix(1790000000-60, 0))
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
	solItem := name(s, sol)
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
	if _, err := keyring.Get(KeyringService, evmItem); err != nil {
		t.Fatalf("the item of the key moved on rename: %v", err)
	}
	es2, err := s.EVMSigner(renamed, "integration")
	if err != nil || es2.Address().Hex() != e.Address {
		t.Fatalf("signer after rename: %v", err)
	}

	if n, err := s.VerifyAudit(); err != nil || n != 2 {
		t.Fatalf("audit: %d %v", n, err)
	}
	for _, r := range []struct{ label, item string }{{renamed, evmItem}, {solLabel, solItem}} {
		if _, err := s.Remove(r.label); err != nil {
			t.Fatal(err)
		}
		if _, err := keyring.Get(KeyringService, r.item); !errors.Is(err, keyring.ErrNotFound) {
			t.Fatalf("item of %s still in the keyring after remove: %v", r.label, err)
		}
	}
	if list, _ := s.List(); len(list) != 0 {
		t.Fatalf("index after remove: %+v", list)
	}

	// Two homes, one label: removing it in one leaves the other's secret.
	h1, _ := Open(Options{Home: t.TempDir(), Backend: BackendOS, KeyringTimeout: 10 * time.Second})
	h2, _ := Open(Options{Home: t.TempDir(), Backend: BackendOS, KeyringTimeout: 10 * time.Second})
	e1, err := h1.New(evmLabel, KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	name(h1, e1)
	e2, err := h2.New(evmLabel, KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	name(h2, e2)
	if _, err := h1.Remove(evmLabel); err != nil {
		t.Fatal(err)
	}
	if sg, err := h2.EVMSigner(evmLabel, "integration"); err != nil || sg.Address().Hex() != e2.Address {
		t.Fatalf("the other home lost its key: %v", err)
	}
	if _, err := h2.Remove(evmLabel); err != nil {
		t.Fatal(err)
	}

	// A copy of a home (cp -a): removing the key in the copy leaves the original's item, and
	// the original still signs; the original's own remove deletes it.
	origHome, copyPath := filepath.Join(t.TempDir(), "purse"), filepath.Join(t.TempDir(), "purse-copy")
	orig, _ := Open(Options{Home: origHome, Backend: BackendOS, KeyringTimeout: 10 * time.Second})
	eo, err := orig.New(evmLabel, KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	origItem := name(orig, eo)
	hometest.Copy(t, origHome, copyPath)
	cp, _ := Open(Options{Home: copyPath, Backend: BackendOS, KeyringTimeout: 10 * time.Second})
	if sg, err := cp.EVMSigner(evmLabel, "integration"); err != nil || sg.Address().Hex() != eo.Address {
		t.Fatalf("the copy does not sign with the key it brought along: %v", err)
	}
	if r, err := cp.Remove(evmLabel); err != nil || r.SecretDeleted || len(r.Items) != 1 || r.Items[0] != origItem {
		t.Fatalf("remove in the copy: %+v %v", r, err)
	}
	if _, err := keyring.Get(KeyringService, origItem); err != nil {
		t.Fatalf("the copy's remove deleted the original's item: %v", err)
	}
	if sg, err := orig.EVMSigner(evmLabel, "integration"); err != nil || sg.Address().Hex() != eo.Address {
		t.Fatalf("the original lost its key to the copy's remove: %v", err)
	}
	if r, err := orig.Remove(evmLabel); err != nil || !r.SecretDeleted {
		t.Fatalf("remove in the original: %+v %v", r, err)
	}
	if _, err := keyring.Get(KeyringService, origItem); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the original's remove left its item: %v", err)
	}
}
