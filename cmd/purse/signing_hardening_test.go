package main

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"purse/enduser/endusertest"
	"purse/sandbox"
	"purse/wallet"
)

// Issue 11 case 5, issue 21: a personal message with the consent prefix is a full-auth
// credential, which purse makes only from the payload (or the mint hash) it authorises.
func TestSignPersonalRefusesAFullAuthMessage(t *testing.T) {
	v := devKeyEnv(t)
	fa := v.FullAuth[0]
	_, e, c := purse(t, "", "sign", "personal", "--key", "dev", "--message", fa.Message)
	if c != exitUsage || !strings.Contains(e, "full-auth credential") || !strings.Contains(e, "purse sign full-auth") {
		t.Fatalf("consent message signed as personal: exit %d %s", c, e)
	}
	if _, e, c := purse(t, "", "sign", "personal", "--key", "dev", "--message", fa.Message, "--allow-full-auth-prefix"); c != exitUsage {
		t.Fatalf("the removed --allow-full-auth-prefix: exit %d %s", c, e)
	}
	out, e, c := purse(t, "", "verify", "personal", "--address", v.Address, "--message", fa.Message, "--signature", fa.Sign)
	if c != exitOK || !strings.Contains(out, "full-auth credential") {
		t.Fatalf("verify personal does not say what the message is: %d %s %s", c, out, e)
	}
	out, _, _ = purse(t, "", "audit", "list", "--json")
	var recs []struct {
		Purpose string `json:"purpose"`
	}
	if err := json.Unmarshal([]byte(out), &recs); err != nil || len(recs) != 0 {
		t.Fatalf("audit records %s (%v): want none, nothing was signed", out, err)
	}
}

