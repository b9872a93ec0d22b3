package app

import (
	"purse/app/internal/port"
	"purse/internal/atomicfile"
	"purse/keystore"
)

func init() {
	port.KeysOf = func(core any) (port.Keys, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) KeyStore(u *Unlock) (*keystore.Store, error) { return p.s.keys(u) }

func (p session) KeyStoreForCheck() (*keystore.Store, error) {
	p.s.keyCheck.Do(func() {})
	return p.s.keys(nil)
}

func (p session) SweepTemps(ks *keystore.Store) ([]atomicfile.Leftover, error) {
	return p.s.sweepTemps(ks)
}

func (p session) LockKey(label string) { p.s.lockKey(label) }
