package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 22 §4, issue 29 §4: a record changed inside the chain makes the next signature refuse
// (exit 3, naming audit verify and audit repair) with no verification run first, in the
// process and in the agent, until `purse audit repair` sets the log aside.
func TestAuditBreakStopsSigningUntilRepaired(t *testing.T) {
	home, log := auditEnv(t, 3)
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	lines[1] = strings.Replace(lines[1], `"purpose":"personal"`, `"purpose":"permit"`, 1) // another writer's edit
	if err := os.WriteFile(log, []byte(strings.Join(lines, "")), 0o600); err != nil {
		t.Fatal(err)
	}
	sign := []string{"--yes", "sign", "personal", "--key", "dev", "--message", "hi"}
	refused := func(where string, sign []string) {
		t.Helper()
		_, e, code := purse(t, "", sign...)
		if code != exitRejected || !strings.Contains(e, "purse audit verify") || !strings.Contains(e, "purse audit repair") || !strings.Contains(e, "line 2") {
			t.Fatalf("%s: a signature after the break: exit %d %s", where, code, e)
		}
	}
	refused("in the process, before any verification", sign)
	if _, e, code := purse(t, "", "audit", "verify"); code != exitRejected || !strings.Contains(e, "line 2") {
		t.Fatalf("verify: exit %d %s", code, e)
	}
	if err := os.Remove(filepath.Join(home, "audit.broken.json")); err != nil {
		t.Fatal(err)
	}
	refused("in the process, the verification's note deleted", sign)
	startAgent(t, home)
	if _, e, code := purse(t, "", "agent", "unlock", "dev"); code != exitOK {
		t.Fatalf("unlock: %s", e)
	}
	// The agent's default policy signs a full-auth read without asking.
	refused("through the agent", []string{"sign", "full-auth", "--key", "dev", "--token-id", "1234567890", "--network", "5003", "--method", "GET"})
	if _, e, code := purse(t, "", "agent", "stop"); code != exitOK {
		t.Fatal(e)
	}
	n := len(auditRecordsAfterRepair(t))
	if n != 0 {
		t.Fatalf("the new log has %d records", n)
	}
	if _, e, code := purse(t, "", sign...); code != exitOK {
		t.Fatalf("after the repair: exit %d %s", code, e)
	}
	if out, e, code := purse(t, "", "audit", "verify", "--json"); code != exitOK || jsonOut(t, out)["records"] != float64(1) {
		t.Fatalf("verify after the repair: exit %d %s %s", code, out, e)
	}
}

// auditRecordsAfterRepair runs `audit repair --yes` and returns the records of the new log.
func auditRecordsAfterRepair(t *testing.T) []map[string]any {
	t.Helper()
	out, e, code := purse(t, "", "audit", "repair", "--yes", "--json")
	if code != exitOK || jsonOut(t, out)["setAside"] == nil {
		t.Fatalf("repair: exit %d %s %s", code, out, e)
	}
	return auditRecords(t)
}
