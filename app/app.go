// Package app is the core of purse's application layer: the session (App), the signing gate
// every signature passes, the approver it asks, the agent it serves, and the errors and
// advice every front end shows. Each use case is a package under app, once for every front
// end — app/account (status, mint, KYC, Form A, card, chains), app/history, app/deposit,
// app/permit, app/sign (offline signing), app/keys, app/profiles, app/audit, app/onboard
// (partner onboarding), app/sandbox, app/doctor, app/proxy — and reaches the core only
// through its port (app/internal/port). The CLI parses flags, calls one function of a use
// case and prints; the TUI's screens hold state and view and call one from inside a tea.Cmd.
// Neither builds an HTTP request, opens a key or applies a security gate itself.
//
// An App holds the active profile, the key store, the end-user API client, the chain
// readers and the server clock, all built from the profile, and switches profile in place
// so every front end holding it follows.
//
// Passphrases: a key in the file backend needs one. A front end that can prompt (the CLI
// on its terminal) sets Options.Prompt; one that cannot (the TUI draws on the terminal)
// leaves it nil, and a call that needs a passphrase it was not given in an Unlock fails
// with an error matching ErrNeedsUnlock; the front end asks and calls again with Unlock.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/altchain"
	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/internal/visible"
	"purse/keystore"
	"purse/sandboxctl"
	"purse/wallet"
)

// ErrNeedsUnlock is what every "a passphrase is needed" error matches (errors.Is).
var ErrNeedsUnlock = errors.New("the key is in an encrypted file: its passphrase is needed")

// LockedError says which passphrase an operation needs: Prompt is the key store's question
// ("Passphrase for key 'dev'"), New is set when it protects a file being written, Key is the
// key it opens or protects ("" when it is for none).
type LockedError struct {
	Prompt string
	New    bool
	Key    string
}

func (e *LockedError) Error() string {
	if e.Prompt == "" {
		return ErrNeedsUnlock.Error()
	}
	return ErrNeedsUnlock.Error() + " (" + e.Prompt + ")"
}

// Label is the key the passphrase is for ("" when it is for none).
func (e *LockedError) Label() string { return e.Key }

// Is makes every LockedError match ErrNeedsUnlock.
func (e *LockedError) Is(target error) bool { return target == ErrNeedsUnlock }

// Prompter asks the user for a passphrase (confirm: a new one, asked twice).
type Prompter func(prompt string, confirm bool) ([]byte, error)

// Options configures Open.
type Options struct {
	Home    string // PURSE_HOME
	Profile string // "" = the active one
	Logger  *slog.Logger
	// Prompt asks for a passphrase an Unlock does not hold; nil: such a call fails with
	// ErrNeedsUnlock.
	Prompt Prompter
	// Notice receives the key store's one-line "which backend" notice, once per App;
	// nil logs it at Info.
	Notice io.Writer
	// SolanaCallTimeout bounds one Solana JSON-RPC call (0: altchain.DefaultRPCTimeout).
	SolanaCallTimeout time.Duration
	// Client names the front end to the agent ("purse sign full-auth", "purse TUI"), which
	// shows it on the display next to what the kernel says of the process.
	Client string
	// Approver is asked before a signature the signing policy wants confirmed (the terminal,
	// the TUI's dialog); nil: such a signature is refused. Through an agent, the agent's
	// display is asked instead.
	Approver Approver
	// OnAgentWait (may be nil) hears that a signature waits on the agent's display.
	OnAgentWait func(display string, timeout time.Duration)
	// Exe is purse's executable, which Agent.StartDisplayed runs as the agent.
	Exe string
	// Explain, when set, makes every EVM signature of the session an explanation instead:
	// the request the flow built, exactly as it would reach the signer, is judged by the
	// signing policy (Agent.Explain) and handed to Explain; nothing is signed, asked or
	// recorded, and the flow ends with ErrExplained.
	Explain func(Explanation)
}

// Unlock carries passphrases the user typed into dialogs, for one operation: Passphrase
// opens an existing key file, New protects a file the operation writes (a new key, an
// export). It is declared with the port so the use-case packages pass it on as it is.
type Unlock = port.Unlock

