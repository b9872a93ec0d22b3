//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// agentArmDelay is the TUI's: an agent's review ignores y this long after it opens.
const agentArmDelay = time.Second

// TestE2EAgent: the CLI signs through the agent, and the TUI, the agent's trusted display,
// answers the confirmation the policy asks for (personal messages: confirm). The request
// shows as the signing review naming the client and the message; Enter does nothing, y
// signs (the CLI prints a signature `purse verify personal` accepts), n declines (exit 3).
func TestE2EAgent(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is not installed: run `bash scripts/ensure-tmux.sh` (make e2e does) or install tmux")
	}
	work := t.TempDir()
	home := filepath.Join(work, "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	passFile := filepath.Join(work, "passphrase")
	if err := os.WriteFile(passFile, []byte(passphrase+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t, work)
	base := "http://127.0.0.1:" + strconv.Itoa(freePort(t))
	cli := &cliRunner{t: t, bin: bin, env: []string{"PURSE_HOME=" + home, "PURSE_KEYSTORE=file", "PURSE_PASSPHRASE_FILE=" + passFile}}

	// The key and the profile are the CLI's, so the TUI opens on its screens, not the Setup.
	cli.run("key", "new", "--label", "me", "--kind", "evm")
	addr := cli.keyAddress("me")
	cli.run("profile", "set", "user_api="+base, "partner_api="+base+"/partner", "evm_rpc="+base+"/evm", "solana_rpc="+base+"/solana", "evm_key=me")

	cli.run("agent", "start", "--detach")
	t.Cleanup(func() {
		// Stopped even when a step failed; an agent already stopped answers nothing.
		cmd := exec.Command(bin, "agent", "stop")
		cmd.Env = append(cleanEnv(), cli.env...)
		_ = cmd.Run()
	})
	cli.run("agent", "unlock", "me")

	u := startTUI(t, work, bin, home)
	u.expect("TUI up as the agent's display", stepTimeout, "Welcome to purse", "agent: display")

	// 1. Approved with y, after an Enter that does nothing.
	first := cli.start("sign", "personal", "--key", "me", "--message", "hello agent", "--json")
	u.expect("agent review of the CLI's request", stepTimeout, "SIGNING REVIEW: Agent: purse sign personal asks to sign", "hello agent", "purposes.personal", "y sign")
	shown := time.Now()
	u.keys("Enter")
	u.expect("Enter does not sign", stepTimeout, "Enter does not sign")
	if first.exited(500 * time.Millisecond) {
		t.Fatalf("the CLI ended after Enter: %s", first.output())
	}
	time.Sleep(time.Until(shown.Add(agentArmDelay + 200*time.Millisecond)))
	u.keys("y")
	code, out := first.wait(t)
	if code != 0 {
		t.Fatalf("approved sign personal: exit %d\n%s", code, first.output())
	}
	var signed struct {
		Address   string `json:"address"`
		Signature string `json:"signature"`
	}
	if err := json.Unmarshal([]byte(out), &signed); err != nil || signed.Signature == "" || !strings.EqualFold(signed.Address, addr) {
		t.Fatalf("sign personal output %q (%v), want a signature by %s", out, err, addr)
	}
	cli.run("verify", "personal", "--address", addr, "--message", "hello agent", "--signature", signed.Signature)
	u.expect("approved note", stepTimeout, "Agent: approved")

	// 2. Declined with n: exit 3, nothing signed.
	second := cli.start("sign", "personal", "--key", "me", "--message", "second request")
	u.expect("agent review of the second request", stepTimeout, "SIGNING REVIEW: Agent: purse sign personal asks to sign", "second request", "y sign")
	time.Sleep(agentArmDelay + 200*time.Millisecond)
	u.keys("n")
	if code, _ := second.wait(t); code != 3 {
		t.Fatalf("declined sign personal: exit %d, want 3\n%s", code, second.output())
	}
	if !strings.Contains(second.output(), "declined on the display") {
		t.Fatalf("the CLI does not say it was declined:\n%s", second.output())
	}
	u.expect("declined note", stepTimeout, "Agent: declined the request of purse sign personal")

	// 3. The agent stops: the TUI is no longer its display.
	cli.run("agent", "stop")
	u.expect("agent stopped", stepTimeout, "this TUI is no longer the agent's display")
}

// running is a CLI command started in the background.
type running struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan error
}

// start runs the binary with args in the background; the test's end kills it if it runs.
func (c *cliRunner) start(args ...string) *running {
	c.t.Helper()
	r := &running{cmd: exec.Command(c.bin, args...), done: make(chan error, 1)}
	r.cmd.Env = append(cleanEnv(), c.env...)
	r.cmd.Stdout, r.cmd.Stderr = &r.stdout, &r.stderr
	if err := r.cmd.Start(); err != nil {
		c.t.Fatalf("purse %s: %v", strings.Join(args, " "), err)
	}
	go func() { r.done <- r.cmd.Wait() }()
	c.t.Cleanup(func() {
		select {
		case <-r.done:
		default:
			_ = r.cmd.Process.Kill()
			<-r.done
		}
	})
	return r
}

// exited says whether the command ended within d.
func (r *running) exited(d time.Duration) bool {
	select {
	case err := <-r.done:
		r.done <- err
		return true
	case <-time.After(d):
		return false
	}
}

// wait returns the exit code and stdout.
func (r *running) wait(t *testing.T) (int, string) {
	t.Helper()
	select {
	case err := <-r.done:
		r.done <- err
		var ee *exec.ExitError
		switch {
		case err == nil:
			return 0, r.stdout.String()
		case errors.As(err, &ee):
			return ee.ExitCode(), r.stdout.String()
		}
		t.Fatalf("the CLI: %v", err)
	case <-time.After(stepTimeout):
		t.Fatalf("the CLI did not end within %s\n%s", stepTimeout, r.output())
	}
	return -1, ""
}

func (r *running) output() string { return r.stdout.String() + r.stderr.String() }
