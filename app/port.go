package app

import (
	"context"
	"io"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/partner"
	"purse/sandboxctl"
	"purse/wallet"
)

// session is App as the use-case packages under app see it (port.Session).
type session struct{ s *App }

func init() {
	port.Of = sessionOf[port.Session]
	port.AccountOf = sessionOf[port.Account]
	port.AuditOf = sessionOf[port.Audit]
	port.DepositOf = sessionOf[port.Deposit]
	port.HistoryOf = sessionOf[port.History]
	port.KeysOf = sessionOf[port.Keys]
	port.OnboardOf = sessionOf[port.Onboard]
	port.ProfilesOf = sessionOf[port.Profiles]
	port.SandboxOf = sessionOf[port.Sandbox]
	port.SignOf = sessionOf[port.Sign]
}

// session implements every port of app/internal/port: the compiler checks it here, rather
// than a use case finding out when it first asks.
var (
	_ port.Account  = session{}
	_ port.Audit    = session{}
	_ port.Deposit  = session{}
	_ port.History  = session{}
	_ port.Keys     = session{}
	_ port.Onboard  = session{}
	_ port.Profiles = session{}
	_ port.Sandbox  = session{}
	_ port.Sign     = session{}
)

// sessionOf is core's session as port T: false for anything but an opened *App.
func sessionOf[T any](core any) (T, bool) {
	var none T
	s, ok := core.(*App)
	if !ok || s == nil {
		return none, false
	}
	t, ok := any(session{s}).(T)
	return t, ok
}

func (p session) Profile() config.Profile         { return p.s.Profile() }
func (p session) Now() time.Time                  { return p.s.Now() }
func (p session) Reachable() error                { return p.s.reachable() }
func (p session) RequestLog() *enduser.RequestLog { return p.s.RequestLog() }
func (p session) UserOptions(pr config.Profile, signer wallet.EVMSigner) enduser.Options {
	return p.s.userOptions(pr, signer)
}

func (p session) ReadOnlyEVMSigner(label string, u *Unlock) (wallet.EVMSigner, error) {
	return p.s.readOnlyEVMSigner(label, u)
}

func (p session) EVMSigner(u *Unlock) (wallet.EVMSigner, error) { return p.s.evmSigner(u) }

func (p session) KeyInProcess(signer wallet.EVMSigner) (func() error, bool) {
	g, ok := signer.(*gatedEVMSigner)
	if !ok {
		return nil, false
	}
	return func() error { return keystore.LockMemory(g.key) }, true
}

func (p session) HomeChain(pr config.Profile) homechain.ProfileChain { return p.s.profileChain(pr) }
func (p session) PartnerClient(pr config.Profile) *partner.Client    { return partnerClientOf(pr, nil) }
func (p session) PartnerPath(pr config.Profile, route string) string {
	return partnerPath(pr, route)
}

func (p session) PartnerSettings(pr config.Profile, orElse string) error {
	return partnerSettings(pr, orElse)
}

func (p session) KeyEntry(label string) (keystore.Entry, error) {
	ks, err := p.s.keys(nil)
	if err != nil {
		return keystore.Entry{}, err
	}
	return ks.Get(label)
}

func (p session) ReadSecret(field, path string, stdin io.Reader) ([]byte, error) {
	return readSecret(field, path, stdin)
}

func (p session) MintOwner(ctx context.Context) (common.Address, string, error) {
	return p.s.mintOwner(ctx)
}

func (p session) StoreMinted(tokenID, txHash string) (config.Profile, error) {
	return p.s.storeMinted(tokenID, txHash)
}

func (p session) DetectSandbox(ctx context.Context) (sandboxctl.Info, bool) {
	return p.s.detectSandbox(ctx)
}

func (p session) API(signed bool, u *Unlock) (*enduser.Client, error) { return p.s.api(signed, u) }

func (p session) AccountAPI(signed bool, u *Unlock) (*enduser.Client, error) {
	if err := p.s.requireAccount(); err != nil {
		return nil, err
	}
	return p.s.api(signed, u)
}

func (p session) OwnerAddress() (common.Address, error) { return p.s.ownerAddress() }

func (p session) DialHomeChain(ctx context.Context) (*homechain.Client, error) {
	return p.s.homeChain(ctx)
}

func (p session) HoldProfile() func() {
	p.s.moving.Add(1)
	return func() { p.s.moving.Add(-1) }
}

func (p session) FindAccount(ctx context.Context, owner common.Address) (uint64, bool, error) {
	return p.s.accountOf(ctx, owner)
}

func (p session) RequireAccount() error { return p.s.requireAccount() }

func (p session) EVMSignerOf(label string, u *Unlock) (wallet.EVMSigner, error) {
	return p.s.evmSignerOf(label, u)
}
