// Package sign is offline signing and verification: what `purse sign` and `purse verify` do.
// Nothing here reads the network; every input is checked before a key is unlocked, and
// errors name the field (*app.FieldError) so the CLI can name its flag. A signature goes
// through the core's signing gate with a key the user names by its label; the package
// reaches the application core only through its port (app/internal/port). Verifying needs
// no core at all.
package sign

import (
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
	"purse/protocol"
	"purse/wallet"
)

// Service is what a user signs offline with a key of the home (purse sign …): a full-auth
// request, a mint consent, a permit, Form A, a personal message, EIP-712 typed data. Each
// goes through the signing gate; none reads the network.
type Service struct{ core port.Sign }

// New is offline signing with the keys of core's session.
func New(core *app.App) Service {
	s, _ := port.SignOf(core)
	return Service{s}
}

// errNoCore is the error of a Service made without an application core: it has no key to
// sign with.
var errNoCore = errors.New("sign: no application core")

// Deadline is how a signature's deadline is chosen: At (Unix seconds) or TTL from now, at
// most one of them; neither means the default window when Default is set. Any lets an
// explicit At lie outside the protocol's bounds (`--allow-any-deadline`): testers craft
// expired or over-long credentials on purpose, and say so.
type Deadline struct {
	At      *int64
	TTL     *time.Duration
	Default bool // no deadline given means now + protocol.DefaultFullAuthWindow
	Any     bool
	// Window is the longest validity the service accepts for what is signed (0: the
	// full-auth 20 minutes; a mint consent's is 300 s).
	Window time.Duration
}

func (d Deadline) window() time.Duration {
	if d.Window > 0 {
		return d.Window
	}
	return protocol.MaxFullAuthWindow
}

// resolve returns the deadline. An explicit At outside (now, now + the window] is an error
// naming --allow-any-deadline unless Any is set; then it is taken with a warning the caller
// shows. A TTL above the window is an error.
func (d Deadline) resolve(now time.Time) (deadline int64, warning string, err error) {
	switch {
	case d.At != nil && d.TTL != nil:
		return 0, "", app.Usagef("give a deadline or a ttl, not both")
	case d.At != nil:
		if *d.At <= 0 {
			return 0, "", &app.FieldError{Field: "deadline", Err: fmt.Errorf("expected Unix seconds above 0, got %d", *d.At)}
		}
		warning := deadlineWarningWithin(*d.At, now, d.window())
		if warning != "" && !d.Any {
			return 0, "", &app.FieldError{Field: "deadline", Err: fmt.Errorf("%s; give --allow-any-deadline to sign it anyway (an agent then always asks for confirmation)", warning)}
		}
		return *d.At, warning, nil
	case d.TTL != nil:
		if *d.TTL <= 0 || *d.TTL > d.window() {
			return 0, "", &app.FieldError{Field: "ttl", Err: fmt.Errorf("expected a duration above 0 and at most %s, got %s", d.window(), *d.TTL)}
		}
		return now.Add(*d.TTL).Unix(), "", nil
	case d.Default:
		return now.Add(protocol.DefaultFullAuthWindow).Unix(), "", nil
	}
	return 0, "", &app.FieldError{Field: "deadline", Err: errors.New("required (Unix seconds)")}
}

// deadlineWarning says why the service will refuse a full-auth deadline ("" when it will not).
func deadlineWarning(deadline int64, now time.Time) string {
	return deadlineWarningWithin(deadline, now, protocol.MaxFullAuthWindow)
}

func deadlineWarningWithin(deadline int64, now time.Time, window time.Duration) string {
	switch {
	case deadline <= now.Unix():
		return fmt.Sprintf("deadline %d is in the past (%s ago): the service will reject it", deadline, now.Sub(time.Unix(deadline, 0)).Round(time.Second))
	case deadline > now.Add(window).Unix():
		ahead := window.String()
		if window%time.Minute == 0 {
			ahead = fmt.Sprintf("%d minutes", int(window/time.Minute))
		}
		return fmt.Sprintf("deadline %d is more than %s ahead: the service will reject it", deadline, ahead)
	}
	return ""
}