// scryptN and scryptP are the scrypt cost of key files written through App; zero is
// the standard cost.
var scryptN, scryptP int

// SetScryptCost sets the scrypt cost of the key files written through App (0, 0: the
// standard cost) and returns what restores the previous one. Only tests call it, to keep
// key files cheap to write.
func SetScryptCost(n, p int) (restore func()) {
	on, op := scryptN, scryptP
	scryptN, scryptP = n, p
	return func() { scryptN, scryptP = on, op }
}

// App is shared by every screen of the TUI, or made once per CLI command. It is safe for
// concurrent use.
type App struct {
	home string
	// explain is Options.Explain.
	explain func(Explanation)

	logMu  sync.Mutex
	logger *slog.Logger
	// notice makes the key store's "which backend" line appear once per session, not at
	// every store the session opens.
	notice   sync.Once
	noticeTo io.Writer
	// keyCheck makes the key store's consistency check run once per session, at the first
	// store the session opens.
	keyCheck sync.Once
	// sandboxSeen is detectSandbox's answer for one user_api, asked once per session.
	sandboxSeen sandboxSeen

	prompt Prompter

	mu      sync.Mutex
	profile *config.Profile
	// profileFile is the profiles file as the App last read or wrote it (followProfile).
	profileFile *fileStat
	// moving counts the signed fund-moving requests being sent and settled (a deposit, a
	// permit): what settles them reads the profile's chains, so the App keeps its profile
	// until they are (switchProfile refuses, followProfile waits).
	moving atomic.Int32

	// Log records every end-user API call of the session (the Requests screen).
	Log   *enduser.RequestLog
	clock *enduser.Clock
	// readSessions are the read-session credentials of the session, by profile and key
	// (a profile's read_session).
	readSessions map[string]*enduser.ReadSession

	solanaTimeout time.Duration
	unlocked      unlockCache
	agentHeld     agentHeldCache

	clientName  string
	onAgentWait func(string, time.Duration)
	agentMu     sync.Mutex
	agentC      *agent.Client // agentFor
	exe         string

	// gate is this process's signing gate (keys opened here); an agent runs its own.
	gate       *signingGate
	policyOnce sync.Once
	policy     *agent.Policy
	policyErr  error
}

// New loads the profile (name "" = the active one) of home, with no prompter.
func New(home, profile string, logger *slog.Logger) (*App, error) {
	return Open(Options{Home: home, Profile: profile, Logger: logger})
}

// Open loads the profile o names of o.Home.
func Open(o Options) (*App, error) {
	home, profile, logger := o.Home, o.Profile, o.Logger
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
	s := &App{home: home, logger: logger, prompt: o.Prompt, noticeTo: o.Notice, profile: p, profileFile: statOf(st.Path()),
		Log: enduser.NewRequestLog(0), clock: enduser.NewClock(nil), solanaTimeout: o.SolanaCallTimeout, clientName: o.Client,
		onAgentWait: o.OnAgentWait, exe: o.Exe}
	s.gate = newGate(s, s.signingPolicy, o.Approver)
	s.explain = o.Explain
	// This process judges deadlines by the server's clock as far as it knows it (the clock
	// its calls keep); an agent has only its own.
	s.gate.now = s.Now
	return s, nil
}

// signingPolicy is the signing policy of this home (PURSE_HOME/agent-policy.toml over the
// defaults), read once: the same file the agent applies, so a request is judged the same
// way in the process and in the agent.
func (s *App) signingPolicy() (*agent.Policy, error) {
	s.policyOnce.Do(func() { s.policy, s.policyErr = agent.LoadPolicy(s.home) })
	return s.policy, s.policyErr
}

// SetLogger sends what the services log (the key store's backend notice) to l, the TUI's
// log file; it never reaches the screen.
func (s *App) SetLogger(l *slog.Logger) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	s.logger = l
}

func (s *App) log() *slog.Logger {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return s.logger
}

// Home is PURSE_HOME.
func (s *App) Home() string { return s.home }

// Now is the service's time as far as this session knows it: the local clock corrected by
// the offset of the last answer that carried the server's time (the local clock before any).
// Offline signatures take their deadline bounds from it.
func (s *App) Now() time.Time { return s.clock.Now() }

