package filelock

import (
	"os"
	"path/filepath"
	"testing"
)

// The lock belongs to an open file: a second open of the same file, even in this process,
// does not get it until the first lets go (or closes).
func TestTryLockSeesAnotherOpensLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	a, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := Lock(a); err != nil {
		t.Fatal(err)
	}
	if held, err := TryLock(b); err != nil || held {
		t.Fatalf("TryLock while another open holds it: %v %v", held, err)
	}
	if err := Unlock(a); err != nil {
		t.Fatal(err)
	}
	if held, err := TryLock(b); err != nil || !held {
		t.Fatalf("TryLock once it was let go: %v %v", held, err)
	}
	_ = b.Close()
	if held, err := TryLock(a); err != nil || !held {
		t.Fatalf("TryLock after the holder closed: %v %v", held, err)
	}
}
