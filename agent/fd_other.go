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

func readFirst(c *net.UnixConn) (line, rest []byte, fds []int, err error) {
	r := bufio.NewReaderSize(c, maxMessage)
	line, err = r.ReadSlice('\n')
	if err != nil {
		return nil, nil, nil, err
	}
	rest, _ = r.Peek(r.Buffered())
	return line[:len(line)-1], rest, nil, nil
}

func closeFDs([]int) {}

func writeWithFD(*net.UnixConn, []byte, *os.File) error {
	return errors.New("passing the passphrase's descriptor to the agent is not supported on this OS")
}
