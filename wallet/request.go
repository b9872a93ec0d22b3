package wallet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"

	"purse/protocol"
)

// Request is one signature asked for in the protocol's terms (the call, the typed data, the
// text), never as a digest or as bytes the caller chose. Every signer, in the process or in
// the agent, builds the digest from the request's fields with Digest, so it knows what it
// signs and no purpose can produce a digest another purpose would (a consent message is
// full-auth's and the mint consent's alone, a partner-auth message is built from the call's
// parts). A field that does not belong to the purpose makes the request invalid.
type Request struct {
	Purpose Purpose `json:"purpose"`
	// Method and Route name the end-user call of a full-auth signature as the client states
	// it; the signature itself covers only the payload and the deadline, so a signer judges
	// the call by its Payload, not by this name.
	Method string `json:"method,omitempty"`
	Route  string `json:"route,omitempty"`
	// Payload is what a full-auth hash is taken of: the exact body (POST) or raw query (GET);
	// nil and empty are the same, no payload (a read).
	Payload []byte `json:"payload,omitempty"`
	// Hash is the free-text hash of a mint consent (spec 4.4), the one purpose whose hash is
	// not computed by the signer.
	Hash string `json:"hash,omitempty"`
	// Deadline is the decimal deadline (Unix seconds) of full-auth and mint consent.
	Deadline string `json:"deadline,omitempty"`
	// AnyDeadline lets a full-auth or mint-consent deadline lie outside the protocol's
	// bounds (a tester's expired or over-long credential, `--allow-any-deadline`); an agent
	// never signs such a request without the user's confirmation.
	AnyDeadline bool `json:"anyDeadline,omitempty"`
	// Permit is the EIP-2612 permit (purpose permit).
	Permit *Permit `json:"permit,omitempty"`
	// Text is the Form A declaration (purpose form-a).
	Text string `json:"text,omitempty"`
	// Message is the personal_sign message (personal) or the serialized Solana message
	// (solana-tx).
	Message []byte `json:"message,omitempty"`
	// Quote is the alt-chain quote a Solana transaction came with, so a signer in another
	// process can apply the checklist to it before signing.
	Quote []byte `json:"quote,omitempty"`
	// Partner is the partner API call a partner-auth signature authenticates.
	Partner *PartnerCall `json:"partner,omitempty"`
	// TypedData is the EIP-712 document a typed-data signature is made over, as the caller
	// gave it: every signer reads it with ParseTypedData.
	TypedData json.RawMessage `json:"typedData,omitempty"`
	// MintEmail is the e-mail of the partner mint that is to carry a mint consent. The
	// signature does not cover it (the consent is hash and deadline): the review shows it,
	// and a gate lets the partner mint carrying the consent go unasked only when it names
	// this e-mail.
	MintEmail string `json:"mintEmail,omitempty"`
	// Transaction is the EVM transaction of purpose evm-tx; Next, with an approve, the
	// deposit it makes possible (reviewed with it; signed by a request of its own).
	Transaction *EVMTx `json:"transaction,omitempty"`
	Next        *EVMTx `json:"next,omitempty"`
}

// PartnerCall is what a partner-auth signature covers (spec 5.1, design 2.6): the signer
// builds the message from these parts, so a partner-auth request can never be made to sign
// any other text.
type PartnerCall struct {
	Variant PartnerAuthVariant `json:"variant"`
	// Payload is the raw body (or raw query of a GET) exactly as sent.
	Payload []byte `json:"payload,omitempty"`
	// IDName is the service's name for svcId in the spec form's message ("" is svcId).
	IDName         string `json:"idName,omitempty"`
	SvcID          string `json:"svcId,omitempty"`
	ExternalUserID string `json:"externalUserId,omitempty"`
	Deadline       int64  `json:"deadline"`
}

