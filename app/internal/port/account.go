package port

import (
	"context"
)

// Account is what the account's use cases (app/account: the account, its card, the chains
// and the balances of its key) use of the core beyond Session. The end-user client, the
// account check, the mint's checks and its storing, the key's address and the home chain are
// the core's: the partner's routes, the permits and the sandbox's onboarding use the same.
type Account interface {
	Session
	// SandboxTokenID asks the profile's sandbox (its control surface) for an account id to
	// mint, as the service hands ids out.
	SandboxTokenID(ctx context.Context) (string, error)
}

// AccountOf is the account's session of an application core (an *app.App); false for
// anything else. Package app sets it when it is initialised.
var AccountOf func(core any) (Account, bool)
