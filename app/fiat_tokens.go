package app

import (
	"context"
	"fmt"
	"strings"

	"purse/altchain"
	"purse/config"
	"purse/enduser"
	"purse/internal/visible"
	"purse/sandboxctl"
)

// homeFiatTokens are the fiat tokens of profile p's home chain (eip155:network) by
// currency, from the chain configuration read logged out (nothing is signed): a token
// "EUR24" is the EUR token, as the service names its fiat tokens. A deposit's F33 ties the
// quote's evmOutputToken to the currency with them, in the flow and again in the gate.
func (s *App) homeFiatTokens(ctx context.Context, p config.Profile) (map[string]altchain.EVMAddress, error) {
	if p.IsSandbox() {
		if err := sandboxctl.Reachable(ctx, p.UserAPI); err != nil {
			return nil, err
		}
	}
	c, err := enduser.New(s.userOptions(p, nil))
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

// bindFiatTokens gives opts the home chain's fiat tokens of profile p for F33, or why they
// could not be read (F33 then refuses: a deposit is not signed with its payout unchecked).
func (s *App) bindFiatTokens(ctx context.Context, p config.Profile, opts *altchain.Options) {
	tokens, err := s.homeFiatTokens(ctx, p)
	if err != nil {
		opts.OutputTokensErr, _ = visible.Escape(err.Error())
		return
	}
	opts.OutputTokens = tokens
}
