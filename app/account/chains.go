package account

import (
	"context"
	"errors"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
	"purse/homechain"
)

// Chains is what a user reads of the chains: the service's chain configuration (with the
// account's balances when logged in) and the on-chain balances of the profile's EVM key.
// purse chains and purse balances and the TUI's Balances screen call it.
type Chains struct{ s port.Account }

// NewChains is the chains of the session core's profile.
func NewChains(core *app.App) Chains {
	s, _ := port.AccountOf(core) // nil for a nil core: every use then fails, as on a nil App
	return Chains{s}
}

// Configs reads the chain configuration: signed, with balances and the card activation,
// when the profile is logged in; else the logged-out view.
func (ch Chains) Configs(ctx context.Context, u *app.Unlock) (enduser.ChainConfigs, error) {
	if !(Service{s: ch.s}).LoggedIn() {
		c, err := ch.s.API(false, nil)
		if err != nil {
			return enduser.ChainConfigs{}, err
		}
		return c.ChainConfigsLoggedOut(ctx)
	}
	c, err := ch.s.AccountAPI(true, u)
	if err != nil {
		return enduser.ChainConfigs{}, err
	}
	return c.ChainConfigs(ctx)
}

// ChainSnapshot is what the Balances screen shows: the chain configuration and the on-chain
// balances of the profile's EVM key.
type ChainSnapshot struct {
	Owner    common.Address
	OwnerErr error
	// Account is the profile's account token id ("" when none).
	Account string
	Configs enduser.ChainConfigs
	// LoggedIn is true when the configuration was read with full auth (balances of the
	// service and canActivateCard are present).
	LoggedIn bool
	// Note says why the view is logged out, when it is.
	Note string
	// NeedUnlock is true when a logged-in read needs the key file's passphrase.
	NeedUnlock bool
	HomeID     string
	// Onramp is the on-ramp limit read with the logged-in view (OnrampErr when it failed;
	// both empty when logged out).
	Onramp    *enduser.OnrampLimit
	OnrampErr error
	// Balances by token address (home chain only), and in the chain configuration's order.
	Balances map[common.Address]homechain.Balance
	Ordered  []homechain.Balance
	ChainErr error
}

// Snapshot reads the chain configuration (logged in when the profile has an account and the key
// can sign without a prompt, or with u) and the on-chain balances of the profile's key.
func (ch Chains) Snapshot(ctx context.Context, u *app.Unlock) (ChainSnapshot, error) {
	return ch.snapshot(ctx, u, false)
}

// SignedSnapshot is Snapshot when the user asked for the account's view: a
// missing passphrase is the error (the front end asks and calls again), not a logged-out
// view.
func (ch Chains) SignedSnapshot(ctx context.Context, u *app.Unlock) (ChainSnapshot, error) {
	return ch.snapshot(ctx, u, true)
}

func (ch Chains) snapshot(ctx context.Context, u *app.Unlock, signed bool) (ChainSnapshot, error) {
	var snap ChainSnapshot
	snap.Owner, snap.OwnerErr = ch.s.OwnerAddress()
	p := ch.s.Profile()
	snap.Account = p.TokenID
	loggedOut := func() error {
		c, err := ch.s.API(false, nil)
		if err != nil {
			return err
		}
		snap.Configs, err = c.ChainConfigsLoggedOut(ctx)
		return err
	}
	switch {
	case p.TokenID == "" || p.EVMKey == "":
		snap.Note = "logged out: the profile has no account yet (mint one on the Account screen)"
		if err := loggedOut(); err != nil {
			return snap, err
		}
	default:
		c, err := ch.s.API(true, u)
		if err == nil {
			snap.Configs, err = c.ChainConfigs(ctx)
		}
		switch {
		case err == nil:
			snap.LoggedIn = true
			if l, err := c.OnrampLimit(ctx); err != nil {
				snap.OnrampErr = err
			} else {
				snap.Onramp = &l
			}
		case signed && errors.Is(err, app.ErrNeedsUnlock):
			return snap, err
		case errors.Is(err, app.ErrNeedsUnlock):
			snap.NeedUnlock = true
			snap.Note = "logged out: the EVM key's passphrase is needed for the account's view"
			if err := loggedOut(); err != nil {
				return snap, err
			}
		case ctx.Err() != nil:
			return snap, err
		default:
			snap.Note = "logged out: the signed read failed (" + err.Error() + ")"
			if err := loggedOut(); err != nil {
				return snap, err
			}
		}
	}
	snap.ChainErr = ch.readBalances(ctx, &snap)
	return snap, nil
}

func (ch Chains) readBalances(ctx context.Context, snap *ChainSnapshot) error {
	hc, err := ch.s.DialHomeChain(ctx)
	if err != nil {
		return err
	}
	defer hc.Close()
	id, err := hc.ChainID(ctx)
	if err != nil {
		return err
	}
	snap.HomeID = enduser.HomeChainID(id)
	home, err := snap.Configs.Home(id)
	if err != nil {
		return err
	}
	if snap.OwnerErr != nil {
		return nil
	}
	tokens, err := home.ERC20Tokens()
	if err != nil {
		return err
	}
	bals, err := hc.Balances(ctx, snap.Owner, tokens)
	if err != nil {
		return err
	}
	snap.Balances = make(map[common.Address]homechain.Balance, len(bals))
	for _, b := range bals {
		snap.Balances[b.Token.Address] = b
	}
	snap.Ordered = bals
	return nil
}

// HomeBalances reads the on-chain balances of the profile's EVM key for every token of the
// home chain, with the configuration read logged out: nothing is signed, no passphrase asked.
func (ch Chains) HomeBalances(ctx context.Context) (ChainSnapshot, error) {
	var snap ChainSnapshot
	if snap.Owner, snap.OwnerErr = ch.s.OwnerAddress(); snap.OwnerErr != nil {
		return snap, snap.OwnerErr
	}
	c, err := ch.s.API(false, nil)
	if err != nil {
		return snap, err
	}
	if snap.Configs, err = c.ChainConfigsLoggedOut(ctx); err != nil {
		return snap, err
	}
	return snap, ch.readBalances(ctx, &snap)
}
