package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"purse/altchain/altchaintest"
	"purse/enduser/endusertest"
	"purse/sandbox"
	"purse/wallet"
)

// TestPartnerOnboardingCommands: with a partner key, `purse partner` takes a fresh key to an
// account at the identity-verification step on the sandbox; bad input is a usage error
// naming its flag, a service refusal exit 1 with its code explained, an answer whose
// signature does not hold exit 3, and the service's text is shown escaped.
func TestPartnerOnboardingCommands(t *testing.T) {
	devKeyEnv(t)
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	for _, args := range [][]string{
		{"profile", "add", "sb", "--sandbox", sb.Info().UserAPI},
		{"profile", "use", "sb"},
		{"key", "new", "--label", "partner", "--kind", "evm"},
		{"profile", "set", "evm_key=dev", "partner_key=partner"},
	} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	// The partner key is not registered yet: the service refuses it (10001, what to check).
	if _, e, c := purse(t, "", "partner", "mint", "--email", "cli@example.com", "--yes"); c != exitFailure || !strings.Contains(e, "service error 10001") || !strings.Contains(e, "partner_key") {
		t.Fatalf("unregistered partner key: %d %s", c, e)
	}
	if out, e, c := purse(t, "", "sandbox", "ctl", "register-partner", "--json"); c != exitOK || jsonOut(t, out)["partnerKey"] != "partner" {
		t.Fatalf("register-partner: %d %s %s", c, out, e)
	}
	for _, bad := range []struct {
		args []string
		flag string
	}{
		{[]string{"partner", "mint"}, "--email"},
		{[]string{"partner", "mint", "--email", "a b@example.com"}, "--email"},
		{[]string{"partner", "mint", "--email", "a@example.com", "--consent-ttl", "301s"}, "--consent-ttl"},
		{[]string{"partner", "mint", "--email", "a@example.com", "--hash", "0x" + strings.Repeat("00", 32)}, "--hash"},
		{[]string{"partner", "idv-token", "--token-id", "12ab"}, "--token-id"},
	} {
		if _, e, c := purse(t, "", bad.args...); c != exitUsage || !strings.HasPrefix(e, "purse: "+bad.flag+":") {
			t.Errorf("%v: %d %s", bad.args, c, e)
		}
	}
	if _, e, c := purse(t, "", "partner", "idv-status"); c != exitUsage || !strings.Contains(e, "no account id") {
		t.Fatalf("idv-status without an account: %d %s", c, e)
	}
	// Without a terminal to ask on, nothing is signed unless --yes says so.
	if _, e, c := purse(t, "", "partner", "mint", "--email", "cli@example.com"); c != exitUsage || !strings.Contains(e, "--yes") {
		t.Fatalf("no terminal: %d %s", c, e)
	}
	out, e, c := purse(t, "", "partner", "mint", "--email", "cli@example.com", "--yes", "--json")
	if c != exitOK {
		t.Fatalf("mint: %d %s", c, e)
	}
	m := jsonOut(t, out)
	if m["address"] != "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" || m["tokenId"] == "" || m["signedBy"] != altchaintest.ResponseKey.Address().Hex() {
		t.Fatalf("mint: %v", m)
	}
	if out, _, _ := purse(t, "", "account", "status", "--json"); jsonOut(t, out)["statusStr"] != "Tourist" {
		t.Fatalf("status after the partner mint: %s", out)
	}
	if out, e, c := purse(t, "", "partner", "idv-status"); c != exitOK || !strings.Contains(out, "record") || !strings.Contains(out, "none") {
		t.Fatalf("idv-status before the token: %d %s %s", c, out, e)
	}
	out, e, c = purse(t, "", "partner", "idv-token", "--json")
	if c != exitOK || !strings.HasPrefix(jsonOut(t, out)["token"].(string), "_act-sbx-") || jsonOut(t, out)["tokenId"] != m["tokenId"] {
		t.Fatalf("idv-token: %d %s %s", c, out, e)
	}
	if out, e, c := purse(t, "", "partner", "idv-status"); c != exitOK || !strings.Contains(out, "pending") || !strings.Contains(out, "applicantType") {
		t.Fatalf("idv-status after the token: %d %s %s", c, out, e)
	}
	// Another account than the partner's own: 20003, explained for this route.
	if _, e, c := purse(t, "", "partner", "idv-token", "--token-id", "1234567890"); c != exitFailure || !strings.Contains(e, "service error 20003") || !strings.Contains(e, "wallet provider") {
		t.Fatalf("an account of no partner: %d %s", c, e)
	}
	// An answer signed by another key than the profile pins: nothing of it is used (exit 3).
	if err := sb.Solana.SetFaults(altchaintest.Faults{ResponseSignature: altchaintest.ResponseForeign}); err != nil {
		t.Fatal(err)
	}
	if out, e, c := purse(t, "", "partner", "idv-status"); c != exitRejected || out != "" || !strings.Contains(e, "nothing of the answer was used") {
		t.Fatalf("foreign signature: %d %s %s", c, out, e)
	}
	// A service's message with terminal controls is shown escaped, on one line; --json
	// carries it as JSON text.
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("{\"code\":20003,\"message\":\"bad\\u001b[2J\\nline\"}"))
	}))
	defer fake.Close()
	if _, e, c := purse(t, "", "profile", "set", "partner_api="+fake.URL, "partner_response_key="); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "partner", "idv-status"); c != exitFailure || strings.Contains(e, "\x1b") || !strings.Contains(e, "bad␛[2J␊line") {
		t.Fatalf("escaped message: %d %q", c, e)
	}
}

