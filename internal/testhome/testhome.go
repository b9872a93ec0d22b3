// Package testhome makes purse home folders for the tests of the layers above the key store
// and the profiles (app, its use cases, the TUI): a key store on the file backend with keys
// in it, and an active profile. (internal/hometest copies a home; the key store's own tests
// use it, so it cannot use the key store.)
package testhome

import (
	"testing"

	"purse/config"
	"purse/keystore"
)

// FileStore opens home's key store on the file backend with a light scrypt and the
// passphrase "pw", and creates the keys named (label → kind). A test whose application core
// later opens the store sets the core's scrypt cost too (app.SetScryptCost).
func FileStore(tb testing.TB, home string, keys map[string]keystore.Kind) *keystore.Store {
	tb.Helper()
	tb.Setenv("PURSE_KEYSTORE", "file")
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(keystore.Question) ([]byte, error) { return []byte("pw"), nil }})
	if err != nil {
		tb.Fatal(err)
	}
	for label, kind := range keys {
		if _, err := ks.New(label, kind); err != nil {
			tb.Fatal(err)
		}
	}
	return ks
}

// UseProfile stores p in home and makes it the active profile.
func UseProfile(tb testing.TB, home string, p *config.Profile) {
	tb.Helper()
	st, err := config.Load(home)
	if err != nil {
		tb.Fatal(err)
	}
	if err := st.Put(p); err != nil {
		tb.Fatal(err)
	}
	if err := st.Use(p.Name); err != nil {
		tb.Fatal(err)
	}
	if err := st.Save(); err != nil {
		tb.Fatal(err)
	}
}

// AuditRecords are the records of home's audit log, read as a command of another process
// would read them (the file backend's store).
func AuditRecords(tb testing.TB, home string) []keystore.AuditRecord {
	tb.Helper()
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile})
	if err != nil {
		tb.Fatal(err)
	}
	recs, err := ks.ListAudit()
	if err != nil {
		tb.Fatal(err)
	}
	return recs
}
