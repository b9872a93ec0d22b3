//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"purse/agent"
	"purse/config"
	"purse/internal/diskuse"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Timing of the screen polls: every step waits for what the screen must show, never for a
// fixed time.
const (
	stepTimeout = 20 * time.Second
	longTimeout = 45 * time.Second // the Solana deposit: quote, validation, send, confirmation
	pollEvery   = 100 * time.Millisecond
)

// passphrase of every key of the test: typed into the TUI's dialogs, and read by the CLI
// from PURSE_PASSPHRASE_FILE. It holds no '?' (the router's help key, even over a dialog).
const passphrase = "e2e-passphrase"

// Sandbox funding of the Solana key, as `purse sandbox ctl onboard` gives it.
const (
	fundLamports = 2_000_000_000 // 2 SOL
	fundUSDC     = 100_000_000   // 100 USDC
)

// TestE2E runs the real binary in tmux on the embedded sandbox profile: first run (EVM and
// Solana keys through the Setup screen), mint, KYC approval, Form A, Live, card issue /
// block / unblock, a permit with its allowance, a Solana deposit to confirmation and the
// history filter; every form on the way is submitted with the same key, ctrl+s.
func TestE2E(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is not installed: run `bash scripts/ensure-tmux.sh` (make e2e does) or install tmux")
	}
	t.Parallel()
	began := time.Now()
	work := t.TempDir()
	home := filepath.Join(work, "home")
	passFile := filepath.Join(work, "passphrase")
	if err := os.WriteFile(passFile, []byte(passphrase+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t, work)
	built := time.Since(began)

	port := freePort(t)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	cli := &cliRunner{t: t, bin: bin, env: []string{"PURSE_HOME=" + home, "PURSE_KEYSTORE=file", "PURSE_PASSPHRASE_FILE=" + passFile}}

	// Before the TUI: the sandbox profile moves to the free port (the profile keeps the name
	// "sandbox", so the TUI still starts the sandbox binary there). Everything else happens
	// in the TUI: the partner key and the Solana funding come from the sandbox panel.
	cli.run("profile", "set", "user_api="+base, "partner_api="+base+"/partner", "evm_rpc="+base+"/evm", "solana_rpc="+base+"/solana")

	u := startTUI(t, work, bin, home)
	steps := &stepLog{t: t, last: time.Now()}
	steps.done("build the binary", built)

	// 0. The TUI is up on the first-run screen; it started purse-sandbox on the free port.
	u.expect("first run: Setup screen", stepTimeout, "Welcome: let's set purse up", "step 1 of 4", "sandbox      network 31337  "+base)
	waitSandbox(t, base)
	steps.mark("TUI started, the purse-sandbox it launched answers")

	// 1. Setup: the profile, then a new EVM key and a new Solana key in encrypted files.
	// Every form of the walk-through is submitted with the one submit key (u.submit).
	u.keys("Enter")
	u.expect("setup: EVM key step", stepTimeout, "step 2 of 4", "Profile sandbox needs an EVM key", "n create a new key")
	u.keys("n")
	u.expect("setup: EVM key form", stepTimeout, "New EVM key", "label")
	u.typeText("me")
	u.submit("setup: EVM key form")
	u.newPassphrase("me")
	u.expect("setup: EVM key added", stepTimeout, "step 3 of 4", "Added evm key me (0x", "[x] EVM key     me")
	u.keys("n")
	u.expect("setup: Solana key form", stepTimeout, "New Solana key", "label")
	u.typeText("sol")
	u.submit("setup: Solana key form")
	u.newPassphrase("sol")
	u.expect("setup: Solana key added", stepTimeout, "step 4 of 4", "Added solana key sol (", "[x] Solana key  sol", "enter go to the Account screen")
	steps.mark("first run: EVM key me and Solana key sol created through the Setup screen")

	// 2. Account: mint with the prefilled sandbox captcha.
	u.keys("Enter")
	u.expect("account: no account yet", stepTimeout, "── Account", "no account in this profile", "press m to mint", "── Sandbox panel")
	u.keys("m")
	u.expect("account: mint form", stepTimeout, "Mint a new account", "captchaOutput  sandbox-pass", "lotNumber      sandbox")
	u.submit("account: mint form")
	u.expect("account: mint confirmation", stepTimeout, "The chain shows no account for this key.", "y mint")
	u.keys("y")
	u.expect("account: minted", stepTimeout, "status      Tourist (2)", "[>] IDScan", "Minted account ")
	steps.mark("mint (sandbox captcha prefilled, confirmed with y)")

	// 3. The sandbox panel approves the KYC review.
	u.keys("a")
	u.expect("account: KYC approved", stepTimeout, "sandbox: KYC approved", "[x] IDScan → [>] SignFormA", "press o to read Form A")
	steps.mark("KYC approved from the sandbox panel")

	// 4. Form A: read (passphrase), the signing gate's review, y signs, submitted (the
	// submission delivers the approved signature: not asked again).
	u.keys("o")
	u.unlock("Unlock key me")
	u.expect("account: Form A text", stepTimeout, "Form A, exactly as received", "textHash    0x", "s signs (opens the review)")
	u.keys("s")
	u.expect("account: Form A review", stepTimeout, "SIGNING REVIEW: Form A self-declaration", "Form A self-declaration (EIP-191)", `purposes.form-a = "confirm"`, "y sign")
	u.keys("y")
	// Unlocked once in this session (app.KeepUnlocked): no second prompt.
	u.expect("account: Form A submitted", stepTimeout, "[x] SignFormA → [>] Review", "Form A signed (0x", "v advance")
	steps.mark("Form A read, reviewed in the signing gate's dialog, signed with y and submitted")

	// 5. Advance: Live.
	u.keys("v")
	u.expect("account: Live", stepTimeout, "status      Live (5)", "sandbox: advanced: Live", "the account is Live")
	// Live readies a deposit as `purse sandbox ctl onboard` does: the profile's EVM key is
	// registered as the partner key and the Solana key is funded.
	u.expect("account: deposit readied", stepTimeout, "registered", "funded with")
	steps.mark("advanced to Live; partner key registered and Solana key funded by the panel")

	// 6. Card: the first read is signed without a question (a read), then issue, block,
	// unblock, each confirmed once in the signing gate's review of its signature; the key
	// unlocked at Form A signs them all without a prompt.
	u.gotoTab("Card")
	u.expect("card: none yet", stepTimeout, "Card  [NO CARD]", "Press i to issue one")
	for _, c := range []struct{ key, dialog, mark, done string }{
		{"i", "SIGNING REVIEW: POST /api/v2/card", "Card  [ACTIVE]", "Card issued."},
		{"b", "Sets card ", "Card  [BLOCKED]", "Card blocked."},
		{"b", "Sets card ", "Card  [ACTIVE]", "Card unblocked."},
	} {
		u.keys(c.key)
		u.expect("card: the signing review of "+c.key, stepTimeout, c.dialog, "y sign")
		u.keys("y")
		u.expect("card: "+c.done, stepTimeout, c.mark, c.done, "**** **** **** ")
		steps.mark("card: " + c.done + " " + c.mark)
	}
	u.expect("card: unblocked card offers block", stepTimeout, "Press b to block the card")

	// 7. Permit: EUR24 25.00 to the card spender → review → y → allowance read on chain.
	u.gotoTab("Permit")
	u.expect("permit: form", stepTimeout, "Permit (EIP-2612)", "owner           0x", "spender         <card>  "+config.SandboxCardSpender)
	u.keys("Enter") // enter opens the form; inside it, the keys of every form
	u.expect("permit: editing", stepTimeout, "editing: ctrl+s or enter on the last field opens the review")
	u.chooseToken("EUR24")
	u.keys("Down")
	u.typeText("25.00")
	u.keys("Down")
	u.keys("Down")
	u.expect("permit: role field", stepTimeout, "> spender         <card>")
	u.submit("permit: form") // runs the permit: the gate's review opens
	u.expect("permit: review", stepTimeout, "SIGNING REVIEW", "EIP-2612 permit", "25.00 EUR24", "y sign")
	u.keys("y")
	u.expect("permit: allowance", stepTimeout, "[SUBMITTED]", "allowance       25.00 EUR24 (2500 smallest units, read on chain)", "= signed value  yes")
	steps.mark("permit EUR24 25.00 to the card: submitted, allowance 25.00 read on chain")

	// 8. Solana deposit: 12.5 USDC → EUR: quote (partner key), findings, review, y, sent,
	// confirmed.
	u.gotoTab("Deposit")
	u.expect("deposit: form", stepTimeout, "Solana deposit: USDC from your wallet", "Solana key sol · cluster sandbox", "enter edits the form; ctrl+s in it")
	u.keys("Enter") // the form opens at the amount
	u.typeText("12.5")
	u.keys("Down") // the currency row
	u.expect("deposit: amount and currency", stepTimeout, "amount (USDC)   12.5", "> you receive     <EUR>")
	u.submit("deposit: form") // runs the deposit
	// The quote is signed by the partner key, the EVM key unlocked at Form A; the Solana key
	// is unlocked to sign, and the gate shows the review of the signed and simulated bytes.
	u.unlock("Unlock key sol")
	u.expect("deposit: review", longTimeout, "SIGNING REVIEW: deposit 12.500000 USDC → EUR24", "Solana transaction (ed25519)", "you receive", "y sign")
	u.keys("G") // the end of the review: the validation findings
	u.expect("deposit: findings in the review", stepTimeout, "── Validation findings", "(end)")
	u.keys("y")
	u.expect("deposit: confirmed", longTimeout, "ok Deposited 12.500000 USDC → EUR (", "Verdict: ok: approved in the review, signed, sent and confirmed", "Findings (")
	u.expectRe("deposit: confirmation status", longTimeout, regexp.MustCompile(`ok +9 confirm +(confirmed|finalized)`))
	steps.mark("Solana deposit 12.5 USDC → EUR: quote, findings, review y, sent, confirmed")

	// 8b. Send: a transfer of 5.00 EUR24 to another Live account (minted from the CLI under a
	// second profile), from the Balances screen's form: one review of the permit with the
	// call that carries it, y, and the outcome read on chain.
	cli.run("key", "new", "--label", "friend", "--kind", "evm")
	cli.run("profile", "add", "friend", "--sandbox", base)
	friend := regexp.MustCompile(`account (\d+) for`).FindStringSubmatch(cli.run("--profile", "friend", "--yes", "sandbox", "ctl", "onboard", "--key", "friend"))
	if friend == nil {
		t.Fatal("the second account was not onboarded")
	}
	u.gotoTab("Balances")
	u.expect("send: balances", stepTimeout, "Balances & chains", "EUR24")
	u.keys("s")
	u.expect("send: transfer form", stepTimeout, "Move money (one review, one approval)", "<transfer> payout cashout", "to account")
	u.keys("Down", "Down")
	u.typeText("5.00")
	u.keys("Down")
	u.typeText(friend[1])
	u.submit("send: transfer form")
	u.expect("send: review", stepTimeout, "SIGNING REVIEW: transfer-with-permit", "What the permit pays for", "account "+friend[1]+", owned by 0x", "y sign")
	u.keys("y")
	u.expect("send: sent", stepTimeout, "Sent 5.00 EUR24 to account "+friend[1]+" (0x")
	steps.mark("transfer 5.00 EUR24 to account " + friend[1] + " from the Balances screen: one review, y, landed on chain")

	// 9. Requests: every call of this first session, from the first (the mint). From the
	// Balances tab the tab line ends at Keys, beside Requests.
	u.gotoTab("Keys")
	u.gotoTab("Requests")
	u.expect("requests: the session's latest calls", stepTimeout, "Every API call of this session", "POST   /api/v1/transfer-with-permit")
	u.keys("G") // newest first: the oldest call is the last row
	u.expect("requests: the session's first call", stepTimeout, "POST   /api/v1/mint")
	steps.mark("the Requests screen lists the first session's calls")

	// 9b. The EVM deposit from the same form: USDC the sandbox funded the owner's key with
	// goes to the deposit contract (an approve and the deposit, one review), and the
	// account is credited.
	u.gotoTab("Balances")
	u.expect("evm deposit: balances", stepTimeout, "Balances & chains")
	u.keys("s")
	u.expect("evm deposit: money form", stepTimeout, "Move money (one review, one approval)", "<transfer> payout cashout")
	u.keys("Left")
	u.expect("evm deposit: form", stepTimeout, "<evm deposit>", "credited in")
	u.keys("Down")
	u.typeText("7.5")
	u.submit("evm deposit: form")
	u.expect("evm deposit: review", stepTimeout, "SIGNING REVIEW: EVM deposit: approve, then deposit", "1. Approve", "y sign")
	u.keys("y")
	u.expect("evm deposit: landed", stepTimeout, "Deposited 7.5 USDC on chain 31337", "credited")
	steps.mark("EVM deposit of 7.5 USDC from the Balances screen: approve and deposit in one review, y, credited")

	// 10. Transactions: the filter form, submitted with the same key as every form.
	u.gotoTab("Transactions")
	u.expect("transactions: the history", stepTimeout, "Filter: none (newest first)")
	u.keys("/")
	u.expect("transactions: filter form", stepTimeout, "Filter the history", "page size")
	u.typeText("5")
	u.submit("transactions: filter form")
	u.expect("transactions: filtered", stepTimeout, "Filter: pageSize 5")
	steps.mark("the history filter applied (page size 5)")

	// Every form this walk-through filled was submitted with the one submit key.
	wantForms := []string{"setup: EVM key form", "setup: Solana key form", "account: mint form", "permit: form", "deposit: form", "send: transfer form", "evm deposit: form", "transactions: filter form"}
	if strings.Join(u.submitted, ", ") != strings.Join(wantForms, ", ") {
		t.Fatalf("forms submitted with %s: %v, want %v", submitKey, u.submitted, wantForms)
	}
	steps.mark("every form submits with the same key (" + submitKey + ")")

	// 11. Restart: the sandbox kept its state under PURSE_HOME, so the account is still Live.
	// q asks first: the sandbox this window started stops with it.
	u.keys("q")
	u.expect("quit: the question", stepTimeout, "Quit purse?", "the sandbox on "+base, "y quit and stop them")
	u.keys("y")
	u.expect("quit", stepTimeout, "[purse exited with status 0]")
	_, _ = u.tmux("kill-server")
	// A socket of its own: the old server may still be removing its socket (new-session on
	// the same path failed once in CI).
	again := filepath.Join(work, "restart")
	if err := os.MkdirAll(again, 0o700); err != nil {
		t.Fatal(err)
	}
	u = startTUI(t, again, bin, home)
	u.expect("restart: home", stepTimeout, "Welcome to purse")
	waitSandbox(t, base)
	u.gotoTab("Account")
	u.expect("restart: still Live", stepTimeout, "status      Live (5)")
	steps.mark("restarted: the sandbox kept the account, still Live")

	// 12. Copy: c on Home sends the account id as a plain OSC 52 sequence, which tmux turns
	// into a paste buffer with set-clipboard on (startTUI); a sequence wrapped for tmux
	// passthrough would be dropped (allow-passthrough is off). The footer says it was sent.
	account := regexp.MustCompile(`account (\d+) \|`).FindStringSubmatch(u.screen())
	if account == nil {
		u.fatalf("no account id in the footer")
	}
	u.gotoTab("Home")
	u.keys("c")
	u.expect("copy: the footer says sent", stepTimeout, "Sent account id to the clipboard (OSC 52)")
	u.waitFor("copy: tmux's paste buffer", stepTimeout, func(string) (bool, string) {
		buf, err := u.tmux("show-buffer")
		return err == nil && buf == account[1], fmt.Sprintf("show-buffer: %q (%v), want %q", buf, err, account[1])
	})
	steps.mark("c copied the account id " + account[1] + " into tmux's buffer (plain OSC 52)")

	// 13. The sandbox's state folder after the whole walk stays small (a quiet tool: under
	// 20 MB, as du counts it).
	state, err := diskuse.Allocated(filepath.Join(home, "sandbox"))
	if err != nil || state > 20_000_000 {
		t.Errorf("the sandbox's state folder takes %d bytes (%v), want under 20 MB", state, err)
	}
	steps.mark(fmt.Sprintf("the sandbox's state folder takes %.1f MB", float64(state)/1e6))

	t.Logf("e2e: all steps passed in %s (build %s)", time.Since(began).Round(time.Millisecond), built.Round(time.Millisecond))
}

