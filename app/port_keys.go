package app

import (
	"purse/internal/atomicfile"
	"purse/keystore"
)

// What key management (app/keys) asks of the core beyond Session (port.Keys).

func (p session) KeyStore(u *Unlock) (*keystore.Store, error) { return p.s.keys(u) }

func (p session) KeyStoreForCheck() (*keystore.Store, error) {
	p.s.keyCheck.Do(func() {})
	return p.s.keys(nil)
}

func (p session) SweepTemps(ks *keystore.Store) ([]atomicfile.Leftover, error) {
	return p.s.sweepTemps(ks)
}

func (p session) LockKey(label string) { p.s.lockKey(label) }
