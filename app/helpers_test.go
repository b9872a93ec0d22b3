package app

import (
	"testing"

	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
)

// fileStore opens home's key store on the file backend with a light scrypt (the App's too)
// and the passphrase "pw", and creates the keys named (label → kind).
func fileStore(t testing.TB, home string, keys map[string]keystore.Kind) *keystore.Store {
	t.Helper()
	t.Cleanup(SetScryptCost(1<<4, 1))
	return testhome.FileStore(t, home, keys)
}

// useProfile stores p in home and makes it the active profile.
func useProfile(t testing.TB, home string, p *config.Profile) { testhome.UseProfile(t, home, p) }
