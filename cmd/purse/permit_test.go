package main

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	apppermit "purse/app/permit"
	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/homechain"
	"purse/sandbox"
)

func auditCount(t *testing.T) int {
	t.Helper()
	out, e, c := purse(t, "", "audit", "list", "--json")
	if c != exitOK {
		t.Fatalf("audit list: %s", e)
	}
	var recs []json.RawMessage
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatalf("audit list: %v: %s", err, out)
	}
	return len(recs)
}

// TestPermitBalancesAndAccountDiscovery runs the chain-reading commands against the real
// sandbox: an onboarded dev key signs card permits, sees its balances, and a fresh profile
// finds its account (and refuses to mint another).
func TestPermitBalancesAndAccountDiscovery(t *testing.T) {
	devKeyEnv(t)
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	url := sb.Info().UserAPI
	for _, args := range [][]string{{"profile", "add", "sb", "--sandbox", url}, {"profile", "use", "sb"}} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	out, e, c := purse(t, "", "--yes", "sandbox", "ctl", "onboard", "--key", "dev", "--json")
	if c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	tokenID := jsonOut(t, out)["tokenId"].(string)

	// Balances: every token of the chain configuration, EUR24 funded.
	out, e, c = purse(t, "", "balances", "--json")
	if c != exitOK {
		t.Fatalf("balances: %s", e)
	}
	var bals struct {
		Owner    string `json:"owner"`
		Balances []struct {
			Symbol, Amount, Raw string
			Decimals            int
		} `json:"balances"`
	}
	if err := json.Unmarshal([]byte(out), &bals); err != nil {
		t.Fatal(err)
	}
	eurFound := false
	for _, b := range bals.Balances {
		if b.Symbol == "EUR24" {
			eurFound = true
			raw, err := strconv.ParseInt(b.Raw, 10, 64)
			if err != nil || raw <= 0 || b.Decimals != 2 {
				t.Fatalf("EUR24 balance %+v", b)
			}
		}
	}
	if !eurFound || bals.Owner != testDevAddress {
		t.Fatalf("balances %s", out)
	}
	if out, _, c = purse(t, "", "balances"); c != exitOK || !strings.Contains(out, "EUR24") {
		t.Fatalf("balances (human): %s", out)
	}

	// Refusals before anything is signed.
	before := auditCount(t)
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "25.00", "--spender", "card"); c == exitOK || !strings.Contains(e, "--yes") {
		t.Fatalf("permit without a terminal and without --yes: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1.234", "--spender", "card", "--yes"); c != exitUsage || !strings.Contains(e, "--amount") {
		t.Fatalf("excess precision: %d %s", c, e)
	}
	for _, zero := range []string{"0", "0.00"} {
		if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", zero, "--spender", "card", "--yes"); c != exitUsage || !strings.Contains(e, "--amount") || !strings.Contains(e, "above 0") {
			t.Fatalf("--amount %s: %d %s", zero, c, e)
		}
	}
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1.00", "--permit-amount", "2.001", "--spender", "card", "--yes"); c != exitUsage || !strings.Contains(e, "--permit-amount") {
		t.Fatalf("excess precision of --permit-amount: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "permit", "--token", "NOPE24", "--amount", "1.00", "--spender", "card", "--yes"); c == exitOK || !strings.Contains(e, "NOPE24") {
		t.Fatalf("unknown token: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1.00", "--spender", "nobody", "--yes"); c != exitUsage || !strings.Contains(e, "--spender") {
		t.Fatalf("bad spender: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1.00", "--spender", "card", "--ttl", "48h", "--yes"); c != exitUsage || !strings.Contains(e, "--ttl") {
		t.Fatalf("ttl too long: %d %s", c, e)
	}
	no := "n\n"
	tty := setTerminal(t, &no)
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "25.00", "--spender", "card"); c == exitOK || !strings.Contains(e, "declined") {
		t.Fatalf("declined permit: %d %s", c, e)
	}
	if !strings.Contains(tty.out.String(), "spender") || !strings.Contains(tty.out.String(), "card") || !strings.Contains(tty.out.String(), "raw value 2500") {
		t.Fatalf("review on the terminal: %s", tty.out.String())
	}
	setTerminal(t, nil)
	if after := auditCount(t); after != before {
		t.Fatalf("refused permits signed something: audit %d -> %d", before, after)
	}

	// A card permit of 25.00 EUR24: allowance 2500, then the same permit is already in place.
	out, e, c = purse(t, "", "permit", "--token", "EUR24", "--amount", "25.00", "--spender", "card", "--yes", "--json")
	if c != exitOK {
		t.Fatalf("permit: %s", e)
	}
	first := jsonOut(t, out)
	if first["allowance"] != "2500" || first["value"] != "2500" || first["role"] != "card" || first["alreadyPermitted"] != false ||
		first["txHash"] == "" || first["spender"] != sb.Info().CardSpender || first["token"] != "EUR24" || first["amount"] != "25.00" {
		t.Fatalf("permit %v", first)
	}
	n0, _ := strconv.Atoi(first["nonce"].(string))
	out, e, c = purse(t, "", "permit", "--token", "EUR24", "--amount", "25.00", "--spender", "card", "--yes", "--json")
	if c != exitOK {
		t.Fatalf("second permit: %s", e)
	}
	second := jsonOut(t, out)
	// The allowance is read first: the same value again is not signed, the service not asked.
	if second["unneeded"] != true || second["alreadyPermitted"] != false || second["signature"] != "" || second["allowance"] != "2500" {
		t.Fatalf("second permit %v", second)
	}
	if n1, _ := strconv.Atoi(second["nonce"].(string)); n1 != n0+1 {
		t.Fatalf("nonce did not advance: %d then %d", n0, n1)
	}
	out, _, c = purse(t, "", "permit", "--token", "eur24", "--amount", "25.00", "--spender", "card", "--yes")
	if c != exitOK || !strings.Contains(out, "already permitted") {
		t.Fatalf("already permitted (human): %d %s", c, out)
	}

	// token-permit is the card-spend permit: other spenders are refused before anything is read.
	if _, e, c := purse(t, "", "permit", "--token", "EUR24", "--amount", "1.50", "--spender", "deposit", "--yes"); c != exitUsage || !strings.Contains(e, "card-spend permit only") {
		t.Fatalf("deposit spender: %d %s", c, e)
	}
	// Confirmed on the terminal, by address, with a larger signed value.
	yes := "y\n"
	setTerminal(t, &yes)
	out, e, c = purse(t, "", "permit", "--token", first["tokenAddress"].(string), "--amount", "1.50", "--permit-amount", "30", "--spender", "card", "--json")
	if c != exitOK {
		t.Fatalf("confirmed permit: %s", e)
	}
	dep := jsonOut(t, out)
	if dep["role"] != "card" || dep["allowance"] != "3000" || dep["permitAmount"] != "30.00" || dep["value"] != "3000" {
		t.Fatalf("larger permit %v", dep)
	}
	setTerminal(t, nil)
	// A fresh profile finds the onboarded account on chain and refuses to mint another.
	for _, args := range [][]string{
		{"profile", "add", "fresh", "--sandbox", url}, {"--profile", "fresh", "profile", "set", "evm_key=dev"},
		{"profile", "add", "fresh2", "--sandbox", url}, {"--profile", "fresh2", "profile", "set", "evm_key=dev"},
	} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
	if _, e, c := purse(t, "", "--profile", "fresh", "account", "mint"); c != exitFailure || !strings.Contains(e, "already owns account "+tokenID) || !strings.Contains(e, "purse account find") {
		t.Fatalf("mint of an address that owns an account: %d %s", c, e)
	}
	out, e, c = purse(t, "", "--profile", "fresh", "account", "find", "--json")
	if c != exitOK || jsonOut(t, out)["tokenId"] != tokenID {
		t.Fatalf("account find: %d %s %s", c, out, e)
	}
	out, _, _ = purse(t, "", "--profile", "fresh", "profile", "show", "--json")
	if jsonOut(t, out)["tokenId"] != tokenID {
		t.Fatalf("account find did not store the id: %s", out)
	}

	// Key creation discovers the account of an imported key; a new key has none.
	if _, e, c := purse(t, "", "profile", "use", "fresh2"); c != exitOK {
		t.Fatal(e)
	}
	// The dev key is stored once: it goes, and comes back under another label.
	if _, e, c := purse(t, "", "key", "rm", "dev", "--yes"); c != exitOK {
		t.Fatalf("rm dev: %d %s", c, e)
	}
	_, e, c = purse(t, testDevKey+"\n", "key", "import", "--label", "dev2", "--kind", "evm", "--private-key-file", "-")
	if c != exitOK || !strings.Contains(e, "Found account "+tokenID) {
		t.Fatalf("import with discovery: %d %s", c, e)
	}
	out, _, _ = purse(t, "", "profile", "show", "--json")
	if p := jsonOut(t, out); p["tokenId"] != tokenID || p["evmKey"] != "dev2" {
		t.Fatalf("profile after discovery: %v", p)
	}
	if _, e, c := purse(t, "", "key", "new", "--label", "blank", "--kind", "evm"); c != exitOK || !strings.Contains(e, "no account") {
		t.Fatalf("new key without an account: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "account", "find", "--key", "blank"); c != exitFailure || !strings.Contains(e, "no account on chain") {
		t.Fatalf("find without an account: %d %s", c, e)
	}

	// A chain that does not answer is reported in one line; the key is still created.
	if _, e, c := purse(t, "", "profile", "set", "evm_rpc=http://127.0.0.1:1"); c != exitOK {
		t.Fatal(e)
	}
	_, e, c = purse(t, "", "key", "new", "--label", "offline", "--kind", "evm")
	if c != exitOK || !strings.Contains(e, "does not answer") || strings.Count(strings.TrimSpace(e), "\n") > 1 {
		t.Fatalf("discovery with the chain down: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "key", "show", "offline"); c != exitOK {
		t.Fatalf("key created with the chain down: %s", e)
	}
}

func TestPermitHelpers(t *testing.T) {
	mismatch := &apppermit.RefusedError{Err: &homechain.DomainMismatchError{Err: errors.New("separator differs")}}
	if exitCode(mismatch) != exitRejected {
		t.Fatal("a domain mismatch is not exit 3")
	}
	if exitCode(errors.New("dial: refused")) != exitFailure {
		t.Fatal("a transport error is exit 3")
	}
	addr := "0x5b1869D9A4C187F2EAa108f3062412ecf0526b24"
	for _, id := range []string{addr, "eip155:31337/erc20:" + addr} {
		if got, ok := enduser.TokenAddress(id); !ok || got != common.HexToAddress(addr) {
			t.Fatalf("TokenAddress(%q) = %v %v", id, got, ok)
		}
	}
	if _, ok := enduser.TokenAddress("eip155:1/slip44:60"); ok {
		t.Fatal("a native asset id read as a token address")
	}
	pc := apppermit.Context{CardSpender: addr, Chain: enduser.Chain{DepositContract: "0x00000000000000000000000000000000000000d1"}}
	spender := func(role, address string) (string, common.Address, error) {
		a, err := apppermit.Spender(pc, apppermit.Form{Role: role, Address: address})
		return role, a, err
	}
	if role, a, err := spender(app.RoleCard, ""); err != nil || role != app.RoleCard || a != common.HexToAddress(addr) {
		t.Fatalf("card: %s %v %v", role, a, err)
	}
	if _, a, err := spender(app.RoleDeposit, ""); err != nil || a != common.HexToAddress("0x00000000000000000000000000000000000000d1") {
		t.Fatalf("deposit: %v %v", a, err)
	}
	if _, _, err := spender(app.RoleBufferPool, ""); err == nil || !strings.Contains(err.Error(), "bufferPoolContract") {
		t.Fatalf("bufferpool unset: %v", err)
	}
	if _, _, err := spender(app.RoleAddress, "0x00000000000000000000000000000000000000e1"); err != nil {
		t.Fatalf("explicit: %v", err)
	}
	if _, _, err := spender(app.RoleAddress, "0x0000000000000000000000000000000000000000"); exitCode(err) != exitUsage {
		t.Fatalf("zero spender: %v", err)
	}
}

// TestPermitOutcomesThroughTheCLI (issue 22 §2): `purse permit` against the sandbox's faults
// on token-permit. An answer that proves nothing (HTTP 500, an empty or truncated 200,
// retCode 10000, a duplicate POST's 10001) after the service relayed, or a relay that
// reverted while the permit took effect: exit 0, outcome "landed" and a note saying how it
// was settled. The same answers without a relay, or a transaction never mined: exit 4 with
// the permit's fields in --json. A refusal before relaying: exit 1, outcome "refused".
func TestPermitOutcomesThroughTheCLI(t *testing.T) {
	defer func(d time.Duration) { apppermit.RelayWait = d }(apppermit.RelayWait)
	apppermit.RelayWait = 1500 * time.Millisecond
	sb := onboardedSandbox(t, sandbox.Config{})
	amount := 10
	permit := func(f endusertest.Faults, human bool) (map[string]any, string, string, int) {
		t.Helper()
		f.Route, f.Count = "/api/v1/token-permit", 1
		if err := sb.EndUser.SetFaults(f); err != nil {
			t.Fatal(err)
		}
		amount++
		args := []string{"permit", "--token", "EUR24", "--amount", strconv.Itoa(amount), "--spender", "card", "--yes"}
		if !human {
			args = append(args, "--json")
		}
		out, e, c := purse(t, "", args...)
		var v map[string]any
		if !human {
			v = jsonOut(t, out)
		}
		return v, out, e, c
	}

	for name, f := range map[string]endusertest.Faults{
		"HTTP 500 after relaying":      {HTTPStatus: 500, AfterExecute: true},
		"HTTP 502 after relaying":      {HTTPStatus: 502, AfterExecute: true},
		"an empty 204":                 {NoContent: true},
		"a truncated 200":              {TruncateJSON: true},
		"retCode 10000 after relaying": {RetCode: 10000, AfterExecute: true},
		"a duplicate POST":             {Duplicate: true},
		"a relay that reverted":        {Relay: endusertest.RelayAgain},
	} {
		v, _, e, c := permit(f, false)
		value := strconv.Itoa(amount * 100)
		if c != exitOK || v["outcome"] != app.OutcomeLanded || v["allowance"] != value || v["value"] != value || v["note"] == nil ||
			!strings.Contains(v["note"].(string), "moved past") {
			t.Errorf("%s: exit %d %v\n%s", name, c, v, e)
		}
	}
	// The human output says it landed and how it was found out, escaped.
	if _, out, e, c := permit(endusertest.Faults{HTTPStatus: 500, AfterExecute: true}, true); c != exitOK ||
		!strings.Contains(out, "permit landed, as the chain shows") || !strings.Contains(out, "HTTP 500") {
		t.Errorf("landed (human): exit %d %s %s", c, out, e)
	}

	for name, c := range map[string]struct {
		f  endusertest.Faults
		tx bool
	}{
		"HTTP 500, not relayed":      {f: endusertest.Faults{HTTPStatus: 500}},
		"retCode 10000, not relayed": {f: endusertest.Faults{RetCode: 10000}},
		"a transaction never mined":  {f: endusertest.Faults{PhantomTxHash: true}, tx: true},
	} {
		v, _, e, code := permit(c.f, false)
		if code != exitUnknown || v["exitCode"] != float64(exitUnknown) || v["outcome"] != app.OutcomeUnknown {
			t.Errorf("%s: exit %d %v\n%s", name, code, v, e)
			continue
		}
		for _, k := range []string{"token", "tokenAddress", "owner", "spender", "nonce", "value", "deadline", "permitSignature"} {
			if v[k] == nil || v[k] == "" {
				t.Errorf("%s: no %s in %v", name, k, v)
			}
		}
		if _, ok := v["txHash"]; ok != c.tx {
			t.Errorf("%s: txHash %v", name, v["txHash"])
		}
		if v["value"] != strconv.Itoa(amount*100) || !strings.Contains(e, "Signing again is safe") || strings.Contains(e, "refused") {
			t.Errorf("%s: %v\n%s", name, v, e)
		}
	}

	v, _, e, c := permit(endusertest.Faults{RetCode: 10001, RetMsg: "signature check failed"}, false)
	if c != exitFailure || v["outcome"] != apppermit.OutcomeRefused || !strings.Contains(e, "Nothing was relayed") || !strings.Contains(e, "signature check failed") {
		t.Errorf("refused: exit %d %v\n%s", c, v, e)
	}
}
