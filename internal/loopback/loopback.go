// Package loopback says whether a host is this machine's own: what the sandbox detection and
// the proxy's listen and Host checks need to agree on.
package loopback

import (
	"net"
	"strings"
)

// Host says whether host is "localhost" (any case, as host names are) or a loopback IP.
func Host(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}
