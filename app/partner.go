package app

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/config"
	"purse/partner"
	"purse/wallet"
)

// The partner API as the core holds it for every use case that calls it (the partner
// onboarding in app/onboard, the deposit's quote, the doctor's probes, through the port): the
// settings a profile needs, the one client a profile makes, the service's clock its deadlines
// start from, and what an answer whose signature does not hold becomes.

// partnerSettings checks what profile p needs to call the partner API, naming each missing
// setting in both front ends' terms; orElse ends the hint with another way to go ("" none).
func partnerSettings(p config.Profile, orElse string) error {
	if p.PartnerAPI == "" {
		return Usagef("profile %s has no partner_api: set it on the Settings screen or with `purse profile set partner_api=URL`%s", p.Name, orElse)
	}
	if p.PartnerKey == "" {
		return Usagef("profile %s has no partner_key: set it on the Settings screen or with `purse profile set partner_key=LABEL`%s", p.Name, orElse)
	}
	known := partner.RouteNames()
	for name := range p.PartnerRoutes {
		if !slices.Contains(known, name) {
			return Usagef("profile %s: partner_routes.%s: expected one of %s", p.Name, name, strings.Join(known, ", "))
		}
	}
	return nil
}

// partnerClient is the partner API client of profile p (partnerSettings first), signing with
// the partner key (partnerClientOf).
func (s *App) partnerClient(ctx context.Context, p config.Profile, u *Unlock, orElse string) (*partner.Client, error) {
	if err := partnerSettings(p, orElse); err != nil {
		return nil, err
	}
	s.syncServiceClock(ctx)
	signer, err := s.evmSignerOf(p.PartnerKey, u)
	if err != nil {
		return nil, err
	}
	c := partnerClientOf(p, signer)
	// The deadline is set by the clock the gate checks it against (the service's time).
	c.Now = s.Now
	c.HTTP = s.partnerHTTP()
	return c, nil
}

// syncServiceClock reads the service's time once a session, from the end-user API, before a
// partner call or consent takes a deadline from it: the partner envelope carries no server
// time, and a first command that calls only the partner API would otherwise start its
// deadlines from this machine's clock, which the service may not share. Without an answer
// the clock stays this machine's, and the note says so.
func (s *App) syncServiceClock(ctx context.Context) {
	api, err := s.api(false, nil)
	if err == nil {
		err = api.SyncClock(ctx)
	}
	if err != nil {
		s.note("the service's time could not be read (" + OneLine(err) + "): deadlines start from this machine's clock")
	}
}

// partnerClientOf is the one place that turns a profile into a partner client: the signer
// (nil: unsigned requests only), the partner-auth form, the service's names for the spec's
// stand-ins, the service key its answers must be signed by, what an unsigned answer gets,
// and the route paths.
func partnerClientOf(p config.Profile, signer wallet.EVMSigner) *partner.Client {
	c := &partner.Client{BaseURL: p.PartnerAPI, Signer: signer, Variant: wallet.PartnerAuthVariant(p.PartnerAuthForm()),
		Names: p.StandInNames(), WarnUnsigned: p.UnsignedAnswers() == "warn", Paths: p.PartnerRoutes}
	if p.PartnerResponseKey != "" {
		k := common.HexToAddress(p.PartnerResponseKey)
		c.ResponseKey = &k
	}
	return c
}

// UnsignedAnswer says a partner answer was used without a signature, which only a profile's
// partner_unsigned_answers=warn lets through (shown where the signer would be).
const UnsignedAnswer = "NOT signed (accepted because partner_unsigned_answers=warn)"

// refusedAnswer makes a partner answer whose signature does not hold a rejection (the CLI
// exits 3): nothing of it is used.
func refusedAnswer(err error) error {
	if errors.Is(err, partner.ErrResponseSignature) {
		return &RejectedError{err.Error() + "; nothing of the answer was used"}
	}
	return err
}

// partnerPath is the path of a partner route under profile p.
func partnerPath(p config.Profile, route string) string {
	if path, ok := p.PartnerRoutes[route]; ok {
		return path
	}
	return partner.DefaultPath(route, p.StandInNames())
}
