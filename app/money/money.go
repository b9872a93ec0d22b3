// Package money is the external wallet's money flows that spend a permit: a transfer to
// another account of the service and a payout to a bank contact (`purse send`, the TUI's
// Send dialog). Each flow is one row of flows: its route, the spender its contract presents
// the permit to, its checks before anything is asked, its body and where its money goes.
// One run reads what the flow needs (the chain configuration, the owner, the token, the
// balance, the banking profile), checks the form, reads the permit from the chain (a
// DOMAIN_SEPARATOR mismatch refuses), has the signing gate sign the permit together with the
// call that carries it (one review, one approval: the call then goes unasked), submits it
// and settles the outcome from the service's answer and the chain's Transfer events, never
// "failed" while money may have moved. It reaches the core only through its port.
package money

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// Flow names.
const (
	Transfer = "transfer"
	Payout   = "payout"
	Cashout  = "cashout"
)

// flow is one money flow: one declaration.
type flow struct {
	name  string
	route string
	// what says in words what the flow does, for progress and errors.
	what string
	// check reads and checks the flow's own fields against the account and the chain before
	// anything is signed; it fills the plan's destination.
	check func(ctx context.Context, sv Service, hc *homechain.Client, c Context, f Form, u *app.Unlock, pl *Plan) error
	// body is the call's body for the plan with the permit fields pf.
	body func(pl Plan, pf enduser.PermitFields) ([]byte, error)
	// delivers, when set, finds the flow's delivery once its money left (a cash-out's USDC
	// on the destination chain) and says what it saw.
	delivers func(ctx context.Context, hc *homechain.Client, pr Prepared) (string, bool)
}

var flows = []flow{
	{name: Transfer, route: enduser.RouteTransfer, what: "a transfer to another account", check: checkTransfer,
		body: func(pl Plan, pf enduser.PermitFields) ([]byte, error) {
			return enduser.TransferRequest{ToAccountID: pl.ToAccount, Permit: pf}.Body()
		}},
	{name: Payout, route: enduser.RoutePayout, what: "a payout to a bank contact", check: checkPayout,
		body: func(pl Plan, pf enduser.PermitFields) ([]byte, error) {
			return enduser.PayoutRequest{ContactID: string(pl.Contact.ID), PurposeID: pl.PurposeID, Ref: pl.Ref, Permit: pf}.Body()
		}},
	{name: Cashout, route: enduser.RouteOnramp, what: "a cash-out to USDC in the owner's wallet", check: checkCashout, body: cashoutBody, delivers: awaitUSDC},
}

// Flows lists the flows' names, in declaration order.
func Flows() []string {
	out := make([]string, len(flows))
	for i, f := range flows {
		out[i] = f.name
	}
	return out
}

func flowOf(name string) (flow, error) {
	for _, f := range flows {
		if f.name == name {
			return f, nil
		}
	}
	return flow{}, &app.FieldError{Field: "flow", Err: fmt.Errorf("expected one of %s, got %q", strings.Join(Flows(), ", "), name)}
}

// Service runs the money flows of core's profile.
type Service struct{ s port.Session }

// New is the money flows of core's profile; core is an opened session.
func New(core *app.App) Service {
	s, _ := port.Of(core)
	return Service{s}
}

// DefaultSlippageBps is a cash-out's slippage when the form names none; MaxSlippageBps the
// most a user may give (the quote's minimum is what is guaranteed: a wide slippage lets a
// quote promise little).
const (
	DefaultSlippageBps = 50
	MaxSlippageBps     = 1000
)

// TTL is how long a permit signed here stays valid, and maxTTL the longest a user may choose.
const (
	TTL    = 30 * time.Minute
	maxTTL = 24 * time.Hour
)

