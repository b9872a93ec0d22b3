package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/wallet"
)

// Issue 29, through the gate in the process and through the agent from another client: the
// card-status body behind a leading space, LF, TAB, CRLF or UTF-8 BOM is a card block and
// asked about, naming routes.card-status and saying what it does; ` {}` and `null` are no
// read either. Each was signed unasked as a read of every GET under full-auth = allow.
func TestLeadingBytesAreNoReadBothWays(t *testing.T) {
	bothWays(t, "", nil, func(t *testing.T, e *gateEnv) {
		e.asked.set(nil) // the display declines
		s := e.signer(t)
		now := time.Now()
		dl := now.Add(time.Minute).Unix()
		if _, err := wallet.SignFullAuthCall(s, "GET", "card", nil, dl, now); err != nil || e.asked.count() != 0 {
			t.Fatalf("a read: %v (asked %d)", err, e.asked.count())
		}
		card := `{"cardTokenId":"981","status":0}`
		for _, c := range []struct{ payload, line, does string }{
			{" " + card, "routes.card-status", "Sets card 981 to blocked"},
			{"\n" + card, "routes.card-status", "Sets card 981 to blocked"},
			{"\t" + card, "routes.card-status", "Sets card 981 to blocked"},
			{"\r\n" + card, "routes.card-status", "Sets card 981 to blocked"},
			{"\uFEFF" + card, "routes.card-status", "Sets card 981 to blocked"},
			{" {}", "routes.issue-card", ""},
			{"null", "routes.unknown", ""},
		} {
			before, audited := e.asked.count(), e.audited(t)
			_, err := wallet.SignFullAuthCall(s, "POST", "card", []byte(c.payload), dl, now)
			if !errors.Is(err, agent.ErrDenied) || e.asked.count() != before+1 || e.audited(t) != audited {
				t.Fatalf("%q: %v (asked %d times, %d audited): want asked and declined, nothing signed", c.payload, err, e.asked.count()-before, e.audited(t)-audited)
			}
			a := e.asked.last()
			if !strings.HasPrefix(a.Line, c.line+" = ") {
				t.Errorf("%q: the line that decides is %q, want %s", c.payload, a.Line, c.line)
			}
			if !strings.HasPrefix(a.Review.Purpose, c.does) {
				t.Errorf("%q: the review says %q, want %q", c.payload, a.Review.Purpose, c.does)
			}
			if v, _ := fieldOf(a.Review, "Why you are asked", "policy"); v != a.Line {
				t.Errorf("%q: the review names the line %q, want %q", c.payload, v, a.Line)
			}
		}
		if v, _ := fieldOf(e.asked.last().Review, "Request", "can be"); v != "no route purse knows" {
			t.Errorf("null: can be %q", v)
		}
	})
}
