package port

import (
	"context"

	"purse/config"
	"purse/partner"
)

// Onboard is what the partner onboarding (app/onboard) may use of the core's session besides
// Session: the partner settings and the partner client signing with the partner key, the
// service's clock, the checks and the store every mint shares with the end-user mint, the
// chain's account of a key (to settle a mint whose answer was lost), and the core's errors
// for an account the profile lacks and for a partner answer refused for its signature.
type Onboard interface {
	Session
	// SyncServiceClock reads the service's time once a session, so that a consent's deadline
	// comes from the clock the service checks it against (a note says when it cannot).
	SyncServiceClock(ctx context.Context)
	// SignedPartnerClient is profile p's partner client signing with the profile's partner
	// key (u opens it), on the service's clock: PartnerSettings first, then the key.
	SignedPartnerClient(ctx context.Context, p config.Profile, u *Unlock) (*partner.Client, error)
	// RefusedAnswer makes a partner answer whose signature does not hold a rejection
	// (app.ErrRejected); any other error is returned as it is.
	RefusedAnswer(err error) error
}

// OnboardOf is the partner onboarding's session of an application core (an *app.App);
// false for anything else. Package app sets it when it is initialised.
var OnboardOf func(core any) (Onboard, bool)
