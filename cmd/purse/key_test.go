package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
	"purse/app/sign"
	"purse/internal/prompt"
	"purse/internal/qrtext"
	"purse/keystore"
)

const (
	testDevKey      = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	testDevAddress  = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	testAbandon     = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	testJunk        = "test test test test test test test test test test test junk"
	testPassphrase  = "cli-test-passphrase"
	testSolPathAddr = "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk"
	testSolNoneAddr = "EHqmfkN89RJ7Y33CXM6uCzhVeuywHoJXZZLszBHHZy7o"
)

// fakeTTY is a terminal whose user types answer.
type fakeTTY struct {
	in  *strings.Reader
	out bytes.Buffer
}

func (f *fakeTTY) Read(p []byte) (int, error)  { return f.in.Read(p) }
func (f *fakeTTY) Write(p []byte) (int, error) { return f.out.Write(p) }
func (f *fakeTTY) Close() error                { return nil }
func (f *fakeTTY) Fd() uintptr                 { return ^uintptr(0) }

// keyEnv isolates a test: its own PURSE_HOME, the file backend with light scrypt, the
// passphrase from a file, and no terminal.
func keyEnv(t *testing.T) (home string) {
	t.Helper()
	home = t.TempDir()
	t.Setenv("PURSE_HOME", home)
	t.Setenv("PURSE_KEYSTORE", "file")
	// An agent's socket in the test home, not in the user's runtime directory.
	t.Setenv(agent.EnvRuntimeDir, "")
	t.Setenv(agent.EnvSocket, "")
	setPassphrase(t, testPassphrase)
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	setTerminal(t, nil)
	return home
}

