package endusertest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/internal/sandboxwire"
	"purse/protocol"
	"purse/wallet"
)

// End-user retCodes (spec 4.6, 7; design 2.4 for 10011).
const (
	CodeOK             = 0
	CodeSystem         = 10000
	CodeAuth           = 10001
	CodeParse          = 10002
	CodeTokenIDInvalid = 10003
	CodeTokenAddress   = 10004
	CodeHasAccount     = 10005
	CodeNotNa          = 10006
	CodeTokenUsed      = 10007
	// Handoff codes (spec 3.8, 7): an incomplete verdict, a refused parameter, and the
	// terminal verdicts 30010..30012.
	CodeIncomplete   = 20004
	CodeHandoffParam = 20003
	CodeParam        = 10009
	CodeCaptcha      = 10010
	CodeAllowance    = 10011
	CodeEmailTaken   = 10019
)

// CaptchaPass is the captchaOutput the sandbox accepts.
const CaptchaPass = sandboxwire.CaptchaPass

// DefaultNetwork is the sandbox chain id.
const DefaultNetwork = "31337"

// APIError is a business error: HTTP 200 with a non-zero retCode.
type APIError struct {
	Code int
	Msg  string
}

func (e *APIError) Error() string { return fmt.Sprintf("retCode %d: %s", e.Code, e.Msg) }