// checkKey refuses an empty key label: offline signing names the key, it has no default.
func checkKey(label string) error {
	if label == "" {
		return &app.FieldError{Field: "key", Err: errors.New("expected a key label (see `purse key list`)")}
	}
	return nil
}

// signerOf is the audited EVM signer of a key label (offline signing names the key).
func (s Service) signerOf(label string, u *app.Unlock) (wallet.EVMSigner, error) {
	if err := checkKey(label); err != nil {
		return nil, err
	}
	if s.core == nil {
		return nil, errNoCore
	}
	return s.core.EVMSignerOf(label, u)
}

// signFullAuth signs the full-auth request r with key label: the core signs it
// (port.Sign.SignFullAuth), through an agent in one round trip when one answers.
func (s Service) signFullAuth(label string, u *app.Unlock, r wallet.Request, now time.Time) (wallet.FullAuth, error) {
	if err := checkKey(label); err != nil {
		return wallet.FullAuth{}, err
	}
	if s.core == nil {
		return wallet.FullAuth{}, errNoCore
	}
	return s.core.SignFullAuth(label, u, r, now)
}

// Payload is what a full-auth hash covers: the exact body of a POST or the raw query string
// of a GET. A nil field was not given.
type Payload struct {
	Body  []byte
	Query *string
}

// check refuses a query given with its "?": the hash covers the query string only, and
// dropping the "?" silently would sign bytes other than those typed.
func (p Payload) check() error {
	if len(p.Body) > app.MaxBodyBytes {
		return app.TooLarge("body-file", "the body", app.MaxBodyBytes)
	}
	if p.Query != nil && len(*p.Query) > app.MaxBodyBytes {
		return app.TooLarge("query", "the query", app.MaxBodyBytes)
	}
	if p.Query != nil && strings.HasPrefix(*p.Query, "?") {
		return &app.FieldError{Field: "query", Err: fmt.Errorf("expected the query string without its leading '?' (a=1, not ?a=1), got %q", *p.Query)}
	}
	if p.Query != nil {
		if i, what := badQueryByte(*p.Query); i >= 0 {
			return &app.FieldError{Field: "query", Err: fmt.Errorf("expected a query string a URL carries as it is (RFC 3986: letters, digits, -._~!$&'()*+,;=:@/? and %%XX escapes); byte %d is %s (percent-encode it)", i+1, what)}
		}
	}
	return nil
}

// badQueryByte finds the first byte of q a URL's query cannot carry unescaped (RFC 3986
// section 3.4), with what it is; -1 when there is none. The service hashes the query it
// receives: a byte a client or proxy would encode on the way signs another query.
func badQueryByte(q string) (int, string) {
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-._~!$&'()*+,;=:@/?", c) >= 0:
		case c == '%':
			if i+2 >= len(q) || !isHex(q[i+1]) || !isHex(q[i+2]) {
				return i, "a '%' not followed by two hex digits"
			}
			i += 2
		case c == ' ':
			return i, "a space"
		case c > ' ' && c < 0x7f:
			return i, fmt.Sprintf("%q", rune(c))
		default:
			return i, fmt.Sprintf("the byte 0x%02X", c)
		}
	}
	return -1, ""
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func (p Payload) bytes() []byte {
	if p.Query != nil {
		return []byte(*p.Query)
	}
	return p.Body
}

// FullAuthInput is one request to sign full-auth headers for.
type FullAuthInput struct {
	Key, TokenID, Network, Method string
	Payload                       Payload
	// URL, when set, adds a ready-to-run curl command for it.
	URL      string
	Deadline Deadline
	// Route names the call (a route name or path; else the URL's path): an agent judges the
	// signature by it. Unnamed, the call is an unknown route.
	Route string
}

// FullAuth is the signed headers of one request and what they sign.
type FullAuth struct {
	TokenID      string `json:"tokenId"`
	Network      string `json:"network"`
	Hash         string `json:"hash"`
	Deadline     string `json:"deadline"`
	Sign         string `json:"sign"`
	Intermediate string `json:"intermediate"`
	Message      string `json:"message"`
	Curl         string `json:"curl,omitempty"`
	Warning      string `json:"warning,omitempty"`
}

