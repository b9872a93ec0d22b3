// Package permit is the card-spend permit (`purse permit`, the TUI's Permit screen): read
// what a permit needs (the chain configuration, the owner, the tokens), check the form, read
// the permit from the chain (a DOMAIN_SEPARATOR mismatch refuses), have the signing gate sign
// it, submit it through token-permit and settle what the service did from its answer and the
// chain. The signing gate's review of a permit signature is the core's (package app reviews
// every permit it signs, `purse sign permit`'s too), and so are the spender roles and their
// labels (app.RoleCard, app.RoleLabel) that review shows. It reaches the application core
// only through its port (app/internal/port).
package permit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
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

// TTL is how long a permit signed here stays valid (the CLI's default --ttl), and maxTTL
// the longest a user may choose.
const (
	TTL    = 30 * time.Minute
	maxTTL = 24 * time.Hour
)

// Roles are the spender roles a token-permit may name: the card spender only. The route is
// the card-spend permit; the service's contracts and the public integration show the
// card-authorization contract as its spender. Other spenders are for the offline `purse
// sign permit`.
var Roles = []string{app.RoleCard}

// Context is what the form needs from the chain and the profile.
type Context struct {
	Owner       common.Address
	OwnerErr    error
	Chain       enduser.Chain
	ChainID     *big.Int
	Tokens      []homechain.Token
	CardSpender string
	// BufferPool and DepositContract are the profile's buffer_pool and deposit_contract
	// pins ("" none).
	BufferPool      string
	DepositContract string
}

// Load reads the chain configuration (logged out: nothing is signed for it), the
// home chain's id and the owner's address.
func (sv Service) Load(ctx context.Context) (Context, error) {
	s := sv.s
	var c Context
	c.Owner, c.OwnerErr = s.OwnerAddress()
	p := s.Profile()
	c.CardSpender, c.BufferPool, c.DepositContract = p.CardSpender, p.BufferPool, p.DepositContract
	var err error
	if c.Chain, c.ChainID, err = port.HomeChain(ctx, s); err != nil {
		return c, err
	}
	c.Tokens, err = c.Chain.ERC20Tokens()
	return c, err
}

// Form is what the user typed.
type Form struct {
	Token int // index into Context.Tokens
	// TokenName, when set, names the token by symbol or address instead (the CLI).
	TokenName    string
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
		return Plan{}, &app.FieldError{Field: "owner", Err: fmt.Errorf("%v", c.OwnerErr)}
	}
	var tok homechain.Token
	switch {
	case f.TokenName != "":
		t, err := c.Chain.FindToken(f.TokenName)
		if err != nil {
			return Plan{}, &app.FieldError{Field: "token", Err: err}
		}
		tok = t
	case f.Token < 0 || f.Token >= len(c.Tokens):
		return Plan{}, &app.FieldError{Field: "token", Err: fmt.Errorf("choose a token of %s", c.Chain.ChainIdentifier)}
	default:
		tok = c.Tokens[f.Token]
	}
	amount, err := parseAmountField("amount", strings.TrimSpace(f.Amount), tok.Decimals)
	if err != nil {
		return Plan{}, err
	}
	pl := Plan{Token: tok, Amount: amount, PermitAmount: amount}
	if s := strings.TrimSpace(f.PermitAmount); s != "" {
		if pl.PermitAmount, err = parseAmountField("permit-amount", s, tok.Decimals); err != nil {
			return Plan{}, err
		}
		if pl.PermitAmount.LessThan(amount) {
			return Plan{}, &app.FieldError{Field: "permit-amount", Err: fmt.Errorf("%s is below the amount %s: the signed value must cover the amount", s, strings.TrimSpace(f.Amount))}
		}
	}
	if pl.Value, err = homechain.ToSmallest(pl.PermitAmount, tok.Decimals); err != nil {
		return Plan{}, &app.FieldError{Field: "permit-amount", Err: fmt.Errorf("%v", err)}
	}
	pl.Role = f.Role
	if err := checkRole(f.Role); err != nil {
		return Plan{}, err
	}
	if pl.Spender, err = Spender(c, f); err != nil {
		return Plan{}, err
	}
	return pl, nil
}

