package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"purse/agent"
)

// purse sign ... --explain explains the request the command builds, as it would reach the
// signer (the same code builds it), by the gate's own steps: a card block named a
// transactions read with a leading space is judged by its payload; nothing is signed, no
// passphrase asked, nothing recorded; the policy file's lines decide.
func TestSignExplainJudgesTheRequestTheCommandBuilds(t *testing.T) {
	home := keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	t.Setenv("PURSE_PASSPHRASE_FILE", "") // an explanation needs no passphrase
	body := filepath.Join(t.TempDir(), "body")
	if err := os.WriteFile(body, []byte(` {"cardTokenId":"9","status":0}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\nfull-auth = \"allow\"\npersonal = \"allow\"\n[routes]\ntransactions = \"allow\"\ncard-status = \"deny\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, e, code := purse(t, "", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "POST", "--body-file", body, "--route", "transactions", "--explain", "--json")
	res := jsonOut(t, out)
	if code != exitOK || res["outcome"] != "deny" || !strings.Contains(res["line"].(string), "routes.card-status") || res["purpose"] != "full-auth" {
		t.Fatalf("exit %d %s %s", code, out, e)
	}
	out, e, code = purse(t, "", "sign", "personal", "--key", "dev", "--message", "hi", "--explain")
	if code != exitOK || !strings.Contains(out, "outcome  allow") || !strings.Contains(out, `purposes.personal = "allow"`) {
		t.Fatalf("exit %d %s %s", code, out, e)
	}
	// With an agent running, the request is explained in the process all the same: nothing
	// goes to the agent, no key is unlocked there.
	startAgent(t, home)
	out, e, code = purse(t, "", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "GET", "--route", "form-a-info", "--explain", "--json")
	if code != exitOK || jsonOut(t, out)["purpose"] != "full-auth" {
		t.Fatalf("an empty GET payload beside an agent: exit %d %s %s", code, out, e)
	}
	if out, _, _ := purse(t, "", "agent", "status", "--json"); strings.Contains(out, `"label": "dev"`) {
		t.Fatalf("explaining unlocked the key in the agent: %s", out)
	}
	if _, e, code := purse(t, "", "agent", "stop"); code != exitOK {
		t.Fatal(e)
	}
	if _, err := os.Stat(filepath.Join(home, "audit.jsonl")); !os.IsNotExist(err) {
		t.Fatalf("an explanation was recorded as a signature: %v", err)
	}
	// Without --explain the same command signs (the policy allows a personal message).
	setPassphrase(t, testPassphrase)
	if _, e, code := purse(t, "", "sign", "personal", "--key", "dev", "--message", "hi"); code != exitOK {
		t.Fatalf("sign: exit %d %s", code, e)
	}
}
