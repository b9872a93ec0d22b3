package app

import (
	"context"
	"fmt"
	"io"
	"strings"

	"purse/enduser"
)

// Reads of the account that change nothing: status, email availability, chain
// configuration, on-ramp limits.

// Status reads the account's status, KYC step, vendor review and CRS notice.
func (ac Account) Status(ctx context.Context) (enduser.AccountStatus, error) {
	s := ac.s
	if err := s.requireAccount(); err != nil {
		return enduser.AccountStatus{}, err
	}
	c, err := s.statusAPI(nil)
	if err != nil {
		return enduser.AccountStatus{}, err
	}
	return c.AccountStatus(ctx)
}

// statusAPI is the client that reads the account status: unsigned at the spec's basic auth,
// signed with the profile's key when the profile makes the route full-auth
// (routes.account-status = full, as the public integration calls it).
func (s *App) statusAPI(u *Unlock) (*enduser.Client, error) {
	p := s.Profile()
	r, _ := enduser.RouteUnder(enduser.RouteAccountStatus, p.Routes, p.StandInNames())
	return s.api(r.Auth == enduser.AuthFull, u)
}

// EmailStatus says whether an email is still available for a new account.
func (ac Account) EmailStatus(ctx context.Context, email string) (bool, error) {
	s := ac.s
	c, err := s.api(false, nil)
	if err != nil {
		return false, err
	}
	return c.EmailStatus(ctx, email)
}

// LoggedIn says whether the profile can make signed calls (an account id and an EVM key).
func (ac Account) LoggedIn() bool {
	s := ac.s
	p := s.Profile()
	return p.TokenID != "" && p.EVMKey != ""
}

// Configs reads the chain configuration: signed, with balances and the card activation,
// when the profile is logged in; else the logged-out view.
func (ch Chains) Configs(ctx context.Context, u *Unlock) (enduser.ChainConfigs, error) {
	s := ch.s
	if !s.Account().LoggedIn() {
		c, err := s.api(false, nil)
		if err != nil {
			return enduser.ChainConfigs{}, err
		}
		return c.ChainConfigsLoggedOut(ctx)
	}
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.ChainConfigs{}, err
	}
	return c.ChainConfigs(ctx)
}

// OnrampLimit reads the on-ramp limits and blockers (Live accounts).
func (ac Account) OnrampLimit(ctx context.Context, u *Unlock) (enduser.OnrampLimit, error) {
	s := ac.s
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.OnrampLimit{}, err
	}
	return c.OnrampLimit(ctx)
}

// BankingProfile reads the account's banking profile: limits, IBAN, card eligibility.
func (ac Account) BankingProfile(ctx context.Context, u *Unlock) (enduser.Profile, error) {
	s := ac.s
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.Profile{}, err
	}
	return c.Profile(ctx)
}

// ShareToken is where a share token comes from: Value (typed into a hidden field), else the
// file File ("-": Stdin).
type ShareToken struct {
	Value []byte
	File  string
	Stdin io.Reader
}

// ShareTokenHandoff hands the partner's verified applicant over with a share token (the
// external-wallet shared-token mode, spec 4.1): the token is read from file ("-": stdin; never
// an argument: it is a credential) and used once. Passed is no error; incomplete comes back
// as an Advice naming the missing fields, terminal as a RejectedError (the session ended).
func (ac Account) ShareTokenHandoff(ctx context.Context, u *Unlock, src ShareToken) (enduser.HandoffVerdict, error) {
	s := ac.s
	tok := src.Value
	if tok == nil {
		var err error
		if tok, err = readSecret("share-token-file", src.File, src.Stdin); err != nil {
			return enduser.HandoffVerdict{}, err
		}
		defer clear(tok)
	}
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.HandoffVerdict{}, err
	}
	v, err := c.ReuseShareToken(ctx, string(tok))
	switch {
	case err != nil:
		return v, err
	case v.Status == enduser.VerdictIncomplete:
		return v, &Advice{fmt.Errorf("handoff incomplete (%d, attempt %d): missing %s", v.Code, int64(v.Attempt), strings.Join(v.MissingFields, ", ")),
			"The partner completes the applicant's data and issues a fresh share token; hand that one over."}
	case v.Status == enduser.VerdictTerminal:
		return v, &RejectedError{fmt.Sprintf("handoff terminal (%d): %s; the session ended, later handoffs fail", v.Code, v.Message)}
	}
	return v, nil
}

// KYCCheck reads the handoff session (state, complete, missing fields).
func (ac Account) KYCCheck(ctx context.Context, u *Unlock) (enduser.KYCCheckResult, error) {
	s := ac.s
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.KYCCheckResult{}, err
	}
	return c.KYCCheck(ctx)
}

// KYCSubmit submits the handoff session once the check is complete and Form A signed.
func (ac Account) KYCSubmit(ctx context.Context, u *Unlock) (enduser.KYCSubmitResult, error) {
	s := ac.s
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.KYCSubmitResult{}, err
	}
	return c.KYCSubmit(ctx)
}
