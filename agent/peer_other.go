//go:build !linux

package agent

import "net"

// PeerOf cannot read peer credentials on this OS: the socket's mode 0600 in a 0700
// directory is the only barrier, and Peer.Known says so.
func PeerOf(*net.UnixConn) (Peer, error) { return Peer{}, nil }

// HardenProcess has nothing to apply on this OS, and says so.
func HardenProcess() []string { return []string{"not dumpable: not available on this OS"} }

const peerCredentials = false
