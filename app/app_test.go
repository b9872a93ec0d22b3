package app

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"purse/config"
	"purse/keystore"
)

func TestPassphraseRoundTripAndProfileUpdate(t *testing.T) {
	home := t.TempDir()
	ks := fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.evmSigner(nil); err == nil {
		t.Fatal("signed without an EVM key in the profile")
	}
	p, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("evm_key", "me") })
	if err != nil || p.EVMKey != "me" || s.Profile().EVMKey != "me" {
		t.Fatalf("update: %+v %v", p, err)
	}
	if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("network", "x") }); err == nil || s.Profile().Network != "31337" {
		t.Fatalf("a failed update changed the profile: %v", err)
	}
	if _, err := s.evmSigner(nil); !errors.Is(err, ErrNeedsUnlock) {
		t.Fatalf("without a passphrase: %v", err)
	}
	if _, err := s.evmSigner(&Unlock{Passphrase: []byte("wrong")}); err == nil || errors.Is(err, ErrNeedsUnlock) || !IsWrongPassphrase(err) {
		t.Fatalf("wrong passphrase: %v", err)
	}
	signer, err := s.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := ks.Get("me")
	if signer.Address().Hex() != e.Address {
		t.Fatalf("signer %s, key %s", signer.Address().Hex(), e.Address)
	}
	reloaded, _ := New(home, "", nil)
	if reloaded.Profile().EVMKey != "me" {
		t.Fatal("profile change not saved")
	}
}

func TestNewFilesUseTheNewPassphraseAndTheNoticeIsLoggedOnce(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PURSE_KEYSTORE", "file")
	t.Cleanup(SetScryptCost(1<<4, 1))
	var logged bytes.Buffer
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	s.SetLogger(slog.New(slog.NewTextHandler(&logged, nil)))

	ks, err := s.keys(&Unlock{Passphrase: []byte("old")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.New("k", keystore.KindEVM); !errors.Is(err, ErrNeedsUnlock) {
		t.Fatalf("a new key file without Unlock.New: %v", err)
	}
	ks, _ = s.keys(&Unlock{New: []byte("fresh")})
	if _, err := ks.New("k", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	if _, err := s.keys(&Unlock{Passphrase: []byte("fresh")}); err != nil {
		t.Fatal(err)
	}
	if ks, _ := s.keys(&Unlock{Passphrase: []byte("fresh")}); ks != nil {
		if _, err := ks.EVMSigner("k", "sandbox"); err != nil {
			t.Fatalf("the key opens with the passphrase it was made with: %v", err)
		}
	}
	for range 3 {
		ks, _ := s.keys(nil)
		ks.Backend()
	}
	if n := strings.Count(logged.String(), "notice="); n != 1 {
		t.Fatalf("the backend notice was logged %d times:\n%s", n, logged.String())
	}
}

// TestLockedErrorNamesTheKey: the key store's prompts name the key; the unlock dialog's
// title reads it from there, so a change of the prompt's wording must show here.
func TestLockedErrorNamesTheKey(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PURSE_KEYSTORE", "file")
	defer SetScryptCost(1<<4, 1)()
	a, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.keys(&Unlock{New: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	ks, _ := a.keys(&Unlock{New: []byte("pw")})
	if _, err := ks.New("me", keystore.KindEVM); err != nil {
		t.Fatal(err)
	}
	ks, _ = a.keys(nil)
	_, err = ks.EVMSigner("me", "t")
	var locked *LockedError
	if !errors.As(err, &locked) || !errors.Is(err, ErrNeedsUnlock) || locked.Label() != "me" {
		t.Fatalf("locked key: %v (label %q)", err, func() string {
			if locked != nil {
				return locked.Label()
			}
			return ""
		}())
	}
	if (&LockedError{Prompt: "something else"}).Label() != "" {
		t.Fatal("a prompt without a key named one")
	}
}

// An inconsistent key store is announced once per session, at the first store opened, and
// the doctor lists and repairs it. The stale temporary files of the home are removed at that
// first opening, and the notice says which.
func TestKeyStoreProblemsNoticedOnceAndRepaired(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"a": keystore.KindEVM, "b": keystore.KindEVM, "c": keystore.KindEVM})
	// What kills leave: entries whose file is gone, temporary copies of the index and of the
	// profiles (stale: an hour old, no purse writing them).
	for _, l := range []string{"b", "c"} {
		if err := os.Remove(filepath.Join(home, "keys", l+".json")); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Mkdir(ExportDir(home), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tmp := range []string{".keys.json.tmp-1", ".profiles.toml.tmp-2", filepath.Join("exports", ".transactions-20240501-100000.csv.tmp-3")} {
		if err := os.WriteFile(filepath.Join(home, tmp), []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(filepath.Join(home, tmp), old, old)
	}
	var notice bytes.Buffer
	s, err := Open(Options{Home: home, Notice: &notice})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := s.keys(nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(notice.String(), "purse key doctor"); n != 1 || !strings.Contains(notice.String(), "and 1 more") ||
		!strings.Contains(notice.String(), "removed 3 temporary files interrupted writes left in "+home+": .keys.json.tmp-1, .profiles.toml.tmp-2, "+filepath.Join("exports", ".transactions-20240501-100000.csv.tmp-3")+"\n") {
		t.Fatalf("notice %q", notice.String())
	}
	check, err := s.Keys().Doctor()
	if err != nil || len(check.Findings) != 2 || len(check.Temps) != 0 {
		t.Fatalf("doctor %+v %v", check, err)
	}
	for _, f := range check.Findings {
		if err := s.Keys().Repair(f, f.Actions[0]); err != nil {
			t.Fatal(err)
		}
	}
	if check, err := s.Keys().Doctor(); err != nil || len(check.Findings) != 0 {
		t.Fatalf("after repair %+v %v", check, err)
	}
	notice.Reset()
	s2, _ := Open(Options{Home: home, Notice: &notice})
	if _, err := s2.keys(nil); err != nil || notice.Len() != 0 {
		t.Fatalf("a consistent store noticed: %q %v", notice.String(), err)
	}
}

// TestNoKeySaysAddOne: an operation needing a key the profile lacks says to add one (the
// next step), not to retry.
func TestNoKeySaysAddOne(t *testing.T) {
	t.Setenv("PURSE_KEYSTORE", "file")
	s, err := New(t.TempDir(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, evmErr := s.evmSigner(nil)
	_, solErr := s.solanaSigner(nil)
	for kind, err := range map[string]error{"EVM": evmErr, "Solana": solErr} {
		var adv *Advice
		if !errors.As(err, &adv) || !strings.Contains(adv.NextStep(), "Add or import a "+kind+" key on the Keys screen") {
			t.Errorf("%s: %v (advice %+v)", kind, err, adv)
		}
	}
}