// binaries is the one build of the binaries the tests share (buildBinary).
var binaries struct {
	once sync.Once
	dir  string
	err  error
}

// buildBinary builds ./cmd/purse and ./cmd/purse-sandbox once for the tests (the TUI starts
// the sandbox binary found beside it) and returns the path of purse. dir is the test's own
// folder; the binaries live in one folder of the run's, removed by TestMain.
func buildBinary(t *testing.T, _ string) string {
	t.Helper()
	binaries.once.Do(func() {
		goBin := os.Getenv("GO")
		if goBin == "" {
			goBin = "go"
		}
		if binaries.dir, binaries.err = os.MkdirTemp("", "purse-e2e-bin"); binaries.err != nil {
			return
		}
		for _, name := range []string{"purse", "purse-sandbox"} {
			cmd := exec.Command(goBin, "build", "-o", filepath.Join(binaries.dir, name), "./cmd/"+name)
			cmd.Dir = ".."
			if out, err := cmd.CombinedOutput(); err != nil {
				binaries.err = fmt.Errorf("go build %s: %v\n%s", name, err, out)
				return
			}
		}
	})
	if binaries.err != nil {
		t.Fatal(binaries.err)
	}
	return filepath.Join(binaries.dir, "purse")
}

// TestMain runs the tests side by side (each with its own home, tmux server and ports): the
// agent's variables are cleared once for all of them, so an agent is found in the test's
// home and nowhere else (cleanEnv clears them for the binaries), and the shared binaries
// are removed at the end.
func TestMain(m *testing.M) {
	os.Unsetenv(agent.EnvRuntimeDir)
	os.Unsetenv(agent.EnvSocket)
	code := m.Run()
	if binaries.dir != "" {
		os.RemoveAll(binaries.dir)
	}
	os.Exit(code)
}

