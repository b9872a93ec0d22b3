package altchain

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gagliardetto/solana-go"
	"github.com/shopspring/decimal"

	"purse/partner"
)

// MaxQuoteBytes bounds the quote body ParseQuote reads.
const MaxQuoteBytes = 1 << 20

// MinUSDCAmount is the smallest deposit the service accepts: 5 USDC (spec 4.4, 8).
const MinUSDCAmount = 5_000_000

// QuoteRules are the rule flags of the quote response.
type QuoteRules struct {
	OnlyUSDC                              bool `json:"onlyUsdc"`
	SwapDataMustBeEmpty                   bool `json:"swapDataMustBeEmpty"`
	JupiterRemainingAccountsLenMustBeZero bool `json:"jupiterRemainingAccountsLenMustBeZero"`
	UserMustHaveUSDCAta                   bool `json:"userMustHaveUsdcAta"`
	FeePayerMustBeUser                    bool `json:"feePayerMustBeUser"`
}

// EVMAddress is a 20-byte home-chain address.
type EVMAddress [20]byte

func (a EVMAddress) String() string { return "0x" + hex.EncodeToString(a[:]) }

// Quote is the alt-chain deposit quote (spec 4.4). USDCAmount and MinUSDCAmount are the
// amounts of the request: the response does not repeat them, so the caller supplies them
// (SetRequested) unless the body carried them.
type Quote struct {
	Network                     string
	ProgramID                   solana.PublicKey
	OApp                        solana.PublicKey
	EndpointProgramID           solana.PublicKey
	DstEid                      uint32
	USDCMint                    solana.PublicKey
	DepositUSDCAccount          solana.PublicKey
	FeeReceiver                 solana.PublicKey
	EVMOutputToken              EVMAddress
	NativeFeeLamports           uint64
	NativeFeeLamportsWithBuffer uint64
	Rules                       QuoteRules
	// Transaction is the decoded pre-built unsigned v0 transaction; nil when absent.
	Transaction          []byte
	LastValidBlockHeight uint64

	OutputAmount          *decimal.Decimal
	OutputAmountBeforeFee *decimal.Decimal
	ExchangeRate          *decimal.Decimal
	ProcessingFee         *decimal.Decimal
	NetworkFee            *decimal.Decimal
	TotalFee              *decimal.Decimal

	// OutputCurrency is the fiat currency of the request (EUR, CHF, …); the response does
	// not repeat it, so the caller records it ("" unknown).
	OutputCurrency string

	// Requested amounts, in USDC smallest units (6 decimals).
	USDCAmount    uint64
	MinUSDCAmount uint64
	// HasRequested is true once the requested amounts are known.
	HasRequested bool
}

// SetRequested records the amounts of the quote request (smallest-unit integer strings;
// an empty minUsdcAmount means 0, as the spec allows for USDC-only deposits).
func (q *Quote) SetRequested(usdcAmount, minUsdcAmount string) error {
	a, err := parseUintString("usdcAmount", usdcAmount, 64)
	if err != nil {
		return err
	}
	var m uint64
	if minUsdcAmount != "" {
		if m, err = parseUintString("minUsdcAmount", minUsdcAmount, 64); err != nil {
			return err
		}
	}
	q.USDCAmount, q.MinUSDCAmount, q.HasRequested = a, m, true
	return nil
}

// SetOutputCurrency records the currency of the request: three to five letters, kept in
// upper case; a quote that records another currency already is refused.
func (q *Quote) SetOutputCurrency(cur string) error {
	u := strings.ToUpper(cur)
	if len(u) < 3 || len(u) > 5 || strings.Trim(u, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return fieldErr("outputCurrency", "a currency code such as EUR", fmt.Sprintf("%q", cur))
	}
	if q.OutputCurrency != "" && q.OutputCurrency != u {
		return fmt.Errorf("%w: the quote is for %s, not the %s asked for", ErrNotRequested, q.OutputCurrency, u)
	}
	q.OutputCurrency = u
	return nil
}

// APIError is a non-zero partner-envelope code or an {error_code, error_msg} gateway error:
// the partner client's, with the quote's own explanations (partner.RouteQuote).
type APIError = partner.APIError

// FieldError names a field of the quote and what was expected of it.
type FieldError struct {
	Field    string
	Expected string
	Detail   string
}

