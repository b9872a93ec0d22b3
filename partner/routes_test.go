package partner_test

import (
	"slices"
	"strings"
	"testing"

	"purse/partner"
)

func fitNames(payload, idName string) []string {
	var out []string
	for _, r := range partner.RoutesFitting([]byte(payload), idName) {
		out = append(out, r.Name)
	}
	return out
}

// A partner signature covers the body, not the path: each body of spec 4.4 and 4.5 is the
// request of the routes with exactly its keys, under the spec's names and UR's (urId), and
// a body no route has fits nothing.
func TestRoutesFitting(t *testing.T) {
	for _, c := range []struct {
		name, body, idName string
		want               []string
	}{
		{"mint", `{"email":"a@b.c","evmAddress":"0x1","signature":"0x2","hash":"h","deadline":"1"}`, "", []string{partner.RouteMint}},
		{"quote", `{"svcId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR","network":"devnet"}`, "", []string{partner.RouteQuote}},
		{"quote under UR's names", `{"urId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR"}`, "", []string{partner.RouteQuote}},
		{"quote under a spec-form call's name", `{"acctId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR"}`, "acctId", []string{partner.RouteQuote}},
		{"an unknown id name", `{"acctId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR"}`, "", nil},
		{"the id twice", `{"svcId":42,"urId":42,"altchainAddress":"So1","usdcAmount":"5000000","outputCurrency":"EUR"}`, "", nil},
		{"by network", `{"tokenId":"1234567890","network":"5003"}`, "", []string{partner.RouteIDVToken, partner.RouteIDVStatus}},
		{"balance", `{"svcId":42}`, "", []string{partner.RouteProfile, partner.RouteBalance, partner.RouteTransactions}},
		{"exchange", `{"svcId":42,"inputToken":"EUR24","outputToken":"USD24","amount":"500","requestId":"r1"}`, "", []string{partner.RouteExchange}},
		{"deposit", `{"urId":42,"inputToken":"USDC","outputToken":"EUR24","amount":"5000000","requestId":"r1","quoteId":"q"}`, "", []string{partner.RouteDeposit}},
		{"deposit quote", `{"svcId":42,"fromToken":"USDC","toToken":"EUR24","amount":"5000000"}`, "", []string{partner.RouteDepositQuote, partner.RouteOnrampQuote}},
		{"onramp", `{"quoteId":"q","requestId":"r","svcId":42,"tokenIn":"EUR24","amountIn":"10","withdrawAddress":"0x1"}`, "", []string{partner.RouteOnramp}},
		{"usd payin", `{"svcId":42,"remark":"x"}`, "", []string{partner.RouteApplyUSDPayin}},
		{"no body", ``, "", []string{partner.RouteTokens}},
		{"a key no route has", `{"svcId":42,"steal":true}`, "", nil},
		{"not an object", `[1]`, "", nil},
		{"not JSON", `svcId=42`, "", nil},
	} {
		if got := fitNames(c.body, c.idName); !slices.Equal(got, c.want) {
			t.Errorf("%s: fits %v, want %v", c.name, got, c.want)
		}
	}
	for _, r := range partner.Routes() {
		changes := slices.Contains([]string{partner.RouteMint, partner.RouteExchange, partner.RouteDeposit, partner.RouteOnramp, partner.RouteApplyUSDPayin}, r.Name)
		if r.Changes != changes || !strings.HasPrefix(r.Path, "/v1/") {
			t.Errorf("%+v", r)
		}
	}
}

// Only a body that is exactly the partner mint's delivers a consent.
func TestDeliveredConsent(t *testing.T) {
	sig := "0x" + strings.Repeat("ab", 65)
	if got, email := partner.Judge([]byte(`{"email":"a@b.c","evmAddress":"0x1","signature":"`+sig+`","hash":"h","deadline":"1"}`), "").DeliveredConsent(); len(got) != 65 || got[0] != 0xab || email != "a@b.c" {
		t.Fatalf("mint body: %x %q", got, email)
	}
	for _, body := range []string{
		`{"email":"a@b.c","evmAddress":"0x1","signature":"0x12","hash":"h","deadline":"1"}`,
		`{"email":"a@b.c","evmAddress":"0x1","signature":"` + sig + `","hash":"h","deadline":"1","svcId":1}`,
		`{"svcId":42}`,
	} {
		if got, _ := partner.Judge([]byte(body), "").DeliveredConsent(); got != nil {
			t.Errorf("%s delivers %x", body, got)
		}
	}
}