// route is the route name of the call in names: --route, else the --curl URL's path when
// the table knows it, else "" (unknown).
func (in FullAuthInput) route(method string) (string, error) {
	if in.Route != "" {
		r, ok := enduser.FindRoute(method, in.Route)
		if !ok {
			return "", &app.FieldError{Field: "route", Err: fmt.Errorf("expected a route name (%s) or its path, got %q", strings.Join(enduser.RouteNames(), ", "), in.Route)}
		}
		if r.Method != method {
			return "", &app.FieldError{Field: "route", Err: fmt.Errorf("route %s is a %s, the signature is for a %s", r.Name, r.Method, method)}
		}
		return r.Name, nil
	}
	if u, err := url.Parse(in.URL); err == nil && in.URL != "" {
		if r, ok := enduser.FindRoute(method, u.Path); ok {
			return r.Name, nil
		}
	}
	return "", nil
}

// FullAuth signs the full-auth headers of in.
func (s Service) FullAuth(in FullAuthInput, u *app.Unlock, now time.Time) (FullAuth, error) {
	if err := protocol.CheckTokenID(in.TokenID); err != nil {
		return FullAuth{}, &app.FieldError{Field: "token-id", Err: err}
	}
	if err := protocol.CheckNetwork(in.Network); err != nil {
		return FullAuth{}, &app.FieldError{Field: "network", Err: err}
	}
	if err := in.Payload.check(); err != nil {
		return FullAuth{}, err
	}
	method := strings.ToUpper(in.Method)
	switch {
	case method == "GET" && in.Payload.Body != nil:
		return FullAuth{}, &app.FieldError{Field: "body-file", Err: errors.New("a GET has no body; sign its query string")}
	case method == "POST" && in.Payload.Query != nil:
		return FullAuth{}, &app.FieldError{Field: "query", Err: errors.New("a POST signs its body; give the body")}
	case method != "GET" && method != "POST":
		return FullAuth{}, &app.FieldError{Field: "method", Err: fmt.Errorf("expected GET or POST, got %q", in.Method)}
	}
	payload := in.Payload.bytes()
	deadline, warning, err := in.Deadline.resolve(now)
	if err != nil {
		return FullAuth{}, err
	}
	route, err := in.route(method)
	if err != nil {
		return FullAuth{}, err
	}
	fa, err := s.signFullAuth(in.Key, u, wallet.Request{Purpose: wallet.PurposeFullAuth, Method: method, Route: route, Payload: payload,
		Deadline: strconv.FormatInt(deadline, 10), AnyDeadline: in.Deadline.Any}, now)
	if err != nil {
		return FullAuth{}, err
	}
	out := FullAuth{TokenID: in.TokenID, Network: in.Network, Hash: fa.Hash, Deadline: strconv.FormatInt(fa.Deadline, 10),
		Sign: fa.Sign, Intermediate: fa.Intermediate, Message: fa.Message, Warning: warning}
	if in.URL != "" {
		headers := []enduser.Header{{Name: "tokenId", Value: in.TokenID}, {Name: "network", Value: in.Network},
			{Name: "hash", Value: fa.Hash}, {Name: "deadline", Value: out.Deadline}, {Name: "sign", Value: fa.Sign}}
		if method == "GET" {
			url := in.URL
			if len(payload) > 0 {
				url += "?" + string(payload)
			}
			out.Curl = enduser.CurlCommand(method, url, headers, nil)
		} else {
			body := string(payload)
			out.Curl = enduser.CurlCommand(method, in.URL, append(headers, enduser.Header{Name: "Content-Type", Value: "application/json"}), &body)
		}
	}
	return out, nil
}

// MintConsent is the body of POST /v1/mint/nft with the consent signature.
type MintConsent struct {
	Email      string `json:"email"`
	EVMAddress string `json:"evmAddress"`
	Signature  string `json:"signature"`
	Hash       string `json:"hash"`
	Deadline   string `json:"deadline"`
	Message    string `json:"-"`
	Warning    string `json:"-"`
}

