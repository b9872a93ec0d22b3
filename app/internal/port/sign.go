package port

import (
	"time"

	"purse/wallet"
)

// Sign is what offline signing (app/sign: `purse sign`) uses of the core beyond Session: a
// full-auth signature by a key the user names, sent to the agent at once when one answers.
type Sign interface {
	Session
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
