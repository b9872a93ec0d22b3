package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/app"
)

// `purse agent policy explain` says which line decides a request and why, by the gate's own
// steps: the purpose's line, a payload's route, and an amount limit that applies to a permit
// whose token cannot be identified (here: the profile's service does not answer), which is
// then confirmed, never allowed. --json carries the same; a request that is not one is an
// error naming what is wrong.
func TestAgentPolicyExplain(t *testing.T) {
	home := keyEnv(t)
	if _, errOut, code := purse(t, "", "key", "new", "--label", "me", "--kind", "evm"); code != exitOK {
		t.Fatal(errOut)
	}
	policy := "[purposes]\npersonal = \"deny\"\npermit = \"allow\"\n[routes]\ncard-status = \"confirm\"\n[limits.permit]\nEUR24 = \"100\"\n"
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := purse(t, `{"purpose":"personal","message":"aGk="}`, "agent", "policy", "explain", "--key", "me")
	if code != exitOK || !strings.Contains(out, "deny") || !strings.Contains(out, `purposes.personal = "deny"`) || !strings.Contains(out, "line 2") {
		t.Fatalf("personal: exit %d\n%s%s", code, out, errOut)
	}
	card := `{"purpose":"full-auth","method":"POST","route":"transactions","payload":"` + b64(`{"cardTokenId":"9","status":0}`) + `","deadline":"` + deadlineIn() + `"}`
	out, errOut, code = purse(t, card, "agent", "policy", "explain", "--key", "me", "--json")
	var ex app.Explanation
	if err := json.Unmarshal([]byte(out), &ex); code != exitOK || err != nil || ex.Outcome != agent.Confirm ||
		!strings.Contains(ex.Line, `routes.card-status = "confirm"`) || !strings.Contains(ex.Line, `named the call "transactions"`) {
		t.Fatalf("card status named transactions: exit %d %+v %s", code, ex, errOut)
	}
	permit := `{"purpose":"permit","permit":{"domain":{"name":"Fiat24 EUR","version":"1","chainId":31337,"verifyingContract":"0x00000000000000000000000000000000000000e2"},` +
		`"owner":"0x00000000000000000000000000000000000000a1","spender":"0x00000000000000000000000000000000000000b2","value":1,"nonce":0,"deadline":` + deadlineIn() + `}}`
	out, errOut, code = purse(t, permit, "agent", "policy", "explain", "--key", "me", "--json")
	ex = app.Explanation{}
	if err := json.Unmarshal([]byte(out), &ex); code != exitOK || err != nil || ex.Outcome != agent.Confirm || ex.Unidentified == "" ||
		!strings.Contains(ex.Line, `limits.permit.EUR24 = "100"`) || !strings.Contains(ex.Line, "confirmed, never allowed") {
		t.Fatalf("a permit of an unidentified token: exit %d %+v %s", code, ex, errOut)
	}
	if _, errOut, code := purse(t, `{"purpose":"personal","mesage":"aGk="}`, "agent", "policy", "explain"); code != exitUsage || !strings.Contains(errOut, `"mesage"`) {
		t.Fatalf("an unknown field: exit %d %s", code, errOut)
	}
	// Read as the agent reads its socket: a key given twice (here the purpose: last-wins would
	// explain a permit while a first-wins reader signs a personal message) is refused, and a
	// payload that is not base64 is named as such.
	if _, errOut, code := purse(t, `{"purpose":"personal","purpose":"permit"}`, "agent", "policy", "explain"); code != exitUsage || !strings.Contains(errOut, `"purpose" twice`) {
		t.Fatalf("a key given twice: exit %d %s", code, errOut)
	}
	if _, errOut, code := purse(t, `{"purpose":"full-auth","payload":"{}"}`, "agent", "policy", "explain"); code != exitUsage || !strings.Contains(errOut, "not base64") {
		t.Fatalf("a payload not in base64: exit %d %s", code, errOut)
	}
	if out, _, code := purse(t, "", "agent", "policy", "--help"); code != exitOK || !strings.Contains(out, "[limits.permit]") || !strings.Contains(out, "SIGHUP") {
		t.Fatalf("the policy's help does not document limits:\n%s", out)
	}
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func deadlineIn() string { return strconv.FormatInt(time.Now().Add(5*time.Minute).Unix(), 10) }
