package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"purse/internal/visible/visibletest"
	"purse/keystore"
)

// Issue 29 §4: `audit list` says what each signature was, in words, escaped where a person
// reads it (a personal message's first characters are the signer's text, and may be hostile);
// --json carries the record as it is.
func TestAuditListSaysWhatWasSigned(t *testing.T) {
	keyEnv(t)
	if _, _, code := purse(t, testDevKey, "key", "import", "--label", "dev", "--kind", "evm", "--private-key-file", "-"); code != exitOK {
		t.Fatal("setup")
	}
	msg := "pay " + visibletest.Text
	if _, e, code := purse(t, "", "--yes", "sign", "personal", "--key", "dev", "--message", msg); code != exitOK {
		t.Fatalf("sign: exit %d %s", code, e)
	}
	out, e, code := purse(t, "", "audit", "list")
	if code != exitOK || !strings.Contains(out, "SIGNED") || !strings.Contains(out, "personal message (") || !strings.Contains(out, ": pay ") {
		t.Fatalf("audit list: exit %d %s\n%s", code, e, out)
	}
	visibletest.Verify(t, "audit list", out)
	// A person reads the time to the second, in UTC; --json keeps the record's nanoseconds.
	if !regexp.MustCompile(`\n1 +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC +dev `).MatchString(out) {
		t.Errorf("audit list's time is not to the second in UTC:\n%s", out)
	}
	out, _, code = purse(t, "", "audit", "list", "--json")
	var recs []keystore.AuditRecord
	if code != exitOK || json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 1 || !strings.HasPrefix(recs[0].Summary, "personal message (") {
		t.Fatalf("audit list --json: exit %d\n%s", code, out)
	}
	if _, err := time.Parse(time.RFC3339Nano, recs[0].Time); err != nil {
		t.Errorf("--json time %q: %v", recs[0].Time, err)
	}
	if want := prefix60(msg); !strings.HasSuffix(strings.TrimSuffix(recs[0].Summary, "…"), want) {
		t.Errorf("--json summary %q does not end with the message's start %q", recs[0].Summary, want)
	}
}

// prefix60 is the first 60 characters of s.
func prefix60(s string) string {
	r := []rune(s)
	return string(r[:min(len(r), 60)])
}
