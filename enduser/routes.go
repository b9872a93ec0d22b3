package enduser

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"

	"purse/protocol"
)

// AuthLevel is the authentication a route needs (spec 5.4).
type AuthLevel int

const (
	// AuthNone sends no identity header.
	AuthNone AuthLevel = iota
	// AuthBasic sends tokenId and network.
	AuthBasic
	// AuthFull sends tokenId, network, hash, deadline and sign.
	AuthFull
)

func (a AuthLevel) String() string {
	switch a {
	case AuthNone:
		return "none"
	case AuthBasic:
		return "basic"
	case AuthFull:
		return "full"
	}
	return fmt.Sprintf("AuthLevel(%d)", int(a))
}

// Route names: stable identifiers used in the request log, in errors and as keys of
// Options.RouteOverrides (a profile's routes.NAME settings).
const (
	RouteTimestamp     = "timestamp"
	RouteEmailStatus   = "email-status"
	RouteAccountStatus = "account-status"
	RouteMint          = "mint"
	RouteIDVToken      = "idv-access-token"
	RouteFormAInfo     = "form-a-info"
	RouteTransactions  = "transactions"
	RouteCardStatus    = "card-status"
	RouteTokenPermit   = "token-permit"
	RouteChainConfigs  = "chain-configs"
	RouteOnrampLimit   = "onramp-limit"
	RouteProfile       = "profile"
	RouteCard          = "card"
	RouteIssueCard     = "issue-card"
	RouteSubmitFormA   = "submit-form-a"
	// The external-wallet shared-token handoff (spec 4.1, its end).
	RouteReuseShareToken = "reuse-share-token"
	RouteKYCCheck        = "kyc-check"
	RouteKYCSubmit       = "kyc-submit"
	// The on-ramp's pending swap retry (evidence §8.9): null, or the on-ramp to retry.
	RouteOnrampPendingRetry = "onramp-pending-retry"
	// The liveness check an on-ramp quote may ask for (evidence §8.9).
	RouteLivenessResult = "liveness-result"
	// The card's currency (evidence §3: the integrator's §3.1.5 of UR's external-wallet doc).
	RouteCardCurrency = "card-currency"
	// The money flows that spend a permit the service presents on chain (evidence §4,
	// "Pitfalls" 8): a transfer to another account, a payout to a bank contact.
	RouteTransfer = "transfer-with-permit"
	RoutePayout   = "payout-with-permit"
	// The cash-out (on-ramp): its quote, its submission with the permit to the buffer pool,
	// the liveness token a quote may ask for, and the cancel of a swap waiting for its retry
	// (evidence "Pitfalls" 7–9; spec 4.6: on-ramp coming soon).
	RouteQuoteOnramp       = "quote-onramp"
	RouteOnramp            = "onramp-with-permit"
	RouteLivenessToken     = "liveness-token"
	RouteOnrampRetryCancel = "onramp-retry-cancel"
	// The FX quote between fiat tokens (spec 2.8 gives its request and data; no public
	// source gives its end-user path: the row has none, routes.fx-quote sets it).
	RouteFXQuote = "fx-quote"
	// The unauthenticated bank look-ups (HT-API lists them as No-Auth; no public source
	// shows their answers).
	RouteBanks           = "banks"
	RoutePaymentPurposes = "payment-purposes"
	RoutePayoutFees      = "payout-fees"
)

