//go:build linux || darwin

package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A program of the user that is not purse cannot become an agent's trusted display: it makes
// a socket pair, keeps one end and starts the real purse binary's `agent start --display-fd
// 3` on the other, as the TUI does. The agent asks the kernel who made the pair, finds
// notpurse, not its own executable, and ends before it serves anything, naming what it found
// (issue 29: "a python process" approved requests as "the TUI that started this agent").
func TestASquattingDisplayIsRefused(t *testing.T) {
	dir := shortDir(t)
	purse := goBuild(t, "./cmd/purse", dir, "purse")
	squatter := notPurse(t, dir)
	home := filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, SocketFile)
	cmd := exec.Command(squatter, "display", purse, "agent", "start", "--display-fd", "3")
	cmd.Env = isolatedEnv(home, sock)
	out, err := cmd.CombinedOutput()
	got := string(out)
	if err != nil {
		t.Fatalf("the squatter: %v\n%s", err, got)
	}
	if strings.HasPrefix(got, "serving") {
		t.Fatalf("the agent served with the squatter as its display:\n%s", got)
	}
	if !strings.HasPrefix(got, "exited: exit status") || !strings.Contains(got, "the display descriptor is refused") ||
		!strings.Contains(got, "runs "+squatter+", which is not this purse ("+purse+")") {
		t.Fatalf("the agent did not refuse the squatter's display, naming it:\n%s", got)
	}
	if Answers(sock) {
		t.Fatal("an agent answers")
	}
}
