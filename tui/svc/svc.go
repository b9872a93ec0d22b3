// Package svc is what the TUI's screens call: the profile, the key store, the end-user API
// client, the home-chain reader and the Solana RPC, all built from the active profile.
// Every method that does I/O is meant to run inside a tea.Cmd; screens never build HTTP
// requests themselves.
//
// Passphrases: a key in the file backend needs one. The TUI cannot prompt on the terminal
// it draws on, so a call that needs a passphrase it was not given fails with
// ErrPassphraseNeeded; the screen asks in a dialog and calls again with Unlock.
package svc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"purse/altchain"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/keystore"
	"purse/wallet"
)

// ErrPassphraseNeeded says the operation needs the key file's passphrase.
var ErrPassphraseNeeded = errors.New("the key is in an encrypted file: its passphrase is needed")

// Unlock carries passphrases the user typed into dialogs, for one operation: Passphrase
// opens an existing key file, New protects a file the operation writes (a new key, an
// export).
type Unlock struct {
	Passphrase []byte
	New        []byte
}

// scryptN and scryptP are the scrypt cost of key files written through Services; zero is
// the standard cost.
var scryptN, scryptP int

// SetScryptCost sets the scrypt cost of the key files written through Services (0, 0: the
// standard cost) and returns what restores the previous one. Only tests call it, to keep
// key files cheap to write.
func SetScryptCost(n, p int) (restore func()) {
	on, op := scryptN, scryptP
	scryptN, scryptP = n, p
	return func() { scryptN, scryptP = on, op }
}

// Services is shared by every screen. It is safe for concurrent use.
type Services struct {
	home string

	logMu  sync.Mutex
	logger *slog.Logger
	// notice makes the key store's "which backend" line appear once per session, not at
	// every store the session opens.
	notice sync.Once

	mu      sync.Mutex
	profile *config.Profile

	// Log records every end-user API call of the session (the Requests screen).
	Log   *enduser.RequestLog
	clock *enduser.Clock
}

// New loads the profile (name "" = the active one) of home.
func New(home, profile string, logger *slog.Logger) (*Services, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	st, err := config.Load(home)
	if err != nil {
		return nil, err
	}
	p, err := st.Get(profile)
	if err != nil {
		return nil, err
	}
	return &Services{home: home, logger: logger, profile: p, Log: enduser.NewRequestLog(0), clock: enduser.NewClock(nil)}, nil
}

// SetLogger sends what the services log (the key store's backend notice) to l, the TUI's
// log file; it never reaches the screen.
func (s *Services) SetLogger(l *slog.Logger) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	s.logger = l
}

func (s *Services) log() *slog.Logger {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return s.logger
}

// Home is PURSE_HOME.
func (s *Services) Home() string { return s.home }

// Profile returns a copy of the active profile.
func (s *Services) Profile() config.Profile {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.profile
}

// UpdateProfile changes the active profile with fn and saves it; nothing changes on error.
func (s *Services) UpdateProfile(fn func(p *config.Profile) error) (config.Profile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := config.Load(s.home)
	if err != nil {
		return config.Profile{}, err
	}
	p, err := st.Get(s.profile.Name)
	if err != nil {
		return config.Profile{}, err
	}
	if err := fn(p); err != nil {
		return config.Profile{}, err
	}
	if err := st.Put(p); err != nil {
		return config.Profile{}, err
	}
	if err := st.Save(); err != nil {
		return config.Profile{}, err
	}
	s.profile = p
	return *p, nil
}

// Keys opens the key store. A passphrase the operation needs and u does not hold (nil u:
// none) fails with ErrPassphraseNeeded instead of prompting.
func (s *Services) Keys(u *Unlock) (*keystore.Store, error) {
	backend, err := keystore.BackendFromEnv()
	if err != nil {
		return nil, err
	}
	return keystore.Open(keystore.Options{
		Home: s.home, Backend: backend, Notice: noticeWriter{s}, ScryptN: scryptN, ScryptP: scryptP,
		Passphrase: func(_ string, isNew bool) ([]byte, error) {
			var p []byte
			if u != nil {
				p = u.Passphrase
				if isNew {
					p = u.New
				}
			}
			if len(p) == 0 {
				return nil, ErrPassphraseNeeded
			}
			return append([]byte(nil), p...), nil
		},
	})
}