// Form is what the user asked for.
type Form struct {
	Flow string
	// Token names the fiat token by symbol (EUR24) or address.
	Token  string
	Amount string
	// SlippageBps is a cash-out's slippage in basis points (0: DefaultSlippageBps).
	SlippageBps int
	// ToAccount is a transfer's recipient account id.
	ToAccount string
	// Contact is a payout's contact id (of the banking profile's contacts in the token's
	// currency); PurposeID its payment purpose, Ref its reference.
	Contact   string
	PurposeID string
	Ref       string
	// TTL is how long the permit stays valid (0: TTL).
	TTL time.Duration
}

// Context is what a plan is checked against.
type Context struct {
	Owner   common.Address
	ChainID *big.Int
	Chain   enduser.Chain
	// TokenID is the sender's account id (the profile's).
	TokenID uint64
}

// Plan is a checked form: what leaves, where it goes and under which limits.
type Plan struct {
	Flow    string
	Route   string
	Token   homechain.Token
	Amount  decimal.Decimal
	Value   *big.Int // smallest units: the permit's value and the amount spent
	Balance *big.Int // the owner's balance of the token when checked
	Spender common.Address
	// SpenderRole is the spender's role (app.RoleToken or app.RoleCard).
	SpenderRole string
	// ToAccount and ToOwner are a transfer's recipient account and the address it pays.
	ToAccount uint64
	ToOwner   common.Address
	// PaysTo is where the money goes on chain (zero: wherever the contract sends it).
	PaysTo common.Address
	// Contact, PurposeID and Ref are a payout's.
	Contact   enduser.Contact
	PurposeID int64
	Ref       string
	// Quote, ChainID and USDC are a cash-out's: the service's quote, the home chain's CAIP-2
	// id, and the USDC the quote delivers.
	Quote   *enduser.OnrampQuote
	ChainID string
	USDC    homechain.Token
	// Limit is the 30-day window's available amount in CHF (spec 2.5) when the flow is
	// under it and the banking profile gave it.
	Limit *decimal.Decimal
	// Notes say what the plan could not check before asking.
	Notes []string
}

// Prepared is a plan with its permit read from the chain and its call built around it.
type Prepared struct {
	Plan   Plan
	Permit wallet.Permit
	Digest common.Hash
	// Unsigned is the call's body with the signature blanked: what the gate shows and binds.
	Unsigned []byte
	// FromBlock is the chain's block before submission: the search for the Transfer starts
	// there.
	FromBlock uint64
	pf        enduser.PermitFields
}

// Run is one whole flow for every front end.
type Run struct {
	Form Form
	// Progress (may be nil) hears each step as it begins.
	Progress func(step, detail string)
}

// Run runs one flow in one order: the chain and the owner → the checked form (the token,
// the amount, the balance, the flow's own checks) → the permit read from the chain → the
// signing gate (the permit and its call: one review, one approval) → the call → the outcome
// from the answer and the chain. The prepared flow comes back with any error after it was
// built, so a front end can show what was signed.
func (sv Service) Run(ctx context.Context, run Run, u *app.Unlock) (Prepared, Outcome, error) {
	emit := func(step, format string, a ...any) {
		if run.Progress != nil {
			run.Progress(step, fmt.Sprintf(format, a...))
		}
	}
	fl, err := flowOf(run.Form.Flow)
	if err != nil {
		return Prepared{}, Outcome{}, err
	}
	ttl := run.Form.TTL
	if ttl == 0 {
		ttl = TTL
	}
	if ttl < 0 || ttl > maxTTL {
		return Prepared{}, Outcome{}, &app.FieldError{Field: "ttl", Err: fmt.Errorf("expected a duration above 0 and at most %s, got %s", maxTTL, ttl)}
	}
	emit("read", "the chain configuration, the owner and the account")
	c, err := sv.Load(ctx)
	if err != nil {
		return Prepared{}, Outcome{}, err
	}
	emit("check", "%s: the token, the amount, the balance", fl.what)
	pl, err := sv.Check(ctx, c, run.Form, u)
	if err != nil {
		return Prepared{}, Outcome{}, err
	}
	emit("prepare", "name, version, nonce and DOMAIN_SEPARATOR of %s from the chain", pl.Token.Symbol)
	pr, err := sv.prepare(ctx, c, fl, pl, time.Now().Add(ttl))
	if err != nil {
		return Prepared{}, Outcome{}, err
	}
	emit("sign", "the permit of %s %s and its %s call, through the signing gate", pl.Amount.StringFixed(int32(pl.Token.Decimals)), pl.Token.Symbol, fl.route)
	out, err := sv.Submit(ctx, u, pr, nil)
	return pr, out, err
}

