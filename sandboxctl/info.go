package sandboxctl

import (
	"fmt"
	"sort"

	"purse/config"
)

// Info is what `purse sandbox` prints and GET /sandbox/info answers: every URL a client
// needs and the network value.
type Info struct {
	UserAPI     string `json:"userAPI"`
	PartnerAPI  string `json:"partnerAPI"`
	EVMRPC      string `json:"evmRPC"`
	SolanaRPC   string `json:"solanaRPC"`
	Network     string `json:"network"`
	AccountNFT  string `json:"accountNFT"`
	CardSpender string `json:"cardSpender"`
	Deposit     string `json:"depositContract"`
	BufferPool  string `json:"bufferPoolContract"`
	// PartnerResponseKey signs the partner API's answers (x-api-signature).
	PartnerResponseKey string `json:"partnerResponseKey,omitempty"`
	// Settings are the profile settings (config.Profile.Set names) of a client that speaks
	// what this sandbox plays: its partner-auth form, dialect (routes, names) and units.
	Settings map[string]string `json:"settings,omitempty"`
}

// Profile is a profile for this sandbox: every URL, the network, the contracts and the
// settings of its dialect. Info's settings are checked (Check) when read from a sandbox
// (Control.Info), and a sandbox's own are held to it by the sandbox's tests.
func (i Info) Profile(name string) *config.Profile {
	p, err := i.profile(name)
	if err != nil {
		panic("sandboxctl: Info.Profile of unchecked sandbox info: " + err.Error())
	}
	return p
}

// Check says whether the info makes a valid profile: its settings are ones a profile takes.
func (i Info) Check() error {
	_, err := i.profile("sandbox-info")
	return err
}

func (i Info) profile(name string) (*config.Profile, error) {
	p := &config.Profile{
		Name: name, UserAPI: i.UserAPI, PartnerAPI: i.PartnerAPI, EVMRPC: i.EVMRPC, SolanaRPC: i.SolanaRPC,
		Network: i.Network, AccountNFT: i.AccountNFT, CardSpender: i.CardSpender, SolanaCluster: "sandbox", PartnerAuth: "spec",
		PartnerResponseKey: i.PartnerResponseKey,
	}
	keys := make([]string, 0, len(i.Settings))
	for k := range i.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if err := p.Set(k, i.Settings[k]); err != nil {
			return nil, fmt.Errorf("setting %s: %v", k, err)
		}
	}
	return p, nil
}
