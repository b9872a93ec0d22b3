//go:build !unix

package agent

import (
	"errors"
	"net"
	"os"
)

// DisplayPair: a trusted display is a socket pair inherited at start, which this OS build
// does not make.
func DisplayPair() (net.Conn, *os.File, error) {
	return nil, nil, errors.New("an agent with a trusted display is not supported on this OS")
}
