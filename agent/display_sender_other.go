//go:build !linux

package agent

import (
	"io"
	"net"
)

// This OS gives no per-message sender on a socket pair that the agent reads as Linux's
// SCM_CREDENTIALS does (macOS has only the pair's maker, LOCAL_PEERPID): the display is
// checked once, when the agent starts, by who made the pair and what it runs.

func passCredentials(*net.UnixConn) error { return nil }

func fromSender(c *net.UnixConn, _ int, _ func() error) io.Reader { return c }
