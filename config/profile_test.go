package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSandboxDefaultAndRoundTrip(t *testing.T) {
	home := t.TempDir()
	s, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if s.Active != SandboxName {
		t.Fatalf("active %q", s.Active)
	}
	p, err := s.Get("")
	if err != nil {
		t.Fatal(err)
	}
	if p.UserAPI != "http://127.0.0.1:8787" || p.Network != "31337" || p.Window() != 5*time.Minute {
		t.Fatalf("sandbox profile %+v", p)
	}
	if err := p.Set("evm_key", "main"); err != nil {
		t.Fatal(err)
	}
	if p.ProxyUnknown() != "full" {
		t.Fatalf("default proxy_unknown_auth %q", p.ProxyUnknown())
	}
	if err := p.Set("proxy_unknown_auth", "none"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("routes.card-read", "/api/v9/card"); err != nil {
		t.Fatal(err)
	}
	if err := p.Set("altchain_pins.sandbox.program_id", "11111111111111111111111111111111"); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(p); err != nil {
		t.Fatal(err)
	}
	test := &Profile{Name: "testnet", UserAPI: "https://user.example.test", Network: "5003"}
	if err := s.Add(test); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(test); err == nil {
		t.Fatal("added a duplicate")
	}
	if err := s.Use("testnet"); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(filepath.Join(home, "profiles.toml"))
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %o", st.Mode().Perm())
	}
	s2, err := Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if s2.Active != "testnet" || len(s2.Names()) != 2 {
		t.Fatalf("reloaded %v active %s", s2.Names(), s2.Active)
	}
	sb, _ := s2.Get(SandboxName)
	if sb.EVMKey != "main" || sb.ProxyUnknown() != "none" || sb.Routes["card-read"] != "/api/v9/card" || sb.Pins["sandbox"].ProgramID == "" {
		t.Fatalf("sandbox changes lost: %+v", sb)
	}
	if err := s2.Remove("testnet"); err == nil {
		t.Fatal("removed the active profile")
	}
}

func TestSetRejectsBadValuesAndKeepsProfile(t *testing.T) {
	p := SandboxProfile(DefaultSandboxAddr)
	cases := []struct{ key, value, want string }{
		{"user_api", "ftp://x", "user_api"},
		{"network", "mainnet", "network"},
		{"deadline_window", "21m", "deadline_window"},
		{"deadline_window", "soon", "deadline_window"},
		{"account_nft", "0x12", "account_nft"},
		{"evm_key", "has space", "evm_key"},
		{"partner_auth", "v3", "partner_auth"},
		{"token_id", "12ab", "token_id"},
		{"proxy_unknown_auth", "signed", "proxy_unknown_auth: expected full, basic or none"},
		{"fee_cap_lamports", "-1", "fee_cap_lamports"},
		{"routes.card", "api/v2/card", "routes.card"},
		{"partner_routes.idv-status", "v1/sumsub-status-by-network", "partner_routes.idv-status"},
		{"partner_routes.idv-status", "/v1/x?y=1", "partner_routes.idv-status"},
		{"altchain_pins.devnet.usdc_mint", "not-base58-0OIl", "usdc_mint"},
		{"altchain_pins.devnet.program_id", "3yZe7d", "program_id"}, // base58, but 4 bytes
		{"colour", "blue", "unknown profile setting"},
	}
	for _, c := range cases {
		err := p.Set(c.key, c.value)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: %v", c.key, c.value, err)
		}
	}
	if p.UserAPI != "http://127.0.0.1:8787" || p.Network != "31337" || p.Routes != nil || p.Pins != nil || p.PartnerRoutes != nil {
		t.Fatalf("a failed set changed the profile: %+v", p)
	}
	// A partner route's live path is set and cleared like an end-user route's.
	if err := p.Set("partner_routes.idv-status", "/v1/sumsub-status-by-network"); err != nil || p.PartnerRoutes["idv-status"] != "/v1/sumsub-status-by-network" {
		t.Fatalf("partner_routes: %v %v", p.PartnerRoutes, err)
	}
	if err := p.Set("partner_routes.idv-status", ""); err != nil || len(p.PartnerRoutes) != 0 {
		t.Fatalf("partner_routes cleared: %v %v", p.PartnerRoutes, err)
	}
}

