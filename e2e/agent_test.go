//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/agent"
)

// agentArmDelay is the TUI's: an agent's review ignores y this long after it opens.
const agentArmDelay = time.Second

// TestE2EAgent: the TUI starts the agent it is the trusted display of (Keys screen, A); the
// CLI signs through that agent, and the TUI answers what the policy asks about: the Form A
// of `purse sandbox ctl onboard`, a CLI permit, a CLI Solana deposit and personal messages.
// Each request shows as the signing review (who asks, from the kernel; what is signed);
// Enter does nothing, y signs, n declines (exit 3). No other process can become the display;
// the agent stops with the TUI.
func TestE2EAgent(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is not installed: run `bash scripts/ensure-tmux.sh` (make e2e does) or install tmux")
	}
	t.Parallel()
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

	// The keys and the profile are the CLI's, so the TUI opens on its screens, not the Setup.
	cli.run("key", "new", "--label", "me", "--kind", "evm")
	cli.run("key", "new", "--label", "sol", "--kind", "solana")
	addr := cli.keyAddress("me")
	cli.run("profile", "set", "user_api="+base, "partner_api="+base+"/partner", "evm_rpc="+base+"/evm", "solana_rpc="+base+"/solana", "evm_key=me", "solana_key=sol")

	u := startTUI(t, work, bin, home)
	u.expect("TUI up", stepTimeout, "Welcome to purse")
	waitSandbox(t, base)
	t.Cleanup(func() {
		// Stopped even when a step failed; an agent already stopped answers nothing.
		cmd := exec.Command(bin, "agent", "stop")
		cmd.Env = append(cleanEnv(), cli.env...)
		_ = cmd.Run()
	})

	// 1. The TUI starts the agent: it is its display, over a descriptor only it holds.
	u.gotoTab("Keys")
	u.keys("A")
	u.expect("agent started by the TUI", stepTimeout, "Agent started (pid ")
	st := cli.run("agent", "status")
	if !strings.Contains(st, "the TUI that started this agent") {
		t.Fatalf("agent status does not name the TUI as its display:\n%s", st)
	}
	cli.run("agent", "unlock", "me")
	cli.run("agent", "unlock", "sol")

	// No other process becomes the display: the socket refuses the role, and a second agent
	// cannot start beside this one.
	if out := dialDisplay(t, agent.SocketPath(home)); !strings.Contains(out, "fixed when the agent starts") {
		t.Fatalf("a connection asked to be the display: %s", out)
	}

	// 2. Onboarding from the CLI: its Form A is approved on the TUI (after an Enter that
	// does nothing).
	onboard := cli.start("sandbox", "ctl", "onboard", "--key", "me", "--json")
	u.expect("agent review of the onboarding's Form A", stepTimeout, "SIGNING REVIEW: Agent request: Form A", "from the kernel", "purse sandbox ctl onboard", "y sign")
	shown := time.Now()
	u.keys("Enter")
	if onboard.exited(500 * time.Millisecond) {
		t.Fatalf("the CLI ended after Enter: %s", onboard.output())
	}
	time.Sleep(time.Until(shown.Add(agentArmDelay + 200*time.Millisecond)))
	u.keys("y")
	if code, _ := onboard.wait(t); code != 0 {
		t.Fatalf("onboard: exit %d\n%s", code, onboard.output())
	}

	// 3. A CLI permit, approved on the TUI: the relay delivering the approved signature is
	// not asked about again.
	permit := cli.start("permit", "--token", "EUR24", "--amount", "25.00", "--spender", "card", "--json")
	u.expect("agent review of the CLI's permit", stepTimeout, "SIGNING REVIEW: Agent request: token-permit: permit", "25.00 EUR24", "purse permit", "y sign")
	time.Sleep(agentArmDelay + 200*time.Millisecond)
	u.keys("y")
	if code, out := permit.wait(t); code != 0 || !strings.Contains(out, `"allowance": "2500"`) {
		t.Fatalf("permit: exit %d\n%s", code, permit.output())
	}

	// 4. A CLI deposit, approved on the TUI: the review carries the simulation.
	deposit := cli.start("altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--json")
	u.expect("agent review of the CLI's deposit", longTimeout, "SIGNING REVIEW: Agent request: deposit 12.500000 USDC", "purse altchain deposit", "y sign")
	time.Sleep(agentArmDelay + 200*time.Millisecond)
	u.keys("y")
	if code, out := deposit.wait(t); code != 0 || !strings.Contains(out, `"confirmationStatus"`) {
		t.Fatalf("deposit: exit %d\n%s", code, deposit.output())
	}

	// 5. A personal message: y signs, and the signature verifies.
	first := cli.start("sign", "personal", "--key", "me", "--message", "hello agent", "--json")
	u.expect("agent review of the CLI's request", stepTimeout, "SIGNING REVIEW: Agent request: personal message", "hello agent", "purposes.personal", "y sign")
	time.Sleep(agentArmDelay + 200*time.Millisecond)
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
	if !strings.Contains(first.output(), "waiting for your answer on the agent's display") {
		t.Fatalf("the CLI did not say it waits on the display:\n%s", first.output())
	}

	// 6. Declined with n: exit 3, nothing signed.
	second := cli.start("sign", "personal", "--key", "me", "--message", "second request")
	u.expect("agent review of the second request", stepTimeout, "SIGNING REVIEW: Agent request: personal message", "second request", "y sign")
	time.Sleep(agentArmDelay + 200*time.Millisecond)
	u.keys("n")
	if code, _ := second.wait(t); code != 3 {
		t.Fatalf("declined sign personal: exit %d, want 3\n%s", code, second.output())
	}
	if !strings.Contains(second.output(), "declined") {
		t.Fatalf("the CLI does not say it was declined:\n%s", second.output())
	}

	// 7. The TUI quits: it asks first, naming the agent and the sandbox it started, which
	// stop with it.
	u.keys("q")
	u.expect("quit: the question", stepTimeout, "Quit purse?", "the agent (pid ", "the sandbox on "+base, "y quit and stop them")
	u.keys("y")
	u.expect("quit", stepTimeout, "[purse exited with status 0]")
	deadline := time.Now().Add(stepTimeout)
	for {
		cmd := exec.Command(bin, "agent", "status")
		cmd.Env = append(cleanEnv(), cli.env...)
		if cmd.Run() != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the agent still answers after the TUI that started it quit")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// dialDisplay connects to the agent's socket as a would-be display and returns its answer.
func dialDisplay(t *testing.T, sock string) string {
	t.Helper()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte(`{"op":"display","client":"purse TUI"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	b := make([]byte, 4096)
	n, _ := c.Read(b)
	return string(b[:n])
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
