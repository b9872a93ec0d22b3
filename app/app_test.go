package app

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

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