func (e *FieldError) Error() string {
	s := "altchain quote: field " + e.Field + ": expected " + e.Expected
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

func fieldErr(field, expected, detail string) error {
	return &FieldError{Field: field, Expected: expected, Detail: detail}
}

// ParseQuote reads a quote: the bare quote object, the partner envelope
// {code, message, data} or the gateway error {error_code, error_msg}. A non-zero code
// comes back as *APIError; a malformed field as *FieldError naming it.
func ParseQuote(r io.Reader) (*Quote, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxQuoteBytes+1))
	if err != nil {
		return nil, fmt.Errorf("altchain quote: read: %w", err)
	}
	if len(body) > MaxQuoteBytes {
		return nil, fmt.Errorf("altchain quote: body larger than %d bytes", MaxQuoteBytes)
	}
	top, err := objectFields(body, "")
	if err != nil {
		return nil, err
	}
	data, enveloped, err := partner.Unwrap(top, partner.RouteQuote)
	var ee *partner.EnvelopeError
	switch {
	case errors.As(err, &ee):
		return nil, fieldErr(ee.Field, ee.Expected, "")
	case err != nil:
		return nil, err
	case enveloped && data == nil:
		return nil, fieldErr("data", "the quote object", "missing")
	case enveloped:
		if top, err = objectFields(data, "data."); err != nil {
			return nil, err
		}
	}
	return quoteFromFields(top)
}

