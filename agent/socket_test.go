//go:build unix

package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The socket lives in the user's runtime directory where there is one: in its purse/
// directory, made 0700 when missing and refused (not repaired) when it is there and not the
// user's alone; one socket per home; in the home otherwise; PURSE_AGENT_SOCK overrides both
// (issue 29: "the socket lives in $XDG_RUNTIME_DIR/purse/ (0700) where that exists").
func TestSocketInTheRuntimeDirectory(t *testing.T) {
	t.Setenv(EnvSocket, "")
	rt := shortDir(t)
	home, other := shortDir(t), shortDir(t)
	t.Setenv(EnvRuntimeDir, rt)
	dir := filepath.Join(rt, "purse")
	path := SocketPath(home)
	if filepath.Dir(path) != dir || !strings.HasPrefix(filepath.Base(path), "agent-") || !strings.HasSuffix(path, ".sock") {
		t.Fatalf("socket %s, want one in %s", path, dir)
	}
	if SocketPath(other) == path {
		t.Fatalf("two homes share the socket %s", path)
	}
	if wd, err := os.Getwd(); err == nil {
		t.Chdir(filepath.Dir(home))
		if got := SocketPath(filepath.Base(home)); got != path {
			t.Errorf("the home named relative to %s: %s, want %s", wd, got, path)
		}
		t.Chdir(wd)
	}

	ln, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(dir)
	if err != nil || st.Mode().Perm() != 0o700 || !st.IsDir() {
		t.Fatalf("%s: %v %v, want a 0700 directory", dir, st.Mode(), err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 || st.Mode()&os.ModeSocket == 0 {
		t.Fatalf("socket mode %v %v, want a 0600 socket", st.Mode(), err)
	}
	ln.Close()
	os.Remove(path)

	refused := func(why string) {
		t.Helper()
		if ln, err := Listen(path); err == nil || !strings.Contains(err.Error(), why) {
			if ln != nil {
				ln.Close()
			}
			t.Fatalf("listen in %s: %v, want %q", dir, err, why)
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	refused("mode 0755 lets other users in; expected 0700")
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o755 {
		t.Fatalf("the directory's mode was changed to %v", st.Mode())
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	elsewhere := shortDir(t)
	if err := os.Symlink(elsewhere, dir); err != nil {
		t.Fatal(err)
	}
	refused("is a symbolic link, not a directory")
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if os.Getuid() == 0 {
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(dir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
		refused("is owned by uid 65534, not by this user")
		if err := os.Remove(dir); err != nil {
			t.Fatal(err)
		}
	}

	// No usable runtime directory: the home. PURSE_AGENT_SOCK overrides.
	for _, rtv := range []string{"", "relative/run", filepath.Join(rt, "missing")} {
		t.Setenv(EnvRuntimeDir, rtv)
		if got := SocketPath(home); got != filepath.Join(home, SocketFile) {
			t.Errorf("%s=%q: %s, want the home's", EnvRuntimeDir, rtv, got)
		}
	}
	t.Setenv(EnvRuntimeDir, rt)
	t.Setenv(EnvSocket, "/somewhere/s.sock")
	if got := SocketPath(home); got != "/somewhere/s.sock" {
		t.Errorf("%s set: %s", EnvSocket, got)
	}
}
