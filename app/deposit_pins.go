package app

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"purse/altchain"
	"purse/config"
	"purse/enduser"
	"purse/internal/visible"
)

// pinSettings are the profile's pins for cluster c, its fee cap and its home network (the
// LayerZero defaults are the network's).
func pinSettings(p config.Profile, c altchain.ClusterInfo) altchain.PinSettings {
	pin := p.Pins[c.ProfileName()]
	return altchain.PinSettings{
		ProgramID: pin.ProgramID, USDCMint: pin.USDCMint, DepositAccount: pin.DepositAccount,
		EndpointProgram: pin.EndpointProgram, DstEid: pin.DstEid, LZReceiver: pin.LZReceiver,
		FeeCap: p.FeeCap(), Network: p.Network,
	}
}

// EffectiveSettings are the profile's settings in effect (config.Profile.Settings) with the
// LayerZero pins of its solana_cluster, and of every cluster it pins, as purse applies them:
// what the profile leaves unset shows the public value it takes (altchain.ClusterInfo.Pinned),
// marked default, which config alone cannot know. A cluster without such a value shows it
// empty.
func EffectiveSettings(p config.Profile) []config.Setting {
	out := p.Settings()
	clusters := sortedClusters(p)
	for _, name := range clusters {
		c, ok := altchain.ClusterByName(name)
		if !ok {
			continue
		}
		pinned, err := c.Pinned(pinSettings(p, c))
		if err != nil {
			continue // a bad pin: Settings shows it as written, and using it names the error
		}
		pin := p.Pins[name]
		eid, receiver, endpoint := "", "", ""
		if pinned.Pins.DstEid != 0 {
			eid = strconv.FormatUint(uint64(pinned.Pins.DstEid), 10)
		}
		if pinned.Pins.HasLZReceiver {
			receiver = altchain.FormatLZReceiver(pinned.Pins.LZReceiver)
		}
		if !pinned.Pins.EndpointProgramID.IsZero() {
			endpoint = pinned.Pins.EndpointProgramID.String()
		}
		for _, f := range []struct {
			field, set, effective string
		}{{"endpoint_program", pin.EndpointProgram, endpoint}, {"dst_eid", nonZero(pin.DstEid), eid}, {"lz_receiver", pin.LZReceiver, receiver}} {
			st := config.Setting{Key: "altchain_pins." + name + "." + f.field, Value: f.effective, Default: f.set == "" && f.effective != ""}
			if f.set != "" {
				st.Value = f.set
			}
			out = setSetting(out, st)
		}
	}
	return out
}

// sortedClusters are the profile's solana_cluster and the clusters it pins, each once, sorted.
func sortedClusters(p config.Profile) []string {
	var out []string
	if p.SolanaCluster != "" {
		out = append(out, p.SolanaCluster)
	}
	for c := range p.Pins {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

func nonZero(n uint32) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatUint(uint64(n), 10)
}

// setSetting replaces the setting of st's key in ss, or appends it.
func setSetting(ss []config.Setting, st config.Setting) []config.Setting {
	for i := range ss {
		if ss[i].Key == st.Key {
			ss[i] = st
			return ss
		}
	}
	return append(ss, st)
}

// bindOutputToken records the currency asked for on the quote (a quote file may already
// carry one: another is refused) and the home chain's fiat tokens of the chain
// configuration, read logged out (nothing is signed), so F33 can tie evmOutputToken to the
// currency. A failed read is not an error here: F33 refuses the quote with it.
func (s *App) bindOutputToken(ctx context.Context, dq *DepositQuote, currency string) error {
	if currency != "" {
		if err := dq.Quote.SetOutputCurrency(currency); err != nil {
			return err
		}
	}
	tokens, err := s.homeFiatTokens(ctx, dq.Setup.Profile)
	if err != nil {
		dq.Setup.Opts.OutputTokensErr, _ = visible.Escape(err.Error())
		return nil
	}
	dq.Setup.Opts.OutputTokens = tokens
	return nil
}

// homeFiatTokens are the fiat tokens of the profile's home chain (eip155:network) by
// currency: a token "EUR24" is the EUR token, as the service names its fiat tokens.
func (s *App) homeFiatTokens(ctx context.Context, p config.Profile) (map[string]altchain.EVMAddress, error) {
	c, err := s.api(false, nil)
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
