package app

import (
	"context"

	"purse/app/internal/port"
	"purse/sandboxctl"
)

func init() {
	port.SandboxOf = func(core any) (port.Sandbox, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) Control(ctx context.Context) (*sandboxctl.Control, error) {
	return p.s.control(ctx)
}

func (p session) UnrecordedControl() *sandboxctl.Control {
	return sandboxctl.NewControl(p.s.Profile().UserAPI)
}

func (p session) SandboxInfo(ctx context.Context) (sandboxctl.Info, error) {
	return p.s.sandboxInfo(ctx)
}
