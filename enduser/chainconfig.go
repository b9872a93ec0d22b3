package enduser

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/homechain"
	"purse/internal/evmaddr"
)

// HomeChainID is the CAIP-2 id of the EVM chain with chainID.
func HomeChainID(chainID *big.Int) string { return "eip155:" + chainID.String() }

// Home picks the home chain (eip155:<chainID>, the chain the profile's evm_rpc serves) out
// of the configuration.
func (c ChainConfigs) Home(chainID *big.Int) (Chain, error) {
	if ch, ok := c.Chain(HomeChainID(chainID)); ok {
		return ch, nil
	}
	ids := make([]string, 0, len(c.Chains))
	for _, ch := range c.Chains {
		ids = append(ids, ch.ChainIdentifier)
	}
	return Chain{}, fmt.Errorf("the chain configuration has no chain %s (the chain the profile's evm_rpc serves); it lists %s", HomeChainID(chainID), strings.Join(ids, ", "))
}

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

// HomeToken is the token as the chain readers take it.
func (t Token) HomeToken() (homechain.Token, error) {
	addr, ok := TokenAddress(t.TokenIdentifier)
	if !ok {
		return homechain.Token{}, fmt.Errorf("chain configuration: token %s has tokenIdentifier %q, not an address", t.Symbol, t.TokenIdentifier)
	}
	if t.Decimals < 0 || t.Decimals > maxTokenDecimals {
		return homechain.Token{}, fmt.Errorf("chain configuration: token %s has %d decimals", t.Symbol, t.Decimals)
	}
	return homechain.Token{Symbol: t.Symbol, Name: t.Name, Address: addr, Decimals: uint8(t.Decimals), IsFiat: t.IsFiat}, nil
}

// ERC20Tokens are the chain's tokens without the native one, as the chain readers take them.
func (c Chain) ERC20Tokens() ([]homechain.Token, error) {
	out := make([]homechain.Token, 0, len(c.Tokens))
	for _, t := range c.Tokens {
		if t.IsNative {
			continue
		}
		tok, err := t.HomeToken()
		if err != nil {
			return nil, err
		}
		out = append(out, tok)
	}
	return out, nil
}

// FindToken finds an ERC-20 of the chain by symbol (case-insensitive) or by address. An
// address the user typed must pass its EIP-55 checksum when it has mixed case.
func (c Chain) FindToken(s string) (homechain.Token, error) {
	if strings.HasPrefix(s, "0x") {
		if _, err := evmaddr.Parse(s); err != nil {
			return homechain.Token{}, err
		}
	}
	want, isAddr := TokenAddress(s)
	var known []string
	for _, t := range c.Tokens {
		if t.IsNative {
			continue
		}
		known = append(known, t.Symbol)
		if strings.EqualFold(t.Symbol, s) || strings.EqualFold(t.TokenIdentifier, s) {
			return t.HomeToken()
		}
		if got, ok := TokenAddress(t.TokenIdentifier); isAddr && ok && got == want {
			return t.HomeToken()
		}
	}
	return homechain.Token{}, fmt.Errorf("%q is not a token of %s (known: %s)", s, c.ChainIdentifier, strings.Join(known, ", "))
}

// Spender roles of a permit (design 2.5): who may spend the signed allowance.
const (
	SpenderCard       = "card"       // card authorization: the profile's card_spender
	SpenderDeposit    = "deposit"    // the chain's depositContract
	SpenderBufferPool = "bufferpool" // on-ramp and cash-out: the chain's bufferPoolContract
)

// Spender is the address of a spender role; pin is the profile's address for it: the card's
// card_spender (the only source of the card spender), the deposit contract's
// deposit_contract and the buffer pool's buffer_pool (when set, the chain configuration must
// name exactly it: the configuration is the service's word). The error says which setting is missing or wrong.
func (c Chain) Spender(role, pin string) (common.Address, error) {
	var what, v string
	switch role {
	case SpenderCard:
		what, v = "the profile's card_spender", pin
	case SpenderDeposit:
		what, v = "the chain configuration's depositContract", c.DepositContract
		if pin != "" && common.IsHexAddress(v) && common.HexToAddress(v) != common.HexToAddress(pin) {
			return common.Address{}, fmt.Errorf("%s %s is not the deposit contract the profile pins (deposit_contract %s): refused", what, v, pin)
		}
	case SpenderBufferPool:
		what, v = "the chain configuration's bufferPoolContract", c.BufferPoolContract
		if pin != "" && common.IsHexAddress(v) && common.HexToAddress(v) != common.HexToAddress(pin) {
			return common.Address{}, fmt.Errorf("%s %s is not the buffer pool the profile pins (buffer_pool %s): refused", what, v, pin)
		}
	default:
		return common.Address{}, fmt.Errorf("expected card, deposit or bufferpool, got %q", role)
	}
	if v == "" {
		return common.Address{}, fmt.Errorf("%s is not set", what)
	}
	if !common.IsHexAddress(v) || common.HexToAddress(v) == (common.Address{}) {
		return common.Address{}, fmt.Errorf("%s %q is not an address", what, v)
	}
	return common.HexToAddress(v), nil
}
