package app

import (
	"context"

	"purse/app/internal/port"
	"purse/config"
	"purse/partner"
)

// session is also App as the partner onboarding (app/onboard) sees it (port.Onboard).
func init() {
	port.OnboardOf = func(core any) (port.Onboard, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) SyncServiceClock(ctx context.Context) { p.s.syncServiceClock(ctx) }

func (p session) SignedPartnerClient(ctx context.Context, pr config.Profile, u *Unlock) (*partner.Client, error) {
	return p.s.partnerClient(ctx, pr, u, "")
}

func (p session) RefusedAnswer(err error) error { return refusedAnswer(err) }

func (p session) RequireAccount() error { return p.s.requireAccount() }
