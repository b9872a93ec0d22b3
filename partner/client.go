// Package partner is the client of the service's partner API (spec 4.4, 5.1, 5.5): every
// request is signed with the partner key (partner auth, under the profile's message
// variant), and every answer's signature is checked before anything of it is used. The
// alt-chain deposit quote (package altchain) and the onboarding routes a tester needs (the
// partner mint, the identity-verification token and status by network) go through the one
// transport here.
package partner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/protocol"
	"purse/wallet"
)

// Partner auth headers (spec 5.1). The account id's header is X-Svc-Id under the spec's
// name; a service that names svcId otherwise has its own (protocol.Names.AccountIDHeader).
const (
	HeaderAPISignature   = "X-Api-Signature"
	HeaderAPIDeadline    = "X-Api-Deadline"
	HeaderAPIPublicKey   = "X-Api-PublicKey"
	HeaderSvcID          = "X-Svc-Id"
	HeaderExternalUserID = "X-External-User-Id"
)

// DefaultDeadline leaves a margin under protocol.MaxPartnerDeadline for clock skew between
// purse and the service.
const DefaultDeadline = 4 * time.Minute

// Client calls the partner API, signing every request with the partner key (spec 5.1).
type Client struct {
	// BaseURL is the partner API base, e.g. https://host or http://127.0.0.1:8787/partner.
	BaseURL string
	Signer  wallet.EVMSigner
	// Variant is the signed message (default wallet.PartnerAuthSpec).
	Variant wallet.PartnerAuthVariant
	// Names are the service's names for the spec's stand-ins: idv and altchain in the
	// default paths, svcId in the identity header and the spec form's message (and, for the
	// quote, in its body).
	Names protocol.Names
	// HTTP defaults to a client with a 30-second timeout.
	HTTP *http.Client
	// Now defaults to time.Now.
	Now func() time.Time
	// Deadline is the X-Api-Deadline window: default DefaultDeadline, at most
	// protocol.MaxPartnerDeadline.
	Deadline time.Duration
	// ResponseKey, when set, is the service key the answer must be signed by (spec 4.4, 5.5:
	// x-api-signature over the raw body, x-api-publicKey); another signer is refused
	// (ErrResponseSignature). Unset, a signature present is still checked against
	// x-api-publicKey and reported in Exchange.SignedBy.
	ResponseKey *common.Address
	// WarnUnsigned accepts an answer without x-api-signature, leaving Exchange.SignedBy
	// empty for the caller to say so (a profile's partner_unsigned_answers=warn); otherwise
	// such an answer is refused (ErrUnsigned).
	WarnUnsigned bool
	// Paths replaces the path of an onboarding route by route name (RouteNames), taken as
	// written; a route not named here takes the spec's path under Names.
	Paths map[string]string
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// ErrResponseSignature marks an answer whose signature does not hold: nothing in it is
// used.
var ErrResponseSignature = errors.New("partner API: the answer's signature does not hold")

// ErrUnsigned is the refusal of an answer without a signature (an ErrResponseSignature).
var ErrUnsigned = fmt.Errorf("%w: the answer carries no x-api-signature", ErrResponseSignature)

// checkResponseSignature verifies the answer's x-api-signature (EIP-191 over the raw body)
// and returns the signer ("" when unsigned and WarnUnsigned lets that through).
func (c *Client) checkResponseSignature(h http.Header, raw []byte) (string, error) {
	signer, signed, err := ResponseSigner(h, raw)
	if err != nil {
		return "", err
	}
	if !signed {
		if c.WarnUnsigned {
			return "", nil
		}
		who := "the service"
		if c.ResponseKey != nil {
			who = "the service key " + c.ResponseKey.Hex() + " (partner_response_key)"
		}
		return "", fmt.Errorf("%w, and %s signs its answers (partner_unsigned_answers=refuse)", ErrUnsigned, who)
	}
	if c.ResponseKey != nil && signer != *c.ResponseKey {
		return "", fmt.Errorf("%w: signed by %s, not by the service key %s the profile pins (partner_response_key)", ErrResponseSignature, signer.Hex(), c.ResponseKey.Hex())
	}
	return signer.Hex(), nil
}

// ResponseSigner is the key whose x-api-signature over the raw answer holds (EIP-191), and
// whether the answer carries a signature at all. A signature that does not recover, or that
// recovers to another key than x-api-publicKey names, is an ErrResponseSignature. Which key
// may sign is the caller's to judge (Client.ResponseKey).
func ResponseSigner(h http.Header, raw []byte) (signer common.Address, signed bool, err error) {
	sig, pub := h.Get(HeaderAPISignature), h.Get(HeaderAPIPublicKey)
	if sig == "" {
		return common.Address{}, false, nil
	}
	signer, err = wallet.RecoverPersonal(raw, sig)
	if err != nil {
		return common.Address{}, true, fmt.Errorf("%w: x-api-signature: %v", ErrResponseSignature, err)
	}
	if pub != "" && (!common.IsHexAddress(pub) || common.HexToAddress(pub) != signer) {
		return common.Address{}, true, fmt.Errorf("%w: the body is signed by %s, not by x-api-publicKey %s (altered on the way, or signed over other bytes)", ErrResponseSignature, signer.Hex(), pub)
	}
	return signer, true, nil
}

// Exchange is one signed call: what was sent and what came back, for display and logs.
type Exchange struct {
	Path string
	// Body is the request body sent (and signed); Response the raw answer and Status its
	// HTTP status.
	Body     []byte
	Status   int
	Response []byte
	Auth     wallet.PartnerAuth
	// SignedBy is the service key whose signature over the answer holds ("" when unsigned).
	SignedBy string
}

// Post signs body with partner auth and posts it to path, reading at most limit bytes of the
// answer. Under the spec's form, svcID (when not empty) is signed under the service's name
// for svcId and sent in its identity header (X-Svc-Id, X-Ur-Id); UR's form signs none and
// sends none, as the public integration calls /v1/* (an identity header there is the
// managed-custody flavour's). The answer of an HTTP 200 has its signature checked
// (ErrResponseSignature, with the exchange); the status and the body are the caller's to
// read. An error with a nil exchange means nothing was sent; with an exchange, the request
// went out.
func (c *Client) Post(ctx context.Context, path, svcID string, body []byte, limit int64) (*Exchange, error) {
	variant := c.Variant
	if variant == "" {
		variant = wallet.PartnerAuthSpec
	}
	ex, h, err := c.send(ctx, path, svcID, body, limit, variant)
	if err != nil {
		return ex, err
	}
	if ex.Status == http.StatusOK {
		if ex.SignedBy, err = c.checkResponseSignature(h, ex.Response); err != nil {
			return ex, err
		}
	}
	return ex, nil
}

// send posts body to path, signed with partner auth under variant ("" sends it unsigned),
// and reads at most limit bytes of the answer; it returns the answer's headers.
func (c *Client) send(ctx context.Context, path, svcID string, body []byte, limit int64, variant wallet.PartnerAuthVariant) (*Exchange, http.Header, error) {
	if c.BaseURL == "" {
		return nil, nil, errors.New("partner API: no partner API address (partner_api)")
	}
	ex := &Exchange{Path: path, Body: body}
	hdr := http.Header{"Content-Type": {"application/json"}}
	if variant != "" {
		if c.Signer == nil {
			return nil, nil, errors.New("partner API: no partner signer (partner_key)")
		}
		if variant != wallet.PartnerAuthSpec && variant != wallet.PartnerAuthUR {
			return nil, nil, fmt.Errorf("partner API: partner auth variant %q: expected %s or %s", variant, wallet.PartnerAuthSpec, wallet.PartnerAuthUR)
		}
		window := c.Deadline
		if window == 0 {
			window = DefaultDeadline
		}
		if window < 0 || window > protocol.MaxPartnerDeadline {
			return nil, nil, fmt.Errorf("partner API: partner deadline window %s: expected above 0 and at most %s", window, protocol.MaxPartnerDeadline)
		}
		if variant != wallet.PartnerAuthSpec {
			svcID = ""
		}
		at := c.now()
		call := wallet.PartnerCall{Variant: variant, Payload: body, SvcID: svcID, Deadline: at.Add(window).Unix()}
		if variant == wallet.PartnerAuthSpec && c.Names.AccountID() != protocol.StandInSvcID {
			call.IDName = c.Names.AccountID()
		}
		auth, err := wallet.SignPartnerAuth(c.Signer, call, at)
		if err != nil {
			return nil, nil, fmt.Errorf("partner API %s: partner auth: %w", path, err)
		}
		ex.Auth = auth
		hdr.Set(HeaderAPISignature, auth.Signature)
		hdr.Set(HeaderAPIDeadline, strconv.FormatInt(auth.Deadline, 10))
		hdr.Set(HeaderAPIPublicKey, auth.PublicKey)
		if svcID != "" {
			hdr.Set(c.Names.AccountIDHeader(), svcID)
		}
	}
	u := strings.TrimRight(c.BaseURL, "/") + path
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, nil, fmt.Errorf("partner API %s: %w", path, err)
	}
	hr.Header = hdr
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := hc.Do(hr)
	if err != nil {
		return ex, nil, fmt.Errorf("partner API %s: %w", path, err)
	}
	defer resp.Body.Close()
	ex.Status = resp.StatusCode
	raw, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return ex, resp.Header, fmt.Errorf("partner API %s: read: %w", path, err)
	}
	ex.Response = raw
	return ex, resp.Header, nil
}

