package agent

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"time"

	"purse/internal/prompt"
	"purse/internal/strictjson"
)

// The trusted display is fixed when the agent starts, over a channel no other process can
// open: the agent's own terminal (started in the foreground), or one end of a socket pair the
// process that started the agent (the TUI) kept, inherited by the agent as a descriptor. It is
// never a connection to the named socket, so no other process of the user can take the role,
// and no token lets a request skip it.

// Display shows a request the signing policy wants confirmed and returns the user's answer.
type Display interface {
	// Confirm shows c and waits for the answer, c.Timeout or ctx: nil means approved.
	Confirm(ctx context.Context, c Confirmation) error
	// String says what the display is, for `purse agent status`.
	String() string
}

// Confirmation is one request on the display: the review document (app/review.Request as
// JSON, built by the signing gate from the request) and the policy line that asks.
type Confirmation struct {
	ID      uint64          `json:"id"`
	Review  json.RawMessage `json:"review"`
	Line    string          `json:"line"`
	Timeout time.Duration   `json:"timeout"`
	// Session offers the display to approve this client for this purpose and route for a
	// while (SessionAnswer): only when the kernel says who the client is and no amount limit
	// asks.
	Session bool `json:"session,omitempty"`
}

// ErrDeclined is the person's no: on the agent's display, or in a front end's review
// (prompt.ErrDeclined, the one error every front end answers with).
var ErrDeclined = prompt.ErrDeclined

// maxDisplayMessage caps one message on the display channel, either way: a review shows a
// payload of at most wallet.MaxPayloadBytes, which JSON may escape to six times its size.
const maxDisplayMessage = 8*maxMessage + 64<<10

// maxAnswer caps a display's answer: an id and a yes or no.
const maxAnswer = 4 << 10

type displayMsg struct {
	Confirm *Confirmation `json:"confirm,omitempty"`
	Cancel  uint64        `json:"cancel,omitempty"`
	// Answer is the display's reply to Confirm (ID) or Cancel.
	Answer  bool   `json:"answer,omitempty"`
	ID      uint64 `json:"id,omitempty"`
	Approve bool   `json:"approve,omitempty"`
	// Session, beside Approve, approves the client's like requests for a while.
	Session *SessionAnswer `json:"session,omitempty"`
}

type displayAnswer struct {
	approve bool
	session *SessionAnswer
}

// ConnDisplay is the agent's side of a display reached over a connection inherited at start.
type ConnDisplay struct {
	conn net.Conn
	peer Peer
	desc string

	wmu     sync.Mutex
	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]chan displayAnswer
	refused error
	done    chan struct{}
}

// DisplayMaker says which process must have made a display's socket pair, and must send
// every message on it: a pid that is this process's own or its parent's cannot be taken by
// another process while this one checks it.
type DisplayMaker int

const (
	// MadeByParent: the process that started this one (the TUI that started the agent).
	MadeByParent DisplayMaker = iota
	// MadeBySelf: this process, which serves the display side itself (an agent and its
	// display in one process, as the app's tests run them).
	MadeBySelf
)

// displayHelloTimeout bounds the wait for the display's answer to the agent's hello.
const displayHelloTimeout = 5 * time.Second

// displayHello is the first message each way: the agent's fresh challenge, and the display's
// answer, which repeats it.
type displayHello struct {
	Hello string `json:"hello"`
}

// ForeignSenderError: a message on the display channel was not sent by the display's process
// as the kernel names it; the display is refused from then on.
type ForeignSenderError struct {
	PID int    // the display's pid, the only sender taken
	Why string // what the kernel said instead
}

func (e *ForeignSenderError) Error() string {
	return fmt.Sprintf("only pid %d, which made the display's channel, may answer on it, and %s", e.PID, e.Why)
}

