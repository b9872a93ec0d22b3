package app

import (
	"context"
	"fmt"
	"purse/app/internal/port"

	"github.com/ethereum/go-ethereum/common"

	"purse/config"
)

// The account's use cases (status, mint, KYC, Form A, the card, the chains, finding a key's
// account) are app/account's. What of them the core keeps is here: the checks every mint
// makes and the storing of a minted account (the partner's mint shares them), and the account
// check of every signed call of an account (the partner's routes make it too).

// mintOwner checks what every mint needs of the profile before anything is sent: no account
// yet, an EVM key, and no account of that key on chain already. It returns the key's address
// (zero when the profile is not fit) and what the chain guard saw: a chain that cannot be
// read is a note, not a refusal; an account the key owns is an error with the address.
func (s *App) mintOwner(ctx context.Context) (common.Address, string, error) {
	var none common.Address
	p := s.Profile()
	if p.TokenID != "" {
		return none, "", &Advice{fmt.Errorf("profile %s already has account %s", p.Name, p.TokenID),
			"A mint makes a new account only for a profile without one: use another profile, or keep this account."}
	}
	if p.EVMKey == "" {
		return none, "", &Advice{fmt.Errorf("profile %s has no EVM key", p.Name),
			"Add or import an EVM key (Keys screen, `purse key new`) and make it the profile's key."}
	}
	ks, err := s.keys(nil)
	if err != nil {
		return none, "", err
	}
	e, err := ks.Get(p.EVMKey)
	if err != nil {
		return none, "", err
	}
	owner := common.HexToAddress(e.Address)
	id, found, err := s.accountOf(ctx, owner)
	switch {
	case err != nil:
		return owner, "the chain was not checked for an existing account: " + OneLine(err), nil
	case found:
		return owner, "", &Advice{fmt.Errorf("%s already owns account %d on chain: minting another is refused", owner.Hex(), id),
			fmt.Sprintf("Use that account: set token_id=%d (Settings screen, `purse profile set`) or run `purse account find`.", id)}
	}
	return owner, port.ChainShowsNone, nil
}

// storeMinted stores the account a mint made in the profile. A mint the service confirmed
// but the profile could not store says so, with the id to set by hand.
func (s *App) storeMinted(id, txHash string) (config.Profile, error) {
	p, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", id) })
	if err != nil {
		return config.Profile{}, &Advice{fmt.Errorf("minted account %s (tx %s) but could not store it in the profile: %w", id, txHash, err),
			"Set token_id=" + id + " (Settings screen, `purse profile set`); do not mint again."}
	}
	return p, nil
}

// requireAccount fails when the profile has no account id yet: signed calls need one.
func (s *App) requireAccount() error {
	if p := s.Profile(); p.TokenID == "" {
		return Usagef("profile %s has no account id: mint one (Account screen, `purse account mint`) or find an existing one (`purse account find`)", p.Name)
	}
	return nil
}
