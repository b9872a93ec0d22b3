// Package proxy is the signing proxy (`purse proxy`): another HTTP client (a tester's curl,
// an API tool, a partner app in development) calls the profile's end-user API through purse,
// which adds the auth headers each route needs, signs with the profile's key and hands the
// answer back unchanged. It reaches the application core only through its port
// (app/internal/port).
package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/rs/cors"

	"purse/agent"
	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
	"purse/internal/loopback"

	"purse/wallet"
)

const (
	// DefaultListen is where `purse proxy` listens unless told otherwise: the port
	// after the sandbox's (config.DefaultSandboxAddr), so both run side by side.
	DefaultListen = "127.0.0.1:8788"
	// DefaultMaxBody caps a request body the proxy reads.
	DefaultMaxBody = 1 << 20
	// DefaultBodyTimeout bounds reading one request body, so a client that sends it
	// slowly holds neither a connection nor a signature for long.
	DefaultBodyTimeout = 10 * time.Second
	// UnixPrefix starts a listen address that is a unix socket: unix:/path/proxy.sock.
	UnixPrefix = "unix:"
	// RequestsPath serves the request log, read-only, as JSON with a curl command
	// for each call. Paths under /_purse/ are the proxy's own and never forwarded.
	RequestsPath   = "/_purse/requests"
	proxyOwnPrefix = "/_purse/"
	// ErrorHeader marks an answer that comes from the proxy, not from the service.
	ErrorHeader = "X-Purse-Proxy-Error"
)

// CheckListen refuses a listen address other clients could reach, unless allowRemote:
// whoever reaches the proxy gets requests signed with the profile's key. A unix socket
// (unix:PATH) is the user's alone (Listen).
func CheckListen(addr string, allowRemote bool) error {
	if path, ok := strings.CutPrefix(addr, UnixPrefix); ok {
		if path == "" {
			return &app.FieldError{Field: "listen", Err: fmt.Errorf("expected unix:PATH such as unix:$PURSE_HOME/proxy.sock, got %q", addr)}
		}
		return nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return &app.FieldError{Field: "listen", Err: fmt.Errorf("expected host:port such as %s, or unix:PATH, got %q", DefaultListen, addr)}
	}
	if allowRemote {
		return nil
	}
	if loopback.Host(host) {
		return nil
	}
	what := "is not a loopback address"
	if host == "" {
		what = "listens on every interface"
	}
	return &app.FieldError{Field: "listen", Err: fmt.Errorf("%q %s: anyone who reaches the proxy gets requests signed with your key; "+
		"listen on 127.0.0.1, or give --allow-remote to listen there anyway", addr, what)}
}

// Listen opens the proxy's listener at addr (CheckListen first). A unix socket
// (unix:PATH) is made as the agent's is (agent.ListenPrivate: mode 0600 in a directory of
// mode 0700, which must exist; a stale socket is replaced, a file that is no socket is
// refused), and the proxy serves only this user's processes on it. A TCP port on loopback is
// reachable by every local user.
func Listen(addr string, allowRemote bool) (net.Listener, error) {
	if err := CheckListen(addr, allowRemote); err != nil {
		return nil, err
	}
	if path, ok := strings.CutPrefix(addr, UnixPrefix); ok {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, &app.FieldError{Field: "listen", Err: err}
		}
		return agent.ListenPrivate(abs, "proxy socket", "something already answers there (another purse proxy?)")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	return ln, nil
}

// Options configure New.
type Options struct {
	// Unlock opens the profile's key when it is in an encrypted file and the App has no
	// prompter; it may be cleared once New returns.
	Unlock *app.Unlock
	// MaxBody caps a request body (0: DefaultMaxBody).
	MaxBody int64
	// BodyTimeout bounds reading a request body (0: DefaultBodyTimeout).
	BodyTimeout time.Duration
	// AllowOrigins are the web origins (scheme://host[:port]) whose pages may call the
	// proxy from a browser; any other Origin is refused (Proxy.admit).
	AllowOrigins []string
	// OnCall hears every forwarded call, one at a time, after its answer was written.
	OnCall func(Call)
}