// NewConnDisplay is the display on the other end of f (a socket-pair end the agent
// inherited), taken only when the kernel says who made the pair and that it is purse: a
// process of this user running the same executable file as this agent, and maker (the
// process that started this agent). No other program becomes the display by starting
// `purse agent start --display-fd` on a pair of its own.
//
// Who made the pair is not who holds it: a process can make one, keep its end in a child and
// then execute purse. So that process must also answer a hello sent after its executable was
// checked, and, where the kernel names each message's sender (Linux, SCM_CREDENTIALS), every
// message is refused that another process sent, or that arrives once maker's pid no longer
// names the process checked. A message sent before the check (by the program it ran before
// it executed purse) precedes the hello's answer on the stream and is refused with it.
//
// role says who that process is to the agent ("the TUI that started this agent"); the
// display is then shown as role and what the kernel said (pid, uid, executable).
func NewConnDisplay(f *os.File, role string, maker DisplayMaker) (*ConnDisplay, error) {
	c, err := net.FileConn(f)
	_ = f.Close()
	if err != nil {
		return nil, fmt.Errorf("agent: display descriptor: %v", err)
	}
	uc, ok := c.(*net.UnixConn)
	if !ok {
		_ = c.Close()
		return nil, fmt.Errorf("agent: display descriptor: a %s connection, not a unix socket pair", c.LocalAddr().Network())
	}
	refuse := func(err error) (*ConnDisplay, error) {
		_ = c.Close()
		return nil, fmt.Errorf("agent: the display descriptor is refused (%w): only the purse TUI starts an agent with a display (Keys screen, A); or run `purse agent start` in the foreground on a terminal, which is then its display", err)
	}
	// Before anything is read: every byte the other end sends from now on carries its sender.
	if err := passCredentials(uc); err != nil {
		return refuse(err)
	}
	peer, err := PeerOf(uc)
	if err == nil {
		err = peer.runsPurse(nil)
	}
	if err != nil {
		return refuse(err)
	}
	// After the executable was read: a pid that is still this process's parent (or this
	// process) named the same process when it was read.
	still := func() error { return nil }
	switch maker {
	case MadeByParent:
		if parent := os.Getppid(); peer.PID != parent {
			return refuse(fmt.Errorf("it was made by pid %d, not by the process that started this agent (pid %d)", peer.PID, parent))
		}
		still = func() error {
			if parent := os.Getppid(); parent != peer.PID {
				return fmt.Errorf("pid %d is no longer this agent's parent (now pid %d)", peer.PID, parent)
			}
			return nil
		}
	case MadeBySelf:
		if peer.PID != os.Getpid() {
			return refuse(fmt.Errorf("it was made by pid %d, not by this process (pid %d)", peer.PID, os.Getpid()))
		}
	default:
		return refuse(fmt.Errorf("no maker %d", maker))
	}
	sc := bufio.NewScanner(fromSender(uc, peer.PID, still))
	sc.Buffer(make([]byte, 0, 512), maxAnswer)
	d := &ConnDisplay{conn: c, peer: peer, desc: role + " (" + peer.String() + ")", pending: map[uint64]chan displayAnswer{}, done: make(chan struct{})}
	if err := d.hello(uc, sc); err != nil {
		return refuse(err)
	}
	go d.read(sc)
	return d, nil
}

// hello sends a fresh challenge and waits for the display to repeat it, as its first message.
func (d *ConnDisplay) hello(c *net.UnixConn, sc *bufio.Scanner) error {
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return err
	}
	challenge := hex.EncodeToString(nonce[:])
	b, _ := json.Marshal(displayHello{Hello: challenge})
	_ = c.SetDeadline(time.Now().Add(displayHelloTimeout))
	defer c.SetDeadline(time.Time{})
	if _, err := c.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("sending the hello to pid %d: %v", d.peer.PID, err)
	}
	if !sc.Scan() {
		err := sc.Err()
		var fe *ForeignSenderError
		switch {
		case errors.As(err, &fe):
			return err
		case errors.Is(err, os.ErrDeadlineExceeded):
			return fmt.Errorf("pid %d did not answer the agent's hello within %s", d.peer.PID, displayHelloTimeout)
		case err == nil:
			return fmt.Errorf("the channel closed before pid %d answered the agent's hello", d.peer.PID)
		}
		return fmt.Errorf("reading the answer to the hello: %v", err)
	}
	var m displayHello
	if err := strictjson.Unmarshal(sc.Bytes(), &m, true); err != nil || m.Hello != challenge {
		return fmt.Errorf("the first message from pid %d is not the answer to the agent's hello", d.peer.PID)
	}
	return nil
}

