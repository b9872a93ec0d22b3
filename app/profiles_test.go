package app

import (
	"errors"
	"strings"
	"testing"

	"purse/keystore"
)

// Issue 11 case 8: a profile's evm_key / solana_key / partner_key names a stored key of the
// kind it needs.
func TestProfileKeySettingsNameStoredKeys(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"evm1": keystore.KindEVM, "sol1": keystore.KindSolana})
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var ue *UsageError
	for _, c := range []struct{ setting, label, want string }{
		{"evm_key", "nosuch", "no key labelled"}, {"evm_key", "sol1", "needs an EVM key"},
		{"solana_key", "evm1", "needs a Solana key"}, {"partner_key", "sol1", "needs an EVM key"},
	} {
		if _, err := s.SetProfileField("", c.setting, c.label); !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.setting) {
			t.Errorf("%s=%s: %v", c.setting, c.label, err)
		}
	}
	if s.Profile().EVMKey != "" || s.Profile().SolanaKey != "" {
		t.Fatalf("a refused setting changed the profile: %+v", s.Profile())
	}
	if p, err := s.SetProfileFields("", [2]string{"evm_key", "evm1"}, [2]string{"solana_key", "sol1"}); err != nil || p.EVMKey != "evm1" || p.SolanaKey != "sol1" {
		t.Fatalf("stored keys: %+v %v", p, err)
	}
}