func apiErr(code int, format string, args ...any) *APIError {
	return &APIError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Config configures a Server. The zero value is usable.
type Config struct {
	// Network is the chain id the sandbox serves; the `network` header must equal it.
	// Default "31337".
	Network string
	// Seed mixes into the seeded histories and the fault generator.
	Seed uint64
	// ReviewDelay auto-approves the vendor review this long after the IDV token was issued;
	// 0 = only by the control surface.
	ReviewDelay time.Duration
	// ActivationDelay turns Review into Live this long after Form A was submitted;
	// 0 = only by the control surface.
	ActivationDelay time.Duration
	// Chain is the home chain; default NewMemChain(network).
	Chain Chain
	// Clock is the server's clock before skew; default time.Now.
	Clock func() time.Time
	// StateDir, when set, holds a JSON snapshot written atomically on every change and
	// loaded at start.
	StateDir string
	// TakenEmails are registered at start (default taken@example.com).
	TakenEmails []string
	// Dialect plays what the service was seen doing where the spec is silent.
	Dialect Dialect
	// MintTokenIDs says which ids a mint accepts: "any" (the default: any id that follows
	// the account contract's rules, as if the client generated it) or "issued" (only ids
	// IssueTokenID handed out; others are 10003 "the token ID to mint does not exist").
	MintTokenIDs string
	// PermitAmountUnit is the only way token-permit accepts amounts: "smallest" (integer
	// smallest units, the default) or "token" (decimal strings in the token's units).
	PermitAmountUnit string
	// TxAmountUnit is how the history filter reads minAmount and maxAmount: "smallest"
	// (integer smallest units of the 2-decimal fiat tokens, the default; a decimal point is
	// refused) or "display" (decimal strings as the records show amounts).
	TxAmountUnit string
	// History is what a new account's history starts with: "demo" (the default: 300 or
	// more records generated from Seed and the tokenId, dated before historyAnchor, so
	// before the account's mint) or "none" (only what the account does: its mint, deposits,
	// card actions). The demo records are generated, never kept in the snapshot, so a
	// restart with another setting shows that setting's history.
	History string
}

// Dialect are the service's observed variants (public integration notes) the sandbox can
// play; the zero value is the spec's reading.
type Dialect struct {
	// NoRetCode: successes come without retCode ("retCode 0 or missing").
	NoRetCode bool `json:"noRetCode,omitempty"`
	// CardList: the card read answers {cards:[card]} inside the envelope.
	CardList bool `json:"cardList,omitempty"`
	// NoCard404: "no card" is HTTP 404, not 10009.
	NoCard404 bool `json:"noCard404,omitempty"`
	// FrozenFlag: a blocked card keeps status Active and shows frozen:true.
	FrozenFlag bool `json:"frozenFlag,omitempty"`
	// AnyHash: the full-auth hash may be any string (the signature over hash+deadline is
	// still checked); strict, the default, wants the keccak256 of the payload.
	AnyHash bool `json:"anyHash,omitempty"`
	// NoTimestamp: GET /api/v1/timestamp is a route the service does not have (HTTP 404,
	// a plain-text body); the server time is in every envelope's timeNow.
	NoTimestamp bool `json:"noTimestamp,omitempty"`
	// AccountStatusFull: account-status needs full auth (the spec's basic is refused).
	AccountStatusFull bool `json:"accountStatusFull,omitempty"`
	// OnrampLimitPost: the on-ramp limit is POST with body {} (a GET is refused).
	OnrampLimitPost bool `json:"onrampLimitPost,omitempty"`
	// URNames: the public integration's names for the spec's stand-ins: sumsub for idv in
	// paths, urId for svcId in bodies.
	URNames bool `json:"urNames,omitempty"`
	// ExistingAllowance: token-permit answers 10011 while any allowance to the card spender
	// exists, whatever the permit's value (the public integration permits only where
	// hasAllowance is false); the spec's reading refuses only an allowance that covers it.
	ExistingAllowance bool `json:"existingAllowance,omitempty"`
	// PayoutCardSpender: payout-with-permit takes a permit for the card spender (the public
	// integration's default), not for the fiat token (UR's contract, the default reading).
	PayoutCardSpender bool `json:"payoutCardSpender,omitempty"`
}

// dialectFlags are the Dialect's variants by name, in ParseDialect's syntax.
var dialectFlags = []struct {
	name string
	flag func(*Dialect) *bool
}{
	{"noRetCode", func(d *Dialect) *bool { return &d.NoRetCode }},
	{"cardList", func(d *Dialect) *bool { return &d.CardList }},
	{"noCard404", func(d *Dialect) *bool { return &d.NoCard404 }},
	{"frozenFlag", func(d *Dialect) *bool { return &d.FrozenFlag }},
	{"anyHash", func(d *Dialect) *bool { return &d.AnyHash }},
	{"noTimestamp", func(d *Dialect) *bool { return &d.NoTimestamp }},
	{"accountStatusFull", func(d *Dialect) *bool { return &d.AccountStatusFull }},
	{"onrampLimitPost", func(d *Dialect) *bool { return &d.OnrampLimitPost }},
	{"urNames", func(d *Dialect) *bool { return &d.URNames }},
	{"existingAllowance", func(d *Dialect) *bool { return &d.ExistingAllowance }},
	{"payoutCardSpender", func(d *Dialect) *bool { return &d.PayoutCardSpender }},
}

// DialectNames lists the variants ParseDialect reads.
func DialectNames() []string {
	out := make([]string, len(dialectFlags))
	for i, f := range dialectFlags {
		out[i] = f.name
	}
	return out
}

// ParseDialect reads a comma-separated list of variants (DialectNames); "" is the spec's
// reading.
func ParseDialect(s string) (Dialect, error) {
	var d Dialect
next:
	for _, v := range strings.Split(s, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		for _, f := range dialectFlags {
			if f.name == v {
				*f.flag(&d) = true
				continue next
			}
		}
		return Dialect{}, fmt.Errorf("dialect %q: expected a comma-separated list of %s", v, strings.Join(DialectNames(), ", "))
	}
	return d, nil
}

// Names are the dialect's names for the spec's stand-ins (URNames: the integration's).
func (d Dialect) Names() protocol.Names {
	if d.URNames {
		return protocol.Names{IDV: "sumsub", SvcID: "urId"}
	}
	return protocol.Names{}
}

// ProfileSettings are the profile settings of a client that speaks this sandbox's dialect
// (config.Profile.Set names), so `purse profile add --sandbox` and onboarding follow it.
func (s *Server) ProfileSettings() [][2]string {
	d := s.cfg.Dialect
	out := [][2]string{
		{"permit_amount_unit", cmp.Or(s.cfg.PermitAmountUnit, "smallest")},
		{"tx_amount_unit", cmp.Or(s.cfg.TxAmountUnit, "smallest")},
	}
	if d.AccountStatusFull {
		out = append(out, [2]string{"routes.account-status", "full"})
	}
	if d.OnrampLimitPost {
		out = append(out, [2]string{"routes.onramp-limit", "POST"})
	}
	if d.PayoutCardSpender {
		out = append(out, [2]string{"payout_spender", "card"})
	}
	// The FX quote has no path any public source shows (its row has none): the sandbox
	// serves one of its own and says where.
	out = append(out, [2]string{"routes.fx-quote", sandboxFXQuotePath})
	n := d.Names()
	if n.IDV != "" {
		out = append(out, [2]string{"names.idv", n.IDV})
	}
	if n.SvcID != "" {
		out = append(out, [2]string{"names.svcId", n.SvcID})
	}
	return out
}

// statusError is an API error the sandbox answers with an HTTP status other than 200.
type statusError struct {
	status int
	*APIError
}

func (e *statusError) Unwrap() error { return e.APIError }

// Server is the sandbox end-user service.
type Server struct {
	cfg     Config
	network string
	chainID uint64
	chain   Chain
	clock   func() time.Time
	handler http.Handler

	mu        sync.Mutex
	st        *state
	dirty     bool
	histories map[uint64][]Record // seeded, per tokenId
	// quotes are the on-ramp quotes given and not yet used (not kept across restarts).
	quotes map[string]*onrampQuote
	merged map[uint64][]Record // seeded + added, sorted newest first

	faultMu   sync.Mutex
	faults    *Faults
	faultLeft int
	faultPCG  *rand.PCG
	faultRand *rand.Rand
}

// New builds a Server, loading the snapshot from cfg.StateDir when one exists.
func New(cfg Config) (*Server, error) {
	if cfg.Network == "" {
		cfg.Network = DefaultNetwork
	}
	switch cfg.PermitAmountUnit {
	case "", "smallest", "token":
	default:
		return nil, fmt.Errorf("endusertest: permit amount unit %q: expected smallest or token", cfg.PermitAmountUnit)
	}
	switch cfg.MintTokenIDs {
	case "", "any", "issued":
	default:
		return nil, fmt.Errorf("endusertest: mint token ids %q: expected any or issued", cfg.MintTokenIDs)
	}
	switch cfg.TxAmountUnit {
	case "", "smallest", "display":
	default:
		return nil, fmt.Errorf("endusertest: tx amount unit %q: expected smallest or display", cfg.TxAmountUnit)
	}
	switch cfg.History {
	case "", HistoryDemo, HistoryNone:
	default:
		return nil, fmt.Errorf("endusertest: history %q: expected %s or %s", cfg.History, HistoryDemo, HistoryNone)
	}
	chainID, err := strconv.ParseUint(cfg.Network, 10, 64)
	if err != nil || chainID == 0 {
		return nil, fmt.Errorf("endusertest: network %q: expected a decimal chain id", cfg.Network)
	}
	if cfg.Chain == nil {
		cfg.Chain = NewMemChain(chainID)
	}
	if cfg.Chain.ChainID() != chainID {
		return nil, fmt.Errorf("endusertest: chain id %d differs from network %s", cfg.Chain.ChainID(), cfg.Network)
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.TakenEmails == nil {
		cfg.TakenEmails = []string{"taken@example.com"}
	}
	s := &Server{
		cfg: cfg, network: cfg.Network, chainID: chainID, chain: cfg.Chain, clock: cfg.Clock,
		st:        newState(),
		histories: map[uint64][]Record{},
		merged:    map[uint64][]Record{},
		faultPCG:  rand.NewPCG(cfg.Seed, 0xfa17),
	}
	s.faultRand = rand.New(s.faultPCG)
	for _, e := range cfg.TakenEmails {
		s.st.Emails[strings.ToLower(e)] = 0
	}
	if err := s.load(); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// Handler serves the end-user API and the /sandbox/ control surface.
func (s *Server) Handler() http.Handler { return s.handler }

// Network is the chain id the sandbox serves, as the `network` header carries it.
func (s *Server) Network() string { return s.network }

// Chain is the home chain the sandbox writes to.
func (s *Server) Chain() Chain { return s.chain }

// CAIP2 is the sandbox chain as a CAIP-2 id, e.g. eip155:31337.
func (s *Server) CAIP2() string { return "eip155:" + s.network }

// Now is the server time: the clock plus the control surface's skew.
func (s *Server) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nowLocked()
}

func (s *Server) nowLocked() time.Time {
	return s.clock().Add(time.Duration(s.st.SkewSeconds) * time.Second)
}

// --- envelopes ---

type envelope struct {
	RetCode int    `json:"retCode"`
	RetMsg  string `json:"retMsg"`
	Result  any    `json:"result"`
	TimeNow int64  `json:"timeNow"`
}

// stringResult makes the envelope carry the result as a JSON-encoded string.
type stringResult struct{ v any }

// unwrapped makes the response the result's fields with the envelope keys mixed in.
type unwrapped map[string]any

// noRetCode drops retCode from the success envelope it writes (Dialect.NoRetCode).
type noRetCode struct{ http.ResponseWriter }

func (w noRetCode) Write(b []byte) (int, error) {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) == nil {
		delete(m, "retCode")
		if nb, err := json.Marshal(m); err == nil {
			if _, err := w.ResponseWriter.Write(nb); err != nil {
				return 0, err
			}
			return len(b), nil
		}
	}
	return w.ResponseWriter.Write(b)
}

func (s *Server) writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"retCode":10000,"retMsg":"sandbox: cannot encode the response","result":null,"timeNow":0}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeResult writes an answer of the end-user API, in the sandbox's dialect.
func (s *Server) writeResult(w http.ResponseWriter, result any, err error) {
	s.writeEnvelope(w, result, err, s.cfg.Dialect.NoRetCode)
}

