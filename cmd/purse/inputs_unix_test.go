//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"purse/internal/prompt"
)

// Issue 22 §4: a key import from a named pipe and an audit log that is one end at once with
// an error naming the path and what it is (they waited forever for a writer before).
func TestNamedPipesAreRefusedWithoutWaiting(t *testing.T) {
	home := keyEnv(t)
	fifo := filepath.Join(t.TempDir(), "key.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if e, code := within(t, "key", "import", "--label", "k", "--kind", "evm", "--private-key-file", fifo); code != exitUsage ||
		!strings.Contains(e, "--private-key-file") || !strings.Contains(e, fifo) || !strings.Contains(e, "named pipe") {
		t.Fatalf("import from a FIFO: exit %d %s", code, e)
	}
	log := filepath.Join(home, "audit.jsonl")
	if err := syscall.Mkfifo(log, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"audit", "verify"}, {"audit", "list"}, {"audit", "repair", "--yes"}} {
		if e, code := within(t, args...); code == exitOK || !strings.Contains(e, log) || !strings.Contains(e, "named pipe") {
			t.Errorf("%v with a FIFO as the log: exit %d %s", args, code, e)
		}
	}
}

// The passphrase files and the profiles file are read through the same check: a named pipe
// (what a shell's process substitution gives) is refused at once, naming the variable or the
// file and why, rather than waiting for a writer.
func TestSecretAndProfileFilesThatArePipesAreRefused(t *testing.T) {
	keyEnv(t)
	fifo := filepath.Join(t.TempDir(), "pass.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	geth := writeTemp(t, "geth.json", `{"address":"f39fd6e51aad88f6f4ce6ab8827279cfffb92266","crypto":{},"id":"x","version":3}`)
	for _, c := range []struct {
		env  string
		args []string
	}{
		{prompt.EnvPassphraseFile, []string{"key", "new", "--label", "n", "--kind", "evm"}},
		{prompt.EnvImportPassphraseFile, []string{"key", "import", "--label", "g", "--kind", "evm", "--keystore-json", geth}},
	} {
		t.Run(c.env, func(t *testing.T) {
			t.Setenv(c.env, fifo)
			if e, code := within(t, c.args...); code == exitOK || !strings.Contains(e, c.env) || !strings.Contains(e, fifo) || !strings.Contains(e, "named pipe") {
				t.Fatalf("%s is a FIFO: exit %d %s", c.env, code, e)
			}
		})
	}

	other := t.TempDir()
	t.Setenv("PURSE_HOME", other)
	profiles := filepath.Join(other, "profiles.toml")
	if err := syscall.Mkfifo(profiles, 0o600); err != nil {
		t.Fatal(err)
	}
	if e, code := within(t, "profile", "list"); code == exitOK || !strings.Contains(e, profiles) || !strings.Contains(e, "named pipe") {
		t.Fatalf("profiles.toml is a FIFO: exit %d %s", code, e)
	}
}

// within runs purse with args and returns its stderr and exit code, failing the test when
// it has not ended after 10 s (it waits on a named pipe).
func within(t *testing.T, args ...string) (string, int) {
	t.Helper()
	type res struct {
		e    string
		code int
	}
	done := make(chan res, 1)
	go func() { _, e, code := purse(t, "", args...); done <- res{e, code} }()
	select {
	case r := <-done:
		return r.e, r.code
	case <-time.After(10 * time.Second):
		t.Fatalf("%v waits on a named pipe", args)
	}
	return "", 0
}
