package port

import (
	"context"
	"time"

	"purse/sandboxctl"
)

// SandboxInfoTimeout bounds GET /sandbox/info where nothing shorter does: a profile added
// from a sandbox (the core) and the dialect onboarding follows (app/sandbox).
const SandboxInfoTimeout = 10 * time.Second

// Sandbox is what the sandbox's use cases (app/sandbox) may use of the core's session
// besides Session: the control client of the profile's sandbox, and the core's answers about
// it. The core keeps the client and the detection because a mint's account-id proposal asks
// them too, and because a session asks GET /sandbox/info once per user_api (the answer is
// the session's).
type Sandbox interface {
	Session
	// Control is the control client of the profile's sandbox, its calls recorded in the
	// request log; it fails when nothing answers at the profile's user_api.
	Control(ctx context.Context) (*sandboxctl.Control, error)
	// UnrecordedControl is the control client of the profile's user_api with neither the
	// check that something answers nor the request log: the one a sandbox reset has sent its
	// call through since it was written (after asking SandboxInfo).
	UnrecordedControl() *sandboxctl.Control
	// SandboxInfo asks the profile's user_api whether it is a purse sandbox (its GET
	// /sandbox/info, recorded in the request log); anything else is an error.
	SandboxInfo(ctx context.Context) (sandboxctl.Info, error)
}

// SandboxOf is the sandbox port of an application core (an *app.App); false for anything
// else. Package app sets it when it is initialised.
var SandboxOf func(core any) (Sandbox, bool)
