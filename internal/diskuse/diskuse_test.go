//go:build unix

package diskuse

import (
	"os"
	"path/filepath"
	"testing"
)

// A file of 1 MiB written takes at least that; a 1 GiB sparse file takes next to nothing.
func TestAllocatedCountsBlocksNotLengths(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "full"), make([]byte, 1<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "sparse"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	n, err := Allocated(dir)
	if err != nil || n < 1<<20 || n > 4<<20 {
		t.Fatalf("allocated %d (%v), want about 1 MiB", n, err)
	}
}
