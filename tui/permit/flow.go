package permit

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
	"purse/tui/review"
	"purse/wallet"
)

// TTL is how long a permit signed here stays valid (the CLI's default --ttl).
const TTL = 30 * time.Minute

// Spender roles (design 2.5).
const (
	RoleCard       = enduser.SpenderCard
	RoleDeposit    = enduser.SpenderDeposit
	RoleBufferPool = enduser.SpenderBufferPool
	RoleAddress    = "address"
)

var roles = []string{RoleCard, RoleDeposit, RoleBufferPool, RoleAddress}

// roleLabel says in words who spends under each role (shown in the review).
func roleLabel(role string) string {
	switch role {
	case RoleCard:
		return "card (card-authorization contract, profile card_spender)"
	case RoleDeposit:
		return "deposit (chain depositContract)"
	case RoleBufferPool:
		return "bufferpool (chain bufferPoolContract: on-ramp / cash-out)"
	}
	return "explicit address"
}

// Context is what the form needs from the chain and the profile.
type Context struct {
	Owner       common.Address
	OwnerErr    error
	Chain       enduser.Chain
	ChainID     *big.Int
	Tokens      []homechain.Token
	CardSpender string
}

// LoadContext reads the chain configuration (logged out: nothing is signed for it), the
// home chain's id and the owner's address.
func LoadContext(ctx context.Context, s *app.App) (Context, error) {
	var c Context
	c.Owner, c.OwnerErr = s.OwnerAddress()
	p := s.Profile()
	c.CardSpender = p.CardSpender
	api, err := s.API(false, nil)
	if err != nil {
		return c, err
	}
	cc, err := api.ChainConfigsLoggedOut(ctx)
	if err != nil {
		return c, err
	}
	hc, err := s.Chain(ctx)
	if err != nil {
		return c, err
	}
	defer hc.Close()
	if c.ChainID, err = hc.ChainID(ctx); err != nil {
		return c, err
	}
	if c.Chain, err = cc.Home(c.ChainID); err != nil {
		return c, err
	}
	c.Tokens, err = c.Chain.ERC20Tokens()
	return c, err
}

// FieldError is a form value that cannot be used; Field names the form field.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// NextStep implements kit.NextStepper.
func (e *FieldError) NextStep() string {
	return "Correct the " + e.Field + " field (enter to edit) and press p again; nothing was signed."
}

func fieldErr(field, format string, a ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, a...)}
}

// Form is what the user typed.
type Form struct {
	Token        int // index into Context.Tokens
	Amount       string
	PermitAmount string
	Role         string
	Address      string
}

// Plan is a checked form: exact amounts and a resolved spender.
type Plan struct {
	Token        homechain.Token
	Amount       decimal.Decimal
	PermitAmount decimal.Decimal
	Value        *big.Int // the signed value in smallest units
	Role         string
	Spender      common.Address
}

// Check turns the form into a plan. Excess precision is an error naming the field, never
// rounded; the signed value must cover the amount.
func Check(c Context, f Form) (Plan, error) {
	if c.OwnerErr != nil {
		return Plan{}, fieldErr("owner", "%v", c.OwnerErr)
	}
	if f.Token < 0 || f.Token >= len(c.Tokens) {
		return Plan{}, fieldErr("token", "choose a token of %s", c.Chain.ChainIdentifier)
	}
	tok := c.Tokens[f.Token]
	amount, err := parse("amount", strings.TrimSpace(f.Amount), tok.Decimals)
	if err != nil {
		return Plan{}, err
	}
	pl := Plan{Token: tok, Amount: amount, PermitAmount: amount}
	if s := strings.TrimSpace(f.PermitAmount); s != "" {
		if pl.PermitAmount, err = parse("permit amount", s, tok.Decimals); err != nil {
			return Plan{}, err
		}
		if pl.PermitAmount.LessThan(amount) {
			return Plan{}, fieldErr("permit amount", "%s is below the amount %s: the signed value must cover the amount", s, strings.TrimSpace(f.Amount))
		}
	}
	if pl.Value, err = homechain.ToSmallest(pl.PermitAmount, tok.Decimals); err != nil {
		return Plan{}, fieldErr("permit amount", "%v", err)
	}
	pl.Role = f.Role
	if pl.Spender, err = resolveSpender(c, f); err != nil {
		return Plan{}, err
	}
	return pl, nil
}

func parse(field, s string, decimals uint8) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, fieldErr(field, "expected a decimal amount such as 25.00")
	}
	v, err := homechain.ParseAmount(s, decimals)
	if err != nil {
		return decimal.Decimal{}, &FieldError{Field: field, Err: err}
	}
	return homechain.FromSmallest(v, decimals), nil
}

// resolveSpender maps the role to an address (design 2.5), as `purse permit --spender` does.
func resolveSpender(c Context, f Form) (common.Address, error) {
	switch f.Role {
	case RoleCard, RoleDeposit, RoleBufferPool:
		a, err := c.Chain.Spender(f.Role, c.CardSpender)
		if err != nil {
			return common.Address{}, fieldErr("spender", "%v", err)
		}
		return a, nil
	case RoleAddress:
		a := strings.TrimSpace(f.Address)
		if !strings.HasPrefix(a, "0x") || !common.IsHexAddress(a) {
			return common.Address{}, fieldErr("spender address", "expected a 0x address of 40 hex digits, got %q", a)
		}
		if common.HexToAddress(a) == (common.Address{}) {
			return common.Address{}, fieldErr("spender address", "the zero address cannot be a spender")
		}
		return common.HexToAddress(a), nil
	}
	return common.Address{}, fieldErr("spender", "expected card, deposit, bufferpool or address, got %q", f.Role)
}

