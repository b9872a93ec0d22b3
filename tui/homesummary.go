package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/keys"
	"purse/keystore"
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

// homeSummary reads the account for Home without asking for anything: the status (the
// account-status route's auth; a locked key on a profile that makes it full-auth leaves it
// unread) and the key's fiat balances on the home chain, read logged out.
func homeSummary(a *app.App) func(ctx context.Context) (home.Summary, error) {
	return func(ctx context.Context) (home.Summary, error) {
		var out home.Summary
		p := a.Profile()
		var stp *appaccount.Next
		if p.TokenID != "" {
			st, err := appaccount.New(a).Status(ctx)
			if err != nil {
				out.Status = "not read: " + app.OneLine(err)
			} else {
				out.Status = fmt.Sprintf("%s (%d)", st.StatusStr, st.Status)
				n := appaccount.NextFor(p, &st, false)
				stp = &n
			}
		} else {
			n := appaccount.NextFor(p, nil, false)
			stp = &n
		}
		if stp != nil {
			out.Next = nextWords[stp.Step]
		}
		if p.TokenID != "" {
			out.Card = homeCard(ctx, a)
		}
		snap, err := appaccount.NewChains(a).Snapshot(ctx, nil)
		switch {
		case err != nil:
			out.Balances = []string{"not read: " + app.OneLine(err)}
		case snap.ChainErr != nil:
			out.Balances = []string{"not read: " + app.OneLine(snap.ChainErr)}
		default:
			for _, b := range snap.Ordered {
				if b.Token.Symbol != "" && b.Smallest != nil && b.Smallest.Sign() > 0 {
					out.Balances = append(out.Balances, b.String())
				}
			}
			if len(out.Balances) == 0 && snap.OwnerErr == nil {
				out.Balances = []string{"none on the home chain"}
			}
		}
		return out, nil
	}
}

// homeCard is the card's state as Home says it: a signed read, made only when the key can
// sign without asking (held unlocked, in the agent, a read session); else where to read it.
func homeCard(ctx context.Context, a *app.App) string {
	// A key on a device would be asked for a press the user did not ask for (a read session
	// would spare it, but the signature is the device's to give): Home leaves it to Card.
	if e, err := keys.New(a).Entry(a.Profile().EVMKey); err == nil && e.Backend == keystore.BackendLedger {
		return "on the Card screen (the key is on a device)"
	}
	info, err := appaccount.NewCard(a).Run(ctx, nil, appaccount.CardRead, "")
	switch {
	case errors.Is(err, app.ErrNeedsUnlock):
		return "not read: the key is locked (the Card screen reads it, asking)"
	case err != nil:
		return "not read: " + app.OneLine(err)
	case info.Card == nil:
		return "no card"
	case info.Card.Blocked():
		return "BLOCKED"
	}
	return strings.ToUpper(info.Card.Status)
}
