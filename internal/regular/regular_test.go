//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestANamedPipeIsRefusedWithoutWaiting: opening a FIFO nobody writes to returns at once with
// an error naming the path and what it is; a regular file reads as usual.
func TestANamedPipeIsRefusedWithoutWaiting(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "key")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), fifo) || !strings.Contains(err.Error(), "named pipe") {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a named pipe waits for a writer")
	}
	if _, err := ReadFile(dir); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a folder") {
		t.Fatalf("folder: %v", err)
	}
	if _, err := ReadFile(os.DevNull); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "device") {
		t.Fatalf("%s: %v", os.DevNull, err)
	}
	p := filepath.Join(dir, "file")
	if err := os.WriteFile(p, []byte("ok"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(p); err != nil || string(b) != "ok" {
		t.Fatalf("regular file: %q %v", b, err)
	}
}
