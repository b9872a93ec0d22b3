package app

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

	"purse/agent"
	"purse/enduser"
	"purse/internal/evmaddr"
	"purse/protocol"
	"purse/wallet"
)

// Offline signing and verification: what `purse sign` and `purse verify` do. Nothing here
// reads the network; every input is checked before a key is unlocked, and errors name the
// field (*FieldError) so the CLI can name its flag.

// Sign is what a user signs offline with a key of the home (purse sign …): a full-auth
// request, a mint consent, a permit, Form A, a personal message. Each goes through the
// signing gate; none reads the network.
type Sign struct{ s *App }

// Sign is offline signing with the session's keys.
func (s *App) Sign() Sign { return Sign{s} }

// ErrRejected marks a signature or a transaction that was checked and refused (the CLI exits
// 3 for it): a signer other than the expected one, a hash that does not match its payload, a
// permit domain that differs from the chain's.
var ErrRejected = errors.New("rejected")

// RejectedError is a check that refused: a verification that recovered another signer, a
// hash that does not cover its payload, rules that refused a transaction.
type RejectedError struct{ msg string }

func (e *RejectedError) Error() string        { return e.msg }
func (e *RejectedError) Is(target error) bool { return target == ErrRejected }

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

// Resolve returns the deadline. An explicit At outside (now, now + the window] is an error
// naming --allow-any-deadline unless Any is set; then it is taken with a warning the caller
// shows. A TTL above the window is an error.
func (d Deadline) Resolve(now time.Time) (deadline int64, warning string, err error) {
	switch {
	case d.At != nil && d.TTL != nil:
		return 0, "", Usagef("give a deadline or a ttl, not both")
	case d.At != nil:
		if *d.At <= 0 {
			return 0, "", fieldErr("deadline", "expected Unix seconds above 0, got %d", *d.At)
		}
		warning := deadlineWarningWithin(*d.At, now, d.window())
		if warning != "" && !d.Any {
			return 0, "", fieldErr("deadline", "%s; give --allow-any-deadline to sign it anyway (an agent then always asks for confirmation)", warning)
		}
		return *d.At, warning, nil
	case d.TTL != nil:
		if *d.TTL <= 0 || *d.TTL > d.window() {
			return 0, "", fieldErr("ttl", "expected a duration above 0 and at most %s, got %s", d.window(), *d.TTL)
		}
		return now.Add(*d.TTL).Unix(), "", nil
	case d.Default:
		return now.Add(protocol.DefaultFullAuthWindow).Unix(), "", nil
	}
	return 0, "", fieldErr("deadline", "required (Unix seconds)")
}

