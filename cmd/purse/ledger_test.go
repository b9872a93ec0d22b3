package main

import (
	"encoding/json"
	"strings"
	"testing"

	"purse/ledger/ledgertest"
	"purse/sandbox"
)

// TestKeyLedgerCLI: on a sandbox profile `purse key ledger` reaches the sandbox's device
// stand-in without a --transport, lists the addresses a stored key of the same seed has, adds
// one (address, path, transport; no secret), and the account is onboarded with it: every
// signature the device's. The device's errors reach the user in words, with nothing signed.
func TestKeyLedgerCLI(t *testing.T) {
	sb := sandboxProfile(t, sandbox.Config{})
	must := func(out, errOut string, code int) string {
		t.Helper()
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		return out
	}
	seed := writeTemp(t, "seed", ledgertest.Seed+"\n")
	if _, e, c := purse(t, "", "key", "import", "--label", "soft", "--kind", "evm", "--mnemonic-file", seed); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	soft := jsonOut(t, must(purse(t, "", "key", "show", "soft", "--json")))["address"]
	must(purse(t, "", "key", "rm", "soft", "--yes")) // the same key cannot be stored twice

	out, e, c := purse(t, "", "--profile", "sb", "key", "ledger", "--kind", "evm", "--count", "1", "--json")
	if c != exitOK {
		t.Fatalf("key ledger: %d %s", c, e)
	}
	var list []map[string]string
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 2 {
		t.Fatalf("key ledger --count 1: %v %s", err, out)
	}
	if list[0]["path"] != "m/44'/60'/0'/0/0" || list[0]["address"] != soft || list[0]["transport"] != sb.Info().Ledger {
		t.Fatalf("first address %v, want %s at m/44'/60'/0'/0/0 through %s", list[0], soft, sb.Info().Ledger)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "key", "ledger", "--kind", "evm", "--label", "hw", "--path", "m/44'/60'/0'/0/0"); c != exitOK {
		t.Fatalf("add: %s", e)
	}
	hw := jsonOut(t, must(purse(t, "", "key", "show", "hw", "--json")))
	if hw["address"] != soft || hw["backend"] != "ledger" {
		t.Fatalf("key show hw: %v", hw)
	}

	out, e, c = purse(t, "", "--yes", "--profile", "sb", "sandbox", "ctl", "onboard", "--key", "hw", "--json")
	if c != exitOK || jsonOut(t, out)["status"] != "Live" || jsonOut(t, out)["address"] != soft {
		t.Fatalf("onboard with the device key: %d %s %s", c, out, e)
	}
	shown := len(sb.Ledger.Shown())
	if shown == 0 {
		t.Fatal("the onboarding's signatures were not shown on the device")
	}

	// The device's errors, each in words, with nothing signed or recorded.
	audited := func() int {
		var recs []any
		out := must(purse(t, "", "audit", "list", "--json"))
		if err := json.Unmarshal([]byte(out), &recs); err != nil {
			t.Fatalf("audit list: %v %s", err, out)
		}
		return len(recs)
	}
	before := audited()
	for _, c := range []struct {
		device []string
		want   string
	}{
		{[]string{"--press", "refuse"}, "refused on the device"},
		{[]string{"--press", "approve", "--locked"}, "the device is locked"},
		{[]string{"--locked=false", "--app", "solana"}, "the Solana app is open on the device: open the Ethereum app"},
		{[]string{"--app", "dashboard"}, "no app is open on the device: open the Ethereum app"},
		{[]string{"--app", "ethereum", "--press", "unplug"}, "disconnected"},
	} {
		if _, e, code := purse(t, "", append([]string{"--profile", "sb", "sandbox", "ctl", "ledger"}, c.device...)...); code != exitOK {
			t.Fatalf("sandbox ctl ledger %v: %s", c.device, e)
		}
		_, e, code := purse(t, "", "--yes", "--profile", "sb", "sign", "personal", "--key", "hw", "--message", "m")
		if code == exitOK || !strings.Contains(e, c.want) {
			t.Errorf("device %v: exit %d, %q; want an error saying %q", c.device, code, e, c.want)
		}
	}
	if n := audited(); n != before {
		t.Errorf("the audit log grew by %d records through signatures the device never gave", n-before)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "sandbox", "ctl", "ledger", "--press", "approve"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "--yes", "--profile", "sb", "sign", "personal", "--key", "hw", "--message", "m"); c != exitOK {
		t.Fatalf("the device back to approving: %s", e)
	}

	// The Solana app's key: the address a stored key of the same seed has at Phantom's path.
	if _, e, c := purse(t, "", "key", "import", "--label", "solsoft", "--kind", "solana", "--mnemonic-file", seed); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	solsoft := jsonOut(t, must(purse(t, "", "key", "show", "solsoft", "--json")))["address"]
	must(purse(t, "", "key", "rm", "solsoft", "--yes"))
	if _, e, c := purse(t, "", "--profile", "sb", "key", "ledger", "--kind", "solana", "--label", "solhw", "--path", "m/44'/501'/0'/0'"); c == exitOK || !strings.Contains(e, "open the Solana app") {
		t.Fatalf("a Solana key with the Ethereum app open: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "sandbox", "ctl", "ledger", "--app", "solana"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "--profile", "sb", "key", "ledger", "--kind", "solana", "--label", "solhw", "--path", "m/44'/501'/0'/0'"); c != exitOK {
		t.Fatalf("add a Solana key: %s", e)
	}
	if sol := jsonOut(t, must(purse(t, "", "key", "show", "solhw", "--json"))); sol["address"] != solsoft || sol["backend"] != "ledger" {
		t.Fatalf("key show solhw %v, the stored key of the same seed %v", sol, solsoft)
	}
}
