package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"purse/app/doctor"
	"purse/config"
	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/sandbox"
	"purse/wallet"
)

// doctorJSON runs purse doctor --json and reads its report by probe name.
func doctorJSON(t *testing.T) (doctor.Report, map[string]doctor.Probe, int) {
	t.Helper()
	out, e, c := purse(t, "", "doctor", "--json")
	var rep doctor.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json: %d %v\n%s\n%s", c, err, out, e)
	}
	by := map[string]doctor.Probe{}
	for _, p := range rep.Probes {
		by[p.Name] = p
	}
	return rep, by, c
}

// routeProbes counts the route probes the route table declares (enduser.Route.Probe), of
// reads and of changes: the doctor runs one per row, after its own.
// unset counts the rows whose path is a setting with no default: not reachable on a
// profile that does not set it.
func routeProbes() (reads, changes, unset, open int) {
	for _, r := range enduser.Routes() {
		switch {
		case r.Probe == "":
		case !r.PathKnown():
			unset++
		case r.Readable() && r.Auth == enduser.AuthNone:
			open++ // needs no account: confirmed on any
		case r.Readable():
			reads++
		default:
			changes++
		}
	}
	return reads, changes, unset, open
}

// TestDoctor: against the sandbox without an account, the account's probes are not
// reachable and the public ones confirmed; with one, nothing is contradicted; against
// something that is not the service, exit 1 naming the contradiction.
func TestDoctor(t *testing.T) {
	apiEnv(t)
	rep, by, c := doctorJSON(t)
	if c != exitOK || by["envelope"].Verdict != doctor.ProbeConfirmed || by["card read"].Verdict != doctor.ProbeUnreachable ||
		!strings.Contains(by["card read"].Detail, "token_id") || by["home chain"].Verdict != doctor.ProbeUnreachable {
		t.Fatalf("no account: %d %+v", c, rep.Summary)
	}
	// --json carries each probe's readings and evidence verbatim.
	env := by["envelope"]
	if len(env.Readings) != 2 || env.Readings[0].Fit != "fits" || len(env.Evidence) != 1 || env.Evidence[0].Status != 200 || env.Evidence[0].Code != "0" {
		t.Fatalf("envelope: %+v", env)
	}
	if _, e, c := purse(t, "", "account", "mint", "--token-id", "1234567890", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"); c != exitOK {
		t.Fatalf("mint: %s", e)
	}
	// An account that is not Live: the on-ramp limit cannot be told (what a Live account
	// gets is unseen), nor can the reads the table's route probes make (each of those routes
	// needs a Live account), which is no failure: exit 0, the inconclusive probes counted.
	// The change routes' probes need no account.
	out, e, c := purse(t, "", "doctor")
	reads, changes, unset, open := routeProbes()
	inconclusive := 2 + reads // the on-ramp limit and quote, and the reads: a Tourist is refused
	if c != exitOK || strings.Contains(out, "CONTRADICTED") || !strings.Contains(out, "card read") || !strings.Contains(out, "READING/DETAIL") ||
		!regexp.MustCompile(`on-ramp limit +INCONCLUSIVE +.*what a Live account gets is unseen`).MatchString(out) ||
		strings.Count(out, "INCONCLUSIVE") != inconclusive || e != "" ||
		!strings.Contains(out, fmt.Sprintf("summary: %d confirmed, 0 contradicted, %d inconclusive, 0 credentials refused, %d skipped or not reachable\n", 14+changes+open, inconclusive, 11+unset)) {
		t.Fatalf("doctor: %d\n%s\n%s", c, out, e)
	}
	notService := httptest.NewServer(nil)
	t.Cleanup(notService.Close)
	if _, e, c := purse(t, "", "profile", "set", "user_api="+notService.URL); c != exitOK {
		t.Fatal(e)
	}
	if out, e, c := purse(t, "", "doctor"); c != exitFailure || !strings.Contains(out, "CONTRADICTED") || !strings.Contains(e, "contradicted what purse assumes") {
		t.Fatalf("not the service: %d\n%s\n%s", c, out, e)
	}
	// Nothing answers: nothing was judged, which a script must not read as a pass.
	notService.Close()
	if _, e, c := purse(t, "", "profile", "set", "evm_rpc="+notService.URL); c != exitOK {
		t.Fatal(e)
	}
	if out, e, c := purse(t, "", "doctor"); c != exitFailure || strings.Contains(out, "CONFIRMED") || !strings.Contains(e, "no probe got an answer to judge") {
		t.Fatalf("nothing answers: %d\n%s\n%s", c, out, e)
	}
}