// objectFields splits a JSON object into its members, refusing duplicate keys (two
// parsers could otherwise read two different quotes from one body) and trailing data.
func objectFields(b []byte, prefix string) (map[string]json.RawMessage, error) {
	m, err := partner.Members(b)
	var dup *partner.DuplicateKeyError
	switch {
	case errors.As(err, &dup):
		return nil, fieldErr(prefix+dup.Key, "a single occurrence", "the key appears twice")
	case err != nil:
		return nil, fmt.Errorf("altchain quote: %s%w", prefix, err)
	}
	return m, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func quoteFromFields(f map[string]json.RawMessage) (*Quote, error) {
	q := &Quote{}
	qf := quoteFields(f)
	for _, part := range []func(*Quote) error{
		qf.readAccounts, qf.readDestination, qf.readFees,
		func(q *Quote) error { return parseRules(f, &q.Rules) },
		qf.readTransaction, qf.readAmounts, qf.readRequested,
	} {
		if err := part(q); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// quoteFields are a quote's fields as it came (objectFields), read part by part.
type quoteFields map[string]json.RawMessage

// str is the string field name: ok false when it is absent or null, an error when it is
// required then or is not a string.
func (f quoteFields) str(name string, required bool) (string, bool, error) {
	raw, ok := f[name]
	if !ok || isNull(raw) {
		if required {
			return "", false, fieldErr(name, "a string", "missing")
		}
		return "", false, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, fieldErr(name, "a string", "got "+jsonKind(raw))
	}
	return s, true, nil
}

// uint is the required integer field name of bits bits.
func (f quoteFields) uint(name string, bits int, want string) (uint64, error) {
	raw, ok := f[name]
	if !ok || isNull(raw) {
		return 0, fieldErr(name, want, "missing")
	}
	return uintField(name, raw, bits, want)
}

// readAccounts reads the network and the accounts the deposit uses.
func (f quoteFields) readAccounts(q *Quote) error {
	var err error
	if q.Network, _, err = f.str("network", true); err != nil {
		return fieldErr("network", "the cluster's genesis-hash prefix (base58 string)", "missing or not a string")
	}
	if err := checkNetwork(q.Network); err != nil {
		return err
	}
	for _, k := range []struct {
		name string
		dst  *solana.PublicKey
	}{
		{"programId", &q.ProgramID}, {"oapp", &q.OApp}, {"endpointProgramId", &q.EndpointProgramID},
		{"usdcMint", &q.USDCMint}, {"depositUsdcAccount", &q.DepositUSDCAccount}, {"feeReceiver", &q.FeeReceiver},
	} {
		s, _, err := f.str(k.name, true)
		if err != nil {
			return fieldErr(k.name, "a base58 Solana public key (32 bytes)", "missing or not a string")
		}
		if *k.dst, err = parsePubkey(k.name, s); err != nil {
			return err
		}
	}
	return nil
}

// readDestination reads where the deposit goes on the home chain: the endpoint id and the
// token.
func (f quoteFields) readDestination(q *Quote) error {
	eid, err := f.uint("dstEid", 32, "an unsigned 32-bit integer")
	if err != nil {
		return err
	}
	q.DstEid = uint32(eid)
	s, _, err := f.str("evmOutputToken", true)
	if err != nil {
		return fieldErr("evmOutputToken", "a 0x-prefixed 20-byte hex EVM address", "missing or not a string")
	}
	q.EVMOutputToken, err = parseEVMAddress("evmOutputToken", s)
	return err
}

// readFees reads the LayerZero fee, with and without its buffer.
func (f quoteFields) readFees(q *Quote) error {
	for _, n := range []struct {
		name string
		dst  *uint64
	}{{"nativeFeeLamports", &q.NativeFeeLamports}, {"nativeFeeLamportsWithBuffer", &q.NativeFeeLamportsWithBuffer}} {
		s, _, err := f.str(n.name, true)
		if err != nil {
			return fieldErr(n.name, "a non-negative integer string of lamports", "missing or not a string")
		}
		if *n.dst, err = parseUintString(n.name, s, 64); err != nil {
			return err
		}
	}
	return nil
}

// readTransaction reads the pre-built transaction, if any, and its last valid block height.
func (f quoteFields) readTransaction(q *Quote) error {
	s, ok, err := f.str("transaction", false)
	if err != nil {
		return fieldErr("transaction", "a base64 string of the unsigned v0 transaction", "not a string")
	}
	if ok && s != "" {
		if q.Transaction, err = DecodeBase64Transaction(s); err != nil {
			return err
		}
	}
	q.LastValidBlockHeight, err = f.uint("lastValidBlockHeight", 64, "an unsigned 64-bit integer")
	return err
}

// readAmounts reads the decimal amounts the quote shows (each optional).
func (f quoteFields) readAmounts(q *Quote) error {
	for _, d := range []struct {
		name string
		dst  **decimal.Decimal
	}{
		{"outputAmount", &q.OutputAmount}, {"outputAmountBeforeFee", &q.OutputAmountBeforeFee},
		{"exchangeRate", &q.ExchangeRate}, {"processingFee", &q.ProcessingFee},
		{"networkFee", &q.NetworkFee}, {"totalFee", &q.TotalFee},
	} {
		raw, ok := f[d.name]
		if !ok || isNull(raw) {
			continue
		}
		v, err := decimalField(d.name, raw)
		if err != nil {
			return err
		}
		*d.dst = &v
	}
	return nil
}

// readRequested reads what the user asked for: the USDC amount and its minimum, and the
// output currency.
func (f quoteFields) readRequested(q *Quote) error {
	ua, hasUA, err := f.str("usdcAmount", false)
	if err != nil {
		return fieldErr("usdcAmount", "a smallest-unit integer string", "not a string")
	}
	if cur, ok, err := f.str("outputCurrency", false); err != nil {
		return fieldErr("outputCurrency", "a currency code such as EUR", "not a string")
	} else if ok {
		if err := q.SetOutputCurrency(cur); err != nil {
			return err
		}
	}
	ma, _, err := f.str("minUsdcAmount", false)
	if err != nil {
		return fieldErr("minUsdcAmount", "a smallest-unit integer string", "not a string")
	}
	if hasUA {
		return q.SetRequested(ua, ma)
	}
	return nil
}

func parseRules(f map[string]json.RawMessage, r *QuoteRules) error {
	raw, ok := f["rules"]
	if !ok || isNull(raw) {
		return fieldErr("rules", "an object of booleans", "missing")
	}
	m, err := objectFields(raw, "rules.")
	if err != nil {
		return fieldErr("rules", "an object of booleans", err.Error())
	}
	for _, b := range []struct {
		name string
		dst  *bool
	}{
		{"onlyUsdc", &r.OnlyUSDC}, {"swapDataMustBeEmpty", &r.SwapDataMustBeEmpty},
		{"jupiterRemainingAccountsLenMustBeZero", &r.JupiterRemainingAccountsLenMustBeZero},
		{"userMustHaveUsdcAta", &r.UserMustHaveUSDCAta}, {"feePayerMustBeUser", &r.FeePayerMustBeUser},
	} {
		v, ok := m[b.name]
		if !ok {
			return fieldErr("rules."+b.name, "a boolean", "missing")
		}
		if err := json.Unmarshal(v, b.dst); err != nil || isNull(v) {
			return fieldErr("rules."+b.name, "a boolean", "got "+jsonKind(v))
		}
	}
	return nil
}

func jsonKind(raw json.RawMessage) string {
	s := bytes.TrimSpace(raw)
	if len(s) == 0 {
		return "nothing"
	}
	switch s[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// parseUintString parses a canonical unsigned decimal integer: digits only, no sign, no
// leading zeros, no exponent.
func parseUintString(field, s string, bits int) (uint64, error) {
	expected := "a non-negative integer string"
	if s == "" {
		return 0, fieldErr(field, expected, "empty")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fieldErr(field, expected, fmt.Sprintf("%q has a non-digit", s))
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fieldErr(field, expected, fmt.Sprintf("%q has a leading zero", s))
	}
	v, err := strconv.ParseUint(s, 10, bits)
	if err != nil {
		return 0, fieldErr(field, expected, fmt.Sprintf("%q does not fit %d bits", s, bits))
	}
	return v, nil
}

// uintField accepts a JSON integer literal or an integer string.
// uintField reads a field the spec types as a JSON number (dstEid uint32,
// lastValidBlockHeight uint64): a string there is refused like any other wrong type, so a
// quote that changed its wire types is noticed, not read loosely.
func uintField(field string, raw json.RawMessage, bits int, expected string) (uint64, error) {
	s := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(s, `"`) {
		return 0, fieldErr(field, expected+" as a JSON number", "a string")
	}
	v, err := parseUintString(field, s, bits)
	if err != nil {
		return 0, fieldErr(field, expected, err.(*FieldError).Detail)
	}
	return v, nil
}

func decimalField(field string, raw json.RawMessage) (decimal.Decimal, error) {
	s := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(raw, &s); err != nil {
			return decimal.Decimal{}, fieldErr(field, "a decimal number or decimal string", "bad string")
		}
	}
	if s == "" || strings.ContainsAny(s, "eE") {
		return decimal.Decimal{}, fieldErr(field, "a plain decimal number", fmt.Sprintf("%q", s))
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Decimal{}, fieldErr(field, "a decimal number or decimal string", fmt.Sprintf("%q", s))
	}
	return d, nil
}

func parsePubkey(field, s string) (solana.PublicKey, error) {
	const expected = "a base58 Solana public key (32 bytes)"
	k, err := solana.PublicKeyFromBase58(s)
	if err != nil {
		return solana.PublicKey{}, fieldErr(field, expected, fmt.Sprintf("%q: %v", s, err))
	}
	if k.String() != s {
		return solana.PublicKey{}, fieldErr(field, expected, fmt.Sprintf("%q is not in canonical base58", s))
	}
	return k, nil
}

func parseEVMAddress(field, s string) (EVMAddress, error) {
	const expected = "a 0x-prefixed 20-byte hex EVM address"
	var a EVMAddress
	if len(s) != 42 || (s[:2] != "0x" && s[:2] != "0X") {
		return a, fieldErr(field, expected, fmt.Sprintf("%q", s))
	}
	if _, err := hex.Decode(a[:], []byte(s[2:])); err != nil {
		return a, fieldErr(field, expected, fmt.Sprintf("%q is not hex", s))
	}
	return a, nil
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

func checkNetwork(s string) error {
	const expected = "the cluster's genesis-hash prefix (base58 string)"
	if s == "" || len(s) > 44 {
		return fieldErr("network", expected, fmt.Sprintf("%q has a bad length", s))
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(base58Alphabet, rune(s[i])) {
			return fieldErr("network", expected, fmt.Sprintf("%q has a non-base58 character", s))
		}
	}
	return nil
}

// DecodeBase64Transaction decodes the quote's transaction strictly (rule A1): standard
// alphabet with padding, no whitespace or line breaks, canonical (re-encoding gives the
// input), at most MaxTransactionSize bytes once decoded.
func DecodeBase64Transaction(s string) ([]byte, error) {
	const expected = "strict standard base64 of the unsigned v0 transaction (rule A1)"
	if strings.ContainsAny(s, "\r\n \t") {
		return nil, fieldErr("transaction", expected, "contains whitespace")
	}
	if base64.StdEncoding.DecodedLen(len(s)) > 4*MaxTransactionSize {
		return nil, fieldErr("transaction", expected, "far larger than a Solana transaction")
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, fieldErr("transaction", expected, err.Error())
	}
	if base64.StdEncoding.EncodeToString(b) != s {
		return nil, fieldErr("transaction", expected, "not canonical")
	}
	if len(b) == 0 {
		return nil, fieldErr("transaction", expected, "empty")
	}
	return b, nil
}

var errNoTransaction = errors.New("altchain: the quote carries no transaction")

// QuoteWire is a quote as JSON, defined once for every side that writes one: the
// response fields of spec 4.4 (the sandbox answers with it) plus the requested amounts and
// currency purse records (usdcAmount, minUsdcAmount, outputCurrency), so a saved quote says
// what it was for and
// ParseQuote reads it back.
type QuoteWire struct {
	Network                     string       `json:"network"`
	ProgramID                   string       `json:"programId"`
	OApp                        string       `json:"oapp"`
	EndpointProgramID           string       `json:"endpointProgramId"`
	DstEid                      uint32       `json:"dstEid"`
	USDCMint                    string       `json:"usdcMint"`
	DepositUSDCAccount          string       `json:"depositUsdcAccount"`
	FeeReceiver                 string       `json:"feeReceiver"`
	EVMOutputToken              string       `json:"evmOutputToken"`
	NativeFeeLamports           string       `json:"nativeFeeLamports"`
	NativeFeeLamportsWithBuffer string       `json:"nativeFeeLamportsWithBuffer"`
	Rules                       QuoteRules   `json:"rules"`
	Transaction                 string       `json:"transaction,omitempty"`
	LastValidBlockHeight        uint64       `json:"lastValidBlockHeight"`
	OutputAmount                *json.Number `json:"outputAmount,omitempty"`
	OutputAmountBeforeFee       *json.Number `json:"outputAmountBeforeFee,omitempty"`
	ExchangeRate                *json.Number `json:"exchangeRate,omitempty"`
	ProcessingFee               *json.Number `json:"processingFee,omitempty"`
	NetworkFee                  *json.Number `json:"networkFee,omitempty"`
	TotalFee                    *json.Number `json:"totalFee,omitempty"`
	USDCAmount                  string       `json:"usdcAmount,omitempty"`
	MinUSDCAmount               string       `json:"minUsdcAmount,omitempty"`
	OutputCurrency              string       `json:"outputCurrency,omitempty"`
}

// Wire is q as JSON (QuoteWire). Amounts keep the precision q holds.
func (q *Quote) Wire() QuoteWire {
	num := func(d *decimal.Decimal) *json.Number {
		if d == nil {
			return nil
		}
		n := json.Number(d.String())
		return &n
	}
	v := QuoteWire{
		Network: q.Network, ProgramID: q.ProgramID.String(), OApp: q.OApp.String(), EndpointProgramID: q.EndpointProgramID.String(),
		DstEid: q.DstEid, USDCMint: q.USDCMint.String(), DepositUSDCAccount: q.DepositUSDCAccount.String(),
		FeeReceiver: q.FeeReceiver.String(), EVMOutputToken: q.EVMOutputToken.String(),
		NativeFeeLamports:           strconv.FormatUint(q.NativeFeeLamports, 10),
		NativeFeeLamportsWithBuffer: strconv.FormatUint(q.NativeFeeLamportsWithBuffer, 10),
		Rules:                       q.Rules, LastValidBlockHeight: q.LastValidBlockHeight,
		OutputAmount: num(q.OutputAmount), OutputAmountBeforeFee: num(q.OutputAmountBeforeFee),
		ExchangeRate: num(q.ExchangeRate), ProcessingFee: num(q.ProcessingFee), NetworkFee: num(q.NetworkFee), TotalFee: num(q.TotalFee),
	}
	if q.Transaction != nil {
		v.Transaction = base64.StdEncoding.EncodeToString(q.Transaction)
	}
	if q.HasRequested {
		v.USDCAmount, v.MinUSDCAmount = strconv.FormatUint(q.USDCAmount, 10), strconv.FormatUint(q.MinUSDCAmount, 10)
	}
	v.OutputCurrency = q.OutputCurrency
	return v
}
