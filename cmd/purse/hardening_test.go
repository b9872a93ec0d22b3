package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// signDev signs n digests with key dev the way the commands do; it returns the first error.
func signDev(t *testing.T, n int) error {
	t.Helper()
	a := &cli{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	core, err := a.app()
	if err != nil {
		t.Fatal(err)
	}
	signer, err := core.SignerOf("dev", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := signer.SignDigest("personal", [32]byte{byte(i)}); err != nil {
			return err
		}
	}
	return nil
}

func auditEnv(t *testing.T, signatures int) (home, log string) {
	t.Helper()
	home = keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	if err := signDev(t, signatures); err != nil {
		t.Fatal(err)
	}
	return home, filepath.Join(home, "audit.jsonl")
}

// Cutting lines off the end of the log, or deleting it, is a broken chain (issue 11 case 4).
func TestAuditVerifyReportsTruncationAndDeletion(t *testing.T) {
	_, log := auditEnv(t, 3)
	b, _ := os.ReadFile(log)
	if err := os.WriteFile(log, []byte(strings.SplitAfter(string(b), "\n")[0]), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := purse(t, "", "audit", "verify", "--json")
	if code != exitRejected || !strings.Contains(errOut, "chain broken at line 2: truncated") || !strings.Contains(errOut, "records 2 to 3 are missing") || !strings.Contains(out, `"exitCode":3`) {
		t.Fatalf("truncated: %d %s %s", code, out, errOut)
	}
	if err := os.Remove(log); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = purse(t, "", "audit", "verify")
	if code != exitRejected || !strings.Contains(errOut, "the log is empty or missing, but its head (audit.head.json) says 3 records") {
		t.Fatalf("deleted: %d %s", code, errOut)
	}
	if err := signDev(t, 1); err == nil || !strings.Contains(err.Error(), "nothing was signed") {
		t.Fatalf("signed over a deleted log: %v", err)
	}
}

// An incomplete last line blocks signing with an error naming the repair; `purse audit
// repair` shows the line, asks, keeps a copy and cuts it, and signing works again.
func TestAuditRepair(t *testing.T) {
	_, log := auditEnv(t, 2)
	good, _ := os.ReadFile(log)
	cut := `{"seq":3,"time":"2026-11-25T10:00:00Z","label":"dev","addr`
	broken := append(append([]byte{}, good...), cut...)
	if err := os.WriteFile(log, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := signDev(t, 1); err == nil || !strings.Contains(err.Error(), "`purse audit repair` removes it") || !strings.Contains(err.Error(), "nothing was signed") {
		t.Fatalf("sign with an incomplete line: %v", err)
	}

	_, errOut, code := purse(t, "", "audit", "repair")
	if code != exitUsage || !strings.Contains(errOut, "pass --yes") || !strings.Contains(errOut, `"`+strings.ReplaceAll(cut, `"`, `\"`)+`"`) {
		t.Fatalf("no terminal: %d %s", code, errOut)
	}
	no := "n\n"
	setTerminal(t, &no)
	if _, errOut, code := purse(t, "", "audit", "repair"); code == exitOK || !strings.Contains(errOut, "declined; nothing was changed") {
		t.Fatalf("declined: %d %s", code, errOut)
	}
	if b, _ := os.ReadFile(log); !bytes.Equal(b, broken) {
		t.Fatal("a declined repair changed the log")
	}
	yes := "y\n"
	tty := setTerminal(t, &yes)
	out, errOut, code := purse(t, "", "audit", "repair")
	if code != exitOK || !strings.Contains(out, "removed the incomplete last line") || !strings.Contains(out, "2 records, chain intact") ||
		!strings.Contains(errOut, "incomplete line of 58 bytes") || !strings.Contains(tty.out.String(), "Remove this line?") {
		t.Fatalf("repair: %d %s %s %s", code, out, errOut, tty.out.String())
	}
	copies, _ := filepath.Glob(log + ".broken-*")
	if len(copies) != 1 {
		t.Fatalf("copies %v", copies)
	}
	if b, _ := os.ReadFile(copies[0]); !bytes.Equal(b, broken) {
		t.Fatal("the copy is not the old log")
	}
	if err := signDev(t, 1); err != nil {
		t.Fatalf("sign after the repair: %v", err)
	}
	setTerminal(t, nil)
	out, _, code = purse(t, "", "audit", "repair", "--yes", "--json")
	if code != exitOK || !strings.Contains(out, `"repaired": false`) {
		t.Fatalf("nothing to repair: %d %s", code, out)
	}
	out, _, code = purse(t, "", "audit", "verify", "--json")
	if code != exitOK || !strings.Contains(out, `"records": 3`) {
		t.Fatalf("verify: %d %s", code, out)
	}
}
