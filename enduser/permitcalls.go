package enduser

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/shopspring/decimal"

	"purse/wallet"
)

// The calls that carry a user's EIP-2612 permit to the service, which presents it on chain
// and spends it: the card-spend permit (token-permit) and the money flows of the external
// wallet (transfer-with-permit, payout-with-permit). Their rows declare it (Route.Permit), so
// a signer finds the permit in any such body, a gate binds an approved permit to the call
// that carries it, and the sandbox reads them alike.

// SpenderToken is the spender role of a permit the fiat token itself spends (UR's
// Fiat24Token: permitAndTransferFromByAccountId, permitAndClientPayoutRef).
const SpenderToken = "token"

// PermitCarrier is what a route's body says of the permit it carries.
type PermitCarrier struct {
	// TokenKey is the body's key for the token contract ("address" on token-permit).
	TokenKey string
	// AmountKey is the body's key for the amount the contract spends ("" is "amount");
	// PermitAmountKey the key for the signed value ("" is "permitAmount"; "-" the body has
	// none: the signed value is the amount, as the on-ramp's amountIn).
	AmountKey, PermitAmountKey string
	// Spender is the spender role the service's contract presents the permit to (""
	// where a profile setting decides it: the payout's).
	Spender string
}

// Keys of the permit in every carrying body (evidence §4 and "Pitfalls" 8).
const (
	keyPermitV = "permitV"
	keyPermitR = "permitR"
	keyPermitS = "permitS"
)

// CarriedPermit is the permit a body carries, as written there.
type CarriedPermit struct {
	Route          Route
	Token          common.Address
	Amount         string
	PermitAmount   string
	PermitDeadline int64
	// Sig is the 65-byte [R || S || V] signature with V 27 or 28; nil when the body carries
	// the unsigned placeholder (UnsignedCall).
	Sig []byte
}

// CarriedPermit is the permit of a payload judged to be the body of exactly one route that
// carries one; false otherwise.
func (j Judgement) CarriedPermit() (CarriedPermit, bool) {
	if len(j.Routes) != 1 || j.Routes[0].Permit == nil {
		return CarriedPermit{}, false
	}
	return carriedPermitOf(j.Routes[0], j.Body)
}

func carriedPermitOf(r Route, body []byte) (CarriedPermit, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return CarriedPermit{}, false
	}
	var tok, amount, permitAmount, pr, ps string
	var deadline int64
	var v int
	amountKey, permitKey := cmp.Or(r.Permit.AmountKey, "amount"), cmp.Or(r.Permit.PermitAmountKey, "permitAmount")
	fields := []struct {
		key string
		to  any
	}{{r.Permit.TokenKey, &tok}, {amountKey, &amount}, {"permitDeadline", &deadline}, {keyPermitV, &v}, {keyPermitR, &pr}, {keyPermitS, &ps}}
	if permitKey != "-" {
		fields = append(fields, struct {
			key string
			to  any
		}{permitKey, &permitAmount})
	}
	for _, f := range fields {
		if json.Unmarshal(m[f.key], f.to) != nil {
			return CarriedPermit{}, false
		}
	}
	if permitKey == "-" {
		permitAmount = amount
	}
	if !common.IsHexAddress(tok) {
		return CarriedPermit{}, false
	}
	cp := CarriedPermit{Route: r, Token: common.HexToAddress(tok), Amount: amount, PermitAmount: permitAmount, PermitDeadline: deadline}
	if v == 0 && pr == "" && ps == "" {
		return cp, true
	}
	rb, errR := hexutil.Decode(pr)
	sb, errS := hexutil.Decode(ps)
	if errR != nil || errS != nil || len(rb) != 32 || len(sb) != 32 || (v != 27 && v != 28) {
		return CarriedPermit{}, false
	}
	cp.Sig = append(append(rb, sb...), byte(v))
	return cp, true
}

// UnsignedCall is a permit-carrying body with its signature blanked (permitV 0, permitR and
// permitS ""), in one canonical form (keys sorted, numbers as written): what a permit's
// signer approves together with the permit, before the signature exists, and what the body
// that delivers it must equal once its signature is blanked again. An error for a body that
// is not a JSON object carrying the three signature keys.
func UnsignedCall(body []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("the call's body: %v", err)
	}
	if d.More() {
		return nil, errors.New("the call's body: more than one JSON value")
	}
	for _, k := range []string{keyPermitV, keyPermitR, keyPermitS} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("the call's body has no %s: it carries no permit", k)
		}
	}
	m[keyPermitV], m[keyPermitR], m[keyPermitS] = json.Number("0"), "", ""
	return json.Marshal(m)
}

