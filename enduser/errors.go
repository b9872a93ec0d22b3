package enduser

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"purse/protocol"
)

// Sentinels for errors.Is. Each retCode of spec 7 (end-user list) has one; ErrAPI matches
// every *APIError, known code or not.
var (
	ErrAPI = errors.New("enduser: service returned a business error")

	ErrSystem            = errors.New("enduser: system error (10000)")
	ErrAuth              = errors.New("enduser: authentication failed (10001)")
	ErrParse             = errors.New("enduser: request could not be parsed (10002)")
	ErrMintTokenNotFound = errors.New("enduser: token ID to mint does not exist (10003)")
	// ErrEmptyAnswer is a success with no body on a route that must return data.
	ErrEmptyAnswer = errors.New("an empty answer (HTTP 204, no body, or a null result) where the route must return data")
	// ErrNoCard is the card read's "no card": HTTP 404, an empty card list, or 10009.
	ErrNoCard             = errors.New("no card on this account")
	ErrTokenAddress       = errors.New("enduser: token ID does not match the address (10004)")
	ErrAddressHasAccount  = errors.New("enduser: address already has an account NFT (10005)")
	ErrStatusNotNa        = errors.New("enduser: account status is not Na (10006)")
	ErrTokenUsed          = errors.New("enduser: token ID already used for minting (10007)")
	ErrInvalidParam       = errors.New("enduser: invalid parameter (10009)")
	ErrCaptcha            = errors.New("enduser: captcha failed or expired (10010)")
	ErrAllowanceExists    = errors.New("enduser: allowance already exists (10011)")
	ErrTooFrequent        = errors.New("enduser: too frequent (10016)")
	ErrEmailRegistered    = errors.New("enduser: email already registered (10019)")
	ErrGatewayOutage      = errors.New("enduser: gateway outage (HTTP 502/503/504)")
	ErrTimeout            = errors.New("enduser: request timed out")
	ErrNoNextPage         = errors.New("enduser: no next page (hasNextPage is false)")
	ErrNoPrevPage         = errors.New("enduser: no previous page (hasPrevPage is false or the cursor is zero)")
	ErrTransactionMissing = errors.New("enduser: no transaction matches the lookup")
)

// Return codes of the end-user API (spec 7, design 2.4).
const (
	CodeOK              = 0
	CodeSystem          = 10000
	CodeAuth            = 10001
	CodeParse           = 10002
	CodeMintTokenAbsent = 10003
	CodeTokenAddress    = 10004
	CodeAddressHasNFT   = 10005
	CodeStatusNotNa     = 10006
	CodeTokenUsed       = 10007
	// Share-token handoff verdicts (spec 3.8): incomplete, and the terminal range.
	CodeHandoffIncomplete  = 20004
	CodeHandoffTerminalMin = 30010
	CodeHandoffTerminalMax = 30012
	CodeInvalidParam       = 10009
	CodeCaptcha            = 10010
	CodeAllowanceExists    = 10011
	CodeTooFrequent        = 10016
	CodeEmailRegistered    = 10019
)

// codeTable is the sentinel of each retCode of spec 7 (end-user list); what a code means
// and what to do next is protocol's table, shared with the partner client.
var codeTable = map[int]error{
	CodeSystem: ErrSystem, CodeAuth: ErrAuth, CodeParse: ErrParse, CodeMintTokenAbsent: ErrMintTokenNotFound,
	CodeTokenAddress: ErrTokenAddress, CodeAddressHasNFT: ErrAddressHasAccount, CodeStatusNotNa: ErrStatusNotNa,
	CodeTokenUsed: ErrTokenUsed, CodeInvalidParam: ErrInvalidParam, CodeCaptcha: ErrCaptcha,
	CodeAllowanceExists: ErrAllowanceExists, CodeTooFrequent: ErrTooFrequent, CodeEmailRegistered: ErrEmailRegistered,
}

