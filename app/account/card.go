package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
	"purse/internal/format"
)

// Card is what a user does with the account's card: read it, issue one, block or unblock it
// (the typed operations CardRead, CardIssue, CardBlock, CardUnblock), set its currency.
type Card struct{ s port.Account }

// NewCard is the card of the session core's profile's account.
func NewCard(core *app.App) Card {
	s, _ := port.AccountOf(core) // nil for a nil core: every use then fails, as on a nil App
	return Card{s}
}

// The card operations.
const (
	CardRead    = "load"
	CardIssue   = "issue"
	CardBlock   = "block"
	CardUnblock = "unblock"
)

// CardInfo is what one card operation gives a front end: the card as read after it.
type CardInfo struct {
	// Card is nil when the account has none (NoCard says what the service answered).
	Card   *enduser.Card
	NoCard error
	// Profile carries the card preconditions (eligibility, activation amount); nil when
	// it could not be read (ProfileErr).
	Profile    *enduser.Profile
	ProfileErr error
	// Done says what the operation did ("card blocked"), "" for a plain read.
	Done string
}

// Run does op (CardRead, CardIssue, CardBlock, CardUnblock; block and unblock take the
// card's token id, read first when it is "") and reads the card and the banking profile after it. The card's
// 5-minute display token never leaves this function.
// run is the task: the operation, then a fresh read of the card and the profile.
func (ca Card) Run(ctx context.Context, u *app.Unlock, op, cardTokenID string) (CardInfo, error) {
	c, err := ca.s.AccountAPI(true, u)
	if err != nil {
		return CardInfo{}, err
	}
	if (op == CardBlock || op == CardUnblock) && cardTokenID == "" {
		// The card's token id, read first when the caller does not hold it (the CLI).
		card, err := c.Card(ctx)
		if errors.Is(err, enduser.ErrInvalidParam) || errors.Is(err, enduser.ErrNoCard) {
			return CardInfo{}, &app.Advice{Err: fmt.Errorf("no card on this account (%w)", err), Next: "Issue one first (Card screen, `purse card issue`)."}
		}
		if err != nil {
			return CardInfo{}, err
		}
		cardTokenID = string(card.TokenID)
	}
	var done string
	switch op {
	case CardIssue:
		if err := c.IssueCard(ctx); err != nil {
			return CardInfo{}, &CardIssueError{Err: err, Needs: cardPreconditions(readProfile(ctx, c))}
		}
		done = "card issued"
	case CardBlock, CardUnblock:
		status, verb := enduser.CardBlocked, "blocked"
		if op == CardUnblock {
			status, verb = enduser.CardActive, "unblocked"
		}
		if _, err := c.CardStatus(ctx, enduser.CardStatusRequest{CardTokenID: cardTokenID, Status: status}); err != nil {
			return CardInfo{}, fmt.Errorf("card-status %d for card %s: %w", status, cardTokenID, err)
		}
		done = "card " + verb
	}
	return readCard(ctx, c, done)
}

// readCard is a card operation's end: the card (its display token dropped) and the banking
// profile as read after it; done says what the operation did.
func readCard(ctx context.Context, c *enduser.Client, done string) (CardInfo, error) {
	info := CardInfo{Done: done}
	card, err := c.Card(ctx)
	switch {
	case err == nil:
		card.CardToken = "" // the 5-minute display token never leaves this function
		info.Card = &card
	case errors.Is(err, enduser.ErrInvalidParam), errors.Is(err, enduser.ErrNoCard):
		// The card read takes no parameter: 10009 means there is no card, as HTTP 404 and
		// an empty card list do.
		info.NoCard = err
	default:
		return CardInfo{}, err
	}
	info.Profile, info.ProfileErr = readProfile(ctx, c)
	return info, nil
}

