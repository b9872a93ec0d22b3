//go:build unix

package agent

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// readFirst reads the first message of a connection and any file descriptors sent with it.
// What follows the first newline is returned for the rest of the conversation.
var readBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

func readFirst(c *net.UnixConn) (line, rest []byte, fds []int, err error) {
	// What is read is copied out of buf (got), so buf serves the next connection.
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	buf := *bp
	oob := make([]byte, unix.CmsgSpace(4*4))
	var got []byte
	for {
		n, oobn, _, _, err := c.ReadMsgUnix(buf, oob)
		if oobn > 0 {
			if msgs, perr := unix.ParseSocketControlMessage(oob[:oobn]); perr == nil {
				for _, m := range msgs {
					if more, rerr := unix.ParseUnixRights(&m); rerr == nil {
						fds = append(fds, more...)
					}
				}
			}
		}
		got = append(got, buf[:n]...)
		if i := bytes.IndexByte(got, '\n'); i >= 0 {
			return got[:i], got[i+1:], fds, nil
		}
		if err != nil {
			closeFDs(fds)
			return nil, nil, nil, err
		}
		if n == 0 {
			closeFDs(fds)
			return nil, nil, nil, errors.New("connection closed before a message")
		}
		if len(got) > maxMessage {
			closeFDs(fds)
			return nil, nil, nil, fmt.Errorf("message over %d bytes", maxMessage)
		}
	}
}

func closeFDs(fds []int) {
	for _, fd := range fds {
		_ = unix.Close(fd)
	}
}

func writeWithFD(c *net.UnixConn, b []byte, fd *os.File) error {
	_, _, err := c.WriteMsgUnix(b, unix.UnixRights(int(fd.Fd())), nil)
	return err
}
