package app

import (
	"context"

	"purse/app/internal/port"
)

// session is also App as the account's use cases (app/account) see it (port.Account).
func init() {
	port.AccountOf = func(core any) (port.Account, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) SandboxTokenID(ctx context.Context) (string, error) {
	c, err := p.s.control(ctx)
	if err != nil {
		return "", err
	}
	return c.IssueTokenID(ctx)
}

func (p session) Rejected(msg string) error { return &RejectedError{msg} }
