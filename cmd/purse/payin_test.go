package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"purse/sandbox"
)

// purse payin lists the account's deposit bank entries, shows one with its EPC QR payload
// (--json) or code (--qr), refuses a bad amount before anything is read, and names the
// currencies there are when asked for another.
func TestPayIn(t *testing.T) {
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
	out, e, c := purse(t, "", "payin")
	if c != exitOK || !regexp.MustCompile(`CHF +CH\d+ +SBXXCHZZ`).MatchString(out) || !regexp.MustCompile(`EUR +CH\d+ +SBXXCHZZ`).MatchString(out) {
		t.Fatalf("list: %d\n%s\n%s", c, out, e)
	}
	out, e, c = purse(t, "", "--json", "payin", "eur", "--amount", "12.5")
	var p struct {
		Currency string `json:"currency"`
		Account  string `json:"account"`
		EPC      string `json:"epcQr"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil || c != exitOK || p.Currency != "EUR" || !strings.HasPrefix(p.EPC, "BCD\n002\n1\nSCT\nSBXXCHZZ\n") || !strings.HasSuffix(p.EPC, "\n"+p.Account+"\nEUR12.50") {
		t.Fatalf("--json: %d %+v\n%s", c, p, e)
	}
	out, e, c = purse(t, "", "payin", "EUR", "--qr")
	if c != exitOK || !strings.Contains(out, "█") || !strings.Contains(out, "payee") {
		t.Fatalf("--qr: %d\n%s\n%s", c, out, e)
	}
	if _, e, c := purse(t, "", "payin", "EUR", "--amount", "ten"); c != exitUsage || !strings.Contains(e, `--amount "ten"`) {
		t.Fatalf("a bad amount: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "payin", "USD"); c == exitOK || !strings.Contains(e, `no pay-in details for "USD" (it has CHF, EUR)`) || !strings.Contains(e, "USD IBAN is provisioned") {
		t.Fatalf("usd: %d %s", c, e)
	}
}

// purse partner usd-payin provisions the USD IBAN through the partner route (confirmed:
// --yes in a script), after which purse payin lists a USD entry; a second application is the
// service's refusal, and an empty remark is refused before anything is signed.
func TestPartnerUSDPayin(t *testing.T) {
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
	if _, e, c := purse(t, "", "--yes", "partner", "usd-payin", "--remark", " "); c != exitUsage || !strings.Contains(e, "--remark: expected a note of 1 to 200 bytes") {
		t.Fatalf("an empty remark: %d %s", c, e)
	}
	out, e, c := purse(t, "", "--yes", "partner", "usd-payin", "--remark", "purse test")
	if c != exitOK || !regexp.MustCompile(`application +\d+`).MatchString(out) || !strings.Contains(out, "answer signed by") {
		t.Fatalf("apply: %d\n%s\n%s", c, out, e)
	}
	if out, e, c := purse(t, "", "payin"); c != exitOK || !regexp.MustCompile(`USD +CH\d+`).MatchString(out) {
		t.Fatalf("after: %d\n%s\n%s", c, out, e)
	}
	if _, e, c := purse(t, "", "--yes", "partner", "usd-payin", "--remark", "again"); c == exitOK || !strings.Contains(e, "20003") || !strings.Contains(e, "one per user") {
		t.Fatalf("again: %d %s", c, e)
	}
}
