package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	gethks "github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/app/sign"
	"purse/internal/prompt"
)

// signDev signs n digests with key dev the way the commands do; it returns the first error.
func signDev(t *testing.T, n int) error {
	t.Helper()
	a := &cli{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, yes: true}
	core, err := a.app()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := sign.New(core).Personal("dev", []byte("audit test "+strconv.Itoa(i)), nil); err != nil {
			return err
		}
	}
	return nil
}

func auditEnv(t *testing.T, signatures int) (home, log string) {
	t.Helper()
	home = keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	if err := signDev(t, signatures); err != nil {
		t.Fatal(err)
	}
	return home, filepath.Join(home, "audit.jsonl")
}

// Cutting lines off the end of the log, or deleting it, is a broken chain (issue 11 case 4).
func TestAuditVerifyReportsTruncationAndDeletion(t *testing.T) {
	_, log := auditEnv(t, 3)
	b, _ := os.ReadFile(log)
	if err := os.WriteFile(log, []byte(strings.SplitAfter(string(b), "\n")[0]), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := purse(t, "", "audit", "verify", "--json")
	if code != exitRejected || !strings.Contains(errOut, "chain broken at line 2: truncated") || !strings.Contains(errOut, "records 2 to 3 are missing") || !strings.Contains(out, `"exitCode":3`) {
		t.Fatalf("truncated: %d %s %s", code, out, errOut)
	}
	if err := os.Remove(log); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = purse(t, "", "audit", "verify")
	if code != exitRejected || !strings.Contains(errOut, "the log is empty or missing, but its head (audit.head.json) says 3 records") {
		t.Fatalf("deleted: %d %s", code, errOut)
	}
	if err := signDev(t, 1); err == nil || !strings.Contains(err.Error(), "purse audit repair can take the log as it is") || !strings.Contains(err.Error(), "nothing was signed") {
		t.Fatalf("signed over a deleted log: %v", err)
	}
	// The way out: accept the log as it is, the old head kept.
	if _, errOut, code := purse(t, "", "audit", "repair"); code != exitUsage || !strings.Contains(errOut, "disagrees with its head") || !strings.Contains(errOut, "pass --yes") {
		t.Fatalf("repair without a terminal: %d %s", code, errOut)
	}
	out, errOut, code = purse(t, "", "audit", "repair", "--yes")
	if code != exitOK || !strings.Contains(out, "accepted") || !strings.Contains(out, "audit.head.json.broken-") {
		t.Fatalf("accept: %d %s %s", code, out, errOut)
	}
	if err := signDev(t, 1); err != nil {
		t.Fatalf("sign after accepting: %v", err)
	}
	if out, _, code := purse(t, "", "audit", "verify"); code != exitOK || !strings.Contains(out, "1 records, chain intact") {
		t.Fatalf("verify after accepting: %d %s", code, out)
	}
	// A record changed inside the chain is not repaired: the log is set aside whole, as it
	// is, and a new one starts (issue 22: signing waits for this).
	b, _ = os.ReadFile(log)
	changed := strings.Replace(string(b), `"purpose":"personal"`, `"purpose":"permit"`, 1)
	_ = os.WriteFile(log, []byte(changed), 0o600)
	out, errOut, code = purse(t, "", "audit", "repair", "--yes")
	if code != exitOK || !strings.Contains(errOut, "hash mismatch") || !strings.Contains(out, "aside") {
		t.Fatalf("repair of a changed record: %d %s %s", code, out, errOut)
	}
	if kept, _ := filepath.Glob(log + ".broken-*"); len(kept) != 1 {
		t.Fatalf("the set-aside log: %v", kept)
	} else if b, _ := os.ReadFile(kept[0]); string(b) != changed {
		t.Fatal("the set-aside log is not the log as it was")
	}
}

// An incomplete last line blocks signing with an error naming the repair; `purse audit
// repair` shows the line, asks, keeps a copy and cuts it, and signing works again.
func TestAuditRepair(t *testing.T) {
	_, log := auditEnv(t, 2)
	good, _ := os.ReadFile(log)
	cut := `{"seq":3,"time":"2026-11-25T10:00:00Z","label":"dev","addr`
	broken := append(append([]byte{}, good...), cut...)
	if err := os.WriteFile(log, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := signDev(t, 1); err == nil || !strings.Contains(err.Error(), "`purse audit repair` removes it") || !strings.Contains(err.Error(), "nothing was signed") {
		t.Fatalf("sign with an incomplete line: %v", err)
	}

	_, errOut, code := purse(t, "", "audit", "repair")
	if code != exitUsage || !strings.Contains(errOut, "pass --yes") || !strings.Contains(errOut, `"`+strings.ReplaceAll(cut, `"`, `\"`)+`"`) {
		t.Fatalf("no terminal: %d %s", code, errOut)
	}
	no := "n\n"
	setTerminal(t, &no)
	if _, errOut, code := purse(t, "", "audit", "repair"); code == exitOK || !strings.Contains(errOut, "declined; nothing was changed") {
		t.Fatalf("declined: %d %s", code, errOut)
	}
	if b, _ := os.ReadFile(log); !bytes.Equal(b, broken) {
		t.Fatal("a declined repair changed the log")
	}
	yes := "y\n"
	tty := setTerminal(t, &yes)
	out, errOut, code := purse(t, "", "audit", "repair")
	if code != exitOK || !strings.Contains(out, "cut 58 bytes after the last good record") || !strings.Contains(out, "2 records, chain intact") ||
		!strings.Contains(errOut, "58 bytes that are no record follow its last good record") || !strings.Contains(tty.out.String(), "Cut them?") {
		t.Fatalf("repair: %d %s %s %s", code, out, errOut, tty.out.String())
	}
	copies, _ := filepath.Glob(log + ".broken-*")
	if len(copies) != 1 {
		t.Fatalf("copies %v", copies)
	}
	if b, _ := os.ReadFile(copies[0]); !bytes.Equal(b, broken) {
		t.Fatal("the copy is not the old log")
	}
	if err := signDev(t, 1); err != nil {
		t.Fatalf("sign after the repair: %v", err)
	}
	setTerminal(t, nil)
	out, _, code = purse(t, "", "audit", "repair", "--yes", "--json")
	if code != exitOK || !strings.Contains(out, `"repaired": false`) || !strings.Contains(out, `"records": 3`) {
		t.Fatalf("nothing to repair: %d %s", code, out)
	}
	out, _, code = purse(t, "", "audit", "verify", "--json")
	if code != exitOK || !strings.Contains(out, `"records": 3`) {
		t.Fatalf("verify: %d %s", code, out)
	}
}

func setImportPassphrase(t *testing.T, p string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "import-pass")
	if err := os.WriteFile(f, []byte(p+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(prompt.EnvImportPassphraseFile, f)
}

// The passphrase of an imported keystore file is the other tool's; PURSE_PASSPHRASE_FILE is
// the one purse stores the key under. Neither stands in for the other (issue 11 case 12).
func TestImportPassphraseIsSeparate(t *testing.T) {
	home := keyEnv(t)
	k, _ := crypto.HexToECDSA(testDevKey)
	key := &gethks.Key{Address: crypto.PubkeyToAddress(k.PublicKey), PrivateKey: k}
	key.Id[6] = 0x40
	v3, err := gethks.EncryptKey(key, "other tool's password", gethks.LightScryptN, gethks.LightScryptP)
	if err != nil {
		t.Fatal(err)
	}
	file := writeTemp(t, "geth.json", string(v3))

	// PURSE_PASSPHRASE_FILE alone does not open another tool's file.
	_, errOut, code := purse(t, "", "key", "import", "--label", "geth", "--kind", "evm", "--keystore-json", file)
	if code == exitOK || !strings.Contains(errOut, "passphrase of the keystore file: no terminal to ask on") || !strings.Contains(errOut, "PURSE_IMPORT_PASSPHRASE_FILE") {
		t.Fatalf("import without its passphrase: %d %s", code, errOut)
	}
	setImportPassphrase(t, "other tool's password")
	out, errOut, code := purse(t, "", "key", "import", "--label", "geth", "--kind", "evm", "--keystore-json", file, "--json")
	if code != exitOK || decodeKey(t, out).Address != testDevAddress {
		t.Fatalf("import: %d %s %s", code, out, errOut)
	}
	stored, err := os.ReadFile(filepath.Join(home, "keys", "geth.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gethks.DecryptKey(stored, testPassphrase); err != nil {
		t.Fatalf("the stored copy is not under PURSE_PASSPHRASE_FILE: %v", err)
	}
	if _, err := gethks.DecryptKey(stored, "other tool's password"); err == nil {
		t.Fatal("the stored copy is under the other tool's password")
	}
}

// Exporting a Solana key warns that EVM tools misread the file; importing that file as an
// evm key is refused (issue 11 case 11).
func TestSolanaExportWarnsAndIsNotEVM(t *testing.T) {
	keyEnv(t)
	mn := writeTemp(t, "mn", testAbandon)
	if _, errOut, code := purse(t, "", "key", "import", "--label", "sol", "--kind", "solana", "--mnemonic-file", mn); code != exitOK {
		t.Fatalf("setup: %s", errOut)
	}
	if _, errOut, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatalf("setup: %s", errOut)
	}
	dir := t.TempDir()
	out, errOut, code := purse(t, "", "key", "export", "sol", "--out", filepath.Join(dir, "sol.json"), "--json")
	if code != exitOK || !strings.Contains(errOut, "purse: warning: The file holds a Solana key") || !strings.Contains(errOut, "unrelated Ethereum account") {
		t.Fatalf("solana export: %d %s %s", code, out, errOut)
	}
	if _, errOut, _ := purse(t, "", "key", "export", "dev", "--out", filepath.Join(dir, "dev.json")); strings.Contains(errOut, "warning") {
		t.Fatalf("evm export warned: %s", errOut)
	}
	setImportPassphrase(t, testPassphrase)
	_, errOut, code = purse(t, "", "key", "import", "--label", "x", "--kind", "evm", "--keystore-json", filepath.Join(dir, "sol.json"))
	if code == exitOK || !strings.Contains(errOut, "marked as a solana key") {
		t.Fatalf("solana file as evm: %d %s", code, errOut)
	}
}

// Labels that read as folders or flags are refused with the flag named (issue 11 case 19).
func TestLabelsThatReadAsPathsOrFlags(t *testing.T) {
	keyEnv(t)
	for _, l := range []string{".", "..", "-x"} {
		_, errOut, code := purse(t, "", "key", "new", "--kind", "evm", "--label="+l)
		if code != exitUsage || !strings.Contains(errOut, "--label: expected 1 to 64 characters") || !strings.Contains(errOut, "not starting with - and not . or ..") {
			t.Errorf("label %q: %d %s", l, code, errOut)
		}
	}
}
