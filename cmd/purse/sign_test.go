package main

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// signVectors is the part of wallet/testdata/vectors/evm-signing.json the CLI is checked against.
type signVectors struct {
	Address  string `json:"address"`
	FullAuth []struct {
		Payload  string `json:"payload"`
		Deadline int64  `json:"deadline"`
		Hash     string `json:"hash"`
		Message  string `json:"message"`
		Sign     string `json:"sign"`
	} `json:"fullAuth"`
	MintConsent []struct {
		Hash      string `json:"hash"`
		Deadline  string `json:"deadline"`
		Signature string `json:"signature"`
	} `json:"mintConsent"`
	Permit []struct {
		TypedData struct {
			Domain struct {
				Name              string `json:"name"`
				Version           string `json:"version"`
				ChainID           int64  `json:"chainId"`
				VerifyingContract string `json:"verifyingContract"`
			} `json:"domain"`
			Message map[string]string `json:"message"`
		} `json:"typedData"`
		Signature string `json:"signature"`
		R, S      string
		V         uint8
	} `json:"permit"`
	FormA []struct {
		Text      string `json:"text"`
		TextHash  string `json:"textHash"`
		Signature string `json:"signature"`
	} `json:"formA"`
}

// devKeyEnv imports the vectors' development key as "dev" into an isolated PURSE_HOME.
func devKeyEnv(t *testing.T) signVectors {
	t.Helper()
	keyEnv(t)
	b, err := os.ReadFile("../../wallet/testdata/vectors/evm-signing.json")
	if err != nil {
		t.Fatalf("signing vectors (wallet/testdata/vectors): %v", err)
	}
	var v signVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if _, e, c := purse(t, "", "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", writeTemp(t, "k", testDevKey+"\n")); c != exitOK {
		t.Fatalf("import: %s", e)
	}
	return v
}

func jsonOut(t *testing.T, out string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("not JSON: %q", out)
	}
	return m
}

func TestSignFullAuthMatchesVectors(t *testing.T) {
	v := devKeyEnv(t)
	for i, c := range v.FullAuth {
		args := []string{"--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--deadline", strconv.FormatInt(c.Deadline, 10), "--allow-any-deadline", "--json"}
		if strings.HasPrefix(c.Payload, "{") {
			args = append(args, "--method", "POST", "--body-file", writeTemp(t, "body", c.Payload))
		} else {
			args = append(args, "--method", "GET", "--query", c.Payload)
		}
		out, errOut, code := purse(t, "", args...)
		if code != exitOK {
			t.Fatalf("vector %d: exit %d: %s", i, code, errOut)
		}
		m := jsonOut(t, out)
		if m["hash"] != c.Hash || m["sign"] != c.Sign || m["message"] != c.Message || m["deadline"] != strconv.FormatInt(c.Deadline, 10) || m["tokenId"] != "1234567890" {
			t.Errorf("vector %d: %v", i, m)
		}
		// The vectors' deadlines lie in the past or far ahead of now: a warning, not an error.
		if !strings.Contains(errOut, "warning: deadline") {
			t.Errorf("vector %d: no deadline warning: %q", i, errOut)
		}
		// The signature verifies, and fails for another address with exit 3.
		if _, e, c2 := purse(t, "", "verify", "full-auth", "--address", v.Address, "--hash", c.Hash, "--deadline", strconv.FormatInt(c.Deadline, 10), "--sign", c.Sign); c2 != exitOK {
			t.Errorf("vector %d: verify: %d %s", i, c2, e)
		}
		if _, _, c2 := purse(t, "", "verify", "full-auth", "--address", "0x2222222222222222222222222222222222222222", "--hash", c.Hash, "--deadline", strconv.FormatInt(c.Deadline, 10), "--sign", c.Sign); c2 != exitRejected {
			t.Errorf("vector %d: verify against another address: exit %d", i, c2)
		}
	}
}

