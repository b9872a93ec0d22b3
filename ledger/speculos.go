package ledger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// Speculos is a device reached over Speculos's TCP APDU framing (its --apdu-port; the
// sandbox's device stand-in speaks it too): each APDU goes as its 4-byte big-endian length
// and its bytes; the answer comes as the data's 4-byte length, the data and the status word.
type Speculos struct {
	addr    string
	timeout time.Duration

	mu   sync.Mutex
	conn net.Conn
}

// DialSpeculos connects to a device at addr (host:port). timeout bounds a whole exchange,
// the user's press included (0: five minutes).
func DialSpeculos(ctx context.Context, addr string, timeout time.Duration) (*Speculos, error) {
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("no device at %s: %v (is the device stand-in or Speculos running?)", addr, err)
	}
	return &Speculos{addr: addr, timeout: timeout, conn: c}, nil
}

// ErrUnplugged: the device went away in the middle of a request; whether it signed is not
// known to purse (it did not answer), and nothing it may have signed was received.
var ErrUnplugged = errors.New("the device was disconnected before it answered")

// ErrTimeout: the device did not answer in time (a press not made).
var ErrTimeout = errors.New("the device did not answer in time: confirm or refuse on the device, then try again")

func (s *Speculos) Exchange(ctx context.Context, apdu []byte) ([]byte, uint16, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		return nil, 0, ErrUnplugged
	}
	deadline := time.Now().Add(s.timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = s.conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = s.conn.SetDeadline(time.Now()) })
	defer stop()
	msg := binary.BigEndian.AppendUint32(nil, uint32(len(apdu)))
	if _, err := s.conn.Write(append(msg, apdu...)); err != nil {
		return nil, 0, s.fail(ctx, err)
	}
	var head [4]byte
	if _, err := io.ReadFull(s.conn, head[:]); err != nil {
		return nil, 0, s.fail(ctx, err)
	}
	n := binary.BigEndian.Uint32(head[:])
	if n > 1<<16 {
		return nil, 0, fmt.Errorf("the device's answer claims %d bytes", n)
	}
	body := make([]byte, n+2)
	if _, err := io.ReadFull(s.conn, body); err != nil {
		return nil, 0, s.fail(ctx, err)
	}
	return body[:n], binary.BigEndian.Uint16(body[n:]), nil
}

// fail closes the connection after a broken exchange (the framing is lost) and says why.
func (s *Speculos) fail(ctx context.Context, err error) error {
	s.conn.Close()
	s.conn = nil
	var ne net.Error
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &ne) && ne.Timeout():
		return ErrTimeout
	}
	return ErrUnplugged
}

func (s *Speculos) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		return nil
	}
	err := s.conn.Close()
	s.conn = nil
	return err
}