// Limits of what a signer takes: the same in the process and in the agent (whose socket
// carries any request within them), far above anything the service takes.
const (
	MaxPayloadBytes = 1 << 20  // a full-auth or partner-auth payload
	MaxMessageBytes = 1 << 20  // a personal_sign message
	MaxFormABytes   = 64 << 10 // a Form A declaration
	MaxQuoteBytes   = 256 << 10
	// MaxSolanaMessageBytes is a whole transaction's limit (the packet size), so a message
	// is always below it.
	MaxSolanaMessageBytes = 1232
	// MaxHashBytes caps a mint consent's free-text hash; MaxNameBytes a route or method
	// name and a partner call's identity values.
	MaxHashBytes = 1024
	MaxNameBytes = 256
)

// ClockSlack is how far a signer's clock may differ from the server's: a deadline is
// checked against the signer's own clock (the agent has no other), so the protocol's
// window is widened by this much on either side, never more.
const ClockSlack = 5 * time.Minute

// RequestSigner is an EVMSigner that wants the request rather than its digest (the agent's
// client). It returns the 65-byte [R || S || V] signature with V in {0, 1}, as SignDigest.
type RequestSigner interface {
	EVMSigner
	SignRequest(r Request) ([]byte, error)
}

// SolanaRequestSigner is a SolanaSigner that wants the request (purpose solana-tx, Message
// the serialized message) rather than the bare message.
type SolanaRequestSigner interface {
	SolanaSigner
	SignSolanaRequest(r Request) (solana.Signature, error)
}

