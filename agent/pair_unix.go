//go:build unix

package agent

import (
	"fmt"
	"net"
	"os"
	"syscall"
)

// DisplayPair is a connected socket pair for a trusted display: display is the end the
// starting process keeps (NewDisplayConn), agentEnd the one the agent inherits
// (NewConnDisplay). Both are close-on-exec, so no other child of the process receives either;
// the starter passes agentEnd to the agent explicitly (exec.Cmd.ExtraFiles).
func DisplayPair() (display net.Conn, agentEnd *os.File, err error) {
	// Created and marked close-on-exec under the fork lock, as the standard library does
	// where SOCK_CLOEXEC is missing (macOS): no fork in between inherits them.
	syscall.ForkLock.RLock()
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fds[0])
		syscall.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, fmt.Errorf("display socket pair: %v", err)
	}
	f := os.NewFile(uintptr(fds[0]), "display")
	defer f.Close()
	display, err = net.FileConn(f)
	if err != nil {
		_ = syscall.Close(fds[1])
		return nil, nil, fmt.Errorf("display socket pair: %v", err)
	}
	return display, os.NewFile(uintptr(fds[1]), "display (agent's end)"), nil
}