// SetCurrency sets the card's currency to one of those it lists (evidence §3: the route
// takes the card's externalId, read here first) and reads the card after it. A currency the
// card does not list is refused naming it, before the change is signed (the card's read,
// signed, came first); the card's own currency already is no change. When the request may have reached the service without an
// answer, the card read after it tells whether it took effect; if that read cannot, the
// outcome is unknown and the error says what identifies the request.
func (ca Card) SetCurrency(ctx context.Context, u *app.Unlock, currency string) (CardInfo, error) {
	c, err := ca.s.AccountAPI(true, u)
	if err != nil {
		return CardInfo{}, err
	}
	card, err := c.Card(ctx)
	if errors.Is(err, enduser.ErrInvalidParam) || errors.Is(err, enduser.ErrNoCard) {
		return CardInfo{}, &app.Advice{Err: fmt.Errorf("no card on this account (%w)", err), Next: "Issue one first (Card screen, `purse card issue`)."}
	}
	if err != nil {
		return CardInfo{}, err
	}
	cur := strings.ToUpper(strings.TrimSpace(currency))
	switch {
	case !slices.Contains(card.Currencies, cur):
		// Not a FieldError ("nothing was sent or signed"): the card was read, signed, to
		// know its currencies; the change itself is what was not sent.
		return CardInfo{}, &app.Advice{Err: fmt.Errorf("currency: expected one of the card's currencies (%s), got %q", strings.Join(card.Currencies, ", "), currency),
			Next: "Pick one of " + strings.Join(card.Currencies, ", ") + "; the change was not sent."}
	case card.Currency == cur:
		return readCard(ctx, c, "the card's currency is "+cur+" already; nothing was sent")
	case card.ExternalID == "":
		return CardInfo{}, errors.New("the card read has no externalId, which card-currency takes (evidence §3): nothing was sent")
	}
	req := enduser.CardCurrencyRequest{CardExternalID: string(card.ExternalID), Currency: cur}
	err = c.CardCurrency(ctx, req)
	var api *enduser.APIError
	switch {
	case err == nil:
		return readCard(ctx, c, "card currency set to "+cur)
	case enduser.NotSent(err), errors.As(err, &api):
		// Refused before sending, or answered with a refusal: nothing changed.
		return CardInfo{}, fmt.Errorf("card currency %s for card %s: %w", cur, req.CardExternalID, err)
	}
	// No answer purse could read: the card says whether it took effect.
	if after, rerr := c.Card(ctx); rerr == nil && after.Currency == cur {
		return readCard(ctx, c, "card currency set to "+cur+" (the answer was lost; the card read after shows it)")
	}
	return CardInfo{}, &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "cardExternalId", ID: req.CardExternalID,
		Fields: map[string]any{"currency": cur, "was": card.Currency},
		Err:    fmt.Errorf("card currency %s: no answer purse could read, and the request may have reached the service: %w", cur, err),
		Next:   "read the card (purse card) before sending it again"}
}

func readProfile(ctx context.Context, c *enduser.Client) (*enduser.Profile, error) {
	p, err := c.Profile(ctx)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// CardIssueError explains what issuing a card needs when the service refuses it.
type CardIssueError struct {
	Err   error
	Needs []string
}

func (e *CardIssueError) Error() string { return "issue card: " + e.Err.Error() }
func (e *CardIssueError) Unwrap() error { return e.Err }

// NextStep says what issuing needs, with what the profile says about each.
func (e *CardIssueError) NextStep() string {
	return "Issuing needs " + strings.Join(e.Needs, "; ") + ". Fix what is missing, then try again."
}

// cardPreconditions lists what issuing a card needs, with what the profile says about each.
func cardPreconditions(p *enduser.Profile, perr error) []string {
	elig, act := "unknown: the profile could not be read", "the card activation amount"
	if perr == nil && p != nil {
		elig = "no"
		if p.IsCardEligible {
			elig = "yes"
		}
		if p.CardActivation.Amount.Valid {
			act = format.Amount(p.CardActivation.Amount.Decimal, p.CardActivation.Currency) + " " + p.CardActivation.Currency
		}
	}
	return []string{
		"the account in Live status",
		"card eligibility (now: " + elig + ")",
		"a fiat balance on the home chain of at least " + act,
		"no card yet (one card per account)",
	}
}

// CanIssue reports whether issuing a card is worth offering, and why not when it is not:
// the account has no card yet and its banking profile says it is card-eligible. The
// activation balance is left to the service: it can change between the read and the issue.
func (i CardInfo) CanIssue() (bool, string) {
	switch {
	case i.Card != nil:
		return false, "the account has a card already (one card per account)"
	case i.ProfileErr != nil || i.Profile == nil:
		why := "card eligibility is unknown: the banking profile could not be read"
		if i.ProfileErr != nil {
			why += " (" + app.OneLine(i.ProfileErr) + ")"
		}
		return false, why
	case !i.Profile.IsCardEligible:
		return false, "the service does not list this account as card-eligible (isCardEligible is false in its banking profile); " +
			"eligibility needs a Live account: see its KYC status on the Account screen"
	}
	return true, ""
}

// Preconditions lists what issuing a card needs, with what the profile read says of each.
func (i CardInfo) Preconditions() []string { return cardPreconditions(i.Profile, i.ProfileErr) }
