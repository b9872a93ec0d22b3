package proxy

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"purse/agent"
	"purse/app"

	"purse/internal/loopback"
)

// Who may call the proxy. It signs with the user's key for whatever reaches its port, so it
// is as careful as a browser-facing wallet RPC (go-ethereum's --http.vhosts and
// --http.corsdomain, node/rpcstack.go, are the model), and a little stricter:
//
//   - Host: a web page can reach a loopback port under a name of its own (DNS rebinding: the
//     attacker's name resolves to 127.0.0.1 after the page loaded), and the browser then sends
//     that name as Host. Only "localhost", a loopback IP, or the IP the connection reached are
//     served; the port is not compared, since a forward (ssh -L) legitimately changes it and
//     rebinding changes the name, not the port.
//   - Origin and Sec-Fetch-Site: a browser marks a request a page makes (Origin on every
//     cross-origin request but a no-cors GET, Sec-Fetch-Site on every request of a current
//     browser). A request with an Origin the user did not name (--allow-origin), or a
//     Sec-Fetch-Site other than "none" (what the user typed in the address bar) without one,
//     is refused. A page served by the proxy itself (an answer of a hostile service, opened
//     in a browser) is refused too: its requests are "same-origin".
//   - The body's type: a page can post a form (application/x-www-form-urlencoded,
//     multipart/form-data, text/plain, or no type) to any site without asking first, and a
//     text/plain form can even carry a body that parses as JSON. curl -d sends the form type
//     too, so the type alone cannot decide: such a body is refused when a browser marked the
//     request (Origin, Sec-Fetch-*) without an allowed origin, or when it is not JSON (the
//     end-user API takes only JSON). Any other type needs a CORS preflight, which only an
//     allowed origin passes.
//   - On a unix socket the kernel names the peer (SO_PEERCRED, where the OS has it), and
//     only this user's processes are served; there the request log shows the signed headers.

// proxyConn is what the proxy knows of a request's connection, set by Serve for a
// connection on a unix socket.
type proxyConn struct {
	peer agent.Peer
	err  error
}

type proxyConnKey struct{}

// proxyConnContext records the peer of a unix-socket connection (http.Server.ConnContext).
func proxyConnContext(ctx context.Context, c net.Conn) context.Context {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return ctx
	}
	peer, err := agent.PeerOf(uc)
	return context.WithValue(ctx, proxyConnKey{}, proxyConn{peer: peer, err: err})
}

// sameUser reports whether the caller has shown it is the user: it came through the proxy's
// unix socket (admit refused any other uid the kernel named; where the OS names none, the
// socket's mode 0600 in a 0700 directory kept other users out). Nothing on TCP proves it.
func sameUser(r *http.Request) bool {
	c, ok := r.Context().Value(proxyConnKey{}).(proxyConn)
	return ok && c.err == nil
}

// admit decides whether a request may reach the proxy's routes: the caller's user on a unix
// socket, then Host, Origin and Sec-Fetch-Site. A refusal's status and message are the
// proxy's answer.
func (px *Proxy) admit(r *http.Request) (status int, msg string, refused bool) {
	if c, ok := r.Context().Value(proxyConnKey{}).(proxyConn); ok {
		if c.err != nil {
			return http.StatusForbidden, "cannot read the connecting process's credentials (" + app.OneLine(c.err) + "): refused", true
		}
		if c.peer.Known && c.peer.UID != px.uid {
			return http.StatusForbidden, fmt.Sprintf("connection from uid %d refused: this proxy serves uid %d only", c.peer.UID, px.uid), true
		}
	}
	if !hostAllowed(r) {
		return http.StatusForbidden, fmt.Sprintf("Host %q is not this proxy's address: it answers to localhost, a loopback IP or the IP it was reached at "+
			"(a web page's own name pointed at this machine is how a browser is turned against a local port)", r.Host), true
	}
	origin := r.Header.Values("Origin")
	if len(origin) > 0 && !px.originAllowed(origin) {
		return http.StatusForbidden, fmt.Sprintf("a web page (Origin %q) may not call the proxy, which signs with your key for whatever reaches it; "+
			"to use it from a browser app of your own, name that app's origin: purse proxy --allow-origin ORIGIN", strings.Join(origin, ", ")), true
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "none" && len(origin) == 0 {
		return http.StatusForbidden, fmt.Sprintf("a request a web page made (Sec-Fetch-Site %q) may not call the proxy, which signs with your key for whatever reaches it", site), true
	}
	return 0, "", false
}

// originAllowed reports whether the request's one Origin is among AllowOrigins.
func (px *Proxy) originAllowed(origin []string) bool {
	return len(origin) == 1 && px.origins[strings.ToLower(origin[0])]
}

// hostAllowed reports whether r's Host names this proxy: localhost, a loopback IP, or the
// IP the connection reached (a LAN address with --allow-remote). A request without a Host
// (HTTP/1.0) is refused: a browser always sends one.
func hostAllowed(r *http.Request) bool {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if loopback.Host(host) {
		return true
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr)
	return ok && local.IP.Equal(ip)
}

// browserFormTypes are the body types a web page may send to any site without a CORS
// preflight (the Fetch standard's CORS-safelisted Content-Type values).
var browserFormTypes = map[string]bool{"application/x-www-form-urlencoded": true, "multipart/form-data": true, "text/plain": true}

// browserBody is the proxy's refusal of a body a browser's form could have sent across sites
// (see the top of this file), or "".
func (px *Proxy) browserBody(r *http.Request, body []byte) string {
	if len(body) == 0 {
		return ""
	}
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if ct != "" && err == nil && !browserFormTypes[mt] {
		return ""
	}
	what := "no Content-Type"
	if ct != "" {
		what = fmt.Sprintf("Content-Type %q", ct)
	}
	if !json.Valid(body) {
		return fmt.Sprintf("a body with %s that is not JSON: the end-user API takes JSON, and a web page can post such a body to any site; "+
			"send JSON (curl -H 'Content-Type: application/json' -d '{...}')", what)
	}
	if origin := r.Header.Values("Origin"); len(origin) == 0 || !px.originAllowed(origin) {
		for k := range r.Header {
			if k == "Origin" || strings.HasPrefix(k, "Sec-Fetch-") {
				return fmt.Sprintf("a browser's request (%s) with %s: a web page can post this type to any site without asking; "+
					"a browser app of your own sends application/json from an origin named with --allow-origin", k, what)
			}
		}
	}
	return ""
}

// proxyOrigins checks and normalises AllowOrigins: each an origin as a browser sends it,
// http or https, a host and maybe a port; no path, no wildcard, not "null".
func proxyOrigins(in []string) ([]string, error) {
	var out []string
	for _, o := range in {
		u, err := url.Parse(o)
		if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil || u.Path != "" && u.Path != "/" ||
			u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" || strings.Contains(o, "*") {
			return nil, &app.FieldError{Field: "allow-origin", Err: fmt.Errorf("expected an origin such as http://localhost:3000 or https://app.example "+
				"(scheme, host and port only; no path, no wildcard), got %q", o)}
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}
