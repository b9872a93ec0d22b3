package sandboxctl

import (
	"fmt"
	"sort"
	"strings"

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
	// Ledger is the transport of the sandbox's Ledger stand-in (speculos:HOST:PORT; its seed
	// is ledgertest.Seed), for `purse key ledger --transport`.
	Ledger string `json:"ledger,omitempty"`
	// PartnerResponseKey signs the partner API's answers (x-api-signature).
	PartnerResponseKey string `json:"partnerResponseKey,omitempty"`
	// Settings are the profile settings (config.Profile.Set names) of a client that speaks
	// what this sandbox plays: its partner-auth form, dialect (routes, names) and units, and
	// nothing else (DialectSetting).
	Settings map[string]string `json:"settings,omitempty"`
}

// DialectSetting reports whether a sandbox may set the profile setting key: what the service
// speaks (the partner-auth form, the amount units, a route's method or auth, a field's name).
// Whatever server answers /sandbox/info may be anyone's, so it never chooses a key, an
// account, a contract or how an answer is trusted.
func DialectSetting(key string) bool {
	switch key {
	case "partner_auth", "permit_amount_unit", "tx_amount_unit", "payout_spender":
		return true
	}
	return strings.HasPrefix(key, "routes.") || strings.HasPrefix(key, "names.")
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
		Network: i.Network, AccountNFT: i.AccountNFT, CardSpender: i.CardSpender, BufferPool: i.BufferPool, DepositContract: i.Deposit, DepositDstEID: config.SandboxDepositDstEID, SolanaCluster: "sandbox", PartnerAuth: "spec",
		PartnerResponseKey: i.PartnerResponseKey,
	}
	keys := make([]string, 0, len(i.Settings))
	for k := range i.Settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !DialectSetting(k) {
			return nil, fmt.Errorf("setting %s: a sandbox sets only what its service speaks (partner_auth, the amount units, routes.*, names.*), not %s", k, k)
		}
		if err := p.Set(k, i.Settings[k]); err != nil {
			return nil, fmt.Errorf("setting %s: %v", k, err)
		}
	}
	return p, nil
}
