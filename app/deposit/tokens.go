package deposit

import (
	"context"
	"fmt"
	"strings"

	"purse/altchain"
	"purse/config"
	"purse/enduser"
	"purse/internal/visible"
)

// bindOutputToken records the currency asked for on the quote (a quote file may already
// carry one: another is refused) and the home chain's fiat tokens of the chain
// configuration, read logged out (nothing is signed), so F33 can tie evmOutputToken to the
// currency. A failed read is not an error here: F33 refuses the quote with it.
func (sv Service) bindOutputToken(ctx context.Context, dq *Quote, currency string) error {
	if currency != "" {
		if err := dq.Quote.SetOutputCurrency(currency); err != nil {
			return err
		}
	}
	tokens, err := sv.homeFiatTokens(ctx, dq.Setup.Profile)
	if err != nil {
		dq.Setup.Opts.OutputTokensErr, _ = visible.Escape(err.Error())
		return nil
	}
	dq.Setup.Opts.OutputTokens = tokens
	return nil
}

// homeFiatTokens are the fiat tokens of the profile's home chain (eip155:network) by
// currency: a token "EUR24" is the EUR token, as the service names its fiat tokens.
func (sv Service) homeFiatTokens(ctx context.Context, p config.Profile) (map[string]altchain.EVMAddress, error) {
	// The session's end-user client, unsigned: the chain configuration is read logged out.
	if err := sv.s.Reachable(); err != nil {
		return nil, err
	}
	c, err := enduser.New(sv.s.UserOptions(sv.s.Profile(), nil))
	if err != nil {
		return nil, err
	}
	cfgs, err := c.ChainConfigsLoggedOut(ctx)
	if err != nil {
		return nil, err
	}
	id := "eip155:" + p.Network
	ch, ok := cfgs.Chain(id)
	if !ok {
		return nil, fmt.Errorf("the chain configuration has no chain %s (the profile's network)", id)
	}
	out := map[string]altchain.EVMAddress{}
	for _, t := range ch.Tokens {
		cur, fiat := strings.CutSuffix(strings.ToUpper(t.Symbol), "24")
		addr, isAddr := enduser.TokenAddress(t.TokenIdentifier)
		if t.IsNative || !t.IsFiat || !fiat || !isAddr {
			continue
		}
		out[cur] = altchain.EVMAddress(addr)
	}
	return out, nil
}