// writeControl writes an answer of the control surface, which is the sandbox's own and
// speaks no dialect: its client (sandboxctl) reads the spec's envelope.
func (s *Server) writeControl(w http.ResponseWriter, result any, err error) {
	s.writeEnvelope(w, result, err, false)
}

func (s *Server) writeEnvelope(w http.ResponseWriter, result any, err error, dropRetCode bool) {
	now := s.Now().UnixMilli()
	if err != nil {
		var ae *APIError
		if !errors.As(err, &ae) {
			ae = apiErr(CodeSystem, "system error: %v", err)
		}
		status := http.StatusOK
		if se := (*statusError)(nil); errors.As(err, &se) {
			status = se.status
		}
		env := envelope{RetCode: ae.Code, RetMsg: ae.Msg, TimeNow: now}
		if ve := (*verdictError)(nil); errors.As(err, &ve) {
			env.Result = ve.result
		}
		s.writeJSON(w, status, env)
		return
	}
	if dropRetCode {
		w = noRetCode{w}
	}
	switch r := result.(type) {
	case unwrapped:
		out := make(map[string]any, len(r)+3)
		for k, v := range r {
			out[k] = v
		}
		out["retCode"], out["retMsg"], out["timeNow"] = CodeOK, "success", now
		s.writeJSON(w, http.StatusOK, out)
	case stringResult:
		b, mErr := json.Marshal(r.v)
		if mErr != nil {
			s.writeEnvelope(w, nil, mErr, dropRetCode)
			return
		}
		s.writeJSON(w, http.StatusOK, envelope{RetMsg: "success", Result: string(b), TimeNow: now})
	default:
		s.writeJSON(w, http.StatusOK, envelope{RetMsg: "success", Result: result, TimeNow: now})
	}
}

