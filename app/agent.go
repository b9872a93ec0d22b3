package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/keystore"
	"purse/wallet"
)

// EnvNoAgent set to 1 makes a front end sign in its own process even when an agent answers.
const EnvNoAgent = "PURSE_NO_AGENT"

// Agent is this home's signing agent as a user drives it: start it, serve it, read its
// status, unlock a key in it, lock keys, stop it. The CLI's `purse agent` commands call it;
// the agent's client stays in package app.
type Agent struct{ s *App }

// Agent is the session's home's agent.
func (s *App) Agent() Agent { return Agent{s} }

// Status is what the running agent says of itself: its keys and their limits, its display,
// its policy.
func (a Agent) Status(ctx context.Context) (*agent.Status, error) { return a.s.agentFor().Status(ctx) }

// Lock wipes key label in the agent ("": every key) and returns how many were wiped.
func (a Agent) Lock(ctx context.Context, label string) (int, error) {
	return a.s.agentFor().Lock(ctx, label)
}

// Stop stops the agent; every key unlocked in it is wiped.
func (a Agent) Stop(ctx context.Context) error { return a.s.agentFor().Stop(ctx) }

// agentFor is the session's client of this home's agent, named after the front end: one
// per socket path, so the connections it keeps serve every signature of the session.
func (s *App) agentFor() *agent.Client {
	path := agent.SocketPath(s.home)
	s.agentMu.Lock()
	defer s.agentMu.Unlock()
	if s.agentC == nil || s.agentC.Path != path {
		if s.agentC != nil {
			s.agentC.Close()
		}
		s.agentC = &agent.Client{Path: path, Name: s.clientName, OnWait: s.onAgentWait}
	}
	return s.agentC
}

// agentClient is the agent to sign through: nil when there is no socket (or
// PURSE_NO_AGENT=1), and then every signer is local, as without an agent. It does not dial:
// the first call does, and a socket nothing answers on (an agent that crashed) fails with
// agent.ErrNoAgent, on which the callers sign locally too.
func (s *App) agentClient() *agent.Client {
	if os.Getenv(EnvNoAgent) == "1" {
		return nil
	}
	c := s.agentFor()
	if st, err := os.Stat(c.Path); err != nil || st.Mode()&os.ModeSocket == 0 {
		return nil
	}
	return c
}

// signingAgent is the agent EVM signatures go to: agentClient, except in an explaining
// session, whose signatures stay in the process to be explained (localEVMSignerOf).
func (s *App) signingAgent() *agent.Client {
	if s.explain != nil {
		return nil
	}
	return s.agentClient()
}

// AgentServeOptions configures Agent.Serve.
type AgentServeOptions struct {
	// Display is the agent's trusted display, fixed now (nil: none; what the policy wants
	// confirmed is refused).
	Display agent.Display
	// StopWithDisplay stops the agent when its display goes away: an agent the TUI started
	// lives as long as that TUI.
	StopWithDisplay bool
	// Ready (may be nil) hears the socket and the policy once the agent answers.
	Ready func(socket string, p *agent.Policy)
}

// Serve runs this home's agent until ctx ends or a client stops it. The policy is read at
// start and again on SIGHUP (an invalid file keeps the policy in force, and the agent's log
// and status say why); the agent signs through its own gate, which asks o.Display.
func (a Agent) Serve(ctx context.Context, log *slog.Logger, o AgentServeOptions) error {
	return a.s.serveAgent(ctx, log, o)
}

