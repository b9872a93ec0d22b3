package endusertest

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/homechain"
)

// The cash-out (on-ramp, evidence "Pitfalls" 7–9) as the sandbox plays it: a quote from a
// fiat token of the home chain to USDC on the same chain (as UR's testnet, "Mantle Sepolia →
// Mantle Sepolia"), within the on-ramp limits; a quote above onrampLivenessUSD needs the
// liveness check, which the sandbox's vendor passes as soon as its token is fetched; the
// submission with the permit for exactly amountIn to the buffer pool, which takes it on
// chain, after which the sandbox delivers the quote's USDC to the owner.

// onrampLivenessUSD is the amount above which a quote needs the liveness check.
var onrampLivenessUSD = decimal.NewFromInt(2000)

// onrampFeeBps is the sandbox's on-ramp fee, taken from the output.
const onrampFeeBps = 50

// quoteTTL is how long a quote may be submitted.
const quoteTTL = 2 * time.Minute

// onrampQuote is a quote the sandbox gave.
type onrampQuote struct {
	owner     common.Address
	token     common.Address
	amountIn  *big.Int // smallest units of the fiat token
	out, min  *big.Int // smallest units of USDC
	expires   time.Time
	aggregate common.Address
}

type onrampQuoteBody struct {
	Scene       *string `json:"scene"`
	SrcChainID  *string `json:"srcChainId"`
	DstChainID  *string `json:"dstChainId"`
	FromToken   *string `json:"fromToken"`
	ToToken     *string `json:"toToken"`
	Amount      *string `json:"amount"`
	SlippageBps *int    `json:"slippageBps"`
}

type onrampBody struct {
	QuoteID         *string `json:"quoteId"`
	ChainID         *string `json:"chainId"`
	TokenIn         *string `json:"tokenIn"`
	AmountIn        *string `json:"amountIn"`
	DstChainID      *string `json:"dstChainId"`
	DstAggregator   *string `json:"dstAggregator"`
	DstTokenOut     *string `json:"dstTokenOut"`
	DstSwapCalldata *string `json:"dstSwapCalldata"`
	DstMinAmountOut *string `json:"dstMinAmountOut"`
	PermitDeadline  *int64  `json:"permitDeadline"`
	PermitV         *int    `json:"permitV"`
	PermitR         *string `json:"permitR"`
	PermitS         *string `json:"permitS"`
}

// field is a required field of a body and whether it is there.
type field = struct {
	name string
	ok   bool
}

// required refuses the first field that is not there.
func required(fields ...field) error {
	for _, f := range fields {
		if !f.ok {
			return apiErr(CodeParam, "%s: required", f.name)
		}
	}
	return nil
}

func (s *Server) hQuoteOnramp(req *request) (any, error) {
	var b onrampQuoteBody
	if err := decodeStrict(req.body, &b); err != nil {
		return nil, err
	}
	if err := required(field{"scene", b.Scene != nil}, field{"srcChainId", b.SrcChainID != nil}, field{"dstChainId", b.DstChainID != nil},
		field{"fromToken", b.FromToken != nil}, field{"toToken", b.ToToken != nil}, field{"amount", b.Amount != nil}, field{"slippageBps", b.SlippageBps != nil}); err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "an on-ramp quote"); err != nil {
		return nil, err
	}
	t, amount, units, err := s.readQuoteBody(b)
	if err != nil {
		return nil, err
	}
	usdc, _ := s.tokenBySymbol("USDC")
	usd := amount.Mul(usdRate(t.Symbol))
	if lo, hi := topUpMinUSD, decimal.NewFromInt(10000); usd.LessThan(lo) || usd.GreaterThan(hi) {
		return nil, apiErr(CodeParam, "amount %s %s (USD %s) is outside the on-ramp limits USD %s – %s", amount, t.Symbol, usd.StringFixed(2), lo, hi)
	}
	outUSDC := usd.Mul(decimal.NewFromInt(10_000 - onrampFeeBps)).Div(decimal.NewFromInt(10_000)).Shift(int32(usdc.Decimals)).Truncate(0)
	minUSDC := outUSDC.Mul(decimal.NewFromInt(int64(10_000 - *b.SlippageBps))).Div(decimal.NewFromInt(10_000)).Truncate(0)
	id := "q-" + randomHex(8)
	q := &onrampQuote{owner: a.Owner, token: t.Address, amountIn: units, out: outUSDC.BigInt(), min: minUSDC.BigInt(),
		expires: s.nowLocked().Add(quoteTTL), aggregate: sandboxAddress("aggregator")}
	if s.quotes == nil {
		s.quotes = map[string]*onrampQuote{}
	}
	for k, old := range s.quotes {
		if s.nowLocked().After(old.expires) {
			delete(s.quotes, k)
		}
	}
	s.quotes[id] = q
	return map[string]any{
		"quoteId": id, "outputAmount": outUSDC.String(), "needLiveness": usd.GreaterThan(onrampLivenessUSD) && a.Liveness != "pass",
		"best": map[string]string{"to": q.aggregate.Hex(), "swapCalldata": "0x", "minAmountOut": minUSDC.String(), "allowanceTarget": q.aggregate.Hex()},
	}, nil
}

