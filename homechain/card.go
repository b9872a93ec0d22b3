package homechain

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"purse/homechain/bindings/cardspender"
)

// CardLinks are what a card contract says it works with, through the public getters of UR's
// Fiat24CardAuthorizationMarqeta (evidence §10): the account NFT (fiat24AccountAddress()) and
// a fiat token per symbol (usd24Address(), …). A getter the contract lacks or refuses is
// absent from the answer, not an error: a contract that answers none is no card contract of
// UR's kind, or one whose links cannot be read.
type CardLinks struct {
	// Account is fiat24AccountAddress() (HasAccount false: no answer).
	Account    common.Address
	HasAccount bool
	// Tokens maps a fiat token's symbol (USD24, …) to the address its getter gives.
	Tokens map[string]common.Address
}

// cardGetters are the token getters read, by the symbol each names.
var cardGetters = []struct {
	symbol string
	pack   func(*cardspender.CardSpender) []byte
	unpack func(*cardspender.CardSpender, []byte) (common.Address, error)
}{
	{"USD24", (*cardspender.CardSpender).PackUsd24Address, (*cardspender.CardSpender).UnpackUsd24Address},
	{"EUR24", (*cardspender.CardSpender).PackEur24Address, (*cardspender.CardSpender).UnpackEur24Address},
	{"CHF24", (*cardspender.CardSpender).PackChf24Address, (*cardspender.CardSpender).UnpackChf24Address},
	{"CNH24", (*cardspender.CardSpender).PackCnh24Address, (*cardspender.CardSpender).UnpackCnh24Address},
}

// CardLinksOf reads the card contract's links at addr. An error is a read that failed (the
// RPC), never the contract's refusal of a getter.
func (c *Client) CardLinksOf(ctx context.Context, addr common.Address) (CardLinks, error) {
	card := cardspender.NewCardSpender()
	l := CardLinks{Tokens: map[string]common.Address{}}
	acct, err := call(ctx, c, addr, "fiat24AccountAddress", card.PackFiat24AccountAddress(), card.UnpackFiat24AccountAddress)
	switch {
	case err == nil:
		l.Account, l.HasAccount = acct, true
	case !isUnsupported(err):
		return l, err
	}
	for _, g := range cardGetters {
		a, err := call(ctx, c, addr, g.symbol+" getter", g.pack(card), func(b []byte) (common.Address, error) { return g.unpack(card, b) })
		switch {
		case err == nil && a != (common.Address{}):
			l.Tokens[g.symbol] = a
		case err != nil && !isUnsupported(err):
			return l, err
		}
	}
	return l, nil
}
