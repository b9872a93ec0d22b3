package card

import (
	"errors"
	"purse/tui/internal/tuitest"
	"strings"
	"testing"

	appaccount "purse/app/account"
	"purse/enduser"
	"purse/internal/visible/visibletest"
)

// TestHostileCardTextNeverActsOnTheTerminal: every text field of the card, the service's "no
// card" message and an error carry terminal control codes; the screen shows them escaped.
func TestHostileCardTextNeverActsOnTheTerminal(t *testing.T) {
	h := visibletest.Text
	c := sampleCard("Active" + h)
	c.CardHolder, c.CardDesign, c.TokenID, c.ExternalID = enduser.Text("HOLDER"+h), enduser.Text(h), enduser.Text(h), enduser.Text(h)
	c.Currency, c.Currencies = "EUR"+h, []string{h}
	c.Masked = enduser.MaskedCard{CardNumber: h, CVV2: h, Expiry: h}
	c.ActiveTokens = []enduser.ActiveToken{{ID: enduser.Text(h), Type: h}}
	c.Limits.Account.RestartDate = h
	for _, info := range []appaccount.CardInfo{
		{Card: c, Done: "card issued" + h},
		{NoCard: &enduser.APIError{Route: "card", Code: 10009, Message: h}},
		{NoCard: errors.New(h)},
	} {
		s := newTestScreen(t)
		deliver(s, info, nil)
		v := tuitest.Plain(s.View())
		visibletest.Verify(t, "card screen", v)
		if info.Card != nil && (!strings.Contains(v, "HOLDER␛[2J") || !strings.Contains(v, "[ACTIVE␛[2J")) {
			t.Errorf("the holder and the status are shown escaped:\n%s", v)
		}
	}
	s := newTestScreen(t)
	deliver(s, appaccount.CardInfo{}, errors.New("card: retMsg "+h))
	visibletest.Verify(t, "card screen with an error", tuitest.Plain(s.View()))
}
