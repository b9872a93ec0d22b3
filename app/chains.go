package app

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"

	"purse/keystore"
)

// The chains' reads (the configuration, the balances of the profile's key) are app/account's;
// the address of the profile's key stays with the core, which a permit reads too.

// ownerAddress is the address of the profile's EVM key, read from the key index (no
// passphrase needed).
func (s *App) ownerAddress() (common.Address, error) {
	p := s.Profile()
	if p.EVMKey == "" {
		return common.Address{}, noKey(p.Name, "EVM")
	}
	ks, err := s.keys(nil)
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

// SolanaAddress is the address of the profile's Solana key, read from the key index (no
// passphrase needed): where the user sends SOL and USDC to deposit.
func (sv Deposit) SolanaAddress() (string, error) {
	s := sv.s
	p := s.Profile()
	if p.SolanaKey == "" {
		return "", fmt.Errorf("profile %s has no Solana key: add or import one on the Keys screen or with `purse key new --kind solana`", p.Name)
	}
	ks, err := s.keys(nil)
	if err != nil {
		return "", err
	}
	e, err := ks.Get(p.SolanaKey)
	if err != nil {
		return "", err
	}
	if e.Kind != keystore.KindSolana {
		return "", fmt.Errorf("key %s is a %s key; the profile's solana_key must be a Solana key", e.Label, e.Kind)
	}
	return e.Address, nil
}