// Prepared is a permit read from the chain, ready for review.
type Prepared struct {
	Plan   Plan
	Permit wallet.Permit
	Digest common.Hash
}

// RefusedError is a permit the chain's domain separator does not match: nothing is signed.
type RefusedError struct {
	Fields []string // the EIP-712 domain fields that differ
	Err    error
}

func (e *RefusedError) Error() string {
	if len(e.Fields) == 0 {
		return "DOMAIN_SEPARATOR mismatch: " + e.Err.Error()
	}
	return "DOMAIN_SEPARATOR mismatch in domain field " + strings.Join(e.Fields, ", ") + ": " + e.Err.Error()
}
func (e *RefusedError) Unwrap() error { return e.Err }

// NextStep implements kit.NextStepper.
func (e *RefusedError) NextStep() string {
	return "Nothing was signed. The token's domain differs from the one rebuilt from the chain: check the profile's network and evm_rpc (Settings) against the token, then press p again."
}

// Prepare reads name, version, nonce and DOMAIN_SEPARATOR and builds the permit, refusing
// on a domain mismatch.
func Prepare(ctx context.Context, s *app.App, owner common.Address, pl Plan, now time.Time) (Prepared, error) {
	hc, err := s.Chain(ctx)
	if err != nil {
		return Prepared{}, err
	}
	defer hc.Close()
	deadline := big.NewInt(now.Add(TTL).Unix())
	p, err := hc.PreparePermit(ctx, pl.Token.Address, owner, pl.Spender, pl.Value, deadline)
	var dm *homechain.DomainMismatchError
	if errors.As(err, &dm) {
		re := &RefusedError{Err: err}
		for _, f := range dm.Fields {
			re.Fields = append(re.Fields, f.Field)
		}
		return Prepared{}, re
	}
	if err != nil {
		return Prepared{}, err
	}
	digest, _, err := p.Digest()
	if err != nil {
		return Prepared{}, err
	}
	return Prepared{Plan: pl, Permit: p, Digest: digest}, nil
}

// Review is the signing review of a prepared permit.
func Review(id string, pr Prepared) review.Request {
	p, pl := pr.Permit, pr.Plan
	var business string
	if !pl.Amount.Equal(pl.PermitAmount) {
		business = pl.Amount.StringFixed(int32(pl.Token.Decimals)) + " " + pl.Token.Symbol
	}
	return review.PermitRequest(id, review.Permit{
		TokenSymbol: pl.Token.Symbol, TokenAddress: pl.Token.Address.Hex(), Decimals: pl.Token.Decimals,
		Value: p.Value, BusinessAmount: business, Owner: p.Owner.Hex(),
		SpenderRole: roleLabel(pl.Role), Spender: p.Spender.Hex(),
		Nonce: p.Nonce, Deadline: p.Deadline, ChainID: p.Domain.ChainID,
		DomainName: p.Domain.Name, DomainVersion: p.Domain.Version, Digest: pr.Digest.Hex(),
	})
}

// Submitted is the outcome of signing and submitting.
type Submitted struct {
	// Sig is kept so a failed submission is retried with the same signature.
	Sig       *wallet.PermitSignature
	Result    enduser.TokenPermitResult
	Allowance *big.Int
}

// Submit signs the permit (unless sig is given: a retry), submits it through token-permit
// and reads the allowance on chain. On a failed submission the signature comes back with
// the error.
func Submit(ctx context.Context, s *app.App, u *app.Unlock, pr Prepared, sig *wallet.PermitSignature) (Submitted, error) {
	signer, err := s.EVMSigner(u)
	if err != nil {
		return Submitted{Sig: sig}, err
	}
	if signer.Address() != pr.Permit.Owner {
		return Submitted{Sig: sig}, fmt.Errorf("the profile's key signs as %s, not the permit's owner %s; nothing was signed", signer.Address().Hex(), pr.Permit.Owner.Hex())
	}
	if sig == nil {
		ps, err := wallet.SignPermit(signer, pr.Permit)
		if err != nil {
			return Submitted{}, err
		}
		sig = &ps
	}
	out := Submitted{Sig: sig}
	api, err := s.API(true, u)
	if err != nil {
		return out, err
	}
	pl := pr.Plan
	if out.Result, err = api.TokenPermit(ctx, enduser.NewTokenPermitRequest(pr.Permit, *sig, pl.Amount, pl.Token.Decimals)); err != nil {
		return out, fmt.Errorf("token-permit: %w", err)
	}
	hc, err := s.Chain(ctx)
	if err != nil {
		return out, fmt.Errorf("permit submitted but the allowance could not be read: %w", err)
	}
	defer hc.Close()
	if out.Allowance, err = hc.Allowance(ctx, pl.Token.Address, pr.Permit.Owner, pl.Spender); err != nil {
		return out, fmt.Errorf("permit submitted but the allowance could not be read: %w", err)
	}
	return out, nil
}