// Issue 21/22: a full-auth deadline outside (now, now + 20 min] is refused unless the tester
// asks for it by name; then it signs, with the warning.
func TestSignFullAuthDeadlineBounds(t *testing.T) {
	devKeyEnv(t)
	for _, dl := range []string{"1", "9223372036854775807", strconv.FormatInt(time.Now().Add(21*time.Minute).Unix(), 10)} {
		_, e, c := purse(t, "", "--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "GET", "--query", "a=1", "--deadline", dl)
		if c != exitUsage || !strings.Contains(e, "--deadline") || !strings.Contains(e, "--allow-any-deadline") {
			t.Fatalf("deadline %s: exit %d %s", dl, c, e)
		}
	}
	out, e, c := purse(t, "", "--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "GET", "--query", "a=1",
		"--deadline", "1", "--allow-any-deadline", "--json")
	if c != exitOK || jsonOut(t, out)["deadline"] != "1" || !strings.Contains(e, "in the past") {
		t.Fatalf("an expired credential by name: exit %d %s %s", c, out, e)
	}
	if _, e, c := purse(t, "", "--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "GET", "--query", "a=1",
		"--deadline", "9223372036854775807", "--allow-any-deadline"); c != exitOK {
		t.Fatalf("the largest deadline by name: exit %d %s", c, e)
	}
}

// malleable returns the high-s twin of a canonical 65-byte signature: same signer.
func malleable(sig string) string {
	b := hexutil.MustDecode(sig)
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	copy(b[32:64], s.FillBytes(make([]byte, 32)))
	b[64] = 27 + 28 - b[64]
	return hexutil.Encode(b)
}

func lowV(sig string) string {
	b := hexutil.MustDecode(sig)
	b[64] -= 27
	return hexutil.Encode(b)
}

// Issue 11 case 9: high-s and v = 0/1 recover the signer but OpenZeppelin's ECDSA refuses them.
func TestVerifyRejectsMalleableAndNonStandardV(t *testing.T) {
	v := devKeyEnv(t)
	p := v.Permit[0]
	d, msg := p.TypedData.Domain, p.TypedData.Message
	args := []string{"verify", "permit", "--owner", v.Address, "--token", d.VerifyingContract, "--name", d.Name, "--version", d.Version,
		"--chain-id", strconv.FormatInt(d.ChainID, 10), "--spender", msg["spender"], "--value", msg["value"], "--nonce", msg["nonce"], "--deadline", msg["deadline"]}
	for _, c := range []struct{ sig, want string }{{malleable(p.Signature), "malleable"}, {lowV(p.Signature), "non-standard v"}} {
		_, e, code := purse(t, "", append(args, "--signature", c.sig)...)
		if code != exitRejected || !strings.Contains(e, c.want) || !strings.Contains(e, "permit() will not accept") {
			t.Errorf("permit %s: exit %d %s", c.want, code, e)
		}
	}
	out, e, code := purse(t, "", "--yes", "sign", "personal", "--key", "dev", "--message", "hi", "--json")
	if code != exitOK {
		t.Fatal(e)
	}
	sig := jsonOut(t, out)["signature"].(string)
	for _, c := range []struct{ sig, want string }{{malleable(sig), "malleable"}, {lowV(sig), "non-standard v"}} {
		out, e, code := purse(t, "", "verify", "personal", "--address", v.Address, "--message", "hi", "--signature", c.sig, "--json")
		if code != exitRejected || !strings.Contains(e, c.want) || jsonOut(t, out)["valid"] != false {
			t.Errorf("personal %s: exit %d %s %s", c.want, code, out, e)
		}
	}
}

// flipCase breaks the EIP-55 checksum of a checksummed address: the first letter changes case.
func flipCase(addr string) string {
	b := []byte(addr)
	for i := 2; i < len(b); i++ {
		switch c := b[i]; {
		case c >= 'a' && c <= 'f':
			b[i] = c - 'a' + 'A'
			return string(b)
		case c >= 'A' && c <= 'F':
			b[i] = c - 'A' + 'a'
			return string(b)
		}
	}
	return addr
}

// Issue 11 case 7: a mixed-case address with a wrong EIP-55 checksum is refused everywhere a
// user types one; all-lowercase is taken; stored addresses are checksummed.
func TestMixedCaseAddressesMustPassTheirChecksum(t *testing.T) {
	v := devKeyEnv(t)
	p := v.Permit[1] // the vector whose addresses have letters
	d, msg := p.TypedData.Domain, p.TypedData.Message
	permit := func(token, spender string) []string {
		return []string{"--token", token, "--name", d.Name, "--version", d.Version, "--chain-id", strconv.FormatInt(d.ChainID, 10),
			"--spender", spender, "--value", msg["value"], "--nonce", msg["nonce"], "--deadline", msg["deadline"]}
	}
	token, spender := common.HexToAddress(d.VerifyingContract).Hex(), common.HexToAddress(msg["spender"]).Hex()
	if flipCase(token) == token || flipCase(spender) == spender {
		t.Fatal("the vectors' addresses have no letters to flip")
	}
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--token", append([]string{"sign", "permit", "--key", "dev"}, permit(flipCase(token), spender)...)},
		{"--spender", append([]string{"sign", "permit", "--key", "dev"}, permit(token, flipCase(spender))...)},
		{"--owner", append([]string{"verify", "permit", "--owner", flipCase(v.Address), "--signature", p.Signature}, permit(token, spender)...)},
		{"--address", []string{"verify", "personal", "--address", flipCase(v.Address), "--message", "m", "--signature", p.Signature}},
		{"--card_spender", []string{"profile", "add", "typo", "--user-api", "http://127.0.0.1:1", "--network", "5003", "--card-spender", flipCase(spender)}},
	} {
		if _, e, code := purse(t, "", c.args...); code != exitUsage || !strings.Contains(e, "EIP-55") || !strings.Contains(e, c.flag[2:]) {
			t.Errorf("%s with a wrong checksum: exit %d %s", c.flag, code, e)
		}
	}
	// All lowercase carries no checksum: taken, and the signature is the same.
	out, e, code := purse(t, "", append([]string{"--yes", "sign", "permit", "--key", "dev", "--json"}, permit(strings.ToLower(token), strings.ToLower(spender))...)...)
	if code != exitOK || jsonOut(t, out)["signature"] != p.Signature {
		t.Fatalf("lowercase addresses: %d %s", code, e)
	}
	if _, e, code := purse(t, "", "profile", "add", "lower", "--user-api", "http://127.0.0.1:1", "--network", "5003", "--card-spender", strings.ToLower(spender)); code != exitOK {
		t.Fatalf("profile add: %d %s", code, e)
	}
	out, _, _ = purse(t, "", "profile", "show", "lower", "--json")
	if jsonOut(t, out)["cardSpender"] != spender {
		t.Fatalf("stored card spender is not checksummed: %s", out)
	}
}

// Issue 11 case 8: each is a clear error naming its flag, and nothing is signed.
func TestSignFullAuthRefusesQuestionMarkNetworkZeroAndHugeTokenID(t *testing.T) {
	devKeyEnv(t)
	base := []string{"sign", "full-auth", "--key", "dev", "--method", "GET"}
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--query", []string{"--token-id", "1", "--network", "5003", "--query", "?a=1"}},
		{"--network", []string{"--token-id", "1", "--network", "0", "--query", "a=1"}},
		{"--token-id", []string{"--token-id", "9223372036854775808", "--network", "5003", "--query", "a=1"}},
	} {
		if _, e, code := purse(t, "", append(base, c.args...)...); code != exitUsage || !strings.HasPrefix(e, "purse: "+c.flag+":") {
			t.Errorf("%s: exit %d %s", c.flag, code, e)
		}
	}
	if _, e, code := purse(t, "", "profile", "set", "network=0"); code != exitUsage || !strings.Contains(e, "network") {
		t.Errorf("profile set network=0: exit %d %s", code, e)
	}
	if n := auditCount(t); n != 0 {
		t.Fatalf("refused requests signed %d times", n)
	}
}

