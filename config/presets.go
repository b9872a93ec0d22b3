package config

import (
	"fmt"
	"sort"
	"strings"
)

// A Preset is a starting point for a profile of one of the service's public deployments,
// filled from public evidence only: each value names its source next to it. Evidence tags
// are those of docs/service-assumptions.md (UR-EWA, UR-SIG, UR-OPENAPI, UR-SC are UR's own
// pages under https://docs.ur.app; HT-* the public integration Ayanriya004/hypertrade, which
// ran against UR's QA and mainnet; URC UR's contracts repository ur-app/ur-contracts). What no
// public source shows is left empty and said in Unconfirmed: purse then asks for it when a
// command needs it, instead of using a guess.
type Preset struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Settings are applied in order with Profile.Set, so a preset passes the same checks as
	// a value typed by hand.
	Settings [][2]string `json:"settings"`
	// Unconfirmed says which settings are left empty or carry a value no public source
	// confirms, and why.
	Unconfirmed []string `json:"unconfirmed,omitempty"`
}

// Settings every live preset shares: how UR's deployments speak where the spec says
// otherwise or nothing.
var urDialect = [][2]string{
	// UR-SIG ("Signature and Verify", "the single source of truth for signature formats"):
	// messageToSign = "{requestBody} {deadline}", one space; HT-API signs /v1/* so.
	{"partner_auth", "ur"},
	// UR-SIG: responses and webhooks are signed by the UR server address over the raw body,
	// so an unsigned answer is not UR's.
	{"partner_unsigned_answers", "refuse"},
	// HT-API calls GET /api/v2/account-status with full-auth headers (the spec says basic;
	// full headers do no harm on a basic route).
	{"routes.account-status", "full"},
	// HT-API calls POST /api/v1/onramp-limit with body {} (the spec says GET); the HTTP 204
	// seen on QA (evidence, pitfall 4) was on this POST.
	{"routes.onramp-limit", "POST"},
	// HT-API uses /api/v1/sumsub/create-access-token where the spec writes idv, and
	// /v1/sumsub-status-by-network (evidence §6).
	{"names.idv", "sumsub"},
	// HT-API sends {"urId": …} in partner bodies where the spec writes svcId, and X-Ur-Id
	// with urId in the signed message on /api/fma/v1/*.
	{"names.svcId", "urId"},
	// names.altchain stays the spec's word: no public source shows the quote route on UR
	// (evidence §7: no hits for altchain/deposit).
}

// urDialectUnconfirmed are what the shared settings assert beyond their evidence (evidence
// §10, docs/service-assumptions.md "Assertions without evidence"): every live preset says
// them.
var urDialectUnconfirmed = []string{
	"names.idv: sumsub renames the handoff routes too (/api/v1/sumsub/reuse-share-token, kyc-check, kyc-submit); no source shows those paths (HT-API shows only /api/v1/sumsub/create-access-token); routes.NAME sets a path as written",
	"names.svcId: urId in the alt-chain quote's and the handoff's bodies is not shown anywhere (HT-API sends urId on /v1/profile, /v1/transactions and FMA calls only)",
}

