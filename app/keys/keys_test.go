package keys

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/wallet"
)

// keyStore opens s's key store as the core does for its own signers (the first opening runs
// the session's start-up check).
func keyStore(t *testing.T, s *app.App) (*keystore.Store, error) {
	t.Helper()
	p, ok := port.KeysOf(s)
	if !ok {
		t.Fatal("no application core")
	}
	return p.KeyStore(nil)
}

// An inconsistent key store is announced once per session, at the first store opened, and
// the doctor lists and repairs it. The stale temporary files of the home are removed at that
// first opening, and the notice says which.
func TestKeyStoreProblemsNoticedOnceAndRepaired(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	testhome.FileStore(t, home, map[string]keystore.Kind{"a": keystore.KindEVM, "b": keystore.KindEVM, "c": keystore.KindEVM})
	// What kills leave: entries whose file is gone, temporary copies of the index and of the
	// profiles (stale: an hour old, no purse writing them).
	for _, l := range []string{"b", "c"} {
		if err := os.Remove(filepath.Join(home, "keys", l+".json")); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Mkdir(app.ExportDir(home), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tmp := range []string{".keys.json.tmp-1", ".profiles.toml.tmp-2", filepath.Join("exports", ".transactions-20240501-100000.csv.tmp-3")} {
		if err := os.WriteFile(filepath.Join(home, tmp), []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(filepath.Join(home, tmp), old, old)
	}
	var notice bytes.Buffer
	s, err := app.Open(app.Options{Home: home, Notice: &notice})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := keyStore(t, s); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(notice.String(), "purse key doctor"); n != 1 || !strings.Contains(notice.String(), "and 1 more") ||
		!strings.Contains(notice.String(), "removed 3 temporary files interrupted writes left in "+home+": .keys.json.tmp-1, .profiles.toml.tmp-2, "+filepath.Join("exports", ".transactions-20240501-100000.csv.tmp-3")+"\n") {
		t.Fatalf("notice %q", notice.String())
	}
	check, err := New(s).Doctor()
	if err != nil || len(check.Findings) != 2 || len(check.Temps) != 0 {
		t.Fatalf("doctor %+v %v", check, err)
	}
	for _, f := range check.Findings {
		if err := New(s).Repair(f, f.Actions[0]); err != nil {
			t.Fatal(err)
		}
	}
	if check, err := New(s).Doctor(); err != nil || len(check.Findings) != 0 {
		t.Fatalf("after repair %+v %v", check, err)
	}
	notice.Reset()
	s2, _ := app.Open(app.Options{Home: home, Notice: &notice})
	if _, err := keyStore(t, s2); err != nil || notice.Len() != 0 {
		t.Fatalf("a consistent store noticed: %q %v", notice.String(), err)
	}
}

// TestRemovingAKeyWipesOnlyIt: a key the session holds unlocked is wiped when it is removed,
// and only it: another key unlocked stays unlocked. (The session's own cache — TTL, Lock — is
// app's TestSessionKeepsAKeyUnlocked.)
func TestRemovingAKeyWipesOnlyIt(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "other": keystore.KindEVM})
	testhome.UseProfile(t, home, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "5003", EVMKey: "me"})
	s, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	s.KeepUnlocked(time.Minute)
	sess, ok := port.Of(s)
	if !ok {
		t.Fatal("no application core")
	}
	removed, err := sess.EVMSigner(&app.Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	other, err := sess.ReadOnlyEVMSigner("other", &app.Unlock{Passphrase: []byte("pw")})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Unlocked()) != 2 {
		t.Fatalf("two keys unlocked: %+v", s.Unlocked())
	}
	// A full-auth read, which the default policy signs without asking.
	now := time.Now()
	readSig := func(s wallet.EVMSigner) (wallet.FullAuth, error) {
		return wallet.SignFullAuth(s, []byte(`{"pageSize":5}`), now.Add(time.Minute).Unix(), now)
	}
	if _, err := New(s).Remove("me"); err != nil {
		t.Fatal(err)
	}
	if _, err := readSig(removed); !errors.Is(err, wallet.ErrZeroed) {
		t.Fatalf("a removed key still signs: %v", err)
	}
	if u := s.Unlocked(); len(u) != 1 || u[0].Label != "other" {
		t.Fatalf("removing one key wiped the others too: %+v", u)
	}
	if _, err := readSig(other); err != nil {
		t.Fatalf("the other key no longer signs: %v", err)
	}
}