// --- routing and authentication ---

type authLevel int

const (
	authNone authLevel = iota
	authBasic
	authFull
	authOptionalFull // chain-configs: full auth, or no auth headers at all for reduced data
)

type request struct {
	r       *http.Request
	ctx     context.Context
	body    []byte
	tokenID uint64
	authed  bool // full auth passed (authOptionalFull)
}

// route is one row of the sandbox's own path table: written here from the spec and the
// evidence, not read from the client's table, so that a misreading in either shows up as a
// failing exchange. key is the name of the client's route it plays (enduser.Route.Name):
// TestSandboxServesEveryRoute holds the two tables to each other by it.
type route struct {
	key    string
	method string
	path   string
	auth   authLevel
	h      func(*request) (any, error)
}

const maxBody = 1 << 20

func (s *Server) routes() http.Handler {
	d := s.cfg.Dialect
	names := d.Names()
	byPath := map[string][]route{}
	for _, rt := range s.table() {
		if d.NoTimestamp && rt.path == "/api/v1/timestamp" {
			continue
		}
		rt.path = names.Path(rt.path)
		byPath[rt.path] = append(byPath[rt.path], rt)
	}
	return s.dispatch(byPath)
}

// table is the sandbox's path table: the spec's routes (4.6) and design 2.4's, with the
// method and auth level the dialect requires (its names for the spec's stand-ins are
// written into the paths by routes).
func (s *Server) table() []route {
	d := s.cfg.Dialect
	accountStatus, onrampMethod := authBasic, http.MethodGet
	if d.AccountStatusFull {
		accountStatus = authFull
	}
	if d.OnrampLimitPost {
		onrampMethod = http.MethodPost
	}
	return []route{
		{"timestamp", http.MethodGet, "/api/v1/timestamp", authNone, s.hTimestamp},
		{"email-status", http.MethodPost, "/api/v2/email-status", authNone, s.hEmailStatus},
		{"account-status", http.MethodGet, "/api/v2/account-status", accountStatus, s.hAccountStatus},
		{"mint", http.MethodPost, "/api/v1/mint", authBasic, s.hMint},
		{"idv-access-token", http.MethodPost, "/api/v1/idv/create-access-token", authFull, s.hIDVToken},
		{"form-a-info", http.MethodGet, "/api/v2/kyc/form-a-info", authFull, s.hFormAInfo},
		{"submit-form-a", http.MethodPost, "/api/v2/kyc/submit-form-a", authFull, s.hSubmitFormA},
		{"reuse-share-token", http.MethodPost, "/api/v1/idv/reuse-share-token", authFull, s.hReuseShareToken},
		{"kyc-check", http.MethodPost, "/api/v1/idv/kyc-check", authFull, s.hKYCCheck},
		{"kyc-submit", http.MethodPost, "/api/v1/idv/kyc-submit", authFull, s.hKYCSubmit},
		{"transactions", http.MethodPost, "/api/v2/transactions", authFull, s.hTransactions},
		{"card-status", http.MethodPost, "/api/v2/card-status", authFull, s.hCardStatus},
		{"card-currency", http.MethodPost, "/api/v2/card-currency", authFull, s.hCardCurrency},
		{"banks", http.MethodGet, "/api/v1/banks", authNone, s.hBanks},
		{"payment-purposes", http.MethodGet, "/api/v1/payment-purposes", authNone, s.hPaymentPurposes},
		{"payout-fees", http.MethodGet, "/api/v1/banks/payout/fees", authNone, s.hPayoutFees},
		{"token-permit", http.MethodPost, "/api/v1/token-permit", authFull, s.hTokenPermit},
		{"transfer-with-permit", http.MethodPost, "/api/v1/transfer-with-permit", authFull, s.hTransfer},
		{"payout-with-permit", http.MethodPost, "/api/v1/payout-with-permit", authFull, s.hPayout},
		{"quote-onramp", http.MethodPost, "/api/v1/quote/onramp", authFull, s.hQuoteOnramp},
		{"fx-quote", http.MethodPost, sandboxFXQuotePath, authFull, s.hFXQuote},
		{"onramp-with-permit", http.MethodPost, "/api/v1/onramp-with-permit", authFull, s.hOnramp},
		{"liveness-token", http.MethodGet, "/api/v2/get-liveness-token", authFull, s.hLivenessToken},
		{"onramp-retry-cancel", http.MethodPost, "/api/v1/onramp/retry/cancel", authFull, s.hRetryCancel},
		{"chain-configs", http.MethodGet, "/api/v3/config/chain-configs", authOptionalFull, s.hChainConfigs},
		{"onramp-limit", onrampMethod, "/api/v1/onramp-limit", authFull, s.hOnrampLimit},
		{"onramp-pending-retry", http.MethodGet, "/api/v1/onramp/pending-retry", authFull, s.hOnrampPendingRetry},
		{"liveness-result", http.MethodGet, "/api/v2/check-liveness-result", authFull, s.hLivenessResult},
		{"profile", http.MethodGet, "/api/v2/br", authFull, s.hBR},
		{"card", http.MethodGet, "/api/v2/card", authFull, s.hCardRead},
		{"issue-card", http.MethodPost, "/api/v2/card", authFull, s.hCardIssue},
	}
}

