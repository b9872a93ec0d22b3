package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"purse/internal/atomicfile"
)

// A save of the profiles cut off by a crash leaves .profiles.toml.tmp-N: the sweep removes it
// once stale, keeps a save under way, and touches no other name.
func TestSweepTempsOfTheProfiles(t *testing.T) {
	home := t.TempDir()
	old := time.Now().Add(-time.Hour)
	crashed := filepath.Join(home, ".profiles.toml.tmp-2044897763")
	other := filepath.Join(home, ".keys.json.tmp-1")
	for _, p := range []string{crashed, other} {
		if err := os.WriteFile(p, []byte("[profiles"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, old, old)
	}
	saving, err := atomicfile.Begin(filepath.Join(home, ProfilesFile), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer saving.Abort()
	_ = os.Chtimes(saving.Name(), old, old)

	got, err := SweepTemps(home)
	if err != nil || len(got) != 2 {
		t.Fatalf("sweep: %+v %v", got, err)
	}
	for _, l := range got {
		switch l.Path {
		case crashed:
			if !l.Removed || l.Target != filepath.Join(home, ProfilesFile) {
				t.Errorf("the crash's leftover: %+v", l)
			}
		case saving.Name():
			if l.Removed || !l.InUse {
				t.Errorf("a save under way: %+v", l)
			}
		default:
			t.Errorf("swept %+v", l)
		}
	}
	if _, err := os.Lstat(crashed); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the leftover is still there")
	}
	if _, err := os.Lstat(other); err != nil {
		t.Error("the key store's file was swept as the profiles'")
	}
}
