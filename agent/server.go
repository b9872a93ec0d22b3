package agent

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"sync"
	"time"

	"golang.org/x/term"

	"purse/internal/prompt"
	"purse/internal/strictjson"
	"purse/keystore"
	"purse/wallet"
)

// Backend opens keys and runs the signing gate for the server: the app layer implements it
// with the key store and its gate (policy, review, approval on this agent's display), so the
// agent and a process signing for itself take a request through the same code.
type Backend interface {
	// Open decrypts key label of kind. pass reads the passphrase when the key needs one; nil
	// pass means none is available, and Open then fails with an error matching
	// ErrNeedsPassphrase that carries the key store's prompt (NeedsPassphrase).
	Open(label, kind string, pass func(prompt string) ([]byte, error)) (keystore.ProfileSigner, string, error)
	// Sign runs the signing gate for job with its held key and returns the signature (65
	// bytes with V in {0, 1} for an EVM key, 64 for a Solana key). A refusal carries the
	// agent's code (AgentCode).
	Sign(ctx context.Context, job Job) ([]byte, error)
}

// Job is one signature a client asks of the agent.
type Job struct {
	Request wallet.Request
	Profile string
	Label   string
	Address string
	// Client is what the requesting program says it is: shown escaped, never trusted.
	Client string
	// Peer is what the kernel says of the requesting process.
	Peer Peer
	// NoWait refuses at once what the policy would ask the display about.
	NoWait bool
	// Key is the held key's view for Profile: a wallet.EVMSigner or a wallet.SolanaSigner.
	Key any
}

// NeedsPassphrase is what a Backend returns when a key needs a passphrase none was given for.
type NeedsPassphrase struct{ Prompt string }

func (e *NeedsPassphrase) Error() string { return "the passphrase is needed: " + e.Prompt }

// Is makes it match ErrNeedsPassphrase.
func (e *NeedsPassphrase) Is(target error) bool { return target == ErrNeedsPassphrase }

// Server is the agent.
type Server struct {
	Backend Backend
	Policy  *Policy
	Log     *slog.Logger
	// Now is the clock (tests move it); nil is time.Now.
	Now func() time.Time
	// UID is the only user whose connections are served; -1 (or unset via NewServer) is the
	// agent's own user.
	UID int
	// Display is the trusted display, fixed at start (nil: none; what the policy wants
	// confirmed is refused).
	Display Display

	mu        sync.Mutex
	policyErr string // why the last reload was refused ("" it was not)
	sessions  map[sessionKey]SessionStatus
	keys      map[string]*held
	started   time.Time
	socket    string
	hardening []string
	ln        *net.UnixListener
	endConns  context.CancelFunc // ends every connection's context (Close)
	closed    chan struct{}
	closeOnce sync.Once
}

type held struct {
	label, kind, address string
	signer               keystore.ProfileSigner
	unlocked, last       time.Time
	idle, max            time.Duration
	signed               int
	mlockErr             error
}

func (h *held) status() KeyStatus {
	ks := KeyStatus{Label: h.label, Kind: h.kind, Address: h.address, Unlocked: h.unlocked,
		IdleUntil: h.last.Add(h.idle), Until: h.unlocked.Add(h.max), Signed: h.signed, MemoryLocked: h.mlockErr == nil}
	if h.mlockErr != nil {
		ks.MemoryNote = h.mlockErr.Error()
	}
	_, evm := h.signer.(wallet.DeviceSigner)
	_, sol := h.signer.(wallet.SolanaDeviceSigner)
	ks.OnDevice = evm || sol
	return ks
}

// CurrentPolicy is the policy the agent signs under now (ReloadPolicy replaces it).
func (s *Server) CurrentPolicy() *Policy {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Policy
}

// ReloadPolicy reads the policy again (SIGHUP): a policy that loads replaces the current one
// for every request from now on; one that does not keeps the current one, and why is logged
// and shown by status until a reload succeeds.
func (s *Server) ReloadPolicy(load func() (*Policy, error)) error {
	p, err := load()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.policyErr = fmt.Sprintf("%s: %v; the policy read before is kept", s.now().UTC().Format(time.RFC3339), err)
		s.Log.Warn("agent: policy not reloaded; the policy read before is kept", "why", err.Error())
		return err
	}
	s.Policy, s.policyErr = p, ""
	s.Log.Info("agent: policy reloaded", "path", p.Path)
	return nil
}