// Call is one call through the proxy, for the front end's log line.
type Call struct {
	Time       time.Time `json:"time"`
	Method     string    `json:"method"`
	Path       string    `json:"path"`
	Route      string    `json:"route,omitempty"`
	Auth       string    `json:"auth,omitempty"`
	Status     int       `json:"status"`
	DurationMs float64   `json:"durationMs"`
	ReqID      string    `json:"reqId,omitempty"`
	// Problem is what purse found wrong in the service's answer, which went out unchanged.
	Problem string `json:"problem,omitempty"`
	// Error is the proxy's own error, answered in its place when there was no answer.
	Error string `json:"error,omitempty"`
}

// Info describes a running proxy.
type Info struct {
	Profile     string `json:"profile"`
	UserAPI     string `json:"userAPI"`
	UnknownAuth string `json:"unknownAuth"`
	Signer      string `json:"signer,omitempty"` // the address that signs full auth; empty without an EVM key
	TokenID     string `json:"tokenId,omitempty"`
	// SignsIn is where the key is: SignsInAgent or SignsInProcess; empty without one.
	SignsIn string `json:"signsIn,omitempty"`
	// Agent is the socket of the agent that signs, when SignsIn is SignsInAgent.
	Agent string `json:"agent,omitempty"`
	// Hardening says what keeps this process's memory to itself, one line per measure:
	// not dumpable (no core dumps, no ptrace by the same user) and, for a key in the
	// process, its pages locked out of swap.
	Hardening    []string `json:"hardening,omitempty"`
	AllowOrigins []string `json:"allowOrigins,omitempty"`
}

// Where the proxy's key is (Info.SignsIn).
const (
	SignsInAgent   = "agent"
	SignsInProcess = "process"
)

// Proxy is the signing proxy as an http.Handler; it is safe for concurrent use.
type Proxy struct {
	api         *enduser.Client
	signer      wallet.EVMSigner
	unknown     enduser.AuthLevel
	maxBody     int64
	bodyTimeout time.Duration
	info        Info
	log         *enduser.RequestLog
	origins     map[string]bool // AllowOrigins, lower case
	uid         int             // the only user served on a unix socket
	handler     http.Handler    // serve, behind the CORS answers of AllowOrigins

	callMu sync.Mutex
	onCall func(Call)
}

// New opens the profile's EVM key once (asking for its passphrase as every signature
// does) and keeps the signer for the proxy's life, until Close. A profile without an EVM key
// gets a proxy that forwards none and basic routes and answers full-auth ones with an error.
// When an agent holds the key, the proxy signs through it and holds none; otherwise this
// process is made not dumpable before the key is opened, and the key's pages are locked
// out of swap (Info.Hardening says what held).
func New(core *app.App, o Options) (*Proxy, error) {
	s, ok := port.Of(core)
	if !ok {
		return nil, errors.New("proxy: no application core")
	}
	p := s.Profile()
	unknown, err := unknownAuth(p.ProxyUnknown())
	if err != nil {
		return nil, err
	}
	origins, err := proxyOrigins(o.AllowOrigins)
	if err != nil {
		return nil, err
	}
	if err := s.Reachable(); err != nil {
		return nil, err
	}
	var signer wallet.EVMSigner
	var hardening []string
	if p.EVMKey != "" {
		// Before the key (or its passphrase) is in this process's memory.
		hardening = agent.HardenProcess()
		if signer, err = s.EVMSigner(o.Unlock); err != nil {
			return nil, err
		}
	}
	api, err := enduser.New(s.UserOptions(p, signer))
	if err != nil {
		return nil, err
	}
	maxBody := o.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	bodyTimeout := o.BodyTimeout
	if bodyTimeout <= 0 {
		bodyTimeout = DefaultBodyTimeout
	}
	info := Info{Profile: p.Name, UserAPI: api.BaseURL(), UnknownAuth: unknown.String(), TokenID: p.TokenID, AllowOrigins: origins}
	lock, inProcess := s.KeyInProcess(signer)
	switch k := signer.(type) {
	case nil:
	case *agent.EVMSigner:
		info.SignsIn, info.Agent = SignsInAgent, k.C.Path
	default:
		if !inProcess {
			return nil, fmt.Errorf("proxy: a signer of type %T is neither the agent's nor this process's key", signer)
		}
		info.SignsIn = SignsInProcess
		locked := "key memory locked: yes (its pages stay out of swap)"
		if err := lock(); err != nil {
			locked = "key memory locked: no (" + app.OneLine(err) + ")"
		}
		info.Hardening = append(hardening, locked)
	}
	if signer != nil {
		info.Signer = signer.Address().Hex()
	}
	px := &Proxy{api: api, signer: signer, unknown: unknown, maxBody: maxBody, bodyTimeout: bodyTimeout, info: info, log: s.RequestLog(),
		onCall: o.OnCall, origins: map[string]bool{}, uid: os.Getuid()}
	px.handler = http.HandlerFunc(px.serve)
	if len(origins) > 0 {
		for _, o := range origins {
			px.origins[o] = true
		}
		// go-ethereum's answers for --http.corsdomain (node/rpcstack.go newCorsHandler), with
		// the proxy's error marker readable by the page.
		px.handler = cors.New(cors.Options{
			AllowedOrigins: origins,
			AllowedMethods: []string{http.MethodGet, http.MethodPost},
			AllowedHeaders: []string{"*"},
			ExposedHeaders: []string{ErrorHeader},
			MaxAge:         600,
		}).Handler(px.handler)
	}
	return px, nil
}