// Load reads the chain configuration (logged out), the home chain's id, the owner and the
// profile's account id.
func (sv Service) Load(ctx context.Context) (Context, error) {
	s := sv.s
	var c Context
	var err error
	if err := s.RequireAccount(); err != nil {
		return c, err
	}
	if c.Owner, err = s.OwnerAddress(); err != nil {
		return c, err
	}
	p := s.Profile()
	if c.TokenID, err = strconv.ParseUint(p.TokenID, 10, 64); err != nil {
		return c, &app.FieldError{Field: "token_id", Err: fmt.Errorf("profile %s: %v", p.Name, err)}
	}
	c.Chain, c.ChainID, err = port.HomeChain(ctx, s)
	return c, err
}

// Check turns the form into a plan: a fiat token of the home chain, an exact amount above 0
// within the owner's balance, and the flow's own checks. Nothing is signed.
func (sv Service) Check(ctx context.Context, c Context, f Form, u *app.Unlock) (Plan, error) {
	fl, err := flowOf(f.Flow)
	if err != nil {
		return Plan{}, err
	}
	tok, err := c.Chain.FindToken(strings.TrimSpace(f.Token))
	if err != nil {
		return Plan{}, &app.FieldError{Field: "token", Err: err}
	}
	if !tok.IsFiat {
		return Plan{}, &app.FieldError{Field: "token", Err: fmt.Errorf("%s is not a fiat token: %s moves fiat tokens (EUR24, CHF24, …)", tok.Symbol, fl.what)}
	}
	s := strings.TrimSpace(f.Amount)
	if s == "" {
		return Plan{}, &app.FieldError{Field: "amount", Err: errors.New("expected a decimal amount such as 25.00")}
	}
	v, err := homechain.ParseAmount(s, tok.Decimals)
	if err != nil {
		return Plan{}, &app.FieldError{Field: "amount", Err: err}
	}
	if v.Sign() <= 0 {
		return Plan{}, &app.FieldError{Field: "amount", Err: fmt.Errorf("expected an amount above 0, got %s", s)}
	}
	pl := Plan{Flow: fl.name, Route: fl.route, Token: tok, Value: v, Amount: homechain.FromSmallest(v, tok.Decimals)}
	hc, err := sv.s.DialHomeChain(ctx)
	if err != nil {
		return Plan{}, err
	}
	defer hc.Close()
	if pl.Balance, err = hc.BalanceOf(ctx, tok.Address, c.Owner); err != nil {
		return Plan{}, err
	}
	if pl.Balance.Cmp(v) < 0 {
		return Plan{}, &app.FieldError{Field: "amount", Err: fmt.Errorf("%s %s is above the balance of %s %s", pl.Amount.StringFixed(int32(tok.Decimals)), tok.Symbol,
			homechain.FromSmallest(pl.Balance, tok.Decimals).StringFixed(int32(tok.Decimals)), tok.Symbol)}
	}
	if err := fl.check(ctx, sv, hc, c, f, u, &pl); err != nil {
		return Plan{}, err
	}
	return pl, nil
}

