package keystore

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gethks "github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/zalando/go-keyring"

	"purse/wallet"
)

const (
	abandonMnemonic = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	junkMnemonic    = "test test test test test test test test test test test junk"
	devKeyHex       = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	devAddress      = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
)

// testScryptN keeps unit tests fast; TestDefaultScryptIsStandard checks the real default.
const testScryptN = 1 << 4

// fixedPass is a passphrase source that always answers the same and records the prompts.
type fixedPass struct {
	mu      sync.Mutex
	pass    string
	prompts []string
}

func (f *fixedPass) fn(q Question) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.prompts = append(f.prompts, fmt.Sprintf("%s|%v", q.Prompt, q.Confirm))
	return []byte(f.pass), nil
}

func openTest(t *testing.T, home string, b Backend, pass *fixedPass, kr Keyring) (*Store, *bytes.Buffer) {
	t.Helper()
	var notice bytes.Buffer
	opts := Options{Home: home, Backend: b, Notice: &notice, Keyring: kr,
		ScryptN: testScryptN, ScryptP: 1, KeyringTimeout: 2 * time.Second}
	if pass != nil {
		opts.Passphrase = pass.fn
	}
	s, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, &notice
}

// backends runs f for the os backend (go-keyring's mock) and the file backend.
func backends(t *testing.T, f func(t *testing.T, s *Store, pass *fixedPass)) {
	for _, b := range []Backend{BackendOS, BackendFile} {
		t.Run(string(b), func(t *testing.T) {
			keyring.MockInit()
			pass := &fixedPass{pass: "correct horse"}
			s, _ := openTest(t, t.TempDir(), b, pass, nil)
			f(t, s, pass)
		})
	}
}

func TestMnemonicVectors(t *testing.T) {
	// wallet/testdata/vectors/VECTORS.md, "Mnemonic derivations": all four rows.
	for _, v := range []struct {
		mnemonic string
		kind     Kind
		path     string
		address  string
	}{
		{abandonMnemonic, KindEVM, "m/44'/60'/0'/0/0", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"},
		{abandonMnemonic, KindSolana, "m/44'/501'/0'/0'", "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk"},
		{abandonMnemonic, KindSolana, PathNone, "EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o"},
		{junkMnemonic, KindEVM, "m/44'/60'/0'/0/0", devAddress},
	} {
		sec, err := deriveMnemonic(v.kind, []byte(v.mnemonic), nil, v.path)
		if err != nil {
			t.Fatalf("%s %s: %v", v.kind, v.path, err)
		}
		if got := sec.address(); got != v.address {
			t.Errorf("%s %s: got %s, want %s", v.kind, v.path, got, v.address)
		}
		// The same through the store, with the default path where it applies.
		keyring.MockInit()
		s, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
		path := v.path
		if path == MnemonicPath(v.kind, 0) {
			path = ""
		}
		e, err := s.ImportMnemonic("k", v.kind, []byte("  "+strings.ToUpper(v.mnemonic)+"\n"), nil, path)
		if err != nil {
			t.Fatal(err)
		}
		if e.Address != v.address {
			t.Errorf("store %s %q: got %s, want %s", v.kind, path, e.Address, v.address)
		}
	}
	if MnemonicPath(KindEVM, 3) != "m/44'/60'/0'/0/3" || MnemonicPath(KindSolana, 3) != "m/44'/501'/3'/0'" {
		t.Error("MnemonicPath")
	}
	// A BIP-39 passphrase changes the key.
	sec, err := deriveMnemonic(KindEVM, []byte(abandonMnemonic), []byte("TREZOR"), "")
	if err != nil || sec.address() == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" {
		t.Errorf("passphrase ignored: %v", err)
	}
}

