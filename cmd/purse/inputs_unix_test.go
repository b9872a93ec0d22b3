//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 22 §4: a key import from a named pipe and an audit log that is one end at once with
// an error naming the path and what it is (they waited forever for a writer before).
func TestNamedPipesAreRefusedWithoutWaiting(t *testing.T) {
	home := keyEnv(t)
	fifo := filepath.Join(t.TempDir(), "key.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	within := func(args ...string) (string, int) {
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
	if e, code := within("key", "import", "--label", "k", "--kind", "evm", "--private-key-file", fifo); code != exitUsage ||
		!strings.Contains(e, "--private-key-file") || !strings.Contains(e, fifo) || !strings.Contains(e, "named pipe") {
		t.Fatalf("import from a FIFO: exit %d %s", code, e)
	}
	log := filepath.Join(home, "audit.jsonl")
	if err := syscall.Mkfifo(log, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"audit", "verify"}, {"audit", "list"}, {"audit", "repair", "--yes"}} {
		if e, code := within(args...); code == exitOK || !strings.Contains(e, log) || !strings.Contains(e, "named pipe") {
			t.Errorf("%v with a FIFO as the log: exit %d %s", args, code, e)
		}
	}
}