// Route is one end-user endpoint.
type Route struct {
	Name   string
	Method string
	Path   string
	Auth   AuthLevel
	// LoggedOut is true when the route also answers without any auth header (with
	// reduced data): chain-configs.
	LoggedOut bool
	// Unwrapped is true when the service may answer with the result's fields at the top
	// level of the body, envelope keys mixed in (design 2.3: card read).
	Unwrapped bool
	// MayBeEmpty is true for routes whose success may come as HTTP 204 or an empty body
	// (the on-ramp limit does on the service's QA; actions without data). Elsewhere an
	// empty answer is an error: the route must return data (ErrEmptyAnswer).
	MayBeEmpty bool
	// Assumed is true for the routes the spec does not show (design 2.4).
	Assumed bool
	// Changes is true for calls that move money or change the account (a permit relay, a
	// card block, a KYC or Form A submission): the agent's policy confirms them by default.
	Changes bool
	// Query lists the parameters of a GET's query, each required: a full-auth signature over
	// a query is judged a read of the GETs that take exactly its parameters (Judge). Spec 4.6
	// gives the full-auth GETs none and the client sends none, so only the empty payload is a
	// read.
	Query []string
	// Body is the wire type of a POST's request body as the client sends it (nil: the
	// route takes none; a GET never does): a key without omitempty is required, one with it
	// optional, and each value is judged by the JSON its field decodes, so a signer judges a
	// full-auth payload by the body shapes of the routes themselves (Judge).
	Body any
	// Advice is what an error code most likely means on this route, in place of the code's
	// general explanation, where the route tells it: the service answers 10009 both for a bad
	// value and for a precondition the account does not meet (wrong KYC step, not Live, no
	// card), and on these routes the precondition is what users run into; 10000 on the IDV
	// token call is a fresh account's missing KYC flow (evidence §6).
	Advice map[int]string
	// Result is the zero value of the result model a success decodes into (a pointer when
	// the service answers null for "none"); nil for the routes read only by their own method
	// (the card's several forms, the timestamp's) or answered without data. With it, a route
	// that changes nothing and needs no data is a read (Readable): the typed method, purse
	// read, the Requests screen and the doctor's route probe all decode into it.
	Result any
	// Permit says where the body carries the user's EIP-2612 permit, which the service
	// presents on chain and spends (nil: the route carries none).
	Permit *PermitCarrier
	// Probe names the doctor's check of the row itself (a route probe: a read is at its
	// method and path and answers in its result model; a change is there, refusing an
	// unsigned request); "" for the routes the doctor probes in ways of their own, or not at
	// all.
	Probe string
	// Basis says where the route comes from.
	Basis string
}

// PathKnown says whether the route has a path: a row without one is a setting with no
// default (routes.NAME), and a client refuses to send it until a profile sets one.
func (r Route) PathKnown() bool { return r.Path != "" }

// NoBody is what a request of r carries without data: {} for a POST (a read the profile
// makes a POST, as the public integration calls the on-ramp limit, or an action without
// data), nothing for a GET. Every sender of a bodiless call (the typed methods, purse api)
// reads it here.
func (r Route) NoBody() []byte {
	if r.Method == http.MethodPost {
		return []byte("{}")
	}
	return nil
}

