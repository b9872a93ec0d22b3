package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"purse/internal/hometest"
)

// osKeyEnv is keyEnv with the OS keyring backend on go-keyring's mock (the store's wrapper
// wants a session bus named; the mock never dials it).
func osKeyEnv(t *testing.T, home string) {
	t.Helper()
	keyring.MockInit()
	t.Setenv("PURSE_HOME", home)
	t.Setenv("PURSE_KEYSTORE", "os")
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/purse-test-bus")
	setPassphrase(t, testPassphrase)
	setTerminal(t, nil)
}

// A copy of a home (a backup made with cp -a) names the original's OS-keyring items: removing a
// key in the copy removes only the copy's entry and says the secret was left for the home it
// came from, and the original still signs with it. A key the copy made itself is its own.
func TestCopiedHomeLeavesTheOriginalsSecret(t *testing.T) {
	root := t.TempDir()
	orig, backup := filepath.Join(root, "purse"), filepath.Join(root, "purse-backup")
	osKeyEnv(t, orig)
	if _, errOut, code := purse(t, "0x"+testDevKey+"\n", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatalf("import: %s", errOut)
	}
	sign := []string{"--yes", "sign", "personal", "--key", "dev", "--message", "hi"}
	if _, errOut, code := purse(t, "", sign...); code != exitOK {
		t.Fatalf("the original does not sign: %s", errOut)
	}
	hometest.Copy(t, orig, backup)

	t.Setenv("PURSE_HOME", backup)
	// The copy still uses the key the index names.
	if _, errOut, code := purse(t, "", sign...); code != exitOK {
		t.Fatalf("the copy does not sign: %s", errOut)
	}
	// The question says what will happen, before anything does.
	answer := "no\n"
	tty := setTerminal(t, &answer)
	if _, _, code := purse(t, "", "key", "rm", "dev"); code == exitOK {
		t.Fatal("a wrong answer removed the key")
	}
	if q := tty.out.String(); !strings.Contains(q, "stays in the OS keyring") || !strings.Contains(q, orig) {
		t.Fatalf("the question does not say the secret stays for %s: %q", orig, q)
	}
	setTerminal(t, nil)
	out, errOut, code := purse(t, "", "key", "rm", "dev", "--yes")
	if code != exitOK || !strings.Contains(out, "left in the OS keyring") || !strings.Contains(out, orig) {
		t.Fatalf("rm in the copy: %d %q %q", code, out, errOut)
	}
	if out, _, _ := purse(t, "", "key", "list", "--json"); strings.Contains(out, `"dev"`) {
		t.Fatalf("the copy still lists the key: %s", out)
	}

	// A key made in the copy after it was copied is the copy's alone: removing it deletes
	// its secret, and --json says which.
	if _, errOut, code := purse(t, "", "key", "new", "--label", "own", "--kind", "evm"); code != exitOK {
		t.Fatalf("new in the copy: %s", errOut)
	}
	out, errOut, code = purse(t, "", "key", "rm", "own", "--yes", "--json")
	var rm map[string]any
	if err := json.Unmarshal([]byte(out), &rm); err != nil || code != exitOK || rm["secretDeleted"] != true {
		t.Fatalf("rm of the copy's own key: %d %s %s", code, out, errOut)
	}

	t.Setenv("PURSE_HOME", orig)
	if _, errOut, code := purse(t, "", sign...); code != exitOK {
		t.Fatalf("the original lost its key to the copy's rm: %s", errOut)
	}
	// The original still removes its own secret for real.
	out, errOut, code = purse(t, "", "key", "rm", "dev", "--yes", "--json")
	if err := json.Unmarshal([]byte(out), &rm); err != nil || code != exitOK || rm["secretDeleted"] != true {
		t.Fatalf("rm in the original: %d %s %s", code, out, errOut)
	}
}