func unknownAuth(v string) (enduser.AuthLevel, error) {
	switch v {
	case "full":
		return enduser.AuthFull, nil
	case "basic":
		return enduser.AuthBasic, nil
	case "none":
		return enduser.AuthNone, nil
	}
	return 0, fmt.Errorf("proxy_unknown_auth: expected full, basic or none, got %q", v)
}

// Info describes the proxy.
func (px *Proxy) Info() Info { return px.info }

// Close wipes the key the proxy holds.
func (px *Proxy) Close() {
	if z, ok := px.signer.(interface{ Zero() }); ok {
		z.Zero()
	}
}

// Serve answers on ln until ctx ends, then lets calls in flight finish (up to 5 s) and
// wipes the key. On a unix socket it learns each connection's peer from the kernel, and
// serves the user's own processes only.
func (px *Proxy) Serve(ctx context.Context, ln net.Listener) error {
	defer px.Close()
	srv := &http.Server{Handler: px, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, ConnContext: proxyConnContext}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	<-done
	return err
}

// RequestLogEntry is one request-log entry as the proxy serves it: the entry and a curl
// command that replays it against the service. To a caller that has not shown it is the
// user the signed headers are redacted (enduser.Entry.RedactSigned), and Redacted says how
// to see them.
type RequestLogEntry struct {
	enduser.Entry
	Curl     string `json:"curl"`
	Redacted string `json:"redacted,omitempty"`
}

// proxyRedactedNote says why a request-log entry's signed headers are redacted, and how the
// user sees them.
var proxyRedactedNote = strings.Join(enduser.SignedHeaders, ", ") + " are redacted: the proxy listens on TCP, which any local user can reach, " +
	"and nothing proves who asks. The user sees them on the proxy's own terminal (purse proxy --trace or --curl), " +
	"or through a unix socket (purse proxy --listen unix:PATH; curl --unix-socket PATH http://localhost" + RequestsPath + ")"

// ServeHTTP admits a request (admit: the caller's user, Host, Origin and fetch
// metadata) and then forwards it, or serves the proxy's own paths. A refused request is
// neither signed nor forwarded.
func (px *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, msg, refused := px.admit(r); refused {
		call := newProxyCall(r)
		call.Status, call.Error = px.fail(w, status, enduser.CodeAuth, msg)
		call.DurationMs = float64(time.Since(call.Time).Microseconds()) / 1000
		px.report(call)
		return
	}
	px.handler.ServeHTTP(w, r)
}