func setPassphrase(t *testing.T, p string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "pass")
	if err := os.WriteFile(f, []byte(p+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PURSE_PASSPHRASE_FILE", f)
}

// setTerminal makes the user type answer on the terminal; nil means there is no terminal.
func setTerminal(t *testing.T, answer *string) *fakeTTY {
	t.Helper()
	old := prompt.Open
	t.Cleanup(func() { prompt.Open = old })
	if answer == nil {
		prompt.Open = func() (prompt.Terminal, error) { return nil, errors.New("no terminal in tests") }
		return nil
	}
	tty := &fakeTTY{in: strings.NewReader(*answer)}
	prompt.Open = func() (prompt.Terminal, error) { return tty, nil }
	return tty
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// purse runs purse and fails the test when a secret shows up in its output.
func purse(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	out, errOut, code := runCLI(t, stdin, args...)
	for i, secret := range []string{testDevKey, "abandon", "test test", testPassphrase} {
		if strings.Contains(out, secret) || strings.Contains(errOut, secret) {
			// Report where, with the secret masked: test output must not carry it either.
			t.Fatalf("%v: secret #%d appears in the output:\nstdout: %s\nstderr: %s", args, i,
				strings.ReplaceAll(out, secret, "<secret>"), strings.ReplaceAll(errOut, secret, "<secret>"))
		}
	}
	return out, errOut, code
}

func decodeKey(t *testing.T, out string) keystore.Entry {
	t.Helper()
	var v keystore.Entry
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	return v
}

func TestKeyNewImportListShowRename(t *testing.T) {
	home := keyEnv(t)
	out, errOut, code := purse(t, "", "key", "new", "--label", "main", "--kind", "evm", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	v := decodeKey(t, out)
	if v.Label != "main" || v.Kind != "evm" || v.Backend != "file" || !strings.HasPrefix(v.Address, "0x") || len(v.Address) != 42 {
		t.Fatalf("new: %+v", v)
	}
	if n := strings.Count(errOut, "keys are stored in encrypted files"); n != 1 {
		t.Errorf("backend notice %d times: %q", n, errOut)
	}

	out, errOut, code = purse(t, "0x"+testDevKey+"\n", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-", "--json")
	if code != exitOK || decodeKey(t, out).Address != testDevAddress {
		t.Fatalf("import hex: %d %s %s", code, out, errOut)
	}
	// --qr draws the address as the same QR lines the TUI shows, above the key's rows.
	out, errOut, code = purse(t, "", "key", "show", "dev", "--qr")
	if want, _ := qrtext.Lines(testDevAddress); code != exitOK || !strings.HasPrefix(out, strings.Join(want, "\n")+"\n") || !strings.Contains(out, testDevAddress) {
		t.Fatalf("show --qr: %d\n%s\n%s", code, out, errOut)
	}
	mn := writeTemp(t, "mnemonic", testAbandon+"\n")
	for _, c := range []struct {
		label string
		args  []string
		want  string
	}{
		{"sol0", []string{"--kind", "solana", "--mnemonic-file", mn, "--index", "0"}, testSolPathAddr},

		{"solnone", []string{"--kind", "solana", "--mnemonic-file", mn, "--path", "none"}, testSolNoneAddr},
		{"evm0", []string{"--kind", "evm", "--mnemonic-file", mn}, "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"},
	} {
		stdin := ""
		if c.label == "junk" {
			stdin = testJunk
		}
		out, errOut, code := purse(t, stdin, append([]string{"key", "import", "--label", c.label, "--json"}, c.args...)...)
		if code != exitOK || decodeKey(t, out).Address != c.want {
			t.Fatalf("%s: exit %d %s %s", c.label, code, out, errOut)
		}
	}
	// The test mnemonic on stdin derives the dev key, stored already as "dev": refused.
	if _, errOut, code := purse(t, testJunk, "key", "import", "--label", "junk", "--kind", "evm", "--mnemonic-file", "-"); code != exitUsage ||
		!strings.Contains(errOut, testDevAddress+` is already stored as key "dev"`) {
		t.Fatalf("junk mnemonic: %d %s", code, errOut)
	}
	// The index and its path name the same key: a second label for it is refused (exit 2),
	// naming the stored one (issue 12 item 4).
	if _, errOut, code := purse(t, "", "key", "import", "--label", "solpath", "--kind", "solana", "--mnemonic-file", mn, "--path", "m/44'/501'/0'/0'"); code != exitUsage ||
		!strings.Contains(errOut, testSolPathAddr+` is already stored as key "sol0"`) {
		t.Fatalf("the same key under a second label: %d %s", code, errOut)
	}
	// A BIP-39 passphrase from a file changes the key.
	out, _, code = purse(t, "", "key", "import", "--label", "withpass", "--kind", "evm", "--mnemonic-file", mn,
		"--mnemonic-passphrase-file", writeTemp(t, "p", "TREZOR\n"), "--json")
	if code != exitOK || decodeKey(t, out).Address == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" {
		t.Fatalf("mnemonic passphrase: %d %s", code, out)
	}

	out, _, code = purse(t, "", "key", "list", "--json")
	var list []keystore.Entry
	if code != exitOK || json.Unmarshal([]byte(out), &list) != nil || len(list) != 6 {
		t.Fatalf("list: %d %s", code, out)
	}
	out, _, code = purse(t, "", "key", "list")
	if code != exitOK || !strings.Contains(out, "LABEL") || !strings.Contains(out, testDevAddress) {
		t.Fatalf("list human: %s", out)
	}
	out, _, code = purse(t, "", "key", "show", "dev", "--json")
	if code != exitOK || decodeKey(t, out).Address != testDevAddress {
		t.Fatalf("show: %s", out)
	}
	out, _, code = purse(t, "", "key", "rename", "dev", "dev2", "--json")
	if code != exitOK || decodeKey(t, out).Label != "dev2" {
		t.Fatalf("rename: %s", out)
	}
	if _, errOut, code := purse(t, "", "key", "show", "dev"); code != exitFailure || !strings.Contains(errOut, `key "dev": no such key`) {
		t.Fatalf("show renamed: %d %s", code, errOut)
	}
	idx, _ := os.ReadFile(filepath.Join(home, "keys.json"))
	if bytes.Contains(idx, []byte(testDevKey)) || bytes.Contains(idx, []byte("abandon")) {
		t.Fatal("the index holds a secret")
	}
	files, _ := filepath.Glob(filepath.Join(home, "keys", "*.json"))
	for _, f := range files {
		st, _ := os.Stat(f)
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %o", f, st.Mode().Perm())
		}
		b, _ := os.ReadFile(f)
		if bytes.Contains(b, []byte(testDevKey)) {
			t.Errorf("%s holds the key in clear", f)
		}
	}
	if len(files) != 6 {
		t.Errorf("key files: %v", files)
	}
}

func TestKeyImportUsageErrors(t *testing.T) {
	keyEnv(t)
	pk := writeTemp(t, "pk", testDevKey)
	mn := writeTemp(t, "mn", testAbandon)
	for _, args := range [][]string{
		{"key", "import", "--label", "a", "--kind", "evm"},
		{"key", "import", "--label", "a", "--kind", "evm", "--private-key-file", pk, "--mnemonic-file", mn},
		{"key", "import", "--label", "a", "--kind", "evm", "--private-key-file", pk, "--path", "m/44'/60'/0'/0/0"},
		{"key", "import", "--label", "a", "--kind", "evm", "--mnemonic-file", mn, "--path", "m/0", "--index", "1"},
		{"key", "import", "--kind", "evm", "--private-key-file", pk},
		{"key", "import", "--label", "a/b", "--kind", "evm", "--private-key-file", pk},
		{"key", "import", "--label", "a", "--private-key-file", pk},
		{"key", "import", "--label", "a", "--kind", "btc", "--private-key-file", pk},
		{"key", "import", "--label", "a", "--kind", "evm", "--solana-keypair", pk},
		{"key", "import", "--label", "a", "--kind", "evm", "--mnemonic-file", "-", "--mnemonic-passphrase-file", "-"},
		{"key", "new", "--label", "a"},
		{"key", "show"},
		{"key", "export", "x"},
	} {
		_, errOut, code := purse(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d (%s)", args, code, errOut)
		}
	}
	if out, _, _ := purse(t, "", "key", "list", "--json"); strings.TrimSpace(out) != "[]" {
		t.Fatalf("usage errors wrote keys: %s", out)
	}
}

func TestKeyImportErrors(t *testing.T) {
	keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	badWord := strings.Replace(testAbandon, "abandon abandon abandon abandon abandon abandon abandon", "abandon abandon abandon abandon abandon abandon qwertyu", 1)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{badWord, []string{"--label", "m", "--kind", "evm", "--mnemonic-file", "-"}, "mnemonic: word 7 is not in the BIP-39 English list"},
		{strings.Replace(testAbandon, "about", "abandon", 1), []string{"--label", "m", "--kind", "evm", "--mnemonic-file", "-"}, "mnemonic: the checksum does not match"},
		{testDevKey[:60], []string{"--label", "m", "--kind", "evm", "--private-key-file", "-"}, "expected 32 bytes (64 hex digits) for an evm key, got 30 bytes"},
		{testDevKey[:20] + "xy" + testDevKey[22:], []string{"--label", "m", "--kind", "evm", "--private-key-file", "-"}, "character 21 is not one"},
		{testDevKey, []string{"--label", "dev", "--kind", "evm", "--private-key-file", "-"}, `key "dev": label already in use`},
		{"[1,2]", []string{"--label", "m", "--solana-keypair", "-"}, "expected 64 numbers, got 2"},
		{"", []string{"--label", "m", "--kind", "evm", "--private-key-file", "/nonexistent/pk"}, "--private-key-file: cannot open /nonexistent/pk"},
	} {
		out, errOut, code := purse(t, c.stdin, append([]string{"key", "import", "--json"}, c.args...)...)
		// A file that is not there, or a secret that is not a key, is the caller's to fix
		// (exit 2); a label in use is the store's state (exit 1).
		want := exitUsage
		if strings.Contains(c.want, "label already in use") {
			want = exitFailure
		}
		if code != want || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
		if strings.Contains(errOut, "qwertyu") || !strings.Contains(out, fmt.Sprintf(`"exitCode":%d`, want)) {
			t.Errorf("%v: stdout %q stderr %q", c.args, out, errOut)
		}
	}
	out, _, _ := purse(t, "", "key", "list", "--json")
	var list []keystore.Entry
	if json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 {
		t.Fatalf("failed imports wrote keys: %s", out)
	}
}

func TestKeyRemoveAsksFirst(t *testing.T) {
	keyEnv(t)
	for _, l := range []string{"a", "b", "c"} {
		if _, _, code := purse(t, "", "key", "new", "--label", l, "--kind", "solana"); code != exitOK {
			t.Fatal("setup")
		}
	}
	count := func() int {
		out, _, _ := purse(t, "", "key", "list", "--json")
		var list []keystore.Entry
		_ = json.Unmarshal([]byte(out), &list)
		return len(list)
	}
	// No terminal, no --yes: refused.
	if _, errOut, code := purse(t, "", "key", "rm", "a"); code != exitFailure || !strings.Contains(errOut, "no terminal") || count() != 3 {
		t.Fatalf("rm without a terminal: %d %s", code, errOut)
	}
	wrong := "b\n"
	setTerminal(t, &wrong)
	if _, errOut, code := purse(t, "", "key", "rm", "a"); code != exitFailure || !strings.Contains(errOut, "did not match") || count() != 3 {
		t.Fatalf("rm with a wrong answer: %d %s", code, errOut)
	}
	right := "a\n"
	tty := setTerminal(t, &right)
	out, errOut, code := purse(t, "", "key", "rm", "a", "--json")
	if code != exitOK || !strings.Contains(out, `"removed": "a"`) || count() != 2 {
		t.Fatalf("rm: %d %s %s", code, out, errOut)
	}
	if !strings.Contains(tty.out.String(), `Type "a" to continue`) {
		t.Errorf("prompt %q", tty.out.String())
	}
	setTerminal(t, nil)
	if _, _, code := purse(t, "", "key", "rm", "b", "--yes"); code != exitOK || count() != 1 {
		t.Fatal("rm --yes")
	}
	if _, errOut, code := purse(t, "", "key", "rm", "zzz", "--yes"); code != exitFailure || !strings.Contains(errOut, "no such key") {
		t.Fatalf("rm unknown: %d %s", code, errOut)
	}
}

func TestKeyExport(t *testing.T) {
	keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	if _, _, code := purse(t, testAbandon, "key", "import", "--label", "sol", "--kind", "solana", "--mnemonic-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	dir := t.TempDir()
	enc := filepath.Join(dir, "dev.json")
	out, errOut, code := purse(t, "", "key", "export", "dev", "--out", enc, "--json")
	if code != exitOK || !strings.Contains(out, "web3-secret-storage-v3") {
		t.Fatalf("export: %d %s %s", code, out, errOut)
	}
	st, _ := os.Stat(enc)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("export mode %o", st.Mode().Perm())
	}
	before, _ := os.ReadFile(enc)
	if bytes.Contains(before, []byte(testDevKey)) {
		t.Fatal("export is not encrypted")
	}
	// Never overwrite.
	if _, errOut, code := purse(t, "", "key", "export", "sol", "--out", enc); code != exitUsage || !strings.Contains(errOut, "refusing to overwrite") {
		t.Fatalf("overwrite: %d %s", code, errOut)
	}
	if after, _ := os.ReadFile(enc); !bytes.Equal(before, after) {
		t.Fatal("export overwrote a file")
	}
	// It imports back, with its passphrase only.
	setImportPassphrase(t, "not the one")
	if _, errOut, code := purse(t, "", "key", "import", "--label", "back", "--kind", "evm", "--keystore-json", enc); code != exitFailure || !strings.Contains(errOut, "wrong passphrase") {
		t.Fatalf("import with a wrong passphrase: %d %s", code, errOut)
	}
	setPassphrase(t, "not the one")
	if _, errOut, code := purse(t, "", "key", "export", "dev", "--out", filepath.Join(dir, "x.json")); code != exitFailure || !strings.Contains(errOut, "wrong passphrase") {
		t.Fatalf("export with a wrong passphrase: %d %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err == nil {
		t.Fatal("a failed export left a file")
	}
	setPassphrase(t, testPassphrase)
	setImportPassphrase(t, testPassphrase)
	if _, errOut, code := purse(t, "", "key", "import", "--label", "back", "--kind", "evm", "--keystore-json", enc); code != exitUsage || !strings.Contains(errOut, `already stored as key "dev"`) {
		t.Fatalf("import back beside the original: %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, "y\n", "key", "rm", "dev", "--yes"); code != exitOK {
		t.Fatalf("rm dev: %d %s", code, errOut)
	}
	out, _, code = purse(t, "", "key", "import", "--label", "back", "--kind", "evm", "--keystore-json", enc, "--json")
	if code != exitOK || decodeKey(t, out).Address != testDevAddress {
		t.Fatalf("import back: %d %s", code, out)
	}
	if _, errOut, code := purse(t, "", "key", "rename", "back", "dev"); code != exitOK {
		t.Fatalf("rename back: %d %s", code, errOut)
	}

	// Raw export: never without the typed confirmation.
	raw := filepath.Join(dir, "raw.txt")
	if _, errOut, code := purse(t, "", "key", "export", "dev", "--out", raw, "--unsafe-raw"); code != exitFailure || !strings.Contains(errOut, "no terminal") {
		t.Fatalf("raw without a terminal: %d %s", code, errOut)
	}
	wrong := "yes\n"
	setTerminal(t, &wrong)
	if _, _, code := purse(t, "", "key", "export", "dev", "--out", raw, "--unsafe-raw"); code != exitFailure {
		t.Fatal("raw with a wrong answer")
	}
	if _, err := os.Stat(raw); err == nil {
		t.Fatal("a refused raw export left a file")
	}
	right := "export raw dev\n"
	tty := setTerminal(t, &right)
	out, errOut, code = purse(t, "", "key", "export", "dev", "--out", raw, "--unsafe-raw", "--json")
	if code != exitOK || !strings.Contains(out, `"format": "raw-hex"`) || !strings.Contains(errOut, "unencrypted") {
		t.Fatalf("raw: %d %s %s", code, out, errOut)
	}
	if !strings.Contains(tty.out.String(), `Type "export raw dev"`) {
		t.Errorf("prompt %q", tty.out.String())
	}
	if b, _ := os.ReadFile(raw); string(b) != testDevKey+"\n" {
		t.Fatal("raw export content")
	}
	// The raw key is written into the named file only: no temporary copy beside it.
	only := t.TempDir()
	right = "export raw dev\n"
	setTerminal(t, &right)
	if _, errOut, code := purse(t, "", "key", "export", "dev", "--out", filepath.Join(only, "dev.hex"), "--unsafe-raw"); code != exitOK {
		t.Fatalf("raw into an empty folder: %d %s", code, errOut)
	}
	if ents, _ := os.ReadDir(only); len(ents) != 1 || ents[0].Name() != "dev.hex" {
		t.Fatalf("after a raw export the folder holds %v, not only dev.hex", ents)
	}
	solRaw := filepath.Join(dir, "sol.json")
	right = "export raw sol\n"
	setTerminal(t, &right)
	if _, _, code := purse(t, "", "key", "export", "sol", "--out", solRaw, "--unsafe-raw"); code != exitOK {
		t.Fatal("raw solana export")
	}
	if _, errOut, code := purse(t, "", "key", "rm", "sol", "--yes"); code != exitOK {
		t.Fatalf("rm sol: %d %s", code, errOut)
	}
	out, _, code = purse(t, "", "key", "import", "--label", "solback", "--solana-keypair", solRaw, "--json")
	if code != exitOK || decodeKey(t, out).Address != testSolPathAddr {
		t.Fatalf("solana keypair back: %d %s", code, out)
	}
}

func TestAuditCommands(t *testing.T) {
	home := keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	out, _, code := purse(t, "", "audit", "list", "--json")
	if code != exitOK || strings.TrimSpace(out) != "[]" {
		t.Fatalf("empty audit list: %d %q", code, out)
	}
	// Sign the way the commands do: through the application layer's key store.
	var errb bytes.Buffer
	a := &cli{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &errb, yes: true}
	core, err := a.app()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := sign.New(core).Personal("dev", []byte("audit test "+strconv.Itoa(i)), nil); err != nil {
			t.Fatal(err)
		}
	}
	out, _, code = purse(t, "", "audit", "list", "--json")
	var recs []map[string]any
	if code != exitOK || json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 3 || recs[2]["profile"] != "sandbox" || recs[0]["address"] != testDevAddress {
		t.Fatalf("audit list: %d %s", code, out)
	}
	out, _, code = purse(t, "", "audit", "verify", "--json")
	if code != exitOK || !strings.Contains(out, `"records": 3`) {
		t.Fatalf("verify: %d %s", code, out)
	}
	// Tamper with line 2.
	p := filepath.Join(home, "audit.jsonl")
	b, _ := os.ReadFile(p)
	lines := strings.SplitAfter(string(b), "\n")
	lines[1] = strings.Replace(lines[1], `"purpose":"personal"`, `"purpose":"permit"`, 1)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := purse(t, "", "audit", "verify", "--json")
	if code != exitRejected || !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "hash mismatch") || !strings.Contains(out, `"exitCode":3`) {
		t.Fatalf("verify tampered: %d %s %s", code, out, errOut)
	}
	if _, _, code := purse(t, "", "audit", "list"); code != exitRejected {
		t.Fatalf("list tampered: %d", code)
	}
}

func TestKeystoreEnvChecked(t *testing.T) {
	keyEnv(t)
	t.Setenv("PURSE_KEYSTORE", "vault")
	if _, errOut, code := purse(t, "", "key", "list"); code != exitUsage || !strings.Contains(errOut, "PURSE_KEYSTORE: expected os, file or auto") {
		t.Fatalf("%d %s", code, errOut)
	}
}

// TestKeyRenameKeepsTheProfileOnTheKey: the profile follows a rename of the key it uses
// (keys.Service.Rename, the same rule as the Keys screen), so it never names a missing key.
func TestKeyRenameKeepsTheProfileOnTheKey(t *testing.T) {
	keyEnv(t)
	if _, e, c := purse(t, testDevKey+"\n", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "profile", "set", "evm_key=dev"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "key", "rename", "dev", "main"); c != exitOK || !strings.Contains(e, "now names the key main") {
		t.Fatalf("rename: %d %s", c, e)
	}
	out, _, _ := purse(t, "", "profile", "show", "--json")
	if p := jsonOut(t, out); p["evmKey"] != "main" {
		t.Fatalf("profile after the rename: %v", p)
	}
}

// linesTTY is a terminal whose user types one line per read, as a real terminal delivers
// them (each question reads its own answer).
type linesTTY struct {
	lines []string
	out   bytes.Buffer
}

func (l *linesTTY) Read(p []byte) (int, error) {
	if len(l.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, l.lines[0])
	if l.lines[0] = l.lines[0][n:]; l.lines[0] == "" {
		l.lines = l.lines[1:]
	}
	return n, nil
}
func (l *linesTTY) Write(p []byte) (int, error) { return l.out.Write(p) }
func (l *linesTTY) Close() error                { return nil }
func (l *linesTTY) Fd() uintptr                 { return ^uintptr(0) }

func TestKeyDoctor(t *testing.T) {
	home := keyEnv(t)
	for _, l := range []string{"a", "b", "c"} {
		if _, _, code := purse(t, "", "key", "new", "--label", l, "--kind", "evm"); code != exitOK {
			t.Fatal("setup")
		}
	}
	if out, errOut, code := purse(t, "", "key", "doctor"); code != exitOK || !strings.Contains(out, "consistent") {
		t.Fatalf("doctor of a consistent store: %d %s %s", code, out, errOut)
	}
	// What kills leave: b's file without its entry (the old order of `key new`), an entry
	// whose file is gone, a temporary copy of the index.
	idxPath := filepath.Join(home, "keys.json")
	var ix map[string]any
	b, _ := os.ReadFile(idxPath)
	if err := json.Unmarshal(b, &ix); err != nil {
		t.Fatal(err)
	}
	keys := ix["keys"].([]any)
	ix["keys"] = []any{keys[0], keys[2]}
	b, _ = json.Marshal(ix)
	if err := os.WriteFile(idxPath, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(home, "keys", "c.json")); err != nil {
		t.Fatal(err)
	}
	// A temporary copy of the index, a kill's leftover: stale (old, and no purse writes it).
	temp := filepath.Join(home, ".keys.json.tmp-77")
	if err := os.WriteFile(temp, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	_ = os.Chtimes(temp, old, old)

	// Any command that opens the store says so, once, and removes the temporary file.
	if _, errOut, code := purse(t, "", "key", "list"); code != exitOK || strings.Count(errOut, "purse key doctor") != 1 || !strings.Contains(errOut, "and 1 more") ||
		!strings.Contains(errOut, "removed 1 temporary file interrupted writes left in "+home+": .keys.json.tmp-77") {
		t.Fatalf("start-up notice: %d %q", code, errOut)
	}
	if _, err := os.Stat(temp); !errors.Is(err, os.ErrNotExist) {
		t.Error("temp file left after the start")
	}
	// --json lists and repairs nothing (exit 1: problems are left).
	out, _, code := purse(t, "", "key", "doctor", "--json")
	var res []doctorResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitFailure || len(res) != 2 {
		t.Fatalf("doctor --json: %d %s %v", code, out, err)
	}
	problems := map[keystore.Problem]doctorResult{}
	for _, r := range res {
		problems[r.Problem] = r
		if r.Repaired != "" {
			t.Errorf("--json repaired %+v", r)
		}
	}
	if o := problems[keystore.ProblemOrphan]; o.Label != "b" || len(o.Actions) != 2 || problems[keystore.ProblemDangling].Label != "c" {
		t.Fatalf("findings %+v", res)
	}
	// No terminal, no --yes: listed, nothing done.
	if out, errOut, code := purse(t, "", "key", "doctor"); code != exitFailure || !strings.Contains(errOut, "pass --yes") || !strings.Contains(out, "orphan:") {
		t.Fatalf("doctor without a terminal: %d %s %s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(home, "keys", "b.json")); err != nil {
		t.Fatal("a repair without asking")
	}
	// Asked one by one: keep the dangling entry (n), adopt b (y).
	tty := &linesTTY{lines: []string{"n\n", "y\n"}}
	prompt.Open = func() (prompt.Terminal, error) { return tty, nil }
	out, errOut, code := purse(t, "", "key", "doctor")
	if code != exitFailure || !strings.Contains(errOut, "1 problem(s) left") || strings.Count(out, "repaired:") != 1 || !strings.Contains(out, "left as is") {
		t.Fatalf("doctor asking: %d %s %s", code, out, errOut)
	}
	if !strings.Contains(tty.out.String(), `add `+filepath.Join(home, "keys", "b.json")+` to the index as key "b"`) || strings.Contains(tty.out.String(), "DELETE") {
		t.Errorf("questions %q", tty.out.String())
	}
	setTerminal(t, nil)
	if out, errOut, code := purse(t, "", "key", "doctor", "--yes"); code != exitOK || !strings.Contains(out, `remove the entry of key "c"`) {
		t.Fatalf("doctor --yes: %d %s %s", code, out, errOut)
	}
	out, errOut, code = purse(t, "", "key", "list", "--json")
	var list []keystore.Entry
	_ = json.Unmarshal([]byte(out), &list)
	if code != exitOK || len(list) != 2 || list[0].Label != "a" || list[1].Label != "b" || strings.Contains(errOut, "doctor") {
		t.Fatalf("after the repairs: %d %s %s", code, out, errOut)
	}
	if _, errOut, code := purse(t, "", "--yes", "sign", "personal", "--key", "b", "--message", "hi"); code != exitOK {
		t.Fatalf("the adopted key does not sign: %s", errOut)
	}
}
