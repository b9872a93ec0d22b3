package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestHelperCreateExclusiveOverTheLimit is the child of TestCreateExclusiveRemovesAHalfWrittenFile:
// with the file size limit at 4 KiB, the write of 64 KiB fails half-way (EFBIG once 4 KiB are in).
func TestHelperCreateExclusiveOverTheLimit(t *testing.T) {
	path := os.Getenv("ATOMICFILE_TEST_PATH")
	if path == "" {
		t.Skip("run by TestCreateExclusiveRemovesAHalfWrittenFile")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 4096, Max: 4096}); err != nil {
		t.Fatal(err)
	}
	err := CreateExclusive(path, []byte(strings.Repeat("secret!\n", 8192)), 0o600)
	if err == nil {
		os.Exit(3) // the write did not fail: the test cannot judge
	}
	os.Stdout.WriteString(err.Error())
	os.Exit(0)
}

// TestCreateExclusiveRemovesAHalfWrittenFile: a write that fails half-way (the file size
// limit) leaves nothing: the named file is removed, nothing else is in the folder, and the
// error says so. Run in a child process, as the limit is the process's.
func TestCreateExclusiveRemovesAHalfWrittenFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "key.hex")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperCreateExclusiveOverTheLimit$", "-test.count=1")
	cmd.Env = append(os.Environ(), "ATOMICFILE_TEST_PATH="+path)
	out, err := cmd.Output()
	if cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 3 {
		t.Skip("the file size limit did not make the write fail here")
	}
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "file too large") || !strings.Contains(string(out), "the file was removed") {
		t.Fatalf("the error: %s", out)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("the folder still holds %v", ents)
	}
}