// A tester's walk: a sandbox that speaks UR's dialect, the profile made from it, an account
// onboarded; every probe is confirmed but the one whose signature the policy would ask a
// person about. Then a stand-in that refuses every signature: nothing signed is confirmed,
// the credentials are named first, exit 1.
func TestDoctorUnderURDialectAndRefusedSignatures(t *testing.T) {
	sb := sandboxProfile(t, sandbox.Config{Dialect: endusertest.Dialect{NoTimestamp: true, AccountStatusFull: true, OnrampLimitPost: true, URNames: true, NoRetCode: true},
		PartnerAuth: wallet.PartnerAuthUR, TxAmountUnit: "display"},
		[]string{"key", "new", "--label", "partner", "--kind", "evm"}, []string{"profile", "set", "partner_key=partner"},
		[]string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"})
	// One payout: the history then names a payout's transaction (the payout spender probe).
	cts, e, c := purse(t, "", "send", "contacts", "CHF", "--json")
	var contacts []struct{ ID string }
	if err := json.Unmarshal([]byte(cts), &contacts); c != exitOK || err != nil || len(contacts) == 0 {
		t.Fatalf("contacts: %d %v %s %s", c, err, cts, e)
	}
	if _, e, c := purse(t, "", "--yes", "send", "payout", "--contact", contacts[0].ID, "--token", "CHF24", "--amount", "1", "--purpose", "1"); c != exitOK {
		t.Fatalf("payout: %s", e)
	}
	rep, by, c := doctorJSON(t)
	if c != exitOK || rep.Summary.Contradicted != 0 || rep.Summary.Credentials != 0 {
		t.Fatalf("UR dialect: %d %+v", c, rep.Summary)
	}
	for name, reading := range map[string]string{
		"server time":          "timeNow",
		"envelope":             "no retCode",
		"on-ramp limit method": "POST {}",
		"account status auth":  "full auth is needed",
		"history amount unit":  "display decimals",
		"partner auth form":    "UR's documented form",
		"quote path":           "/v1/altchain/deposit/quote",
		"payout spender":       "the fiat token itself",
	} {
		if p := by[name]; p.Verdict != doctor.ProbeConfirmed || !strings.Contains(p.Reading, reading) {
			t.Errorf("%s: %s %q: %s", name, p.Verdict, p.Reading, p.Detail)
		}
	}
	if p := by["on-ramp limit"]; p.Verdict != doctor.ProbeSkipped || !strings.Contains(p.Detail, "never waits") {
		t.Errorf("the on-ramp limit's POST {} signs issue-card's body too: %+v", p)
	}

	// No response key pinned (as ur-preview): the signed answers prove nothing of who signs
	// for the service, so the probe is inconclusive and says to pin one; an inconclusive
	// probe alone is no failure.
	if _, e, c := purse(t, "", "profile", "set", "partner_response_key="); c != exitOK {
		t.Fatal(e)
	}
	out, e, c := purse(t, "", "doctor")
	if reads, changes, unset, open := routeProbes(); c != exitOK || !regexp.MustCompile(`partner response signer +INCONCLUSIVE +.*no response key pinned: any signer is accepted; pin partner_response_key`).MatchString(out) ||
		!strings.Contains(out, fmt.Sprintf("summary: %d confirmed, 0 contradicted, 1 inconclusive, 0 credentials refused, 1 skipped or not reachable", 25+reads+changes+unset+open)) {
		t.Fatalf("no response key pinned: %d\n%s\n%s", c, out, e)
	}
	if _, e, c := purse(t, "", "profile", "set", "partner_response_key="+config.SandboxPartnerResponseKey); c != exitOK {
		t.Fatal(e)
	}

	target, _ := url.Parse(sb.Info().UserAPI)
	refusing := httptest.NewServer(endusertest.RefuseSignatures(httputil.NewSingleHostReverseProxy(target)))
	t.Cleanup(refusing.Close)
	if _, e, c := purse(t, "", "profile", "set", "user_api="+refusing.URL, "partner_api="+refusing.URL+"/partner"); c != exitOK {
		t.Fatal(e)
	}
	out, e, c = purse(t, "", "doctor")
	if c != exitFailure || !strings.Contains(out, "CREDENTIALS REFUSED") || !strings.Contains(out, "fix first: signature check") ||
		!strings.Contains(e, "refused purse's own signature") {
		t.Fatalf("refused signatures: %d\n%s\n%s", c, out, e)
	}
	// The stand-in's refusals are unsigned: the report says what that can mean and never
	// proposes the setting that would accept them.
	if !strings.Contains(out, "or a stand-in that is not the service") || strings.Contains(out+e, "partner_unsigned_answers") {
		t.Fatalf("unsigned refusals: %d\n%s\n%s", c, out, e)
	}
	_, by, _ = doctorJSON(t)
	for _, name := range []string{"signature check", "account status auth", "full-auth hash", "deadline bound", "banking profile", "card read", "cursor paging", "history amount unit", "partner auth form"} {
		if by[name].Verdict != doctor.ProbeCredentials {
			t.Errorf("%s: %s %s", name, by[name].Verdict, by[name].Detail)
		}
	}
}
