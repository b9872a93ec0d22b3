package app

import (
	"testing"

	"purse/config"
	"purse/keystore"
)

// fileStore opens home's key store on the file backend with a light scrypt and the
// passphrase "pw", and creates the keys named (label → kind).
func fileStore(t testing.TB, home string, keys map[string]keystore.Kind) *keystore.Store {
	t.Helper()
	t.Setenv("PURSE_KEYSTORE", "file")
	t.Cleanup(SetScryptCost(1<<4, 1))
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(keystore.Question) ([]byte, error) { return []byte("pw"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	for label, kind := range keys {
		if _, err := ks.New(label, kind); err != nil {
			t.Fatal(err)
		}
	}
	return ks
}

// useProfile stores p in home and makes it the active profile.
func useProfile(t testing.TB, home string, p *config.Profile) {
	t.Helper()
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(p); err != nil {
		t.Fatal(err)
	}
	if err := st.Use(p.Name); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
}
