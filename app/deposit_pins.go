package app

import (
	"slices"
	"strconv"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/config"
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

// DepositOptions is the profile's cluster with its pins and fee cap.
func DepositOptions(p config.Profile) (*altchain.Options, error) {
	c, ok := altchain.ClusterByName(p.SolanaCluster)
	if !ok {
		return nil, Usagef("profile %s: solana_cluster %q: expected mainnet, devnet, testnet or sandbox; set it on the Settings screen or with `purse profile set solana_cluster=devnet`", p.Name, p.SolanaCluster)
	}
	c, err := c.Pinned(pinSettings(p, c))
	if err != nil {
		return nil, Usagef("profile %s: %v", p.Name, err)
	}
	layouts, err := ProfileLayouts(p)
	if err != nil {
		return nil, err
	}
	return &altchain.Options{Clusters: []altchain.ClusterInfo{c}, Layouts: layouts}, nil
}

// ProfileLayouts reads the deposit-program layouts the profile declares (altchain_layouts).
func ProfileLayouts(p config.Profile) (map[solana.PublicKey]altchain.Layout, error) {
	var out map[solana.PublicKey]altchain.Layout
	for program, spec := range p.Layouts {
		id, err := solana.PublicKeyFromBase58(program)
		if err != nil {
			return nil, Usagef("profile %s: altchain_layouts.%s: expected a program id", p.Name, program)
		}
		l, err := altchain.ParseLayout(spec)
		if err != nil {
			return nil, Usagef("profile %s: altchain_layouts.%s: %v", p.Name, program, err)
		}
		if out == nil {
			out = map[solana.PublicKey]altchain.Layout{}
		}
		out[id] = l
	}
	return out, nil
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
