//go:build linux

package agent

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// PeerOf reads the connecting process's credentials from the kernel (SO_PEERCRED) and the
// executable it runs (/proc/PID/exe). For a socket pair, the kernel names the process that
// made the pair.
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
	p.Exe, p.exe = processExe(p.PID)
	p.Start = processStart(p.PID)
	return p, nil
}

// processExe is the executable process pid runs, as the kernel links it: its path (with
// " (deleted)" when the file was removed or replaced since) and the file itself, stat'ed
// through the link, so it is the running file (device and inode) even when its path now
// names another one. Either is empty when the process is gone or not readable.
func processExe(pid int) (string, os.FileInfo) {
	link := "/proc/" + strconv.Itoa(pid) + "/exe"
	path, _ := os.Readlink(link)
	fi, err := os.Stat(link)
	if err != nil {
		return path, nil
	}
	return path, fi
}

// ownExe is this process's executable, as processExe says it.
func ownExe() (string, os.FileInfo) { return processExe(os.Getpid()) }

// processStart is the start time of process pid (field 22 of /proc/PID/stat, clock ticks
// after boot); 0 when it cannot be read. The command name (field 2) may hold spaces and
// parentheses, so the fields are counted after its last ')'.
func processStart(pid int) uint64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 {
		return 0
	}
	v, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil {
		return 0
	}
	return v
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

// peerMechanism names the kernel's peer credentials, for `purse agent status`.
const peerMechanism = "SO_PEERCRED, /proc/PID/exe"