// Probed is an answer of the conformance probe (purse doctor): the exchange whatever it
// says, and its signature checked but not enforced.
type Probed struct {
	*Exchange
	Header http.Header
	// Signed says the answer carries x-api-signature; Signer is the key it recovers to, and
	// SignatureErr why it does not hold (ResponseSigner).
	Signed       bool
	Signer       common.Address
	SignatureErr error
}

// Probe posts body to path for the conformance probe, signed under variant
// (wallet.PartnerAuthSpec or PartnerAuthUR) or unsigned (""), and returns the answer of any
// status with its response signature read. An error means no answer.
func (c *Client) Probe(ctx context.Context, path string, body []byte, variant wallet.PartnerAuthVariant) (*Probed, error) {
	if err := protocol.CheckPath(path); err != nil {
		return nil, fmt.Errorf("partner API: path: %v", err)
	}
	ex, h, err := c.send(ctx, path, "", body, MaxAnswerBytes, variant)
	if err != nil {
		return nil, err
	}
	p := &Probed{Exchange: ex, Header: h}
	p.Signer, p.Signed, p.SignatureErr = ResponseSigner(h, ex.Response)
	return p, nil
}

// UnsignedRefusal is err, Post's refusal of the exchange's answer, except when the answer
// was refused only for carrying no signature and is the service's refusal of route (a
// non-zero code): that refusal is returned for what it says (its *APIError), marked as
// unsigned. Nothing of the answer is used either way, and the code tells the user more than
// the missing signature does.
func (ex *Exchange) UnsignedRefusal(err error, route string) error {
	if !errors.Is(err, ErrUnsigned) {
		return err
	}
	top, merr := Members(ex.Response)
	if merr != nil {
		return err
	}
	var ae *APIError
	if _, _, uerr := Unwrap(top, route); errors.As(uerr, &ae) {
		return fmt.Errorf("%w (an unsigned answer)", ae)
	}
	return err
}
