package audit

import (
	"os"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/wallet"
)

// The watch sees a change of the account that another process signed for the profile (the
// audit record's Changes and PID, as the gate writes them), and nothing else: not its own
// process's, not a read, not another profile's, not what was there before it started.
func TestWatchSeesAnotherProcessesChange(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(app.SetScryptCost(1<<4, 1))
	ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM})
	core, err := app.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	profile := core.Profile().Name
	sign := func(note keystore.AuditNote, prof string) {
		t.Helper()
		s, err := ks.EVMSigner("me", prof)
		if err != nil {
			t.Fatal(err)
		}
		n, ok := s.(interface {
			Noted(keystore.AuditNote) wallet.EVMSigner
		})
		if !ok {
			t.Fatalf("%T carries no note", s)
		}
		if _, err := n.Noted(note).SignDigest(wallet.PurposeFullAuth, common.Hash{1}); err != nil {
			t.Fatal(err)
		}
	}
	other, own := os.Getpid()+1, os.Getpid()
	sign(keystore.AuditNote{Changes: true, PID: other}, profile) // before the watch
	w := New(core).Watch()
	if changed, err := w.Changed(profile, own); changed || err != nil {
		t.Fatalf("the first look: %v %v", changed, err)
	}
	for _, c := range []struct {
		what    string
		note    keystore.AuditNote
		profile string
		want    bool
	}{
		{"a read of another process", keystore.AuditNote{PID: other}, profile, false},
		{"its own change", keystore.AuditNote{Changes: true, PID: own}, profile, false},
		{"another profile's change", keystore.AuditNote{Changes: true, PID: other}, "elsewhere", false},
		{"another process's change", keystore.AuditNote{Changes: true, PID: other}, profile, true},
	} {
		sign(c.note, c.profile)
		if changed, err := w.Changed(profile, own); changed != c.want || err != nil {
			t.Errorf("%s: changed %v %v, want %v", c.what, changed, err, c.want)
		}
	}
	if changed, err := w.Changed(profile, own); changed || err != nil {
		t.Fatalf("nothing new: %v %v", changed, err)
	}
}
