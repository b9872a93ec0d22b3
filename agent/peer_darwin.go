//go:build darwin

package agent

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// PeerOf reads the connecting process's credentials from the kernel (LOCAL_PEERCRED for the
// uid, LOCAL_PEERPID for the pid) and the executable it runs (sysctl kern.procargs2).
func PeerOf(c *net.UnixConn) (Peer, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return Peer{}, err
	}
	var cred *unix.Xucred
	var pid int
	var serr error
	if err := raw.Control(func(fd uintptr) {
		cred, serr = unix.GetsockoptXucred(int(fd), unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
		if serr == nil {
			pid, serr = unix.GetsockoptInt(int(fd), unix.SOL_LOCAL, unix.LOCAL_PEERPID)
		}
	}); err != nil {
		return Peer{}, err
	}
	if serr != nil {
		return Peer{}, fmt.Errorf("LOCAL_PEERCRED/LOCAL_PEERPID: %v", serr)
	}
	p := Peer{UID: int(cred.Uid), PID: pid, Known: true}
	p.Exe, p.exe = processExe(pid)
	return p, nil
}

// processExe is the executable process pid was started from, as the kernel keeps it
// (kern.procargs2: argc, then the path given to exec), and that file. A path that is not
// absolute (relative to the directory the process was started in) names no file here, so the
// file is left unknown rather than guessed.
func processExe(pid int) (string, os.FileInfo) {
	b, err := unix.SysctlRaw("kern.procargs2", pid)
	if err != nil || len(b) < 5 {
		return "", nil
	}
	rest := b[4:]
	end := bytes.IndexByte(rest, 0)
	if end < 0 {
		return "", nil
	}
	path := string(rest[:end])
	if !filepath.IsAbs(path) {
		return path, nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return path, nil
	}
	return path, fi
}

// ownExe is this process's executable.
func ownExe() (string, os.FileInfo) {
	path, err := os.Executable()
	if err != nil {
		return "", nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return path, nil
	}
	return path, fi
}

// HardenProcess has nothing to apply on this OS, and says so.
func HardenProcess() []string { return []string{"not dumpable: not available on this OS"} }

const peerCredentials = true

// peerMechanism names the kernel's peer credentials, for `purse agent status`.
const peerMechanism = "LOCAL_PEERCRED, LOCAL_PEERPID, kern.procargs2"