// Presets are the service's public deployments.
var Presets = []Preset{
	{
		Name:  "ur-testnet",
		Title: "UR testnet (QA), Mantle Sepolia",
		Settings: append([][2]string{
			{"user_api", "https://urapi3-qa.ur-inc.xyz"},       // UR-EWA base URLs, Testnet
			{"partner_api", "https://uropenapi-qa.ur-inc.xyz"}, // UR-OPENAPI; HT-API UR_TESTNET_BASE_URL
			{"network", "5003"},                                // UR-EWA: "5003 for Testnet"
			{"evm_rpc", "https://rpc.sepolia.mantle.xyz"},      // UR-SC: Mantle Sepolia 5003 RPC
			// HT-CHAIN (integrator on-chain use). URC deployments/mantle-sepolia/5003-default.json
			// repeats the MAINNET addresses (evidence §8): never take testnet addresses from it.
			{"account_nft", "0xfE6fB4aE524c8f032E14691C3B2465cc5bcB9677"},
			// HT-CHAIN, HT-SRV ("confirmed active"); the same warning about 5003-default.json.
			{"card_spender", "0x25d66C564532258eD9cdBB6215E260AFf41d8bae"},
			// HT-CHAIN's Fiat24CryptoDeposit table (CHAIN_MANTLE_SEPOLIA) and its LayerZero
			// endpoint id for Mantle Sepolia.
			{"deposit_contract", "0xd6d4C6eB84697cB9bf0045e88b8f3A0bD42D3d66"},
			{"deposit_dst_eid", "40246"},
			// HT-API UR_SERVER_ADDR_TESTNET, citing UR-SIG "Environment Addresses".
			{"partner_response_key", "0x4D2AA3f43De8f8BE746E315D291B804a4aBD3939"},
			// Spec 4.4: a quote's network "omission defaults to devnet", production says mainnet;
			// which cluster QA deposits use is not public: devnet is that inference.
			{"solana_cluster", "devnet"},
			{"solana_rpc", "https://api.devnet.solana.com"}, // solana.com/docs/references/clusters
		}, urDialect...),
		Unconfirmed: append([]string{
			"solana_cluster: devnet is inferred from spec 4.4 (an omitted network is devnet); no public source names the cluster UR's QA deposits use",
			"deposit_contract, deposit_dst_eid: only the integrator (HT-CHAIN) carries the Mantle Sepolia deposit contract and endpoint id",
			"buffer_pool: empty; HT-CHAIN says UR deployed no BufferPool on testnet, HT-SRV later saw one on QA only as \"0x9291…5DAB\" (truncated)",
			"partner_response_key: only the integrator (HT-API) carries this address, citing UR-SIG's \"Environment Addresses\", which could not be read",
		}, urDialectUnconfirmed...),
	},
	{
		Name:  "ur-preview",
		Title: "UR preview, Mantle mainnet (unconfirmed)",
		Settings: append([][2]string{
			{"user_api", "https://api2-preview.ur.app"},       // UR-EWA base URLs, Preview
			{"partner_api", "https://openapi-preview.ur.app"}, // UR-SC / UR Managed Custody reference hosts (evidence §9)
			// UR-EWA names only 5000 (mainnet) and 5003 (testnet); URC keeps what may be the
			// preview deployment under mantle-mainnet (5000-preprod.json): unconfirmed.
			{"network", "5000"},
			{"evm_rpc", "https://rpc.mantle.xyz"}, // UR-SC: Mantle 5000 RPC
		}, urDialect...),
		Unconfirmed: append([]string{
			"network: 5000 because URC files 5000-preprod.json (maybe preview) under mantle-mainnet; unconfirmed",
			"account_nft, card_spender, buffer_pool, deposit_contract: empty; 5000-preprod.json lists other contracts (its Account is not the mainnet one), and no public source ties it to preview",
			"partner_response_key: empty; UR-SIG's table of server addresses was not readable beyond testnet and mainnet",
			"solana_cluster, solana_rpc: empty; no public source says which Solana cluster preview uses",
		}, urDialectUnconfirmed...),
	},
	{
		Name:  "ur-mainnet",
		Title: "UR mainnet (production), Mantle",
		Settings: append([][2]string{
			{"user_api", "https://api.ur.app"},        // UR-EWA base URLs, Production
			{"partner_api", "https://openapi.ur.app"}, // UR-OPENAPI; HT-API UR_MAINNET_BASE_URL
			{"network", "5000"},                       // UR-EWA: "5000 for Mainnet"
			{"evm_rpc", "https://rpc.mantle.xyz"},     // UR-SC: Mantle 5000 RPC
			// URC deployments/mantle-mainnet/5000-default.json and README; HT-CHAIN agrees.
			{"account_nft", "0x4a05148119683E0A41b52fb973EEF0EE81536c47"},
			// URC Fiat24CardAuthorizationMarqeta proxy (README + deployments).
			{"card_spender", "0xb9d38DDE25f67D57af5b91C254F869F90d483d05"},
			// URC deployments/mantle-mainnet/5000-default.json: BufferPool (evidence §4, §8).
			{"buffer_pool", "0x2460634bf887A0F4E885278B93E10f91D48a5a8c"},
			// URC README (Mantlescan addresses: CryptoDeposit) and HT-CHAIN ("the SAME proxy
			// address on every chain"); HT-CHAIN: Mantle's LayerZero endpoint id (evidence §7).
			{"deposit_contract", "0xd08B421A33F9b09A59E2ebf72afEF2365ce5b083"},
			{"deposit_dst_eid", "30181"},
			// HT-API UR_SERVER_ADDR_MAINNET, citing UR-SIG "Environment Addresses".
			{"partner_response_key", "0xee28dEaD5F114C8405BE3be1144D59A4110B7F79"},
			// Spec 4.4: "use mainnet explicitly in production".
			{"solana_cluster", "mainnet"},
			{"solana_rpc", "https://api.mainnet-beta.solana.com"}, // solana.com/docs/references/clusters
		}, urDialect...),
		Unconfirmed: append([]string{
			"partner_response_key: only the integrator (HT-API) carries this address, citing UR-SIG's \"Environment Addresses\", which could not be read",
		}, urDialectUnconfirmed...),
	},
}

// PresetNamed returns the preset of a name.
func PresetNamed(name string) (Preset, bool) {
	for _, p := range Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// PresetNames lists the presets' names, sorted.
func PresetNames() []string {
	out := make([]string, 0, len(Presets))
	for _, p := range Presets {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out
}

// FromPreset is a new profile of the given name filled from the preset.
func FromPreset(name, preset string) (*Profile, error) {
	pr, ok := PresetNamed(preset)
	if !ok {
		return nil, fmt.Errorf("preset: expected one of %s, got %q", strings.Join(PresetNames(), ", "), preset)
	}
	p := &Profile{Name: name, Preset: pr.Name}
	// user_api and network first: Set validates the whole profile each time.
	for _, kv := range pr.Settings {
		switch kv[0] {
		case "user_api":
			p.UserAPI = kv[1]
		case "network":
			p.Network = kv[1]
		}
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	for _, kv := range pr.Settings {
		if err := p.Set(kv[0], kv[1]); err != nil {
			return nil, fmt.Errorf("preset %s: %v", pr.Name, err)
		}
	}
	return p, nil
}

// PresetChanges lists the settings whose value in effect differs from the profile's
// preset (none without a preset): what was edited since.
func (p *Profile) PresetChanges() []string {
	if p.Preset == "" {
		return nil
	}
	base, err := FromPreset(p.Name, p.Preset)
	if err != nil {
		return nil
	}
	was := map[string]string{}
	for _, s := range base.Settings() {
		was[s.Key] = s.Value
	}
	var out []string
	seen := map[string]bool{}
	for _, s := range p.Settings() {
		seen[s.Key] = true
		if was[s.Key] != s.Value {
			out = append(out, s.Key)
		}
	}
	for _, s := range base.Settings() {
		if !seen[s.Key] {
			out = append(out, s.Key) // cleared since
		}
	}
	return out
}
