package agent

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// EnvAgentExe names purse executables, besides the client's own, whose agent a client
// talks to (a list, separated as PATH is): for a purse built or installed elsewhere on
// purpose. Only the agent's side uses none: its display must be its own executable.
const EnvAgentExe = "PURSE_AGENT_EXE"

// ErrNotPurse: the process at the other end of the socket is not a purse process of this
// user, as the kernel says; nothing was sent to it.
var ErrNotPurse = errors.New("not a purse process of this user")

// runsPurse checks what the kernel said of p: a process of this user running purse, that is
// the same executable file as this process (device and inode, not path: a copy, a link
// elsewhere or a path that now names another file does not count) or one of also (paths
// the user named). After an upgrade replaced purse's file, a process still running the old
// one is not the same file as a new one: it is refused, and the error says so.
func (p Peer) runsPurse(also []string) error {
	if !p.Known {
		return fmt.Errorf("%w: this OS (%s) does not say which program is at the other end of a socket, so none is trusted", ErrNotPurse, runtime.GOOS)
	}
	if p.UID != os.Getuid() {
		return fmt.Errorf("%w: pid %d is a process of uid %d, not of this user (uid %d)", ErrNotPurse, p.PID, p.UID, os.Getuid())
	}
	ownPath, own := ownExeOnce()
	if own == nil {
		return fmt.Errorf("%w: this process's own executable (%s) cannot be read to compare", ErrNotPurse, orUnknown(ownPath))
	}
	if p.exe == nil {
		return fmt.Errorf("%w: the executable of pid %d (%s) cannot be read", ErrNotPurse, p.PID, orUnknown(p.Exe))
	}
	if os.SameFile(own, p.exe) {
		return nil
	}
	for _, name := range also {
		if fi, err := os.Stat(name); err == nil && os.SameFile(fi, p.exe) {
			return nil
		}
	}
	return fmt.Errorf("%w: pid %d runs %s, which is not this purse (%s)", ErrNotPurse, p.PID, orUnknown(p.Exe), ownPath)
}

// ownExeOnce is ownExe, read once: the file a process runs is the one the kernel mapped at
// exec, whatever happens to its path later.
var ownExeOnce = sync.OnceValues(ownExe)

// agentExes is $PURSE_AGENT_EXE as a list of absolute paths; a relative one would depend on
// the directory a client runs in, and is an error.
func agentExes() ([]string, error) {
	var out []string
	for _, p := range filepath.SplitList(os.Getenv(EnvAgentExe)) {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("%s: %q is not an absolute path: expected the absolute paths of purse executables, separated by %q", EnvAgentExe, p, string(filepath.ListSeparator))
		}
		out = append(out, p)
	}
	return out, nil
}

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}