// hostileFormAEnv is apiEnv whose form-a-info answers text with terminal control codes (or
// invalid UTF-8), as a compromised or buggy service could.
func hostileFormAEnv(t *testing.T, text string) {
	t.Helper()
	devKeyEnv(t)
	srv, err := endusertest.New(endusertest.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/kyc/form-a-info") {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"retCode":0,"retMsg":"OK","result":{"kycSelfDec":"` + text + `"}}`))
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	for _, args := range [][]string{
		{"profile", "add", "t", "--user-api", hs.URL, "--network", srv.Network()},
		{"profile", "use", "t"},
		{"profile", "set", "evm_key=dev"},
		{"account", "mint", "--token-id", "1234567890", "--lot-number", "l", "--captcha-output", "sandbox-pass", "--pass-token", "p", "--gen-time", "1"},
	} {
		if _, e, c := purse(t, "", args...); c != exitOK {
			t.Fatalf("%v: %s", args, e)
		}
	}
}

// Issue 11 case 6: Form A text with control codes is shown visibly and never signed; invalid
// UTF-8 is kept as received (never replaced), shown as bytes and never signed.
func TestFormAWithControlCodesOrInvalidUTF8(t *testing.T) {
	for _, c := range []struct{ name, wire, shown, refused string }{
		{"control codes", `I agree.\u001b[2J\u001b[8mhidden clause\u001b[0m`, "␛[2J␛[8mhidden clause␛[0m", "control character U+001B"},
		{"invalid UTF-8", "I agree \xff\xfe.", "I agree ⟨0xFF⟩⟨0xFE⟩.", "invalid UTF-8 byte 0xFF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hostileFormAEnv(t, c.wire)
			out, e, code := purse(t, "", "kyc", "form-a")
			if code != exitOK || strings.ContainsAny(out, "\x1b\ufffd") || !strings.Contains(out, c.shown) || !strings.Contains(out, "note:") {
				t.Fatalf("show: exit %d %q %s", code, out, e)
			}
			for _, flag := range []string{"--sign", "--submit"} {
				if _, e, code := purse(t, "", "kyc", "form-a", flag); code != exitUsage || !strings.Contains(e, c.refused) {
					t.Errorf("%s: exit %d %s", flag, code, e)
				}
			}
			// The offline signer refuses the same bytes.
			raw := "I agree.\x1b[2J"
			if c.name == "invalid UTF-8" {
				raw = "I agree \xff\xfe."
			}
			if _, e, code := purse(t, "", "sign", "form-a", "--key", "dev", "--text-file", writeTemp(t, "fa", raw)); code != exitUsage || !strings.Contains(e, "--text-file") {
				t.Errorf("sign form-a: exit %d %s", code, e)
			}
			if n := auditPurposes(t)[string(wallet.PurposeFormA)]; n != 0 {
				t.Fatalf("refused Form A was signed %d times", n)
			}
		})
	}
}

// auditPurposes counts the audit records by purpose.
func auditPurposes(t *testing.T) map[string]int {
	t.Helper()
	out, e, c := purse(t, "", "audit", "list", "--json")
	if c != exitOK {
		t.Fatalf("audit list: %s", e)
	}
	var recs []struct {
		Purpose string `json:"purpose"`
	}
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, r := range recs {
		n[r.Purpose]++
	}
	return n
}

