package balances

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/tui/svc"
)

// The helpers below read the home chain the way `purse balances` and `purse permit` do
// (cmd/purse/chainread.go). They are exported for the Permit screen; the CLI keeps its own
// copy because it lives in package main.

// TokenAddress reads a tokenIdentifier: a 0x address or a CAIP-19 id (eip155:1/erc20:0x...).
func TokenAddress(id string) (common.Address, bool) {
	if _, asset, ok := strings.Cut(id, "/"); ok {
		ns, ref, ok := strings.Cut(asset, ":")
		if !ok || !strings.EqualFold(ns, "erc20") {
			return common.Address{}, false
		}
		id = ref
	}
	if !strings.HasPrefix(id, "0x") || !common.IsHexAddress(id) {
		return common.Address{}, false
	}
	return common.HexToAddress(id), true
}

// ChainToken converts one token of the chain configuration.
func ChainToken(t enduser.Token) (homechain.Token, error) {
	addr, ok := TokenAddress(t.TokenIdentifier)
	if !ok {
		return homechain.Token{}, fmt.Errorf("chain configuration: token %s has tokenIdentifier %q, not an address", t.Symbol, t.TokenIdentifier)
	}
	if t.Decimals < 0 || t.Decimals > 77 {
		return homechain.Token{}, fmt.Errorf("chain configuration: token %s has %d decimals", t.Symbol, t.Decimals)
	}
	return homechain.Token{Symbol: t.Symbol, Name: t.Name, Address: addr, Decimals: uint8(t.Decimals), IsFiat: t.IsFiat}, nil
}

// ChainTokens converts the ERC-20 tokens of ch (the native token is skipped).
func ChainTokens(ch enduser.Chain) ([]homechain.Token, error) {
	out := make([]homechain.Token, 0, len(ch.Tokens))
	for _, t := range ch.Tokens {
		if t.IsNative {
			continue
		}
		tok, err := ChainToken(t)
		if err != nil {
			return nil, err
		}
		out = append(out, tok)
	}
	return out, nil
}

// HomeChainID is the CAIP-2 id of the chain the profile's evm_rpc serves.
func HomeChainID(chainID *big.Int) string { return "eip155:" + chainID.String() }

// PickHomeChain picks the home chain (eip155:<chainId>) out of the chain configuration.
func PickHomeChain(cc enduser.ChainConfigs, chainID *big.Int) (enduser.Chain, error) {
	if ch, ok := cc.Chain(HomeChainID(chainID)); ok {
		return ch, nil
	}
	ids := make([]string, 0, len(cc.Chains))
	for _, ch := range cc.Chains {
		ids = append(ids, ch.ChainIdentifier)
	}
	return enduser.Chain{}, fmt.Errorf("the chain configuration has no chain %s (the chain the profile's evm_rpc serves); it lists %s", HomeChainID(chainID), strings.Join(ids, ", "))
}

// OwnerAddress is the address of the profile's EVM key, read from the key index (no
// passphrase needed).
func OwnerAddress(s *svc.Services) (common.Address, error) {
	p := s.Profile()
	if p.EVMKey == "" {
		return common.Address{}, fmt.Errorf("profile %s has no EVM key: add or import one on the Keys screen", p.Name)
	}
	ks, err := s.Keys(nil)
	if err != nil {
		return common.Address{}, err
	}
	e, err := ks.Get(p.EVMKey)
	if err != nil {
		return common.Address{}, err
	}
	if e.Kind != keystore.KindEVM {
		return common.Address{}, fmt.Errorf("key %s is a %s key; the profile's evm_key must be an EVM key", e.Label, e.Kind)
	}
	return common.HexToAddress(e.Address), nil
}

// Snapshot is what the Balances screen shows: the chain configuration and the on-chain
// balances of the profile's EVM key.
type Snapshot struct {
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
	// Balances by token address (home chain only).
	Balances map[common.Address]homechain.Balance
	ChainErr error
}

// Load reads the chain configuration (logged in when the profile has an account and the key
// can sign without a prompt, or with u) and the on-chain balances of the profile's key.
func Load(ctx context.Context, s *svc.Services, u *svc.Unlock) (Snapshot, error) {
	var snap Snapshot
	snap.Owner, snap.OwnerErr = OwnerAddress(s)
	p := s.Profile()
	snap.Account = p.TokenID
	loggedOut := func() error {
		c, err := s.API(false, nil)
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
		c, err := s.API(true, u)
		if err == nil {
			snap.Configs, err = c.ChainConfigs(ctx)
		}
		switch {
		case err == nil:
			snap.LoggedIn = true
		case errors.Is(err, svc.ErrPassphraseNeeded):
			snap.NeedUnlock = true
			snap.Note = "logged out: the EVM key's passphrase is needed for the account's view (press u)"
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
	snap.ChainErr = readBalances(ctx, s, &snap)
	return snap, nil
}

func readBalances(ctx context.Context, s *svc.Services, snap *Snapshot) error {
	hc, err := s.Chain(ctx)
	if err != nil {
		return err
	}
	defer hc.Close()
	id, err := hc.ChainID(ctx)
	if err != nil {
		return err
	}
	snap.HomeID = HomeChainID(id)
	ch, err := PickHomeChain(snap.Configs, id)
	if err != nil {
		return err
	}
	if snap.OwnerErr != nil {
		return nil
	}
	tokens, err := ChainTokens(ch)
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
	return nil
}