// PermitFields are the permit fields every carrying body writes, in the profile's amount
// unit (Unit, PermitUnitSmallest when empty) scaled by the token's Decimals.
type PermitFields struct {
	Token          common.Address
	Amount         decimal.Decimal // the business amount
	PermitAmount   decimal.Decimal // the signed value in token units
	PermitDeadline int64
	// Sig is the permit's signature; nil writes the unsigned placeholder (UnsignedCall).
	Sig      *wallet.PermitSignature
	Unit     string
	Decimals uint8
}

// NewPermitFields are the fields of a permit signed (or about to be, sig nil) for amount.
func NewPermitFields(p wallet.Permit, sig *wallet.PermitSignature, amount decimal.Decimal, decimals uint8, unit string) PermitFields {
	f := PermitFields{Token: p.Domain.VerifyingContract, Amount: amount, Sig: sig, Unit: unit, Decimals: decimals}
	if p.Value != nil {
		f.PermitAmount = decimal.NewFromBigInt(p.Value, -int32(decimals))
	}
	if p.Deadline != nil && p.Deadline.IsInt64() {
		f.PermitDeadline = p.Deadline.Int64()
	}
	return f
}

// wire writes the fields as every carrying body has them.
func (f PermitFields) wire(route string) (permitWire, error) {
	tp := TokenPermitRequest{Unit: f.Unit, Decimals: f.Decimals}
	var w permitWire
	var err error
	if f.Amount.Sign() <= 0 {
		return w, invalid(route, "amount", "expected an amount above 0, got %s", f.Amount)
	}
	if f.PermitAmount.LessThan(f.Amount) {
		return w, invalid(route, "permitAmount", "the signed value %s does not cover the amount %s", f.PermitAmount, f.Amount)
	}
	if w.Amount, err = tp.permitAmount("amount", f.Amount); err != nil {
		return w, invalid(route, "amount", "%v", err)
	}
	if w.PermitAmount, err = tp.permitAmount("permitAmount", f.PermitAmount); err != nil {
		return w, invalid(route, "permitAmount", "%v", err)
	}
	if f.PermitDeadline <= 0 {
		return w, invalid(route, "permitDeadline", "expected Unix seconds, got %d", f.PermitDeadline)
	}
	w.sigWire = f.sig()
	return w, nil
}

// sig is the deadline and the signature (blank without one).
func (f PermitFields) sig() sigWire {
	w := sigWire{PermitDeadline: f.PermitDeadline}
	if f.Sig != nil {
		w.PermitV, w.PermitR, w.PermitS = int(f.Sig.V), f.Sig.R, f.Sig.S
	}
	return w
}

// permitWire is the permit part of the carrying bodies that write amount and permitAmount.
type permitWire struct {
	Amount       string `json:"amount"`
	PermitAmount string `json:"permitAmount"`
	sigWire
}

// sigWire is the permit's deadline and signature, as every carrying body writes them.
type sigWire struct {
	PermitDeadline int64  `json:"permitDeadline"`
	PermitV        int    `json:"permitV"`
	PermitR        string `json:"permitR"`
	PermitS        string `json:"permitS"`
}

// TransferRequest is a transfer to another account of the service (evidence "Pitfalls" 8:
// toAccountId, tokenAddress, the amounts and the permit; the spender is the fiat token).
type TransferRequest struct {
	ToAccountID uint64
	Permit      PermitFields
}

// transferWire is the transfer-with-permit body as sent.
type transferWire struct {
	ToAccountID  uint64 `json:"toAccountId"`
	TokenAddress string `json:"tokenAddress"`
	permitWire
}

// Body is the request's JSON body.
func (r TransferRequest) Body() ([]byte, error) {
	if r.ToAccountID == 0 {
		return nil, invalid(RouteTransfer, "toAccountId", "expected the recipient's account id (a positive integer)")
	}
	pw, err := r.Permit.wire(RouteTransfer)
	if err != nil {
		return nil, err
	}
	return json.Marshal(transferWire{r.ToAccountID, r.Permit.Token.Hex(), pw})
}

