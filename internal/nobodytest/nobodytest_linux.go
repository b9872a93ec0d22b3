package nobodytest

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// Run starts a copy of this test binary as uid and gid 65534 with env added, running no test
// (-test.run=^$: the copy's init acts on env and exits), and returns what it printed. It
// skips the test when it does not run as root or the OS will not start a process as that user.
func Run(t testing.TB, env ...string) string {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("starting a process as another user needs root")
	}
	// The test binary's folder is the building user's alone: nobody runs a copy.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "nobody")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe := dir + "/copy.test"
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("cannot run a process as nobody here (%v): %s", err, out)
	}
	return string(out)
}
