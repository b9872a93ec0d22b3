//go:build unix

package agent

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// readBufs are the buffers connections read into; what is read is copied out (pending),
// so a buffer serves the next read of any connection.
var readBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// msgReader reads a connection's messages, one line each, with the file descriptors that
// came with the bytes of each.
type msgReader struct {
	c       *net.UnixConn
	pending []byte // read, not yet returned
	fds     []int  // received with pending
}

// next is the next message and its descriptors, which the caller closes.
func (r *msgReader) next() (line []byte, fds []int, err error) {
	for {
		if i := bytes.IndexByte(r.pending, '\n'); i >= 0 {
			line = append([]byte(nil), r.pending[:i]...)
			r.pending = append(r.pending[:0], r.pending[i+1:]...)
			fds, r.fds = r.fds, nil
			return line, fds, nil
		}
		if len(r.pending) > maxMessage {
			return nil, nil, fmt.Errorf("message over %d bytes", maxMessage)
		}
		if err := r.read(); err != nil {
			return nil, nil, err
		}
	}
}

func (r *msgReader) read() error {
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	buf := *bp
	oob := make([]byte, unix.CmsgSpace(4*4))
	n, oobn, _, _, err := r.c.ReadMsgUnix(buf, oob)
	if oobn > 0 {
		if msgs, perr := unix.ParseSocketControlMessage(oob[:oobn]); perr == nil {
			for _, m := range msgs {
				if more, rerr := unix.ParseUnixRights(&m); rerr == nil {
					r.fds = append(r.fds, more...)
				}
			}
		}
	}
	r.pending = append(r.pending, buf[:max(n, 0)]...)
	switch {
	case n > 0:
		return nil
	case err != nil:
		return err
	default:
		return io.EOF
	}
}

// close closes the descriptors received with no message.
func (r *msgReader) close() { closeFDs(r.fds); r.fds = nil }

func closeFDs(fds []int) {
	for _, fd := range fds {
		_ = unix.Close(fd)
	}
}

func writeWithFD(c *net.UnixConn, b []byte, fd *os.File) error {
	_, _, err := c.WriteMsgUnix(b, unix.UnixRights(int(fd.Fd())), nil)
	return err
}