func TestSignFullAuthCurlAndTTL(t *testing.T) {
	devKeyEnv(t)
	body := writeTemp(t, "body", `{"pageSize":10,"note":"it's"}`)
	out, errOut, code := purse(t, "", "--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "POST", "--body-file", body, "--ttl", "5m", "--curl", "http://127.0.0.1:8787/api/v2/transactions", "--json")
	if code != exitOK || strings.Contains(errOut, "warning") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m := jsonOut(t, out)
	curl, _ := m["curl"].(string)
	for _, want := range []string{"curl -sS -X 'POST' 'http://127.0.0.1:8787/api/v2/transactions'", "'sign: " + m["sign"].(string) + "'", `--data-binary '{"pageSize":10,"note":"it'\''s"}'`, "'Content-Type: application/json'"} {
		if !strings.Contains(curl, want) {
			t.Errorf("curl lacks %q:\n%s", want, curl)
		}
	}
	if _, e, c := purse(t, "", "--yes", "sign", "full-auth", "--key", "dev", "--token-id", "1", "--network", "5003", "--method", "GET", "--query", "a=1", "--ttl", "21m"); c != exitUsage || !strings.Contains(e, "--ttl") {
		t.Errorf("--ttl 21m: exit %d %s", c, e)
	}
	for _, bad := range [][]string{
		{"--token-id", "12a", "--network", "5003", "--method", "GET"},
		{"--token-id", "1", "--network", "main", "--method", "GET"},
		{"--token-id", "1", "--network", "5003", "--method", "PUT"},
		{"--token-id", "1", "--network", "5003", "--method", "GET", "--body-file", body},
		{"--token-id", "1", "--network", "5003", "--method", "GET", "--deadline", "5", "--ttl", "1m"},
	} {
		if _, _, c := purse(t, "", append([]string{"--yes", "sign", "full-auth", "--key", "dev"}, bad...)...); c != exitUsage {
			t.Errorf("%v: exit %d", bad, c)
		}
	}
	if _, e, c := purse(t, "", "--yes", "sign", "full-auth", "--key", "ghost", "--token-id", "1", "--network", "5003", "--method", "GET"); c != exitFailure || !strings.Contains(e, "ghost") {
		t.Errorf("unknown key: %d %s", c, e)
	}
}

func TestSignMintConsentPermitFormAPersonal(t *testing.T) {
	v := devKeyEnv(t)
	mc := v.MintConsent[0]
	out, e, code := purse(t, "", "--yes", "sign", "mint-consent", "--key", "dev", "--hash", mc.Hash, "--email", "me@example.com", "--deadline", mc.Deadline, "--allow-any-deadline", "--json")
	if code != exitOK {
		t.Fatal(e)
	}
	m := jsonOut(t, out)
	if m["signature"] != mc.Signature || m["evmAddress"] != v.Address || m["email"] != "me@example.com" || m["deadline"] != mc.Deadline || m["hash"] != mc.Hash {
		t.Errorf("mint consent %v", m)
	}

	for i, p := range v.Permit {
		d, msg := p.TypedData.Domain, p.TypedData.Message
		args := []string{"--token", d.VerifyingContract, "--name", d.Name, "--version", d.Version, "--chain-id", strconv.FormatInt(d.ChainID, 10),
			"--spender", msg["spender"], "--value", msg["value"], "--nonce", msg["nonce"], "--deadline", msg["deadline"]}
		out, e, code := purse(t, "", append([]string{"--yes", "sign", "permit", "--key", "dev", "--json"}, args...)...)
		if code != exitOK {
			t.Fatalf("permit %d: %s", i, e)
		}
		m := jsonOut(t, out)
		if m["signature"] != p.Signature || m["r"] != p.R || m["s"] != p.S || m["v"] != float64(p.V) {
			t.Errorf("permit %d: %v", i, m)
		}
		if _, e, c := purse(t, "", append([]string{"verify", "permit", "--owner", v.Address, "--signature", p.Signature}, args...)...); c != exitOK {
			t.Errorf("verify permit %d: %d %s", i, c, e)
		}
		wrongName := append([]string(nil), args...)
		wrongName[3] = d.Name + "x"
		if _, _, c := purse(t, "", append([]string{"verify", "permit", "--owner", v.Address, "--signature", p.Signature}, wrongName...)...); c != exitRejected {
			t.Errorf("verify permit %d with a wrong name: exit %d", i, c)
		}
		// An empty name is EIP-712's to allow: signed with a warning, and it verifies only as
		// empty (the signature cast makes of such a permit: wallet's TestPermitWithAnEmptyName).
		empty := append([]string(nil), args...)
		empty[3] = ""
		out, e, code = purse(t, "", append([]string{"--yes", "sign", "permit", "--key", "dev", "--json"}, empty...)...)
		if code != exitOK || !strings.Contains(e, "--name empty") {
			t.Fatalf("permit %d with an empty name: exit %d: %s", i, code, e)
		}
		sig, _ := jsonOut(t, out)["signature"].(string)
		if _, e, c := purse(t, "", append([]string{"verify", "permit", "--owner", v.Address, "--signature", sig}, empty...)...); c != exitOK {
			t.Errorf("verify permit %d with an empty name: exit %d %s", i, c, e)
		}
		if _, _, c := purse(t, "", append([]string{"verify", "permit", "--owner", v.Address, "--signature", sig}, args...)...); c != exitRejected {
			t.Errorf("permit %d signed with an empty name verifies under %q: exit %d", i, d.Name, c)
		}
	}
	if _, e, c := purse(t, "", "--yes", "sign", "permit", "--key", "dev", "--token", "0x12", "--name", "X", "--chain-id", "1", "--spender", "0x2222222222222222222222222222222222222222", "--value", "1", "--nonce", "0", "--deadline", "1"); c != exitUsage || !strings.Contains(e, "--token") {
		t.Errorf("bad token: %d %s", c, e)
	}
	if _, e, c := purse(t, "", "--yes", "sign", "permit", "--key", "dev", "--token", "0x1111111111111111111111111111111111111111", "--name", "X", "--chain-id", "1", "--spender", "0x2222222222222222222222222222222222222222", "--value", "1.5", "--nonce", "0", "--deadline", "1"); c != exitUsage || !strings.Contains(e, "--value") {
		t.Errorf("fractional value: %d %s", c, e)
	}

	fa := v.FormA[0]
	out, e, code = purse(t, "", "--yes", "sign", "form-a", "--key", "dev", "--text-file", writeTemp(t, "forma", fa.Text), "--json")
	if code != exitOK {
		t.Fatal(e)
	}
	if m := jsonOut(t, out); m["textHash"] != fa.TextHash || m["signature"] != fa.Signature {
		t.Errorf("form A %v", m)
	}
	// Form A from stdin gives the same; a non-UTF-8 file is refused.
	out, _, _ = purse(t, fa.Text, "--yes", "sign", "form-a", "--key", "dev", "--text-file", "-", "--json")
	if m := jsonOut(t, out); m["signature"] != fa.Signature {
		t.Errorf("form A from stdin %v", m)
	}
	if _, e, c := purse(t, "", "--yes", "sign", "form-a", "--key", "dev", "--text-file", writeTemp(t, "bad", "bad \xff")); c != exitUsage || !strings.Contains(e, "UTF-8") {
		t.Errorf("non-UTF-8 Form A: %d %s", c, e)
	}

	out, e, code = purse(t, "", "--yes", "sign", "personal", "--key", "dev", "--message", "hello purse", "--json")
	if code != exitOK {
		t.Fatal(e)
	}
	sig := jsonOut(t, out)["signature"].(string)
	if _, e, c := purse(t, "", "verify", "personal", "--address", v.Address, "--message", "hello purse", "--signature", sig); c != exitOK {
		t.Errorf("verify personal: %d %s", c, e)
	}
	if _, _, c := purse(t, "", "verify", "personal", "--address", v.Address, "--message", "hello purse!", "--signature", sig); c != exitRejected {
		t.Errorf("verify a changed message: exit %d", c)
	}
	if _, _, c := purse(t, "", "verify", "personal", "--address", v.Address, "--message", "x", "--signature", "0x12"); c != exitUsage {
		t.Errorf("malformed signature: exit %d", c)
	}

	// Every signature went through the audit log, and the chain holds: one mint consent,
	// two permits, two Form A, one personal.
	out, e, code = purse(t, "", "audit", "list", "--json")
	if code != exitOK {
		t.Fatalf("audit list: %s", e)
	}
	var recs []struct {
		Purpose string `json:"purpose"`
		Address string `json:"address"`
		Label   string `json:"label"`
	}
	if err := json.Unmarshal([]byte(out), &recs); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, r := range recs {
		if r.Label != "dev" || r.Address != v.Address {
			t.Errorf("audit record %+v", r)
		}
		count[r.Purpose]++
	}
	if count["mint-consent"] != 1 || count["permit"] != 4 || count["form-a"] != 2 || count["personal"] != 1 || len(recs) != 8 { // two permits, each also with an empty name
		t.Errorf("audit purposes %v", count)
	}
	if _, e, c := purse(t, "", "audit", "verify"); c != exitOK {
		t.Fatalf("audit verify: %s", e)
	}
}