// NewServer is a server for the agent's own user.
func NewServer(b Backend, p *Policy, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{Backend: b, Policy: p, Log: log, UID: os.Getuid()}
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Listen creates the agent's socket at path (ListenPrivate); a live one is an error naming
// the running agent. In the runtime directory (SocketPath), its purse/ directory is made
// first when missing.
func Listen(path string) (*net.UnixListener, error) {
	if dir := runtimeSocketDir(); dir != "" && filepath.Dir(path) == dir {
		if err := privateRuntimeDir(dir); err != nil {
			return nil, err
		}
	}
	return ListenPrivate(path, "agent socket", "an agent already answers there (`purse agent status`)")
}

// ListenPrivate creates a unix socket at path that only the user's processes reach: its
// directory must be the user's alone (owned by the user, mode 0700; it is not created), the
// socket is made 0600,
// and a stale socket (nothing answers) is replaced. A socket that answers is an error saying
// busy, and a file that is not a socket is never removed (the path may be a user's typo).
// what names the socket in errors ("agent socket").
func ListenPrivate(path, what, busy string) (*net.UnixListener, error) {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%s directory %s: %v", what, dir, err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("%s directory %s: mode %04o lets other users in; expected 0700 (chmod 700 %s)", what, dir, perm, dir)
	}
	if err := ownedByUser(st); err != nil {
		return nil, fmt.Errorf("%s directory %s: %v", what, dir, err)
	}
	if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
		_ = c.Close()
		return nil, fmt.Errorf("%s %s: %s", what, path, busy)
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket == 0 {
		return nil, fmt.Errorf("%s %s: a file that is not a socket is there; left as it is (remove it, or choose another path)", what, path)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s %s: removing the stale socket: %v", what, path, err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", what, path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("%s %s: %v", what, path, err)
	}
	return ln, nil
}

// Serve answers on ln until ctx ends or a client says stop, then wipes every key.
func (s *Server) Serve(ctx context.Context, ln *net.UnixListener) error {
	// Connections end with the server: a kept connection waits on its client's next
	// message, and a request on the display, until then.
	ctx, endConns := context.WithCancel(ctx)
	defer endConns()
	s.mu.Lock()
	s.endConns = endConns
	s.started = s.now()
	s.socket = ln.Addr().String()
	s.ln = ln
	s.closed = make(chan struct{})
	s.hardening = HardenProcess()
	if s.keys == nil {
		s.keys = map[string]*held{}
	}
	s.mu.Unlock()
	defer s.LockAll()
	stop := context.AfterFunc(ctx, s.Close)
	defer stop()
	go s.sweepEvery(time.Second)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			select {
			case <-s.closed:
				return nil
			default:
			}
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.handle(ctx, c)
		}()
	}
}

// Close stops the server: the socket goes, every key is wiped.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		ln, endConns := s.ln, s.endConns
		if s.closed == nil {
			s.closed = make(chan struct{})
		}
		close(s.closed)
		s.mu.Unlock()
		// The keys go first, then the socket: once Close returns, nothing is held and nothing
		// answers.
		s.LockAll()
		if ln != nil {
			_ = ln.Close()
		}
		if endConns != nil {
			endConns()
		}
	})
}

func (s *Server) sweepEvery(d time.Duration) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-s.closed:
			return
		case <-t.C:
			s.sweep()
		}
	}
}

// sweep wipes every key past its idle or absolute limit.
func (s *Server) sweep() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for id, h := range s.keys {
		if !now.Before(h.last.Add(h.idle)) || !now.Before(h.unlocked.Add(h.max)) {
			h.signer.Zero()
			delete(s.keys, id)
			s.Log.Info("agent: key wiped", "label", h.label, "reason", "expired")
		}
	}
}

// LockAll wipes every key and returns how many were held.
func (s *Server) LockAll() int { return s.lock("") }