// readQuoteBody checks a quote's scene, chains, slippage and tokens, and reads its amount.
func (s *Server) readQuoteBody(b onrampQuoteBody) (homechain.Token, decimal.Decimal, *big.Int, error) {
	switch {
	case *b.Scene != "onramp":
		return homechain.Token{}, decimal.Decimal{}, nil, apiErr(CodeParam, "scene %q: the sandbox quotes a new on-ramp (\"onramp\"); no swap waits for a retry", *b.Scene)
	case *b.SrcChainID != s.CAIP2() || *b.DstChainID != s.CAIP2():
		return homechain.Token{}, decimal.Decimal{}, nil, apiErr(CodeParam, "srcChainId %q, dstChainId %q: the sandbox on-ramps from and to %s only", *b.SrcChainID, *b.DstChainID, s.CAIP2())
	case *b.SlippageBps < 0 || *b.SlippageBps > 1000:
		return homechain.Token{}, decimal.Decimal{}, nil, apiErr(CodeParam, "slippageBps %d: expected 0 to 1000", *b.SlippageBps)
	}
	from, err := parseAddress("fromToken", *b.FromToken)
	if err != nil {
		return homechain.Token{}, decimal.Decimal{}, nil, err
	}
	t, ok := s.tokenByAddress(from)
	if !ok || !t.IsFiat {
		return homechain.Token{}, decimal.Decimal{}, nil, apiErr(CodeParam, "fromToken %s is not a fiat token of the home chain", from.Hex())
	}
	usdc, _ := s.tokenBySymbol("USDC")
	if to, err := parseAddress("toToken", *b.ToToken); err != nil || to != usdc.Address {
		return homechain.Token{}, decimal.Decimal{}, nil, apiErr(CodeParam, "toToken %s: the sandbox on-ramps to USDC %s only", *b.ToToken, usdc.Address.Hex())
	}
	amount, units, err := s.parsePermitAmount("amount", *b.Amount, t.Decimals)
	return t, amount, units, err
}

// mismatch says how a submission differs from its quote ("" when it does not).
func (q *onrampQuote) mismatch(s *Server, b onrampBody, pr permitIn) string {
	switch {
	case *b.ChainID != s.CAIP2() || *b.DstChainID != s.CAIP2():
		return fmt.Sprintf("chainId %q, dstChainId %q: the quote is for %s", *b.ChainID, *b.DstChainID, s.CAIP2())
	case pr.token.Address != q.token || pr.value.Cmp(q.amountIn) != 0:
		return fmt.Sprintf("tokenIn and amountIn differ from the quote's %s %s", q.token.Hex(), q.amountIn)
	case !strings.EqualFold(*b.DstAggregator, q.aggregate.Hex()) || *b.DstMinAmountOut != q.min.String():
		return fmt.Sprintf("dstAggregator and dstMinAmountOut differ from the quote's best route (%s, %s)", q.aggregate.Hex(), q.min)
	}
	return ""
}

func (s *Server) hOnramp(req *request) (any, error) {
	var b onrampBody
	if err := decodeStrict(req.body, &b); err != nil {
		return nil, err
	}
	if err := required(field{"quoteId", b.QuoteID != nil}, field{"chainId", b.ChainID != nil}, field{"dstChainId", b.DstChainID != nil},
		field{"dstAggregator", b.DstAggregator != nil}, field{"dstTokenOut", b.DstTokenOut != nil}, field{"dstSwapCalldata", b.DstSwapCalldata != nil},
		field{"dstMinAmountOut", b.DstMinAmountOut != nil}); err != nil {
		return nil, err
	}
	pr, err := s.checkPermitBody(permitRequest{b.TokenIn, permitFields{b.AmountIn, b.AmountIn, b.PermitDeadline, b.PermitV, b.PermitR, b.PermitS}}, "tokenIn")
	if err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "an on-ramp"); err != nil {
		return nil, err
	}
	q := s.quotes[*b.QuoteID]
	switch {
	case q == nil || q.owner != a.Owner:
		return nil, apiErr(CodeParam, "quoteId %q: no such quote for this account", *b.QuoteID)
	case s.nowLocked().After(q.expires):
		return nil, apiErr(CodeParam, "quoteId %q expired at %s", *b.QuoteID, q.expires.UTC().Format(time.RFC3339))
	case q.mismatch(s, b, pr) != "":
		return nil, apiErr(CodeParam, "%s", q.mismatch(s, b, pr))
	}
	usdc, _ := s.tokenBySymbol("USDC")
	if out, err := parseAddress("dstTokenOut", *b.DstTokenOut); err != nil || out != usdc.Address {
		return nil, apiErr(CodeParam, "dstTokenOut %q: the quote delivers USDC %s", *b.DstTokenOut, usdc.Address.Hex())
	}
	pool := s.chain.Contracts().BufferPool
	if err := s.checkSignedFor(req, pr, a.Owner, pool, "the buffer pool"); err != nil {
		return nil, err
	}
	if err := s.spendOK(req, pr, a.Owner); err != nil {
		return nil, err
	}
	var qid [32]byte
	copy(qid[:], *b.QuoteID)
	tx, err := s.chain.Onramp(req.ctx, pr.token.Address, a.Owner, pr.value, qid, pr.permitSig())
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	delete(s.quotes, *b.QuoteID)
	// The destination leg: the quote's output on the destination chain (here the same).
	if _, err := s.chain.Fund(req.ctx, usdc.Address, a.Owner, q.out); err != nil {
		return nil, apiErr(CodeSystem, "chain: deliver USDC: %v", err)
	}
	cur := strings.ToLower(strings.TrimSuffix(pr.token.Symbol, "24"))
	amount := pr.amount.StringFixed(int32(pr.token.Decimals))
	s.addRecordLocked(a, Record{
		Type: "ONR", Direction: "OUT", Currency: cur, Amount: amount, Status: "completed", TxHash: tx.Hex(),
		Title: "Cash-out", Subtitle: fmt.Sprintf("%s USDC to %s", fromUnits(q.out, usdc.Decimals), strings.ToLower(a.Owner.Hex())),
		Token: pr.token.Symbol, TokenAddress: pr.token.Address.Hex(), InputAmount: pr.value.String(), OutputAmount: q.out.String(),
		Fee: "0.00", TransferredAmount: amount, FromAddress: strings.ToLower(a.Owner.Hex()), ToAddress: strings.ToLower(pool.Hex()),
	})
	return map[string]string{"status": "success", "txHash": tx.Hex()}, nil
}