// EVMSigner is the profile's EVM key, audited.
func (s *Services) EVMSigner(u *Unlock) (wallet.EVMSigner, error) {
	p := s.Profile()
	if p.EVMKey == "" {
		return nil, fmt.Errorf("profile %s has no EVM key: add or import one on the Keys screen", p.Name)
	}
	ks, err := s.Keys(u)
	if err != nil {
		return nil, err
	}
	return ks.EVMSigner(p.EVMKey, p.Name)
}

// SolanaSigner is the profile's Solana key, audited.
func (s *Services) SolanaSigner(u *Unlock) (wallet.SolanaSigner, error) {
	p := s.Profile()
	if p.SolanaKey == "" {
		return nil, fmt.Errorf("profile %s has no Solana key: add or import one on the Keys screen", p.Name)
	}
	ks, err := s.Keys(u)
	if err != nil {
		return nil, err
	}
	return ks.SolanaSigner(p.SolanaKey, p.Name)
}

// API is the end-user client of the profile. With signed, full-auth calls are signed by the
// profile's EVM key (which may need u); without, only none/basic routes work.
func (s *Services) API(signed bool, u *Unlock) (*enduser.Client, error) {
	p := s.Profile()
	opts := enduser.Options{
		BaseURL: p.UserAPI, Network: p.Network, TokenID: p.TokenID, Window: p.Window(),
		RouteOverrides: p.Routes, Log: s.Log, Clock: s.clock,
	}
	if signed {
		signer, err := s.EVMSigner(u)
		if err != nil {
			return nil, err
		}
		opts.Signer = signer
	}
	return enduser.New(opts)
}

// chain is the home chain the profile points at.
func (s *Services) chain() (homechain.ProfileChain, string) {
	p := s.Profile()
	return homechain.ProfileChain{RPC: p.EVMRPC, Network: p.Network, AccountNFT: p.AccountNFT}, p.Name
}

// Chain is the home-chain reader of the profile, signing for the profile's network.
func (s *Services) Chain(ctx context.Context) (*homechain.Client, error) {
	pc, name := s.chain()
	c, err := pc.Dial(ctx)
	if err != nil && pc.RPC == "" {
		return nil, fmt.Errorf("profile %s: %v: set it on the Settings screen", name, err)
	}
	return c, err
}

// AccountNFT is the profile's account NFT contract.
func (s *Services) AccountNFT() (common.Address, error) {
	pc, name := s.chain()
	nft, err := pc.NFT()
	if err != nil {
		return common.Address{}, fmt.Errorf("profile %s: %v: set it on the Settings screen", name, err)
	}
	return nft, nil
}

// AccountOf looks up the account NFT owner holds on the profile's chain.
func (s *Services) AccountOf(ctx context.Context, owner common.Address) (tokenID uint64, found bool, err error) {
	pc, name := s.chain()
	id, found, err := pc.FindAccount(ctx, owner)
	if err != nil && (pc.RPC == "" || pc.AccountNFT == "") {
		err = fmt.Errorf("profile %s: %v: set it on the Settings screen", name, err)
	}
	return id, found, err
}

// Solana is the Solana RPC of the profile.
func (s *Services) Solana() (*altchain.RPC, error) {
	p := s.Profile()
	if p.SolanaRPC == "" {
		return nil, fmt.Errorf("profile %s has no solana_rpc: set it on the Settings screen", p.Name)
	}
	return altchain.NewRPC(p.SolanaRPC, nil), nil
}

// noticeWriter sends the key store's one-line backend notice to the log, once a session.
type noticeWriter struct{ s *Services }

func (w noticeWriter) Write(b []byte) (int, error) {
	w.s.notice.Do(func() { w.s.log().Info("keystore", "notice", strings.TrimSpace(string(b))) })
	return len(b), nil
}

var _ io.Writer = noticeWriter{}
