package app

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"purse/app/internal/port"
	"purse/enduser"
	"purse/homechain"
)

// session is also App as the card-spend permit (app/permit) sees it (port.Permit).
func init() {
	port.PermitOf = func(core any) (port.Permit, bool) {
		s, ok := core.(*App)
		if !ok || s == nil {
			return nil, false
		}
		return session{s}, true
	}
}

func (p session) API(signed bool, u *Unlock) (*enduser.Client, error) { return p.s.api(signed, u) }

func (p session) OwnerAddress() (common.Address, error) { return p.s.ownerAddress() }

func (p session) DialHomeChain(ctx context.Context) (*homechain.Client, error) {
	return p.s.homeChain(ctx)
}

func (p session) HoldProfile() func() {
	p.s.moving.Add(1)
	return func() { p.s.moving.Add(-1) }
}
