package config

import (
	"slices"
	"strings"
	"testing"

	"purse/protocol"
)

// TestPresetsMakeValidProfiles: every preset builds a profile that passes Validate, names
// what it leaves unconfirmed, and carries UR's dialect (evidence §9); the values the issue
// lists from the public evidence are the ones set.
func TestPresetsMakeValidProfiles(t *testing.T) {
	if got := PresetNames(); !slices.Equal(got, []string{"ur-mainnet", "ur-preview", "ur-testnet"}) {
		t.Fatalf("presets %v", got)
	}
	want := map[string]map[string]string{
		"ur-testnet": {"user_api": "https://urapi3-qa.ur-inc.xyz", "partner_api": "https://uropenapi-qa.ur-inc.xyz", "network": "5003",
			"evm_rpc": "https://rpc.sepolia.mantle.xyz", "account_nft": "0xfE6fB4aE524c8f032E14691C3B2465cc5bcB9677",
			"card_spender": "0x25d66C564532258eD9cdBB6215E260AFf41d8bae", "partner_response_key": "0x4D2AA3f43De8f8BE746E315D291B804a4aBD3939",
			"solana_cluster": "devnet"},
		"ur-preview": {"user_api": "https://api2-preview.ur.app", "partner_api": "https://openapi-preview.ur.app", "network": "5000",
			"evm_rpc": "https://rpc.mantle.xyz", "account_nft": "", "card_spender": "", "partner_response_key": "", "solana_cluster": ""},
		"ur-mainnet": {"user_api": "https://api.ur.app", "partner_api": "https://openapi.ur.app", "network": "5000",
			"evm_rpc": "https://rpc.mantle.xyz", "account_nft": "0x4a05148119683E0A41b52fb973EEF0EE81536c47",
			"card_spender": "0xb9d38DDE25f67D57af5b91C254F869F90d483d05", "partner_response_key": "0xee28dEaD5F114C8405BE3be1144D59A4110B7F79",
			"solana_cluster": "mainnet"},
	}
	for _, name := range PresetNames() {
		p, err := FromPreset("x", name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := p.Validate(); err != nil || p.Preset != name {
			t.Fatalf("%s: %v (preset %q)", name, err, p.Preset)
		}
		got := map[string]string{}
		for _, s := range p.Settings() {
			got[s.Key] = s.Value
		}
		for k, v := range want[name] {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", name, k, got[k], v)
			}
		}
		for k, v := range map[string]string{"partner_auth": "ur", "partner_unsigned_answers": "refuse", "routes.account-status": "full",
			"routes.onramp-limit": "POST", "names.idv": "sumsub", "names.svcId": "urId", "names.altchain": "altchain"} {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", name, k, got[k], v)
			}
		}
		pr, _ := PresetNamed(name)
		for k, v := range want[name] {
			if v == "" && !slices.ContainsFunc(pr.Unconfirmed, func(u string) bool { return strings.Contains(u, k) }) {
				t.Errorf("%s leaves %s empty without saying why", name, k)
			}
		}
		if len(p.PresetChanges()) != 0 {
			t.Errorf("%s: a fresh profile differs from its preset: %v", name, p.PresetChanges())
		}
	}
	// The testnet values are not the contracts repository's 5003-default.json, which
	// repeats the mainnet addresses (evidence §8).
	tn, _ := FromPreset("t", "ur-testnet")
	mn, _ := FromPreset("m", "ur-mainnet")
	if tn.AccountNFT == mn.AccountNFT || tn.CardSpender == mn.CardSpender || tn.PartnerResponseKey == mn.PartnerResponseKey {
		t.Fatal("a testnet address equals the mainnet one")
	}
	if _, err := FromPreset("x", "ur-devnet"); err == nil || !strings.Contains(err.Error(), "preset: expected one of ur-mainnet, ur-preview, ur-testnet") {
		t.Fatalf("unknown preset: %v", err)
	}
}