// ports are the ports freePort handed out: tests side by side never get the same one.
var ports struct {
	sync.Mutex
	given map[int]bool
}

// freePort returns a loopback port nothing listens on now, and no other test was given.
func freePort(t *testing.T) int {
	t.Helper()
	ports.Lock()
	defer ports.Unlock()
	if ports.given == nil {
		ports.given = map[int]bool{}
	}
	for {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		if !ports.given[port] {
			ports.given[port] = true
			return port
		}
	}
}

// cliRunner runs the binary as a command with the test's PURSE_HOME.
type cliRunner struct {
	t   *testing.T
	bin string
	env []string
}

func (c *cliRunner) run(args ...string) string {
	c.t.Helper()
	cmd := exec.Command(c.bin, args...)
	cmd.Env = append(cleanEnv(), c.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		c.t.Fatalf("purse %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func (c *cliRunner) keyAddress(label string) string {
	c.t.Helper()
	var e struct {
		Address string `json:"address"`
	}
	out := c.run("key", "show", label, "--json")
	if err := json.Unmarshal([]byte(out), &e); err != nil || e.Address == "" {
		c.t.Fatalf("key show %s: %v: %s", label, err, out)
	}
	return e.Address
}

// cleanEnv is the test's environment without purse's own settings and without TMUX (the
// test may run inside a tmux of the developer's).
func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		// XDG_RUNTIME_DIR too: the agent's socket stays in the test home.
		if strings.HasPrefix(kv, "PURSE_") || strings.HasPrefix(kv, "TMUX") || strings.HasPrefix(kv, "XDG_RUNTIME_DIR=") {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// waitSandbox waits until the in-process sandbox answers at base.
func waitSandbox(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		resp, err := http.Get(base + "/sandbox/info")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the sandbox the TUI should have started does not answer at %s: %v", base, err)
		}
		time.Sleep(pollEvery)
	}
}

// post sends a JSON body to the sandbox's control surface and wants 200.
func post(t *testing.T, url string, body any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), stepTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: HTTP %d: %s", url, resp.StatusCode, out.String())
	}
}

