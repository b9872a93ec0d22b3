// Package homechain reads what purse signs from the home EVM chain: the account NFT of an
// address, a token's name, nonces and DOMAIN_SEPARATOR for permits, allowances and balances.
package homechain

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Token is one ERC-20 of the home chain as the chain configuration lists it.
type Token struct {
	Symbol   string         `json:"symbol"`
	Name     string         `json:"name"`
	Address  common.Address `json:"address"`
	Decimals uint8          `json:"decimals"`
	IsFiat   bool           `json:"isFiat"`
}

// Contracts are the addresses a flow signs for or reads from.
type Contracts struct {
	AccountNFT  common.Address `json:"accountNFT"`
	CardSpender common.Address `json:"cardSpender"` // card-authorization contract (profile setting)
	Deposit     common.Address `json:"depositContract"`
	BufferPool  common.Address `json:"bufferPoolContract"`
}

// PermitSig is an EIP-2612 permit's deadline and signature as a contract takes them, for the
// calls that present a user's permit and spend it in one transaction (a transfer, a payout, a
// cash-out).
type PermitSig struct {
	Deadline *big.Int
	V        uint8
	R, S     [32]byte
}