func newProxyCall(r *http.Request) Call {
	call := Call{Time: time.Now(), Method: r.Method, Path: r.URL.Path}
	if r.URL.RawQuery != "" {
		call.Path += "?" + r.URL.RawQuery
	}
	return call
}

// serve forwards an admitted request, or serves the proxy's own paths.
func (px *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == RequestsPath || strings.HasPrefix(r.URL.Path, proxyOwnPrefix) {
		px.serveOwn(w, r)
		return
	}
	call := newProxyCall(r)
	defer func() {
		call.DurationMs = float64(time.Since(call.Time).Microseconds()) / 1000
		px.report(call)
	}()

	body, status, msg := px.readBody(w, r)
	if msg != "" {
		call.Status, call.Error = px.fail(w, status, enduser.CodeParse, msg)
		return
	}
	if msg := px.browserBody(r, body); msg != "" {
		call.Status, call.Error = px.fail(w, http.StatusUnsupportedMediaType, enduser.CodeParse, msg)
		return
	}
	fw, err := px.api.Forward(r.Context(), enduser.ForwardRequest{
		Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery, Body: body, Header: r.Header, UnknownAuth: &px.unknown,
	})
	if err != nil {
		if route, ok := px.api.ForwardRoute(r.Method, r.URL.Path); ok {
			call.Route, call.Auth = route.Name, route.Auth.String()
		}
		status, code, msg := px.explain(err)
		call.Status, call.Error = px.fail(w, status, code, msg)
		return
	}
	call.Route, call.Auth, call.Status = fw.Route.Name, fw.Route.Auth.String(), fw.Status
	call.ReqID = reqID(fw.Header, fw.Body)
	if fw.Problem != nil {
		call.Problem = app.OneLine(fw.Problem)
	}
	for k, v := range fw.Header {
		switch {
		case strings.HasPrefix(k, "Access-Control-"):
			// Which pages may read the answer is the proxy's to say (AllowOrigins), never
			// the service's.
		case k == "Vary":
			w.Header()[k] = append(w.Header()[k], v...)
		default:
			w.Header()[k] = v
		}
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(fw.Body)))
	w.WriteHeader(fw.Status)
	_, _ = w.Write(fw.Body)
}

// readBody reads the request body within the proxy's bounds: MaxBody bytes, BodyTimeout. A
// non-empty msg is the proxy's answer instead, with its status.
func (px *Proxy) readBody(w http.ResponseWriter, r *http.Request) (body []byte, status int, msg string) {
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Now().Add(px.bodyTimeout)); err != nil {
		return nil, http.StatusInternalServerError, "cannot bound the time to read the request body (" + app.OneLine(err) + "): not read"
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, px.maxBody))
	if err == nil {
		// The forward may take longer than the body did: the connection's read deadline
		// would otherwise cancel the request while the service answers.
		if err := rc.SetReadDeadline(time.Time{}); err != nil {
			return nil, http.StatusInternalServerError, "cannot lift the body's read deadline (" + app.OneLine(err) + ")"
		}
		return body, 0, ""
	}
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes", px.maxBody)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, http.StatusRequestTimeout, fmt.Sprintf("the request body did not arrive within %s: nothing was signed or sent", px.bodyTimeout)
	}
	return nil, http.StatusBadRequest, "reading the request body: " + app.OneLine(err)
}

func (px *Proxy) report(c Call) {
	if px.onCall == nil {
		return
	}
	px.callMu.Lock()
	defer px.callMu.Unlock()
	px.onCall(c)
}

