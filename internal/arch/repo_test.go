package arch

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// programMagic are the first bytes of the programs Go builds for the platforms purse ships to.
var programMagic = []struct {
	name  string
	magic []byte
}{
	{"an ELF program (Linux)", []byte("\x7fELF")},
	{"a PE program (Windows)", []byte("MZ")},
	{"a Mach-O program (macOS)", []byte{0xcf, 0xfa, 0xed, 0xfe}},
	{"a Mach-O program (macOS)", []byte{0xce, 0xfa, 0xed, 0xfe}},
	{"a universal Mach-O program (macOS)", []byte{0xca, 0xfe, 0xba, 0xbe}},
}

// TestNoProgramIsCommitted: the repository holds sources, never a build output (a 3 MB
// benchreport executable once sat at its root).
func TestNoProgramIsCommitted(t *testing.T) {
	gitbin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git on PATH: the committed files are checked where the repository is")
	}
	cmd := exec.Command(gitbin, "ls-files", "-z")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Skipf("not a git work tree (%s): the committed files are checked where the repository is", bytes.TrimSpace(ee.Stderr))
		}
		t.Fatal(err)
	}
	files := bytes.Split(bytes.TrimRight(out, "\x00"), []byte{0})
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files: not the module's root?", len(files))
	}
	for _, f := range files {
		name := string(f)
		head, err := readHead(filepath.Join("../..", name), 4)
		if errors.Is(err, os.ErrNotExist) {
			continue // removed in the work tree, not yet from the index
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, m := range programMagic {
			if bytes.HasPrefix(head, m.magic) {
				t.Errorf("%s is %s: build outputs are not committed (make build writes them under bin/)", name, m.name)
			}
		}
	}
}

func readHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return b[:k], nil
}
