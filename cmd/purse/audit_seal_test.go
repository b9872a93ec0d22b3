package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// purse audit seal shows the verification key once; signatures after it, in the process and
// through the agent, are sealed, and `purse audit verify --key-file -` checks them with it
// and finds a log deleted with its head, which a verification without the key cannot.
func TestAuditSealAndVerifyWithTheKey(t *testing.T) {
	home, log := auditEnv(t, 2)
	out, e, code := purse(t, "", "audit", "seal", "--json")
	if code != exitOK {
		t.Fatalf("seal: exit %d %s", code, e)
	}
	res := jsonOut(t, out)
	key, _ := res["verificationKey"].(string)
	if len(key) != 64 || res["record"] != float64(3) || res["inKeyring"] != false {
		t.Fatal("seal: no verification key, or not the record expected")
	}
	if _, e, code := purse(t, "", "audit", "seal"); code == exitOK || !strings.Contains(e, "sealed already") {
		t.Fatalf("sealed twice: exit %d %s", code, e)
	}
	if err := signDev(t, 1); err != nil {
		t.Fatal(err)
	}
	startAgent(t, home)
	if _, e, code := purse(t, "", "agent", "unlock", "dev"); code != exitOK {
		t.Fatalf("unlock: %s", e)
	}
	if _, e, code := purse(t, "", "sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "GET"); code != exitOK {
		t.Fatalf("through the agent: exit %d %s", code, e)
	}
	if _, e, code := purse(t, "", "agent", "stop"); code != exitOK {
		t.Fatal(e)
	}
	out, e, code = purse(t, key+"\n", "audit", "verify", "--key-file", "-", "--json")
	res = jsonOut(t, out)
	seal, _ := res["seal"].(map[string]any)
	if code != exitOK || res["records"] != float64(5) || seal["checked"] != true || seal["to"] != float64(5) || seal["from"] != float64(3) || seal["keyFrom"] != "given" {
		t.Fatalf("verify with the key: exit %d %s %s", code, out, e)
	}
	out, _, code = purse(t, "", "audit", "verify")
	if code != exitOK || !strings.Contains(out, "the seals themselves NOT") {
		t.Fatalf("verify without the key: exit %d %s", code, out)
	}
	for _, f := range []string{log, filepath.Join(home, "audit.head.json")} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	if _, e, code := purse(t, "", "audit", "verify"); code != exitOK {
		t.Fatalf("without the key, a deleted log is an empty one: exit %d %s", code, e)
	}
	if _, e, code := purse(t, key+"\n", "audit", "verify", "--key-file", "-"); code != exitRejected || !strings.Contains(e, "deleted or replaced together with its head") {
		t.Fatalf("with the key, a deleted log: exit %d %s", code, e)
	}
	if _, e, code := purse(t, "not a key\n", "audit", "verify", "--key-file", "-"); code != exitUsage || !strings.Contains(e, "--key-file") || strings.Contains(e, "not a key") {
		t.Fatalf("a bad key file: exit %d %s", code, e)
	}
	// A sealed log whose record was changed is set aside, and the new one sealed anew.
	if _, e, code := purse(t, "", "audit", "seal", "--replace"); code != exitOK {
		t.Fatalf("seal the new log: exit %d %s", code, e)
	}
	if err := signDev(t, 2); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(log, []byte(strings.Replace(string(b), `"purpose":"personal"`, `"purpose":"permit"`, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	out, e, code = purse(t, "", "audit", "repair", "--yes")
	if code != exitOK || !strings.Contains(out, "the new one is not: purse audit seal --replace seals it") {
		t.Fatalf("repair of a sealed log: exit %d %s %s", code, out, e)
	}
}
