package port

import (
	"time"

	"purse/wallet"
)

// Sign is what offline signing (app/sign: `purse sign`) uses of the core beyond Session: a
// key the user names by its label, opened behind the signing gate as every signer of the
// session is (in the agent when one answers), so a key unlocked for one use serves the others.
type Sign interface {
	Session
	// EVMSignerOf is the audited signer of EVM key label under the active profile; u opens
	// a key file (nil: the session's own source).
	EVMSignerOf(label string, u *Unlock) (wallet.EVMSigner, error)
	// SignFullAuth signs the full-auth request r with EVM key label, as EVMSignerOf's
	// signer would, but through an agent at once: full-auth headers need no address before
	// the signature, so the "key" round trip is saved (the signature must recover to the
	// address the agent's answer names). With no agent on the socket (nothing was signed),
	// the key is the session's or the key store's.
	SignFullAuth(label string, u *Unlock, r wallet.Request, now time.Time) (wallet.FullAuth, error)
}

// SignOf is the offline-signing port of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var SignOf func(core any) (Sign, bool)
