package app

import (
	"errors"
	"testing"
	"time"

	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// TestSessionKeepsAKeyUnlocked: with the cache on, a key unlocked once signs again without a
// passphrase until it has been idle for the TTL; then, on Lock, its secret is wiped (the old
// signer refuses); with the cache off (the CLI) every call needs the passphrase. That
// removing a key wipes it, and only it, is app/keys' TestRemovingAKeyWipesOnlyIt.
func TestSessionKeepsAKeyUnlocked(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	useProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var locked *LockedError
	if _, err := s.evmSigner(nil); !errors.As(err, &locked) {
		t.Fatalf("without a passphrase: %v", err)
	}

	// Off (the CLI): a passphrase once is not remembered.
	if _, err := s.evmSigner(&Unlock{Passphrase: []byte("pw")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.evmSigner(nil); !errors.As(err, &locked) {
		t.Fatalf("the cache is off, yet the key stayed unlocked: %v", err)
	}

	now := time.Unix(1_800_000_000, 0)
	s.unlocked.now = func() time.Time { return now }
	s.KeepUnlocked(time.Minute)
	first, err := s.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(50 * time.Second)
	again, err := s.evmSigner(nil)
	if err != nil || again.(*gatedEVMSigner).key != first.(*gatedEVMSigner).key {
		t.Fatalf("held key not used: %v", err)
	}
	if u := s.Unlocked(); len(u) != 1 || u[0].Label != "me" || !u[0].Expires.Equal(now.Add(time.Minute)) {
		t.Fatalf("unlocked: %+v", u)
	}
	// Idle past the TTL (the hit above counted as use): wiped.
	now = now.Add(61 * time.Second)
	if u := s.Unlocked(); len(u) != 0 {
		t.Fatalf("expired key still listed: %+v", u)
	}
	if _, err := readSig(first); !errors.Is(err, wallet.ErrZeroed) {
		t.Fatalf("an expired key still signs: %v", err)
	}
	if _, err := s.evmSigner(nil); !errors.As(err, &locked) {
		t.Fatalf("after expiry: %v", err)
	}

	// Lock wipes at once.
	held, err := s.evmSigner(&Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	s.Lock()
	if _, err := readSig(held); !errors.Is(err, wallet.ErrZeroed) {
		t.Fatalf("a locked key still signs: %v", err)
	}
	if _, err := s.evmSigner(nil); !errors.As(err, &locked) {
		t.Fatalf("after Lock: %v", err)
	}
}

// readSig signs a full-auth read, which the default policy signs without asking.
func readSig(s wallet.EVMSigner) (wallet.FullAuth, error) {
	now := time.Now()
	return wallet.SignFullAuth(s, []byte(`{"pageSize":5}`), now.Add(time.Minute).Unix(), now)
}