// Profile returns a copy of the active profile.
func (s *App) Profile() config.Profile {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.profile
}

// UpdateProfile changes the active profile with fn and saves it; nothing changes on error,
// nor while a signed deposit or permit is being settled (settling).
func (s *App) UpdateProfile(fn func(p *config.Profile) error) (config.Profile, error) {
	if err := s.settling(); err != nil {
		return config.Profile{}, err
	}
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
	s.profileFile = statOf(st.Path())
	return *p, nil
}

// keys opens the key store. A passphrase the operation needs and u does not hold (nil u:
// none) fails with ErrNeedsUnlock instead of prompting.
func (s *App) keys(u *Unlock) (*keystore.Store, error) {
	return s.keysWith(func(q keystore.Question) ([]byte, error) {
		var p []byte
		if u != nil {
			p = u.Passphrase
			if q.Confirm {
				p = u.New
			}
		}
		if len(p) == 0 {
			if s.prompt != nil {
				return s.prompt(q.Prompt, q.Confirm)
			}
			return nil, &LockedError{Prompt: q.Prompt, New: q.Confirm, Key: q.Label}
		}
		return append([]byte(nil), p...), nil
	})
}

// keysWith opens the key store with passphrases from pass: keys' (an Unlock, then the
// prompter), or the agent's (a descriptor a client passed).
func (s *App) keysWith(pass keystore.PassphraseFunc) (*keystore.Store, error) {
	backend, err := keystore.BackendFromEnv()
	if err != nil {
		return nil, usage(err)
	}
	ks, err := keystore.Open(keystore.Options{
		Home: s.home, Backend: backend, Notice: noticeWriter{s}, ScryptN: scryptN, ScryptP: scryptP, Passphrase: pass,
	})
	if err != nil {
		return nil, err
	}
	s.keyCheck.Do(func() { s.noticeKeyProblems(ks) })
	return ks, nil
}

// noticeKeyProblems removes the stale temporary files interrupted writes left (sweepTemps)
// and says once, in one line each, what it removed and that the key store is inconsistent
// (what a crash or an outside change left) and which command repairs it. The check asks no
// keyring.
func (s *App) noticeKeyProblems(ks *keystore.Store) {
	s.noticeTemps(s.sweepTemps(ks))
	fs, err := ks.QuickCheck()
	if err != nil || len(fs) == 0 {
		return
	}
	more := ""
	if len(fs) > 1 {
		more = fmt.Sprintf(" and %d more", len(fs)-1)
	}
	s.warn(fmt.Sprintf("purse: the key store needs repair: %s%s; `purse key doctor` lists and repairs it", fs[0].Detail, more))
}

// warn says one line about the home (msg starts "purse: "); see tell.
func (s *App) warn(msg string) { s.tell(msg) }

// noKey is the error of an operation that needs the profile's key of kind (EVM, Solana)
// when the profile has none: retrying cannot help, adding a key does.
func noKey(profile, kind string) error {
	return &Advice{
		Err:  fmt.Errorf("profile %s has no %s key", profile, kind),
		Next: "Add or import a " + kind + " key on the Keys screen (key 8) or with `purse key new` / `purse key import`, then start this again.",
	}
}

// evmSigner is the profile's EVM key, audited.
func (s *App) evmSigner(u *Unlock) (wallet.EVMSigner, error) {
	p := s.Profile()
	if p.EVMKey == "" {
		return nil, noKey(p.Name, "EVM")
	}
	return s.evmSignerOf(p.EVMKey, u)
}

// evmSignerOf is the audited signer of the EVM key label under the active profile: the one
// the session holds unlocked, or one opened with u (then held, when the session keeps keys).
// Every EVM signer of a session comes from here (the profile's key, the partner key,
// offline signing), so a key unlocked for one use serves the others. When an agent answers,
// the key is the agent's (unlocked there once, for every client).
func (s *App) evmSignerOf(label string, u *Unlock) (wallet.EVMSigner, error) {
	if c := s.signingAgent(); c != nil {
		if signer, err := s.agentEVM(c, label, u); !errors.Is(err, agent.ErrNoAgent) {
			return signer, err
		}
	}
	return s.localEVMSignerOf(label, u)
}

