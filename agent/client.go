package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// Client talks to the agent at Path. Name says which program it is ("purse sign
// full-auth", "purse proxy", "purse TUI"); the display shows it next to what the kernel says.
// A Client keeps the connections it made, idle between requests (up to maxIdleConns, each
// for clientIdle at most), so a program that signs often dials and checks the agent once per
// connection, not once per signature; it is not copied after its first use.
type Client struct {
	Path string
	Name string
	// OnWait (may be nil) hears that a request waits for the user's answer on the agent's
	// display, where and for how long at most, so a client can say so while it waits.
	OnWait func(display string, timeout time.Duration)

	mu   sync.Mutex
	idle []*clientConn
}

// maxIdleConns bounds the connections a Client keeps.
const maxIdleConns = 64

// clientIdle is how long a kept connection is used: one idle longer is dropped, as the
// agent closes one idle for connIdle and a request should not race that close.
func clientIdle() time.Duration { return connIdle / 3 }

// clientConn is one connection to the agent, checked when it was dialled.
type clientConn struct {
	c     *net.UnixConn
	r     *bufio.Reader
	since time.Time // idle since
}

// Close closes the connections the client keeps; it may still be used.
func (c *Client) Close() {
	c.mu.Lock()
	idle := c.idle
	c.idle = nil
	c.mu.Unlock()
	for _, cc := range idle {
		_ = cc.c.Close()
	}
}

func (c *Client) takeIdle() *clientConn {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.idle) > 0 {
		cc := c.idle[len(c.idle)-1]
		c.idle = c.idle[:len(c.idle)-1]
		if time.Since(cc.since) < clientIdle() {
			return cc
		}
		_ = cc.c.Close()
	}
	return nil
}

func (c *Client) putIdle(cc *clientConn) {
	cc.since = time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.idle) >= maxIdleConns {
		_ = cc.c.Close()
		return
	}
	c.idle = append(c.idle, cc)
}

// Answers reports whether an agent answers at path (a dial, no message).
func Answers(path string) bool {
	c, err := net.DialTimeout("unix", path, 500*time.Millisecond)
	if err != nil {
		return false
	}
	_ = c.Close()
	return true
}

// dial connects to the agent and checks, before anything is sent, who answers: the kernel
// must name a purse process of this user (the same executable file as this client's, or
// one named in $PURSE_AGENT_EXE). Every op goes through here, so a program that took the
// socket's path receives nothing, not a status request and not a passphrase's descriptor.
func (c *Client) dial(ctx context.Context) (*clientConn, error) {
	also, err := agentExes()
	if err != nil {
		return nil, err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", c.Path)
	if err != nil {
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
			return nil, fmt.Errorf("%w at %s (`purse agent start`)", ErrNoAgent, c.Path)
		}
		return nil, fmt.Errorf("agent %s: %v", c.Path, err)
	}
	uc := conn.(*net.UnixConn)
	peer, err := PeerOf(uc)
	if err == nil {
		err = peer.runsPurse(also)
	}
	if err != nil {
		_ = uc.Close()
		return nil, fmt.Errorf("agent %s: nothing was sent: what listens there is refused (%w); if it is an older purse still running after an upgrade, stop it (close the TUI that started it, or end that pid) and start the agent again; if it is a purse installed elsewhere on purpose, name its executable in %s; else remove the socket and look at what made it", c.Path, err, EnvAgentExe)
	}
	// readLine gathers a longer answer chunk by chunk; an answer is rarely over 4 KiB.
	return &clientConn{c: uc, r: bufio.NewReaderSize(uc, 4<<10)}, nil
}

// call sends one message (with fd, when not nil) and reads the answer, on a kept
// connection when there is one. A kept connection the agent closed meanwhile (it was idle
// too long, or the agent stopped) fails before any answer: the message goes again on a new
// connection, whose dial checks who answers. A message with a descriptor always has a
// connection of its own.
func (c *Client) call(ctx context.Context, m message, fd *os.File) (*answer, error) {
	if m.Client == "" {
		m.Client = c.Name
	}
	if fd == nil {
		if cc := c.takeIdle(); cc != nil {
			a, reusable, unanswered, err := c.roundTrip(ctx, cc, m, nil)
			if reusable {
				c.putIdle(cc)
			} else {
				_ = cc.c.Close()
			}
			if !unanswered || ctx.Err() != nil {
				return a, err
			}
		}
	}
	cc, err := c.dial(ctx)
	if err != nil {
		return nil, err
	}
	a, reusable, _, err := c.roundTrip(ctx, cc, m, fd)
	if reusable && fd == nil {
		c.putIdle(cc)
	} else {
		_ = cc.c.Close()
	}
	return a, err
}

