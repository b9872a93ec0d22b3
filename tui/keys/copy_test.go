package keys

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"purse/config"
	"purse/internal/hometest"
	"purse/keystore"
	"purse/tui/internal/tuitest"
)

// In a copy of a home, the Keys screen's remove says the secret stays for the home it was
// copied from (app/keys' RemoveEffect), removes only the copy's entry and says so; the original
// still signs.
func TestRemoveInACopiedHomeLeavesTheSecret(t *testing.T) {
	keyring.MockInit()
	t.Setenv("PURSE_KEYSTORE", "os")
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/purse-test-bus")
	root := t.TempDir()
	orig, backup := filepath.Join(root, "purse"), filepath.Join(root, "backup")
	tuitest.WriteProfile(t, orig, &config.Profile{Name: "t", UserAPI: "http://127.0.0.1:1", Network: "31337"})
	ks, err := keystore.Open(keystore.Options{Home: orig, Backend: keystore.BackendOS})
	if err != nil {
		t.Fatal(err)
	}
	dev, err := ks.ImportHex("dev", keystore.KindEVM, []byte(strings.Repeat("11", 32)))
	if err != nil {
		t.Fatal(err)
	}
	hometest.Copy(t, orig, backup)

	sv := tuitest.Services(t, backup)
	env := newEnv(t, sv)
	h := tuitest.NewDriver(t, env, New(env, Of(sv)), 120, 30)
	s := keysScreen(t, h)
	h.Press(tuitest.Runes("d"))
	q := strings.Join(strings.Fields(strings.ReplaceAll(tuitest.Plain(h.Top().View()), "│", "")), " ")
	if !strings.Contains(q, "the secret stays in the OS keyring for that home") || strings.Contains(q, "exports a backup") {
		t.Fatalf("the question in a copy:\n%s", q)
	}
	h.Press(tuitest.Runes("y"))
	if len(s.list) != 0 || !strings.Contains(h.LastStatus(), "its secret was left in the OS keyring") {
		t.Fatalf("after remove: %+v %q", s.list, h.LastStatus())
	}
	sg, err := ks.EVMSigner("dev", "t")
	if err != nil || sg.Address().Hex() != dev.Address {
		t.Fatalf("the original lost its key to the copy's remove: %v", err)
	}
}