// localEVMSignerOf is evmSignerOf when no agent answers: the session's or the key store's;
// in an explaining session (Options.Explain), the signer that explains instead.
func (s *App) localEVMSignerOf(label string, u *Unlock) (wallet.EVMSigner, error) {
	if s.explain != nil {
		return s.explainingEVM(label)
	}
	profile := s.Profile().Name
	if h := s.unlocked.held(keystore.KindEVM, label, profile); h != nil && u.Empty() {
		return s.gatedEVM(label, h.evm), nil
	}
	ks, err := s.keys(u)
	if err != nil {
		return nil, err
	}
	signer, err := ks.EVMSigner(label, profile)
	if err != nil {
		return nil, err
	}
	if !u.Empty() {
		s.unlocked.keep(&heldKey{label: label, profile: profile, kind: keystore.KindEVM, evm: signer})
	}
	return s.gatedEVM(label, signer), nil
}

// solanaSigner is the profile's Solana key, audited.
func (s *App) solanaSigner(u *Unlock) (wallet.SolanaSigner, error) {
	p := s.Profile()
	if p.SolanaKey == "" {
		return nil, noKey(p.Name, "Solana")
	}
	if c := s.agentClient(); c != nil {
		if signer, err := s.agentSolana(c, p.SolanaKey, u); !errors.Is(err, agent.ErrNoAgent) {
			return signer, err
		}
	}
	if h := s.unlocked.held(keystore.KindSolana, p.SolanaKey, p.Name); h != nil && u.Empty() {
		return s.gatedSolana(p.SolanaKey, h.sol), nil
	}
	ks, err := s.keys(u)
	if err != nil {
		return nil, err
	}
	signer, err := ks.SolanaSigner(p.SolanaKey, p.Name)
	if err != nil {
		return nil, err
	}
	if !u.Empty() {
		s.unlocked.keep(&heldKey{label: p.SolanaKey, profile: p.Name, kind: keystore.KindSolana, sol: signer})
	}
	return s.gatedSolana(p.SolanaKey, signer), nil
}

// api is the end-user client of the profile. With signed, full-auth calls are signed by the
// profile's EVM key (which may need u); without, only none/basic routes work.
func (s *App) api(signed bool, u *Unlock) (*enduser.Client, error) {
	if err := s.reachable(); err != nil {
		return nil, err
	}
	var signer wallet.EVMSigner
	if signed {
		var err error
		if signer, err = s.evmSigner(u); err != nil {
			return nil, err
		}
	}
	return s.apiWith(signer)
}

// reachable checks that the embedded sandbox answers, on the sandbox profile: a loopback
// dial (sub-millisecond), so that without a sandbox the user reads how to start one, not a
// bare "connection refused" from the first call.
func (s *App) reachable() error {
	p := s.Profile()
	if !p.IsSandbox() {
		return nil
	}
	return sandboxctl.Reachable(context.Background(), p.UserAPI)
}

// apiWith is the end-user client of the profile with signer (nil: none).
func (s *App) apiWith(signer wallet.EVMSigner) (*enduser.Client, error) {
	s.mu.Lock()
	p := *s.profile
	s.mu.Unlock()
	return enduser.New(s.userOptions(p, signer))
}

// userOptions are the end-user client options of profile p with signer (nil: none): one
// place that turns a profile's settings into the client's.
func (s *App) userOptions(p config.Profile, signer wallet.EVMSigner) enduser.Options {
	s.mu.Lock()
	clock := s.clock
	var rs *enduser.ReadSession
	if w := p.ReadSession.Duration; w > 0 && signer != nil {
		// One credential per profile, key and window: a change of any starts another.
		k := p.Name + "\x00" + signer.Address().Hex() + "\x00" + w.String()
		if s.readSessions == nil {
			s.readSessions = map[string]*enduser.ReadSession{}
		}
		if rs = s.readSessions[k]; rs == nil {
			rs = &enduser.ReadSession{Window: w}
			s.readSessions[k] = rs
		}
	}
	s.mu.Unlock()
	return enduser.Options{
		BaseURL: p.UserAPI, Network: p.Network, TokenID: p.TokenID, Window: p.Window(),
		RouteOverrides: p.Routes, Names: p.StandInNames(), TxAmountUnit: p.TxAmounts(),
		Log: s.Log, Clock: clock, Signer: signer, Notice: s.note, ReadSession: rs,
	}
}