// stepLog records how long each step took.
type stepLog struct {
	t    *testing.T
	last time.Time
	n    int
}

func (s *stepLog) done(what string, took time.Duration) {
	s.n++
	s.t.Logf("step %2d  %6.2fs  %s", s.n, took.Seconds(), what)
}

func (s *stepLog) mark(what string) {
	now := time.Now()
	s.done(what, now.Sub(s.last))
	s.last = now
}

// tui is the binary running in a tmux session of a private tmux server.
type tui struct {
	t         *testing.T
	socket    string
	session   string
	last      string   // the last screen captured
	submitted []string // the forms submitted with submitKey, in order
}

// submitKey is the one key that submits every form of the TUI (tmux's name of ctrl+s).
const submitKey = "C-s"

// formFooter is the help every open form shows: the submit key first, the same in each.
const formFooter = "ctrl+s submit • tab/↓ next field • esc cancel"

// submit checks that the open form's footer names the submit key, then submits the form
// with it.
func (u *tui) submit(form string) {
	u.t.Helper()
	u.expect(form+": footer names the submit key", stepTimeout, formFooter)
	u.keys(submitKey)
	u.submitted = append(u.submitted, form)
}

// startTUI starts a private tmux server (its own socket, no config file) with one 120×40
// session running the binary with no arguments, and stops it in t.Cleanup. When the binary
// exits, the pane keeps its last screen and says so, so a crash shows in the failure.
func startTUI(t *testing.T, work, bin, home string) *tui {
	t.Helper()
	u := &tui{t: t, socket: filepath.Join(work, "tmux.sock"), session: "purse-e2e"}
	script := filepath.Join(work, "run-purse.sh")
	body := "#!/bin/sh\n" +
		"export PURSE_HOME=" + shellQuote(home) + " PURSE_KEYSTORE=file TERM=xterm-256color\n" +
		"unset PURSE_PASSPHRASE_FILE PURSE_PROFILE\n" +
		shellQuote(bin) + " 2>" + shellQuote(filepath.Join(work, "stderr.txt")) + "\n" +
		"echo \"[purse exited with status $?]\"\n" +
		"sleep 3600\n"
	if err := os.WriteFile(script, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := u.tmux("-f", "/dev/null", "new-session", "-d", "-s", u.session, "-x", "120", "-y", "40", script); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	// tmux takes an application's OSC 52 (the TUI's copy) into a paste buffer only with
	// set-clipboard on; its default, external, ignores it.
	if out, err := u.tmux("set-option", "-s", "set-clipboard", "on"); err != nil {
		t.Fatalf("tmux set-clipboard: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		if t.Failed() {
			if b, err := os.ReadFile(filepath.Join(home, "purse.log")); err == nil {
				t.Logf("purse.log (last 4000 bytes):\n%s", tail(string(b), 4000))
			}
			if b, err := os.ReadFile(filepath.Join(work, "stderr.txt")); err == nil && len(b) > 0 {
				t.Logf("purse stderr:\n%s", tail(string(b), 4000))
			}
		}
		_, _ = u.tmux("kill-server")
	})
	return u
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (u *tui) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-S", u.socket}, args...)...)
	cmd.Env = cleanEnv()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// keys sends tmux key names (Enter, Down, C-s, y).
func (u *tui) keys(keys ...string) {
	u.t.Helper()
	for _, k := range keys {
		if out, err := u.tmux("send-keys", "-t", u.session, k); err != nil {
			u.fatalf("send-keys %s: %v %s", k, err, out)
		}
	}
}

// typeText types text literally, as a user does.
func (u *tui) typeText(text string) {
	u.t.Helper()
	if out, err := u.tmux("send-keys", "-t", u.session, "-l", text); err != nil {
		u.fatalf("send-keys -l: %v %s", err, out)
	}
}

// screen captures the pane as plain text.
func (u *tui) screen() string {
	out, err := u.tmux("capture-pane", "-p", "-t", u.session)
	if err != nil {
		return "(capture-pane failed: " + err.Error() + ": " + out + ")"
	}
	u.last = out
	return out
}

func (u *tui) fatalf(format string, a ...any) {
	u.t.Helper()
	u.t.Fatalf("%s\nlast screen:\n%s", fmt.Sprintf(format, a...), frame(u.last))
}

// frame draws the captured screen inside a border, so trailing blanks are visible.
func frame(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var b strings.Builder
	b.WriteString("+" + strings.Repeat("-", 120) + "+\n")
	for _, l := range lines {
		b.WriteString("|" + l + "\n")
	}
	b.WriteString("+" + strings.Repeat("-", 120) + "+")
	return b.String()
}

// errorOnScreen finds the footer's or a screen's error mark.
var errorOnScreen = regexp.MustCompile(`(?m)^.*(\bERROR(: | at step )|\[purse exited with status \d+\]).*$`)

// expect polls the screen until it shows every one of wants, and fails with the last
// screen after timeout, or at once when an error or the binary's exit shows instead.
func (u *tui) expect(step string, timeout time.Duration, wants ...string) {
	u.t.Helper()
	u.waitFor(step, timeout, func(s string) (bool, string) {
		for _, w := range wants {
			if w == "" {
				continue
			}
			if !strings.Contains(s, w) {
				return false, fmt.Sprintf("lacks %q", w)
			}
		}
		return true, ""
	})
}

// expectRe polls the screen until re matches.
func (u *tui) expectRe(step string, timeout time.Duration, re *regexp.Regexp) {
	u.t.Helper()
	u.waitFor(step, timeout, func(s string) (bool, string) {
		return re.MatchString(s), fmt.Sprintf("does not match %s", re)
	})
}

func (u *tui) waitFor(step string, timeout time.Duration, ok func(screen string) (bool, string)) {
	u.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s := u.screen()
		done, why := ok(s)
		if done {
			if os.Getenv("PURSE_E2E_SCREENS") != "" {
				u.t.Logf("step %q:\n%s", step, frame(s))
			}
			return
		}
		if m := errorOnScreen.FindString(s); m != "" {
			u.fatalf("step %q: the screen shows an error instead (%s): %s", step, why, strings.TrimSpace(m))
		}
		if time.Now().After(deadline) {
			u.fatalf("step %q: after %s the screen still %s", step, timeout, why)
		}
		time.Sleep(pollEvery)
	}
}

