package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkWrite is one atomic replacement of a key-index-sized file: temporary file, lock,
// fsync, rename, folder fsync.
func BenchmarkWrite(b *testing.B) {
	p := filepath.Join(b.TempDir(), "keys.json")
	data := make([]byte, 400)
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(p, data, 0o600); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepCleanHome is what the start-up check adds to every command: a sweep of a home
// with the usual files and no leftover.
func BenchmarkSweepCleanHome(b *testing.B) {
	dir := b.TempDir()
	for i := range 12 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file-%d.json", i)), nil, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	owns := func(t string) bool { return t == "keys.json" }
	b.ReportAllocs()
	for b.Loop() {
		if ls, err := Sweep(dir, owns); err != nil || len(ls) != 0 {
			b.Fatal(ls, err)
		}
	}
}