// Peer is what the kernel said of the process that holds the display.
func (d *ConnDisplay) Peer() Peer { return d.peer }

func (d *ConnDisplay) String() string {
	select {
	case <-d.done:
		if d.refused != nil {
			return d.desc + " (refused: " + d.refused.Error() + "; requests the policy wants confirmed are refused)"
		}
		return d.desc + " (gone: requests the policy wants confirmed are refused)"
	default:
		return d.desc
	}
}

// Done is closed when the display went away, or was refused (String says why).
func (d *ConnDisplay) Done() <-chan struct{} { return d.done }

// Close ends the display.
func (d *ConnDisplay) Close() error { return d.conn.Close() }

func (d *ConnDisplay) read(sc *bufio.Scanner) {
	defer func() {
		d.mu.Lock()
		for id, ch := range d.pending {
			close(ch)
			delete(d.pending, id)
		}
		d.mu.Unlock()
		close(d.done)
	}()
	for sc.Scan() {
		var m displayMsg
		if err := strictjson.Unmarshal(sc.Bytes(), &m, false); err != nil || !m.Answer {
			continue
		}
		d.mu.Lock()
		if ch := d.pending[m.ID]; ch != nil {
			delete(d.pending, m.ID)
			ch <- displayAnswer{m.Approve, m.Session}
		}
		d.mu.Unlock()
	}
	// A message another process sent: the display is refused (read before done closes).
	var fe *ForeignSenderError
	if errors.As(sc.Err(), &fe) {
		d.refused = fe
	}
	// An answer over the cap, or a broken channel: the display is gone.
	_ = d.conn.Close()
}

func (d *ConnDisplay) send(m displayMsg) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if len(b) > maxDisplayMessage {
		return fmt.Errorf("the review is over the display channel's limit of %d bytes", maxDisplayMessage)
	}
	d.wmu.Lock()
	defer d.wmu.Unlock()
	_ = d.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
	_, err = d.conn.Write(append(b, '\n'))
	return err
}

// Confirm sends c to the display and waits for its answer.
func (d *ConnDisplay) Confirm(ctx context.Context, c Confirmation) error {
	c.Session = false
	_, err := d.ConfirmSession(ctx, c)
	return err
}

// ConfirmSession is Confirm that also returns the session the display approved with its yes
// (nil: none; only when c offers one).
func (d *ConnDisplay) ConfirmSession(ctx context.Context, c Confirmation) (*SessionAnswer, error) {
	select {
	case <-d.done:
		return nil, &Error{Code: CodeNoDisplay, Msg: "the trusted display is " + d.String() + "; nothing was signed"}
	default:
	}
	ch := make(chan displayAnswer, 1)
	d.mu.Lock()
	d.nextID++
	c.ID = d.nextID
	d.pending[c.ID] = ch
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		delete(d.pending, c.ID)
		d.mu.Unlock()
	}()
	if err := d.send(displayMsg{Confirm: &c}); err != nil {
		return nil, &Error{Code: CodeNoDisplay, Msg: fmt.Sprintf("the display did not take the request (%v); nothing was signed", err)}
	}
	notifyWaiting(ctx, d.desc, c.Timeout)
	var timeout <-chan time.Time
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case a, open := <-ch:
		switch {
		case !open && d.refused != nil:
			return nil, &Error{Code: CodeNoDisplay, Msg: "the display was refused before it answered (" + d.refused.Error() + "); nothing was signed"}
		case !open:
			return nil, &Error{Code: CodeNoDisplay, Msg: "the display went away before answering; nothing was signed"}
		case !a.approve:
			return nil, fmt.Errorf("%w; nothing was signed", ErrDeclined)
		case !c.Session:
			// A session the agent did not offer is not taken.
			return nil, nil
		}
		return a.session, nil
	case <-timeout:
		_ = d.send(displayMsg{Cancel: c.ID})
		return nil, fmt.Errorf("no answer on the display within %s; nothing was signed", c.Timeout)
	case <-ctx.Done():
		_ = d.send(displayMsg{Cancel: c.ID})
		return nil, fmt.Errorf("the request was withdrawn before the display answered (%v); nothing was signed", context.Cause(ctx))
	}
}

