package app

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/app/review"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// PermitTTL is how long a permit signed here stays valid (the CLI's default --ttl), and
// MaxPermitTTL the longest a user may choose.
const (
	PermitTTL    = 30 * time.Minute
	MaxPermitTTL = 24 * time.Hour
)

// Spender roles (design 2.5).
const (
	RoleCard       = enduser.SpenderCard
	RoleDeposit    = enduser.SpenderDeposit
	RoleBufferPool = enduser.SpenderBufferPool
	RoleAddress    = "address"
)

// PermitRoles are the spender roles a token-permit may name: the card spender only. The
// route is the card-spend permit; the service's contracts and the public integration show
// the card-authorization contract as its spender. Other spenders are for the offline
// `purse sign permit`.
var PermitRoles = []string{RoleCard}

// RoleLabel says in words who spends under each role (shown in the review).
func RoleLabel(role string) string {
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

// PermitContext is what the form needs from the chain and the profile.
type PermitContext struct {
	Owner       common.Address
	OwnerErr    error
	Chain       enduser.Chain
	ChainID     *big.Int
	Tokens      []homechain.Token
	CardSpender string
}

// Load reads the chain configuration (logged out: nothing is signed for it), the
// home chain's id and the owner's address.
func (pe Permit) Load(ctx context.Context) (PermitContext, error) {
	s := pe.s
	var c PermitContext
	c.Owner, c.OwnerErr = s.ownerAddress()
	p := s.Profile()
	c.CardSpender = p.CardSpender
	api, err := s.api(false, nil)
	if err != nil {
		return c, err
	}
	cc, err := api.ChainConfigsLoggedOut(ctx)
	if err != nil {
		return c, err
	}
	hc, err := s.homeChain(ctx)
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

// PermitForm is what the user typed.
type PermitForm struct {
	Token int // index into PermitContext.Tokens
	// TokenName, when set, names the token by symbol or address instead (the CLI).
	TokenName    string
	Amount       string
	PermitAmount string
	Role         string
	Address      string
}

// PermitPlan is a checked form: exact amounts and a resolved spender.
type PermitPlan struct {
	Token        homechain.Token
	Amount       decimal.Decimal
	PermitAmount decimal.Decimal
	Value        *big.Int // the signed value in smallest units
	Role         string
	Spender      common.Address
}

// CheckPermit turns the form into a plan. Excess precision is an error naming the field, never
// rounded; the signed value must cover the amount.
func CheckPermit(c PermitContext, f PermitForm) (PermitPlan, error) {
	if c.OwnerErr != nil {
		return PermitPlan{}, fieldErr("owner", "%v", c.OwnerErr)
	}
	var tok homechain.Token
	switch {
	case f.TokenName != "":
		t, err := c.Chain.FindToken(f.TokenName)
		if err != nil {
			return PermitPlan{}, &FieldError{Field: "token", Err: err}
		}
		tok = t
	case f.Token < 0 || f.Token >= len(c.Tokens):
		return PermitPlan{}, fieldErr("token", "choose a token of %s", c.Chain.ChainIdentifier)
	default:
		tok = c.Tokens[f.Token]
	}
	amount, err := parseAmountField("amount", strings.TrimSpace(f.Amount), tok.Decimals)
	if err != nil {
		return PermitPlan{}, err
	}
	pl := PermitPlan{Token: tok, Amount: amount, PermitAmount: amount}
	if s := strings.TrimSpace(f.PermitAmount); s != "" {
		if pl.PermitAmount, err = parseAmountField("permit-amount", s, tok.Decimals); err != nil {
			return PermitPlan{}, err
		}
		if pl.PermitAmount.LessThan(amount) {
			return PermitPlan{}, fieldErr("permit-amount", "%s is below the amount %s: the signed value must cover the amount", s, strings.TrimSpace(f.Amount))
		}
	}
	if pl.Value, err = homechain.ToSmallest(pl.PermitAmount, tok.Decimals); err != nil {
		return PermitPlan{}, fieldErr("permit-amount", "%v", err)
	}
	pl.Role = f.Role
	if err := CheckPermitRole(f.Role); err != nil {
		return PermitPlan{}, err
	}
	if pl.Spender, err = PermitSpender(c, f); err != nil {
		return PermitPlan{}, err
	}
	return pl, nil
}

func parseAmountField(field, s string, decimals uint8) (decimal.Decimal, error) {
	if s == "" {
		return decimal.Decimal{}, fieldErr(field, "expected a decimal amount such as 25.00")
	}
	v, err := homechain.ParseAmount(s, decimals)
	if err != nil {
		return decimal.Decimal{}, &FieldError{Field: field, Err: err}
	}
	// A permit of 0 grants nothing and spends a nonce; the service would still relay it.
	if v.Sign() <= 0 {
		return decimal.Decimal{}, fieldErr(field, "expected an amount above 0, got %s", s)
	}
	return homechain.FromSmallest(v, decimals), nil
}

// CheckPermitRole refuses a spender role token-permit does not relay: the card's only (a
// *FieldError naming spender, with the offline way for another spender). Permit checks it
// before anything is read.
func CheckPermitRole(role string) error {
	if role != RoleCard {
		return fieldErr("spender", "token-permit relays the card-spend permit only (spender: the card-authorization contract, profile card_spender), got %q; sign a permit for %s offline with `purse sign permit`", role, RoleLabel(role))
	}
	return nil
}

// PermitSpender maps the role to an address (design 2.5), as `purse permit --spender` does.
func PermitSpender(c PermitContext, f PermitForm) (common.Address, error) {
	switch f.Role {
	case RoleCard, RoleDeposit, RoleBufferPool:
		a, err := c.Chain.Spender(f.Role, c.CardSpender)
		if err != nil {
			return common.Address{}, fieldErr("spender", "%v", err)
		}
		return a, nil
	case RoleAddress:
		a, err := ParseAddress("spender", strings.TrimSpace(f.Address))
		if err != nil {
			return common.Address{}, err
		}
		if a == (common.Address{}) {
			return common.Address{}, fieldErr("spender", "the zero address cannot be a spender")
		}
		return a, nil
	}
	return common.Address{}, fieldErr("spender", "expected card, deposit, bufferpool or address, got %q", f.Role)
}

// PreparedPermit is a permit read from the chain, ready for review.
type PreparedPermit struct {
	Plan   PermitPlan
	Permit wallet.Permit
	Digest common.Hash
}

// PermitRefusedError is a permit the chain refuses to build (its domain separator does not
// match, or the node serves another chain): nothing is signed.
type PermitRefusedError struct {
	Fields []string // the EIP-712 domain fields that differ
	Err    error
}

func (e *PermitRefusedError) Error() string {
	if len(e.Fields) == 0 {
		return e.Err.Error()
	}
	return "DOMAIN_SEPARATOR mismatch in domain field " + strings.Join(e.Fields, ", ") + ": " + e.Err.Error()
}
func (e *PermitRefusedError) Unwrap() error { return e.Err }

// Is makes a refused permit an ErrRejected (nothing was signed).
func (e *PermitRefusedError) Is(target error) bool { return target == ErrRejected }

// NextStep implements kit.NextStepper.
func (e *PermitRefusedError) NextStep() string {
	return "Nothing was signed. The token's domain differs from the one rebuilt from the chain: check the profile's network and evm_rpc against the token, then try again."
}

// preparePermit reads name, version, nonce and DOMAIN_SEPARATOR and builds the permit valid
// until deadline, refusing on a domain mismatch.
func (s *App) preparePermit(ctx context.Context, owner common.Address, pl PermitPlan, deadline time.Time) (PreparedPermit, error) {
	hc, err := s.homeChain(ctx)
	if err != nil {
		return PreparedPermit{}, err
	}
	defer hc.Close()
	p, err := hc.PreparePermit(ctx, pl.Token.Address, owner, pl.Spender, pl.Value, big.NewInt(deadline.Unix()))
	var dm *homechain.DomainMismatchError
	if errors.As(err, &dm) {
		re := &PermitRefusedError{Err: err}
		for _, f := range dm.Fields {
			re.Fields = append(re.Fields, f.Field)
		}
		return PreparedPermit{}, re
	}
	if errors.Is(err, homechain.ErrPermitRefused) {
		return PreparedPermit{}, &PermitRefusedError{Err: err}
	}
	if err != nil {
		return PreparedPermit{}, err
	}
	digest, _, err := p.Digest()
	if err != nil {
		return PreparedPermit{}, err
	}
	return PreparedPermit{Plan: pl, Permit: p, Digest: digest}, nil
}

// SubmittedPermit is the outcome of signing and submitting.
type SubmittedPermit struct {
	// Sig is kept so a failed submission is retried with the same signature.
	Sig       *wallet.PermitSignature
	Result    enduser.TokenPermitResult
	Allowance *big.Int
	// Settled is OutcomeLanded or OutcomeAlreadyPermitted: the permit took effect, or was not
	// needed.
	Settled string
	// Note says how the outcome was settled when the service's answer alone did not prove
	// it (the chain read after an answer that proved nothing, a relay that reverted while the
	// permit took effect); "" when the answer named a transaction that approved the value.
	Note string
}

// Submit signs the permit (unless sig is given: a retry), submits it through
// token-permit and settles what the POST did (settlePermit): from the answer when it proves
// it, else from the chain. On a failed submission the signature comes back with the error.
func (pe Permit) Submit(ctx context.Context, u *Unlock, pr PreparedPermit, sig *wallet.PermitSignature) (SubmittedPermit, error) {
	s := pe.s
	s.moving.Add(1) // no profile switch under a permit being submitted and settled
	defer s.moving.Add(-1)
	signer, err := s.evmSigner(u)
	if err != nil {
		return SubmittedPermit{Sig: sig}, err
	}
	if signer.Address() != pr.Permit.Owner {
		return SubmittedPermit{Sig: sig}, fmt.Errorf("the profile's key signs as %s, not the permit's owner %s; nothing was signed", signer.Address().Hex(), pr.Permit.Owner.Hex())
	}
	if sig == nil {
		ps, err := wallet.SignPermit(signer, pr.Permit)
		if err != nil {
			return SubmittedPermit{}, err
		}
		sig = &ps
	}
	out := SubmittedPermit{Sig: sig}
	api, err := s.api(true, u)
	if err != nil {
		return out, err
	}
	hc, err := s.homeChain(ctx)
	if err != nil {
		return out, err
	}
	defer hc.Close()
	pl := pr.Plan
	res, err := api.TokenPermit(ctx, enduser.NewTokenPermitRequest(pr.Permit, *sig, pl.Amount, pl.Token.Decimals, s.Profile().PermitAmountUnit))
	return settlePermit(ctx, hc, pr, out, res, err)
}

// PermitReview is the signing review of a prepared permit.
func PermitReview(id string, pr PreparedPermit) review.Request {
	p, pl := pr.Permit, pr.Plan
	var business string
	if !pl.Amount.Equal(pl.PermitAmount) {
		business = pl.Amount.StringFixed(int32(pl.Token.Decimals)) + " " + pl.Token.Symbol
	}
	return review.PermitRequest(id, review.Permit{
		TokenSymbol: pl.Token.Symbol, TokenAddress: pl.Token.Address.Hex(), Decimals: pl.Token.Decimals,
		Value: p.Value, BusinessAmount: business, Owner: p.Owner.Hex(),
		SpenderRole: RoleLabel(pl.Role), Spender: p.Spender.Hex(),
		Nonce: p.Nonce, Deadline: p.Deadline, ChainID: p.Domain.ChainID,
		DomainName: p.Domain.Name, DomainVersion: p.Domain.Version, Digest: pr.Digest.Hex(),
	})
}

// PermitOutcome is a submitted permit as `purse permit --json` prints it.
type PermitOutcome struct {
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
	Allowance        string `json:"allowance"`
	// Outcome is "landed" or "already permitted"; Note says how it was settled when the
	// service's answer alone did not prove it.
	Outcome string `json:"outcome"`
	Note    string `json:"note,omitempty"`
}

// Outcome is what was signed, submitted and read back, for printing.
func (sp SubmittedPermit) Outcome(pr PreparedPermit) PermitOutcome {
	pl, p, dec := pr.Plan, pr.Permit, int32(pr.Plan.Token.Decimals)
	out := PermitOutcome{
		Token: pl.Token.Symbol, TokenAddress: pl.Token.Address.Hex(), Spender: pl.Spender.Hex(), Role: pl.Role,
		Amount: pl.Amount.StringFixed(dec), PermitAmount: pl.PermitAmount.StringFixed(dec),
		Value: p.Value.String(), Nonce: p.Nonce.String(), Deadline: p.Deadline.Int64(),
		TxHash: sp.Result.TxHash, AlreadyPermitted: sp.Result.AlreadyPermitted, Outcome: sp.Settled, Note: sp.Note,
	}
	if sp.Sig != nil {
		out.Digest, out.Signature = sp.Sig.Digest, sp.Sig.Signature
	}
	if sp.Allowance != nil {
		out.Allowance = sp.Allowance.String()
	}
	return out
}