// TestPartnerRoutesUnderURDialect: on a sandbox that speaks UR's partner auth and names
// (names.idv=sumsub, as the presets set it), the onboarding routes reach the vendor's live
// status path (/v1/sumsub-status-by-network) from the names alone; a route's own path
// (partner_routes.NAME) wins over the names; an unsigned answer is refused by default and,
// with partner_unsigned_answers=warn, used and shown as not signed.
func TestPartnerRoutesUnderURDialect(t *testing.T) {
	sb := sandboxProfile(t, sandbox.Config{PartnerAuth: wallet.PartnerAuthUR, Dialect: endusertest.Dialect{URNames: true}},
		[]string{"key", "new", "--label", "partner", "--kind", "evm"}, []string{"profile", "set", "evm_key=dev", "partner_key=partner"},
		[]string{"sandbox", "ctl", "register-partner"})
	if out, _, _ := purse(t, "", "profile", "show", "--json"); !strings.Contains(out, `"idv": "sumsub"`) || !strings.Contains(out, `"partnerAuth": "ur"`) {
		t.Fatalf("the profile from the sandbox's info lacks its names or form: %s", out)
	}
	if _, e, c := purse(t, "", "partner", "mint", "--email", "ur@example.com", "--yes"); c != exitOK {
		t.Fatalf("mint: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "partner", "idv-token"); c != exitOK {
		t.Fatalf("idv-token: %d %s", c, e)
	}
	out, e, c := purse(t, "", "partner", "idv-status")
	if c != exitOK || !strings.Contains(out, "pending") || !strings.Contains(out, "answer signed by") {
		t.Fatalf("idv-status under names.idv=sumsub: %d %s %s", c, out, e)
	}
	// The spec's stand-in path, named outright, is the route's own: this service has none.
	if _, e, c := purse(t, "", "profile", "set", "partner_routes.idv-status=/v1/idv-status-by-network"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "partner", "idv-status"); c != exitFailure || !strings.Contains(e, "/v1/idv-status-by-network") {
		t.Fatalf("the stand-in path on a service that names the vendor: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "profile", "set", "partner_routes.idv-status="); c != exitOK {
		t.Fatal(e)
	}
	// Unsigned answers: refused (exit 3) unless the profile says warn.
	if err := sb.Solana.SetFaults(altchaintest.Faults{ResponseSignature: altchaintest.ResponseUnsigned}); err != nil {
		t.Fatal(err)
	}
	if out, e, c := purse(t, "", "partner", "idv-status"); c != exitRejected || out != "" || !strings.Contains(e, "partner_unsigned_answers=refuse") {
		t.Fatalf("unsigned, refused: %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "profile", "set", "partner_unsigned_answers=warn"); c != exitOK {
		t.Fatal(e)
	}
	if out, e, c := purse(t, "", "partner", "idv-status"); c != exitOK || !strings.Contains(out, "NOT signed (accepted because partner_unsigned_answers=warn)") {
		t.Fatalf("unsigned, warned: %d %s %s", c, out, e)
	}
}

// TestPartnerMintOutcomeUnknown: the mint reached the service and was processed, but its
// answer cannot be used (signed over other bytes than sent) and the chain cannot be read to
// settle it: exit 4, naming the address that identifies the mint (in --json too) and how to
// find the account; with the chain back, `purse account find` finds what the mint did.
func TestPartnerMintOutcomeUnknown(t *testing.T) {
	sb := sandboxProfile(t, sandbox.Config{}, []string{"key", "new", "--label", "partner", "--kind", "evm"},
		[]string{"profile", "set", "evm_key=dev", "partner_key=partner"}, []string{"sandbox", "ctl", "register-partner"})
	const dev = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	if err := sb.Solana.SetFaults(altchaintest.Faults{ResponseSignature: altchaintest.ResponseTampered}); err != nil {
		t.Fatal(err)
	}
	down := httptest.NewServer(nil)
	down.Close()
	if _, e, c := purse(t, "", "profile", "set", "evm_rpc="+down.URL); c != exitOK {
		t.Fatal(e)
	}
	out, e, c := purse(t, "", "partner", "mint", "--email", "lost@example.com", "--yes")
	if c != exitUnknown || out != "" || !strings.Contains(e, "partner mint for "+dev) || !strings.Contains(e, "the chain could not be read") ||
		!strings.Contains(e, "purse account find") {
		t.Fatalf("unknown outcome: %d %q %s", c, out, e)
	}
	// The mint was processed: a second one is refused as a duplicate, so the --json run
	// is made on another key.
	if _, e, c := purse(t, "", "key", "new", "--label", "other", "--kind", "evm"); c != exitOK {
		t.Fatal(e)
	}
	if _, e, c := purse(t, "", "profile", "set", "evm_key=other"); c != exitOK {
		t.Fatal(e)
	}
	out, _, c = purse(t, "", "partner", "mint", "--email", "lost2@example.com", "--yes", "--json")
	j := jsonOut(t, out)
	if c != exitUnknown || j["outcome"] != "unknown" || j["evmAddress"] == nil || j["evmAddress"] == "" || j["exitCode"] != float64(exitUnknown) {
		t.Fatalf("unknown outcome --json: %d %v", c, j)
	}
	// The chain back: the account the first mint made is found there and stored.
	if _, e, c := purse(t, "", "profile", "set", "evm_key=dev", "evm_rpc="+sb.Info().EVMRPC); c != exitOK {
		t.Fatal(e)
	}
	out, e, c = purse(t, "", "account", "find", "--json")
	if c != exitOK || jsonOut(t, out)["tokenId"] == nil {
		t.Fatalf("account find: %d %s %s", c, out, e)
	}
}
