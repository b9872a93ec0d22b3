package app

import (
	"context"
	"net/url"
	"sync"
	"time"

	"purse/internal/loopback"
	"purse/sandboxctl"
)

// The core's part of the purse sandbox: its control client and whether the profile's
// user_api is one. A mint's account-id proposal (Account.ProposeTokenID) asks both, and the
// detection's answer is the session's (asked once per user_api); the tester's use cases
// (onboarding, KYC and state by hand, faults, clock, reset) are app/sandbox's, which reaches
// these through its port (port_sandbox.go).

// control is the control client of the profile's sandbox; it fails when nothing answers at
// the profile's user_api.
func (s *App) control(ctx context.Context) (*sandboxctl.Control, error) {
	p := s.Profile()
	if err := sandboxctl.Reachable(ctx, p.UserAPI); err != nil {
		return nil, err
	}
	return sandboxctl.NewControl(p.UserAPI).WithLog(s.Log), nil
}

// sandboxSeen remembers what GET /sandbox/info answered for one user_api.
type sandboxSeen struct {
	mu   sync.Mutex
	base string
	info *sandboxctl.Info
}

// detectSandbox says whether the profile's user_api is a purse sandbox, for the next steps
// and the controls the CLI and the Account screen offer. Only a loopback user_api is asked (a
// purse sandbox listens on loopback): a live service is never sent GET /sandbox/info, and a
// remote server cannot pass for a sandbox. The answer is asked once per user_api in a
// session, within 1.5 s.
func (s *App) detectSandbox(ctx context.Context) (sandboxctl.Info, bool) {
	base := s.Profile().UserAPI
	seen := &s.sandboxSeen
	seen.mu.Lock()
	defer seen.mu.Unlock()
	if seen.base == base && seen.base != "" {
		if seen.info == nil {
			return sandboxctl.Info{}, false
		}
		return *seen.info, true
	}
	seen.base, seen.info = base, nil
	u, err := url.Parse(base)
	if err != nil || !loopback.Host(u.Hostname()) {
		return sandboxctl.Info{}, false
	}
	ictx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	info, err := s.sandboxInfo(ictx)
	if err != nil {
		if ctx.Err() != nil {
			seen.base = "" // cancelled: not an answer to remember
		}
		return sandboxctl.Info{}, false
	}
	seen.info = &info
	return info, true
}

// sandboxInfo asks the profile's user_api whether it is a purse sandbox (its GET
// /sandbox/info); anything else is an error.
func (s *App) sandboxInfo(ctx context.Context) (sandboxctl.Info, error) {
	return sandboxctl.NewControl(s.Profile().UserAPI).WithLog(s.Log).Info(ctx)
}
