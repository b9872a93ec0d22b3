package app

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"purse/app/internal/port"
	"purse/enduser"
	"purse/homechain"
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

func (p session) API(signed bool, u *Unlock) (*enduser.Client, error) { return p.s.api(signed, u) }

func (p session) AccountAPI(signed bool, u *Unlock) (*enduser.Client, error) {
	if err := p.s.requireAccount(); err != nil {
		return nil, err
	}
	return p.s.api(signed, u)
}

func (p session) SandboxTokenID(ctx context.Context) (string, error) {
	c, err := p.s.control(ctx)
	if err != nil {
		return "", err
	}
	return c.IssueTokenID(ctx)
}

func (p session) OwnerAddress() (common.Address, error) { return p.s.ownerAddress() }

func (p session) DialHomeChain(ctx context.Context) (*homechain.Client, error) {
	return p.s.homeChain(ctx)
}

func (p session) Rejected(msg string) error { return &RejectedError{msg} }
