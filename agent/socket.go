package agent

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// SocketFile is the socket's name under PURSE_HOME, where no runtime directory is.
const SocketFile = "agent.sock"

// EnvRuntimeDir is the user's runtime directory (XDG Base Directory): made by the system for
// the user's session, on a tmpfs, the user's alone (0700), and wiped at logout.
const EnvRuntimeDir = "XDG_RUNTIME_DIR"

// SocketPath is where home's agent listens: $PURSE_AGENT_SOCK when set; else, where
// $XDG_RUNTIME_DIR is set (absolute, as the specification requires) and is a directory,
// agent-HASH.sock in its purse/ directory, HASH naming home (two homes have two agents);
// else agent.sock in home. Every client and the agent compute it here.
func SocketPath(home string) string {
	if p := os.Getenv(EnvSocket); p != "" {
		return p
	}
	if dir := runtimeSocketDir(); dir != "" {
		abs, err := filepath.Abs(home)
		if err != nil {
			abs = filepath.Clean(home)
		}
		sum := sha256.Sum256([]byte(abs))
		return filepath.Join(dir, "agent-"+hex.EncodeToString(sum[:8])+".sock")
	}
	return filepath.Join(home, SocketFile)
}

// runtimeSocketDir is $XDG_RUNTIME_DIR/purse, or "" where no usable runtime directory is.
func runtimeSocketDir() string {
	rt := os.Getenv(EnvRuntimeDir)
	if rt == "" || !filepath.IsAbs(rt) {
		return ""
	}
	if st, err := os.Stat(rt); err != nil || !st.IsDir() {
		return ""
	}
	return filepath.Join(rt, "purse")
}

// privateRuntimeDir makes dir (the runtime directory's purse/) with mode 0700 when it is not
// there, and refuses one that is there and not the user's alone: a symbolic link, not a
// directory, another user's, or open to others. It is not repaired: what made it so is
// unknown.
func privateRuntimeDir(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("agent socket directory %s: %v", dir, err)
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("agent socket directory %s: %v", dir, err)
	}
	switch {
	case st.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("agent socket directory %s: is a symbolic link, not a directory; left as it is (remove it)", dir)
	case !st.IsDir():
		return fmt.Errorf("agent socket directory %s: is not a directory; left as it is (remove it)", dir)
	}
	if err := ownedByUser(st); err != nil {
		return fmt.Errorf("agent socket directory %s: %v; left as it is (remove it)", dir, err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("agent socket directory %s: mode %04o lets other users in; expected 0700 (chmod 700 %s)", dir, perm, dir)
	}
	return nil
}
