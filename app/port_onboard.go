package app

import (
	"context"

	"purse/config"
	"purse/partner"
)

// What the partner onboarding (app/onboard) asks of the core beyond Session (port.Onboard).

func (p session) SyncServiceClock(ctx context.Context) { p.s.syncServiceClock(ctx) }

func (p session) SignedPartnerClient(ctx context.Context, pr config.Profile, u *Unlock) (*partner.Client, error) {
	return p.s.partnerClient(ctx, pr, u, "")
}

func (p session) RefusedAnswer(err error) error { return refusedAnswer(err) }
