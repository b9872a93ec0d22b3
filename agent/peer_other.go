//go:build !linux && !darwin

package agent

import (
	"net"
	"os"
)

// PeerOf cannot read peer credentials on this OS: the socket's mode 0600 in a 0700
// directory is the only barrier, and Peer.Known says so. Neither a display nor an agent is
// then trusted (Peer.runsPurse).
func PeerOf(*net.UnixConn) (Peer, error) { return Peer{}, nil }

func ownExe() (string, os.FileInfo) { return "", nil }

// HardenProcess has nothing to apply on this OS, and says so.
func HardenProcess() []string { return []string{"not dumpable: not available on this OS"} }

const peerCredentials = false

const peerMechanism = ""