// DisplayConn is the display's own side (the TUI that started the agent): Requests delivers
// what the policy wants confirmed, Cancelled the ids the agent gave up on.
type DisplayConn struct {
	Requests  <-chan Confirmation
	Cancelled <-chan uint64
	conn      net.Conn
	wmu       sync.Mutex
	done      chan struct{}
}

// NewDisplayConn serves the display side of conn; it answers the agent's hello at once,
// which the agent waits for before it serves anything.
func NewDisplayConn(conn net.Conn) *DisplayConn {
	reqs := make(chan Confirmation, 8)
	cancels := make(chan uint64, 8)
	d := &DisplayConn{Requests: reqs, Cancelled: cancels, conn: conn, done: make(chan struct{})}
	go func() {
		defer close(d.done)
		defer close(reqs)
		defer close(cancels)
		r := bufio.NewReaderSize(conn, 64<<10)
		// The agent's first message is its hello; the answer repeats it, from this process
		// (the agent checks that the kernel names this process as its sender).
		line, err := readLine(r, maxAnswer)
		var h displayHello
		if err != nil || strictjson.Unmarshal(line, &h, true) != nil || h.Hello == "" {
			_ = conn.Close()
			return
		}
		b, _ := json.Marshal(h)
		if err := d.write(b); err != nil {
			_ = conn.Close()
			return
		}
		for {
			line, err := readLine(r, maxDisplayMessage)
			if err != nil {
				_ = conn.Close()
				return
			}
			var m displayMsg
			if strictjson.Unmarshal(line, &m, false) != nil {
				continue
			}
			switch {
			case m.Confirm != nil:
				reqs <- *m.Confirm
			case m.Cancel != 0:
				cancels <- m.Cancel
			}
		}
	}()
	return d
}

// readLine reads one newline-terminated line of at most limit bytes.
func readLine(r *bufio.Reader, limit int) ([]byte, error) {
	var out []byte
	for {
		chunk, err := r.ReadSlice('\n')
		out = append(out, chunk...)
		if len(out) > limit {
			return nil, fmt.Errorf("a message over %d bytes", limit)
		}
		switch {
		case err == nil:
			return out[:len(out)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(out) == 0:
			return nil, io.EOF
		default:
			return nil, err
		}
	}
}

// Answer approves or declines request id.
func (d *DisplayConn) Answer(id uint64, approve bool) error { return d.AnswerSession(id, approve, nil) }

// AnswerSession approves or declines request id; with its yes, session (nil: none) approves
// the same client's like requests for a while, when the request offered it.
func (d *DisplayConn) AnswerSession(id uint64, approve bool, session *SessionAnswer) error {
	if !approve {
		session = nil
	}
	b, _ := json.Marshal(displayMsg{Answer: true, ID: id, Approve: approve, Session: session})
	return d.write(b)
}

// write sends one message to the agent.
func (d *DisplayConn) write(b []byte) error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	_, err := d.conn.Write(append(b, '\n'))
	return err
}

// Done is closed when the agent ended the display (it stopped) or Close was called.
func (d *DisplayConn) Done() <-chan struct{} { return d.done }

// Close ends the display: the agent refuses what needs confirmation from then on.
func (d *DisplayConn) Close() error { return d.conn.Close() }

// waitingKey carries, in a sign request's context, how to tell the client that its request
// waits on the display.
type waitingKey struct{}

// notifyWaiting tells the client of ctx (if any) that its request waits on the display where
// for at most timeout.
func notifyWaiting(ctx context.Context, where string, timeout time.Duration) {
	if f, ok := ctx.Value(waitingKey{}).(func(string, time.Duration)); ok {
		f(where, timeout)
	}
}

// NotifyWaiting is notifyWaiting for a display the app layer implements (the agent's own
// terminal).
func NotifyWaiting(ctx context.Context, where string, timeout time.Duration) {
	notifyWaiting(ctx, where, timeout)
}
