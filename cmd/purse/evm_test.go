package main

import (
	"encoding/json"
	"strings"
	"testing"

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
