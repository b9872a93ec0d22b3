//go:build linux || darwin

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"purse/agent"
)

// A program that is not purse, listening where the agent's socket is, gets nothing from the
// CLI: `agent unlock` (which would hand it the passphrase's descriptor), `agent status` and a
// signature that would unlock into a running agent each refuse before sending, exit 1, and
// the error names the executable found, escaped (its name carries a terminal escape).
func TestTheCLIRefusesAFakeAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	keyEnv(t)
	if _, errOut, code := purse(t, "", "key", "new", "--label", "me", "--kind", "evm"); code != exitOK {
		t.Fatal(errOut)
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "not\x1b[2Jpurse")
	build := exec.Command("go", "build", "-o", fake, "./agent/testdata/notpurse")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sock, log := filepath.Join(dir, "s.sock"), filepath.Join(dir, "received")
	cmd := exec.Command(fake, "listen", sock, log)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "listening\n" {
		t.Fatalf("the fake agent: %q %v", line, err)
	}
	t.Setenv(agent.EnvSocket, sock)
	t.Setenv(agent.EnvAgentExe, "")
	shown := filepath.Join(dir, "not␛[2Jpurse")
	for _, args := range [][]string{
		{"agent", "unlock", "me"},
		{"agent", "status"},
		{"sign", "personal", "--key", "me", "--message", "hello"},
	} {
		_, errOut, code := purse(t, "", args...)
		if code != exitFailure || !strings.Contains(errOut, "nothing was sent") || !strings.Contains(errOut, "runs "+shown+", which is not this purse") || strings.Contains(errOut, "\x1b") {
			t.Errorf("purse %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
		}
	}
	if b, err := os.ReadFile(log); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the fake agent received %q (%v)", b, err)
	}
}