// Issue 11 case 14: a 1 GiB file as a message, Form A text or body ends with an error naming
// the flag and the limit, not with the memory exhausted (/dev/zero, a device, is refused as
// one: issue 22).
func TestInputFilesAreCapped(t *testing.T) {
	devKeyEnv(t)
	huge := filepath.Join(t.TempDir(), "huge")
	if f, err := os.Create(huge); err != nil || f.Truncate(1<<30) != nil || f.Close() != nil {
		t.Fatalf("sparse file: %v", err)
	}
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--message-file", []string{"sign", "personal", "--key", "dev", "--message-file", huge}},
		{"--message-file", []string{"verify", "personal", "--address", testDevAddress, "--signature", "0x00", "--message-file", huge}},
		{"--text-file", []string{"sign", "form-a", "--key", "dev", "--text-file", huge}},
		{"--body-file", []string{"sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "POST", "--body-file", huge}},
		{"--body-file", []string{"verify", "full-auth", "--address", testDevAddress, "--hash", "0x00", "--deadline", "1", "--sign", "0x00", "--body-file", huge}},
	} {
		if _, e, code := purse(t, "", c.args...); code != exitUsage || !strings.HasPrefix(e, "purse: "+c.flag+":") || !strings.Contains(e, "limit of") {
			t.Errorf("%v: exit %d %s", c.args[:2], code, e)
		}
	}
	if _, e, code := purse(t, strings.Repeat("x", 64<<10+1), "sign", "form-a", "--key", "dev", "--text-file", "-"); code != exitUsage || !strings.Contains(e, "64 KiB") {
		t.Errorf("Form A from stdin: exit %d %s", code, e)
	}
}

// Issue 11 case 19 (e-mail only): an e-mail with CR/LF is refused, never printed raw.
func TestEmailWithCRLFIsRefused(t *testing.T) {
	v := devKeyEnv(t)
	mc := v.MintConsent[0]
	for _, email := range []string{"me@example.com\r\nX-Injected: 1", "me@example.com\n"} {
		out, e, code := purse(t, "", "sign", "mint-consent", "--key", "dev", "--hash", mc.Hash, "--email", email, "--deadline", mc.Deadline, "--allow-any-deadline")
		if code != exitUsage || !strings.HasPrefix(e, "purse: --email:") || strings.ContainsAny(out+e, "\r") || strings.Count(e, "\n") != strings.Count(e, "purse:") {
			t.Errorf("%q: exit %d %q %q", email, code, out, e)
		}
	}
	if n := auditPurposes(t)[string(wallet.PurposeMintConsent)]; n != 0 {
		t.Fatalf("signed %d mint consents with a bad e-mail", n)
	}
}

// Issue 11 case 18: --trace prints the request headers (the full sign value, as --curl), and
// the sandbox's control calls of `profile add --sandbox` and `sandbox ctl onboard` too.
func TestTraceCoversHeadersAndSandboxControl(t *testing.T) {
	devKeyEnv(t)
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	_, e, c := purse(t, "", "--trace", "profile", "add", "sb", "--sandbox", sb.Info().UserAPI)
	if c != exitOK || !strings.Contains(e, "sandbox info GET /sandbox/info -> HTTP 200") {
		t.Fatalf("profile add --sandbox --trace: %d %q", c, e)
	}
	_, e, c = purse(t, "", "--yes", "--trace", "--profile", "sb", "sandbox", "ctl", "onboard", "--key", "dev")
	if c != exitOK {
		t.Fatalf("onboard: %s", e)
	}
	for _, want := range []string{"sandbox mint-token-id POST /sandbox/mint-token-id -> HTTP 200 retCode=0", "mint POST /api/v1/mint -> HTTP 200",
		"\n  > tokenId: ", "\n  > Content-Type: application/json"} {
		if !strings.Contains(e, want) {
			t.Errorf("onboard --trace lacks %q:\n%s", want, e)
		}
	}
	var sign string
	for _, line := range strings.Split(e, "\n") {
		if v, ok := strings.CutPrefix(line, "  > sign: "); ok {
			sign = v
		}
	}
	if len(sign) != 132 {
		t.Errorf("--trace prints no full sign header (%q):\n%s", sign, e)
	}
	// --curl shows the control calls as well.
	_, e, c = purse(t, "", "--curl", "--profile", "sb", "sandbox", "ctl", "clock-skew", "--seconds", "0")
	if c != exitOK || !strings.Contains(e, "curl -sS -X 'POST' '"+sb.Info().UserAPI+"/sandbox/") {
		t.Errorf("clock-skew --curl: %d %s", c, e)
	}
}

// Issue 11 case 18: the history filter's error names --currency, never currencys[1].
func TestCurrencyErrorNamesTheFlag(t *testing.T) {
	apiEnv(t)
	_, e, c := purse(t, "", "tx", "list", "--currency", "eur,x")
	if c != exitUsage || !strings.HasPrefix(e, "purse: --currency: value 2 of the list") || strings.Contains(e, "currencys") {
		t.Fatalf("exit %d %s", c, e)
	}
}

// Issue 11 case 18: a quote without a partner key or a cluster says how to set each, in the
// CLI's syntax (KEY=VALUE), and nothing about an unrelated setting.
func TestQuoteHintsUseTheCLISyntax(t *testing.T) {
	cliSandbox(t)
	if _, e, c := purse(t, "", "profile", "set", "partner_key="); c != exitOK {
		t.Fatal(e)
	}
	_, e, c := purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR")
	if c != exitUsage || !strings.Contains(e, "`purse profile set partner_key=LABEL`") {
		t.Errorf("no partner key: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "profile", "set", "partner_key=partner", "solana_cluster="); c != exitOK {
		t.Fatal(e)
	}
	_, e, c = purse(t, "", "altchain", "quote", "--amount", "10", "--output", "EUR")
	if c != exitUsage || !strings.Contains(e, "`purse profile set solana_cluster=devnet`") || strings.Contains(e, "token_id") {
		t.Errorf("no cluster: %d %s", c, e)
	}
}
