package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/altchain"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// EnvNoAgent set to 1 makes a front end sign in its own process even when an agent answers.
const EnvNoAgent = "PURSE_NO_AGENT"

// AgentSocket is where this home's agent listens.
func (s *App) AgentSocket() string { return agent.SocketPath(s.home) }

// AgentClient is a client of this home's agent, named after the front end.
func (s *App) AgentClient() *agent.Client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &agent.Client{Path: agent.SocketPath(s.home), Name: s.clientName, Token: s.agentToken}
}

// agentClient is the agent to sign through: nil when there is no socket (or
// PURSE_NO_AGENT=1), and then every signer is local, as without an agent. It does not dial:
// the first call does, and a socket nothing answers on (an agent that crashed) fails with
// agent.ErrNoAgent, on which the callers sign locally too.
func (s *App) agentClient() *agent.Client {
	if os.Getenv(EnvNoAgent) == "1" {
		return nil
	}
	c := s.AgentClient()
	if st, err := os.Stat(c.Path); err != nil || st.Mode()&os.ModeSocket == 0 {
		return nil
	}
	return c
}

// ServeAgent runs this home's agent until ctx ends or a client stops it. The policy is
// read once, at start (`purse agent stop` and start again to change it).
func (s *App) ServeAgent(ctx context.Context, log *slog.Logger, ready func(socket string, p *agent.Policy)) error {
	pol, err := agent.LoadPolicy(s.home)
	if err != nil {
		return usage(err)
	}
	path := agent.SocketPath(s.home)
	ln, err := agent.Listen(path)
	if err != nil {
		return err
	}
	defer os.Remove(path)
	srv := agent.NewServer(agentBackend{s}, pol, log)
	if ready != nil {
		ready(path, pol)
	}
	return srv.Serve(ctx, ln)
}

// agentBackend opens keys from this home's store and applies the deposit checklist, for
// the agent: the checks are the app's, written once.
type agentBackend struct{ s *App }

func (b agentBackend) Open(label, kind string, pass func(string) ([]byte, error)) (keystore.ProfileSigner, string, error) {
	ks, err := b.s.keysWith(func(prompt string, isNew bool) ([]byte, error) {
		if isNew {
			return nil, errors.New("the agent writes no key file")
		}
		if pass == nil {
			return nil, &agent.NeedsPassphrase{Prompt: prompt}
		}
		return pass(prompt)
	})
	if err != nil {
		return nil, "", err
	}
	var signer any
	var addr string
	switch kind {
	case agent.KindEVM:
		e, err := ks.EVMSigner(label, "")
		if err != nil {
			return nil, "", err
		}
		signer, addr = e, e.Address().Hex()
	case agent.KindSolana:
		e, err := ks.SolanaSigner(label, "")
		if err != nil {
			return nil, "", err
		}
		signer, addr = e, e.PublicKey().String()
	}
	ps, ok := signer.(keystore.ProfileSigner)
	if !ok {
		return nil, "", fmt.Errorf("key %q: the key store's signer cannot be held by the agent", label)
	}
	return ps, addr, nil
}

// CheckSolana is the deposit gate's static and online rules (Verify) on the quote the
// transaction came with, under the named profile's pins, and the proof that the message is
// that transaction's with only the blockhash replaced.
func (b agentBackend) CheckSolana(ctx context.Context, profile string, user solana.PublicKey, r wallet.Request) error {
	var q altchain.Quote
	if err := json.Unmarshal(r.Quote, &q); err != nil {
		return fmt.Errorf("quote: %v", err)
	}
	st, err := config.Load(b.s.home)
	if err != nil {
		return err
	}
	p, err := st.Get(profile)
	if err != nil {
		return err
	}
	opts, err := DepositOptions(*p)
	if err != nil {
		return err
	}
	rpc, err := b.s.solanaOf(*p)
	if err != nil {
		return err
	}
	rep, err := altchain.Verify(ctx, rpc, &q, user, opts)
	if err != nil {
		return err
	}
	if err := rep.Err(); err != nil {
		return Rejection(rep, "the deposit transaction")
	}
	return altchain.CheckSignedMessage(&q, r.Message)
}