func parseAmountField(field, s string, decimals uint8) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, &app.FieldError{Field: field, Err: errors.New("expected a decimal amount such as 25.00")}
	}
	v, err := homechain.ParseAmount(s, decimals)
	if err != nil {
		return decimal.Decimal{}, &app.FieldError{Field: field, Err: err}
	}
	// A permit of 0 grants nothing and spends a nonce; the service would still relay it.
	if v.Sign() <= 0 {
		return decimal.Decimal{}, &app.FieldError{Field: field, Err: fmt.Errorf("expected an amount above 0, got %s", s)}
	}
	return homechain.FromSmallest(v, decimals), nil
}

// checkRole refuses a spender role token-permit does not relay: the card's only (an
// *app.FieldError naming spender, with the offline way for another spender). Run checks it
// before anything is read.
func checkRole(role string) error {
	if role != app.RoleCard {
		return &app.FieldError{Field: "spender", Err: fmt.Errorf("token-permit relays the card-spend permit only (spender: the card-authorization contract, profile card_spender), got %q; sign a permit for %s offline with `purse sign permit`", role, app.RoleLabel(role))}
	}
	return nil
}

// Spender maps the role to an address (design 2.5), as `purse permit --spender` does.
func Spender(c Context, f Form) (common.Address, error) {
	switch f.Role {
	case app.RoleCard, app.RoleDeposit, app.RoleBufferPool:
		pin := map[string]string{app.RoleCard: c.CardSpender, app.RoleBufferPool: c.BufferPool, app.RoleDeposit: c.DepositContract}[f.Role]
		a, err := c.Chain.Spender(f.Role, pin)
		if err != nil {
			return common.Address{}, &app.FieldError{Field: "spender", Err: fmt.Errorf("%v", err)}
		}
		return a, nil
	case app.RoleAddress:
		a, err := app.ParseAddress("spender", strings.TrimSpace(f.Address))
		if err != nil {
			return common.Address{}, err
		}
		if a == (common.Address{}) {
			return common.Address{}, &app.FieldError{Field: "spender", Err: errors.New("the zero address cannot be a spender")}
		}
		return a, nil
	}
	return common.Address{}, &app.FieldError{Field: "spender", Err: fmt.Errorf("expected card, deposit, bufferpool or address, got %q", f.Role)}
}

// Prepared is a permit read from the chain, ready for review.
type Prepared struct {
	Plan   Plan
	Permit wallet.Permit
	Digest common.Hash
}

// RefusedError is a permit the chain refuses to build (its domain separator does not match,
// or the node serves another chain): nothing is signed.
type RefusedError struct {
	Fields []string // the EIP-712 domain fields that differ
	Err    error
}

func (e *RefusedError) Error() string {
	if len(e.Fields) == 0 {
		return e.Err.Error()
	}
	return "DOMAIN_SEPARATOR mismatch in domain field " + strings.Join(e.Fields, ", ") + ": " + e.Err.Error()
}
func (e *RefusedError) Unwrap() error { return e.Err }

// Is makes a refused permit an app.ErrRejected (nothing was signed).
func (e *RefusedError) Is(target error) bool { return target == app.ErrRejected }

// NextStep implements kit.NextStepper.
func (e *RefusedError) NextStep() string {
	return "Nothing was signed. The token's domain differs from the one rebuilt from the chain: check the profile's network and evm_rpc against the token, then try again."
}