// hLivenessToken: the sandbox's liveness vendor passes the check as soon as its token is
// fetched (there is no one to look at a camera).
func (s *Server) hLivenessToken(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "the liveness token"); err != nil {
		return nil, err
	}
	a.Liveness = "pass"
	s.dirty = true
	return map[string]string{"vendor": "sandbox", "access_token": "lv-" + randomHex(16), "user_id": fmt.Sprint(a.TokenID)}, nil
}

// hRetryCancel: no on-ramp of the sandbox waits for a swap retry.
func (s *Server) hRetryCancel(req *request) (any, error) {
	var b struct {
		OriginalTxHash *string `json:"originalTxHash"`
	}
	if err := decodeStrict(req.body, &b); err != nil {
		return nil, err
	}
	if b.OriginalTxHash == nil || *b.OriginalTxHash == "" {
		return nil, apiErr(CodeParam, "originalTxHash: required")
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "the on-ramp retry"); err != nil {
		return nil, err
	}
	return nil, apiErr(CodeParam, "no on-ramp of this account waits for a retry (originalTxHash %s)", *b.OriginalTxHash)
}

// sandboxFXQuotePath is where the sandbox serves the FX quote: a path of its own, since no
// public source shows the service's (its profile's routes.fx-quote names it).
const sandboxFXQuotePath = "/api/v1/sandbox/fx/quote"

// hFXQuote quotes an FX between two fiat currencies the sandbox has (spec 2.8), at its USD
// rates less a 0.3 % spread.
func (s *Server) hFXQuote(req *request) (any, error) {
	var b struct {
		FromCurrency *string `json:"fromCurrency"`
		ToCurrency   *string `json:"toCurrency"`
		InputAmount  *string `json:"inputAmount"`
	}
	if err := decodeStrict(req.body, &b); err != nil {
		return nil, err
	}
	if err := required(field{"fromCurrency", b.FromCurrency != nil}, field{"toCurrency", b.ToCurrency != nil}, field{"inputAmount", b.InputAmount != nil}); err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "an FX quote"); err != nil {
		return nil, err
	}
	from, okF := s.tokenBySymbol(strings.ToUpper(*b.FromCurrency) + "24")
	to, okT := s.tokenBySymbol(strings.ToUpper(*b.ToCurrency) + "24")
	if !okF || !okT || from.Address == to.Address {
		return nil, apiErr(CodeParam, "fromCurrency %q, toCurrency %q: expected two different fiat currencies of the sandbox", *b.FromCurrency, *b.ToCurrency)
	}
	in, _, err := parseAmount("inputAmount", *b.InputAmount, from.Decimals)
	if err != nil {
		return nil, err
	}
	rate := usdRate(from.Symbol).Div(usdRate(to.Symbol)).Mul(decimal.RequireFromString("0.997")).Round(6)
	return map[string]string{
		"inputAmount": in.String(), "fromCurrency": strings.ToUpper(*b.FromCurrency), "toCurrency": strings.ToUpper(*b.ToCurrency),
		"outputAmount": in.Mul(rate).RoundFloor(int32(to.Decimals)).StringFixed(int32(to.Decimals)), "exchangeRate": rate.String(),
	}, nil
}
