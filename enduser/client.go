package enduser

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"purse/protocol"
	"purse/wallet"
)

// Networks of the end-user API (spec 5.4).
const (
	NetworkMainnet = "5000"
	NetworkTestnet = "5003"
)

// Defaults of Options.
const (
	DefaultTimeout = 15 * time.Second
	// MaxResponseBytes bounds what the client reads of one response.
	MaxResponseBytes = 8 << 20
)

// Options configure a Client.
type Options struct {
	// BaseURL is the profile's user_api_base_url, http or https, without query.
	BaseURL string
	// Network is the network header: "5000" mainnet, "5003" testnet.
	Network string
	// TokenID is the account identifier (tokenId header); empty for a client that only
	// calls logged-out routes, or that mints later through WithTokenID.
	TokenID string
	// Signer signs full-auth calls; nil for a client that makes none.
	Signer wallet.EVMSigner
	// ReadSession, when set, holds the one credential every read of an empty payload uses
	// until shortly before its deadline (a key on a device); nil signs every call.
	ReadSession *ReadSession
	// Window is the deadline validity after server time; 0 means protocol.DefaultFullAuthWindow (5 minutes).
	// It must be at least one second and at most protocol.MaxFullAuthWindow (20 minutes).
	Window time.Duration
	// Timeout bounds each call, response body included; 0 means DefaultTimeout (15 s).
	Timeout time.Duration
	// HTTPClient sends the requests; nil means a client of its own over
	// http.DefaultTransport. Its own Timeout, if any, applies as well.
	HTTPClient *http.Client
	// RouteOverrides changes routes by route name (see Routes): the value is a profile's
	// routes.NAME setting, a method, a path and/or an auth level (protocol.ParseRouteSetting).
	RouteOverrides map[string]string
	// Names are the service's names for the spec's stand-ins: the vendor in paths (idv) and
	// the account id in bodies (svcId). The zero value keeps the spec's.
	Names protocol.Names
	// TxAmountUnit is how the history filter's minAmount and maxAmount are sent:
	// TxAmountSmallest ("" too) or TxAmountDisplay.
	TxAmountUnit string
	// Log records every call when set.
	Log *RequestLog
	// Clock estimates server time; nil means a new clock over time.Now. Share one Clock
	// between clients of the same service.
	Clock *Clock
	// NoAutoSync turns off the server-time lookup a full-auth call makes first when the
	// clock has never seen a server time. Deadlines then start from local time.
	NoAutoSync bool
	// Notice hears one-line notices meant for the user (the local clock standing in for
	// server time); nil drops them.
	Notice func(string)
}

// Client is the typed client of the end-user API. It is safe for concurrent use.
type Client struct {
	base     *url.URL
	baseStr  string
	network  string
	tokenID  string
	signer   wallet.EVMSigner
	window   time.Duration
	timeout  time.Duration
	http     *http.Client
	routes   map[string]Route
	log      *RequestLog
	clock    *Clock
	autoSync bool
	syncMu   *sync.Mutex // one automatic server-time lookup at a time
	notice   func(string)
	names    protocol.Names
	txUnit   string
	session  *ReadSession
}