// explain maps a call that got no answer to the proxy's own answer.
func (px *Proxy) explain(err error) (status, code int, msg string) {
	var ve *enduser.ValidationError
	var se *enduser.SignError
	var te *enduser.TransportError
	var de *enduser.DecodeError
	switch {
	case errors.As(err, &ve) && ve.Field == "sign":
		return http.StatusForbidden, enduser.CodeAuth, fmt.Sprintf("route %s needs full auth and profile %s has no EVM key to sign it "+
			"(add one with `purse key new` / `purse key import` and `purse profile set evm_key=LABEL`, then restart the proxy)", ve.Route, px.info.Profile)
	case errors.As(err, &ve) && ve.Field == "tokenId":
		return http.StatusForbidden, enduser.CodeAuth, fmt.Sprintf("route %s needs %s auth and profile %s has no account id "+
			"(mint one or `purse profile set token_id=ID`, then restart the proxy)", ve.Route, px.routeAuth(ve.Route), px.info.Profile)
	case errors.As(err, &ve):
		return http.StatusBadRequest, enduser.CodeParse, app.OneLine(err)
	case errors.As(err, &se):
		return http.StatusForbidden, enduser.CodeAuth, "signing refused: " + app.OneLine(err)
	case errors.As(err, &te) && te.Timeout:
		return http.StatusGatewayTimeout, enduser.CodeSystem, fmt.Sprintf("the service at %s did not answer in time: %s", px.info.UserAPI, app.OneLine(err))
	case errors.As(err, &te):
		return http.StatusBadGateway, enduser.CodeSystem, fmt.Sprintf("the service at %s is unreachable: %s", px.info.UserAPI, app.OneLine(err))
	case errors.As(err, &de):
		return http.StatusBadGateway, enduser.CodeSystem, app.OneLine(err)
	}
	return http.StatusInternalServerError, enduser.CodeSystem, app.OneLine(err)
}

func (px *Proxy) routeAuth(name string) string {
	if r, ok := px.api.Route(name); ok {
		return r.Auth.String()
	}
	return px.unknown.String()
}

// proxyEnvelope is the service's envelope (spec: retCode, retMsg, result), for the proxy's
// own answers.
type proxyEnvelope struct {
	RetCode int    `json:"retCode"`
	RetMsg  string `json:"retMsg"`
	Result  any    `json:"result"`
}

// fail answers with the proxy's own error in the service's envelope; the message says it
// comes from purse. It returns the status and the message, for the call's log line.
func (px *Proxy) fail(w http.ResponseWriter, status, code int, msg string) (int, string) {
	msg = app.ProxyMessagePrefix + msg
	b, _ := json.Marshal(proxyEnvelope{RetCode: code, RetMsg: msg})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(ErrorHeader, "true")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
	return status, msg
}

// serveOwn serves the proxy's reserved paths.
func (px *Proxy) serveOwn(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != RequestsPath {
		px.fail(w, http.StatusNotFound, enduser.CodeInvalidParam, fmt.Sprintf("%s is reserved for the proxy; it serves GET %s only", proxyOwnPrefix, RequestsPath))
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		px.fail(w, http.StatusMethodNotAllowed, enduser.CodeInvalidParam, RequestsPath+" is read-only: use GET")
		return
	}
	entries := px.log.Snapshot()
	out := make([]RequestLogEntry, len(entries))
	shown := sameUser(r)
	for i, e := range entries {
		note := ""
		if !shown {
			var redacted bool
			if e, redacted = e.RedactSigned(); redacted {
				note = proxyRedactedNote
			}
		}
		out[i] = RequestLogEntry{Entry: e, Curl: e.Curl(""), Redacted: note}
	}
	b, err := json.Marshal(out)
	if err != nil {
		px.fail(w, http.StatusInternalServerError, enduser.CodeSystem, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(append(b, '\n'))
}

// reqID is the service's request id of an answer when it gives one: an X-Request-Id
// header, or a top-level reqId in the body.
func reqID(h http.Header, body []byte) string {
	if v := h.Get("X-Request-Id"); v != "" {
		return v
	}
	if !bytes.Contains(body, []byte(`"reqId"`)) {
		return ""
	}
	var v struct {
		ReqID json.RawMessage `json:"reqId"`
	}
	if json.Unmarshal(body, &v) != nil || len(v.ReqID) == 0 || string(v.ReqID) == "null" {
		return ""
	}
	return strings.Trim(string(v.ReqID), `"`)
}