// TestPresetChangesAndShow: a preset is a starting point: what is edited later is listed;
// a file naming a preset this purse does not have stays usable.
func TestPresetChangesAndShow(t *testing.T) {
	p, err := FromPreset("qa", "ur-testnet")
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{{"evm_rpc", "https://my-rpc.example"}, {"routes.onramp-limit", ""}, {"evm_key", "me"}} {
		if err := p.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if got := p.PresetChanges(); !slices.Equal(got, []string{"evm_rpc", "evm_key", "routes.onramp-limit"}) {
		t.Fatalf("changes %v", got)
	}
	// A preset this purse does not have (renamed since) leaves the profile valid, with
	// nothing to compare with; a preset name of another form is refused.
	gone := *p
	gone.Preset = "ur-moon"
	if err := gone.Validate(); err != nil || gone.PresetChanges() != nil {
		t.Fatalf("a preset this purse does not have: %v %v", err, gone.PresetChanges())
	}
	bad := *p
	bad.Preset = "ur moon"
	if err := bad.Validate(); err == nil || !strings.HasPrefix(err.Error(), "preset:") {
		t.Fatalf("a preset name of another form: %v", err)
	}
}

// TestNewSettingsValidateAndDefault: each new setting names itself on a bad value, shows its
// default in Settings, and "legacy" (partner_auth's former name for ur) reads as ur.
func TestNewSettingsValidateAndDefault(t *testing.T) {
	p := &Profile{Name: "t", UserAPI: "https://x.example", Network: "5003"}
	def := map[string]string{}
	for _, s := range p.Settings() {
		if s.Default {
			def[s.Key] = s.Value
		}
	}
	for k, v := range map[string]string{"partner_auth": "spec", "partner_unsigned_answers": "refuse", "tx_amount_unit": "smallest",
		"permit_amount_unit": "smallest", "names.idv": "idv", "names.svcId": "svcId", "names.altchain": "altchain", "deadline_window": "5m0s"} {
		if def[k] != v {
			t.Errorf("default %s = %q, want %q", k, def[k], v)
		}
	}
	for _, c := range []struct{ key, value, want string }{
		{"partner_unsigned_answers", "ignore", "partner_unsigned_answers: expected refuse or warn"},
		{"tx_amount_unit", "cents", "tx_amount_unit: expected smallest or display"},
		{"partner_auth", "v3", "partner_auth: expected spec or ur"},
		{"names.idv", "sum sub", "names.idv"},
		{"names.idv", "9sumsub", "names.idv"},
		{"names.vendor", "sumsub", "names.vendor: expected one of the spec's stand-ins idv, altchain, svcId"},
		{"routes.onramp-limit", "PUT", "routes.onramp-limit"},
		{"routes.onramp-limit", "POST GET", "routes.onramp-limit"},
		{"routes.onramp-limit", "/a /b", "routes.onramp-limit"},
		{"routes.account-status", "signed", "routes.account-status"},
	} {
		if err := p.Set(c.key, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: %v, want %q", c.key, c.value, err, c.want)
		}
	}
	if err := p.Set("partner_auth", "legacy"); err != nil || p.PartnerAuth != "ur" || p.PartnerAuthForm() != "ur" {
		t.Fatalf("legacy: %v %q", err, p.PartnerAuth)
	}
	for _, kv := range [][2]string{{"routes.onramp-limit", "POST /api/v1/onramp-limit full"}, {"names.svcId", "urId"}, {"tx_amount_unit", "display"}} {
		if err := p.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("%s=%s: %v", kv[0], kv[1], err)
		}
	}
	rs, _ := protocol.ParseRouteSetting(p.Routes["onramp-limit"])
	if rs != (protocol.RouteSetting{Method: "POST", Path: "/api/v1/onramp-limit", Auth: "full"}) || p.StandInNames().AccountIDHeader() != "X-Ur-Id" || p.TxAmounts() != "display" {
		t.Fatalf("set: %+v %+v", rs, p)
	}
	if err := p.Set("names.svcId", ""); err != nil || p.StandInNames().AccountID() != "svcId" {
		t.Fatalf("clearing a name: %v", err)
	}
}
