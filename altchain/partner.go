package altchain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/gagliardetto/solana-go"

	"purse/protocol"
	"purse/wallet"
)

// QuotePath is the route of the alt-chain deposit quote (spec 4.4).
const QuotePath = "/v1/altchain/deposit/quote"

// Partner auth headers (spec 5.1).
const (
	HeaderAPISignature   = "X-Api-Signature"
	HeaderAPIDeadline    = "X-Api-Deadline"
	HeaderAPIPublicKey   = "X-Api-PublicKey"
	HeaderSvcID          = "X-Svc-Id"
	HeaderExternalUserID = "X-External-User-Id"
)

// MaxPartnerDeadline is the longest X-Api-Deadline window (design 2.6; spec 5.1, 8).
const MaxPartnerDeadline = protocol.MaxPartnerDeadline

// DefaultPartnerDeadline leaves a margin under MaxPartnerDeadline for clock skew between
// purse and the service.
const DefaultPartnerDeadline = 4 * time.Minute

// OutputCurrencies are the fiat currencies a deposit may pay out in (spec 4.4, 2.9).
var OutputCurrencies = []string{"EUR", "CHF", "USD", "CNH"}

// QuoteRequest is the body of POST /v1/altchain/deposit/quote (spec 4.4). Amounts are
// USDC smallest-unit integer strings. The path and two field names carry the spec's
// stand-ins (altchain, svcId), which PartnerClient.Names renames.
type QuoteRequest struct {
	SvcID           int64
	AltchainAddress string
	USDCAmount      string
	OutputCurrency  string
	// Network is always sent: "mainnet", "devnet" or a genesis-hash prefix (see
	// RequestNetwork). The service would read an omitted one as devnet.
	Network string
	// MinUSDCAmount is optional ("" omits it); for USDC-only deposits "0" or nothing.
	MinUSDCAmount string
	// ComputeUnitPrice is optional (micro-lamports per compute unit).
	ComputeUnitPrice *uint64
}

func reqErr(field, expected, detail string) error {
	return &FieldError{Field: "request." + field, Expected: expected, Detail: detail}
}

// Validate checks the request before anything is signed or sent; the error names the
// field (a *FieldError with Field "request.<name>").
func (r *QuoteRequest) Validate() error {
	if r.SvcID <= 0 {
		return reqErr("svcId", "the user's account id (a positive integer)", strconv.FormatInt(r.SvcID, 10))
	}
	k, err := solana.PublicKeyFromBase58(r.AltchainAddress)
	if err != nil || k.String() != r.AltchainAddress {
		return reqErr("altchainAddress", "the user's Solana address (canonical base58, 32 bytes)", strconv.Quote(r.AltchainAddress))
	}
	if !solana.IsOnCurve(k[:]) {
		return reqErr("altchainAddress", "a wallet address that can sign (an ed25519 point)", r.AltchainAddress+" is off the curve (a program-derived address)")
	}
	amount, err := parseUintString("usdcAmount", r.USDCAmount, 64)
	if err != nil {
		return reqErr("usdcAmount", "USDC in smallest units (6 decimals) as an integer string", err.(*FieldError).Detail)
	}
	if amount < MinUSDCAmount {
		return reqErr("usdcAmount", "at least 5000000 (5 USDC)", r.USDCAmount)
	}
	ok := false
	for _, c := range OutputCurrencies {
		ok = ok || c == r.OutputCurrency
	}
	if !ok {
		return reqErr("outputCurrency", "one of "+strings.Join(OutputCurrencies, ", "), strconv.Quote(r.OutputCurrency))
	}
	switch r.Network {
	case "":
		return reqErr("network", "mainnet, devnet or the cluster's genesis-hash prefix", "empty: the service would silently use devnet")
	case "mainnet", "devnet", "testnet":
	default:
		if err := checkNetwork(r.Network); err != nil {
			return reqErr("network", "mainnet, devnet or the cluster's genesis-hash prefix", err.(*FieldError).Detail)
		}
	}
	if r.MinUSDCAmount != "" {
		m, err := parseUintString("minUsdcAmount", r.MinUSDCAmount, 64)
		if err != nil {
			return reqErr("minUsdcAmount", "a smallest-unit integer string", err.(*FieldError).Detail)
		}
		if m > amount {
			return reqErr("minUsdcAmount", "at most usdcAmount ("+r.USDCAmount+")", r.MinUSDCAmount)
		}
	}
	return nil
}

// Body returns the exact JSON body sent (and signed) under the spec's names.
func (r *QuoteRequest) Body() ([]byte, error) { return r.BodyNamed(protocol.Names{}) }