// prepare reads name, version, nonce and DOMAIN_SEPARATOR and builds the permit valid until
// deadline, refusing on a domain mismatch.
func (sv Service) prepare(ctx context.Context, owner common.Address, pl Plan, deadline time.Time) (Prepared, error) {
	hc, err := sv.s.DialHomeChain(ctx)
	if err != nil {
		return Prepared{}, err
	}
	defer hc.Close()
	p, err := hc.PreparePermit(ctx, pl.Token.Address, owner, pl.Spender, pl.Value, big.NewInt(deadline.Unix()))
	var dm *homechain.DomainMismatchError
	if errors.As(err, &dm) {
		re := &RefusedError{Err: err}
		for _, f := range dm.Fields {
			re.Fields = append(re.Fields, f.Field)
		}
		return Prepared{}, re
	}
	if errors.Is(err, homechain.ErrPermitRefused) {
		return Prepared{}, &RefusedError{Err: err}
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

// Submitted is the outcome of signing and submitting.
type Submitted struct {
	// Sig is kept so a failed submission is retried with the same signature.
	Sig       *wallet.PermitSignature
	Result    enduser.TokenPermitResult
	Allowance *big.Int
	// Settled is app.OutcomeLanded or OutcomeAlreadyPermitted: the permit took effect, or was
	// not needed.
	Settled string
	// Note says how the outcome was settled when the service's answer alone did not prove
	// it (the chain read after an answer that proved nothing, a relay that reverted while the
	// permit took effect); "" when the answer named a transaction that approved the value.
	Note string
	// Unneeded says the allowance read on chain before signing already was the permit's
	// value: nothing was signed or sent (Settled is OutcomeAlreadyPermitted).
	Unneeded bool
}

// Submit signs the permit (unless sig is given: a retry), submits it through
// token-permit and settles what the POST did (settlePermit): from the answer when it proves
// it, else from the chain. On a failed submission the signature comes back with the error.
func (sv Service) Submit(ctx context.Context, u *app.Unlock, pr Prepared, sig *wallet.PermitSignature) (Submitted, error) {
	s := sv.s
	defer s.HoldProfile()() // no profile switch under a permit being submitted and settled
	signer, err := s.EVMSigner(u)
	if err != nil {
		return Submitted{Sig: sig}, err
	}
	if signer.Address() != pr.Permit.Owner {
		return Submitted{Sig: sig}, fmt.Errorf("the profile's key signs as %s, not the permit's owner %s; nothing was signed", signer.Address().Hex(), pr.Permit.Owner.Hex())
	}
	pl := pr.Plan
	request := func(sig wallet.PermitSignature) enduser.TokenPermitRequest {
		return enduser.NewTokenPermitRequest(pr.Permit, sig, pl.Amount, pl.Token.Decimals, s.Profile().PermitAmountUnit)
	}
	if sig == nil {
		// The permit is signed with the call that relays it (its signature blank), so the
		// review shows that call and only exactly that call delivers it.
		blank, err := json.Marshal(request(wallet.PermitSignature{}))
		if err != nil {
			return Submitted{}, err
		}
		unsigned, err := enduser.UnsignedCall(blank)
		if err != nil {
			return Submitted{}, err
		}
		ps, err := wallet.SignPermitFor(signer, pr.Permit, enduser.RouteTokenPermit, unsigned)
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
	hc, err := s.DialHomeChain(ctx)
	if err != nil {
		return out, err
	}
	defer hc.Close()
	res, err := api.TokenPermit(ctx, request(*sig))
	return settlePermit(ctx, hc, pr, out, res, err)
}

// Outcome is a submitted permit as `purse permit --json` prints it.
type Outcome struct {
	Token            string `json:"token"`
	TokenAddress     string `json:"tokenAddress"`
	Spender          string `json:"spender"`
	Role             string `json:"role"`
	Amount           string `json:"amount"`
	PermitAmount     string `json:"permitAmount"`
	Value            string `json:"value"`
	Nonce            string `json:"nonce"`
	Deadline         int64  `json:"deadline"`
	Digest           string `json:"digest"`
	Signature        string `json:"signature"`
	TxHash           string `json:"txHash"`
	AlreadyPermitted bool   `json:"alreadyPermitted"`
	// Unneeded: the allowance already was the value before anything was signed or sent.
	Unneeded  bool   `json:"unneeded,omitempty"`
	Allowance string `json:"allowance"`
	// Outcome is "landed" or "already permitted"; Note says how it was settled when the
	// service's answer alone did not prove it.
	Outcome string `json:"outcome"`
	Note    string `json:"note,omitempty"`
}

// Outcome is what was signed, submitted and read back, for printing.
func (sp Submitted) Outcome(pr Prepared) Outcome {
	pl, p, dec := pr.Plan, pr.Permit, int32(pr.Plan.Token.Decimals)
	out := Outcome{
		Token: pl.Token.Symbol, TokenAddress: pl.Token.Address.Hex(), Spender: pl.Spender.Hex(), Role: pl.Role,
		Amount: pl.Amount.StringFixed(dec), PermitAmount: pl.PermitAmount.StringFixed(dec),
		Value: p.Value.String(), Nonce: p.Nonce.String(), Deadline: p.Deadline.Int64(),
		TxHash: sp.Result.TxHash, AlreadyPermitted: sp.Result.AlreadyPermitted, Unneeded: sp.Unneeded, Outcome: sp.Settled, Note: sp.Note,
	}
	if sp.Sig != nil {
		out.Digest, out.Signature = sp.Sig.Digest, sp.Sig.Signature
	}
	if sp.Allowance != nil {
		out.Allowance = sp.Allowance.String()
	}
	return out
}
