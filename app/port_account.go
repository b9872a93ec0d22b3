package app

import (
	"context"
)

// What the account's use cases (app/account) asks of the core beyond Session (port.Account).

func (p session) SandboxTokenID(ctx context.Context) (string, error) {
	c, err := p.s.control(ctx)
	if err != nil {
		return "", err
	}
	return c.IssueTokenID(ctx)
}
