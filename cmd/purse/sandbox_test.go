package main

import (
	"context"
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
	if _, e, c := cli(t, "", "profile", "add", "sb", "--sandbox", sb.Info().UserAPI); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := cli(t, "", "--profile", "sb", "sandbox", "ctl", "onboard"); c != exitUsage || !strings.Contains(e, "--key") {
		t.Fatalf("onboard without a key: %d %s", c, e)
	}
	out, e, c := cli(t, "", "--profile", "sb", "sandbox", "ctl", "onboard", "--key", "dev", "--json")
	if c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	m := jsonOut(t, out)
	if m["status"] != "Live" || m["address"] != "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" || m["tokenId"] == "" {
		t.Fatalf("onboard %v", m)
	}
	for _, step := range []string{"minted account", "KYC approved", "Form A signed", "Live"} {
		if !strings.Contains(e, step) {
			t.Errorf("onboard progress lacks %q: %s", step, e)
		}
	}
	out, _, _ = cli(t, "", "--profile", "sb", "account", "status", "--json")
	if jsonOut(t, out)["statusStr"] != "Live" {
		t.Fatalf("status after onboard: %s", out)
	}
	// A second onboard finds the account Live and changes nothing.
	if out, e, c = cli(t, "", "--profile", "sb", "sandbox", "ctl", "onboard", "--json"); c != exitOK || jsonOut(t, out)["tokenId"] != m["tokenId"] {
		t.Fatalf("second onboard: %s %s", out, e)
	}

	if _, e, c := cli(t, "", "--profile", "sb", "sandbox", "ctl", "faults", "--http-status", "503", "--count", "1"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := cli(t, "", "--profile", "sb", "account", "status"); c != exitFailure || !strings.Contains(e, "503") {
		t.Fatalf("503 fault: %d %s", c, e)
	}
	if _, e, c := cli(t, "", "--profile", "sb", "account", "status"); c != exitOK {
		t.Fatalf("after the one-shot fault: %s", e)
	}
	if _, e, c := cli(t, "", "--profile", "sb", "sandbox", "ctl", "set-status", "Blocked"); c != exitOK {
		t.Fatal(e)
	}
	out, _, _ = cli(t, "", "--profile", "sb", "sandbox", "ctl", "state", "--json")
	if jsonOut(t, out)["statusStr"] != "Blocked" {
		t.Fatalf("state after set-status: %s", out)
	}
}
