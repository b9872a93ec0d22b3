//go:build !linux

package agent

import "net"

// peerOf cannot read peer credentials on this OS: the socket's mode 0600 in a 0700
// directory is the only barrier, and Peer.Known says so.
func peerOf(*net.UnixConn) (Peer, error) { return Peer{}, nil }

func hardenProcess() []string { return []string{"not dumpable: not available on this OS"} }

const peerCredentials = false
