package account

import (
	"context"
	"errors"

	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
)

// ErrOnDevice is why a read the user did not ask for was not made: the key is on a device,
// and a press is the device's user's to give, not a first screen's to ask for.
var ErrOnDevice = errors.New("the key is on a device: it signs only what the user asks for")

// Overview is the account as a first screen shows it, read without asking for anything the
// user did not ask for: the status (at the account-status route's auth), the next step, the
// card (a signed read, made only when the key signs without a question: held unlocked, in
// the agent, a read session; never a device's press), and the key's balances on the home
// chain that are not zero. Each part that could not be read carries why.
type Overview struct {
	Status    *enduser.AccountStatus
	StatusErr error
	Next      Next
	// Card is nil with CardErr: app.ErrNeedsUnlock (the key is locked), ErrOnDevice, or
	// what the read met; both nil without an account.
	Card    *CardInfo
	CardErr error
	// Balances are the non-zero ones, in the chain configuration's order.
	Balances    []homechain.Balance
	BalancesErr error
}

// Overview reads the profile's account for a first screen (see Overview).
func (sv Service) Overview(ctx context.Context) Overview {
	var o Overview
	p := sv.s.Profile()
	if p.TokenID == "" {
		o.Next = NextFor(p, nil, false)
	} else {
		if st, err := sv.Status(ctx); err != nil {
			o.StatusErr = err
		} else {
			o.Status, o.Next = &st, NextFor(p, &st, false)
		}
		card := Card{sv.s}
		if e, err := sv.s.KeyEntry(p.EVMKey); err == nil && e.Backend == keystore.BackendLedger {
			o.CardErr = ErrOnDevice
		} else if info, err := card.Run(ctx, nil, CardRead, ""); err != nil {
			o.CardErr = err
		} else {
			o.Card = &info
		}
	}
	snap, err := Chains{sv.s}.Snapshot(ctx, nil)
	switch {
	case err != nil:
		o.BalancesErr = err
	case snap.ChainErr != nil:
		o.BalancesErr = snap.ChainErr
	case snap.OwnerErr != nil:
		o.BalancesErr = snap.OwnerErr
	default:
		for _, b := range snap.Ordered {
			if b.Smallest != nil && b.Smallest.Sign() > 0 {
				o.Balances = append(o.Balances, b)
			}
		}
	}
	return o
}