// KnownCodes lists the retCodes this package types with a sentinel, ascending.
func KnownCodes() []int {
	out := make([]int, 0, len(codeTable))
	for c := range codeTable {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// Explain says in plain words what a retCode means and what to do next.
func Explain(code int) string {
	if x, ok := protocol.Explain(protocol.EndUserAPI, code); ok {
		return x
	}
	return fmt.Sprintf("The service returned code %d, which purse does not know. Read the server's message; "+
		"the request log (--trace / --curl) shows the exact request to report.", code)
}

// APIError is a business error from the service: a non-zero retCode, or a gateway/auth
// {error_code, error_msg} body.
type APIError struct {
	Route string
	// Code is the numeric code; 0 when the service sent a non-numeric error_code (CodeText).
	Code int
	// CodeText is the code exactly as the service sent it.
	CodeText string
	// Message is the server's own message (retMsg / error_msg).
	Message string
	// Explanation says in plain words what happened and what to do next.
	Explanation string
	// Gateway is true when the error came as {error_code, error_msg}.
	Gateway bool
	// HTTPStatus is the response status the error came with.
	HTTPStatus int
}

func newAPIError(route string, code int, codeText, msg string, gateway bool, status int) *APIError {
	e := &APIError{Route: route, Code: code, CodeText: codeText, Message: msg, Gateway: gateway, HTTPStatus: status}
	if codeText == "" {
		e.CodeText = strconv.Itoa(code)
	}
	if code == 0 {
		e.Explanation = fmt.Sprintf("The service or its gateway refused the call with code %q. Read the server's message; "+
			"an authentication problem usually means a wrong token ID, network or signature.", e.CodeText)
	} else if x, ok := routeAdvice(route, code); ok {
		// A route's own advice for the code knows its case (the token route's 10000 names
		// the partner route that works on a fresh account).
		e.Explanation = x
	} else if x, ok := messageAdvice(code, msg); ok {
		e.Explanation = x
	} else {
		e.Explanation = Explain(code)
	}
	return e
}

// messagesAdvised are what a code means when the server's message says what happened: the
// service gives its default code, 10000, to many errors it does not name, and advice keyed on
// the code alone would send the user after the wrong one (issue 33: "Form A already
// submitted" read as a region block).
var messagesAdvised = []struct {
	code   int
	says   string // in the message, any case
	advice string
}{
	{CodeSystem, "already submitted", "The service says this was already submitted: nothing needs sending again. Read the account's KYC status (the Account screen, `purse account status`) for the next step."},
	{CodeSystem, "kyc flow not found", "The service has no KYC flow for this account yet (a fresh account, as the public integration met it): take the account's next KYC step first (the Account screen, `purse account status`), then this call."},
	{CodeSystem, "region", "The service refuses this for the account's region (\"Convert is unavailable in your region\", evidence Pitfalls 6): retrying does not help; the other money flows may still work."},
}

// messageAdvice is the advice of the first messagesAdvised row code and msg match.
func messageAdvice(code int, msg string) (string, bool) {
	m := strings.ToLower(msg)
	for _, a := range messagesAdvised {
		if a.code == code && strings.Contains(m, a.says) {
			return "Code " + strconv.Itoa(code) + " is the service's system error or upstream failure, which it gives to errors it does not name; its message says what happened. " + a.advice, true
		}
	}
	return "", false
}

// routeAdvice is what code most likely means on route, where its row says (Route.Advice).
func routeAdvice(route string, code int) (string, bool) {
	r, ok := LookupRoute(route)
	if !ok {
		return "", false
	}
	x, ok := r.Advice[code]
	return x, ok
}

// NextStep is the plain explanation of what to do, for interfaces that show errors with
// advice (the TUI's footer).
func (e *APIError) NextStep() string { return e.Explanation }

func (e *APIError) Error() string {
	kind := "retCode"
	if e.Gateway {
		kind = "error_code"
	}
	msg := e.Message
	if msg == "" {
		msg = "(no message)"
	}
	return fmt.Sprintf("%s: %s %s: %s. %s", e.Route, kind, e.CodeText, msg, e.Explanation)
}

// Is matches ErrAPI and the sentinel of the error's code.
func (e *APIError) Is(target error) bool {
	if target == ErrAPI {
		return true
	}
	sentinel, ok := codeTable[e.Code]
	return ok && sentinel == target
}

// HTTPError is a non-2xx answer that is not a gateway outage. When the body carried a
// service error, API holds it and errors.Is/As reach it through Unwrap.
type HTTPError struct {
	Route  string
	Status int
	Body   string // bounded excerpt
	API    *APIError
}

func (e *HTTPError) Error() string {
	s := fmt.Sprintf("%s: HTTP %d %s", e.Route, e.Status, http.StatusText(e.Status))
	if e.API != nil {
		return s + ": " + e.API.Error()
	}
	if e.Body != "" {
		s += ": " + e.Body
	}
	return s
}

func (e *HTTPError) Unwrap() error {
	if e.API == nil {
		return nil
	}
	return e.API
}

// GatewayError is HTTP 502, 503 or 504: the service's gateway could not reach the
// service. It is an outage, not a business error; retry later.
type GatewayError struct {
	Route  string
	Status int
}

func (e *GatewayError) Error() string {
	return fmt.Sprintf("%s: gateway outage (HTTP %d %s): the service is unreachable behind its gateway; retry later",
		e.Route, e.Status, http.StatusText(e.Status))
}

// Is matches ErrGatewayOutage.
func (e *GatewayError) Is(target error) bool { return target == ErrGatewayOutage }

// TransportError is a failure to get an answer: connection refused, reset, a timeout,
// a cancelled context, a body cut short.
type TransportError struct {
	Route   string
	Timeout bool          // the client's own timeout (Options.Timeout) expired
	After   time.Duration // the timeout when Timeout is true
	Err     error
}

func (e *TransportError) Error() string {
	if e.Timeout {
		return fmt.Sprintf("%s: no answer within %s: %v", e.Route, e.After, e.Err)
	}
	return fmt.Sprintf("%s: transport: %v", e.Route, e.Err)
}

func (e *TransportError) Unwrap() error { return e.Err }

// Is matches ErrTimeout for the client's own timeout.
func (e *TransportError) Is(target error) bool { return target == ErrTimeout && e.Timeout }

// DecodeError is an answer that could not be read: invalid or truncated JSON, a field of
// the wrong type (a balance that is not a decimal), an unknown envelope.
type DecodeError struct {
	Route  string
	Status int
	Err    error
	Body   string // bounded excerpt
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s: cannot decode the response (HTTP %d): %v", e.Route, e.Status, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// ValidationError is a request refused before anything was sent.
type ValidationError struct {
	Route string
	Field string
	Msg   string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Route, e.Field, e.Msg)
}

func invalid(route, field, format string, args ...any) *ValidationError {
	return &ValidationError{Route: route, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// SignError is a full-auth signature the signer did not give (a key that could not sign, a
// signer that refused): nothing was sent.
type SignError struct {
	Route string
	Err   error
}

func (e *SignError) Error() string {
	return fmt.Sprintf("%s: signing the full-auth headers: %v", e.Route, e.Err)
}

func (e *SignError) Unwrap() error { return e.Err }

// LeftFor says whether err is what became of a request of route after it left: the
// service's answer (code is its retCode for an *APIError, else 0), an HTTP or gateway error,
// an answer that cannot be decoded, or none at all (a transport error). An error of another
// route (a read made first), or one raised before sending, is false: that request never left.
func LeftFor(err error, route string) (left bool, code int) {
	var ae *APIError
	var he *HTTPError
	var de *DecodeError
	var ge *GatewayError
	var te *TransportError
	switch {
	case errors.As(err, &ae):
		return ae.Route == route, ae.Code
	case errors.As(err, &he):
		return he.Route == route, 0
	case errors.As(err, &de):
		return de.Route == route, 0
	case errors.As(err, &ge):
		return ge.Route == route, 0
	case errors.As(err, &te):
		return te.Route == route && !NotSent(err), 0
	}
	return false, 0
}