// dispatch serves the sandbox's control routes and the paths of byPath.
func (s *Server) dispatch(byPath map[string][]route) http.Handler {
	d := s.cfg.Dialect
	control := s.controlHandler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sandbox/") {
			control.ServeHTTP(w, r)
			return
		}
		rts, ok := byPath[r.URL.Path]
		if !ok && d.NoTimestamp && r.URL.Path == "/api/v1/timestamp" {
			// As a router answers a path it does not have: no envelope, no timeNow.
			http.NotFound(w, r)
			return
		}
		if !ok {
			s.writeJSON(w, http.StatusNotFound, envelope{RetCode: CodeSystem, RetMsg: "no such route: " + r.URL.Path, TimeNow: s.Now().UnixMilli()})
			return
		}
		for _, rt := range rts {
			if rt.method == r.Method {
				s.withFaults(rt.path, r, func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, rt) })(w)
				return
			}
		}
		s.writeJSON(w, http.StatusMethodNotAllowed, envelope{RetCode: CodeParse, RetMsg: fmt.Sprintf("method %s not allowed on %s", r.Method, r.URL.Path), TimeNow: s.Now().UnixMilli()})
	})
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, rt route) {
	req := &request{r: r, ctx: r.Context()}
	if r.Method == http.MethodPost {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			s.writeResult(w, nil, apiErr(CodeParse, "body: cannot read: %v", err))
			return
		}
		if len(b) > maxBody {
			s.writeResult(w, nil, apiErr(CodeParse, "body: larger than %d bytes", maxBody))
			return
		}
		if len(b) > 0 {
			ct := r.Header.Get("Content-Type")
			if !strings.HasPrefix(strings.ToLower(ct), "application/json") {
				s.writeResult(w, nil, apiErr(CodeParse, "header Content-Type: expected application/json, got %q", ct))
				return
			}
		}
		req.body = b
	}
	if err := s.authenticate(req, rt.auth); err != nil {
		s.writeResult(w, nil, err)
		return
	}
	s.mu.Lock()
	result, err := rt.h(req)
	err = s.finishLocked(err)
	s.mu.Unlock()
	s.writeResult(w, result, err)
}

