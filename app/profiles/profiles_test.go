package profiles

import (
	"errors"
	"strings"
	"testing"

	"purse/app"
	"purse/internal/testhome"
	"purse/keystore"
)

// fileStore is testhome.FileStore with the core's scrypt as light as the store's.
func fileStore(t testing.TB, home string, keys map[string]keystore.Kind) *keystore.Store {
	t.Helper()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	return testhome.FileStore(t, home, keys)
}

// Issue 11 case 8: a profile's evm_key / solana_key / partner_key names a stored key of the
// kind it needs.
func TestProfileKeySettingsNameStoredKeys(t *testing.T) {
	home := t.TempDir()
	fileStore(t, home, map[string]keystore.Kind{"evm1": keystore.KindEVM, "sol1": keystore.KindSolana})
	s, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var ue *app.UsageError
	for _, c := range []struct{ setting, label, want string }{
		{"evm_key", "nosuch", "no key labelled"}, {"evm_key", "sol1", "needs an EVM key"},
		{"solana_key", "evm1", "needs a Solana key"}, {"partner_key", "sol1", "needs an EVM key"},
	} {
		if _, err := New(s).SetField("", c.setting, c.label); !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.setting) {
			t.Errorf("%s=%s: %v", c.setting, c.label, err)
		}
	}
	if s.Profile().EVMKey != "" || s.Profile().SolanaKey != "" {
		t.Fatalf("a refused setting changed the profile: %+v", s.Profile())
	}
	if p, err := New(s).SetFields("", [2]string{"evm_key", "evm1"}, [2]string{"solana_key", "sol1"}); err != nil || p.EVMKey != "evm1" || p.SolanaKey != "sol1" {
		t.Fatalf("stored keys: %+v %v", p, err)
	}
}

// TestFollowProfileSeesAnotherProcessesChange: a profile changed in the file by another purse
// process (here another App, as `purse sandbox ctl onboard` storing the account id) is what
// the App holds after Follow; the App's own writes and an unchanged file are no change.
func TestFollowProfileSeesAnotherProcessesChange(t *testing.T) {
	home := t.TempDir()
	tui, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, changed, err := New(tui).Follow(); changed || err != nil {
		t.Fatalf("nothing changed yet: %v %v", changed, err)
	}
	if _, err := New(tui).SetField("", "deadline_window", "4m"); err != nil {
		t.Fatal(err)
	}
	if _, changed, err := New(tui).Follow(); changed || err != nil {
		t.Fatalf("the App's own write is no change: %v %v", changed, err)
	}
	cli, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(cli).SetField("", "token_id", "1234567890"); err != nil {
		t.Fatal(err)
	}
	p, changed, err := New(tui).Follow()
	if !changed || err != nil || p.TokenID != "1234567890" || tui.Profile().TokenID != "1234567890" || p.DeadlineWindow.String() != "4m0s" {
		t.Fatalf("after the other process's write: %+v %v %v", p, changed, err)
	}
	if _, changed, _ := New(tui).Follow(); changed {
		t.Fatal("a change is reported once")
	}
	// A file rewritten with the profile as it was is no change.
	if _, err := New(cli).SetFields("", [2]string{"token_id", "1234567890"}); err != nil {
		t.Fatal(err)
	}
	if _, changed, err := New(tui).Follow(); changed || err != nil {
		t.Fatalf("an unchanged profile in a rewritten file: %v %v", changed, err)
	}
}
