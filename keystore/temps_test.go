package keystore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"purse/internal/atomicfile"
)

// Each of the store's atomic writes, cut off by a crash, leaves a temporary file that the
// sweep removes once stale; the same write under way (its writer holds the file) is kept, and
// a link or another name is never touched.
func TestSweepTempsRemovesWhatCrashesLeft(t *testing.T) {
	s, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: "p"}, nil)
	if _, err := s.ImportHex("a", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	targets := []string{
		s.indexPath, s.keyFile("a"), s.keyFile("being-added"), s.AuditHeadPath(), s.auditBrokenPath(),
		s.brokenCopy(s.auditPath),
	}
	var crashed, held []string
	var writers []*atomicfile.Pending
	for _, target := range targets {
		// What a crash leaves: the writer's file, and no writer holding it.
		tmp := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".tmp-1804289383")
		if err := os.WriteFile(tmp, []byte(`{"crypto":"partial"}`), 0o600); err != nil {
			t.Fatal(err)
		}
		// The same write under way, as old as the leftover.
		p, err := atomicfile.Begin(target, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		crashed, held, writers = append(crashed, tmp), append(held, p.Name()), append(writers, p)
		for _, f := range []string{tmp, p.Name()} {
			if err := os.Chtimes(f, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Not the store's: a name it never writes, a label it refuses, a link to a file outside.
	outside := filepath.Join(t.TempDir(), "outside.json")
	if err := os.WriteFile(outside, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(outside, old, old)
	foreign := []string{filepath.Join(s.home, ".audit.jsonl.broken-yesterday.tmp-1"), filepath.Join(s.keysDir, ".a b.json.tmp-1"), filepath.Join(s.home, ".agent-policy.toml.tmp-1")}
	for _, f := range foreign {
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(f, old, old)
	}
	link := filepath.Join(s.keysDir, ".a.json.tmp-9")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}

	got, err := s.SweepTemps()
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]atomicfile.Leftover{}
	for _, l := range got {
		byPath[l.Path] = l
	}
	for _, p := range crashed {
		if l := byPath[p]; !l.Removed {
			t.Errorf("%s: %+v", p, l)
		}
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there", p)
		}
	}
	for _, p := range held {
		if l := byPath[p]; l.Removed || !l.InUse {
			t.Errorf("a write under way, %s: %+v", p, l)
		}
	}
	if len(got) != len(crashed)+len(held) {
		t.Errorf("the sweep found %d files, want %d: %+v", len(got), len(crashed)+len(held), got)
	}
	for _, f := range append(foreign, link, outside) {
		if _, err := os.Lstat(f); err != nil {
			t.Errorf("%s is not the store's, but it is gone", f)
		}
	}
	// The writes under way go on undisturbed (atomicfile's tests commit one).
	for _, p := range writers {
		if _, err := os.Lstat(p.Name()); err != nil {
			t.Errorf("the file of a write under way: %v", err)
		}
		p.Abort()
	}
}