func TestLoadRejectsBadFile(t *testing.T) {
	for name, content := range map[string]string{
		"unknown key":  "[profiles.x]\nuser_api = \"http://a\"\nnetwork = \"1\"\ncolour = \"red\"\n",
		"bad url":      "[profiles.x]\nuser_api = \"nope\"\nnetwork = \"1\"\n",
		"bad active":   "active = \"ghost\"\n",
		"syntax error": "[profiles.x\n",
	} {
		home := t.TempDir()
		if err := os.WriteFile(filepath.Join(home, "profiles.toml"), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(home); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func TestSaveLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o700); err != nil {
		t.Fatal(err)
	}
	// Renaming a file over a directory fails; no temp file may remain.
	if err := (&Store{path: target}).Save(); err == nil {
		t.Fatal("wrote over a directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

func TestLayerZeroPins(t *testing.T) {
	p := SandboxProfile(DefaultSandboxAddr)
	for _, kv := range [][2]string{
		{"altchain_pins.mainnet.endpoint_program", "76y77prsiCMvXMjuoZ5VRrhG5qYBrUMYTE5WgHqgjEn6"},
		{"altchain_pins.mainnet.dst_eid", "30181"},
		{"altchain_pins.mainnet.lz_receiver", "0x9F88e04D129d4a4247F009833ba0Bd5D8F6A2146"},
	} {
		if err := p.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("%s=%s: %v", kv[0], kv[1], err)
		}
	}
	if pin := p.Pins["mainnet"]; pin.DstEid != 30181 || pin.EndpointProgram == "" || pin.LZReceiver == "" {
		t.Fatalf("%+v", pin)
	}
	if err := p.Set("altchain_pins.mainnet.dst_eid", ""); err != nil || p.Pins["mainnet"].DstEid != 0 {
		t.Fatalf("clearing dst_eid: %v %+v", err, p.Pins["mainnet"])
	}
	for _, kv := range [][2]string{
		{"altchain_pins.mainnet.dst_eid", "0"}, {"altchain_pins.mainnet.dst_eid", "4294967296"}, {"altchain_pins.mainnet.dst_eid", "x"},
		{"altchain_pins.mainnet.lz_receiver", "0x1234"}, {"altchain_pins.mainnet.lz_receiver", "9F88e04D129d4a4247F009833ba0Bd5D8F6A2146"},
		{"altchain_pins.mainnet.endpoint_program", "0OIl"},
	} {
		before := p.Pins["mainnet"]
		err := p.Set(kv[0], kv[1])
		if err == nil || !strings.Contains(err.Error(), kv[0]) || p.Pins["mainnet"] != before {
			t.Errorf("%s=%s: %v (pins %+v)", kv[0], kv[1], err, p.Pins["mainnet"])
		}
	}
}

// A profile made from a preset this purse no longer has (renamed, or dropped) still loads,
// and every command still works; a preset name of another form is refused.
func TestLoadKeepsAProfileOfARetiredPreset(t *testing.T) {
	home := t.TempDir()
	content := "[profiles.x]\nuser_api = \"https://api.example\"\nnetwork = \"5000\"\npreset = \"ur-retired\"\n"
	if err := os.WriteFile(filepath.Join(home, "profiles.toml"), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := Load(home)
	if err != nil {
		t.Fatalf("a retired preset's profile: %v", err)
	}
	if p, err := st.Get("x"); err != nil || p.Preset != "ur-retired" || p.PresetChanges() != nil {
		t.Fatalf("profile %+v %v", p, err)
	}
	bad := "[profiles.x]\nuser_api = \"https://api.example\"\nnetwork = \"5000\"\npreset = \"ur\\u001b[2J\"\n"
	if err := os.WriteFile(filepath.Join(home, "profiles.toml"), []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(home); err == nil || !strings.Contains(err.Error(), "preset") {
		t.Fatalf("a preset name of another form: %v", err)
	}
}