// PayoutRequest is a payout to a bank contact of the banking profile (evidence "Pitfalls"
// 8: contactId, tokenAddress, purposeId, ref, the amounts and the permit).
type PayoutRequest struct {
	ContactID string
	PurposeID int64
	Ref       string
	Permit    PermitFields
}

// payoutWire is the payout-with-permit body as sent.
type payoutWire struct {
	ContactID    string `json:"contactId"`
	TokenAddress string `json:"tokenAddress"`
	PurposeID    int64  `json:"purposeId"`
	Ref          string `json:"ref"`
	permitWire
}

// MaxPayoutRef bounds a payout's reference (SEPA's remittance information is 140
// characters).
const MaxPayoutRef = 140

// CheckPayoutRef accepts a payout's reference: at most MaxPayoutRef characters, none a
// control character.
func CheckPayoutRef(ref string) error {
	if len(ref) > MaxPayoutRef || strings.ContainsFunc(ref, unicode.IsControl) {
		return fmt.Errorf("expected at most %d characters without control characters", MaxPayoutRef)
	}
	return nil
}

// Body is the request's JSON body.
func (r PayoutRequest) Body() ([]byte, error) {
	if id := r.ContactID; id == "" || strings.ContainsFunc(id, spaceOrControl) {
		return nil, invalid(RoutePayout, "contactId", "expected a contact id of the banking profile, got %q", id)
	}
	if r.PurposeID <= 0 {
		return nil, invalid(RoutePayout, "purposeId", "expected a payment purpose id (payment-purposes), got %d", r.PurposeID)
	}
	if err := CheckPayoutRef(r.Ref); err != nil {
		return nil, invalid(RoutePayout, "ref", "%v", err)
	}
	pw, err := r.Permit.wire(RoutePayout)
	if err != nil {
		return nil, err
	}
	return json.Marshal(payoutWire{r.ContactID, r.Permit.Token.Hex(), r.PurposeID, r.Ref, pw})
}

// MoneyResult is what the service answers to a call that spends a permit: the transaction
// it sent, when it names one (the public integration reads txHash, as token-permit's).
type MoneyResult struct {
	Status Text   `json:"status"`
	TxHash string `json:"txHash"`
}

// SendPermitCall sends the body of a route that carries a permit (TransferRequest.Body,
// PayoutRequest.Body) as it is: the signed permit must be in it. A txHash that is there must
// be a transaction hash; an answer without one is a success that names no transaction,
// which the caller settles from the chain.
func (c *Client) SendPermitCall(ctx context.Context, route string, body []byte) (MoneyResult, error) {
	r, ok := LookupRoute(route)
	if !ok || r.Permit == nil {
		return MoneyResult{}, invalid(route, "route", "expected a route that carries a permit")
	}
	if cp, ok := carriedPermitOf(r, body); !ok || cp.Sig == nil {
		return MoneyResult{}, invalid(route, "permitV", "expected the signed permit in the body")
	}
	var out MoneyResult
	resp, err := c.call(ctx, route, c.level(route), json.RawMessage(body), &out)
	if err != nil && !errors.Is(err, ErrEmptyAnswer) {
		return out, err
	}
	if out.TxHash != "" && !hex32RE().MatchString(out.TxHash) {
		return out, &DecodeError{Route: resp.Route, Status: resp.Status, Err: fmt.Errorf("txHash %q: expected 0x + 32 bytes hex", out.TxHash), Body: excerpt(resp.Body)}
	}
	return out, nil
}

