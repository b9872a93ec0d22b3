package port

import (
	"purse/internal/atomicfile"
	"purse/keystore"
)

// Keys is what key management (app/keys) uses of the core beyond Session. The key store, the
// cache of unlocked keys and the home's start-up check are the core's: its signers open keys
// from the same store, and a key the user removes or renames must leave that cache.
type Keys interface {
	Session
	// KeyStore opens the home's key store. A passphrase the operation needs and u does not
	// hold (nil: none) is asked of the session's prompter, or fails with a needs-unlock
	// error naming the key.
	KeyStore(u *Unlock) (*keystore.Store, error)
	// KeyStoreForCheck is KeyStore(nil) for the user's own check or repair of the store:
	// the session's start-up check (the sweep of temporary files, the one-line notice) is
	// taken as done, since the caller reports the same findings itself.
	KeyStoreForCheck() (*keystore.Store, error)
	// SweepTemps removes the stale temporary files every atomic write of purse leaves in
	// the home (the key store's, the profiles', the history exports'), as the start-up
	// check does, and lists what it found.
	SweepTemps(ks *keystore.Store) ([]atomicfile.Leftover, error)
	// LockKey wipes key label wherever it is held unlocked (this session, the agent),
	// leaving the other keys: a removed or renamed key must not go on signing.
	LockKey(label string)
}

// KeysOf is the key management port of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var KeysOf func(core any) (Keys, bool)