func (s *App) serveAgent(ctx context.Context, log *slog.Logger, o AgentServeOptions) error {
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
	var approver Approver
	if o.Display != nil {
		approver = displayApprover{o.Display}
	}
	var srv *agent.Server
	g := newGate(s, func() (*agent.Policy, error) { return srv.CurrentPolicy(), nil }, approver)
	g.noApprover = "and the agent has no trusted display: start it from the TUI (`purse`, Keys screen) or in the foreground on a terminal (`purse agent start`), or change that line"
	srv = agent.NewServer(agentBackend{s, g, &profilesSeen{}}, pol, log)
	g.sessions = srv
	// SIGHUP reads the policy again; an invalid file keeps the one in force.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	ctx, stopHup := context.WithCancel(ctx)
	defer stopHup()
	go func() {
		for {
			select {
			case <-hup:
				_ = srv.ReloadPolicy(func() (*agent.Policy, error) { return agent.LoadPolicy(s.home) })
			case <-ctx.Done():
				return
			}
		}
	}()
	srv.Display = o.Display
	if d, ok := o.Display.(interface{ Done() <-chan struct{} }); ok && o.StopWithDisplay {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-d.Done():
				// The display's description says why: gone, or refused and who sent what.
				log.Info("agent: the display that started this agent went away or was refused; stopping", "display", o.Display.String())
				cancel()
			case <-ctx.Done():
			}
		}()
	}
	if o.Ready != nil {
		o.Ready(path, pol)
	}
	return srv.Serve(ctx, ln)
}

// displayApprover asks the agent's display: the review travels as a document, built here
// by the gate, shown there.
type displayApprover struct{ d agent.Display }

func (a displayApprover) Approve(ctx context.Context, ap Approval) error {
	rv, err := json.Marshal(ap.Review)
	if err != nil {
		return err
	}
	c := agent.Confirmation{Review: rv, Line: ap.Line, Timeout: ap.Timeout}
	sd, ok := a.d.(sessionDisplay)
	if !ok || !ap.OfferSession || ap.grant == nil {
		return a.d.Confirm(ctx, c)
	}
	c.Session = true
	sess, err := sd.ConfirmSession(ctx, c)
	if err != nil || sess == nil {
		return err
	}
	// The request itself is approved whether or not the session can be kept.
	_ = ap.grant(*sess)
	return nil
}

// sessionDisplay is a display that can approve a client's like requests for a while
// (agent.ConnDisplay, the TUI).
type sessionDisplay interface {
	ConfirmSession(ctx context.Context, c agent.Confirmation) (*agent.SessionAnswer, error)
}

// agentBackend opens keys from this home's store and signs through the agent's gate, for the
// agent: the checks and the approval are the app's, written once.
type agentBackend struct {
	s        *App
	gate     *signingGate
	profiles *profilesSeen
}

// profilesSeen is the profiles file as the agent last read it: every signature signs under
// the file's current profile, and a file that did not change since (the same file, size and
// modification time: purse replaces it on every write) costs one stat, not a parse.
type profilesSeen struct {
	mu   sync.RWMutex
	st   *config.Store
	stat *fileStat
}

