package sandboxctl

import (
	"os/exec"
	"syscall"
)

// setParentDeath makes the kernel stop the sandbox when purse dies without cleaning up
// (kill -9): an orphaned sandbox would hold the port and the next start would silently
// talk to a stale one.
func setParentDeath(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
