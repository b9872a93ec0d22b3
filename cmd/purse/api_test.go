package main

import (
	"encoding/csv"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"purse/app"
	"purse/enduser"
	"purse/enduser/endusertest"
)

// apiEnv runs an in-process sandbox, a profile "t" pointing at it and the dev key as its EVM key.
func apiEnv(t *testing.T) *endusertest.Server {
	t.Helper()
	devKeyEnv(t)
	srv, err := endusertest.New(endusertest.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	for _, args := range [][]string{
		{"profile", "add", "t", "--user-api", hs.URL, "--network", srv.Network()},
		{"profile", "use", "t"},
		{"profile", "set", "evm_key=dev"},
	} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	return srv
}

func TestAPICommandsAgainstTheSandbox(t *testing.T) {
	srv := apiEnv(t)
	if _, e, c := purse(t, "", "account", "status"); c != exitUsage || !strings.Contains(e, "purse account mint") {
		t.Fatalf("status without an account: %d %s", c, e)
	}
	// Not a purse sandbox: the service hands out the account id, so the user gives it.
	if _, e, c := purse(t, "", "account", "mint"); c != exitUsage || !strings.Contains(e, "--token-id: the service hands out the account id") {
		t.Fatalf("mint without an id: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "account", "mint", "--token-id", "1234567890"); c != exitUsage || !strings.Contains(e, "--lot-number") {
		t.Fatalf("mint without captcha on a non-sandbox profile: %d %s", c, e)
	}
	// mint_token_id=generate: purse makes one (an assumption) and says so.
	if _, e, c := purse(t, "", "profile", "set", "mint_token_id=generate"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "account", "mint", "--email", "taken@example.com", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitUsage || !strings.Contains(e, "10019") {
		t.Fatalf("mint with a registered email: %d %s", c, e)
	}
	out, e, c := purse(t, "", "account", "mint", "--email", "me@example.com", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1", "--json")
	if c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	minted := jsonOut(t, out)
	id, _ := strconv.ParseUint(minted["tokenId"].(string), 10, 64)
	if _, e, c := purse(t, "", "account", "mint", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitFailure || !strings.Contains(e, "already has account") {
		t.Fatalf("second mint: %d %s", c, e)
	}
	out, _, _ = purse(t, "", "account", "status", "--json")
	if m := jsonOut(t, out); m["statusStr"] != "Tourist" {
		t.Fatalf("status %v", m)
	}
	if out, _, c = purse(t, "", "account", "email-status", "taken@example.com", "--json"); c != exitOK || jsonOut(t, out)["available"] != false {
		t.Fatalf("a registered email shows as available: %s", out)
	}
	if _, e, c := purse(t, "", "--yes", "account", "idv-token"); c != exitOK {
		t.Fatalf("idv-token: %s", e)
	}
	if err := srv.KYCApprove(id); err != nil {
		t.Fatal(err)
	}
	out, e, c = purse(t, "", "--yes", "kyc", "form-a", "--submit", "--json")
	if c != exitOK {
		t.Fatalf("form-a --submit: %s", e)
	}
	fa := jsonOut(t, out)
	if fa["submitted"] != true || !strings.HasPrefix(fa["signature"].(string), "0x") {
		t.Fatalf("form A %v", fa)
	}
	if err := srv.Advance(id); err != nil {
		t.Fatal(err)
	}
	out, _, _ = purse(t, "", "account", "status")
	if !strings.Contains(out, "Live") {
		t.Fatalf("human status: %s", out)
	}
	if out, e, c = purse(t, "", "chains"); c != exitOK || !strings.Contains(out, "EUR24") {
		t.Fatalf("chains: %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "onramp-limit", "--json"); c != exitOK {
		t.Fatalf("onramp-limit: %s", e)
	}

	if _, e, c := purse(t, "", "--yes", "card", "issue"); c != exitOK {
		t.Fatalf("card issue: %s", e)
	}
	for _, step := range []struct{ verb, want string }{{"block", "Blocked"}, {"unblock", "Active"}} {
		if _, e, c := purse(t, "", "--yes", "card", step.verb); c != exitOK {
			t.Fatalf("card %s: %s", step.verb, e)
		}
		out, _, _ = purse(t, "", "card", "show", "--json")
		card := jsonOut(t, out)
		if card["status"] != step.want || card["cardToken"] != "" {
			t.Fatalf("after %s: status %v, cardToken %q", step.verb, card["status"], card["cardToken"])
		}
	}

	// History: one page as JSON, every page as CSV, a filter error, a lookup.
	out, _, c = purse(t, "", "tx", "list", "--page-size", "20", "--json")
	var page struct {
		Transactions []map[string]any `json:"transactions"`
		HasNextPage  bool             `json:"hasNextPage"`
	}
	if err := json.Unmarshal([]byte(out), &page); c != exitOK || err != nil || len(page.Transactions) != 20 || !page.HasNextPage {
		t.Fatalf("tx list json: %d %v %d", c, err, len(page.Transactions))
	}
	// The table shows each amount and currency as the Transactions screen does
	// (app.AmountText, app.CurrencyText): at least two decimals, upper-case codes.
	var first []enduser.Transaction
	if err := json.Unmarshal([]byte(mustField(t, out, "transactions")), &first); err != nil {
		t.Fatal(err)
	}
	out, e, c = purse(t, "", "tx", "list", "--page-size", "20")
	for _, tx := range first[:5] {
		found := false
		for _, l := range strings.Split(out, "\n") {
			f := strings.Fields(l)
			found = found || (len(f) > 6 && f[0] == strconv.FormatInt(int64(tx.ID), 10) && f[5] == app.AmountText(tx.Amount) && f[6] == app.CurrencyText(tx.Currency))
		}
		if c != exitOK || !found {
			t.Fatalf("tx list table lacks record %d as %s %s:\n%s\n%s", tx.ID, app.AmountText(tx.Amount), app.CurrencyText(tx.Currency), out, e)
		}
	}
	out, e, c = purse(t, "", "tx", "list", "--all", "--page-size", "100", "--direction", "in", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if c != exitOK || err != nil || len(rows) < 100 {
		t.Fatalf("tx list csv: %d %v %d rows %s", c, err, len(rows), e)
	}
	// every field of the record, as the TUI's export writes (app.TransactionsCSV)
	dir := slices.Index(rows[0], "direction")
	if dir < 0 {
		t.Fatalf("no direction column in %v", rows[0])
	}
	for _, r := range rows[1:] {
		if r[dir] != "IN" {
			t.Fatalf("direction filter leaked %v", r)
		}
	}
	if _, e, c := purse(t, "", "tx", "list", "--page-size", "101"); c != exitUsage || !strings.HasPrefix(e, "purse: --page-size:") || strings.Contains(e, "pageSize") {
		t.Fatalf("page size 101: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "tx", "list", "--min-amount", "ten"); c != exitUsage || !strings.Contains(e, "--min-amount") {
		t.Fatalf("bad min amount: %d %s", c, e)
	}
	firstID := strconv.FormatInt(int64(page.Transactions[0]["id"].(float64)), 10)
	out, e, c = purse(t, "", "tx", "show", firstID)
	if c != exitOK || !strings.Contains(out, "txHash") || !strings.Contains(out, "notes") {
		t.Fatalf("tx show: %d %s %s", c, out, e)
	}

	// --trace and --curl print each call on stderr, with the sign value shortened in the
	// trace and complete in the curl command.
	_, e, c = purse(t, "", "account", "status", "--trace", "--curl")
	if c != exitOK || !strings.Contains(e, "/api/v2/account-status") || !strings.Contains(e, "curl -sS") {
		t.Fatalf("trace/curl: %s", e)
	}
}

func TestSandboxProfileWithNothingListening(t *testing.T) {
	keyEnv(t)
	// The embedded sandbox profile points at 127.0.0.1:8787; make sure of a dead port instead.
	if _, e, c := purse(t, "", "profile", "set", "user_api=http://127.0.0.1:1"); c != exitOK {
		t.Fatal(e)
	}
	_, e, c := purse(t, "", "account", "email-status", "a@b.c")
	if c != exitFailure || !strings.Contains(e, "purse sandbox") {
		t.Fatalf("exit %d: %s", c, e)
	}
}

// TestKYCHandoffCommands: the shared-token handoff from a file or stdin (never an argument),
// each verdict's exit code, check and submit.
func TestKYCHandoffCommands(t *testing.T) {
	srv := apiEnv(t)
	out, e, c := purse(t, "", "account", "mint", "--token-id", "1234567890", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1", "--json")
	if c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	id, _ := strconv.ParseUint(jsonOut(t, out)["tokenId"].(string), 10, 64)
	inc, _ := srv.IssueShareToken(id, "incomplete", []string{"dob"}, 0)
	if _, e, c := purse(t, inc, "--yes", "kyc", "handoff", "--share-token-file", "-"); c != exitFailure || !strings.Contains(e, "missing dob") || strings.Contains(e, inc) {
		t.Fatalf("incomplete: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "--yes", "kyc", "handoff"); c != exitUsage || !strings.Contains(e, "share-token-file") {
		t.Fatalf("no token: %d %s", c, e)
	}
	ok, _ := srv.IssueShareToken(id, "passed", nil, 0)
	if out, e, c := purse(t, "", "--yes", "kyc", "handoff", "--share-token-file", writeTemp(t, "st", ok+"\n"), "--json"); c != exitOK || jsonOut(t, out)["status"] != "passed" {
		t.Fatalf("passed: %d %s %s", c, out, e)
	}
	if out, e, c := purse(t, "", "--yes", "kyc", "check", "--json"); c != exitOK || jsonOut(t, out)["complete"] != true {
		t.Fatalf("check: %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "--yes", "kyc", "submit"); c != exitFailure || !strings.Contains(e, "Form A is not signed") {
		t.Fatalf("submit before Form A: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "--yes", "kyc", "form-a", "--submit"); c != exitOK {
		t.Fatalf("Form A: %s", e)
	}
	if out, e, c := purse(t, "", "--yes", "kyc", "submit", "--json"); c != exitOK || jsonOut(t, out)["state"] != "Submitting" {
		t.Fatalf("submit: %d %s %s", c, out, e)
	}
	term, _ := srv.IssueShareToken(id, "terminal", nil, 30012)
	if _, e, c := purse(t, term, "--yes", "kyc", "handoff", "--share-token-file", "-"); c != exitRejected || !strings.Contains(e, "terminal (30012)") {
		t.Fatalf("terminal: %d %s", c, e)
	}
}

// mustField is one field of a JSON object, as raw JSON.
func mustField(t *testing.T, out, name string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil || m[name] == nil {
		t.Fatalf("no %s in %s (%v)", name, out, err)
	}
	return string(m[name])
}