var authHeaders = []string{"tokenId", "network", "hash", "deadline", "sign"}

func isDigits(v string, maxLen int) bool {
	if v == "" || len(v) > maxLen {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}

func isHex0x(v string, hexLen int) bool {
	if len(v) != 2+hexLen || v[:2] != "0x" {
		return false
	}
	for i := 2; i < len(v); i++ {
		c := v[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (s *Server) basicAuth(h http.Header) (uint64, error) {
	tok := h.Get("tokenId")
	if tok == "" {
		return 0, apiErr(CodeParse, "missing header tokenId")
	}
	if !isDigits(tok, 20) {
		return 0, apiErr(CodeParse, "malformed header tokenId: expected decimal digits, got %q", tok)
	}
	id, err := strconv.ParseUint(tok, 10, 64)
	if err != nil {
		return 0, apiErr(CodeParse, "malformed header tokenId: %q does not fit 64 bits", tok)
	}
	nw := h.Get("network")
	if nw == "" {
		return 0, apiErr(CodeParse, "missing header network")
	}
	if !isDigits(nw, 20) {
		return 0, apiErr(CodeParse, "malformed header network: expected a decimal chain id, got %q", nw)
	}
	if nw != s.network {
		return 0, apiErr(CodeAuth, "network mismatch: header network is %s, this sandbox serves %s", nw, s.network)
	}
	return id, nil
}

func (s *Server) authenticate(req *request, level authLevel) error {
	h := req.r.Header
	switch level {
	case authNone:
		return nil
	case authOptionalFull:
		present := false
		for _, k := range authHeaders {
			if _, ok := h[http.CanonicalHeaderKey(k)]; ok {
				present = true
			}
		}
		if !present {
			return nil
		}
	}
	id, err := s.basicAuth(h)
	if err != nil {
		return err
	}
	req.tokenID = id
	if level == authBasic {
		return nil
	}
	hash, deadline, sign := h.Get("hash"), h.Get("deadline"), h.Get("sign")
	for _, hv := range []struct{ name, v string }{{"hash", hash}, {"deadline", deadline}, {"sign", sign}} {
		if hv.v == "" {
			return apiErr(CodeParse, "missing header %s (full auth needs tokenId, network, hash, deadline and sign)", hv.name)
		}
	}
	if !isHex0x(hash, 64) && !s.cfg.Dialect.AnyHash {
		return apiErr(CodeParse, "malformed header hash: expected 0x + 64 hex digits, got %q", hash)
	}
	if !isDigits(deadline, 12) {
		return apiErr(CodeParse, "malformed header deadline: expected Unix seconds as decimal digits, got %q", deadline)
	}
	if !isHex0x(sign, 130) {
		return apiErr(CodeParse, "malformed header sign: expected 0x + 130 hex digits (65 bytes)")
	}
	payload := req.body
	if req.r.Method == http.MethodGet {
		payload = []byte(req.r.URL.RawQuery)
	}
	if want := wallet.PayloadHash(payload); hash != want && !s.cfg.Dialect.AnyHash {
		return apiErr(CodeAuth, "hash mismatch: header hash %s is not the lowercase 0x keccak256 of the request payload (raw body for POST, raw query for GET, empty when none); expected %s", hash, want)
	}
	dl, _ := strconv.ParseInt(deadline, 10, 64)
	now := s.Now().Unix()
	if dl <= now {
		return apiErr(CodeAuth, "deadline expired: deadline %d is not after server time %d", dl, now)
	}
	if dl-now > protocol.MaxFullAuthWindowSeconds {
		return apiErr(CodeAuth, "deadline too far: deadline %d is %d s after server time %d, at most %d s allowed", dl, dl-now, now, protocol.MaxFullAuthWindowSeconds)
	}
	signer, rerr := wallet.RecoverFullAuth(hash, deadline, sign)
	s.mu.Lock()
	a := s.st.Accounts[id]
	var owner common.Address
	minted := a != nil && a.Minted
	if minted {
		owner = a.Owner
	}
	s.mu.Unlock()
	if !minted {
		return apiErr(CodeAuth, "unknown tokenId %d: no minted account", id)
	}
	if rerr != nil {
		return apiErr(CodeAuth, "signature invalid: %v", rerr)
	}
	if signer != owner {
		return apiErr(CodeAuth, "signature mismatch: sign recovers %s but tokenId %d is owned by %s", signer.Hex(), id, owner.Hex())
	}
	req.authed = true
	return nil
}

// finishLocked saves a changed state; a failed save turns success into a system error.
func (s *Server) finishLocked(err error) error {
	if serr := s.saveIfDirtyLocked(); serr != nil && err == nil {
		return apiErr(CodeSystem, "sandbox: %v", serr)
	}
	return err
}

// decodeStrict decodes one JSON object, rejecting unknown fields and trailing data.
func decodeStrict(body []byte, v any) error {
	t := bytes.TrimSpace(body)
	if len(t) == 0 {
		return apiErr(CodeParse, "body: expected a JSON object, got an empty body")
	}
	if t[0] != '{' {
		return apiErr(CodeParse, "body: expected a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiErr(CodeParse, "body: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return apiErr(CodeParse, "body: trailing data after the JSON object")
	}
	return nil
}
