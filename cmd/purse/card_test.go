package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"purse/sandbox"
)

// purse card currency sets the card's currency to one it lists, after the signing gate's
// confirmation (--yes in a script), and prints the card read after it; a currency the card
// does not list is refused naming the field and the card's currencies, with nothing sent.
func TestCardCurrency(t *testing.T) {
	sandboxProfile(t, sandbox.Config{}, []string{"--yes", "sandbox", "ctl", "onboard", "--key", "dev"}, []string{"--yes", "card", "issue"})
	out, e, c := purse(t, "", "--yes", "card", "currency", "chf")
	if c != exitOK || !strings.Contains(e, "card currency set to CHF") || !regexp.MustCompile(`currency +CHF\n`).MatchString(out) || !regexp.MustCompile(`currencies +EUR, CHF, USD`).MatchString(out) {
		t.Fatalf("set: %d\n%s\n%s", c, out, e)
	}
	out, e, c = purse(t, "", "--json", "--yes", "card", "currency", "CHF")
	var card struct {
		Currency string `json:"currency"`
	}
	if err := json.Unmarshal([]byte(out), &card); err != nil || c != exitOK || card.Currency != "CHF" || !strings.Contains(e, "already; nothing was sent") {
		t.Fatalf("again: %v %d\n%s\n%s", err, c, out, e)
	}
	if _, e, c := purse(t, "", "--yes", "card", "currency", "JPY"); c == exitOK || !strings.Contains(e, `currency: expected one of the card's currencies (EUR, CHF, USD), got "JPY"`) || !strings.Contains(e, "the change was not sent") {
		t.Fatalf("a currency the card lacks: %d\n%s", c, e)
	}
	// Without --yes and no terminal, the change is not approved and not sent.
	if _, e, c := purse(t, "", "card", "currency", "USD"); c == exitOK || !strings.Contains(e, "routes.card-currency") {
		t.Fatalf("unapproved: %d\n%s", c, e)
	}
}