// payloadHashForm is the form of every full-auth hash (0x + 64 lowercase hex digits): a
// mint consent may not use it, so its digest is never a full-auth credential.
//
// The package's patterns compile on first use, not at start-up (internal/lazyre's idiom,
// written out because wallet imports nothing of the project but protocol).
var payloadHashForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^0[xX][0-9a-fA-F]{64}$`) })

// FullAuthHash is the hash a full-auth request is signed over: the payload's keccak256.
func (r Request) FullAuthHash() string {
	return PayloadHash(r.Payload)
}

// fields lists the request's fields that are set, by their JSON names.
func (r Request) fields() []string {
	var set []string
	for _, f := range []struct {
		name string
		on   bool
	}{
		{"method", r.Method != ""}, {"route", r.Route != ""}, {"payload", len(r.Payload) > 0},
		{"hash", r.Hash != ""}, {"deadline", r.Deadline != ""}, {"anyDeadline", r.AnyDeadline},
		{"permit", r.Permit != nil}, {"text", r.Text != ""}, {"message", len(r.Message) > 0},
		{"quote", len(r.Quote) > 0}, {"partner", r.Partner != nil}, {"mintEmail", r.MintEmail != ""},
		{"typedData", len(r.TypedData) > 0}, {"transaction", r.Transaction != nil}, {"next", r.Next != nil},
	} {
		if f.on {
			set = append(set, f.name)
		}
	}
	return set
}

// Check refuses a request that is not one purse would sign, before any key is touched: a
// field of another purpose, an input over the limits, a deadline that is not a decimal
// number or lies outside the protocol's bounds of now (the signer's clock, ClockSlack either
// side), a message that is another purpose's. In the process and in the agent the same
// check runs.
func (r Request) Check(now time.Time) error {
	spec, ok := specOf(r.Purpose)
	if !ok {
		if r.Purpose == "" {
			return errors.New("sign: purpose: expected why the signature is made, got nothing; nothing was signed")
		}
		return fmt.Errorf("sign: purpose %q is not one purse signs", r.Purpose)
	}
	for _, f := range r.fields() {
		if !slices.Contains(spec.fields, f) {
			return fmt.Errorf("%s request: field %q belongs to another purpose", r.Purpose, f)
		}
	}
	return spec.check(r, now)
}

func (r Request) checkFullAuth(now time.Time) error {
	if len(r.Payload) > MaxPayloadBytes {
		return fmt.Errorf("full-auth request: payload of %d bytes is over the limit of %d", len(r.Payload), MaxPayloadBytes)
	}
	if r.Method != "" && r.Method != "GET" && r.Method != "POST" {
		return fmt.Errorf("full-auth request: method %q: expected GET or POST", r.Method)
	}
	if len(r.Route) > MaxNameBytes {
		return fmt.Errorf("full-auth request: route name of %d bytes is over the limit of %d", len(r.Route), MaxNameBytes)
	}
	if err := routeName(r.Route); err != nil {
		return err
	}
	return r.checkDeadline(now, protocol.MaxFullAuthWindow)
}

func (r Request) checkMintConsent(now time.Time) error {
	switch {
	case r.Hash == "":
		return errors.New("mint-consent request: expected the hash, got nothing")
	case len(r.Hash) > MaxHashBytes:
		return fmt.Errorf("mint-consent request: hash of %d bytes is over the limit of %d", len(r.Hash), MaxHashBytes)
	case !utf8.ValidString(r.Hash):
		return errors.New("mint-consent request: hash: expected UTF-8 text")
	case payloadHashForm().MatchString(r.Hash):
		return fmt.Errorf("mint-consent request: hash %s has the form of a full-auth payload hash (0x + 32 bytes hex): its consent would be a full-auth credential for that payload; use another consent text", r.Hash)
	case len(r.MintEmail) > MaxNameBytes:
		return fmt.Errorf("mint-consent request: mintEmail of %d bytes is over the limit of %d", len(r.MintEmail), MaxNameBytes)
	case !utf8.ValidString(r.MintEmail):
		return errors.New("mint-consent request: mintEmail: expected UTF-8 text")
	}
	// The consent lets a partner mint the address's account: it lives no longer than the
	// service accepts (300 s), in every front end and in the agent alike.
	return r.checkDeadline(now, protocol.MaxMintConsentWindow)
}

func (r Request) checkPermit(time.Time) error {
	if r.Permit == nil {
		return errors.New("permit request: expected the permit, got nothing")
	}
	// A permit the service spends in the call that carries it (a transfer, a payout) comes
	// with that call: its route and its body with the signature blanked, which the review
	// shows and the delivery must match.
	switch {
	case (r.Route == "") != (len(r.Payload) == 0):
		return errors.New("permit request: the call that carries the permit needs both its route and its payload")
	case len(r.Payload) > MaxPayloadBytes:
		return fmt.Errorf("permit request: payload of %d bytes is over the limit of %d", len(r.Payload), MaxPayloadBytes)
	case len(r.Route) > MaxNameBytes:
		return fmt.Errorf("permit request: route name of %d bytes is over the limit of %d", len(r.Route), MaxNameBytes)
	}
	if err := routeName(r.Route); err != nil {
		return err
	}
	return r.Permit.validate()
}

func (r Request) checkFormA(time.Time) error {
	if len(r.Text) > MaxFormABytes {
		return fmt.Errorf("form A text of %d bytes is over the limit of %d", len(r.Text), MaxFormABytes)
	}
	if err := CheckFormAText(r.Text); err != nil {
		return err
	}
	return notPartnerShaped("form A text", r.Text)
}

func (r Request) checkPersonal(time.Time) error {
	if len(r.Message) > MaxMessageBytes {
		return fmt.Errorf("personal message of %d bytes is over the limit of %d", len(r.Message), MaxMessageBytes)
	}
	if IsConsentMessage(r.Message) {
		return ErrConsentMessage
	}
	return notPartnerShaped("personal message", string(r.Message))
}

func (r Request) checkPartnerAuth(now time.Time) error { return r.Partner.check(now) }

func (r Request) checkSolanaTx(time.Time) error {
	switch {
	case len(r.Message) == 0:
		return errors.New("solana-tx request: expected the serialized message, got nothing")
	case len(r.Message) > MaxSolanaMessageBytes:
		return fmt.Errorf("solana-tx request: message of %d bytes is over a transaction's limit of %d", len(r.Message), MaxSolanaMessageBytes)
	case len(r.Quote) > MaxQuoteBytes:
		return fmt.Errorf("solana-tx request: quote of %d bytes is over the limit of %d", len(r.Quote), MaxQuoteBytes)
	}
	return nil
}

// routeName refuses a route name that is not one: the route table's names and the paths a
// client sends to are printable text, and a name with a control, format or separator
// character (an escape sequence, a bidi override, a line break) could only rewrite what the
// user is shown about the call.
func routeName(route string) error {
	for i := 0; i < len(route); {
		c, size := utf8.DecodeRuneInString(route[i:])
		switch {
		case c == utf8.RuneError && size <= 1:
			return fmt.Errorf("full-auth request: route %q: invalid UTF-8 byte 0x%02X at byte %d; expected a route name or path", route, route[i], i)
		case unicode.IsControl(c), unicode.In(c, unicode.Cf, unicode.Zl, unicode.Zp):
			return fmt.Errorf("full-auth request: route %q: control or format character U+%04X at byte %d; expected a route name or path of printable characters", route, c, i)
		}
		i += size
	}
	return nil
}

// svcIDForm is an X-Svc-Id value: an integer, which cannot hide the "externalUserId:" part of
// the message that follows it.
var svcIDForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(-?[0-9]{1,20})?$`) })

