//go:build linux

package agent

import (
	"fmt"
	"net"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// PeerOf reads the connecting process's credentials from the kernel (SO_PEERCRED).
func PeerOf(c *net.UnixConn) (Peer, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return Peer{}, err
	}
	var cred *unix.Ucred
	var serr error
	if err := raw.Control(func(fd uintptr) {
		cred, serr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return Peer{}, err
	}
	if serr != nil {
		return Peer{}, fmt.Errorf("SO_PEERCRED: %v", serr)
	}
	p := Peer{UID: int(cred.Uid), PID: int(cred.Pid), Known: true}
	if exe, err := os.Readlink("/proc/" + strconv.Itoa(p.PID) + "/exe"); err == nil {
		p.Exe = exe
	}
	return p, nil
}

// HardenProcess keeps the process's memory (the agent's, or the proxy's when it holds a key)
// out of core dumps and away from ptrace by other processes of the same user
// (PR_SET_DUMPABLE 0). It says what it did, one line per measure.
func HardenProcess() []string {
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return []string{"not dumpable: no (" + err.Error() + ")"}
	}
	return []string{"not dumpable: yes (no core dumps, no ptrace by the same user)"}
}

const peerCredentials = true
