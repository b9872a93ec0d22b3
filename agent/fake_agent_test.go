//go:build linux || darwin

package agent

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startNotPurse runs notpurse as a fake agent on sock, appending what it receives to the
// returned log's path.
func startNotPurse(t *testing.T, exe, sock string) (log string) {
	t.Helper()
	log = filepath.Join(filepath.Dir(sock), "received")
	cmd := exec.Command(exe, "listen", sock, log)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "listening\n" {
		t.Fatalf("the fake agent: %q %v", line, err)
	}
	return log
}

// A program that is not purse listening on the agent's socket (it took the path, or
// PURSE_AGENT_SOCK points at it) receives nothing from any client op: each dials, asks the
// kernel who answers, and refuses before it writes a byte, naming the executable it found.
// The unlock with a passphrase (as a descriptor, or as bytes the TUI holds) is among them
// (issue 29: "clients send secrets to whatever listens on the socket").
func TestAFakeAgentReceivesNothing(t *testing.T) {
	dir := shortDir(t)
	fake := notPurse(t, dir)
	sock := filepath.Join(dir, SocketFile)
	log := startNotPurse(t, fake, sock)
	t.Setenv(EnvAgentExe, "")
	c := &Client{Path: sock, Name: "agent test"}
	passFile := filepath.Join(dir, "pass")
	if err := os.WriteFile(passFile, []byte("correct horse battery\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pass, err := os.Open(passFile)
	if err != nil {
		t.Fatal(err)
	}
	defer pass.Close()
	r := readReq
	ops := map[string]func() error{
		"status": func() error { _, err := c.Status(bg()); return err },
		"key":    func() error { _, err := c.Key(bg(), KindEVM, "me"); return err },
		"unlock": func() error { _, err := c.Unlock(bg(), KindEVM, "me", 0, 0, nil); return err },
		"unlock with the passphrase's descriptor": func() error {
			_, err := c.Unlock(bg(), KindEVM, "me", 0, 0, pass)
			return err
		},
		"unlock with the passphrase": func() error {
			_, err := c.UnlockWith(bg(), KindEVM, "me", 0, 0, []byte("correct horse battery"))
			return err
		},
		"sign":                   func() error { _, err := c.Sign(bg(), "me", "sandbox", r); return err },
		"sign through EVMSigner": func() error { _, err := (&EVMSigner{C: c, Label: "me"}).SignRequest(r); return err },
		"lock":                   func() error { _, err := c.Lock(bg(), ""); return err },
		"stop":                   func() error { return c.Stop(bg()) },
	}
	for name, op := range ops {
		err := op()
		if !errors.Is(err, ErrNotPurse) || !strings.Contains(err.Error(), "runs "+fake+", which is not this purse") ||
			!strings.Contains(err.Error(), "nothing was sent") || !strings.Contains(err.Error(), EnvAgentExe) {
			t.Errorf("%s: %v", name, err)
		}
	}
	time.Sleep(200 * time.Millisecond) // the fake's reads end within its deadline
	if b, err := os.ReadFile(log); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the fake agent received %q (%v)", b, err)
	}

	// The user may name another purse executable; a relative name is refused, not ignored.
	t.Setenv(EnvAgentExe, "notpurse")
	if _, err := c.Status(bg()); err == nil || !strings.Contains(err.Error(), `"notpurse" is not an absolute path`) {
		t.Fatalf("a relative %s: %v", EnvAgentExe, err)
	}
	t.Setenv(EnvAgentExe, filepath.Join(dir, "elsewhere")+string(filepath.ListSeparator)+fake)
	if st, err := c.Status(bg()); err != nil || st.PID != 1 {
		t.Fatalf("the agent's executable named in %s: %+v %v", EnvAgentExe, st, err)
	}
}