func (s *Server) lock(label string) int {
	s.mu.Lock()
	// A lock ends every session approval too: the next request of each client is asked.
	clear(s.sessions)
	n := 0
	for id, h := range s.keys {
		if label == "" || h.label == label {
			h.signer.Zero()
			delete(s.keys, id)
			n++
		}
	}
	s.mu.Unlock()
	if n > 0 {
		// The key's bytes are wiped in place. The collection erases what the key file's
		// decryption left as garbage where runtime/secret is built in (keystore.eraseAfter),
		// and free pages go back to the OS, which hands them out zeroed. Other garbage
		// beside live objects stays until reused: see docs/agent.md.
		debug.FreeOSMemory()
	}
	return n
}

// A connection carries any number of requests, one after the other: a client keeps its
// connection (Client's idle pool) so that a signature costs neither a dial nor the kernel's
// peer checks on both ends. The peer is who connected, as the kernel said then; an idle
// connection is closed after connIdle, one that sends no first message after connFirst
// (variables for the tests).
var (
	connFirst = 30 * time.Second
	connIdle  = 60 * time.Second
)

// incoming is one message read from a connection, with the descriptors sent with it.
type incoming struct {
	line []byte
	fds  []int
}

// connReader reads a connection's messages in its own goroutine, so that a request in
// progress learns when its client hangs up (the read ends) while it waits on the display.
type connReader struct {
	c       *net.UnixConn
	end     context.Context // the server's: when it ends, so does every read
	msgs    chan incoming
	hangUp  context.CancelCauseFunc
	mu      sync.Mutex
	read    int // messages read
	handled int // messages answered
}

func (r *connReader) run(done <-chan struct{}) {
	defer close(r.msgs)
	mr := &msgReader{c: r.c}
	defer mr.close()
	for {
		line, fds, err := mr.next()
		if err != nil {
			r.hangUp(fmt.Errorf("the client hung up (%v)", err))
			return
		}
		// A request may wait on the display for minutes: no deadline while one is in
		// progress, as the client, not a timer, ends it.
		r.mu.Lock()
		r.read++
		r.setDeadline(time.Time{})
		r.mu.Unlock()
		select {
		case r.msgs <- incoming{line, fds}:
		case <-done:
			closeFDs(fds)
			return
		}
	}
}

// answered notes one more message answered; when no later one is read yet, the connection
// is idle and may stay so connIdle at most.
func (r *connReader) answered() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.handled++
	if r.handled == r.read {
		r.setDeadline(time.Now().Add(connIdle))
	}
}

// setDeadline sets the read deadline, with r.mu held; once the server ends, it is now.
func (r *connReader) setDeadline(t time.Time) {
	if r.end.Err() != nil {
		t = time.Now()
	}
	_ = r.c.SetReadDeadline(t)
}

func (s *Server) handle(ctx context.Context, c *net.UnixConn) {
	defer c.Close()
	peer, err := PeerOf(c)
	if err != nil {
		_ = writeJSON(c, fail(CodeRejected, "cannot read the connecting process's credentials: %v", err), nil)
		return
	}
	if peer.Known && peer.UID != s.UID {
		s.Log.Warn("agent: connection from another user refused", "uid", peer.UID, "pid", peer.PID)
		_ = writeJSON(c, fail(CodeRejected, "connection from uid %d refused: this agent serves uid %d only", peer.UID, s.UID), nil)
		return
	}
	ctx, hangUp := context.WithCancelCause(ctx)
	defer hangUp(nil)
	r := &connReader{c: c, end: ctx, msgs: make(chan incoming), hangUp: hangUp}
	r.mu.Lock()
	r.setDeadline(time.Now().Add(connFirst))
	r.mu.Unlock()
	defer context.AfterFunc(ctx, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.setDeadline(time.Now())
	})()
	done := make(chan struct{})
	defer close(done)
	go r.run(done)
	for in := range r.msgs {
		if ctx.Err() != nil {
			// The agent stopped (or the client went) after the message was read: it gets no
			// answer, which tells a client that nothing was done.
			closeFDs(in.fds)
			return
		}
		a, more := s.answer(ctx, c, peer, in)
		if a.Code == "" {
			a.OK = true
		}
		if err := writeJSON(c, a, nil); err != nil || !more {
			return
		}
		r.answered()
	}
}