// DeadlineWarning says why the service will refuse a deadline ("" when it will not).
func DeadlineWarning(deadline int64, now time.Time) string {
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

// signerOf is the audited EVM signer of a key label (offline signing names the key).
func (s *App) signerOf(label string, u *Unlock) (wallet.EVMSigner, error) {
	if label == "" {
		return nil, fieldErr("key", "expected a key label (see `purse key list`)")
	}
	return s.evmSignerOf(label, u)
}

// signFullAuthOffline signs r with key label. Through an agent the request goes at once
// (agentEVMOnSign: the headers need no address before the signature, so the "key" round trip
// is saved, one of the two of a `purse sign full-auth`); when no agent answers on the socket
// (nothing was signed), the key is the session's or the key store's, as evmSignerOf gives.
func (s *App) signFullAuthOffline(label string, u *Unlock, r wallet.Request, now time.Time) (wallet.FullAuth, error) {
	if label == "" {
		return wallet.FullAuth{}, fieldErr("key", "expected a key label (see `purse key list`)")
	}
	if c := s.signingAgent(); c != nil {
		onSign := &agentEVMOnSign{EVMSigner: &agent.EVMSigner{C: c, Label: label, Profile: s.Profile().Name},
			unlock: func() (wallet.EVMSigner, error) { return s.agentEVM(c, label, u) }}
		fa, err := wallet.SignFullAuthRequest(onSign, r, now)
		if !errors.Is(err, agent.ErrNoAgent) {
			return fa, err
		}
	}
	signer, err := s.localEVMSignerOf(label, u)
	if err != nil {
		return wallet.FullAuth{}, err
	}
	return wallet.SignFullAuthRequest(signer, r, now)
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
	if len(p.Body) > MaxBodyBytes {
		return tooLarge("body-file", "the body", MaxBodyBytes)
	}
	if p.Query != nil && len(*p.Query) > MaxBodyBytes {
		return tooLarge("query", "the query", MaxBodyBytes)
	}
	if p.Query != nil && strings.HasPrefix(*p.Query, "?") {
		return fieldErr("query", "expected the query string without its leading '?' (a=1, not ?a=1), got %q", *p.Query)
	}
	if p.Query != nil {
		if i, what := badQueryByte(*p.Query); i >= 0 {
			return fieldErr("query", "expected a query string a URL carries as it is (RFC 3986: letters, digits, -._~!$&'()*+,;=:@/? and %%XX escapes); byte %d is %s (percent-encode it)", i+1, what)
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

// SignedFullAuth is the headers of one request and what they sign.
type SignedFullAuth struct {
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
			return "", fieldErr("route", "expected a route name (%s) or its path, got %q", strings.Join(enduser.RouteNames(), ", "), in.Route)
		}
		if r.Method != method {
			return "", fieldErr("route", "route %s is a %s, the signature is for a %s", r.Name, r.Method, method)
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
func (si Sign) FullAuth(in FullAuthInput, u *Unlock, now time.Time) (SignedFullAuth, error) {
	s := si.s
	if err := protocol.CheckTokenID(in.TokenID); err != nil {
		return SignedFullAuth{}, &FieldError{Field: "token-id", Err: err}
	}
	if err := protocol.CheckNetwork(in.Network); err != nil {
		return SignedFullAuth{}, &FieldError{Field: "network", Err: err}
	}
	if err := in.Payload.check(); err != nil {
		return SignedFullAuth{}, err
	}
	method := strings.ToUpper(in.Method)
	switch {
	case method == "GET" && in.Payload.Body != nil:
		return SignedFullAuth{}, fieldErr("body-file", "a GET has no body; sign its query string")
	case method == "POST" && in.Payload.Query != nil:
		return SignedFullAuth{}, fieldErr("query", "a POST signs its body; give the body")
	case method != "GET" && method != "POST":
		return SignedFullAuth{}, fieldErr("method", "expected GET or POST, got %q", in.Method)
	}
	payload := in.Payload.bytes()
	deadline, warning, err := in.Deadline.Resolve(now)
	if err != nil {
		return SignedFullAuth{}, err
	}
	route, err := in.route(method)
	if err != nil {
		return SignedFullAuth{}, err
	}
	fa, err := s.signFullAuthOffline(in.Key, u, wallet.Request{Purpose: wallet.PurposeFullAuth, Method: method, Route: route, Payload: payload,
		Deadline: strconv.FormatInt(deadline, 10), AnyDeadline: in.Deadline.Any}, now)
	if err != nil {
		return SignedFullAuth{}, err
	}
	out := SignedFullAuth{TokenID: in.TokenID, Network: in.Network, Hash: fa.Hash, Deadline: strconv.FormatInt(fa.Deadline, 10),
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

// SignedMintConsent is the body of POST /v1/mint/nft with the consent signature.
type SignedMintConsent struct {
	Email      string `json:"email"`
	EVMAddress string `json:"evmAddress"`
	Signature  string `json:"signature"`
	Hash       string `json:"hash"`
	Deadline   string `json:"deadline"`
	Message    string `json:"-"`
	Warning    string `json:"-"`
}

// MintConsent signs the partner mint consent of the free-text hash.
func (si Sign) MintConsent(key, hash, email string, dl Deadline, u *Unlock, now time.Time) (SignedMintConsent, error) {
	s := si.s
	if hash == "" {
		return SignedMintConsent{}, fieldErr("hash", "expected the consent text to sign, got nothing")
	}
	if !utf8.ValidString(hash) {
		return SignedMintConsent{}, fieldErr("hash", "expected UTF-8 text")
	}
	if email != "" {
		if err := enduser.CheckEmail(email); err != nil {
			return SignedMintConsent{}, &FieldError{Field: "email", Err: err}
		}
	}
	dl.Window = protocol.MaxMintConsentWindow
	deadline, warning, err := dl.Resolve(now)
	if err != nil {
		return SignedMintConsent{}, err
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return SignedMintConsent{}, err
	}
	mc, err := wallet.SignMintConsentRequest(signer, wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: hash,
		Deadline: strconv.FormatInt(deadline, 10), AnyDeadline: dl.Any}, now)
	if err != nil {
		return SignedMintConsent{}, err
	}
	return SignedMintConsent{email, mc.EVMAddress, mc.Signature, mc.Hash, mc.Deadline, mc.Message, warning}, nil
}

// PermitInput is an EIP-2612 permit as typed: every number in digits, addresses 0x hex.
type PermitInput struct {
	Token, Name, Version, ChainID, Spender, Value, Nonce string
	Deadline                                             int64
}

// Permit checks in and builds the permit owner signs.
func (in PermitInput) Permit(owner common.Address) (wallet.Permit, error) {
	tok, err := ParseAddress("token", in.Token)
	if err != nil {
		return wallet.Permit{}, err
	}
	sp, err := ParseAddress("spender", in.Spender)
	if err != nil {
		return wallet.Permit{}, err
	}
	nums := make([]*big.Int, 3)
	for i, f := range []struct{ name, v string }{{"chain-id", in.ChainID}, {"value", in.Value}, {"nonce", in.Nonce}} {
		if nums[i], err = ParseUint256(f.name, f.v); err != nil {
			return wallet.Permit{}, err
		}
	}
	if in.Deadline <= 0 {
		return wallet.Permit{}, fieldErr("deadline", "expected Unix seconds above 0, got %d", in.Deadline)
	}
	if in.Name == "" {
		return wallet.Permit{}, fieldErr("name", "expected the token's name(), got nothing")
	}
	return wallet.Permit{
		Domain: wallet.PermitDomain{Name: in.Name, Version: in.Version, ChainID: nums[0], VerifyingContract: tok},
		Owner:  owner, Spender: sp, Value: nums[1], Nonce: nums[2], Deadline: big.NewInt(in.Deadline),
	}, nil
}

// SignedPermit is an offline permit signature with what it signed.
type SignedPermit struct {
	wallet.PermitSignature
	Permit  wallet.Permit `json:"-"`
	Warning string        `json:"-"`
}

// Permit signs the permit of in with the key; everything is checked before the
// key is unlocked.
func (si Sign) Permit(key string, in PermitInput, u *Unlock, now time.Time) (SignedPermit, error) {
	s := si.s
	if _, err := in.Permit(common.Address{}); err != nil {
		return SignedPermit{}, err
	}
	signer, err := s.signerOf(key, u)
	if err != nil {
		return SignedPermit{}, err
	}
	p, err := in.Permit(signer.Address())
	if err != nil {
		return SignedPermit{}, err
	}
	ps, err := wallet.SignPermit(signer, p)
	if err != nil {
		return SignedPermit{}, err
	}
	return SignedPermit{PermitSignature: ps, Permit: p, Warning: DeadlineWarning(in.Deadline, now)}, nil
}

// FormA signs the exact Form A text (EIP-191) and gives its textHash.
func (si Sign) FormA(key string, text []byte, u *Unlock) (wallet.FormA, error) {
	s := si.s
	if len(text) > MaxFormABytes {
		return wallet.FormA{}, tooLarge("text-file", "the Form A text", MaxFormABytes)
	}
	if err := wallet.CheckFormAText(string(text)); err != nil {
		return wallet.FormA{}, &FieldError{Field: "text-file", Err: err}
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
func (si Sign) Personal(key string, msg []byte, u *Unlock) (PersonalSignature, error) {
	s := si.s
	if len(msg) > MaxMessageBytes {
		return PersonalSignature{}, tooLarge("message", "the message", MaxMessageBytes)
	}
	if wallet.IsConsentMessage(msg) {
		return PersonalSignature{}, &FieldError{Field: "message", Err: fmt.Errorf("%w; a consent message is signed only from what it authorises: `purse sign full-auth` (a payload) or `purse sign mint-consent` (a hash)", wallet.ErrConsentMessage)}
	}
	if err := (wallet.Request{Purpose: wallet.PurposePersonal, Message: msg}).Check(time.Now()); err != nil {
		return PersonalSignature{}, &FieldError{Field: "message", Err: err}
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
func (si Sign) TypedData(key string, doc []byte, u *Unlock) (TypedDataSignature, error) {
	td, err := wallet.ParseTypedData(doc)
	if err != nil {
		return TypedDataSignature{}, &FieldError{Field: "file", Err: err}
	}
	signer, err := si.s.signerOf(key, u)
	if err != nil {
		return TypedDataSignature{}, err
	}
	sig, err := wallet.SignTypedData(signer, doc)
	if err != nil {
		return TypedDataSignature{}, err
	}
	return TypedDataSignature{signer.Address().Hex(), hexutil.Encode(sig), td.Digest.Hex(), td.DomainSeparator.Hex(), td.MessageHash.Hex(), td.Doc.PrimaryType}, nil
}

// Verification is a recovered signer against the expected one. Note says what the signed
// bytes are when that matters more than who signed them (a personal message that is a
// full-auth credential).
type Verification struct {
	Recovered string `json:"recovered"`
	Expected  string `json:"expected"`
	Valid     bool   `json:"valid"`
	Note      string `json:"note,omitempty"`
}

// FullAuthNote is what a personal_sign of a consent message really is.
const FullAuthNote = "the message is a full-auth credential: \"" + wallet.ConsentPrefix + "\" + keccak256(hash+deadline) authorises end-user API calls (and a mint consent) as the signer"

// canonical refuses, after recovery, a signature on-chain verifiers reject (high s, v not
// 27/28); what refuses it is said by who (the token, for a permit).
func canonical(v Verification, sig, who string) (Verification, error) {
	if err := wallet.CheckCanonical(sig); err != nil {
		v.Valid = false
		return v, &RejectedError{fmt.Sprintf("%v: %s (it recovers %s)", err, who, v.Recovered)}
	}
	return v, nil
}

// verify compares; a mismatch comes back with a *RejectedError (ErrRejected).
func verify(recovered common.Address, expected string) (Verification, error) {
	want, err := ParseAddress("address", expected)
	if err != nil {
		return Verification{}, err
	}
	v := Verification{Recovered: recovered.Hex(), Expected: want.Hex(), Valid: recovered == want}
	if !v.Valid {
		return v, &RejectedError{fmt.Sprintf("signature was made by %s, not %s", v.Recovered, v.Expected)}
	}
	return v, nil
}

// VerifyPersonal recovers the signer of an EIP-191 personal_sign of msg.
func VerifyPersonal(expected string, msg []byte, sig string) (Verification, error) {
	if len(msg) > MaxMessageBytes {
		return Verification{}, tooLarge("message", "the message", MaxMessageBytes)
	}
	addr, err := wallet.RecoverPersonal(msg, sig)
	if err != nil {
		return Verification{}, &FieldError{Field: "signature", Err: err}
	}
	v, err := verify(addr, expected)
	if wallet.IsConsentMessage(msg) {
		v.Note = FullAuthNote
	}
	if err != nil {
		return v, err
	}
	return canonical(v, sig, "contracts verifying it with OpenZeppelin ECDSA refuse it")
}

// VerifyFullAuth recovers the signer of full-auth headers; with a payload it also checks
// that hash is its keccak256.
func VerifyFullAuth(expected, hash, deadline, sign string, p Payload) (Verification, error) {
	if !isDigits(deadline) {
		return Verification{}, fieldErr("deadline", "expected Unix seconds in digits, got %q", deadline)
	}
	if err := p.check(); err != nil {
		return Verification{}, err
	}
	if p.Body != nil || p.Query != nil {
		if got := wallet.PayloadHash(p.bytes()); got != hash {
			return Verification{}, &RejectedError{fmt.Sprintf("hash %s is not keccak256 of the payload (%s)", hash, got)}
		}
	}
	addr, err := wallet.RecoverFullAuth(hash, deadline, sign)
	if err != nil {
		return Verification{}, &FieldError{Field: "sign", Err: err}
	}
	return verify(addr, expected)
}

// VerifyPermit recovers the signer of a permit the owner should have signed.
func VerifyPermit(owner string, in PermitInput, sig string) (Verification, error) {
	o, err := ParseAddress("owner", owner)
	if err != nil {
		return Verification{}, err
	}
	p, err := in.Permit(o)
	if err != nil {
		return Verification{}, err
	}
	addr, err := wallet.RecoverPermit(p, sig)
	if err != nil {
		return Verification{}, &FieldError{Field: "signature", Err: err}
	}
	v, err := verify(addr, owner)
	if err != nil {
		return v, err
	}
	return canonical(v, sig, "the token's permit() will not accept it")
}

// ParseAddress reads an address the user typed (evmaddr.Parse: a mixed-case address
// must pass its EIP-55 checksum); the error names the field.
func ParseAddress(field, s string) (common.Address, error) {
	a, err := evmaddr.Parse(s)
	if err != nil {
		return common.Address{}, &FieldError{Field: field, Err: err}
	}
	return a, nil
}

// ParseUint256 reads a non-negative integer below 2^256 in digits.
func ParseUint256(field, s string) (*big.Int, error) {
	if !isDigits(s) {
		return nil, fieldErr(field, "expected a non-negative integer, got %q", s)
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.BitLen() > 256 {
		return nil, fieldErr(field, "expected an integer below 2^256, got %q", s)
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

// Now is the service's time as far as this session knows it: the local clock corrected by
// the offset of the last answer that carried the server's time (the local clock before any).
// Offline signatures take their deadline bounds from it.
func (s *App) Now() time.Time { return s.clock.Now() }
