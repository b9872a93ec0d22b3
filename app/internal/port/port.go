// Package port is the narrow port through which the use-case packages of the application
// layer (app/account, app/deposit, app/doctor, app/proxy and the others under app) reach the
// core's session: Session is what every use case may use (the profile, the options every
// end-user client is made with, the profile's keys behind the signing gate, its chains and
// partner client, the clock, the request log, what both mints check); each use case's own
// interface (Account, Deposit, Keys, …) adds what only it needs. Package app implements
// them all on one type. It is internal to app, so no front end can reach what it hands out
// (a signer, a key store, a client): front ends reach the session only through the use
// cases.
package port

import (
	"context"
	"io"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/partner"
	"purse/sandboxctl"
	"purse/wallet"
)

// Unlock carries passphrases the user typed into dialogs, for one operation: Passphrase
// opens an existing key file, New protects a file the operation writes (a new key, an
// export). app.Unlock is this type.
type Unlock struct {
	Passphrase []byte
	New        []byte
}

// Empty says u carries no passphrase of an existing key (nil, or only a new one).
func (u *Unlock) Empty() bool { return u == nil || len(u.Passphrase) == 0 }

// Clear zeroes both passphrases; a nil Unlock is fine.
func (u *Unlock) Clear() {
	if u == nil {
		return
	}
	clear(u.Passphrase)
	clear(u.New)
}

// Session is what a use case may use of the core's session.
type Session interface {
	Profile() config.Profile
	Now() time.Time
	// UserOptions are the end-user client options of profile p signing with signer (nil:
	// none), as every command's client has them.
	UserOptions(p config.Profile, signer wallet.EVMSigner) enduser.Options
	// Reachable says whether the profile's embedded sandbox answers (nil on other profiles).
	Reachable() error
	// ReadOnlyEVMSigner is key label's signer through the signing gate, for a caller that
	// never waits for a person: what the policy would ask about fails at once. u opens a key
	// file (nil: the session's own source).
	ReadOnlyEVMSigner(label string, u *Unlock) (wallet.EVMSigner, error)
	RequestLog() *enduser.RequestLog
	// EVMSigner is the profile's EVM key behind the signing gate, in the agent when one
	// holds it; u opens a key file (nil: the session's own source).
	EVMSigner(u *Unlock) (wallet.EVMSigner, error)
	// KeyInProcess says whether signer is a key of this process behind the gate (not the
	// agent's), with lock, which locks the key's pages out of swap.
	KeyInProcess(signer wallet.EVMSigner) (lock func() error, ok bool)
	// HomeChain is the home chain profile p points at (dial it for a reader).
	HomeChain(p config.Profile) homechain.ProfileChain
	// PartnerClient is profile p's partner client, unsigned; PartnerPath the path of a
	// partner route under p (its names and partner_routes).
	PartnerClient(p config.Profile) *partner.Client
	PartnerPath(p config.Profile, route string) string
	// PartnerSettings checks what profile p needs to call the partner API, naming each
	// missing setting in both front ends' terms; orElse ends the hint with another way to go.
	PartnerSettings(p config.Profile, orElse string) error
	// KeyEntry is key label's entry in the key index (its kind and address): no secret is
	// read, no passphrase asked.
	KeyEntry(label string) (keystore.Entry, error)
	// ReadSecret reads a secret from the file the user named in field ("-": stdin, when
	// there is one), bounded and refused when empty, as every secret the core reads (a key,
	// a share token, the audit log's verification key); errors name the field and the file,
	// never the content.
	ReadSecret(field, path string, stdin io.Reader) ([]byte, error)
	// MintOwner checks what every mint needs before anything is sent (the end-user mint and
	// the partner's): no account yet, an EVM key, no account of that key on chain. It
	// returns the key's address (zero when the profile is not fit) and what the chain guard
	// saw: ChainShowsNone when the chain was read and shows no account, else a note that it
	// could not be read (a note, not a refusal).
	MintOwner(ctx context.Context) (owner common.Address, note string, err error)
	// StoreMinted stores a minted account in the profile (either mint); when the profile
	// cannot be stored the error says so, with the id to set by hand.
	StoreMinted(tokenID, txHash string) (config.Profile, error)
	// DetectSandbox says whether the profile's user_api is a purse sandbox: only a loopback
	// one is asked, once per user_api in the session, within 1.5 s.
	DetectSandbox(ctx context.Context) (sandboxctl.Info, bool)
	// API is the profile's end-user client. With signed, full-auth calls are signed by the
	// profile's EVM key behind the signing gate (u opens it; nil: the session's own
	// source); without, only none and basic routes work. On the sandbox profile it fails,
	// saying how to start one, when the sandbox does not answer.
	API(signed bool, u *Unlock) (*enduser.Client, error)
	// OwnerAddress is the address of the profile's EVM key, from the key index (no
	// passphrase), as a permit reads it.
	OwnerAddress() (common.Address, error)
	// DialHomeChain is the profile's home-chain reader, dialled; a profile without an
	// evm_rpc is told where to set it.
	DialHomeChain(ctx context.Context) (*homechain.Client, error)
	// HoldProfile keeps the session on its profile until release is called: a deposit or a
	// permit being sent is settled on that profile's chains, so no profile switch happens
	// under it.
	HoldProfile() (release func())
	// FindAccount looks up the account NFT owner holds on the profile's chain.
	FindAccount(ctx context.Context, owner common.Address) (tokenID uint64, found bool, err error)
	// RequireAccount fails when the profile has no account id yet.
	RequireAccount() error
	// AccountAPI is API after the check every call of the account makes, which the
	// partner's routes make too: the profile has an account id (else a usage error saying
	// how to mint or find one).
	AccountAPI(signed bool, u *Unlock) (*enduser.Client, error)
	// EVMSignerOf is the audited signer of EVM key label under the active profile; u opens
	// a key file (nil: the session's own source).
	EVMSignerOf(label string, u *Unlock) (wallet.EVMSigner, error)
}

// ChainShowsNone is MintOwner's note when the chain was read and shows no account.
const ChainShowsNone = "the chain shows no account for this key"

// Of is the session of an application core (an *app.App); false for anything else. Package
// app sets it when it is initialised.
var Of func(core any) (Session, bool)

// HomeChain is the chain configuration's entry of the profile's home chain, read logged out
// (nothing is signed for it), and the chain id the home chain's node gives.
func HomeChain(ctx context.Context, s Session) (enduser.Chain, *big.Int, error) {
	api, err := s.API(false, nil)
	if err != nil {
		return enduser.Chain{}, nil, err
	}
	cc, err := api.ChainConfigsLoggedOut(ctx)
	if err != nil {
		return enduser.Chain{}, nil, err
	}
	hc, err := s.DialHomeChain(ctx)
	if err != nil {
		return enduser.Chain{}, nil, err
	}
	defer hc.Close()
	id, err := hc.ChainID(ctx)
	if err != nil {
		return enduser.Chain{}, nil, err
	}
	ch, err := cc.Home(id)
	return ch, id, err
}
