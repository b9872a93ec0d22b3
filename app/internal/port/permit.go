package port

// Permit is what the card-spend permit (app/permit) may use of the core's session besides
// Session: the profile's end-user client (the chain configuration is read logged out,
// token-permit is a full-auth call), the address of the profile's EVM key, the profile's
// home chain as the core dials it, and the hold that keeps the profile while a permit is
// submitted and settled. They are the core's because the account's reads, the deposit and the
// sandbox's onboarding use the same client, key index, chain and hold.
type Permit interface {
	Session
}

// PermitOf is the card-spend permit's session of an application core (an *app.App); false
// for anything else. Package app sets it when it is initialised.
var PermitOf func(core any) (Permit, bool)
