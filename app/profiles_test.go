package app

import (
	"context"
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
		if _, err := s.Profiles().SetField("", c.setting, c.label); !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.setting) {
			t.Errorf("%s=%s: %v", c.setting, c.label, err)
		}
	}
	if s.Profile().EVMKey != "" || s.Profile().SolanaKey != "" {
		t.Fatalf("a refused setting changed the profile: %+v", s.Profile())
	}
	if p, err := s.Profiles().SetFields("", [2]string{"evm_key", "evm1"}, [2]string{"solana_key", "sol1"}); err != nil || p.EVMKey != "evm1" || p.SolanaKey != "sol1" {
		t.Fatalf("stored keys: %+v %v", p, err)
	}
}

// TestFollowProfileSeesAnotherProcessesChange: a profile changed in the file by another purse
// process (here another App, as `purse sandbox ctl onboard` storing the account id) is what
// the App holds after Profiles().Follow; the App's own writes and an unchanged file are no change.
func TestFollowProfileSeesAnotherProcessesChange(t *testing.T) {
	home := t.TempDir()
	tui, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, changed, err := tui.Profiles().Follow(); changed || err != nil {
		t.Fatalf("nothing changed yet: %v %v", changed, err)
	}
	if _, err := tui.Profiles().SetField("", "deadline_window", "4m"); err != nil {
		t.Fatal(err)
	}
	if _, changed, err := tui.Profiles().Follow(); changed || err != nil {
		t.Fatalf("the App's own write is no change: %v %v", changed, err)
	}
	cli, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cli.Profiles().SetField("", "token_id", "1234567890"); err != nil {
		t.Fatal(err)
	}
	p, changed, err := tui.Profiles().Follow()
	if !changed || err != nil || p.TokenID != "1234567890" || tui.Profile().TokenID != "1234567890" || p.DeadlineWindow.String() != "4m0s" {
		t.Fatalf("after the other process's write: %+v %v %v", p, changed, err)
	}
	if _, changed, _ := tui.Profiles().Follow(); changed {
		t.Fatal("a change is reported once")
	}
	// A file rewritten with the profile as it was is no change.
	if _, err := cli.Profiles().SetFields("", [2]string{"token_id", "1234567890"}); err != nil {
		t.Fatal(err)
	}
	if _, changed, err := tui.Profiles().Follow(); changed || err != nil {
		t.Fatalf("an unchanged profile in a rewritten file: %v %v", changed, err)
	}
}

// BenchmarkFollowProfileUnchanged is what the TUI pays every 2 seconds and at each screen
// shown while no other process changes the profiles file: one stat.
func BenchmarkFollowProfileUnchanged(b *testing.B) { benchFollow(b, false) }

// BenchmarkFollowProfileChanged is a look that finds the file rewritten: it reads and parses
// it again.
func BenchmarkFollowProfileChanged(b *testing.B) { benchFollow(b, true) }

func benchFollow(b *testing.B, rewritten bool) {
	s, err := New(b.TempDir(), "", nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Profiles().SetField("", "deadline_window", "4m"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if rewritten {
			s.profileFile = nil // as after another process's write
		}
		if _, changed, err := s.Profiles().Follow(); changed || err != nil {
			b.Fatal(changed, err)
		}
	}
}

// TestNoSwitchUnderAMovingRequest: while a signed deposit or permit is being sent and
// settled, the App keeps its profile: Profiles().Use and a change of the profile refuse, naming
// why, and Profiles().Follow waits; once it is settled, they go on.
func TestNoSwitchUnderAMovingRequest(t *testing.T) {
	home := t.TempDir()
	s, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := AddProfile(context.Background(), home, "other", ProfileSource{}, [][2]string{{"user_api", "http://127.0.0.1:1"}, {"network", "5003"}}, nil); err != nil {
		t.Fatal(err)
	}
	cli, err := New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cli.Profiles().SetField("", "token_id", "1234567890"); err != nil {
		t.Fatal(err)
	}
	s.moving.Add(1)
	var ue *UsageError
	if _, err := s.Profiles().Use("other"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "being sent and settled") || s.Profile().Name != "sandbox" {
		t.Fatalf("a switch under a moving request: %v (on %s)", err, s.Profile().Name)
	}
	if _, changed, err := s.Profiles().Follow(); changed || err != nil || s.Profile().TokenID != "" {
		t.Fatalf("a follow under a moving request: %v %v", changed, err)
	}
	if _, err := s.Profiles().SetField("", "evm_key", ""); !errors.As(err, &ue) {
		t.Fatalf("a change of the profile under a moving request: %v", err)
	}
	s.moving.Add(-1)
	if _, changed, err := s.Profiles().Follow(); !changed || err != nil || s.Profile().TokenID != "1234567890" {
		t.Fatalf("the follow once settled: %v %v", changed, err)
	}
	if p, err := s.Profiles().Use("other"); err != nil || p.Name != "other" {
		t.Fatalf("the switch once settled: %+v %v", p, err)
	}
}
