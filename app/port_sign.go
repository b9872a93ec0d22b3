package app

import (
	"errors"
	"time"

	"purse/agent"
	"purse/wallet"
)

// What offline signing (app/sign) asks of the core beyond Session (port.Sign).

// The offline-signing port (port.Sign): app/sign names the key it signs with.

// SignFullAuth signs r with key label. Through an agent the request goes at once
// (agentEVMOnSign: the headers need no address before the signature, so the "key" round trip
// is saved, one of the two of a `purse sign full-auth`); when no agent answers on the socket
// (nothing was signed), the key is the session's or the key store's, as evmSignerOf gives.
func (p session) SignFullAuth(label string, u *Unlock, r wallet.Request, now time.Time) (wallet.FullAuth, error) {
	s := p.s
	if c := s.signingAgent(); c != nil {
		onSign := &agentEVMOnSign{EVMSigner: &agent.EVMSigner{C: c, Label: label, Profile: s.Profile().Name},
			unlock: func() (wallet.EVMSigner, error) { return s.agentEVM(c, label, u) }}
		fa, err := wallet.SignFullAuthRequest(onSign, r, now)
		if !errors.Is(err, agent.ErrNoAgent) {
			return fa, err
		}
	}
	signer, err := s.localEVMSignerOf(label, u)
	if err != nil {
		return wallet.FullAuth{}, err
	}
	return wallet.SignFullAuthRequest(signer, r, now)
}