// unlock waits for the passphrase dialog of that title and types the
// passphrase into it. Nothing is typed before the dialog shows: the letters would be
// commands of the screen underneath.
func (u *tui) unlock(title string) {
	u.t.Helper()
	u.expect("passphrase dialog "+title, stepTimeout, "│ "+title, "passphrase:", "enter unlock")
	u.typeText(passphrase)
	u.keys("Enter")
	u.waitFor("passphrase dialog "+title+" closes", stepTimeout, func(s string) (bool, string) {
		return !strings.Contains(s, "enter unlock • esc cancel"), "shows the passphrase dialog"
	})
}

// newPassphrase answers the two dialogs of a new key's passphrase.
func (u *tui) newPassphrase(label string) {
	u.t.Helper()
	u.expect("new passphrase for "+label, stepTimeout, "New passphrase for key "+label, "passphrase:")
	u.typeText(passphrase)
	u.keys("Enter")
	u.expect("confirm passphrase for "+label, stepTimeout, "Repeat the new passphrase", "Type the new passphrase again.")
	u.typeText(passphrase)
	u.keys("Enter")
}

// tabDigit finds the number of "N Title" in the tab line.
func tabDigit(screen, title string) string {
	first, _, _ := strings.Cut(screen, "\n")
	m := regexp.MustCompile(`([0-9]) ` + regexp.QuoteMeta(title) + `\b`).FindStringSubmatch(first)
	if m == nil {
		return ""
	}
	return m[1]
}