// agentEVM is the agent's signer of EVM key label, unlocking it in the agent first when
// it is not: a keyring key needs nothing, a key file the passphrase u holds, else the
// front end's prompt, else a LockedError (the TUI asks and calls again).
func (s *App) agentEVM(c *agent.Client, label string, u *Unlock) (wallet.EVMSigner, error) {
	ks, err := s.agentUnlocked(c, agent.KindEVM, label, u)
	if err != nil {
		return nil, err
	}
	if !common.IsHexAddress(ks.Address) {
		return nil, fmt.Errorf("agent: key %q: address %q is not an EVM address", label, ks.Address)
	}
	return &agent.EVMSigner{C: c, Label: label, Profile: s.Profile().Name, Addr: common.HexToAddress(ks.Address)}, nil
}

func (s *App) agentSolana(c *agent.Client, label string, u *Unlock) (wallet.SolanaSigner, error) {
	ks, err := s.agentUnlocked(c, agent.KindSolana, label, u)
	if err != nil {
		return nil, err
	}
	pub, err := solana.PublicKeyFromBase58(ks.Address)
	if err != nil {
		return nil, fmt.Errorf("agent: key %q: address %q is not a Solana key", label, ks.Address)
	}
	return &agent.SolanaSigner{C: c, Label: label, Profile: s.Profile().Name, Pub: pub}, nil
}

func (s *App) agentUnlocked(c *agent.Client, kind, label string, u *Unlock) (agent.KeyStatus, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ks, err := c.Key(ctx, kind, label)
	if err == nil || !errors.Is(err, agent.ErrLocked) {
		return ks, err
	}
	// The footer lists the agent's keys: this unlock shows there at once.
	defer s.agentHeld.forget()
	ks, err = c.Unlock(ctx, kind, label, 0, 0, nil)
	var ae *agent.Error
	if err == nil || !errors.As(err, &ae) || ae.Code != agent.CodeNeedsPassphrase {
		return ks, err
	}
	var pass []byte
	switch {
	case !u.empty():
		pass = append([]byte(nil), u.Passphrase...)
	case s.prompt != nil:
		if pass, err = s.prompt(ae.Prompt, false); err != nil {
			return agent.KeyStatus{}, err
		}
	default:
		return agent.KeyStatus{}, &LockedError{Prompt: ae.Prompt}
	}
	defer clear(pass)
	return c.UnlockWith(ctx, kind, label, 0, 0, pass)
}

// AttachDisplay makes this session (the TUI) the agent's trusted display: the requests the
// policy wants confirmed arrive on the returned display, and this session's own requests
// (which it reviews itself) are not sent back to it.
func (s *App) AttachDisplay(ctx context.Context) (*agent.Display, error) {
	c := s.agentClient()
	if c == nil {
		return nil, agent.ErrNoAgent
	}
	d, err := c.Attach(ctx)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.agentToken = d.Token
	s.mu.Unlock()
	context.AfterFunc(ctx, func() {
		s.mu.Lock()
		if s.agentToken == d.Token {
			s.agentToken = ""
		}
		s.mu.Unlock()
	})
	return d, nil
}

// AgentUnlock unlocks key label in the agent for ttl / idle (0: the policy's limits). pass
// is where the agent reads the passphrase itself (a terminal, a file); nil suits a keyring
// key and fails for a key file with what to do instead.
func (s *App) AgentUnlock(ctx context.Context, label string, ttl, idle time.Duration, pass *os.File) (agent.KeyStatus, error) {
	ks, err := s.Keys(nil)
	if err != nil {
		return agent.KeyStatus{}, err
	}
	e, err := ks.Get(label)
	if err != nil {
		return agent.KeyStatus{}, err
	}
	k, err := s.AgentClient().Unlock(ctx, string(e.Kind), label, ttl, idle, pass)
	if errors.Is(err, agent.ErrNeedsPassphrase) {
		return k, Usagef("key %q is in an encrypted file and there is no terminal to ask its passphrase on: set %s to a file holding it", label, "PURSE_PASSPHRASE_FILE")
	}
	return k, err
}
