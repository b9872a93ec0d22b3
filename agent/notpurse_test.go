//go:build linux || darwin

package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// goBuild builds pkg (a path from the module's root) into dir/name and returns its path.
func goBuild(t *testing.T, pkg, dir, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a program")
	}
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	return out
}

// notPurse builds testdata/notpurse, a program of this user that is not purse, into dir.
func notPurse(t *testing.T, dir string) string {
	return goBuild(t, "./agent/testdata/notpurse", dir, "notpurse")
}

// isolatedEnv is the environment for a purse child with its own home and socket.
func isolatedEnv(home, sock string) []string {
	return append(os.Environ(), "PURSE_HOME="+home, "PURSE_KEYSTORE=file", EnvSocket+"="+sock, "XDG_RUNTIME_DIR=", EnvAgentExe+"=")
}
