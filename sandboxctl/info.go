package sandboxctl

import "purse/config"

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
}

// Profile is a profile for this sandbox: every URL, the network and the contracts.
func (i Info) Profile(name string) *config.Profile {
	return &config.Profile{
		Name: name, UserAPI: i.UserAPI, PartnerAPI: i.PartnerAPI, EVMRPC: i.EVMRPC, SolanaRPC: i.SolanaRPC,
		Network: i.Network, AccountNFT: i.AccountNFT, CardSpender: i.CardSpender, SolanaCluster: "sandbox", PartnerAuth: "spec",
		PartnerResponseKey: i.PartnerResponseKey,
	}
}
