//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/config"
)

// TestE2ELedger runs the binary in tmux with the account's EVM key and its Solana key on the
// sandbox's Ledger stand-in, added from the CLI as a user with a device would: the account
// screen's reads under one device-confirmed read session, a permit the device clear-signs
// (its fields on the device), one on an app that signs only from the two EIP-712 hashes
// (the review's hashes on the device), and a Solana deposit reviewed in purse before the
// device's Solana app is asked. No passphrase is asked for either device key.
func TestE2ELedger(t *testing.T) {
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
	base := "http://127.0.0.1:" + strconv.Itoa(freePort(t))
	cli := &cliRunner{t: t, bin: bin, env: []string{"PURSE_HOME=" + home, "PURSE_KEYSTORE=file", "PURSE_PASSPHRASE_FILE=" + passFile}}
	steps := &stepLog{t: t, last: time.Now()}

	// The partner key (quotes) is a stored key; the TUI starts the sandbox and its stand-in.
	cli.run("key", "new", "--label", "partner", "--kind", "evm")
	cli.run("profile", "set", "user_api="+base, "partner_api="+base+"/partner", "evm_rpc="+base+"/evm", "solana_rpc="+base+"/solana",
		"evm_key=partner", "partner_key=partner", "read_session=10m")
	u := startTUI(t, work, bin, home)
	u.expect("TUI up", stepTimeout, "Welcome to purse")
	waitSandbox(t, base)
	steps.mark("TUI up; it started the sandbox and its Ledger stand-in")

	// 1. The keys on the device, from the CLI: no --transport on a sandbox profile.
	var list []struct{ Path, Address, Transport string }
	if err := json.Unmarshal([]byte(cli.run("key", "ledger", "--kind", "evm", "--count", "1", "--json")), &list); err != nil || len(list) == 0 {
		t.Fatalf("key ledger --json: %v %v", err, list)
	}
	if !strings.HasPrefix(list[0].Transport, "speculos:127.0.0.1:") || list[0].Path != "m/44'/60'/0'/0/0" {
		t.Fatalf("the first address %+v is not the stand-in's Ledger Live path", list[0])
	}
	cli.run("key", "ledger", "--kind", "evm", "--label", "hw", "--path", list[0].Path)
	cli.run("sandbox", "ctl", "ledger", "--app", "solana")
	cli.run("key", "ledger", "--kind", "solana", "--label", "solhw", "--path", "m/44'/501'/0'/0'")
	cli.run("sandbox", "ctl", "ledger", "--app", "ethereum")
	cli.run("profile", "set", "solana_key=solhw")
	onboarded := cli.run("--yes", "sandbox", "ctl", "onboard", "--key", "hw")
	if !strings.Contains(onboarded, "is Live") || !strings.Contains(onboarded, list[0].Address) {
		t.Fatalf("onboard with the device key: %s", onboarded)
	}
	steps.mark("EVM key hw and Solana key solhw added from the stand-in; account onboarded, every signature the device's")

	// 2. Account: the TUI follows the profile; its reads ask once for a read session.
	u.expect("profile followed", stepTimeout, "evm hw | sol solhw")
	u.gotoTab("Account")
	u.expect("account: read session review", stepTimeout, "SIGNING REVIEW: read session until", "y sign")
	u.keys("G")
	u.expect("account: read session, device section", stepTimeout, "── Then on the device", "the message (personal_sign)")
	u.keys("y")
	u.expect("account: Live", stepTimeout, "status      Live (5)")
	steps.mark("Account screen: one read session confirmed in the review and on the device; Live")

	// 3. Permit: the review ends with the two hashes; the device shows the same two.
	u.gotoTab("Permit")
	u.expect("permit: form", stepTimeout, "Permit (EIP-2612)", "owner           "+list[0].Address)
	u.keys("Enter")
	u.expect("permit: editing", stepTimeout, "editing: ctrl+s or enter on the last field opens the review")
	u.chooseToken("EUR24")
	u.keys("Down")
	u.typeText("10.00")
	u.submit("permit: form")
	u.expect("permit: review", stepTimeout, "SIGNING REVIEW", "EIP-2612 permit", "10.00 EUR24", "y sign")
	u.keys("G")
	u.expect("permit: device section", stepTimeout, "── Then on the device", "domain hash", "message hash")
	hashes := regexp.MustCompile(`(domain|message) hash +(0x[0-9a-f]{64})`).FindAllStringSubmatch(u.screen(), -1)
	if len(hashes) != 2 {
		u.fatalf("the review shows %d hashes, want the domain and message hashes", len(hashes))
	}
	u.keys("y")
	u.expect("permit: allowance", stepTimeout, "[SUBMITTED]", "allowance       10.00 EUR24 (1000 smallest units, read on chain)")
	if shown := deviceScreens(t, cli); !lastTyped(shown, "spender "+config.SandboxCardSpender, "value 1000") {
		t.Fatalf("the device did not clear-sign the permit (its spender and value 1000): %+v", shown)
	}
	steps.mark("permit EUR24 10.00: clear-signed, the device showed its fields; allowance read on chain")

	// 3b. An app that signs EIP-712 only from the two hashes shows the review's hashes.
	cli.run("sandbox", "ctl", "ledger", "--eip712-hashes-only")
	u.keys("Enter")
	u.expect("permit: editing again", stepTimeout, "editing: ctrl+s or enter on the last field opens the review")
	u.keys("Down", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
	u.typeText("12.00") // another allowance: the same one is "already permitted"
	u.submit("permit: form, again")
	u.expect("permit: review again", stepTimeout, "SIGNING REVIEW", "12.00 EUR24", "y sign")
	u.keys("G")
	u.expect("permit: device section again", stepTimeout, "── Then on the device", "domain hash", "message hash")
	hashes = regexp.MustCompile(`(domain|message) hash +(0x[0-9a-f]{64})`).FindAllStringSubmatch(u.screen(), -1)
	if len(hashes) != 2 {
		u.fatalf("the review shows %d hashes, want the domain and message hashes", len(hashes))
	}
	u.keys("y")
	u.expect("permit: allowance again", stepTimeout, "[SUBMITTED]", "allowance       12.00 EUR24")
	if !deviceShowed(t, cli, "Sign typed message", "Domain hash "+hashes[0][2], "Message hash "+hashes[1][2]) {
		t.Fatalf("the device did not show the review's hashes %s and %s", hashes[0][2], hashes[1][2])
	}
	cli.run("sandbox", "ctl", "ledger", "--eip712-hashes-only=false")
	steps.mark("a permit of 12.00 on an app that signs EIP-712 only from hashes: the device showed the review's two hashes")

	// 4. Solana deposit with the Solana app open: purse's review first, then the device.
	cli.run("sandbox", "ctl", "ledger", "--app", "solana")
	u.gotoTab("Deposit")
	u.expect("deposit: form", stepTimeout, "Solana deposit: USDC from your wallet", "Solana key solhw")
	u.keys("Enter")
	u.typeText("6")
	u.keys("Down")
	u.submit("deposit: form")
	u.unlock("Unlock key partner") // the quote's partner key is a stored key
	u.expect("deposit: review", longTimeout, "SIGNING REVIEW: deposit 6.000000 USDC → EUR24", "y sign")
	u.keys("G")
	u.expect("deposit: device section", stepTimeout, "── Then on the device", "on the Ledger (Solana app)", "unsigned, for this review")
	before := len(deviceScreens(t, cli))
	u.keys("y")
	u.expect("deposit: confirmed", longTimeout, "ok Deposited 6.000000 USDC → EUR (")
	shown := deviceScreens(t, cli)
	if len(shown) != before+1 || shown[len(shown)-1].App != "Solana" || shown[len(shown)-1].Title != "Review transaction" {
		t.Fatalf("the device showed %+v after the review, want one Solana transaction", shown[before:])
	}
	if held := regexp.MustCompile(`unlocked ([^(]*)\(ctrl\+l locks\)`).FindStringSubmatch(u.screen()); held == nil || strings.Contains(held[1], "hw") {
		u.fatalf("the footer's unlocked keys %q: want the partner key, and no device key", held)
	}
	steps.mark("Solana deposit 6 USDC: reviewed in purse, then signed on the device's Solana app; confirmed")
	t.Logf("e2e ledger: all steps passed in %s", time.Since(began).Round(time.Millisecond))
}

// deviceScreen is one screen the stand-in showed (purse sandbox ctl ledger --json).
type deviceScreen struct {
	App   string   `json:"app"`
	Title string   `json:"title"`
	Lines []string `json:"lines"`
}

// deviceScreens is what the stand-in showed, oldest first.
func deviceScreens(t *testing.T, cli *cliRunner) []deviceScreen {
	t.Helper()
	var st struct {
		Shown []deviceScreen `json:"shown"`
	}
	out := cli.run("sandbox", "ctl", "ledger", "--json")
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("sandbox ctl ledger --json: %v: %s", err, out)
	}
	return st.Shown
}

// lastTyped says whether the last typed message the device clear-signed showed lines.
func lastTyped(shown []deviceScreen, lines ...string) bool {
	for i := len(shown) - 1; i >= 0; i-- {
		if shown[i].Title == "Review typed message" {
			all := strings.Join(shown[i].Lines, "\n")
			for _, l := range lines {
				if !strings.Contains(all, l) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// deviceShowed says whether the stand-in's last screen is title with exactly lines.
func deviceShowed(t *testing.T, cli *cliRunner, title string, lines ...string) bool {
	shown := deviceScreens(t, cli)
	for i := len(shown) - 1; i >= 0; i-- {
		if shown[i].Title == title {
			return strings.Join(shown[i].Lines, "\n") == strings.Join(lines, "\n")
		}
	}
	return false
}