// answer is the answer to one message, and whether the connection may carry another: not
// after a message that is not one (the client and the agent no longer agree on where a
// message ends) and not after stop.
func (s *Server) answer(ctx context.Context, c *net.UnixConn, peer Peer, in incoming) (a *answer, more bool) {
	defer func() { closeFDs(in.fds) }()
	var m message
	if err := strictjson.Unmarshal(in.line, &m, true); err != nil {
		return fail(CodeInvalid, "message: %v", err), false
	}
	switch m.Op {
	case "status":
		return &answer{Status: s.status()}, true
	case "key":
		return s.keyStatus(m), true
	case "unlock":
		var pass *os.File
		if m.HasFD && len(in.fds) == 1 {
			pass = os.NewFile(uintptr(in.fds[0]), "passphrase")
			in.fds = nil
			defer pass.Close()
		}
		return s.unlock(m, pass), true
	case "lock":
		return &answer{Locked: s.lock(m.Label)}, true
	case "sign":
		return s.sign(s.requestContext(ctx, c), peer, m), true
	case "stop":
		// Stopped before the answer: when the client reads it, the keys are wiped and the
		// socket is closed.
		s.Close()
		return &answer{}, false
	case "display":
		return fail(CodeRejected, "the trusted display is fixed when the agent starts (its own terminal, or the TUI that started it); no connection can become it"), true
	}
	return fail(CodeInvalid, "op %q: expected status, key, unlock, lock, sign or stop", m.Op), true
}

func heldID(kind, label string) string { return kind + "\x00" + label }

func (s *Server) status() *Status {
	s.sweep()
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &Status{PID: os.Getpid(), Socket: s.socket, Started: s.started, Hardening: s.hardening, Keys: []KeyStatus{}}
	if s.Display != nil {
		st.Display = s.Display.String()
	}
	for _, h := range s.keys {
		st.Keys = append(st.Keys, h.status())
	}
	sort.Slice(st.Keys, func(i, j int) bool { return st.Keys[i].Label < st.Keys[j].Label })
	st.Policy = s.Policy.Path
	if st.Policy == "" {
		st.Policy = "defaults (no " + PolicyFile + ")"
	}
	st.PolicyError = s.policyErr
	st.Sessions = s.sessionList()
	st.Rules = s.Policy.Lines()
	st.PeerCheck = "socket mode 0600 in a 0700 directory only (this OS gives no peer credentials)"
	if peerCredentials {
		st.PeerCheck = fmt.Sprintf("connections from uid %d only (%s), socket mode 0600 in a 0700 directory", s.UID, peerMechanism)
	}
	return st
}

func (s *Server) keyStatus(m message) *answer {
	s.sweep()
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.keys[heldID(m.Kind, m.Label)]
	if h == nil {
		return fail(CodeLocked, "key %q (%s) is not unlocked in the agent", m.Label, m.Kind)
	}
	ks := h.status()
	return &answer{Key: &ks}
}

func (s *Server) unlock(m message, pass *os.File) *answer {
	if m.Kind != KindEVM && m.Kind != KindSolana {
		return fail(CodeInvalid, "unlock: kind %q: expected evm or solana", m.Kind)
	}
	pol := s.CurrentPolicy()
	idle, max := pol.Idle, pol.Max
	if m.TTL < 0 || m.Idle < 0 {
		return fail(CodeInvalid, "unlock: ttl and idle must be positive durations")
	}
	// A client may shorten the policy's limits, never lengthen them.
	if m.TTL > 0 && m.TTL < max {
		max = m.TTL
	}
	if m.Idle > 0 && m.Idle < idle {
		idle = m.Idle
	}
	if idle > max {
		idle = max
	}
	var read func(string) ([]byte, error)
	if pass != nil {
		read = passphraseFrom(pass)
	}
	signer, address, err := s.Backend.Open(m.Label, m.Kind, read)
	if err != nil {
		var np *NeedsPassphrase
		if errors.As(err, &np) {
			a := fail(CodeNeedsPassphrase, "unlock %q: %v", m.Label, err)
			a.Prompt = np.Prompt
			return a
		}
		if errors.Is(err, keystore.ErrWrongPassphrase) {
			return fail(CodeWrongPassphrase, "unlock %q: %v", m.Label, err)
		}
		return fail(CodeNoKey, "unlock %q: %v", m.Label, err)
	}
	now := s.now()
	h := &held{label: m.Label, kind: m.Kind, address: address, signer: signer, unlocked: now, last: now, idle: idle, max: max}
	h.mlockErr = keystore.LockMemory(signer)
	s.mu.Lock()
	if old := s.keys[heldID(m.Kind, m.Label)]; old != nil {
		old.signer.Zero()
	}
	s.keys[heldID(m.Kind, m.Label)] = h
	ks := h.status()
	s.mu.Unlock()
	s.Log.Info("agent: key unlocked", "label", m.Label, "kind", m.Kind, "until", ks.Until, "client", m.Client)
	return &answer{Key: &ks}
}

