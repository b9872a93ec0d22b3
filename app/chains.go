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