// checkTransfer: the recipient is an account id other than the sender's, and the chain
// shows it exists and is Live; the fiat token itself spends the permit.
func checkTransfer(ctx context.Context, sv Service, hc *homechain.Client, c Context, f Form, _ *app.Unlock, pl *Plan) error {
	id, err := strconv.ParseUint(strings.TrimSpace(f.ToAccount), 10, 64)
	if err != nil || id == 0 {
		return &app.FieldError{Field: "to", Err: fmt.Errorf("expected the recipient's account id (a positive integer), got %q", f.ToAccount)}
	}
	if id == c.TokenID {
		return &app.FieldError{Field: "to", Err: fmt.Errorf("account %d is this profile's own account", id)}
	}
	p := sv.s.Profile()
	owner, st, err := hc.Account(ctx, common.HexToAddress(p.AccountNFT), id)
	if err != nil {
		return &app.FieldError{Field: "to", Err: fmt.Errorf("account %d cannot be read on chain (it may not exist): %v", id, app.OneLine(err))}
	}
	if st != 5 {
		return &app.FieldError{Field: "to", Err: fmt.Errorf("account %d is %s on chain, not Live: the token transfers only to Live accounts", id, homechain.StatusName(st))}
	}
	pl.ToAccount, pl.ToOwner, pl.PaysTo = id, owner, owner
	pl.Spender, pl.SpenderRole = pl.Token.Address, app.RoleToken
	return nil
}

// checkPayout: the contact is one of the banking profile's in the token's currency, the
// purpose an id, the reference short and printable, the amount within the 30-day window's
// available amount where that can be compared (a CHF payout); the spender is the profile's
// payout_spender.
func checkPayout(ctx context.Context, sv Service, _ *homechain.Client, c Context, f Form, u *app.Unlock, pl *Plan) error {
	cur := strings.TrimSuffix(pl.Token.Symbol, "24")
	purpose, err := strconv.ParseInt(strings.TrimSpace(f.PurposeID), 10, 64)
	if err != nil || purpose <= 0 {
		return &app.FieldError{Field: "purpose", Err: fmt.Errorf("expected a payment purpose id (a positive integer), got %q", f.PurposeID)}
	}
	if err := enduser.CheckPayoutRef(f.Ref); err != nil {
		return &app.FieldError{Field: "ref", Err: err}
	}
	id := strings.TrimSpace(f.Contact)
	if id == "" {
		return &app.FieldError{Field: "contact", Err: errors.New("expected a contact id of the banking profile (purse send contacts lists them)")}
	}
	bp, err := sv.bankingProfile(ctx, u)
	if err != nil {
		return err
	}
	var have []string
	for _, ct := range bp.Contacts[cur] {
		if string(ct.ID) == id {
			pl.Contact = ct
		}
		have = append(have, string(ct.ID))
	}
	if pl.Contact.ID == "" {
		// Not a FieldError: the banking profile was read (signed) to know the contacts.
		return &app.Advice{Err: fmt.Errorf("contact: %q is not a %s contact of the account (its %s contacts: %s)", id, cur, cur, orNone(have)),
			Next: "List the contacts with purse send contacts; a contact is added in UR's app."}
	}
	pl.PurposeID, pl.Ref = purpose, f.Ref
	if err := pl.underLimit(bp.Limits.Available, cur); err != nil {
		return err
	}
	p := sv.s.Profile()
	pl.SpenderRole = p.PayoutSpenderRole()
	if pl.SpenderRole == app.RoleCard {
		a, err := c.Chain.Spender(app.RoleCard, p.CardSpender)
		if err != nil {
			return &app.FieldError{Field: "payout_spender", Err: err}
		}
		pl.Spender = a
	} else {
		pl.Spender = pl.Token.Address
	}
	return nil
}

// underLimit holds the plan to the 30-day window's available amount (spec 2.5: one outgoing
// transaction may not exceed it), in CHF: a CHF amount is compared, another currency's is
// converted by the service, which the plan notes.
func (pl *Plan) underLimit(avail enduser.Amount, cur string) error {
	if !avail.Valid {
		return nil
	}
	a := avail.Decimal
	pl.Limit = &a
	if cur != "CHF" {
		pl.Notes = append(pl.Notes, fmt.Sprintf("the 30-day limit's available amount is %s CHF; the service converts %s to CHF to check it", a.StringFixed(2), cur))
		return nil
	}
	if pl.Amount.GreaterThan(a) {
		return &app.FieldError{Field: "amount", Err: fmt.Errorf("%s CHF is above the 30-day limit's available %s CHF (spec 2.5: one outgoing transaction may not exceed it)", pl.Amount.StringFixed(2), a.StringFixed(2))}
	}
	return nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// bankingProfile reads the banking profile (signed: a full-auth read).
func (sv Service) bankingProfile(ctx context.Context, u *app.Unlock) (enduser.Profile, error) {
	api, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.Profile{}, err
	}
	return api.Profile(ctx)
}

