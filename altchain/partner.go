package altchain

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gagliardetto/solana-go"

	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

// QuotePath is the route of the alt-chain deposit quote (spec 4.4), as the partner route
// table has it.
var QuotePath = func() string { r, _ := partner.LookupRoute(partner.RouteQuote); return r.Path }()

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

// PartnerClient asks the partner API for deposit quotes: the partner API client (package
// partner) with the quote call.
type PartnerClient partner.Client

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
	body, err := req.BodyNamed(c.Names)
	if err != nil {
		return nil, err
	}
	path := c.Names.Path(QuotePath)
	ex, err := (*partner.Client)(c).Post(ctx, path, strconv.FormatInt(req.SvcID, 10), body, MaxQuoteBytes)
	if ex == nil {
		return nil, err
	}
	res := &QuoteResult{Body: ex.Body, Response: ex.Response, Auth: ex.Auth, SignedBy: ex.SignedBy}
	if err != nil {
		return res, ex.UnsignedRefusal(err, partner.RouteQuote)
	}
	res.Unsigned = ex.Status == http.StatusOK && ex.SignedBy == ""
	raw := ex.Response
	if ex.Status != http.StatusOK {
		// A gateway error may still carry {error_code, error_msg} or a partner envelope.
		if _, perr := ParseQuote(bytes.NewReader(raw)); perr != nil {
			var ae *APIError
			if errors.As(perr, &ae) {
				return res, perr
			}
		}
		return res, fmt.Errorf("altchain quote: HTTP %d from %s", ex.Status, strings.TrimRight(c.BaseURL, "/")+path)
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