// roundTrip sends m on cc and reads its answer. reusable says cc may carry another message
// (a whole answer was read and the agent keeps the connection); unanswered that the agent
// closed cc before a byte of an answer, or before it read m (the write failed).
func (c *Client) roundTrip(ctx context.Context, cc *clientConn, m message, fd *os.File) (a *answer, reusable, unanswered bool, err error) {
	conn := cc.c
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) })
	defer func() {
		if !stop() {
			reusable = false
		}
	}()
	// The agent may refuse before reading (another user's connection): its answer is read
	// even when the write failed.
	werr := writeJSON(conn, m, fd)
	first := true
	for {
		a = &answer{}
		line, err := readLine(cc.r, maxMessage)
		if err == nil {
			err = json.Unmarshal(line, a)
		}
		if err != nil {
			unanswered = werr != nil || (first && (errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)))
			if werr != nil {
				return nil, false, unanswered, fmt.Errorf("agent %s: %v", c.Path, werr)
			}
			if ctx.Err() != nil {
				return nil, false, unanswered, fmt.Errorf("agent: no answer: %w", ctx.Err())
			}
			return nil, false, unanswered, fmt.Errorf("agent %s: no answer (%v)", c.Path, err)
		}
		first = false
		if a.Waiting == nil {
			break
		}
		if a.Waiting.Timeout < 0 {
			return nil, false, false, c.nonsense(m.Op, fmt.Errorf("a wait of %s", a.Waiting.Timeout))
		}
		if c.OnWait != nil {
			c.OnWait(a.Waiting.Display, a.Waiting.Timeout)
		}
	}
	reusable = werr == nil && m.Op != "stop"
	if !a.OK {
		return nil, reusable, false, &Error{Code: a.Code, Msg: a.Error, Prompt: a.Prompt}
	}
	return a, reusable, false, nil
}

// Status is the agent's state.
func (c *Client) Status(ctx context.Context) (*Status, error) {
	a, err := c.call(ctx, message{Op: "status"}, nil)
	if err != nil {
		return nil, err
	}
	if a.Status == nil {
		return nil, errors.New("agent: status: the answer has no status")
	}
	if err := a.Status.check(); err != nil {
		return nil, c.nonsense("status", err)
	}
	return a.Status, nil
}

// Key is the unlocked key label of kind; an error matching ErrLocked when it is not.
func (c *Client) Key(ctx context.Context, kind, label string) (KeyStatus, error) {
	a, err := c.call(ctx, message{Op: "key", Kind: kind, Label: label}, nil)
	if err != nil {
		return KeyStatus{}, err
	}
	if a.Key == nil {
		return KeyStatus{}, errors.New("agent: key: the answer has no key")
	}
	if err := a.Key.check(); err != nil {
		return KeyStatus{}, c.nonsense("key", err)
	}
	return *a.Key, nil
}

// Unlock has the agent decrypt key label for ttl (0: the policy's limit) and idle (0: the
// policy's). pass, when not nil, is where the agent reads the passphrase (a terminal, a file
// or a pipe): it is passed as a descriptor, the passphrase never crosses the socket. Without
// pass, a key that needs a passphrase fails with ErrNeedsPassphrase (Error.Prompt says which).
func (c *Client) Unlock(ctx context.Context, kind, label string, ttl, idle time.Duration, pass *os.File) (KeyStatus, error) {
	a, err := c.call(ctx, message{Op: "unlock", Kind: kind, Label: label, TTL: ttl, Idle: idle, HasFD: pass != nil}, pass)
	if err != nil {
		return KeyStatus{}, err
	}
	if a.Key == nil {
		return KeyStatus{}, errors.New("agent: unlock: the answer has no key")
	}
	if err := a.Key.check(); err != nil {
		return KeyStatus{}, c.nonsense("unlock", err)
	}
	return *a.Key, nil
}