// prepare reads the permit from the chain (refusing a domain mismatch) and builds the call
// around it, the signature blank.
func (sv Service) prepare(ctx context.Context, c Context, fl flow, pl Plan, deadline time.Time) (Prepared, error) {
	hc, err := sv.s.DialHomeChain(ctx)
	if err != nil {
		return Prepared{}, err
	}
	defer hc.Close()
	pm, err := hc.PreparePermit(ctx, pl.Token.Address, c.Owner, pl.Spender, pl.Value, big.NewInt(deadline.Unix()))
	if errors.Is(err, homechain.ErrPermitRefused) {
		return Prepared{}, &app.Advice{Err: fmt.Errorf("the permit cannot be built: %w; nothing was signed", err),
			Next: "The token's domain differs from the one rebuilt from the chain: check the profile's network and evm_rpc against the token."}
	}
	if err != nil {
		return Prepared{}, err
	}
	digest, _, err := pm.Digest()
	if err != nil {
		return Prepared{}, err
	}
	pr := Prepared{Plan: pl, Permit: pm, Digest: digest}
	pr.pf = enduser.NewPermitFields(pm, nil, pl.Amount, pl.Token.Decimals, sv.s.Profile().PermitAmountUnit)
	body, err := fl.body(pl, pr.pf)
	if err != nil {
		return Prepared{}, err
	}
	if pr.Unsigned, err = enduser.UnsignedCall(body); err != nil {
		return Prepared{}, err
	}
	if pr.FromBlock, err = hc.BlockNumber(ctx); err != nil {
		return Prepared{}, err
	}
	return pr, nil
}

// ContactRow is one payout contact of the banking profile, with its currency.
type ContactRow struct {
	Currency string `json:"currency"`
	enduser.Contact
}

// Contacts reads the banking profile's payout contacts (spec 2.5), by currency then name;
// currency, when given, keeps that currency's.
func (sv Service) Contacts(ctx context.Context, u *app.Unlock, currency string) ([]ContactRow, error) {
	bp, err := sv.bankingProfile(ctx, u)
	if err != nil {
		return nil, err
	}
	cur := strings.ToUpper(strings.TrimSuffix(strings.TrimSpace(currency), "24"))
	var out []ContactRow
	for _, c := range slices.Sorted(maps.Keys(bp.Contacts)) {
		if cur != "" && c != cur {
			continue
		}
		for _, ct := range bp.Contacts[c] {
			out = append(out, ContactRow{Currency: c, Contact: ct})
		}
	}
	return out, nil
}

// QuoteFX asks for an FX quote between two fiat currencies (spec 2.8) at the profile's
// routes.fx-quote, which has no default: no public source shows the end-user path, so
// without the setting nothing is sent. No FX submission route is known for the end-user
// API at all, so purse offers the quote only.
func (sv Service) QuoteFX(ctx context.Context, u *app.Unlock, from, to, amount string) (enduser.FXQuote, error) {
	d, err := decimal.NewFromString(strings.TrimSpace(amount))
	if err != nil || d.Sign() <= 0 {
		return enduser.FXQuote{}, &app.FieldError{Field: "amount", Err: fmt.Errorf("expected a decimal amount above 0 such as 25.00, got %q", amount)}
	}
	from, to = strings.ToUpper(strings.TrimSpace(from)), strings.ToUpper(strings.TrimSpace(to))
	if from == to {
		return enduser.FXQuote{}, &app.FieldError{Field: "to", Err: fmt.Errorf("expected another currency than --from %s", from)}
	}
	api, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return enduser.FXQuote{}, err
	}
	return api.QuoteFX(ctx, from, to, d)
}