// MintConsent signs the partner mint consent of the free-text hash.
func (s Service) MintConsent(key, hash, email string, dl Deadline, u *app.Unlock, now time.Time) (MintConsent, error) {
	if hash == "" {
		return MintConsent{}, &app.FieldError{Field: "hash", Err: errors.New("expected the consent text to sign, got nothing")}
	}
	if !utf8.ValidString(hash) {
		return MintConsent{}, &app.FieldError{Field: "hash", Err: errors.New("expected UTF-8 text")}
	}
	if email != "" {
		if err := enduser.CheckEmail(email); err != nil {
			return MintConsent{}, &app.FieldError{Field: "email", Err: err}
		}
	}
	dl.Window = protocol.MaxMintConsentWindow
	deadline, warning, err := dl.resolve(now)
	if err != nil {
		return MintConsent{}, err
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return MintConsent{}, err
	}
	mc, err := wallet.SignMintConsentRequest(signer, wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: hash,
		Deadline: strconv.FormatInt(deadline, 10), AnyDeadline: dl.Any}, now)
	if err != nil {
		return MintConsent{}, err
	}
	return MintConsent{email, mc.EVMAddress, mc.Signature, mc.Hash, mc.Deadline, mc.Message, warning}, nil
}

// PermitInput is an EIP-2612 permit as typed: every number in digits, addresses 0x hex.
type PermitInput struct {
	Token, Name, Version, ChainID, Spender, Value, Nonce string
	Deadline                                             int64
}

// permit checks in and builds the permit owner signs.
func (in PermitInput) permit(owner common.Address) (wallet.Permit, error) {
	tok, err := app.ParseAddress("token", in.Token)
	if err != nil {
		return wallet.Permit{}, err
	}
	sp, err := app.ParseAddress("spender", in.Spender)
	if err != nil {
		return wallet.Permit{}, err
	}
	nums := make([]*big.Int, 3)
	for i, f := range []struct{ name, v string }{{"chain-id", in.ChainID}, {"value", in.Value}, {"nonce", in.Nonce}} {
		if nums[i], err = parseUint256(f.name, f.v); err != nil {
			return wallet.Permit{}, err
		}
	}
	if in.Deadline <= 0 {
		return wallet.Permit{}, &app.FieldError{Field: "deadline", Err: fmt.Errorf("expected Unix seconds above 0, got %d", in.Deadline)}
	}
	return wallet.Permit{
		Domain: wallet.PermitDomain{Name: in.Name, Version: in.Version, ChainID: nums[0], VerifyingContract: tok},
		Owner:  owner, Spender: sp, Value: nums[1], Nonce: nums[2], Deadline: big.NewInt(in.Deadline),
	}, nil
}

// Permit is an offline permit signature with what it signed.
type Permit struct {
	wallet.PermitSignature
	Permit  wallet.Permit `json:"-"`
	Warning string        `json:"-"`
}

// Permit signs the permit of in with the key; everything is checked before the
// key is unlocked.
func (s Service) Permit(key string, in PermitInput, u *app.Unlock, now time.Time) (Permit, error) {
	if _, err := in.permit(common.Address{}); err != nil {
		return Permit{}, err
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return Permit{}, err
	}
	p, err := in.permit(signer.Address())
	if err != nil {
		return Permit{}, err
	}
	ps, err := wallet.SignPermit(signer, p)
	if err != nil {
		return Permit{}, err
	}
	return Permit{PermitSignature: ps, Permit: p, Warning: joinWarnings(deadlineWarning(in.Deadline, now), emptyDomainWarning(p.Domain))}, nil
}

// emptyDomainWarning says what an empty domain name or version means ("" when neither is):
// EIP-712 allows it, and the permit holds only for a token whose name() or version is "".
func emptyDomainWarning(d wallet.PermitDomain) string {
	empty := d.Empty()
	if len(empty) == 0 {
		return ""
	}
	for i, f := range empty {
		empty[i] = "--" + f
	}
	return strings.Join(empty, " and ") + " empty: signed with the empty string, as EIP-712 allows; the token refuses this permit unless its domain has that empty value too (compare its DOMAIN_SEPARATOR() with domainSeparator)"
}