// UnlockWith unlocks with a passphrase the caller already holds (a TUI dialog), written to
// a pipe whose read end is passed to the agent.
func (c *Client) UnlockWith(ctx context.Context, kind, label string, ttl, idle time.Duration, passphrase []byte) (KeyStatus, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return KeyStatus{}, fmt.Errorf("agent: unlock: %v", err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() {
		_, err := w.Write(append(append([]byte(nil), passphrase...), '\n'))
		_ = w.Close()
		done <- err
	}()
	ks, err := c.Unlock(ctx, kind, label, ttl, idle, r)
	if werr := <-done; werr != nil && err == nil {
		err = fmt.Errorf("agent: unlock: writing the passphrase: %v", werr)
	}
	return ks, err
}

// Lock wipes key label (every key when label is "") and returns how many were held.
func (c *Client) Lock(ctx context.Context, label string) (int, error) {
	a, err := c.call(ctx, message{Op: "lock", Label: label}, nil)
	if err != nil {
		return 0, err
	}
	if a.Locked < 0 {
		return 0, c.nonsense("lock", fmt.Errorf("%d keys wiped", a.Locked))
	}
	return a.Locked, nil
}

// Stop stops the agent; every key is wiped.
func (c *Client) Stop(ctx context.Context) error {
	_, err := c.call(ctx, message{Op: "stop"}, nil)
	return err
}

// Sign has the agent sign r with key label under profile.
func (c *Client) Sign(ctx context.Context, label, profile string, r wallet.Request) ([]byte, error) {
	return c.sign(ctx, label, profile, r, false)
}

// sign is Sign; noWait refuses at once what the policy would confirm (ErrNeedsApproval).
func (c *Client) sign(ctx context.Context, label, profile string, r wallet.Request, noWait bool) ([]byte, error) {
	sig, _, err := c.signAs(ctx, label, profile, r, noWait)
	return sig, err
}

// signAs is sign, with the address of the key that signed as the agent names it ("" when
// it does not).
func (c *Client) signAs(ctx context.Context, label, profile string, r wallet.Request, noWait bool) ([]byte, string, error) {
	a, err := c.call(ctx, message{Op: "sign", Label: label, Profile: profile, Sign: &r, NoWait: noWait}, nil)
	if err != nil {
		return nil, "", err
	}
	if err := checkSignature(r, a.Signature); err != nil {
		return nil, "", c.nonsense("sign", err)
	}
	addr := ""
	if a.Key != nil {
		if err := checkAddress(a.Key.Kind, a.Key.Address); err != nil {
			return nil, "", c.nonsense("sign", err)
		}
		addr = a.Key.Address
	}
	return a.Signature, addr, nil
}

// EVMSigner is a wallet.RequestSigner whose key is in the agent.
type EVMSigner struct {
	C       *Client
	Label   string
	Profile string
	Addr    common.Address
	// Timeout bounds one signature, confirmation included (0: 5 minutes).
	Timeout time.Duration
	// NoWait refuses at once, with ErrNeedsApproval, a request the policy would send to the
	// display: a read-only caller never waits for a person.
	NoWait bool
}

func (s *EVMSigner) Address() common.Address { return s.Addr }

// SignDigest is refused: the agent signs requests, whose content it can judge.
func (s *EVMSigner) SignDigest(p wallet.Purpose, _ common.Hash) ([]byte, error) {
	return nil, fmt.Errorf("agent: a bare %s digest is not signed: the agent signs requests (wallet.Request); nothing was signed", p)
}

// SignRequest has the agent sign r. A signer made without an address (Addr zero: its user
// needs it only once signed) takes the one the agent names for the key; the caller checks
// the signature recovers to it (wallet.SignFullAuthRequest does), so an answer naming
// another address than the signature's is refused there.
func (s *EVMSigner) SignRequest(r wallet.Request) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeoutOr(s.Timeout))
	defer cancel()
	sig, addr, err := s.C.signAs(ctx, s.Label, s.Profile, r, s.NoWait)
	if err != nil {
		return nil, err
	}
	if s.Addr == (common.Address{}) {
		if !common.IsHexAddress(addr) {
			return nil, fmt.Errorf("agent: the signature of key %q came without the key's address (%q); it is not used", s.Label, addr)
		}
		s.Addr = common.HexToAddress(addr)
	}
	return sig, nil
}

// SolanaSigner is a wallet.SolanaRequestSigner whose key is in the agent.
type SolanaSigner struct {
	C       *Client
	Label   string
	Profile string
	Pub     solana.PublicKey
	Timeout time.Duration
}

func (s *SolanaSigner) PublicKey() solana.PublicKey { return s.Pub }

// SignMessage sends a request without a quote, which the agent refuses: it checks a
// transaction against the quote it came with.
func (s *SolanaSigner) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	return s.SignSolanaRequest(wallet.Request{Purpose: p, Message: msg})
}

// SignSolanaRequest has the agent check and sign r.
func (s *SolanaSigner) SignSolanaRequest(r wallet.Request) (solana.Signature, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeoutOr(s.Timeout))
	defer cancel()
	b, err := s.C.Sign(ctx, s.Label, s.Profile, r)
	if err != nil {
		return solana.Signature{}, err
	}
	// Sign checked its length (checkSignature).
	return solana.SignatureFromBytes(b), nil
}

func timeoutOr(d time.Duration) time.Duration {
	if d <= 0 {
		return 5 * time.Minute
	}
	return d
}
