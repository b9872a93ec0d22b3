//go:build !unix

package agent

import (
	"bufio"
	"errors"
	"net"
	"os"
)

// Without descriptor passing a passphrase cannot reach the agent without crossing the
// socket: an unlock gets none (a keyring key needs none; a key file fails, saying so).

// msgReader reads a connection's messages, one line each.
type msgReader struct {
	c *net.UnixConn
	r *bufio.Reader
}

func (r *msgReader) next() (line []byte, fds []int, err error) {
	if r.r == nil {
		r.r = bufio.NewReaderSize(r.c, 64<<10)
	}
	line, err = readLine(r.r, maxMessage)
	return line, nil, err
}

func (r *msgReader) close() {}

func closeFDs([]int) {}

func writeWithFD(*net.UnixConn, []byte, *os.File) error {
	return errors.New("passing the passphrase's descriptor to the agent is not supported on this OS")
}
