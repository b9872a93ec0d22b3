package partner

import (
	"encoding/json"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/protocol"
)

// What a partner-auth payload can authorise. A partner signature covers the body and the
// deadline (UR's form; the spec's form adds the identity), never the path, so a signature
// over a body is good for every partner route whose request the body can be: a body that is
// an exchange's signs an exchange, whatever the caller says it is for. A signer that judges a
// partner signature (the signing policy) asks which routes the payload fits (RoutesFitting)
// and takes the strictest of them, as it does for full auth.

// Route is a partner API call of spec 4.4 or 4.5 (the partner-signed /v1/* routes).
type Route struct {
	Name, Method, Path string
	// Changes is true for a call that moves money or changes an account (a mint, an
	// exchange, a deposit, an on-ramp, a USD pay-in).
	Changes bool
	// body is the wire type, under the spec's names (svcId, altchainAddress); nil for a
	// route without a body.
	body any
}

// Routes of the partner API beyond the ones this client makes (RouteQuote, RouteMint,
// RouteIDVToken, RouteIDVStatus), named for the signing policy.
const (
	RouteProfile          = "profile"
	RouteBalance          = "balance"
	RouteTransactions     = "transactions"
	RouteTransactionQuery = "transaction-query"
	RouteApplyUSDPayin    = "apply-usd-payin"
	RouteTokens           = "tokens"
	RouteExchangeRate     = "exchange-rate"
	RouteExchange         = "exchange"
	RouteDepositQuote     = "deposit-quote"
	RouteDeposit          = "deposit"
	RouteOnrampQuote      = "onramp-quote"
	RouteOnramp           = "onramp"
)

// The bodies of spec 4.4 and 4.5, keys as the spec writes them; a key without omitempty is
// required; each value is judged by the JSON its field decodes (the policy judges a body by
// its keys and their types).
type (
	profileWire struct {
		SvcID    int64  `json:"svcId,omitempty"`
		AuthCode string `json:"authCode,omitempty"`
	}
	svcIDWire struct {
		SvcID int64 `json:"svcId"`
	}
	transactionsWire struct {
		SvcID            int64    `json:"svcId"`
		Type             string   `json:"type,omitempty"`
		TransactionTypes []string `json:"transactionTypes,omitempty"`
		ChainID          string   `json:"chainId,omitempty"`
		Symbol           string   `json:"symbol,omitempty"`
		Currencies       []string `json:"currencies,omitempty"`
		PageSize         int      `json:"pageSize,omitempty"`
		FromTimestamp    int64    `json:"fromTimestamp,omitempty"`
		ToTimestamp      int64    `json:"toTimestamp,omitempty"`
		Direction        string   `json:"direction,omitempty"`
		MinAmount        string   `json:"minAmount,omitempty"`
		MaxAmount        string   `json:"maxAmount,omitempty"`
		Status           string   `json:"status,omitempty"`
		CursorTimestamp  int64    `json:"cursorTimestamp,omitempty"`
		CursorID         int64    `json:"cursorId,omitempty"`
		PrevCursorTS     int64    `json:"prevCursorTimestamp,omitempty"`
		PrevCursorID     int64    `json:"prevCursorId,omitempty"`
	}
	transactionQueryWire struct {
		TxPairs []txPairWire `json:"txPairs"`
	}
	txPairWire struct {
		SvcID  int64  `json:"svcId"`
		TxHash string `json:"txHash"`
	}
	usdPayinWire struct {
		SvcID  int64  `json:"svcId"`
		Remark string `json:"remark"`
	}
	quoteWire struct {
		SvcID            int64  `json:"svcId"`
		AltchainAddress  string `json:"altchainAddress"`
		USDCAmount       string `json:"usdcAmount"`
		OutputCurrency   string `json:"outputCurrency"`
		Network          string `json:"network,omitempty"`
		MinUSDCAmount    string `json:"minUsdcAmount,omitempty"`
		ComputeUnitPrice uint64 `json:"computeUnitPrice,omitempty"`
	}
	exchangeRateWire struct {
		InSymbol  string `json:"inSymbol"`
		OutSymbol string `json:"outSymbol"`
	}
	exchangeWire struct {
		SvcID       int64  `json:"svcId"`
		InputToken  string `json:"inputToken"`
		OutputToken string `json:"outputToken"`
		Amount      string `json:"amount"`
		RequestID   string `json:"requestId"`
	}
	depositQuoteWire struct {
		SvcID       int64  `json:"svcId"`
		FromToken   string `json:"fromToken"`
		ToToken     string `json:"toToken"`
		Amount      string `json:"amount"`
		ChainID     string `json:"chainId,omitempty"`
		UserAddress string `json:"userAddress,omitempty"`
	}
	depositWire struct {
		SvcID       int64  `json:"svcId"`
		InputToken  string `json:"inputToken"`
		OutputToken string `json:"outputToken"`
		Amount      string `json:"amount"`
		RequestID   string `json:"requestId"`
		QuoteID     string `json:"quoteId"`
		ChainID     string `json:"chainId,omitempty"`
		UserAddress string `json:"userAddress,omitempty"`
	}
	onrampQuoteWire struct {
		SvcID       int64  `json:"svcId"`
		FromToken   string `json:"fromToken"`
		ToToken     string `json:"toToken"`
		Amount      string `json:"amount"`
		SlippageBps int32  `json:"slippageBps,omitempty"`
		ChainID     string `json:"chainId,omitempty"`
	}
	onrampWire struct {
		QuoteID         string `json:"quoteId"`
		RequestID       string `json:"requestId"`
		SvcID           int64  `json:"svcId"`
		TokenIn         string `json:"tokenIn"`
		AmountIn        string `json:"amountIn"`
		WithdrawAddress string `json:"withdrawAddress,omitempty"`
		ChainID         string `json:"chainId,omitempty"`
		DstChainID      string `json:"dstChainId,omitempty"`
		DstAggregator   string `json:"dstAggregator,omitempty"`
		DstTokenOut     string `json:"dstTokenOut,omitempty"`
		DstSwapCalldata string `json:"dstSwapCalldata,omitempty"`
		DstMinAmountOut string `json:"dstMinAmountOut,omitempty"`
	}
)

