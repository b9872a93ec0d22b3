package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"purse/sandbox"
)

// TestOnboardThroughTheSandbox: `profile add --sandbox`, then one `sandbox ctl onboard`
// takes the key to a Live account through the real API; a fault then shows as a typed error.
func TestOnboardThroughTheSandbox(t *testing.T) {
	devKeyEnv(t)
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if _, e, c := purse(t, "", "profile", "add", "sb", "--sandbox", sb.Info().UserAPI); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "sandbox", "ctl", "onboard"); c != exitUsage || !strings.Contains(e, "--key") {
		t.Fatalf("onboard without a key: %d %s", c, e)
	}
	out, e, c := purse(t, "", "--yes", "--profile", "sb", "sandbox", "ctl", "onboard", "--key", "dev", "--json")
	if c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	m := jsonOut(t, out)
	if m["status"] != "Live" || m["address"] != "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" || m["tokenId"] == "" {
		t.Fatalf("onboard %v", m)
	}
	// The profile named no partner key: its EVM key is registered as one, so quotes work.
	if m["partnerKey"] != m["address"] {
		t.Fatalf("onboard registered partner key %v, want the EVM key %v", m["partnerKey"], m["address"])
	}
	for _, step := range []string{"minted account", "KYC approved", "Form A signed", "Live"} {
		if !strings.Contains(e, step) {
			t.Errorf("onboard progress lacks %q: %s", step, e)
		}
	}
	// The banking profile of the Live account (/api/v2/br), and the IDV token request's fields.
	if out, e, c := purse(t, "", "--profile", "sb", "account", "profile", "--json"); c != exitOK || !strings.HasPrefix(jsonOut(t, out)["iban"].(string), "CH") {
		t.Fatalf("account profile: %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "account", "idv-token", "--retry-level", "3"); c == exitOK || !strings.Contains(e, "retryLevel") {
		t.Fatalf("retry level without --retry: %d %s", c, e)
	}
	out, _, _ = purse(t, "", "--profile", "sb", "account", "status", "--json")
	if jsonOut(t, out)["statusStr"] != "Live" {
		t.Fatalf("status after onboard: %s", out)
	}
	// A second onboard finds the account Live and changes nothing.
	if out, e, c = purse(t, "", "--yes", "--profile", "sb", "sandbox", "ctl", "onboard", "--json"); c != exitOK || jsonOut(t, out)["tokenId"] != m["tokenId"] {
		t.Fatalf("second onboard: %s %s", out, e)
	}

	if _, e, c := purse(t, "", "--profile", "sb", "sandbox", "ctl", "faults", "--http-status", "503", "--count", "1"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "account", "status"); c != exitFailure || !strings.Contains(e, "503") {
		t.Fatalf("503 fault: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "account", "status"); c != exitOK {
		t.Fatalf("after the one-shot fault: %s", e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "sandbox", "ctl", "set-status", "Blocked"); c != exitOK {
		t.Fatal(e)
	}
	out, _, _ = purse(t, "", "--profile", "sb", "sandbox", "ctl", "state", "--json")
	if jsonOut(t, out)["statusStr"] != "Blocked" {
		t.Fatalf("state after set-status: %s", out)
	}
}

// TestSolanaDepositCreditsTheAccount: the whole alt-chain path through the composed
// sandbox — onboard funds the Solana key and registers the partner key, the deposit is
// quoted, validated, signed, simulated, sent and confirmed, and the end-user account shows
// the credited fiat as a CTU record.
func TestSolanaDepositCreditsTheAccount(t *testing.T) {
	sb := depositSandbox(t, sandbox.Config{})
	out, e, c := purse(t, "", "--yes", "sandbox", "ctl", "onboard", "--key", "dev", "--json")
	if c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	ob := jsonOut(t, out)
	if ob["solanaAddress"] == nil || ob["partnerKey"] == nil {
		t.Fatalf("onboard did not prepare the alt-chain side: %v", ob)
	}
	if out, e, c = purse(t, "", "altchain", "balance", "--json"); c != exitOK || !strings.Contains(out, "100") {
		t.Fatalf("balance: %d %s %s", c, out, e)
	}
	before := ctuCount(t)
	_, e, c = purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes")
	if c != exitOK {
		t.Fatalf("deposit: %d %s", c, e)
	}
	if after := ctuCount(t); after != before+1 {
		t.Fatalf("CTU records %d → %d: the deposit was not credited", before, after)
	}
	if dep := sb.Solana.Deposits(); len(dep) != 1 || dep[0].USDC != 12_500_000 {
		t.Fatalf("deposits on the Solana side: %+v", dep)
	}
}

// sandboxProfile starts a sandbox of cfg for the test and, with the dev key's environment,
// makes profile "sb" from its info, makes it active and runs each of then.
func sandboxProfile(t *testing.T, cfg sandbox.Config, then ...[]string) *sandbox.Sandbox {
	t.Helper()
	devKeyEnv(t)
	cfg.Listen = "127.0.0.1:0"
	sb, err := sandbox.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	for _, args := range append([][]string{{"profile", "add", "sb", "--sandbox", sb.Info().UserAPI}, {"profile", "use", "sb"}}, then...) {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	return sb
}

// depositSandbox is a sandbox of cfg with profile "sb" holding a Solana key and a partner key.
func depositSandbox(t *testing.T, cfg sandbox.Config) *sandbox.Sandbox {
	t.Helper()
	return sandboxProfile(t, cfg, []string{"key", "new", "--label", "sol", "--kind", "solana"},
		[]string{"key", "new", "--label", "partner", "--kind", "evm"}, []string{"profile", "set", "solana_key=sol", "partner_key=partner"})
}

// onboardedSandbox is a sandbox of cfg with the dev key onboarded to Live in profile "sb".
func onboardedSandbox(t *testing.T, cfg sandbox.Config) *sandbox.Sandbox {
	t.Helper()
	return sandboxProfile(t, cfg, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
}

func ctuCount(t *testing.T) int {
	t.Helper()
	out, e, c := purse(t, "", "tx", "list", "--all", "--type", "CTU", "--page-size", "100", "--json")
	if c != exitOK {
		t.Fatalf("tx list: %s", e)
	}
	var v struct {
		Count int `json:"count"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	return v.Count
}

// purse sandbox --fresh with an empty --state (nothing kept) is a usage error.
func TestSandboxFreshNeedsAStateFolder(t *testing.T) {
	if _, e, c := purse(t, "", "sandbox", "--fresh", "--state", ""); c != exitUsage || !strings.Contains(e, "--fresh") {
		t.Fatalf("sandbox --fresh --state '': %d %s", c, e)
	}
}

// TestAccountStatusNextStepOnTheSandbox: `purse account status` says the account's next step
// (app/account's NextFor, as the Account screen does) with the commands that do it, the
// sandbox's control steps included on a sandbox, and --json carries it typed.
func TestAccountStatusNextStepOnTheSandbox(t *testing.T) {
	sandboxProfile(t, sandbox.Config{}, []string{"profile", "set", "evm_key=dev"})
	if _, e, c := purse(t, "", "--yes", "account", "mint", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	next := func() map[string]any {
		t.Helper()
		out, e, c := purse(t, "", "account", "status", "--json")
		if c != exitOK {
			t.Fatalf("account status: %s", e)
		}
		var v struct {
			StatusStr string         `json:"statusStr"`
			Next      map[string]any `json:"next"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || v.StatusStr != "Tourist" {
			t.Fatalf("account status --json: %v %s", err, out)
		}
		return v.Next
	}
	if n := next(); n["step"] != "id-scan" || n["action"] != "idv-token" || fmt.Sprint(n["sandbox"]) != "[sandbox-approve sandbox-reject]" || n["key"] != "dev" {
		t.Fatalf("next at the ID scan: %v", n)
	}
	out, _, _ := purse(t, "", "account", "status")
	if !strings.Contains(out, "next") || !strings.Contains(out, "sandbox: purse sandbox ctl kyc-approve approves the review, purse sandbox ctl kyc-reject rejects it") {
		t.Fatalf("the human next step on a sandbox: %s", out)
	}
	if _, e, c := purse(t, "", "sandbox", "ctl", "kyc-approve"); c != exitOK {
		t.Fatal(e)
	}
	if n := next(); n["step"] != "sign-form-a" || n["action"] != "form-a" || n["sandbox"] != nil {
		t.Fatalf("next at Form A: %v", n)
	}
	if out, _, _ := purse(t, "", "account", "status"); !strings.Contains(out, "purse kyc form-a --submit signs it") {
		t.Fatalf("the human next step at Form A: %s", out)
	}
	// faults without a fault is refused before anything is sent (it would clear them all),
	// and so is --clear with a fault.
	for _, args := range [][]string{{}, {"--clear", "--count", "1"}} {
		if _, e, c := purse(t, "", append([]string{"sandbox", "ctl", "faults"}, args...)...); c != exitUsage || !strings.Contains(e, "fault flag") {
			t.Fatalf("faults %v: %d %s", args, c, e)
		}
	}
	// An error's advice (app.NextStep) is said on stderr and, with --json, goes with the error.
	if _, e, c := purse(t, "", "sandbox", "ctl", "faults", "--http-status", "503", "--count", "1"); c != exitOK {
		t.Fatal(e)
	}
	out, e, c := purse(t, "", "account", "status", "--json")
	_, advice, _ := strings.Cut(e, "purse: next: ")
	if v := jsonOut(t, out); c == exitOK || !strings.Contains(advice, "HTTP 503") || v["next"] != strings.TrimSpace(advice) {
		t.Fatalf("the --json error carries the advice stderr says: %d %s / %s", c, out, e)
	}
}