// gotoTab switches to a screen by its number in the tab line and waits for the tab to be
// the selected one and for its title rule.
func (u *tui) gotoTab(title string) {
	u.t.Helper()
	d := tabDigit(u.screen(), title)
	if d == "" {
		// A narrow tab line shows far tabs by their number alone: the help lists each
		// number with its screen, as a user would look it up.
		u.keys("?")
		u.expect("help: open", stepTimeout, "> Keys ──")
		u.keys("G") // the screens' numbers end the page
		line := regexp.MustCompile(`(?m)^([0-9]) +` + regexp.QuoteMeta(title) + ` *$`)
		u.expectRe("help: the number of "+title, stepTimeout, line)
		d = line.FindStringSubmatch(u.last)[1]
		// ? closes it (esc, with the digit right after it, would read as alt+digit).
		u.keys("?")
		u.waitFor("help: closed", stepTimeout, func(s string) (bool, string) {
			return !strings.Contains(s, "> Keys ──"), "the help is still open"
		})
	}
	u.keys(d)
	u.expect("go to "+title, stepTimeout, "["+d+" "+title+"]", "── "+title)
}

// chooseToken presses → on the permit's token field until it shows symbol chosen (<symbol>).
func (u *tui) chooseToken(symbol string) {
	u.t.Helper()
	chosen := regexp.MustCompile(`(?m)^> token +.*<` + regexp.QuoteMeta(symbol) + `>`)
	for range 8 {
		if chosen.MatchString(u.screen()) {
			return
		}
		before := u.last
		u.keys("Right")
		u.waitFor("permit: next token", stepTimeout, func(s string) (bool, string) {
			return s != before, "did not change after →"
		})
	}
	u.expectRe("permit: token "+symbol, stepTimeout, chosen)
}