// note says one line about a call (what the service did not give); see tell.
func (s *App) note(msg string) { s.tell("purse: note: " + msg) }

// tell says one line to the user (the CLI's stderr), or logs it where there is no one to
// tell (the TUI): what it quotes (the service's text, a file's name) is shown escaped.
func (s *App) tell(line string) {
	line, _ = visible.Escape(strings.Join(strings.Fields(line), " "))
	if s.noticeTo != nil {
		fmt.Fprintln(s.noticeTo, line)
		return
	}
	s.log().Warn("notice", "msg", line)
}

// chain is the home chain the profile points at.
func (s *App) chain() (homechain.ProfileChain, string) {
	p := s.Profile()
	return s.profileChain(p), p.Name
}

// profileChain is the home chain profile p points at, its JSON-RPC calls recorded in the
// session's request log (the Requests screen, --trace).
func (s *App) profileChain(p config.Profile) homechain.ProfileChain {
	return homechain.ProfileChain{RPC: p.EVMRPC, Network: p.Network, AccountNFT: p.AccountNFT, HTTP: s.evmHTTP()}
}

// homeChain is the home-chain reader of the profile, signing for the profile's network.
func (s *App) homeChain(ctx context.Context) (*homechain.Client, error) {
	pc, name := s.chain()
	c, err := pc.Dial(ctx)
	if err != nil && pc.RPC == "" {
		return nil, fmt.Errorf("profile %s: %v: set it on the Settings screen or with `purse profile set`", name, err)
	}
	return c, err
}

// accountOf looks up the account NFT owner holds on the profile's chain.
func (s *App) accountOf(ctx context.Context, owner common.Address) (tokenID uint64, found bool, err error) {
	pc, name := s.chain()
	id, found, err := pc.FindAccount(ctx, owner)
	if err != nil && (pc.RPC == "" || pc.AccountNFT == "") {
		err = fmt.Errorf("profile %s: %v: set it on the Settings screen or with `purse profile set`", name, err)
	}
	return id, found, err
}

// solanaRPC is the Solana RPC of the profile.
func (s *App) solanaRPC() (*altchain.RPC, error) {
	return s.solanaOf(s.Profile())
}

func (s *App) solanaOf(p config.Profile) (*altchain.RPC, error) {
	if p.SolanaRPC == "" {
		return nil, fmt.Errorf("profile %s has no solana_rpc: set it on the Settings screen or with `purse profile set solana_rpc=URL`", p.Name)
	}
	if p.IsSandbox() {
		// As API does: without a sandbox the user reads how to start one, not a bare
		// "connection refused" from the first RPC call.
		if err := sandboxctl.Reachable(context.Background(), p.SolanaRPC); err != nil {
			return nil, err
		}
	}
	rpc := altchain.NewRPC(p.SolanaRPC, s.solanaHTTP())
	if s.solanaTimeout > 0 {
		rpc.SetTimeout(s.solanaTimeout)
	}
	return rpc, nil
}

// noticeWriter sends the key store's one-line backend notice to the log, once a session.
type noticeWriter struct{ s *App }

func (w noticeWriter) Write(b []byte) (int, error) {
	w.s.notice.Do(func() {
		if w.s.noticeTo != nil {
			_, _ = w.s.noticeTo.Write(b)
			return
		}
		w.s.log().Info("keystore", "notice", strings.TrimSpace(string(b)))
	})
	return len(b), nil
}

var _ io.Writer = noticeWriter{}

// OneLine is err's message on one line (wrapped service messages carry newlines), for a
// footer, a form's error line or a log field.
func OneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// RequestLog is the session's log of end-user API calls (the Requests screen).
func (s *App) RequestLog() *enduser.RequestLog { return s.Log }