// routeTable is the one table of end-user routes: spec 4.6 plus design 2.4's assumptions.
var routeTable = []Route{
	{Name: RouteTimestamp, Method: http.MethodGet, Path: "/api/v1/timestamp", Auth: AuthNone, Basis: "spec 4.6"},
	{Name: RouteEmailStatus, Method: http.MethodPost, Path: "/api/v2/email-status", Auth: AuthNone, Basis: "spec 4.6"},
	{Name: RouteAccountStatus, Result: AccountStatus{}, Method: http.MethodGet, Path: "/api/v2/account-status", Auth: AuthBasic, Basis: "spec 4.6"},
	{Name: RouteMint, Changes: true, Method: http.MethodPost, Path: "/api/v1/mint", Auth: AuthBasic, Basis: "spec 4.6"},
	{Name: RouteIDVToken, Method: http.MethodPost, Path: "/api/v1/idv/create-access-token", Auth: AuthFull, Body: IDVTokenRequest{}, Basis: "spec 4.6",
		Advice: map[int]string{
			CodeInvalidParam: "The account is not at the identity-verification step (IDScan, or a RETRY rejection): read the account status.",
			CodeSystem: Explain(CodeSystem) + " " +
				"On a freshly minted account the service has no KYC flow yet for this call; " +
				"with a partner key, `purse partner idv-token` asks the partner route (POST /v1/create-access-token-by-network) instead.",
		}},
	{Name: RouteFormAInfo, Result: FormAInfo{}, Method: http.MethodGet, Path: "/api/v2/kyc/form-a-info", Auth: AuthFull, Basis: "spec 4.6",
		Advice: map[int]string{
			CodeInvalidParam: "The account is not at the Form A step (SignFormA): read the account status.",
		}},
	{Name: RouteTransactions, Method: http.MethodPost, Path: "/api/v2/transactions", Auth: AuthFull, Body: txWire{}, Basis: "spec 4.6, paging 4.3"},
	{Name: RouteCardStatus, Changes: true, MayBeEmpty: true, Method: http.MethodPost, Path: "/api/v2/card-status", Auth: AuthFull, Body: CardStatusRequest{}, Basis: "spec 4.6",
		Advice: map[int]string{
			CodeInvalidParam: "The card is not in a state this change applies to, or the card token id is not this account's: read the card again.",
		}},
	{Name: RouteTokenPermit, Permit: &PermitCarrier{TokenKey: "address", Spender: SpenderCard}, Changes: true, Method: http.MethodPost, Path: "/api/v1/token-permit", Auth: AuthFull, Body: tokenPermitWire{}, Basis: "spec 4.6, design 2.4 (10011)",
		Advice: map[int]string{
			CodeInvalidParam: "The permit fails a precondition the token contract enforces: the deadline passed, the token is unknown, or the amount has more decimals than the token.",
		}},
	{Name: RouteChainConfigs, Result: ChainConfigs{}, Method: http.MethodGet, Path: "/api/v3/config/chain-configs", Auth: AuthFull, LoggedOut: true, Basis: "spec 4.6, 2.12"},
	{Name: RouteOnrampLimit, Result: OnrampLimit{}, MayBeEmpty: true, Method: http.MethodGet, Path: "/api/v1/onramp-limit", Auth: AuthFull, Basis: "spec 4.6",
		Advice: map[int]string{
			CodeInvalidParam: "On-ramp limits need a Live account: read the account status.",
		}},
	{Name: RouteProfile, Result: Profile{}, Method: http.MethodGet, Path: "/api/v2/br", Auth: AuthFull, Assumed: true, Basis: "design 2.4 (twin of /api/fma/v1/br)"},
	{Name: RouteCard, Method: http.MethodGet, Path: "/api/v2/card", Auth: AuthFull, Unwrapped: true, Assumed: true, Basis: "design 2.4 (twin of /api/fma/v1/card)",
		Advice: map[int]string{
			CodeInvalidParam: "The account has no card (the service answers 10009 for \"no card\"): issue one first.",
		}},
	{Name: RouteIssueCard, Changes: true, MayBeEmpty: true, Method: http.MethodPost, Path: "/api/v2/card", Auth: AuthFull, Assumed: true, Body: struct{}{}, Basis: "design 2.4 (twin of /api/fma/v1/open-card)",
		Advice: map[int]string{
			CodeInvalidParam: "The account does not meet a card precondition: it must be Live, card-eligible " +
				"(the banking profile's isCardEligible), hold the card activation amount on the home chain, and have no card yet.",
		}},
	{Name: RouteReuseShareToken, Changes: true, Method: http.MethodPost, Path: "/api/v1/idv/reuse-share-token", Auth: AuthFull, Body: shareTokenWire{}, Basis: "spec 4.1 (external-wallet variant: raw body signed)"},
	{Name: RouteKYCCheck, Result: KYCCheckResult{}, Method: http.MethodPost, Path: "/api/v1/idv/kyc-check", Auth: AuthFull, Body: struct{}{}, Basis: "spec 4.1 (external-wallet variant)"},
	{Name: RouteKYCSubmit, Changes: true, Method: http.MethodPost, Path: "/api/v1/idv/kyc-submit", Auth: AuthFull, Body: struct{}{}, Basis: "spec 4.1 (external-wallet variant)",
		Advice: map[int]string{
			CodeInvalidParam: "The handoff is not ready to submit: the share token must have passed and Form A be signed; read the account status.",
		}},
	{Name: RouteOnrampPendingRetry, Result: (*PendingRetry)(nil), Probe: "on-ramp pending retry", Method: http.MethodGet, Path: "/api/v1/onramp/pending-retry", Auth: AuthFull, MayBeEmpty: true, Assumed: true, Basis: "evidence §8.9 (the public integration on UR's QA; spec 4.6: on-ramp coming soon)"},
	{Name: RouteLivenessResult, Result: LivenessResult{}, Probe: "liveness result", Method: http.MethodGet, Path: "/api/v2/check-liveness-result", Auth: AuthFull, Assumed: true,
		Basis: "evidence §8.9 (the public integration on UR's QA, when an on-ramp quote needs liveness; spec 4.6: on-ramp coming soon)"},
	{Name: RouteCardCurrency, Probe: "card currency route", Changes: true, MayBeEmpty: true, Method: http.MethodPost, Path: "/api/v2/card-currency", Auth: AuthFull, Assumed: true, Body: CardCurrencyRequest{},
		Basis: "evidence §3 (the public integration, citing §3.1.5 of UR's external-wallet doc: the card's externalId, not its cardTokenId)",
		Advice: map[int]string{
			CodeInvalidParam: "The card does not offer that currency, or the card external id is not this account's card: read the card (its currencies and externalId).",
		}},
	{Name: RouteTransfer, Permit: &PermitCarrier{TokenKey: "tokenAddress", Spender: SpenderToken}, Probe: "transfer route", Changes: true, MayBeEmpty: true,
		Method: http.MethodPost, Path: "/api/v1/transfer-with-permit", Auth: AuthFull, Assumed: true, Body: transferWire{},
		Basis: "evidence §4 (UR's Fiat24Token.permitAndTransferFromByAccountId: the token is the spender) and \"Pitfalls\" 8 (the public integration on UR's QA); spec 4.6 does not show it",
		Advice: map[int]string{
			CodeInvalidParam: "The transfer fails a precondition: the recipient account must exist and be Live, the amount within the balance and the 30-day limit, the permit for the fiat token itself.",
		}},
	{Name: RoutePayout, Permit: &PermitCarrier{TokenKey: "tokenAddress"}, Probe: "payout route", Changes: true, MayBeEmpty: true,
		Method: http.MethodPost, Path: "/api/v1/payout-with-permit", Auth: AuthFull, Assumed: true, Body: payoutWire{},
		Basis: "evidence §4 (UR's Fiat24Token.permitAndClientPayoutRef: the token is the spender; the public integration defaulted to the card spender) and \"Pitfalls\" 8; spec 4.6 does not show it",
		Advice: map[int]string{
			CodeInvalidParam: "The payout fails a precondition: the contact must be one of the banking profile's for this currency, the purpose one of payment-purposes, the amount within the balance and the 30-day limit's available amount.",
		}},
	{Name: RouteQuoteOnramp, MayBeEmpty: false, Method: http.MethodPost, Path: "/api/v1/quote/onramp", Auth: AuthFull, Assumed: true, Body: onrampQuoteWire{},
		Basis: "evidence \"Pitfalls\" 7–8 (the public integration on UR's QA; the quote engine may hang on unsupported routes); spec 4.6: on-ramp coming soon",
		Advice: map[int]string{
			CodeSystem: Explain(CodeSystem) + " On the on-ramp quote, 10000 is also the region block (\"Convert is unavailable in your region\", evidence Pitfalls 6).",
		}},
	{Name: RouteOnramp, Permit: &PermitCarrier{TokenKey: "tokenIn", AmountKey: "amountIn", PermitAmountKey: "-", Spender: SpenderBufferPool}, Probe: "on-ramp route", Changes: true, MayBeEmpty: true,
		Method: http.MethodPost, Path: "/api/v1/onramp-with-permit", Auth: AuthFull, Assumed: true, Body: onrampWire{},
		Basis: "evidence §4 (UR's BufferPool presents permit(user, pool, amountIn)) and \"Pitfalls\" 8 (the public integration on UR's QA); spec 4.6: on-ramp coming soon",
		Advice: map[int]string{
			CodeInvalidParam: "The cash-out fails a precondition: the quote expired or is another account's, the amount is outside the on-ramp limits, a swap waits for its retry, or the permit is not for the buffer pool and exactly amountIn.",
		}},
	{Name: RouteLivenessToken, Result: LivenessToken{}, Method: http.MethodGet, Path: "/api/v2/get-liveness-token", Auth: AuthFull, Assumed: true,
		Basis: "evidence \"Pitfalls\" 9 (the public integration, when an on-ramp quote needs liveness); spec 4.6: on-ramp coming soon"},
	{Name: RouteOnrampRetryCancel, Changes: true, MayBeEmpty: true, Method: http.MethodPost, Path: "/api/v1/onramp/retry/cancel", Auth: AuthFull, Assumed: true, Body: RetryCancelRequest{},
		Basis: "evidence \"Pitfalls\" 9 (the public integration on UR's QA)"},
	{Name: RouteFXQuote, Probe: "fx quote route", Method: http.MethodPost, Path: "", Auth: AuthFull, Assumed: true, Body: FXQuoteRequest{}, Result: FXQuote{},
		Basis: "spec 2.8 (the FX quote's request and data; the spec gives no end-user path and no public source shows one: routes.fx-quote has no default)"},
	{Name: RouteBanks, Result: BankLookup{}, Probe: "banks route", Method: http.MethodGet, Path: "/api/v1/banks", Auth: AuthNone, Assumed: true,
		Basis: "evidence §1 (HT-API calls it without auth; its answer's shape: none found)"},
	{Name: RoutePaymentPurposes, Result: BankLookup{}, Probe: "payment purposes route", Method: http.MethodGet, Path: "/api/v1/payment-purposes", Auth: AuthNone, Assumed: true,
		Basis: "evidence §1 (HT-API calls it without auth; a payout's purposeId is one of them; its answer's shape: none found)"},
	{Name: RoutePayoutFees, Result: BankLookup{}, Probe: "payout fees route", Method: http.MethodGet, Path: "/api/v1/banks/payout/fees", Auth: AuthNone, Assumed: true,
		Basis: "evidence §1 (HT-API calls it without auth; its answer's shape: none found)"},
	{Name: RouteSubmitFormA, Changes: true, MayBeEmpty: true, Method: http.MethodPost, Path: "/api/v2/kyc/submit-form-a", Auth: AuthFull, Assumed: true, Body: FormASubmission{}, Basis: "design 2.4",
		Advice: map[int]string{
			CodeInvalidParam: "The account is not at the Form A step (SignFormA), or Form A was already submitted: read the account status.",
		}},
}