func joinWarnings(ws ...string) string {
	var out []string
	for _, w := range ws {
		if w != "" {
			out = append(out, w)
		}
	}
	return strings.Join(out, "; ")
}

// FormA signs the exact Form A text (EIP-191) and gives its textHash.
func (s Service) FormA(key string, text []byte, u *app.Unlock) (wallet.FormA, error) {
	if len(text) > app.MaxFormABytes {
		return wallet.FormA{}, app.TooLarge("text-file", "the Form A text", app.MaxFormABytes)
	}
	if err := wallet.CheckFormAText(string(text)); err != nil {
		return wallet.FormA{}, &app.FieldError{Field: "text-file", Err: err}
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return wallet.FormA{}, err
	}
	return wallet.SignFormA(signer, string(text))
}

// PersonalSignature is an EIP-191 personal_sign.
type PersonalSignature struct {
	Address   string `json:"address"`
	Signature string `json:"signature"`
	Digest    string `json:"digest"`
}

// Personal signs msg with EIP-191 personal_sign. A message that begins with the
// full-auth consent prefix is a full-auth credential, which only `purse sign full-auth` and
// `purse sign mint-consent` make (from the payload or the hash they sign): it is refused.
func (s Service) Personal(key string, msg []byte, u *app.Unlock) (PersonalSignature, error) {
	if len(msg) > app.MaxMessageBytes {
		return PersonalSignature{}, app.TooLarge("message", "the message", app.MaxMessageBytes)
	}
	if wallet.IsConsentMessage(msg) {
		return PersonalSignature{}, &app.FieldError{Field: "message", Err: fmt.Errorf("%w; a consent message is signed only from what it authorises: `purse sign full-auth` (a payload) or `purse sign mint-consent` (a hash)", wallet.ErrConsentMessage)}
	}
	if err := (wallet.Request{Purpose: wallet.PurposePersonal, Message: msg}).Check(time.Now()); err != nil {
		return PersonalSignature{}, &app.FieldError{Field: "message", Err: err}
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return PersonalSignature{}, err
	}
	sig, err := wallet.SignPersonal(signer, msg)
	if err != nil {
		return PersonalSignature{}, err
	}
	return PersonalSignature{signer.Address().Hex(), hexutil.Encode(sig), wallet.PersonalHash(msg).Hex()}, nil
}

// TypedDataSignature is an EIP-712 typed-data signature (eth_signTypedData_v4) and the
// hashes it is made of.
type TypedDataSignature struct {
	Address         string `json:"address"`
	Signature       string `json:"signature"`
	Digest          string `json:"digest"`
	DomainSeparator string `json:"domainSeparator"`
	MessageHash     string `json:"messageHash"`
	PrimaryType     string `json:"primaryType"`
}

// TypedData signs the EIP-712 document doc (the JSON eth_signTypedData_v4 takes) as the
// signing core reads it (wallet.ParseTypedData); a document it refuses is refused here,
// naming the field, before any key is unlocked.
func (s Service) TypedData(key string, doc []byte, u *app.Unlock) (TypedDataSignature, error) {
	td, err := wallet.ParseTypedData(doc)
	if err != nil {
		return TypedDataSignature{}, &app.FieldError{Field: "file", Err: err}
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return TypedDataSignature{}, err
	}
	sig, err := wallet.SignTypedData(signer, doc)
	if err != nil {
		return TypedDataSignature{}, err
	}
	return TypedDataSignature{signer.Address().Hex(), hexutil.Encode(sig), td.Digest.Hex(), td.DomainSeparator.Hex(), td.MessageHash.Hex(), td.Doc.PrimaryType}, nil
}

// parseUint256 reads a non-negative integer below 2^256 in digits.
func parseUint256(field, s string) (*big.Int, error) {
	if !isDigits(s) {
		return nil, &app.FieldError{Field: field, Err: fmt.Errorf("expected a non-negative integer, got %q", s)}
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.BitLen() > 256 {
		return nil, &app.FieldError{Field: field, Err: fmt.Errorf("expected an integer below 2^256, got %q", s)}
	}
	return n, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