func (ps *profilesSeen) load(home string) (*config.Store, error) {
	// Concurrent signatures look at the file together; one that finds it changed reads it.
	ps.mu.RLock()
	st, stat := ps.st, ps.stat
	ps.mu.RUnlock()
	if st != nil && stat.unchanged() {
		return st, nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.st != nil && ps.stat != stat && ps.stat.unchanged() {
		return ps.st, nil // another signature read it meanwhile
	}
	// Taken before the read: a write between the two makes the next look read again.
	seen := statOf(filepath.Join(home, config.ProfilesFile))
	read, err := config.Load(home)
	if err != nil {
		ps.st = nil
		return nil, err
	}
	ps.st, ps.stat = read, seen
	return read, nil
}

func (b agentBackend) Open(label, kind string, pass func(string) ([]byte, error)) (keystore.ProfileSigner, string, error) {
	ks, err := b.s.keysWith(func(q keystore.Question) ([]byte, error) {
		if q.Confirm {
			return nil, errors.New("the agent writes no key file")
		}
		if pass == nil {
			return nil, &agent.NeedsPassphrase{Prompt: q.Prompt}
		}
		return pass(q.Prompt)
	})
	if err != nil {
		return nil, "", err
	}
	// The agent lives on after it answers: its audit head is written after the answer
	// (keystore.Store.DeferAuditHead), and wiping the key waits for it.
	ks.DeferAuditHead()
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

// Sign runs the agent's gate for a client's request, under the profile the client names
// (read from this home: its chains and pins, never the client's word).
func (b agentBackend) Sign(ctx context.Context, job agent.Job) ([]byte, error) {
	st, err := b.profiles.load(b.s.home)
	if err != nil {
		return nil, err
	}
	p, err := st.Get(job.Profile)
	if err != nil {
		return nil, refuse(agent.CodeInvalid, "sign: %v; nothing was signed", err)
	}
	peer := job.Peer
	sj := signJob{Request: job.Request, Profile: *p, Label: job.Label, Who: whoAsks(job), Peer: &peer, NoWait: job.NoWait}
	switch key := job.Key.(type) {
	case wallet.EVMSigner:
		return b.gate.SignEVM(ctx, sj, key)
	case wallet.SolanaSigner:
		sig, err := b.gate.SignSolana(ctx, sj, key)
		if err != nil {
			return nil, err
		}
		return sig[:], nil
	}
	return nil, refuse(agent.CodeInvalid, "sign: key %q cannot sign a %s request; nothing was signed", job.Label, job.Request.Purpose)
}

// whoAsks is the review's first section for another process's request: what the kernel
// says of it (pid, uid, executable: what a process cannot rename), then what it says of
// itself, unchecked. Every value is shown escaped by the display.
func whoAsks(job agent.Job) *review.Section {
	return &review.Section{Heading: "Who asks", Fields: []review.Field{
		{Label: "process", Value: job.Peer.String(), Note: "(from the kernel: pid, uid, executable)"},
		{Label: "client", Value: job.Client, Note: "(what the program says it is: unchecked)"},
		{Label: "key", Value: job.Label, Note: job.Address},
		{Label: "profile", Value: job.Profile},
	}}
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

// agentEVMOnSign is the agent's signer of EVM key label for a use that needs the key's
// address only once it has signed (offline full-auth headers): the agent is asked to sign at
// once, without the "key" round trip agentEVM makes first (its answer names the key's
// address, which the signature must recover to: wallet.SignFullAuthRequest checks). A key
// locked in the agent is unlocked as agentEVM does, and the request is signed then; nothing
// was signed by the refusal.
type agentEVMOnSign struct {
	*agent.EVMSigner
	unlock func() (wallet.EVMSigner, error)
}

func (a *agentEVMOnSign) SignRequest(r wallet.Request) ([]byte, error) {
	sig, err := a.EVMSigner.SignRequest(r)
	if !errors.Is(err, agent.ErrLocked) {
		return sig, err
	}
	signer, err := a.unlock()
	if err != nil {
		return nil, err
	}
	es, ok := signer.(*agent.EVMSigner)
	if !ok {
		return nil, fmt.Errorf("agent: key %q: unlocking gave a %T, not the agent's signer; nothing was signed", a.Label, signer)
	}
	a.EVMSigner = es
	return es.SignRequest(r)
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
	case !u.Empty():
		pass = append([]byte(nil), u.Passphrase...)
	case s.prompt != nil:
		if pass, err = s.prompt(ae.Prompt, false); err != nil {
			return agent.KeyStatus{}, err
		}
	default:
		return agent.KeyStatus{}, &LockedError{Prompt: ae.Prompt, Key: label}
	}
	defer clear(pass)
	return c.UnlockWith(ctx, kind, label, 0, 0, pass)
}

// Unlock unlocks key label in the agent for ttl / idle (0: the policy's limits). pass
// is where the agent reads the passphrase itself (a terminal, a file); nil suits a keyring
// key and fails for a key file with what to do instead.
func (a Agent) Unlock(ctx context.Context, label string, ttl, idle time.Duration, pass *os.File) (agent.KeyStatus, error) {
	ks, err := a.s.keys(nil)
	if err != nil {
		return agent.KeyStatus{}, err
	}
	e, err := ks.Get(label)
	if err != nil {
		return agent.KeyStatus{}, err
	}
	k, err := a.s.agentFor().Unlock(ctx, string(e.Kind), label, ttl, idle, pass)
	if errors.Is(err, agent.ErrNeedsPassphrase) {
		return k, Usagef("key %q is in an encrypted file and there is no terminal to ask its passphrase on: set %s to a file holding it", label, "PURSE_PASSPHRASE_FILE")
	}
	return k, err
}