// spaceOrControl is a character an identifier the service gives (a card's externalId, a
// contact's id) never holds.
func spaceOrControl(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

// OnrampQuoteRequest asks for a cash-out quote (evidence "Pitfalls" 8: scene, srcChainId,
// dstChainId, fromToken, toToken, amount, slippageBps). Amount is in the fiat token's
// units, written in the profile's amount unit (Unit, Decimals).
type OnrampQuoteRequest struct {
	SrcChainID, DstChainID string // CAIP-2
	FromToken, ToToken     common.Address
	Amount                 decimal.Decimal
	SlippageBps            int
	Unit                   string
	Decimals               uint8
}

// onrampQuoteWire is the quote body as sent.
type onrampQuoteWire struct {
	Scene       string `json:"scene"`
	SrcChainID  string `json:"srcChainId"`
	DstChainID  string `json:"dstChainId"`
	FromToken   string `json:"fromToken"`
	ToToken     string `json:"toToken"`
	Amount      string `json:"amount"`
	SlippageBps int    `json:"slippageBps"`
}

// SceneOnramp is the quote's scene of a new cash-out ("swap_retry" retries one).
const SceneOnramp = "onramp"

// OnrampQuote is a cash-out quote (evidence "Pitfalls" 7): its id, the output, whether the
// user must pass a liveness check first, and the best route on the destination chain (its
// aggregator, calldata and minimum; allowanceTarget is the aggregator's, not the permit's
// spender).
type OnrampQuote struct {
	QuoteID      Text   `json:"quoteId"`
	OutputAmount Amount `json:"outputAmount"`
	NeedLiveness bool   `json:"needLiveness"`
	Best         struct {
		To              Text   `json:"to"`
		SwapCalldata    Text   `json:"swapCalldata"`
		MinAmountOut    Amount `json:"minAmountOut"`
		AllowanceTarget Text   `json:"allowanceTarget"`
	} `json:"best"`
}

// Body is the quote's JSON body.
func (q OnrampQuoteRequest) Body() ([]byte, error) {
	if q.Amount.Sign() <= 0 {
		return nil, invalid(RouteQuoteOnramp, "amount", "expected an amount above 0, got %s", q.Amount)
	}
	if q.SlippageBps < 0 || q.SlippageBps > 10_000 {
		return nil, invalid(RouteQuoteOnramp, "slippageBps", "expected 0 to 10000 basis points, got %d", q.SlippageBps)
	}
	amount, err := TokenPermitRequest{Unit: q.Unit, Decimals: q.Decimals}.permitAmount("amount", q.Amount)
	if err != nil {
		return nil, invalid(RouteQuoteOnramp, "amount", "%v", err)
	}
	return json.Marshal(onrampQuoteWire{SceneOnramp, q.SrcChainID, q.DstChainID, q.FromToken.Hex(), q.ToToken.Hex(), amount, q.SlippageBps})
}

// QuoteOnramp asks for a cash-out quote (route "quote-onramp", full auth: it changes
// nothing).
func (c *Client) QuoteOnramp(ctx context.Context, q OnrampQuoteRequest) (OnrampQuote, error) {
	body, err := q.Body()
	if err != nil {
		return OnrampQuote{}, err
	}
	var out OnrampQuote
	if _, err := c.call(ctx, RouteQuoteOnramp, c.level(RouteQuoteOnramp), json.RawMessage(body), &out); err != nil {
		return out, err
	}
	if out.QuoteID == "" {
		return out, &DecodeError{Route: RouteQuoteOnramp, Err: errors.New("the quote has no quoteId")}
	}
	return out, nil
}

// OnrampRequest submits a cash-out with its permit to the chain's buffer pool (evidence
// "Pitfalls" 8: quoteId, chainId, tokenIn, amountIn, dstChainId, dstAggregator, dstTokenOut,
// dstSwapCalldata ("0x" if none), dstMinAmountOut, the permit's deadline and signature). The
// permit's value is amountIn.
type OnrampRequest struct {
	QuoteID         string
	ChainID         string // CAIP-2 of the home chain
	DstChainID      string
	DstAggregator   string
	DstTokenOut     common.Address
	DstSwapCalldata string
	// DstMinAmountOut is written as the quote gave it.
	DstMinAmountOut string
	Permit          PermitFields
}

// onrampWire is the onramp-with-permit body as sent.
type onrampWire struct {
	QuoteID         string `json:"quoteId"`
	ChainID         string `json:"chainId"`
	TokenIn         string `json:"tokenIn"`
	AmountIn        string `json:"amountIn"`
	DstChainID      string `json:"dstChainId"`
	DstAggregator   string `json:"dstAggregator"`
	DstTokenOut     string `json:"dstTokenOut"`
	DstSwapCalldata string `json:"dstSwapCalldata"`
	DstMinAmountOut string `json:"dstMinAmountOut"`
	sigWire
}

// Body is the request's JSON body.
func (r OnrampRequest) Body() ([]byte, error) {
	if r.QuoteID == "" {
		return nil, invalid(RouteOnramp, "quoteId", "expected the quote's id")
	}
	pw, err := r.Permit.wire(RouteOnramp)
	if err != nil {
		return nil, err
	}
	if pw.PermitAmount != pw.Amount {
		return nil, invalid(RouteOnramp, "amountIn", "the buffer pool presents a permit for exactly amountIn: the signed value %s is not the amount %s", r.Permit.PermitAmount, r.Permit.Amount)
	}
	calldata := cmp.Or(r.DstSwapCalldata, "0x")
	return json.Marshal(onrampWire{r.QuoteID, r.ChainID, r.Permit.Token.Hex(), pw.Amount, r.DstChainID, r.DstAggregator,
		r.DstTokenOut.Hex(), calldata, r.DstMinAmountOut, pw.sigWire})
}

// LivenessToken is what the liveness vendor's check starts from (evidence "Pitfalls" 9:
// {vendor, access_token, user_id}).
type LivenessToken struct {
	Vendor      Text `json:"vendor"`
	AccessToken Text `json:"access_token"`
	UserID      Text `json:"user_id"`
}

// RetryCancelRequest cancels an on-ramp waiting for its swap retry, by the original
// transaction (evidence "Pitfalls" 9).
type RetryCancelRequest struct {
	OriginalTxHash string `json:"originalTxHash"`
}

// Keys are the body's keys of the permit it carries: the token, the amounts, the deadline
// and the signature.
func (c PermitCarrier) Keys() []string {
	keys := []string{c.TokenKey, cmp.Or(c.AmountKey, "amount"), "permitDeadline", keyPermitV, keyPermitR, keyPermitS}
	if k := cmp.Or(c.PermitAmountKey, "permitAmount"); k != "-" {
		keys = append(keys, k)
	}
	return keys
}

// PendingRetry reads the on-ramp waiting for its swap retry (route "onramp-pending-retry";
// nil: none waits).
func (c *Client) PendingRetry(ctx context.Context) (*PendingRetry, error) {
	return readAs[*PendingRetry](ctx, c, RouteOnrampPendingRetry, nil)
}

// LivenessCheck reads the liveness check's result (route "liveness-result").
func (c *Client) LivenessCheck(ctx context.Context) (LivenessResult, error) {
	return readAs[LivenessResult](ctx, c, RouteLivenessResult, nil)
}

// FXQuoteRequest is an FX quote's request (spec 2.8: fromCurrency, toCurrency, inputAmount
// as a decimal string, all required).
type FXQuoteRequest struct {
	FromCurrency string `json:"fromCurrency"`
	ToCurrency   string `json:"toCurrency"`
	InputAmount  string `json:"inputAmount"`
}

// FXQuote is an FX quote's data (spec 2.8).
type FXQuote struct {
	InputAmount  Amount `json:"inputAmount"`
	FromCurrency Text   `json:"fromCurrency"`
	ToCurrency   Text   `json:"toCurrency"`
	OutputAmount Amount `json:"outputAmount"`
	ExchangeRate Amount `json:"exchangeRate"`
}

// QuoteFX asks for an FX quote (route "fx-quote", full auth; its path is the profile's
// routes.fx-quote: none is known by default).
func (c *Client) QuoteFX(ctx context.Context, from, to string, amount decimal.Decimal) (FXQuote, error) {
	for _, f := range []struct{ name, v string }{{"fromCurrency", from}, {"toCurrency", to}} {
		if !isoCurrencyRE().MatchString(f.v) {
			return FXQuote{}, invalid(RouteFXQuote, f.name, "expected a three-letter currency code such as EUR, got %q", f.v)
		}
	}
	if from == to {
		return FXQuote{}, invalid(RouteFXQuote, "toCurrency", "expected another currency than fromCurrency %s", from)
	}
	if amount.Sign() <= 0 {
		return FXQuote{}, invalid(RouteFXQuote, "inputAmount", "expected an amount above 0, got %s", amount)
	}
	var out FXQuote
	_, err := c.call(ctx, RouteFXQuote, c.level(RouteFXQuote), FXQuoteRequest{from, to, amount.String()}, &out)
	return out, err
}