// Routes returns a copy of the default route table, in table order.
func Routes() []Route {
	return append([]Route(nil), routeTable...)
}

// LookupRoute returns the default route of a name.
func LookupRoute(name string) (Route, bool) {
	for _, r := range routeTable {
		if r.Name == name {
			return r, true
		}
	}
	return Route{}, false
}

// RouteUnder is the route of a name as a profile has it: its names for the spec's stand-ins
// and its routes.NAME settings applied, as the client it makes sends it; false for a name the
// table lacks or settings the table refuses.
func RouteUnder(name string, overrides map[string]string, names protocol.Names) (Route, bool) {
	return RoutesUnder(overrides, names)(name)
}

// RoutesUnder is RouteUnder for many names: the table is resolved under the profile's names
// and settings once (a full-auth review names every route a payload fits, and each
// resolution spells every path of the table).
func RoutesUnder(overrides map[string]string, names protocol.Names) func(name string) (Route, bool) {
	routes, err := resolveRoutes(overrides, names)
	return func(name string) (Route, bool) {
		if err != nil {
			return Route{}, false
		}
		r, ok := routes[name]
		return r, ok
	}
}

// FindRoute is the default route named by nameOrPath (a route name, or a path the table
// gives to method).
func FindRoute(method, nameOrPath string) (Route, bool) {
	if r, ok := LookupRoute(nameOrPath); ok {
		return r, true
	}
	for _, r := range routeTable {
		if r.Path == nameOrPath && strings.EqualFold(r.Method, method) {
			return r, true
		}
	}
	return Route{}, false
}

