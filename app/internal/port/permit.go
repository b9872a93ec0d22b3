package port

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"purse/enduser"
	"purse/homechain"
)

// Permit is what the card-spend permit (app/permit) may use of the core's session besides
// Session: the profile's end-user client (the chain configuration is read logged out,
// token-permit is a full-auth call), the address of the profile's EVM key, the profile's
// home chain as the core dials it, and the hold that keeps the profile while a permit is
// submitted and settled. They are the core's because the account's reads, the deposit and the
// sandbox's onboarding use the same client, key index, chain and hold.
type Permit interface {
	Session
	// API is the profile's end-user client. With signed, full-auth calls are signed by the
	// profile's EVM key behind the signing gate (u opens it; nil: the session's own
	// source); without, only none and basic routes work. On the sandbox profile it fails,
	// saying how to start one, when the sandbox does not answer.
	API(signed bool, u *Unlock) (*enduser.Client, error)
	// OwnerAddress is the address of the profile's EVM key, from the key index (no
	// passphrase): the permit's owner, read before anything is signed.
	OwnerAddress() (common.Address, error)
	// DialHomeChain is the profile's home-chain reader, dialled; a profile without an
	// evm_rpc is told where to set it. The permit is read from it and settled on it.
	DialHomeChain(ctx context.Context) (*homechain.Client, error)
	// HoldProfile keeps the session on its profile until release is called: a permit being
	// submitted is settled on that profile's chain, so no profile switch happens under it.
	HoldProfile() (release func())
}

// PermitOf is the card-spend permit's session of an application core (an *app.App); false
// for anything else. Package app sets it when it is initialised.
var PermitOf func(core any) (Permit, bool)
