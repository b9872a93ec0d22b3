package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"purse/app"
	apphistory "purse/app/history"
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
	// The email went with the mint (service-assumptions M2): it is no longer available.
	if out, e, c := purse(t, "", "account", "email-status", "me@example.com"); c != exitOK || !strings.Contains(out, "me@example.com is already registered") {
		t.Fatalf("email-status after a mint with that email: %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "account", "mint", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitFailure || !strings.Contains(e, "already has account") {
		t.Fatalf("second mint: %d %s", c, e)
	}
	out, _, _ = purse(t, "", "account", "status", "--json")
	if m := jsonOut(t, out); m["statusStr"] != "Tourist" {
		t.Fatalf("status %v", m)
	} else if next, _ := m["next"].(map[string]any); next["step"] != "id-scan" || next["action"] != "idv-token" ||
		next["sandbox"] != nil || next["account"] != minted["tokenId"] {
		// The end-user service alone has no control surface: no sandbox step is offered.
		t.Fatalf("--json's next step (app/account's NextFor) at the ID scan: %v", m["next"])
	}
	if out, _, _ = purse(t, "", "account", "status"); !strings.Contains(out, "purse account idv-token gives the identity-verification access token") ||
		strings.Contains(out, "sandbox:") {
		t.Fatalf("the next step at the ID scan: %s", out)
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
	if !strings.Contains(out, "Live") || !strings.Contains(out, "the account is Live: purse balances") {
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
	// `purse card` alone shows the card, as `purse card show` does.
	if out, e, c := purse(t, "", "card"); c != exitOK || !strings.Contains(out, "status") || !strings.Contains(out, "card token id") {
		t.Fatalf("card: %d %s %s", c, out, e)
	}
	if out, _, _ := purse(t, "", "card", "--json"); jsonOut(t, out)["status"] != "Active" {
		t.Fatalf("card --json: %s", out)
	}
	if _, e, c := purse(t, "", "card", "blok"); c != exitUsage || !strings.Contains(e, "block") {
		t.Fatalf("a misspelled card command is a usage error naming the close one: %d %s", c, e)
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
	// The table shows each record as the Transactions screen does (apphistory.Row): the time in
	// the one UTC form, the amount with its currency's two decimals, upper-case codes.
	var first []enduser.Transaction
	if err := json.Unmarshal([]byte(mustField(t, out, "transactions")), &first); err != nil {
		t.Fatal(err)
	}
	out, e, c = purse(t, "", "tx", "list", "--page-size", "20")
	if head := strings.Fields(strings.SplitN(out, "\n", 2)[0]); strings.Join(head, " ") != strings.Join(apphistory.Columns, " ") {
		t.Fatalf("tx list header %q, want the shared columns %q", head, apphistory.Columns)
	}
	twoDecimals := regexp.MustCompile(`^-?[0-9]+\.[0-9]{2}$`)
	for _, tx := range first[:5] {
		row, found := apphistory.Row(tx), false
		if !twoDecimals.MatchString(row[4]) || !strings.HasSuffix(row[1], " UTC") || row[5] != strings.ToUpper(row[5]) {
			t.Fatalf("record %d shows amount %q, time %q, currency %q", tx.ID, row[4], row[1], row[5])
		}
		for _, l := range strings.Split(out, "\n") {
			f := strings.Fields(l)
			found = found || (len(f) > 7 && f[0] == row[0] && strings.Join(f[1:4], " ") == row[1] && f[6] == row[4] && f[7] == row[5])
		}
		if c != exitOK || !found {
			t.Fatalf("tx list table lacks record %d as %q:\n%s\n%s", tx.ID, row, out, e)
		}
	}
	// One way to choose JSON: --json; --format is for a person or a spreadsheet.
	for _, args := range [][]string{{"--format", "json"}, {"--json", "--format", "csv"}, {"--format", "xml"}} {
		if _, e, c := purse(t, "", append([]string{"tx", "list"}, args...)...); c != exitUsage || !strings.Contains(e, "--json") {
			t.Errorf("tx list %v: exit %d %s", args, c, e)
		}
	}
	out, e, c = purse(t, "", "tx", "list", "--all", "--page-size", "100", "--direction", "in", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if c != exitOK || err != nil || len(rows) < 100 {
		t.Fatalf("tx list csv: %d %v %d rows %s", c, err, len(rows), e)
	}
	// every field of the record, as the TUI's export writes (apphistory.CSV)
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
	// The time reads as a UTC time after the raw Unix seconds; --json keeps the number.
	ts := int64(page.Transactions[0]["timestamp"].(float64))
	if want := fmt.Sprintf("%d (%s)", ts, time.Unix(ts, 0).UTC().Format("2006-01-02 15:04:05 UTC")); !strings.Contains(out, want) {
		t.Fatalf("tx show lacks the readable time %q:\n%s", want, out)
	}
	if out, _, _ = purse(t, "", "tx", "show", firstID, "--json"); jsonOut(t, out)["timestamp"] != float64(ts) {
		t.Fatalf("tx show --json timestamp: %s", out)
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

// TestErrorAdviceSaidOnce: a service's answer carries its code's explanation; the CLI prints
// the error and then, once, what to do next (app.Describe, the TUI's footer's too). An answer
// of a purse proxy gets the proxy's advice, not the code's.
func TestErrorAdviceSaidOnce(t *testing.T) {
	keyEnv(t)
	msg := "email: required"
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = fmt.Fprintf(w, `{"retCode":10009,"retMsg":%q}`, msg)
	}))
	defer fake.Close()
	if _, e, c := purse(t, "", "profile", "set", "user_api="+fake.URL); c != exitOK {
		t.Fatal(e)
	}
	explanation := enduser.Explain(enduser.CodeInvalidParam)
	_, e, c := purse(t, "", "account", "email-status", "a@b.c")
	if c != exitFailure || strings.Count(e, explanation) != 1 || !strings.Contains(e, "purse: next: "+explanation) || !strings.Contains(e, "retCode 10009: email: required") {
		t.Fatalf("exit %d, the explanation must come once, as the next step:\n%s", c, e)
	}
	// --json says it once too: the error without the advice, the advice as next.
	out, _, _ := purse(t, "", "account", "email-status", "a@b.c", "--json")
	j := jsonOut(t, out)
	if j["next"] != explanation || strings.Contains(j["error"].(string), explanation) || !strings.Contains(j["error"].(string), "retCode 10009: email: required") {
		t.Fatalf("--json: the explanation must come once, as next: %s", out)
	}
	msg = app.ProxyMessagePrefix + "/purse/x is reserved for the proxy"
	_, e, _ = purse(t, "", "account", "email-status", "a@b.c")
	if strings.Contains(e, explanation) || !strings.Contains(e, "purse: next: This answer is the purse proxy's, not the service's") {
		t.Fatalf("a proxy's answer gets the proxy's advice:\n%s", e)
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

// TestFlagHelpHasNoBackquotes: pflag reads a `backquoted` word in a flag's usage as the
// flag's value type and prints it in its place (`--activation-delay ctl advance`): no flag
// of any command has one.
func TestFlagHelpHasNoBackquotes(t *testing.T) {
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				n++
				if strings.Contains(f.Usage, "`") {
					t.Errorf("%s --%s: %q", c.CommandPath(), f.Name, f.Usage)
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot())
	if n < 50 {
		t.Fatalf("only %d flags seen", n)
	}
	out, e, c := purse(t, "", "sandbox", "--help")
	if c != exitOK || !strings.Contains(out, "--activation-delay duration") || strings.Contains(out, "--activation-delay ctl") {
		t.Fatalf("sandbox --help (%d): %s %s", c, out, e)
	}
}

// `purse kyc form-a --sign` (or --submit) with no terminal and no --yes refuses: exit 2 (a
// question with no terminal to ask it on is a usage error), the message names --yes, the
// policy line and says nothing was signed; no signature is audited and the service
// receives none. With --yes the same command signs and submits.
func TestFormASignWithoutTerminalOrYesRefuses(t *testing.T) {
	srv := apiEnv(t)
	if _, e, c := purse(t, "", "profile", "set", "mint_token_id=generate"); c != exitOK {
		t.Fatal(e)
	}
	out, e, c := purse(t, "", "account", "mint", "--email", "me@example.com", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1", "--json")
	if c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	id, _ := strconv.ParseUint(jsonOut(t, out)["tokenId"].(string), 10, 64)
	if _, e, c := purse(t, "", "--yes", "account", "idv-token"); c != exitOK {
		t.Fatalf("idv-token: %s", e)
	}
	if err := srv.KYCApprove(id); err != nil {
		t.Fatal(err)
	}
	formA := func() int {
		n := 0
		for _, r := range auditRecords(t) {
			if r["purpose"] == "form-a" {
				n++
			}
		}
		return n
	}
	before, err := srv.State(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--sign", "--submit"} {
		out, e, c := purse(t, "", "kyc", "form-a", flag)
		if c != exitUsage || !strings.Contains(e, "pass --yes to approve it from a script") || !strings.Contains(e, "nothing was signed") ||
			!strings.Contains(e, `purposes.form-a = "confirm" (default)`) {
			t.Fatalf("form-a %s without a terminal or --yes: exit %d\nstdout: %s\nstderr: %s", flag, c, out, e)
		}
		if n := formA(); n != 0 {
			t.Fatalf("form-a %s: %d Form A signatures audited", flag, n)
		}
		if st, err := srv.State(id); err != nil || st.KYCStep != before.KYCStep {
			t.Fatalf("form-a %s: the KYC step moved from %s to %s (%v)", flag, before.KYCStepStr, st.KYCStepStr, err)
		}
	}
	if _, e, c := purse(t, "", "--yes", "kyc", "form-a", "--submit"); c != exitOK || formA() != 1 {
		t.Fatalf("form-a --submit --yes: exit %d %s", c, e)
	}
	if st, err := srv.State(id); err != nil || st.KYCStep == before.KYCStep {
		t.Fatalf("after --yes the KYC step is still %s (%v)", before.KYCStepStr, err)
	}
}