// RouteNames lists every route name, sorted.
func RouteNames() []string {
	names := make([]string, 0, len(routeTable))
	for _, r := range routeTable {
		names = append(names, r.Name)
	}
	sort.Strings(names)
	return names
}

// resolveRoutes is the table as a profile has it: the service's names for the spec's
// stand-ins written into the paths (an `idv` segment becomes the vendor's name), then the
// profile's `routes.NAME` settings (protocol.ParseRouteSetting), which may change a route's
// method, path and auth level. A route that sends a request body stays a POST. The table is
// shared by every caller with the same names and settings and is never written after.
func resolveRoutes(overrides map[string]string, names protocol.Names) (map[string]Route, error) {
	key := resolvedKey(overrides, names)
	resolved.mu.Lock()
	r, ok := resolved.m[key]
	resolved.mu.Unlock()
	if ok {
		return r.routes, r.err
	}
	routes, err := resolveRoutesOnce(overrides, names)
	resolved.mu.Lock()
	if len(resolved.m) >= maxResolved {
		clear(resolved.m)
	}
	resolved.m[key] = resolvedTable{routes, err}
	resolved.mu.Unlock()
	return routes, err
}

// resolved remembers resolved tables by their names and settings: the agent judges each
// full-auth payload against the table its profile resolves, and spelling every path of it
// again took a quarter of the agent's CPU per signature (BenchmarkAgentProcessClients). A
// process sees few profiles; past maxResolved the memory starts over.
var resolved = struct {
	mu sync.Mutex
	m  map[string]resolvedTable
}{m: map[string]resolvedTable{}}