// New validates the options and builds a client. Errors name the offending field.
func New(o Options) (*Client, error) {
	if strings.TrimSpace(o.BaseURL) == "" {
		return nil, errors.New("enduser: Options.BaseURL: expected the end-user API base URL (http or https), got an empty string")
	}
	u, err := url.Parse(o.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("enduser: Options.BaseURL %q: %v", o.BaseURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("enduser: Options.BaseURL %q: expected scheme http or https, got %q", o.BaseURL, u.Scheme)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("enduser: Options.BaseURL %q: expected a host", o.BaseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return nil, fmt.Errorf("enduser: Options.BaseURL %q: expected no query, fragment or user info", o.BaseURL)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	if err := checkNetwork(o.Network); err != nil {
		return nil, err
	}
	if o.TokenID != "" {
		if err := checkTokenID(o.TokenID); err != nil {
			return nil, fmt.Errorf("enduser: Options.TokenID: %v", err)
		}
	}
	window := o.Window
	switch {
	case window == 0:
		window = protocol.DefaultFullAuthWindow
	case window < time.Second:
		return nil, fmt.Errorf("enduser: Options.Window: expected 1s..%s (0 for the default %s), got %s", protocol.MaxFullAuthWindow, protocol.DefaultFullAuthWindow, window)
	case window > protocol.MaxFullAuthWindow:
		return nil, fmt.Errorf("enduser: Options.Window: the service accepts at most %s after server time, got %s", protocol.MaxFullAuthWindow, window)
	}
	timeout := o.Timeout
	switch {
	case timeout == 0:
		timeout = DefaultTimeout
	case timeout < 0:
		return nil, fmt.Errorf("enduser: Options.Timeout: expected a positive duration (0 for the default %s), got %s", DefaultTimeout, timeout)
	}
	routes, err := resolveRoutes(o.RouteOverrides, o.Names)
	if err != nil {
		return nil, fmt.Errorf("enduser: %v", err)
	}
	switch o.TxAmountUnit {
	case "", TxAmountSmallest, TxAmountDisplay:
	default:
		return nil, fmt.Errorf("enduser: Options.TxAmountUnit: expected %s or %s, got %q", TxAmountSmallest, TxAmountDisplay, o.TxAmountUnit)
	}
	hc := o.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	if rs := o.ReadSession; rs != nil && (rs.Window < time.Minute || rs.Window > protocol.MaxFullAuthWindow) {
		return nil, fmt.Errorf("enduser: Options.ReadSession.Window: expected 1m to %s, got %s", protocol.MaxFullAuthWindow, rs.Window)
	}
	clock := o.Clock
	if clock == nil {
		clock = NewClock(nil)
	}
	return &Client{
		base: u, baseStr: u.String(), network: o.Network, tokenID: o.TokenID, signer: o.Signer,
		window: window, timeout: timeout, http: hc, routes: routes, log: o.Log, clock: clock,
		autoSync: !o.NoAutoSync, syncMu: new(sync.Mutex), notice: o.Notice, names: o.Names, txUnit: o.TxAmountUnit, session: o.ReadSession,
	}, nil
}

// fullAuth signs the call's full-auth header: its payload (the body, or the raw query of a
// GET) under the route's name, or the read session's credential for a read of an empty
// payload when the client has one.
func (c *Client) fullAuth(r Route, rq request) (wallet.FullAuth, error) {
	payload := rq.body
	if r.Method == http.MethodGet || rq.body == nil {
		payload = []byte(rq.rawQuery)
	}
	if rq.signedPayload != nil {
		payload = rq.signedPayload
	}
	// A route the table lacks is named by its path, which a signer's display shows.
	name := r.Name
	if name == RouteUnknown {
		name = r.Path
	}
	window := c.window
	if rq.window != 0 {
		window = rq.window
	}
	if c.session != nil && len(payload) == 0 && !r.Changes {
		return c.session.credential(c.clock.Now(), func(w time.Duration) (wallet.FullAuth, error) {
			return wallet.SignFullAuthCall(c.signer, r.Method, RouteReadSession, nil, c.clock.Deadline(w), c.clock.Now())
		})
	}
	return wallet.SignFullAuthCall(c.signer, r.Method, name, payload, c.clock.Deadline(window), c.clock.Now())
}

func checkNetwork(n string) error {
	if err := protocol.CheckNetwork(n); err != nil {
		return fmt.Errorf("enduser: Options.Network: %v", err)
	}
	return nil
}

func checkTokenID(id string) error { return protocol.CheckTokenID(id) }

// WithTokenID returns a client identical to c (same clock, log, HTTP client) but with
// another tokenId: how mint is called with the token ID generated beforehand
// (NewMintTokenID), before the profile has an account.
func (c *Client) WithTokenID(tokenID string) (*Client, error) {
	if err := checkTokenID(tokenID); err != nil {
		return nil, fmt.Errorf("enduser: token ID: %v", err)
	}
	cc := *c
	cc.tokenID = tokenID
	return &cc, nil
}

// TokenID is the client's tokenId header value.
func (c *Client) TokenID() string { return c.tokenID }

// Network is the client's network header value.
func (c *Client) Network() string { return c.network }

// BaseURL is the normalised base URL.
func (c *Client) BaseURL() string { return c.baseStr }

// Clock is the client's server-time estimate.
func (c *Client) Clock() *Clock { return c.clock }

// Log is the client's request log (nil when none).
func (c *Client) Log() *RequestLog { return c.log }

// Route returns the route of a name as this client resolves it (overrides applied).
func (c *Client) Route(name string) (Route, bool) {
	r, ok := c.routes[name]
	return r, ok
}

// request is one call to make.
type request struct {
	route    string
	auth     AuthLevel // the level to use (chain-configs may go out logged out)
	rawQuery string
	body     []byte // exact bytes sent; nil for no body
	// signedPayload, when set, is what the full-auth signature covers instead of the payload
	// sent (a probe of the hash's binding: Probe).
	signedPayload []byte
	// window, when set, is the deadline's distance from server time instead of the client's
	// (a probe of the deadline bound: Probe).
	window time.Duration
}

// Response is a call's decoded envelope.
type Response struct {
	Route   string
	Status  int
	RetCode int
	RetMsg  string
	// TimeNow is the envelope's timeNow (ms), 0 when absent.
	TimeNow int64
	// Result is the result as JSON: a string-encoded result is unwrapped; an unwrapped
	// body (design 2.3) is the whole body. Empty for an empty success (HTTP 204).
	Result []byte
	// Body is the whole response body.
	Body []byte
	// Empty is true for an empty success (HTTP 204 or no body).
	Empty bool
	// MayBeEmpty is the route's: whether a success without data is an answer.
	MayBeEmpty bool
}

// Call sends one request on a named route with an exact raw query (GET, without '?') or
// exact body bytes, signs it at the route's level and decodes the envelope. It is the
// escape hatch for testers; the typed methods use it too.
func (c *Client) Call(ctx context.Context, route, rawQuery string, body []byte) (*Response, error) {
	r, ok := c.routes[route]
	if !ok {
		return nil, fmt.Errorf("enduser: unknown route %q (known: %s)", route, strings.Join(RouteNames(), ", "))
	}
	if err := checkRawQuery(rawQuery); err != nil {
		return nil, invalid(route, "query", "%v", err)
	}
	return c.do(ctx, request{route: route, auth: r.Auth, rawQuery: rawQuery, body: body})
}

func checkRawQuery(q string) error {
	for _, ch := range q {
		if ch <= ' ' || ch == 0x7f || ch == '#' {
			return fmt.Errorf("raw query %q: spaces, control characters and '#' must be percent-encoded", q)
		}
	}
	return nil
}

// do sends one request and decodes its envelope.
func (c *Client) do(ctx context.Context, rq request) (*Response, error) {
	x, err := c.exchange(ctx, c.routes[rq.route], rq, nil)
	if err != nil {
		return nil, err
	}
	return x.out, x.err
}

// exchanged is one answer as received (status, headers, body exactly as read) and as
// decoded (out and err, decode's results).
type exchanged struct {
	status int
	header http.Header
	raw    []byte
	out    *Response
	err    error
	// deadline is the full-auth deadline signed (0: none).
	deadline int64
}

// exchange signs rq at its auth level, sends it on route r with the extra headers (the
// proxy's client headers, already cleared of auth headers), records it in the log and
// decodes the answer. An error means no answer: the request could not be signed or sent,
// or the transport failed; a decode problem is exchanged.err.
func (c *Client) exchange(ctx context.Context, r Route, rq request, extra http.Header) (*exchanged, error) {
	if !r.PathKnown() {
		return nil, invalid(r.Name, "route", "no path is known for %s on this deployment: no public source shows one, so purse sends nothing rather than a guess; set routes.%s (\"POST /the/path full\") from the service's documentation for this deployment", r.Name, r.Name)
	}
	if rq.auth >= AuthBasic && c.tokenID == "" {
		return nil, invalid(r.Name, "tokenId", "route %s needs %s auth and the client has no token ID (Options.TokenID or WithTokenID)", r.Name, rq.auth)
	}
	if rq.auth == AuthFull && c.signer == nil {
		return nil, invalid(r.Name, "sign", "route %s needs full auth and the client has no signer (Options.Signer)", r.Name)
	}
	if rq.auth == AuthFull {
		if err := c.ensureSynced(ctx); err != nil {
			return nil, fmt.Errorf("%s: server time is needed for the deadline: %w", r.Name, err)
		}
	}

	u := *c.base
	u.Path = c.base.Path + r.Path
	u.RawQuery = rq.rawQuery
	target := u.String()

	hdr := make(http.Header, 6+len(extra))
	for k, v := range extra {
		hdr[k] = v
	}
	var fa wallet.FullAuth
	if rq.auth >= AuthBasic {
		hdr["tokenId"] = []string{c.tokenID}
		hdr["network"] = []string{c.network}
	}
	if rq.auth == AuthFull {
		var err error
		if fa, err = c.fullAuth(r, rq); err != nil {
			return nil, &SignError{Route: r.Name, Err: err}
		}
		hdr["hash"] = []string{fa.Hash}
		hdr["deadline"] = []string{strconv.FormatInt(fa.Deadline, 10)}
		hdr["sign"] = []string{fa.Sign}
	}
	if rq.body != nil {
		hdr["Content-Type"] = []string{"application/json"}
	}

	cctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var bodyReader io.Reader
	if rq.body != nil {
		bodyReader = bytes.NewReader(rq.body)
	}
	req, err := http.NewRequestWithContext(cctx, r.Method, target, bodyReader)
	if err != nil {
		return nil, fmt.Errorf("%s: building the request: %w", r.Name, err)
	}
	req.Header = hdr

	var entry *Entry
	if c.log != nil {
		entry = newEntry(c, r, rq, hdr, extra, fa.Sign)
	}
	sent := time.Now()
	resp, err := c.http.Do(req)
	x := &exchanged{deadline: fa.Deadline}
	if err == nil {
		x.status, x.header = resp.StatusCode, resp.Header
		x.raw, err = io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
		resp.Body.Close()
	}
	received := time.Now()
	if err != nil {
		terr := c.transportError(ctx, cctx, r.Name, err)
		c.finish(entry, sent, received, x.status, x.raw, nil, terr)
		return nil, terr
	}
	x.out, x.err = c.decode(r, x.status, x.raw, sent, received)
	c.finish(entry, sent, received, x.status, x.raw, x.out, x.err)
	return x, nil
}

// ensureSynced syncs the clock before a full-auth call, unless Options.NoAutoSync.
func (c *Client) ensureSynced(ctx context.Context) error {
	if !c.autoSync {
		return nil
	}
	return c.SyncClock(ctx)
}

// SyncClock finds a server time when the clock has none (design 2.2), as the first full-auth
// call does: the timestamp route first (spec 4.6), then the timeNow of an unsigned call, the
// logged-out chain configuration (the timestamp route is not seen on UR's deployments:
// evidence §6), and at last the local clock, with a one-line notice. Clock().SyncedBy records
// which (purse doctor reports it). Only a service that does not answer at all is an error:
// the signed call would fail the same way.
func (c *Client) SyncClock(ctx context.Context) error {
	if c.clock.settled() {
		return nil
	}
	c.syncMu.Lock()
	defer c.syncMu.Unlock()
	if c.clock.settled() {
		return nil
	}
	var te *TransportError
	_, err := c.Timestamp(ctx)
	if err == nil || errors.As(err, &te) {
		return err
	}
	if synced, _ := c.clock.Synced(); synced {
		return nil // the refusal itself carried timeNow
	}
	tsErr := err
	_, err = c.ChainConfigsLoggedOut(ctx)
	if synced, _ := c.clock.Synced(); synced {
		return nil
	}
	if errors.As(err, &te) {
		return err
	}
	why := "no timeNow"
	if err != nil {
		why = err.Error()
	}
	note := fmt.Sprintf("the service gave no server time (%s; %s: %s)", tsErr, RouteChainConfigs, why)
	c.clock.UseLocal(note)
	if c.notice != nil {
		c.notice(note + ": full-auth deadlines follow this machine's clock")
	}
	return nil
}

func (c *Client) transportError(parent, cctx context.Context, route string, err error) error {
	if parent.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
		return &TransportError{Route: route, Timeout: true, After: c.timeout, Err: err}
	}
	if perr := parent.Err(); perr != nil && !errors.Is(err, perr) {
		err = fmt.Errorf("%w: %v", perr, err)
	}
	return &TransportError{Route: route, Err: err}
}

func (c *Client) finish(e *Entry, sent, received time.Time, status int, raw []byte, out *Response, err error) {
	if e == nil {
		return
	}
	e.Latency = received.Sub(sent)
	e.Status = status
	if out != nil && !out.Empty {
		rc := out.RetCode
		e.RetCode = &rc
	}
	var api *APIError
	if errors.As(err, &api) {
		rc := api.Code
		e.RetCode = &rc
	}
	e.setResponse(raw)
	if err != nil {
		e.Err = err.Error()
	}
	c.log.add(*e)
}
