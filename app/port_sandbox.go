package app

import (
	"context"

	"purse/sandboxctl"
)

// What the sandbox's use cases (app/sandbox) asks of the core beyond Session (port.Sandbox).

func (p session) Control(ctx context.Context) (*sandboxctl.Control, error) {
	return p.s.control(ctx)
}

func (p session) UnrecordedControl() *sandboxctl.Control {
	return sandboxctl.NewControl(p.s.Profile().UserAPI)
}

func (p session) SandboxInfo(ctx context.Context) (sandboxctl.Info, error) {
	return p.s.sandboxInfo(ctx)
}
