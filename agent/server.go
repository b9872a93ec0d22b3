package agent

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gagliardetto/solana-go"
	"golang.org/x/term"

	"purse/internal/prompt"
	"purse/keystore"
	"purse/wallet"
)

// SameProcessDisplay lets a display approve requests its own process made. Tests that run
// the display and the client in one process set it; purse never does.
var SameProcessDisplay bool

// Backend opens keys and checks Solana requests for the server: the app layer implements
// it with the key store and the alt-chain checklist.
type Backend interface {
	// Open decrypts key label of kind. pass reads the passphrase when the key needs one; nil
	// pass means none is available, and Open then fails with an error matching
	// ErrNeedsPassphrase that carries the key store's prompt (NeedsPassphrase).
	Open(label, kind string, pass func(prompt string) ([]byte, error)) (keystore.ProfileSigner, string, error)
	// CheckSolana applies the deposit checklist to a solana-tx request of profile, for
	// user, before the agent signs it.
	CheckSolana(ctx context.Context, profile string, user solana.PublicKey, r wallet.Request) error
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

	mu        sync.Mutex
	keys      map[string]*held
	display   *display
	nextID    uint64
	started   time.Time
	socket    string
	hardening []string
	ln        *net.UnixListener
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
	return ks
}

type display struct {
	conn    net.Conn
	peer    Peer
	client  string
	token   string
	wmu     sync.Mutex
	pending map[uint64]chan bool
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

// Listen creates the socket at path: its directory must be the user's alone (mode 0700),
// the socket is made 0600, and a stale socket (nothing answers) is replaced; a live one is an
// error naming the running agent.
func Listen(path string) (*net.UnixListener, error) {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("agent socket directory %s: %v", dir, err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("agent socket directory %s: mode %04o lets other users in; expected 0700 (chmod 700 %s)", dir, perm, dir)
	}
	if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
		_ = c.Close()
		return nil, fmt.Errorf("agent socket %s: an agent already answers there (`purse agent status`)", path)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("agent socket %s: removing the stale socket: %v", path, err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("agent socket %s: %v", path, err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("agent socket %s: %v", path, err)
	}
	return ln, nil
}

// Serve answers on ln until ctx ends or a client says stop, then wipes every key.
func (s *Server) Serve(ctx context.Context, ln *net.UnixListener) error {
	s.mu.Lock()
	s.started = s.now()
	s.socket = ln.Addr().String()
	s.ln = ln
	s.closed = make(chan struct{})
	s.hardening = hardenProcess()
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
		ln, d := s.ln, s.display
		if s.closed == nil {
			s.closed = make(chan struct{})
		}
		close(s.closed)
		s.mu.Unlock()
		if ln != nil {
			_ = ln.Close()
		}
		if d != nil {
			_ = d.conn.Close()
		}
		s.LockAll()
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
	defer s.mu.Unlock()
	n := 0
	for id, h := range s.keys {
		if label == "" || h.label == label {
			h.signer.Zero()
			delete(s.keys, id)
			n++
		}
	}
	return n
}

func (s *Server) handle(ctx context.Context, c *net.UnixConn) {
	defer c.Close()
	peer, err := peerOf(c)
	if err != nil {
		_ = writeJSON(c, fail(CodeRejected, "cannot read the connecting process's credentials: %v", err), nil)
		return
	}
	if peer.Known && peer.UID != s.UID {
		s.Log.Warn("agent: connection from another user refused", "uid", peer.UID, "pid", peer.PID)
		_ = writeJSON(c, fail(CodeRejected, "connection from uid %d refused: this agent serves uid %d only", peer.UID, s.UID), nil)
		return
	}
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	line, rest, fds, err := readFirst(c)
	if err != nil {
		return
	}
	defer closeFDs(fds)
	_ = c.SetReadDeadline(time.Time{})
	var m message
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		_ = writeJSON(c, fail(CodeInvalid, "message: %v", err), nil)
		return
	}
	if m.Op == "display" {
		s.serveDisplay(c, peer, m, rest)
		return
	}
	var a *answer
	switch m.Op {
	case "status":
		a = &answer{Status: s.status()}
	case "key":
		a = s.keyStatus(m)
	case "unlock":
		var pass *os.File
		if m.HasFD && len(fds) == 1 {
			pass = os.NewFile(uintptr(fds[0]), "passphrase")
			fds = nil
			defer pass.Close()
		}
		a = s.unlock(m, pass)
	case "lock":
		a = &answer{Locked: s.lock(m.Label)}
	case "sign":
		a = s.sign(ctx, c, peer, m)
	case "stop":
		a = &answer{}
		defer s.Close()
	default:
		a = fail(CodeInvalid, "op %q: expected status, key, unlock, lock, sign, display or stop", m.Op)
	}
	if a.Code == "" {
		a.OK = true
	}
	_ = writeJSON(c, a, nil)
}

func heldID(kind, label string) string { return kind + "\x00" + label }

func (s *Server) status() *Status {
	s.sweep()
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &Status{PID: os.Getpid(), Socket: s.socket, Started: s.started, Hardening: s.hardening, Keys: []KeyStatus{}}
	if s.display != nil {
		st.Display = s.display.client + ", " + s.display.peer.String()
	}
	for _, h := range s.keys {
		st.Keys = append(st.Keys, h.status())
	}
	sort.Slice(st.Keys, func(i, j int) bool { return st.Keys[i].Label < st.Keys[j].Label })
	st.Policy = s.Policy.Path
	if st.Policy == "" {
		st.Policy = "defaults (no " + PolicyFile + ")"
	}
	st.Rules = s.Policy.Lines()
	st.PeerCheck = "socket mode 0600 in a 0700 directory only (this OS gives no peer credentials)"
	if peerCredentials {
		st.PeerCheck = fmt.Sprintf("connections from uid %d only (SO_PEERCRED), socket mode 0600 in a 0700 directory", s.UID)
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
	idle, max := s.Policy.Idle, s.Policy.Max
	if m.TTL < 0 || m.Idle < 0 {
		return fail(CodeInvalid, "unlock: ttl and idle must be positive durations")
	}
	if m.TTL > 0 {
		max = m.TTL
	}
	if m.Idle > 0 {
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

// use returns the held key for a signature, counting the use; nil when locked or expired.
func (s *Server) use(kind, label string) *held {
	s.sweep()
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.keys[heldID(kind, label)]
	if h != nil {
		h.last = s.now()
		h.signed++
	}
	return h
}

func (s *Server) sign(ctx context.Context, c net.Conn, peer Peer, m message) *answer {
	if m.Sign == nil {
		return fail(CodeInvalid, "sign: expected the request to sign")
	}
	r := *m.Sign
	kind := KindEVM
	if r.Purpose == wallet.PurposeSolanaTx {
		kind = KindSolana
	}
	s.mu.Lock()
	h := s.keys[heldID(kind, m.Label)]
	s.mu.Unlock()
	if h == nil {
		return fail(CodeLocked, "key %q is not unlocked in the agent (`purse agent unlock %s`)", m.Label, m.Label)
	}
	// What would be signed is rebuilt here, from the request, before the policy is asked:
	// a malformed request is refused as such, not shown for confirmation.
	var digest [32]byte
	if kind == KindEVM {
		d, err := r.Digest(s.now())
		if err != nil {
			return fail(CodeInvalid, "sign: %v; nothing was signed", err)
		}
		digest = d
	} else {
		if err := r.Check(s.now()); err != nil {
			return fail(CodeInvalid, "sign: %v; nothing was signed", err)
		}
		if len(r.Quote) == 0 {
			return fail(CodeInvalid, "sign: a Solana transaction is signed by the agent only with the quote it came with (the checklist needs it); nothing was signed")
		}
		user, err := solana.PublicKeyFromBase58(h.address)
		if err != nil {
			return fail(CodeInvalid, "sign: key %q: %v", m.Label, err)
		}
		if err := s.Backend.CheckSolana(ctx, m.Profile, user, r); err != nil {
			return fail(CodeInvalid, "sign: the transaction fails the checklist: %v; nothing was signed", err)
		}
	}
	d := s.Policy.Decide(r)
	log := s.Log.With("label", m.Label, "purpose", r.Purpose, "route", r.Route, "what", describe(r), "client", m.Client, "peer", peer.String(), "policy", d.Line)
	switch d.Outcome {
	case Deny:
		log.Info("agent: refused by policy")
		return fail(CodeDenied, "refused by the policy: %s; nothing was signed", d.Line)
	case Confirm:
		if m.NoWait {
			log.Info("agent: needs approval; the caller does not wait")
			return fail(CodeNeedsApproval, "the policy says %s and the caller does not wait for a confirmation; nothing was signed", d.Line)
		}
		if !s.fromDisplay(m.Token) {
			ok, a := s.confirm(ctx, c, Pending{Client: m.Client, Peer: peer.String(), Label: m.Label, Address: h.address, Profile: m.Profile, Line: d.Line, Request: r, peerPID: peer.PID})
			if !ok {
				log.Info("agent: not confirmed", "why", a.Error)
				return a
			}
		}
	}
	h = s.use(kind, m.Label)
	if h == nil {
		return fail(CodeLocked, "key %q was locked or expired while the request waited; nothing was signed", m.Label)
	}
	view := h.signer.ForProfile(m.Profile)
	var sig []byte
	switch v := view.(type) {
	case wallet.EVMSigner:
		b, err := v.SignDigest(r.Purpose, digest)
		if err != nil {
			return fail(signFailure(err), "sign: %v", err)
		}
		sig = b
	case wallet.SolanaSigner:
		b, err := v.SignMessage(r.Purpose, r.Message)
		if err != nil {
			return fail(signFailure(err), "sign: %v", err)
		}
		sig = b[:]
	default:
		return fail(CodeInvalid, "sign: key %q cannot sign a %s request", m.Label, r.Purpose)
	}
	log.Info("agent: signed")
	return &answer{Signature: sig}
}

// fromDisplay says whether token is the attached display's: the TUI shows its own reviews
// before it signs, so its requests are not confirmed a second time.
func (s *Server) fromDisplay(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return token != "" && s.display != nil && subtle.ConstantTimeCompare([]byte(token), []byte(s.display.token)) == 1
}

// confirm asks the display and waits for its answer, the policy's timeout, or the client
// going away.
func (s *Server) confirm(ctx context.Context, client net.Conn, req Pending) (bool, *answer) {
	s.mu.Lock()
	d := s.display
	if d == nil {
		s.mu.Unlock()
		return false, fail(CodeNoDisplay, "the policy says %s and no trusted display is attached: start the TUI (`purse`) to approve it there, or change that line; nothing was signed", req.Line)
	}
	if d.peer.Known && d.peer.PID == req.peerPID && !SameProcessDisplay {
		s.mu.Unlock()
		return false, fail(CodeRejected, "the display is the process that asks: a client never approves its own request; nothing was signed")
	}
	s.nextID++
	req.ID = s.nextID
	ch := make(chan bool, 1)
	d.pending[req.ID] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(d.pending, req.ID)
		s.mu.Unlock()
	}()
	if err := d.send(&answer{OK: true, Confirm: &req}); err != nil {
		return false, fail(CodeNoDisplay, "the display did not take the request (%v); nothing was signed", err)
	}
	gone := make(chan struct{})
	go func() {
		// A one-shot client sends nothing more: a read returns only when it hangs up.
		var b [1]byte
		_, _ = client.Read(b[:])
		close(gone)
	}()
	t := time.NewTimer(s.Policy.ConfirmTimeout)
	defer t.Stop()
	select {
	case ok, open := <-ch:
		if !open {
			return false, fail(CodeNoDisplay, "the display went away before answering; nothing was signed")
		}
		if !ok {
			return false, fail(CodeRejected, "declined on the display; nothing was signed")
		}
		return true, nil
	case <-t.C:
		_ = d.send(&answer{OK: true, Cancel: req.ID})
		return false, fail(CodeRejected, "no answer on the display within %s; nothing was signed", s.Policy.ConfirmTimeout)
	case <-gone:
		_ = d.send(&answer{OK: true, Cancel: req.ID})
		return false, fail(CodeRejected, "the client hung up before the display answered; nothing was signed")
	case <-ctx.Done():
		return false, fail(CodeRejected, "the agent is stopping; nothing was signed")
	}
}

func (d *display) send(a *answer) error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	_ = d.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return writeJSON(d.conn, a, nil)
}

// serveDisplay attaches c as the trusted display and reads its answers until it hangs up.
// While one is attached another is refused: no process takes the role from a running TUI.
func (s *Server) serveDisplay(c *net.UnixConn, peer Peer, m message, rest []byte) {
	tok := make([]byte, 16)
	_, _ = rand.Read(tok)
	d := &display{conn: c, peer: peer, client: m.Client, token: hex.EncodeToString(tok), pending: map[uint64]chan bool{}}
	s.mu.Lock()
	if old := s.display; old != nil {
		s.mu.Unlock()
		_ = writeJSON(c, fail(CodeRejected, "a display is already attached (%s, %s); one at a time", old.client, old.peer), nil)
		return
	}
	s.display = d
	s.mu.Unlock()
	s.Log.Info("agent: display attached", "client", m.Client, "peer", peer.String())
	defer func() {
		s.mu.Lock()
		if s.display == d {
			s.display = nil
		}
		for id, ch := range d.pending {
			close(ch)
			delete(d.pending, id)
		}
		s.mu.Unlock()
		s.Log.Info("agent: display detached", "client", m.Client)
	}()
	if err := d.send(&answer{OK: true, Token: d.token}); err != nil {
		return
	}
	dec := json.NewDecoder(io.MultiReader(bytes.NewReader(rest), c))
	for {
		var a message
		if err := dec.Decode(&a); err != nil {
			return
		}
		if a.Op != "answer" {
			continue
		}
		s.mu.Lock()
		ch := d.pending[a.ID]
		if ch != nil {
			delete(d.pending, a.ID)
			ch <- a.Approve
		}
		s.mu.Unlock()
	}
}

// describe is one line naming what a request signs, for logs and the CLI.
func describe(r wallet.Request) string {
	switch r.Purpose {
	case wallet.PurposeFullAuth:
		return strings.TrimSpace(r.Method + " " + r.Route)
	case wallet.PurposePermit:
		if r.Permit != nil {
			return "permit to " + r.Permit.Spender.Hex()
		}
	}
	return string(r.Purpose)
}

// signFailure is the code of a signature the key store refused: a recorded break of the audit
// chain is a refusal the client reports as such (exit 3), like a policy's.
func signFailure(err error) string {
	if errors.Is(err, keystore.ErrAuditBroken) {
		return CodeRejected
	}
	return CodeInvalid
}