// passphraseFrom reads one passphrase from f: hidden, with a prompt, when f is a terminal;
// else its first line.
func passphraseFrom(f *os.File) func(string) ([]byte, error) {
	return func(question string) ([]byte, error) {
		if term.IsTerminal(int(f.Fd())) {
			return prompt.Hidden(f, question+" (asked by purse agent)")
		}
		r := bufio.NewReaderSize(io.LimitReader(f, 4096), 4096)
		b, err := r.ReadSlice('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("passphrase: %v", err)
		}
		out := bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r"))
		cp := append([]byte(nil), out...)
		clear(b)
		return cp, nil
	}
}

// requestContext is ctx (which ends when the client hangs up) for one sign request on c,
// carrying how to tell the client that its request waits on the display.
func (s *Server) requestContext(ctx context.Context, c *net.UnixConn) context.Context {
	var wmu sync.Mutex
	return context.WithValue(ctx, waitingKey{}, func(where string, timeout time.Duration) {
		wmu.Lock()
		defer wmu.Unlock()
		_ = writeJSON(c, &answer{OK: true, Waiting: &Waiting{Display: where, Timeout: timeout}}, nil)
	})
}

func (s *Server) sign(ctx context.Context, peer Peer, m message) *answer {
	if m.Sign == nil {
		return fail(CodeInvalid, "sign: expected the request to sign")
	}
	r := *m.Sign
	kind := KindEVM
	if r.Purpose == wallet.PurposeSolanaTx {
		kind = KindSolana
	}
	s.sweep()
	s.mu.Lock()
	h := s.keys[heldID(kind, m.Label)]
	s.mu.Unlock()
	if h == nil {
		return fail(CodeLocked, "key %q is not unlocked in the agent (`purse agent unlock %s`)", m.Label, m.Label)
	}
	log := s.Log.With("label", m.Label, "purpose", r.Purpose, "route", r.Route, "client", m.Client, "peer", peer.String())
	sig, err := s.Backend.Sign(ctx, Job{Request: r, Profile: m.Profile, Label: m.Label, Address: h.address,
		Client: m.Client, Peer: peer, NoWait: m.NoWait, Key: h.signer.ForProfile(m.Profile)})
	if err != nil {
		code := CodeInvalid
		var c interface{ AgentCode() string }
		switch {
		case errors.As(err, &c):
			code = c.AgentCode()
		case errors.Is(err, wallet.ErrZeroed):
			code = CodeLocked
			err = fmt.Errorf("key %q was locked or expired while the request waited; nothing was signed", m.Label)
		case errors.Is(err, keystore.ErrAuditBroken):
			// A recorded break of the audit chain refuses like a policy does (exit 3).
			code = CodeRejected
		}
		log.Info("agent: not signed", "code", code, "why", err.Error())
		return fail(code, "%v", err)
	}
	s.mu.Lock()
	if cur := s.keys[heldID(kind, m.Label)]; cur == h {
		h.last = s.now()
		h.signed++
	}
	s.mu.Unlock()
	log.Info("agent: signed")
	// The key that signed, so a client that asked without a "key" round trip first learns
	// which address the signature must recover to (it checks that it does).
	return &answer{Signature: sig, Key: &KeyStatus{Label: m.Label, Kind: kind, Address: h.address}}
}
