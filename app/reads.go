package app

import (
	"context"

	"purse/enduser"
)

// Reads of the account that change nothing: status, email availability, chain
// configuration, on-ramp limits.

// AccountStatus reads the account's status, KYC step, vendor review and CRS notice.
func (s *App) AccountStatus(ctx context.Context) (enduser.AccountStatus, error) {
	if err := s.requireAccount(); err != nil {
		return enduser.AccountStatus{}, err
	}
	c, err := s.API(false, nil)
	if err != nil {
		return enduser.AccountStatus{}, err
	}
	return c.AccountStatus(ctx)
}

// EmailStatus says whether an email is still available for a new account.
func (s *App) EmailStatus(ctx context.Context, email string) (bool, error) {
	c, err := s.API(false, nil)
	if err != nil {
		return false, err
	}
	return c.EmailStatus(ctx, email)
}

// LoggedIn says whether the profile can make signed calls (an account id and an EVM key).
func (s *App) LoggedIn() bool {
	p := s.Profile()
	return p.TokenID != "" && p.EVMKey != ""
}

// ChainConfigs reads the chain configuration: signed, with balances and the card activation,
// when the profile is logged in; else the logged-out view.
func (s *App) ChainConfigs(ctx context.Context, u *Unlock) (enduser.ChainConfigs, error) {
	if !s.LoggedIn() {
		c, err := s.API(false, nil)
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
func (s *App) OnrampLimit(ctx context.Context, u *Unlock) (enduser.OnrampLimit, error) {
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.OnrampLimit{}, err
	}
	return c.OnrampLimit(ctx)
}

// BankingProfile reads the account's banking profile: limits, IBAN, card eligibility.
func (s *App) BankingProfile(ctx context.Context, u *Unlock) (enduser.Profile, error) {
	c, err := s.accountAPI(u)
	if err != nil {
		return enduser.Profile{}, err
	}
	return c.Profile(ctx)
}
