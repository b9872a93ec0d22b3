package app

import (
	"strings"
	"testing"
	"time"

	"purse/wallet"
)

// Every purpose the policy knows has its summary: a purpose added without one would leave
// its audit records saying only a digest.
func TestEveryPurposeHasAnAuditSummary(t *testing.T) {
	for _, p := range wallet.Purposes() {
		if purposeGates[p].summary == nil {
			t.Errorf("purpose %q has no audit summary", p)
		}
	}
}

// Issue 29: each audit record says what was signed in words, from the typed request, in the
// process and through the agent: a full-auth record names the route its payload is a request
// of (by the payload judge, not the route the client named) and what the payload does; Form
// A its text hash; a personal message its first characters, kept verbatim in the record
// (escaped where shown: cmd/purse TestAuditListSaysWhatWasSigned).
func TestAuditRecordsSayWhatWasSigned(t *testing.T) {
	bothWays(t, "[purposes]\npersonal = \"allow\"\nform-a = \"allow\"\n[routes]\ncard-status = \"allow\"\n", nil, func(t *testing.T, e *gateEnv) {
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(time.Minute).Unix()
		// The client names the route "card" (a read); the payload is a card block.
		if _, err := wallet.SignFullAuthCall(s, "GET", "card", []byte(` {"cardTokenId":"981","status":0}`), dl, now); err != nil {
			t.Fatal(err)
		}
		rec := e.lastAudit(t)
		for _, want := range []string{"full-auth: POST /api/v2/card-status", "Sets card 981 to blocked", "payload hash 0x"} {
			if !strings.Contains(rec.Summary, want) {
				t.Errorf("full-auth summary %q lacks %q", rec.Summary, want)
			}
		}
		if _, err := wallet.SignFormA(s, "I declare.\n"); err != nil {
			t.Fatal(err)
		}
		if rec := e.lastAudit(t); rec.Summary != "Form A: text hash "+wallet.FormATextHash("I declare.\n").Hex() {
			t.Errorf("Form A summary %q", rec.Summary)
		}
		msg := "pay \x1b[31mEVE\x1b[0m " + strings.Repeat("x", 80)
		if _, err := wallet.SignPersonal(s, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		if rec := e.lastAudit(t); !strings.HasPrefix(rec.Summary, "personal message (97 bytes): pay \x1b[31mEVE") || !strings.HasSuffix(rec.Summary, "…") {
			t.Errorf("personal summary %q", rec.Summary)
		}
	})
}