// routeTable is the partner-signed routes of spec 4.4 and 4.5.
var routeTable = []Route{
	{Name: RouteMint, Method: "POST", Path: "/v1/mint/nft", Changes: true, body: MintRequest{}},
	{Name: RouteProfile, Method: "POST", Path: "/v1/profile", body: profileWire{}},
	{Name: RouteBalance, Method: "POST", Path: "/v1/balance", body: svcIDWire{}},
	{Name: RouteTransactions, Method: "POST", Path: "/v1/transactions", body: transactionsWire{}},
	{Name: RouteTransactionQuery, Method: "POST", Path: "/v1/transaction/query", body: transactionQueryWire{}},
	{Name: RouteIDVToken, Method: "POST", Path: "/v1/create-access-token-by-network", body: NetworkRequest{}},
	{Name: RouteIDVStatus, Method: "POST", Path: "/v1/idv-status-by-network", body: NetworkRequest{}},
	{Name: RouteApplyUSDPayin, Method: "POST", Path: "/v1/apply-usd-payin", Changes: true, body: usdPayinWire{}},
	{Name: RouteQuote, Method: "POST", Path: "/v1/altchain/deposit/quote", body: quoteWire{}},
	{Name: RouteTokens, Method: "GET", Path: "/v1/tokens"},
	{Name: RouteExchangeRate, Method: "POST", Path: "/v1/exchangeRate", body: exchangeRateWire{}},
	{Name: RouteExchange, Method: "POST", Path: "/v1/exchange", Changes: true, body: exchangeWire{}},
	{Name: RouteDepositQuote, Method: "POST", Path: "/v1/deposit/quote", body: depositQuoteWire{}},
	{Name: RouteDeposit, Method: "POST", Path: "/v1/deposit", Changes: true, body: depositWire{}},
	{Name: RouteOnrampQuote, Method: "POST", Path: "/v1/onramp/quote", body: onrampQuoteWire{}},
	{Name: RouteOnramp, Method: "POST", Path: "/v1/onramp", Changes: true, body: onrampWire{}},
}

// Routes returns a copy of the partner route table, in table order.
func Routes() []Route { return slices.Clone(routeTable) }

// ExampleBody is a body of partner route name as the wire has it (its keys, the values at
// their zero): a payload that is a request of that route. ok is false for a route without a
// body (a GET).
func ExampleBody(name string) (body []byte, ok bool) {
	rt, found := LookupRoute(name)
	if !found || rt.body == nil {
		return nil, false
	}
	body, err := json.Marshal(rt.body)
	return body, err == nil
}

// LookupRoute finds a partner route by name.
func LookupRoute(name string) (Route, bool) {
	i := slices.IndexFunc(routeTable, func(r Route) bool { return r.Name == name })
	if i < 0 {
		return Route{}, false
	}
	return routeTable[i], true
}

// payloadTable is the partner routes as a signer judges payloads against them.
var payloadTable = sync.OnceValue(func() *protocol.PayloadTable {
	rows := make([]protocol.PayloadRoute, len(routeTable))
	for i, r := range routeTable {
		rows[i] = protocol.PayloadRoute{Body: r.body}
	}
	return protocol.NewPayloadTable(rows, false)
})

// Judgement is what a partner-auth payload can be a request of.
type Judgement struct {
	// Routes are the partner routes whose request the payload is.
	Routes []Route
	// Body is the payload's JSON text (after a leading UTF-8 BOM) when it is a JSON body.
	Body []byte
}

// Judge parses all of a partner-auth payload against the partner table (protocol's
// PayloadTable.Judge): a JSON object is the request of each route whose body takes exactly
// its keys with values of their types; the account id may be written as the spec's svcId,
// as UR's deployments write it (urId), or as idName (the name a spec-form call signs it
// under). The empty payload is the request of a route without a body. Anything else is the
// request of no route: one purse does not know.
func Judge(payload []byte, idName string) Judgement {
	j := payloadTable().Judge(payload, func(k string) string {
		if k == protocol.LiveNames.AccountID() || idName != "" && k == idName {
			return protocol.StandInSvcID
		}
		return k
	})
	out := Judgement{Body: j.Body}
	for _, i := range j.Fits {
		out.Routes = append(out.Routes, routeTable[i])
	}
	return out
}

// RoutesFitting lists the partner routes whose request the payload can be (Judge).
func RoutesFitting(payload []byte, idName string) []Route { return Judge(payload, idName).Routes }

// DeliveredConsent is the user's mint consent a partner-auth payload judged j delivers when
// it is exactly the body of the partner mint (and of no other route), with the e-mail the
// mint names (the consent does not cover it): a signer that approved that consent for that
// e-mail may sign its delivery without asking again.
func (j Judgement) DeliveredConsent() (sig []byte, email string) {
	if len(j.Routes) != 1 || j.Routes[0].Name != RouteMint {
		return nil, ""
	}
	var b MintRequest
	if json.Unmarshal(j.Body, &b) != nil || !sigForm().MatchString(b.Signature) {
		return nil, ""
	}
	sig, err := hexutil.Decode(b.Signature)
	if err != nil {
		return nil, ""
	}
	return sig, b.Email
}