const maxResolved = 64

type resolvedTable struct {
	routes map[string]Route
	err    error
}

// resolvedKey spells names (every field, by %q) and overrides unambiguously: every part is
// quoted.
func resolvedKey(overrides map[string]string, names protocol.Names) string {
	keys := make([]string, 0, len(overrides))
	for n := range overrides {
		keys = append(keys, n)
	}
	sort.Strings(keys)
	b := fmt.Appendf(nil, "%q", names)
	for _, k := range keys {
		b = strconv.AppendQuote(b, k)
		b = strconv.AppendQuote(b, overrides[k])
	}
	return string(b)
}

func resolveRoutesOnce(overrides map[string]string, names protocol.Names) (map[string]Route, error) {
	out := make(map[string]Route, len(routeTable))
	for _, r := range routeTable {
		r.Path = names.Path(r.Path)
		out[r.Name] = r
	}
	keys := make([]string, 0, len(overrides))
	for n := range overrides {
		keys = append(keys, n)
	}
	sort.Strings(keys)
	for _, name := range keys {
		r, ok := out[name]
		if !ok {
			return nil, fmt.Errorf("routes.%s: unknown route (known: %s)", name, strings.Join(RouteNames(), ", "))
		}
		set, err := protocol.ParseRouteSetting(overrides[name])
		if err != nil {
			return nil, fmt.Errorf("routes.%s: %v", name, err)
		}
		if set.Method == http.MethodGet && r.Method != http.MethodGet {
			return nil, fmt.Errorf("routes.%s: a GET cannot carry the request body this route sends; expected POST or no method", name)
		}
		if set.Method != "" {
			r.Method = set.Method
		}
		if set.Path != "" {
			r.Path = set.Path
		}
		if set.Auth != "" {
			r.Auth = authLevelOf(set.Auth)
		}
		out[name] = r
	}
	return out, nil
}

// CheckRouteOverrides checks a profile's `routes.NAME` settings against the route table: the
// error names the setting at fault.
func CheckRouteOverrides(overrides map[string]string) error {
	_, err := resolveRoutes(overrides, protocol.Names{})
	return err
}

func authLevelOf(s string) AuthLevel {
	switch s {
	case protocol.AuthBasic:
		return AuthBasic
	case protocol.AuthFull:
		return AuthFull
	}
	return AuthNone
}