func TestLifecycle(t *testing.T) {
	backends(t, func(t *testing.T, s *Store, _ *fixedPass) {
		evm, err := s.ImportHex("dev", KindEVM, []byte("0x"+devKeyHex+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		if evm.Address != devAddress || evm.Backend != s.Backend() || evm.Kind != KindEVM || evm.Created.IsZero() {
			t.Fatalf("entry %+v", evm)
		}
		sol, err := s.New("sol.1", KindSolana)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.New("evm_2", KindEVM); err != nil {
			t.Fatal(err)
		}
		list, err := s.List()
		if err != nil || len(list) != 3 || list[0].Label != "dev" || list[1].Label != "evm_2" || list[2].Label != "sol.1" {
			t.Fatalf("list %+v %v", list, err)
		}
		got, err := s.Get("sol.1")
		if err != nil || got.Address != sol.Address {
			t.Fatalf("get %+v %v", got, err)
		}
		if _, err := s.Rename("dev", "dev-renamed"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get("dev"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("old label: %v", err)
		}
		sg, err := s.EVMSigner("dev-renamed", "sandbox")
		if err != nil || sg.Address().Hex() != devAddress {
			t.Fatalf("signer after rename: %v", err)
		}
		if _, err := s.Remove("dev-renamed"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Remove("dev-renamed"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("second remove: %v", err)
		}
		list, _ = s.List()
		if len(list) != 2 {
			t.Fatalf("after remove %+v", list)
		}
		if s.Backend() == BackendFile {
			files, _ := os.ReadDir(s.keysDir)
			if len(files) != 2 {
				t.Fatalf("key files %v", files)
			}
			st, _ := os.Stat(s.keysDir)
			if st.Mode().Perm() != 0o700 {
				t.Errorf("keys dir mode %o", st.Mode().Perm())
			}
			for _, f := range files {
				st, _ := os.Stat(filepath.Join(s.keysDir, f.Name()))
				if st.Mode().Perm() != 0o600 {
					t.Errorf("%s mode %o", f.Name(), st.Mode().Perm())
				}
			}
		} else {
			if _, err := keyring.Get(KeyringService, "dev-renamed"); !errors.Is(err, keyring.ErrNotFound) {
				t.Errorf("keyring item left after remove: %v", err)
			}
			if _, err := keyring.Get(KeyringService, "dev"); !errors.Is(err, keyring.ErrNotFound) {
				t.Errorf("keyring item left after rename: %v", err)
			}
		}
		st, _ := os.Stat(s.indexPath)
		if st.Mode().Perm() != 0o600 {
			t.Errorf("index mode %o", st.Mode().Perm())
		}
		idx, _ := os.ReadFile(s.indexPath)
		if bytes.Contains(bytes.ToLower(idx), []byte(devKeyHex)) {
			t.Error("the index holds a secret")
		}
		leftovers, _ := filepath.Glob(filepath.Join(s.home, ".*tmp*"))
		if len(leftovers) != 0 {
			t.Errorf("temporary files left: %v", leftovers)
		}
	})
}

func TestDefaultScryptIsStandard(t *testing.T) {
	s, err := Open(Options{Home: t.TempDir(), Backend: BackendFile, Passphrase: (&fixedPass{pass: "p"}).fn})
	if err != nil {
		t.Fatal(err)
	}
	if s.scryptN != gethks.StandardScryptN || s.scryptP != gethks.StandardScryptP {
		t.Fatalf("default scrypt N=%d P=%d", s.scryptN, s.scryptP)
	}
	if _, err := s.New("std", KindSolana); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(s.keyFile("std"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Version int    `json:"version"`
		Kind    string `json:"kind"`
		Address string `json:"address"`
		Crypto  struct {
			KDF       string         `json:"kdf"`
			KDFParams map[string]any `json:"kdfparams"`
		} `json:"crypto"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if f.Version != 3 || f.Kind != "solana" || f.Address == "" || f.Crypto.KDF != "scrypt" ||
		f.Crypto.KDFParams["n"] != float64(1<<18) || f.Crypto.KDFParams["p"] != float64(1) {
		t.Fatalf("file %s", b)
	}
}

func TestBackendChoice(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Backend
		ok   bool
	}{{"", BackendAuto, true}, {"os", BackendOS, true}, {"file", BackendFile, true}, {"auto", BackendAuto, true}, {"keyring", "", false}} {
		t.Setenv(EnvBackend, c.in)
		b, err := BackendFromEnv()
		if (err == nil) != c.ok || b != c.want {
			t.Errorf("%q: %v %v", c.in, b, err)
		}
		if err != nil && !strings.Contains(err.Error(), "PURSE_KEYSTORE: expected os, file or auto") {
			t.Errorf("%q: %v", c.in, err)
		}
	}
	if _, err := Open(Options{Home: t.TempDir(), Backend: "bogus"}); err == nil {
		t.Error("bogus backend accepted")
	}

	// auto with a keyring that answers: os, said once.
	keyring.MockInit()
	s, notice := openTest(t, t.TempDir(), BackendAuto, nil, nil)
	if s.Backend() != BackendOS {
		t.Fatal("auto did not pick os")
	}
	if n := strings.Count(notice.String(), "\n"); n != 1 || !strings.Contains(notice.String(), "OS keyring") {
		t.Errorf("notice %q", notice.String())
	}
	// auto with a failing keyring: file, with the reason.
	keyring.MockInitWithError(errors.New("no secret service on the bus"))
	s, notice = openTest(t, t.TempDir(), BackendAuto, nil, nil)
	if s.Backend() != BackendFile {
		t.Fatal("auto did not fall back to file")
	}
	s.Backend()
	if n := strings.Count(notice.String(), "\n"); n != 1 || !strings.Contains(notice.String(), "no secret service on the bus") || !strings.Contains(notice.String(), "encrypted files") {
		t.Errorf("notice %q", notice.String())
	}
	// auto with a keyring that hangs: file, within the timeout.
	hang := &fakeKeyring{items: map[string]string{}, block: make(chan struct{})}
	defer close(hang.block)
	var nb bytes.Buffer
	s, err := Open(Options{Home: t.TempDir(), Keyring: hang, KeyringTimeout: 50 * time.Millisecond, Notice: &nb})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if s.Backend() != BackendFile || time.Since(start) > 2*time.Second {
		t.Fatal("auto with a hanging keyring")
	}
	if !strings.Contains(nb.String(), "did not answer") {
		t.Errorf("notice %q", nb.String())
	}
}

// fakeKeyring is a map with failure switches.
type fakeKeyring struct {
	mu              sync.Mutex
	items           map[string]string
	block           chan struct{} // when set, every call waits for it to close
	blockSet        chan struct{} // when set, Set waits for it to close
	setErr          error
	deleteErr       error // for deleteFailLabel, or every label when that is empty
	deleteFailLabel string
	deletes         int
}

func (k *fakeKeyring) wait(c chan struct{}) {
	if c != nil {
		<-c
	}
}

func (k *fakeKeyring) Set(service, user, pass string) error {
	k.wait(k.block)
	k.wait(k.blockSet)
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.setErr != nil {
		return k.setErr
	}
	k.items[service+"/"+user] = pass
	return nil
}

func (k *fakeKeyring) Get(service, user string) (string, error) {
	k.wait(k.block)
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.items[service+"/"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (k *fakeKeyring) Delete(service, user string) error {
	k.wait(k.block)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.deletes++
	if k.deleteErr != nil && (k.deleteFailLabel == "" || k.deleteFailLabel == user) {
		return k.deleteErr
	}
	if _, ok := k.items[service+"/"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(k.items, service+"/"+user)
	return nil
}

func (k *fakeKeyring) len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.items)
}

func assertEmpty(t *testing.T, s *Store) {
	t.Helper()
	list, err := s.List()
	if err != nil || len(list) != 0 {
		t.Fatalf("index not empty: %+v %v", list, err)
	}
	files, _ := os.ReadDir(s.keysDir)
	if len(files) != 0 {
		t.Fatalf("key files left: %v", files)
	}
}

func TestKeyringTimeoutLeavesNothing(t *testing.T) {
	kr := &fakeKeyring{items: map[string]string{}, block: make(chan struct{})}
	s, err := Open(Options{Home: t.TempDir(), Backend: BackendOS, Keyring: kr, KeyringTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ImportHex("dev", KindEVM, []byte(devKeyHex))
	if !errors.Is(err, ErrKeyringTimeout) || !strings.Contains(err.Error(), "did not answer") || strings.Contains(err.Error(), devKeyHex) {
		t.Fatalf("err %v", err)
	}
	close(kr.block)
	assertEmpty(t, s)

	// A Set that completes after the timeout is undone.
	kr2 := &fakeKeyring{items: map[string]string{}, blockSet: make(chan struct{})}
	s2, _ := Open(Options{Home: t.TempDir(), Backend: BackendOS, Keyring: kr2, KeyringTimeout: 50 * time.Millisecond})
	if _, err := s2.New("late", KindEVM); !errors.Is(err, ErrKeyringTimeout) {
		t.Fatalf("err %v", err)
	}
	close(kr2.blockSet)
	deadline := time.Now().Add(2 * time.Second)
	for kr2.len() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if kr2.len() != 0 {
		t.Fatal("a late Set left its secret in the keyring")
	}
	assertEmpty(t, s2)
}

func TestFailuresLeaveNothingBehind(t *testing.T) {
	// The secret cannot be stored: no index entry.
	kr := &fakeKeyring{items: map[string]string{}, setErr: errors.New("collection is read-only")}
	s, _ := openTest(t, t.TempDir(), BackendOS, nil, kr)
	if _, err := s.New("a", KindEVM); err == nil || !strings.Contains(err.Error(), "collection is read-only") {
		t.Fatalf("err %v", err)
	}
	assertEmpty(t, s)

	home := t.TempDir()
	sf, _ := openTest(t, home, BackendFile, &fixedPass{pass: "p"}, nil)
	if err := os.WriteFile(filepath.Join(home, "keys"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sf.New("a", KindSolana); err == nil {
		t.Fatal("stored a key with keys/ being a file")
	}
	if list, _ := sf.List(); len(list) != 0 {
		t.Fatal("index entry without a secret")
	}

	// The index cannot be written at all: nothing is stored.
	orig := writeAtomic
	t.Cleanup(func() { writeAtomic = orig })
	writeAtomic = func(path string, data []byte, perm os.FileMode) error {
		if filepath.Base(path) == "keys.json" {
			return errors.New("disk full")
		}
		return orig(path, data, perm)
	}
	for _, b := range []Backend{BackendOS, BackendFile} {
		kr := &fakeKeyring{items: map[string]string{}}
		s, _ := openTest(t, t.TempDir(), b, &fixedPass{pass: "p"}, kr)
		_, err := s.ImportHex("a", KindEVM, []byte(devKeyHex))
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Fatalf("%s: err %v", b, err)
		}
		if kr.len() != 0 {
			t.Errorf("%s: keyring item left", b)
		}
		assertEmpty(t, s)
	}
	// The index cannot be written once the secret is stored (the write that completes the
	// entry): the secret is removed again and so is the entry.
	writeAtomic = func(path string, data []byte, perm os.FileMode) error {
		if filepath.Base(path) == "keys.json" && bytes.Contains(data, []byte(`"label": "a"`)) && !bytes.Contains(data, []byte(`"adding"`)) {
			return errors.New("disk full")
		}
		return orig(path, data, perm)
	}
	for _, b := range []Backend{BackendOS, BackendFile} {
		kr := &fakeKeyring{items: map[string]string{}}
		s, _ := openTest(t, t.TempDir(), b, &fixedPass{pass: "p"}, kr)
		_, err := s.ImportHex("a", KindEVM, []byte(devKeyHex))
		if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), "removed again") {
			t.Fatalf("%s: err %v", b, err)
		}
		if kr.len() != 0 {
			t.Errorf("%s: keyring item left", b)
		}
		assertEmpty(t, s)
	}
}

func TestRemoveAndRenameKeepStateOnKeyringFailure(t *testing.T) {
	kr := &fakeKeyring{items: map[string]string{}}
	s, _ := openTest(t, t.TempDir(), BackendOS, nil, kr)
	if _, err := s.ImportHex("a", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	kr.deleteErr = errors.New("locked")
	if _, err := s.Remove("a"); err == nil || !strings.Contains(err.Error(), "not removed") {
		t.Fatalf("remove: %v", err)
	}
	if _, err := s.Get("a"); err != nil {
		t.Fatalf("index entry lost after a failed remove: %v", err)
	}
	// An item is named by the key's id: a rename touches only the index, so a keyring that
	// cannot delete does not matter, and the key signs under its new label.
	if _, err := s.Rename("a", "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("a"); !errors.Is(err, ErrNotFound) {
		t.Fatal("old label present after a rename")
	}
	if sg, err := s.EVMSigner("b", "p"); err != nil || sg.Address().Hex() != devAddress {
		t.Fatalf("signer after rename: %v", err)
	}
	if kr.len() != 1 {
		t.Fatalf("keyring items after rename: %d", kr.len())
	}
	kr.deleteErr = nil
	if _, err := s.Remove("b"); err != nil {
		t.Fatal(err)
	}
	if kr.len() != 0 {
		t.Fatalf("keyring items %d", kr.len())
	}
}

func TestErrorsAreClearAndSecretFree(t *testing.T) {
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	badWord := strings.Replace(abandonMnemonic, "abandon abandon abandon abandon abandon abandon abandon", "abandon abandon abandon abandon abandon abandon zyzzyva", 1)
	badSum := strings.Replace(abandonMnemonic, "about", "abandon", 1)
	cases := []struct {
		name string
		op   func() error
		want string
		tell string // a secret that must not appear
	}{
		{"duplicate", func() error { _, err := s.New("dev", KindEVM); return err }, "label already in use", ""},
		{"duplicate import", func() error { _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); return err }, "label already in use", devKeyHex},
		{"unknown show", func() error { _, err := s.Get("nope"); return err }, `key "nope": no such key`, ""},
		{"unknown rename", func() error { _, err := s.Rename("nope", "x"); return err }, "no such key", ""},
		{"unknown remove", func() error { _, err := s.Remove("nope"); return err }, "no such key", ""},
		{"unknown signer", func() error { _, err := s.EVMSigner("nope", ""); return err }, "no such key", ""},
		{"rename onto existing", func() error {
			if _, err := s.New("other", KindSolana); err != nil {
				return err
			}
			_, err := s.Rename("other", "dev")
			return err
		}, "label already in use", ""},
		{"bad label", func() error { _, err := s.New("a/b", KindEVM); return err }, "label: expected 1 to 64 characters", ""},
		{"long label", func() error { _, err := s.New(strings.Repeat("a", 65), KindEVM); return err }, "label: expected", ""},
		{"bad kind", func() error { _, err := s.New("k", "btc"); return err }, "kind: expected evm or solana", ""},
		{"evm short", func() error { _, err := s.ImportHex("k", KindEVM, []byte(devKeyHex[:62])); return err }, "expected 32 bytes (64 hex digits) for an evm key, got 31 bytes", devKeyHex[:62]},
		{"solana 33", func() error { _, err := s.ImportHex("k", KindSolana, []byte(devKeyHex+"00")); return err }, "expected 32 bytes (seed) or 64 bytes", devKeyHex},
		{"malformed hex", func() error {
			_, err := s.ImportHex("k", KindEVM, []byte(devKeyHex[:10]+"zz"+devKeyHex[12:]))
			return err
		}, "character 11 is not one", devKeyHex[:10]},
		{"odd hex", func() error { _, err := s.ImportHex("k", KindEVM, []byte(devKeyHex[:63])); return err }, "even number of hex digits", devKeyHex[:63]},
		{"zero key", func() error { _, err := s.ImportHex("k", KindEVM, []byte(strings.Repeat("0", 64))); return err }, "not a valid secp256k1 private key", ""},
		{"solana 64 mismatch", func() error {
			k := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
			k[40] ^= 1
			_, err := s.ImportHex("k", KindSolana, []byte(hex.EncodeToString(k)))
			return err
		}, "public half", hex.EncodeToString(bytes.Repeat([]byte{7}, 32))},
		{"word not in list", func() error { _, err := s.ImportMnemonic("k", KindEVM, []byte(badWord), nil, ""); return err }, "mnemonic: word 7 is not in the BIP-39 English list", "zyzzyva"},
		{"bad checksum", func() error { _, err := s.ImportMnemonic("k", KindEVM, []byte(badSum), nil, ""); return err }, "checksum does not match", "abandon"},
		{"word count", func() error { _, err := s.ImportMnemonic("k", KindEVM, []byte("abandon about"), nil, ""); return err }, "expected 12, 15, 18, 21 or 24 words, got 2", "abandon"},
		{"relative path", func() error {
			_, err := s.ImportMnemonic("k", KindEVM, []byte(abandonMnemonic), nil, "44'/60'")
			return err
		}, "path: expected an absolute path", "abandon"},
		{"solana soft path", func() error {
			_, err := s.ImportMnemonic("k", KindSolana, []byte(abandonMnemonic), nil, "m/44'/501'/0'/0")
			return err
		}, "segment 4 is not hardened", "abandon"},
		{"none for evm", func() error {
			_, err := s.ImportMnemonic("k", KindEVM, []byte(abandonMnemonic), nil, PathNone)
			return err
		}, "path: expected an absolute path", "abandon"},
		{"keypair count", func() error { _, err := s.ImportSolanaKeypair("k", []byte("[1,2,3]")); return err }, "expected 64 numbers, got 3", ""},
		{"keypair not json", func() error { _, err := s.ImportSolanaKeypair("k", []byte(devKeyHex)); return err }, "expected a JSON array of 64 numbers", devKeyHex},
		{"keypair range", func() error {
			_, err := s.ImportSolanaKeypair("k", []byte("["+strings.Repeat("1,", 63)+"256]"))
			return err
		}, "number 64 is not an integer in 0-255", ""},
		{"keystore not json", func() error { _, err := s.ImportKeystoreJSON("k", KindEVM, []byte("{"), []byte("x")); return err }, "expected a Web3 Secret Storage v3 JSON file", ""},
		{"evm signer for solana key", func() error { _, err := s.EVMSigner("other", ""); return err }, "is a solana key, this needs a evm key", ""},
	}
	for _, c := range cases {
		err := c.op()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
			continue
		}
		if c.tell != "" && strings.Contains(err.Error(), c.tell) {
			t.Errorf("%s: the error repeats the secret: %s", c.name, strings.ReplaceAll(err.Error(), c.tell, "<secret>"))
		}
	}
	list, _ := s.List()
	if len(list) != 2 {
		t.Fatalf("failed operations changed the index: %+v", list)
	}
}

func TestWrongPassphraseChangesNothing(t *testing.T) {
	home := t.TempDir()
	good := &fixedPass{pass: "right"}
	s, _ := openTest(t, home, BackendFile, good, nil)
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.New("sol", KindSolana); err != nil {
		t.Fatal(err)
	}
	if len(good.prompts) != 2 || !strings.HasSuffix(good.prompts[0], "|true") {
		t.Fatalf("new keys must ask a confirmed passphrase: %v", good.prompts)
	}
	before, _ := os.ReadFile(s.keyFile("dev"))
	idxBefore, _ := os.ReadFile(s.indexPath)
	bad, _ := openTest(t, home, BackendFile, &fixedPass{pass: "wrong"}, nil)
	for _, op := range []func() error{
		func() error { _, err := bad.EVMSigner("dev", "p"); return err },
		func() error { _, err := bad.SolanaSigner("sol", "p"); return err },
		func() error { _, err := bad.Export("dev"); return err },
		func() error { _, err := bad.ExportRaw("sol"); return err },
	} {
		if err := op(); err == nil || !strings.Contains(err.Error(), "wrong passphrase") {
			t.Errorf("err %v", err)
		}
	}
	after, _ := os.ReadFile(s.keyFile("dev"))
	idxAfter, _ := os.ReadFile(s.indexPath)
	if !bytes.Equal(before, after) || !bytes.Equal(idxBefore, idxAfter) {
		t.Error("a wrong passphrase changed a file")
	}
	if recs, _ := bad.ListAudit(); len(recs) != 0 {
		t.Error("audit records without a signature")
	}
	empty, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: ""}, nil)
	if _, err := empty.New("x", KindEVM); err == nil || !strings.Contains(err.Error(), "non-empty passphrase") {
		t.Errorf("empty passphrase: %v", err)
	}
	assertEmpty(t, empty)
}

func TestExportImportRoundTrip(t *testing.T) {
	backends(t, func(t *testing.T, s *Store, pass *fixedPass) {
		evm, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.ImportMnemonic("sol", KindSolana, []byte(abandonMnemonic), nil, MnemonicPath(KindSolana, 0))
		if err != nil {
			t.Fatal(err)
		}
		other, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: "other"}, nil)
		for _, e := range []Entry{evm, sol} {
			v3, err := s.Export(e.Label)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(v3, []byte(devKeyHex)) {
				t.Fatal("export is not encrypted")
			}
			if _, err := other.ImportKeystoreJSON("v3-"+e.Label, e.Kind, v3, []byte("wrong")); err == nil || !strings.Contains(err.Error(), "wrong passphrase") {
				t.Fatalf("wrong passphrase: %v", err)
			}
			got, err := other.ImportKeystoreJSON("v3-"+e.Label, e.Kind, v3, []byte(pass.pass))
			if err != nil || got.Address != e.Address {
				t.Fatalf("v3 round trip %s: %+v %v", e.Label, got, err)
			}
			wrongKind := KindSolana
			if e.Kind == KindSolana {
				wrongKind = KindEVM
			}
			want := "the file holds a evm key, expected solana"
			if e.Kind == KindSolana {
				want = "the file is marked as a solana key"
			}
			if _, err := other.ImportKeystoreJSON("wk", wrongKind, v3, []byte(pass.pass)); err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("kind mismatch: %v", err)
			}
			// The same key twice under two labels is refused, naming the first.
			if _, err := other.ImportKeystoreJSON("again-"+e.Label, e.Kind, v3, []byte(pass.pass)); !errors.Is(err, ErrSameKey) || !strings.Contains(err.Error(), `"v3-`+e.Label+`"`) {
				t.Fatalf("a second label for the same key: %v", err)
			}
			if _, err := other.Remove("v3-" + e.Label); err != nil {
				t.Fatal(err)
			}
			raw, err := s.ExportRaw(e.Label)
			if err != nil {
				t.Fatal(err)
			}
			if e.Kind == KindEVM {
				if string(raw) != devKeyHex+"\n" {
					t.Fatal("raw evm export")
				}
				got, err = other.ImportHex("raw-"+e.Label, e.Kind, raw)
			} else {
				got, err = other.ImportSolanaKeypair("raw-"+e.Label, raw)
			}
			if err != nil || got.Address != e.Address {
				t.Fatalf("raw round trip %s: %+v %v", e.Label, got, err)
			}
		}
	})
}

func TestImportGethV3File(t *testing.T) {
	k, _ := crypto.HexToECDSA(devKeyHex)
	key := &gethks.Key{Address: crypto.PubkeyToAddress(k.PublicKey), PrivateKey: k}
	key.Id[6] = 0x40
	v3, err := gethks.EncryptKey(key, "geth pass", testScryptN, 1)
	if err != nil {
		t.Fatal(err)
	}
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	e, err := s.ImportKeystoreJSON("geth", KindEVM, v3, []byte("geth pass"))
	if err != nil || e.Address != devAddress {
		t.Fatalf("%+v %v", e, err)
	}
	// A solana-keygen keypair from the mnemonic without path.
	sec, _ := deriveMnemonic(KindSolana, []byte(abandonMnemonic), nil, PathNone)
	e, err = s.ImportSolanaKeypair("kp", sec.rawExport())
	if err != nil || e.Address != "EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o" {
		t.Fatalf("%+v %v", e, err)
	}
}

func TestAuditedSigners(t *testing.T) {
	backends(t, func(t *testing.T, s *Store, _ *fixedPass) {
		if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ImportMnemonic("sol", KindSolana, []byte(abandonMnemonic), nil, ""); err != nil {
			t.Fatal(err)
		}
		es, err := s.EVMSigner("dev", "sandbox")
		if err != nil {
			t.Fatal(err)
		}
		fa, err := wallet.SignFullAuth(es, []byte(`{"a":1}`), 1790000000, time.Unix(1790000000-60, 0))
		if err != nil {
			t.Fatal(err)
		}
		if addr, err := wallet.RecoverFullAuth(fa.Hash, "1790000000", fa.Sign); err != nil || addr.Hex() != devAddress {
			t.Fatalf("recover %v %v", addr, err)
		}
		ss, err := s.SolanaSigner("sol", "testnet")
		if err != nil {
			t.Fatal(err)
		}
		msg := []byte("solana message")
		sig, err := ss.SignMessage(wallet.PurposeSolanaTx, msg)
		if err != nil || !wallet.VerifySolana(ss.PublicKey(), msg, sig) {
			t.Fatalf("solana sign %v", err)
		}
		if _, err := es.SignDigest("", [32]byte{}); err == nil {
			t.Error("signed without a purpose")
		}
		recs, err := s.ListAudit()
		if err != nil || len(recs) != 2 {
			t.Fatalf("audit %+v %v", recs, err)
		}
		r0, r1 := recs[0], recs[1]
		digest := wallet.PersonalHash([]byte(fa.Message))
		if r0.Seq != 1 || r0.Label != "dev" || r0.Address != devAddress || r0.Purpose != "full-auth" || r0.Digest != digest.Hex() || r0.Profile != "sandbox" || r0.Prev != ZeroHash {
			t.Errorf("record 1 %+v", r0)
		}
		if r1.Seq != 2 || r1.Label != "sol" || r1.Address != "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk" || r1.Purpose != "solana-tx" ||
			r1.Digest != "0x"+hex.EncodeToString(sha256Sum(msg)) || r1.Profile != "testnet" || r1.Prev != r0.Hash {
			t.Errorf("record 2 %+v", r1)
		}
		if _, err := time.Parse(time.RFC3339Nano, r0.Time); err != nil || !strings.HasSuffix(r0.Time, "Z") {
			t.Errorf("time %q", r0.Time)
		}
		if n, err := s.VerifyAudit(); n != 2 || err != nil {
			t.Fatalf("verify %d %v", n, err)
		}
		log, _ := os.ReadFile(s.auditPath)
		if bytes.Contains(log, []byte(devKeyHex)) || bytes.Contains(log, []byte("abandon")) {
			t.Fatal("the audit log holds a secret")
		}
		st, _ := os.Stat(s.auditPath)
		if st.Mode().Perm() != 0o600 {
			t.Errorf("audit mode %o", st.Mode().Perm())
		}

		// When the record cannot be appended, nothing is signed.
		if err := os.Remove(s.auditPath); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(s.auditPath, 0o700); err != nil {
			t.Fatal(err)
		}
		if sig, err := es.SignDigest(wallet.PurposePermit, digest); err == nil || sig != nil || !strings.Contains(err.Error(), "nothing was signed") {
			t.Fatalf("signed without an audit record: %v", err)
		}
		if _, err := ss.SignMessage(wallet.PurposeSolanaTx, msg); err == nil {
			t.Fatal("solana signed without an audit record")
		}
	})
}

func sha256Sum(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}
