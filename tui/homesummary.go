package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"purse/app"
	appaccount "purse/app/account"
	"purse/tui/home"
)

// nextWords is each next step of the account as Home says it: where to go for it (the
// Account screen's own wording names its keys).
var nextWords = map[appaccount.Step]string{
	appaccount.NextAddKey:      "add an EVM key (Keys screen) and make it this profile's",
	appaccount.NextMint:        "mint an account (Account screen, m)",
	appaccount.NextMintAgain:   "the sandbox no longer knows this account: mint a new one (Account screen, m)",
	appaccount.NextNotMinted:   "the account is not minted yet (Account screen, m)",
	appaccount.NextReadStatus:  "read the status (Account screen)",
	appaccount.NextFormA:       "the first Form A step, in the service's app",
	appaccount.NextIDScan:      "the ID scan (Account screen, i)",
	appaccount.NextSignFormA:   "read and sign Form A (Account screen, o then s)",
	appaccount.NextReview:      "the service reviews the account (Account screen, r refreshes)",
	appaccount.NextRetryIDScan: "the review asks for a new ID scan (Account screen, i)",
	appaccount.NextRejected:    "the review was rejected for good: contact support",
	appaccount.NextCRS:         "the CRS self-certification (Account screen)",
	appaccount.NextRestricted:  "the account is restricted: contact support",
	appaccount.NextClosed:      "the account is closed or blocked: contact support",
	appaccount.NextLive:        "none: the account is Live (Balances, Card, Permit, Deposit)",
	appaccount.NextRefresh:     "read the status again (Account screen)",
}

// homeSummary words the account's overview (appaccount.Overview: read without asking for
// anything) for Home.
func homeSummary(a *app.App) func(ctx context.Context) (home.Summary, error) {
	return func(ctx context.Context) (home.Summary, error) {
		o := appaccount.New(a).Overview(ctx)
		var out home.Summary
		switch {
		case o.StatusErr != nil:
			out.Status = "not read: " + app.OneLine(o.StatusErr)
		case o.Status != nil:
			out.Status = fmt.Sprintf("%s (%d)", o.Status.StatusStr, o.Status.Status)
		}
		if o.StatusErr == nil {
			out.Next = nextWords[o.Next.Step]
		}
		switch {
		case errors.Is(o.CardErr, appaccount.ErrOnDevice):
			out.Card = "on the Card screen (the key is on a device)"
		case errors.Is(o.CardErr, app.ErrNeedsUnlock):
			out.Card = "not read: the key is locked (the Card screen reads it, asking)"
		case o.CardErr != nil:
			out.Card = "not read: " + app.OneLine(o.CardErr)
		case o.Card == nil:
		case o.Card.Card == nil:
			out.Card = "no card"
		case o.Card.Card.Blocked():
			out.Card = "BLOCKED"
		default:
			out.Card = strings.ToUpper(o.Card.Card.Status)
		}
		switch {
		case o.BalancesErr != nil:
			out.Balances = []string{"not read: " + app.OneLine(o.BalancesErr)}
		case len(o.Balances) == 0:
			out.Balances = []string{"none on the home chain"}
		}
		for _, b := range o.Balances {
			out.Balances = append(out.Balances, b.String())
		}
		return out, nil
	}
}
