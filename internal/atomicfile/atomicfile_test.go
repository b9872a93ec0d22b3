package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWriteReplacesWithModeAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := Write(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("two"), 0o640); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	st, _ := os.Stat(p)
	if err != nil || string(b) != "two" || st.Mode().Perm() != 0o640 {
		t.Fatalf("content %q mode %v err %v", b, st.Mode().Perm(), err)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Fatalf("temporary files left: %v", l)
	}
}

func TestWriteNewRefusesAnExistingFileAndKeepsIt(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "export.json")
	if err := WriteNew(p, []byte("first"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := WriteNew(p, []byte("second"), 0o600)
	if !errors.Is(err, ErrExists) || !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second WriteNew: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "first" {
		t.Fatalf("the existing file changed: %q", b)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode().Perm())
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Fatalf("temporary files left: %v", l)
	}
}

func TestFailuresLeaveNothingBehind(t *testing.T) {
	dir := t.TempDir()
	// the target is a folder: the rename fails after the temporary file was written
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(target, []byte("data"), 0o600); err == nil {
		t.Fatal("writing over a non-empty folder succeeded")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Fatalf("temporary files left after a failed rename: %v", l)
	}
	// a folder that does not exist: nothing to create, a clear error
	if err := Write(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
	if err := WriteNew(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("WriteNew into a missing folder succeeded")
	}
}

// TestCreateExclusiveLeavesNoOtherFile: the file is created where named, 0600, and no
// temporary file ever exists beside it; an existing file or a dangling link is refused.
func TestCreateExclusiveLeavesNoOtherFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "key.hex")
	if err := CreateExclusive(p, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 && runtime.GOOS != "windows" {
		t.Fatalf("mode %v %v", st.Mode(), err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("the folder holds %d files", len(ents))
	}
	if err := CreateExclusive(p, []byte("other"), 0o600); !errors.Is(err, ErrExists) {
		t.Fatalf("existing file: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err == nil {
		if err := CreateExclusive(link, []byte("x"), 0o600); !errors.Is(err, ErrExists) {
			t.Fatalf("dangling link: %v", err)
		}
		if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
			t.Fatal("the link's target was created")
		}
	}
}
