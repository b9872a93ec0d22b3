package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"purse/agent"
	"purse/app"
	"purse/app/money"
	"purse/sandbox"
)

// `purse evm deposit` as a script runs it: --json gives the outcome with both transactions
// and the credit; bad input exits 2 naming the flag before anything is signed, and an
// unknown outcome exits 4 naming the transaction (app/money TestEVMDepositOutcomes covers
// the chain's side, both ways).
func TestEVMDepositCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the CLI against the sandbox")
	}
	t.Setenv(app.EnvNoAgent, "1")
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
	before := len(auditRecords(t))
	out, e, c := purse(t, "", "--yes", "evm", "deposit", "--amount", "5", "--output", "CHF", "--json")
	var got money.DepositOutcome
	if c != exitOK || json.Unmarshal([]byte(out), &got) != nil || got.Outcome != app.OutcomeLanded || got.ApproveTx == "" || got.DepositTx == "" ||
		!strings.HasSuffix(got.Credited, " CHF") || got.Amount != "5" {
		t.Fatalf("deposit: %d %s\n%s", c, out, e)
	}
	if n := len(auditRecords(t)) - before; n < 2 {
		t.Fatalf("%d signatures audited, want the approve and the deposit at least", n)
	}
	var summaries []string
	for _, r := range auditRecords(t)[before:] {
		if s, _ := r["summary"].(string); strings.HasPrefix(s, "EVM transaction") {
			summaries = append(summaries, s)
		}
	}
	if len(summaries) != 2 || !strings.Contains(summaries[0], "approve 5.000000 USDC") || !strings.Contains(summaries[1], "depositTokenViaUsdc of 5.000000 USDC") {
		t.Fatalf("the audit summaries %q", summaries)
	}
	// Through a live agent holding the key (its policy allows the deposit's transactions):
	// the same command lands, every signature the agent's.
	home := os.Getenv("PURSE_HOME")
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\nevm-tx = \"allow\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv(app.EnvNoAgent, "")
	startAgent(t, home)
	if _, e, c := purse(t, "", "agent", "unlock", "dev"); c != exitOK {
		t.Fatalf("agent unlock: %s", e)
	}
	t.Setenv("PURSE_PASSPHRASE_FILE", "")
	out, e, c = purse(t, "", "evm", "deposit", "--amount", "4", "--output", "EUR", "--json")
	var viaAgent money.DepositOutcome
	if c != exitOK || json.Unmarshal([]byte(out), &viaAgent) != nil || viaAgent.Outcome != app.OutcomeLanded || viaAgent.ApproveTx == "" || viaAgent.Credited == "" {
		t.Fatalf("deposit through the agent: %d %s\n%s", c, out, e)
	}
	st, _, _ := purse(t, "", "agent", "status", "--json")
	var status agent.Status
	if err := json.Unmarshal([]byte(st), &status); err != nil || len(status.Keys) == 0 || status.Keys[0].Signed < 2 {
		t.Fatalf("the agent's signatures: %v %s", err, st)
	}
	if _, e, c := purse(t, "", "agent", "stop"); c != exitOK {
		t.Fatalf("agent stop: %s", e)
	}
	t.Setenv(app.EnvNoAgent, "1")
	setPassphrase(t, testPassphrase)
	os.Remove(filepath.Join(home, agent.PolicyFile))

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--amount", "five", "--output", "EUR"}, "amount"},
		{[]string{"--amount", "5", "--output", "USDC"}, "not a fiat token"},
		{[]string{"--amount", "5000", "--output", "EUR"}, "above the wallet's"},
	} {
		before := len(auditRecords(t))
		_, e, code := purse(t, "", append([]string{"--yes", "evm", "deposit"}, c.args...)...)
		if code != exitUsage || !strings.Contains(e, c.want) || len(auditRecords(t)) != before {
			t.Errorf("%v: exit %d %s", c.args, code, e)
		}
	}
}
