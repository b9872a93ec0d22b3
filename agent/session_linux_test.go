package agent

import (
	"os"
	"os/exec"
	"testing"
)

// The start time is the kernel's: this process has one, the same read twice, and a process
// started later has a later one.
func TestProcessStartFromTheKernel(t *testing.T) {
	a, b := processStart(os.Getpid()), processStart(os.Getpid())
	if a == 0 || a != b {
		t.Fatalf("start %d then %d", a, b)
	}
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if c := processStart(cmd.Process.Pid); c < a {
		t.Fatalf("a child started at %d, before this process (%d)", c, a)
	}
}