// idNameForm is the service's name for svcId: letters and digits, which cannot hide another
// part of the message either.
var idNameForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]{0,31}$`) })

// partnerShaped matches a text that ends like every partner-auth message: one space, then a
// Unix time of ten digits (2001 to 2286).
var partnerShaped = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` [1-9][0-9]{9}$`) })

// notPartnerShaped refuses a text that ends as a partner-auth message does: its signature
// would authenticate a partner API call (partner-auth is allowed by default in the agent,
// and the key may be the partner key), so only a partner-auth request makes one.
func notPartnerShaped(what, text string) error {
	if partnerShaped().MatchString(text) {
		return fmt.Errorf("%s ends with a space and a Unix time, as a partner-auth message does: its signature could authenticate a partner API call, so it is not signed as a %s", what, what)
	}
	return nil
}

// DeadlineOf reads a decimal deadline as the headers carry it: digits only, no sign, no
// leading zero, at most 2^63-1.
func DeadlineOf(s string) (int64, error) {
	if err := protocol.CheckTokenID(s); err != nil {
		return 0, fmt.Errorf("deadline %q: expected Unix seconds in decimal digits without leading zeros", s)
	}
	return strconv.ParseInt(s, 10, 64)
}

func (r Request) checkDeadline(now time.Time, window time.Duration) error {
	d, err := DeadlineOf(r.Deadline)
	if err != nil {
		return fmt.Errorf("%s request: %v", r.Purpose, err)
	}
	if r.AnyDeadline {
		return nil
	}
	return deadlineWithin(string(r.Purpose), d, now, window)
}

// deadlineWithin refuses a deadline outside (now - ClockSlack, now + window + ClockSlack]:
// an expired credential is useless, an over-long one lives longer than the protocol allows.
func deadlineWithin(what string, d int64, now time.Time, window time.Duration) error {
	lo, hi := now.Add(-ClockSlack).Unix(), now.Add(window+ClockSlack).Unix()
	switch {
	case d <= lo:
		return fmt.Errorf("%s request: deadline %d (%s) has passed by this signer's clock (%s)",
			what, d, time.Unix(d, 0).UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339))
	case d > hi:
		return fmt.Errorf("%s request: deadline %d (%s) is more than %s ahead of this signer's clock (%s, with %s for clock skew)",
			what, d, time.Unix(d, 0).UTC().Format(time.RFC3339), window, now.UTC().Format(time.RFC3339), ClockSlack)
	}
	return nil
}

func (p *PartnerCall) check(now time.Time) error {
	if p == nil {
		return errors.New("partner-auth request: expected the partner call, got nothing")
	}
	switch p.Variant {
	case PartnerAuthSpec, PartnerAuthUR:
	default:
		return fmt.Errorf("partner-auth request: variant %q: expected %q or %q", p.Variant, PartnerAuthSpec, PartnerAuthUR)
	}
	if len(p.Payload) > MaxPayloadBytes {
		return fmt.Errorf("partner-auth request: payload of %d bytes is over the limit of %d", len(p.Payload), MaxPayloadBytes)
	}
	if bytes.HasPrefix(p.Payload, []byte(ConsentPrefix)) {
		return errors.New("partner-auth request: the payload starts with the full-auth consent prefix")
	}
	for _, f := range []struct{ name, v string }{{"svcId", p.SvcID}, {"externalUserId", p.ExternalUserID}} {
		if len(f.v) > MaxNameBytes {
			return fmt.Errorf("partner-auth request: %s of %d bytes is over the limit of %d", f.name, len(f.v), MaxNameBytes)
		}
		for _, c := range f.v {
			if unicode.IsControl(c) || unicode.IsSpace(c) {
				return fmt.Errorf("partner-auth request: %s %q: expected no spaces or control characters", f.name, f.v)
			}
		}
	}
	if p.IDName != "" && !idNameForm().MatchString(p.IDName) {
		return fmt.Errorf("partner-auth request: idName %q: expected a name of letters and digits (svcId, urId)", p.IDName)
	}
	if !svcIDForm().MatchString(p.SvcID) {
		return fmt.Errorf("partner-auth request: svcId %q: expected an integer in decimal digits (or nothing)", p.SvcID)
	}
	return deadlineWithin("partner-auth", p.Deadline, now, protocol.MaxPartnerDeadline)
}

// Message is the partner-auth message of the call.
func (p *PartnerCall) Message() string {
	return PartnerAuthMessage(p.Variant, p.Payload, p.IDName, p.SvcID, p.ExternalUserID, p.Deadline)
}

// ConsentText is the personal_sign message of a full-auth or mint-consent request.
func (r Request) ConsentText() string {
	hash := r.Hash
	if r.Purpose == PurposeFullAuth {
		hash = r.FullAuthHash()
	}
	_, msg := ConsentMessage(hash, r.Deadline)
	return msg
}

// Digest checks r at now (Check) and builds the 32-byte digest an EVM key signs for it,
// from its fields: the same code for a signer in the process and in the agent.
func (r Request) Digest(now time.Time) (common.Hash, error) {
	if err := r.Check(now); err != nil {
		return common.Hash{}, err
	}
	if spec, _ := specOf(r.Purpose); spec.digest != nil {
		return spec.digest(r)
	}
	return common.Hash{}, fmt.Errorf("sign: purpose %q is not an EVM signature", r.Purpose)
}

// signEVM checks r at now and signs it with s: a RequestSigner gets the request, any other
// signer its digest. The signature comes back with V = 27/28. A signature from another
// process is checked to recover to the signer's address before anyone uses it.
func signEVM(s EVMSigner, r Request, now time.Time) ([]byte, error) {
	digest, err := r.Digest(now)
	if err != nil {
		return nil, err
	}
	var sig []byte
	rs, remote := s.(RequestSigner)
	if remote {
		sig, err = rs.SignRequest(r)
	} else {
		sig, err = s.SignDigest(r.Purpose, digest)
	}
	if err != nil {
		return nil, err
	}
	if len(sig) != crypto.SignatureLength {
		return nil, fmt.Errorf("signer returned %d bytes, expected %d", len(sig), crypto.SignatureLength)
	}
	if remote {
		if got, err := RecoverDigest(digest, sig); err != nil || got != s.Address() {
			return nil, fmt.Errorf("signer returned a signature that does not recover to %s; it is not used", s.Address().Hex())
		}
	}
	out := make([]byte, len(sig))
	copy(out, sig)
	out[64] += 27
	return out, nil
}

// SignSolana checks r (purpose solana-tx, Message the serialized message, Quote the quote it
// came from, if any) and signs it with s: a SolanaRequestSigner gets the request, any other
// signer the message. A signature that does not verify is never returned.
func SignSolana(s SolanaSigner, r Request) (solana.Signature, error) {
	if r.Purpose != PurposeSolanaTx {
		return solana.Signature{}, fmt.Errorf("sign: a Solana key signs solana-tx requests only, not %q", r.Purpose)
	}
	if err := r.Check(time.Time{}); err != nil {
		return solana.Signature{}, err
	}
	var sig solana.Signature
	var err error
	if rs, ok := s.(SolanaRequestSigner); ok {
		sig, err = rs.SignSolanaRequest(r)
	} else {
		sig, err = s.SignMessage(r.Purpose, r.Message)
	}
	if err != nil {
		return solana.Signature{}, err
	}
	if !VerifySolana(s.PublicKey(), r.Message, sig) {
		return solana.Signature{}, errors.New("the signer returned an invalid signature; it is not used")
	}
	return sig, nil
}
