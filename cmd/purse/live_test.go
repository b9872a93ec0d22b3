package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/enduser/endusertest"
	"purse/sandbox"
	"purse/wallet"
)

// TestProfileFromPreset: `profile add --preset` fills a profile from the public evidence,
// flags change it, `profile show` says the preset, what was changed since and every setting
// in effect with its default marked (also in --json); a bad preset or setting names itself.
func TestProfileFromPreset(t *testing.T) {
	keyEnv(t)
	out, e, c := purse(t, "", "profile", "add", "qa", "--preset", "ur-testnet", "--evm-rpc", "https://my-node.example/rpc")
	if c != exitOK || !strings.Contains(out, "added profile qa (https://urapi3-qa.ur-inc.xyz, network 5003)") || !strings.Contains(out, "unconfirmed: solana_cluster") {
		t.Fatalf("add --preset: %d %s %s", c, out, e)
	}
	out, e, c = purse(t, "", "profile", "show", "qa")
	// Each row is the key, spaces, and the value in effect; the LayerZero pins the preset
	// leaves unset show the public values they take for its cluster and network.
	for _, want := range []string{"preset ur-testnet (changed since: evm_rpc)", "partner_auth ur\n",
		"routes.account-status full", "routes.onramp-limit POST", "names.idv sumsub", "names.svcId urId",
		"names.altchain altchain (default)", "tx_amount_unit smallest (default)", "partner_unsigned_answers refuse\n",
		"card_spender 0x25d66C564532258eD9cdBB6215E260AFf41d8bae", "evm_rpc https://my-node.example/rpc",
		"altchain_pins.devnet.endpoint_program 76y77prsiCMvXMjuoZ5VRrhG5qYBrUMYTE5WgHqgjEn6 (default)\n",
		"altchain_pins.devnet.dst_eid 40246 (default)\n", "altchain_pins.devnet.lz_receiver 0x2c2e6bc745e583629a4157c2d8a9234d59f4067e (default)\n"} {
		key, value, _ := strings.Cut(want, " ")
		if c != exitOK || !regexp.MustCompile("(?m)^"+regexp.QuoteMeta(key)+" +"+regexp.QuoteMeta(value)).MatchString(out) {
			t.Errorf("show lacks %q:\n%s%s", want, out, e)
		}
	}
	out, _, _ = purse(t, "", "profile", "show", "qa", "--json")
	var shown struct {
		Name          string `json:"name"`
		Preset        string `json:"preset"`
		PresetChanges []string
		Settings      []struct {
			Key, Value string
			Default    bool
		}
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil || shown.Preset != "ur-testnet" || len(shown.PresetChanges) != 1 || len(shown.Settings) < 25 {
		t.Fatalf("show --json: %v %s", err, out)
	}
	effective := map[string]string{}
	for _, s := range shown.Settings {
		if s.Key == "partner_response_key" && s.Value != "0x4D2AA3f43De8f8BE746E315D291B804a4aBD3939" {
			t.Fatalf("response key %+v", s)
		}
		if strings.HasPrefix(s.Key, "altchain_pins.") {
			effective[s.Key] = fmt.Sprintf("%s %v", s.Value, s.Default)
		}
	}
	// --json: the settings carry the pins in effect, marked default; the profile itself
	// stays as stored (no pins).
	if effective["altchain_pins.devnet.dst_eid"] != "40246 true" || effective["altchain_pins.devnet.endpoint_program"] != "76y77prsiCMvXMjuoZ5VRrhG5qYBrUMYTE5WgHqgjEn6 true" ||
		len(effective) != 3 || strings.Contains(out, `"altchainPins"`) {
		t.Fatalf("show --json pins: %v\n%s", effective, out)
	}
	// A pin set is shown as set, not default.
	if _, e, c := purse(t, "", "--profile", "qa", "profile", "set", "altchain_pins.devnet.dst_eid=40245"); c != exitOK {
		t.Fatal(e)
	}
	if out, _, _ := purse(t, "", "profile", "show", "qa"); !regexp.MustCompile(`(?m)^altchain_pins\.devnet\.dst_eid +40245\n`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^altchain_pins\.devnet\.lz_receiver +0x2c2e6bc745e583629a4157c2d8a9234d59f4067e \(default\)`).MatchString(out) {
		t.Fatalf("a pin set:\n%s", out)
	}
	for _, args := range [][]string{
		{"profile", "add", "x", "--preset", "ur-moon"},
		{"profile", "add", "x", "--preset", "ur-mainnet", "--sandbox", "http://127.0.0.1:1"},
		{"profile", "add", "x", "--preset", "ur-mainnet", "--network", "main"},
		{"--profile", "qa", "profile", "set", "routes.no-such-route=POST"},
		{"--profile", "qa", "profile", "set", "routes.transactions=GET"},
		{"--profile", "qa", "profile", "set", "names.idv=sum-sub"},
	} {
		if _, e, c := purse(t, "", args...); c != exitUsage || !(strings.Contains(e, "preset") || strings.Contains(e, "network") || strings.Contains(e, "routes.") || strings.Contains(e, "names.idv")) {
			t.Errorf("%v: %d %s", args, c, e)
		}
	}
	if out, _, c := purse(t, "", "profile", "presets", "--json"); c != exitOK || !strings.Contains(out, "ur-preview") || !strings.Contains(out, "5000-preprod.json") {
		t.Fatalf("presets: %d %s", c, out)
	}
}

// TestOnboardUnderEveryDialect: `sandbox ctl onboard` reaches Live on a sandbox playing
// each dialect and each partner-auth form, with a profile made from its /sandbox/info;
// the embedded-style profile (the spec's settings) on a dialect sandbox is set to follow it,
// saying so. Then the signed reads that depend on the dialect work.
func TestOnboardUnderEveryDialect(t *testing.T) {
	devKeyEnv(t)
	type variant struct {
		name    string
		dialect string
		auth    wallet.PartnerAuthVariant
	}
	variants := []variant{{"spec", "", ""}, {"ur", "", wallet.PartnerAuthUR}}
	for _, d := range endusertest.DialectNames() {
		variants = append(variants, variant{d, d, ""})
	}
	variants = append(variants, variant{"all", strings.Join(endusertest.DialectNames(), ","), wallet.PartnerAuthUR})
	for i, v := range variants {
		for _, byHand := range []bool{false, true} {
			onboardUnder(t, fmt.Sprintf("p%d%v", i, byHand), v.name, v.dialect, v.auth, byHand)
		}
	}
}

// onboardUnder onboards a profile made from the sandbox's info (or, byHand, with the
// spec's settings) on a sandbox playing dialect and the partner-auth form auth.
func onboardUnder(t *testing.T, name, label, dialect string, auth wallet.PartnerAuthVariant, byHand bool) {
	t.Run(fmt.Sprintf("%s/byHand=%v", label, byHand), func(t *testing.T) {
		d, err := endusertest.ParseDialect(dialect)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0", Dialect: d, PartnerAuth: auth})
		if err != nil {
			t.Fatal(err)
		}
		defer sb.Close()
		add := []string{"profile", "add", name, "--sandbox", sb.Info().UserAPI}
		if byHand { // the spec's settings: onboarding makes the profile follow the sandbox
			add = []string{"profile", "add", name, "--user-api", sb.Info().UserAPI, "--network", sb.Info().Network, "--evm-rpc", sb.Info().EVMRPC,
				"--account-nft", sb.Info().AccountNFT, "--card-spender", sb.Info().CardSpender, "--partner-api", sb.Info().PartnerAPI}
		}
		if _, e, c := purse(t, "", add...); c != exitOK {
			t.Fatal(e)
		}
		out, e, c := purse(t, "", "--yes", "--profile", name, "sandbox", "ctl", "onboard", "--key", "dev", "--json")
		if c != exitOK || jsonOut(t, out)["status"] != "Live" {
			t.Fatalf("onboard: %d %s %s", c, out, e)
		}
		// Every sandbox names where it serves the FX quote (routes.fx-quote has no default),
		// so a hand-made profile always follows it.
		if aligned := strings.Contains(e, "the sandbox plays another dialect"); byHand && (!aligned || !strings.Contains(e, "routes.fx-quote=")) || !byHand && aligned {
			t.Errorf("a hand-made profile is aligned, one from the sandbox's info is not: aligned=%v: %s", aligned, e)
		}
		// --yes: under onrampLimitPost the on-ramp limit signs the body {}, which is also the
		// body of issue-card (and of other POSTs), so the signing gate asks for it as for
		// them.
		for _, args := range [][]string{{"account", "status"}, {"tx", "list", "--min-amount", "1.50", "--status", "PENDING"}, {"--yes", "onramp-limit"}} {
			if _, e, c := purse(t, "", append([]string{"--profile", name}, args...)...); c != exitOK {
				t.Errorf("%v: %d %s", args, c, e)
			}
		}
	})
}

// TestPermitUnderAnExistingAllowance: a service that answers 10011 while any allowance
// exists (the public integration's reading) refuses a larger permit; purse says what the
// allowance is and what the user can do, and exits 1. token-permit signs for the card
// spender without --spender; no other spender is taken.
func TestPermitUnderAnExistingAllowance(t *testing.T) {
	onboardedSandbox(t, sandbox.Config{Dialect: endusertest.Dialect{ExistingAllowance: true}})
	if out, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "25.00", "--yes", "--json"); c != exitOK || jsonOut(t, out)["role"] != "card" {
		t.Fatalf("permit without --spender: %d %s %s", c, out, e)
	}
	_, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "30.00", "--yes")
	for _, want := range []string{"10011", "an allowance of 25.00 EUR24 exists", "below the 30.00 EUR24", "nothing was relayed", "permit() is callable by anyone", "approve("} {
		if c != exitFailure || !strings.Contains(e, want) {
			t.Errorf("a larger permit over an allowance: %d, lacks %q: %s", c, want, e)
		}
	}
	for _, s := range []string{"deposit", "bufferpool", "0x00000000000000000000000000000000000000e1"} {
		if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1", "--spender", s, "--yes"); c != exitUsage || !strings.Contains(e, "purse sign permit") {
			t.Errorf("--spender %s: %d %s", s, c, e)
		}
	}
	if out, _, _ := runCLI(t, "", "permit", "--help"); strings.Contains(out, "bufferpool") || strings.Contains(out, "deposit (") {
		t.Errorf("the help lists spenders that do not work:\n%s", out)
	}
}

// TestDepositUnderUR: the whole Solana deposit through a sandbox that speaks UR's partner
// auth ("{body} {deadline}", no identity header) and the integration's names (urId in the
// quote's body): the quote is signed, answered signed, validated, sent and credited.
func TestDepositUnderUR(t *testing.T) {
	depositSandbox(t, sandbox.Config{PartnerAuth: wallet.PartnerAuthUR, Dialect: endusertest.Dialect{URNames: true}})
	if _, e, c := purse(t, "", "--yes", "sandbox", "ctl", "onboard", "--key", "dev"); c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	out, _, _ := purse(t, "", "profile", "show", "--json")
	if p := jsonOut(t, out); p["partnerAuth"] != "ur" || p["names"].(map[string]any)["svcId"] != "urId" {
		t.Fatalf("profile from the sandbox info: %s", out)
	}
	before := ctuCount(t)
	if _, e, c := purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes"); c != exitOK {
		t.Fatalf("deposit: %d %s", c, e)
	}
	if after := ctuCount(t); after != before+1 {
		t.Fatalf("CTU records %d → %d", before, after)
	}
	// The same profile speaking the spec's form is refused by this service (10001).
	if _, e, c := purse(t, "", "profile", "set", "partner_auth=spec"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "altchain", "deposit", "--amount", "12.5", "--output", "EUR", "--yes"); c == exitOK || !strings.Contains(e, "10001") {
		t.Fatalf("spec form to a ur service: %d %s", c, e)
	}
}

// TestTxListWithoutServerTime: the case — a service without GET /api/v1/timestamp.
// With timeNow in its answers `tx list` signs from that; with no server time at all it says
// so once on stderr (escaped: the service's words are in it) and signs from this machine's
// clock, instead of failing with "server time is needed for the deadline".
func TestTxListWithoutServerTime(t *testing.T) {
	devKeyEnv(t)
	for _, timeNow := range []bool{true, false} {
		var deadlines []int64
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/api/v1/timestamp" {
				http.Error(w, "no such route \x1b[31m", http.StatusNotFound)
				return
			}
			if d, err := strconv.ParseInt(r.Header.Get("deadline"), 10, 64); err == nil {
				deadlines = append(deadlines, d)
			}
			env := map[string]any{"retCode": 0, "retMsg": "OK", "result": map[string]any{"transactions": []any{}, "chains": []any{}}}
			if timeNow {
				env["timeNow"] = time.Now().Add(time.Hour).UnixMilli()
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(env)
		}))
		name := fmt.Sprintf("nots%v", timeNow)
		for _, args := range [][]string{
			{"profile", "add", name, "--user-api", srv.URL, "--network", "5003"},
			{"--profile", name, "profile", "set", "evm_key=dev", "token_id=1234567890"},
		} {
			if _, e, c := purse(t, "", args...); c != exitOK {
				t.Fatalf("%v: %s", args, e)
			}
		}
		_, e, c := purse(t, "", "--profile", name, "tx", "list")
		srv.Close()
		notes := strings.Count(e, "purse: note: the service gave no server time")
		switch {
		case c != exitOK:
			t.Fatalf("timeNow=%v: tx list: %d %s", timeNow, c, e)
		case timeNow && notes != 0, !timeNow && notes != 1:
			t.Fatalf("timeNow=%v: %d notices: %s", timeNow, notes, e)
		case strings.Contains(e, "\x1b"):
			t.Fatalf("the service's text reached the terminal unescaped: %q", e)
		}
		want := time.Now().Add(5 * time.Minute).Unix()
		if timeNow {
			want += 3600
		}
		if len(deadlines) != 1 || deadlines[0] < want-5 || deadlines[0] > want+5 {
			t.Fatalf("timeNow=%v: deadlines %v, want %d", timeNow, deadlines, want)
		}
	}
}