// BodyNamed returns the exact JSON body sent (and signed), in spec field order, with svcId
// and altchainAddress under the service's names for the stand-ins.
func (r *QuoteRequest) BodyNamed(n protocol.Names) ([]byte, error) {
	fields := []struct {
		key  string
		v    any
		omit bool
	}{
		{n.AccountID(), r.SvcID, false},
		{n.AltchainField("altchainAddress"), r.AltchainAddress, false},
		{"usdcAmount", r.USDCAmount, false},
		{"outputCurrency", r.OutputCurrency, false},
		{"network", r.Network, false},
		{"minUsdcAmount", r.MinUSDCAmount, r.MinUSDCAmount == ""},
		{"computeUnitPrice", r.ComputeUnitPrice, r.ComputeUnitPrice == nil},
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for _, f := range fields {
		if f.omit {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// PartnerClient asks the partner API for deposit quotes, signing every request with the
// partner key (spec 5.1).
type PartnerClient struct {
	// BaseURL is the partner API base, e.g. https://host or http://127.0.0.1:8787/partner.
	BaseURL string
	Signer  wallet.EVMSigner
	// Variant is the signed message (default wallet.PartnerAuthSpec).
	Variant wallet.PartnerAuthVariant
	// Names are the service's names for the spec's stand-ins: altchain in the quote path
	// and field, svcId in the body, the identity header and the spec form's message.
	Names protocol.Names
	// HTTP defaults to a client with a 30-second timeout.
	HTTP *http.Client
	// Now defaults to time.Now.
	Now func() time.Time
	// Deadline is the X-Api-Deadline window: default DefaultPartnerDeadline, at most
	// MaxPartnerDeadline.
	Deadline time.Duration
	// ResponseKey, when set, is the service key the answer must be signed by (spec 4.4, 5.5:
	// x-api-signature over the raw body, x-api-publicKey); another signer is refused
	// (ErrResponseSignature). Unset, a signature present is still checked against
	// x-api-publicKey and reported in QuoteResult.SignedBy.
	ResponseKey *common.Address
	// WarnUnsigned accepts an answer without x-api-signature, saying so in
	// QuoteResult.Unsigned (a profile's partner_unsigned_answers=warn); otherwise such an
	// answer is refused (ErrResponseSignature).
	WarnUnsigned bool
}

// ErrResponseSignature marks a quote answer whose signature does not hold: nothing in it is
// used.
var ErrResponseSignature = errors.New("altchain quote: the answer's signature does not hold")

// errUnsigned is the refusal of an answer without a signature.
var errUnsigned = fmt.Errorf("%w: the answer carries no x-api-signature", ErrResponseSignature)

// checkResponseSignature verifies the answer's x-api-signature (EIP-191 over the raw body)
// and returns the signer ("" when unsigned and no key is pinned).
func (c *PartnerClient) checkResponseSignature(h http.Header, raw []byte) (string, error) {
	sig, pub := h.Get(HeaderAPISignature), h.Get(HeaderAPIPublicKey)
	if sig == "" {
		if c.WarnUnsigned {
			return "", nil
		}
		signer := "the service"
		if c.ResponseKey != nil {
			signer = "the service key " + c.ResponseKey.Hex() + " (partner_response_key)"
		}
		return "", fmt.Errorf("%w, and %s signs its answers (partner_unsigned_answers=refuse)", errUnsigned, signer)
	}
	signer, err := wallet.RecoverPersonal(raw, sig)
	if err != nil {
		return "", fmt.Errorf("%w: x-api-signature: %v", ErrResponseSignature, err)
	}
	if pub != "" && (!common.IsHexAddress(pub) || common.HexToAddress(pub) != signer) {
		return "", fmt.Errorf("%w: the body is signed by %s, not by x-api-publicKey %s (altered on the way, or signed over other bytes)", ErrResponseSignature, signer.Hex(), pub)
	}
	if c.ResponseKey != nil && signer != *c.ResponseKey {
		return "", fmt.Errorf("%w: signed by %s, not by the service key %s the profile pins (partner_response_key)", ErrResponseSignature, signer.Hex(), c.ResponseKey.Hex())
	}
	return signer.Hex(), nil
}

// QuoteResult is a quote with the exchange that produced it, for display and logs.
type QuoteResult struct {
	Quote *Quote
	// Body is the request body sent; Response the raw answer.
	Body     []byte
	Response []byte
	Auth     wallet.PartnerAuth
	// SignedBy is the service key whose signature over the answer holds ("" when unsigned).
	SignedBy string
	// Unsigned is true for an answer without a signature that WarnUnsigned let through.
	Unsigned bool
}

// Quote validates req, signs it with partner auth and decodes the answer strictly with
// ParseQuote. The returned quote carries the requested amounts. A non-zero service code
// comes back as *APIError (with an explanation for 10001, 20003, 50002, 50003).
func (c *PartnerClient) Quote(ctx context.Context, req QuoteRequest) (*QuoteResult, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if c.Signer == nil {
		return nil, errors.New("altchain quote: no partner signer")
	}
	if c.BaseURL == "" {
		return nil, errors.New("altchain quote: no partner API address (partner_api)")
	}
	variant := c.Variant
	if variant == "" {
		variant = wallet.PartnerAuthSpec
	}
	if variant != wallet.PartnerAuthSpec && variant != wallet.PartnerAuthUR {
		return nil, fmt.Errorf("altchain quote: partner auth variant %q: expected %s or %s", variant, wallet.PartnerAuthSpec, wallet.PartnerAuthUR)
	}
	window := c.Deadline
	if window == 0 {
		window = DefaultPartnerDeadline
	}
	if window < 0 || window > MaxPartnerDeadline {
		return nil, fmt.Errorf("altchain quote: partner deadline window %s: expected above 0 and at most %s", window, MaxPartnerDeadline)
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	body, err := req.BodyNamed(c.Names)
	if err != nil {
		return nil, err
	}
	// The spec's form signs the identity header's value; UR's form signs none and sends
	// none, as the public integration calls /v1/* (an identity header there is the
	// managed-custody flavour's).
	svc := ""
	if variant == wallet.PartnerAuthSpec {
		svc = strconv.FormatInt(req.SvcID, 10)
	}
	at := now()
	call := wallet.PartnerCall{Variant: variant, Payload: body, SvcID: svc, Deadline: at.Add(window).Unix()}
	if variant == wallet.PartnerAuthSpec && c.Names.AccountID() != protocol.StandInSvcID {
		call.IDName = c.Names.AccountID()
	}
	auth, err := wallet.SignPartnerAuth(c.Signer, call, at)
	if err != nil {
		return nil, fmt.Errorf("altchain quote: partner auth: %w", err)
	}
	u := strings.TrimRight(c.BaseURL, "/") + c.Names.Path(QuotePath)
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("altchain quote: %w", err)
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set(HeaderAPISignature, auth.Signature)
	hr.Header.Set(HeaderAPIDeadline, strconv.FormatInt(auth.Deadline, 10))
	hr.Header.Set(HeaderAPIPublicKey, auth.PublicKey)
	if svc != "" {
		hr.Header.Set(c.Names.AccountIDHeader(), svc)
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := hc.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("altchain quote: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxQuoteBytes+1))
	if err != nil {
		return nil, fmt.Errorf("altchain quote: read: %w", err)
	}
	res := &QuoteResult{Body: body, Response: raw, Auth: auth}
	if resp.StatusCode == http.StatusOK {
		if res.SignedBy, err = c.checkResponseSignature(resp.Header, raw); err != nil {
			var ae *APIError
			if _, perr := ParseQuote(bytes.NewReader(raw)); errors.Is(err, errUnsigned) && errors.As(perr, &ae) {
				// A refusal of the service is shown for what it says (nothing of it is used
				// either way), marked as unsigned.
				return res, fmt.Errorf("%w (an unsigned answer)", perr)
			}
			return res, err
		}
		res.Unsigned = res.SignedBy == ""
	}
	if resp.StatusCode != http.StatusOK {
		// A gateway error may still carry {error_code, error_msg} or a partner envelope.
		if _, perr := ParseQuote(bytes.NewReader(raw)); perr != nil {
			var ae *APIError
			if errors.As(perr, &ae) {
				return res, perr
			}
		}
		return res, fmt.Errorf("altchain quote: HTTP %d from %s", resp.StatusCode, u)
	}
	q, err := ParseQuote(bytes.NewReader(raw))
	if err != nil {
		return res, err
	}
	if q.HasRequested {
		want := QuoteRequest{USDCAmount: strconv.FormatUint(q.USDCAmount, 10), MinUSDCAmount: strconv.FormatUint(q.MinUSDCAmount, 10)}
		if want.USDCAmount != req.USDCAmount || (want.MinUSDCAmount != req.MinUSDCAmount && !(req.MinUSDCAmount == "" && q.MinUSDCAmount == 0)) {
			return res, fmt.Errorf("altchain quote: the answer is for usdcAmount %s / minUsdcAmount %s, not the requested %s / %q", want.USDCAmount, want.MinUSDCAmount, req.USDCAmount, req.MinUSDCAmount)
		}
	}
	if err := q.SetRequested(req.USDCAmount, req.MinUSDCAmount); err != nil {
		return res, err
	}
	res.Quote = q
	return res, nil
}
