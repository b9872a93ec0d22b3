package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"purse/enduser"
)

// The cash-out's quote (evidence "Pitfalls" 7–8; spec 4.6: on-ramp coming soon), asked as
// a cash-out would ask it, for 10 EUR from the home chain's EUR token to its USDC (above
// the smallest on-ramp of every deployment seen: spec 4.4's 5 USDC, the sandbox's USD 5): a
// quote changes nothing. Its answer is judged against the quote's
// model (a quoteId, an output, the best route), beside the answer to a path no service has.

func (r *doctorRun) probeOnrampQuote(ctx context.Context, name string) Probe {
	rt := r.routeOf(enduser.RouteQuoteOnramp)
	rs := []reading{
		{name: fmt.Sprintf("%s %s answers a quote: quoteId, outputAmount, best{to, minAmountOut} (evidence Pitfalls 7-8)", rt.Method, rt.Path), followed: true},
		{name: fmt.Sprintf("no route at %s %s", rt.Method, rt.Path), setting: "routes." + enduser.RouteQuoteOnramp},
	}
	if o, stop := r.needAccount(); stop {
		return finish(name, rs, o)
	}
	body, err := r.quoteBody()
	if err != nil {
		return finish(name, rs, outcome{unreachable: err.Error()})
	}
	a := r.send(ctx, r.signed, enduser.ProbeRequest{Route: enduser.RouteQuoteOnramp, Body: body})
	return finish(name, rs, judgeOnrampQuote(r.b, a), a)
}

// quoteBody is a cash-out quote of 10 EUR from the home chain's EUR token to its USDC.
func (r *doctorRun) quoteBody() ([]byte, error) {
	n, ok := new(big.Int).SetString(r.p.Network, 10)
	if !ok || r.chainCfg == nil {
		return nil, fmt.Errorf("the chain configuration was not read: no tokens to quote")
	}
	home, err := r.chainCfg.Home(n)
	if err != nil {
		return nil, err
	}
	eur, err := home.FindToken("EUR24")
	if err != nil {
		return nil, err
	}
	usdc, err := home.FindToken("USDC")
	if err != nil {
		return nil, err
	}
	return enduser.OnrampQuoteRequest{SrcChainID: home.ChainIdentifier, DstChainID: home.ChainIdentifier, FromToken: eur.Address, ToToken: usdc.Address,
		Amount: decimal.NewFromInt(10), SlippageBps: 50, Unit: r.p.PermitAmountUnit, Decimals: eur.Decimals}.Body()
}

func judgeOnrampQuote(b basis, a *answer) outcome {
	if o, done := b.settle([]*answer{a}); done {
		return o
	}
	absent, known, why := absence(a, b.ctl(a))
	switch {
	case absent:
		return outcome{fits: []judgement{ruled("%s", why), yes("%s", why)}}
	case !known:
		return every(2, unsure("%s", why))
	case a.refused():
		// A region block, an unsupported pair or a hanging quote engine answer so too.
		return outcome{fits: []judgement{unsure("refused (%s): what a quote the service takes looks like is unseen", a.says()), ruled("%s", why)}}
	case !a.ok():
		return every(2, unsure("%s", why))
	}
	var q enduser.OnrampQuote
	res := bytes.TrimSpace(a.result)
	if err := json.Unmarshal(res, &q); err != nil || len(res) == 0 || res[0] != '{' {
		return outcome{fits: []judgement{ruled("a success purse cannot read as a quote: %s", excerpt(string(res))), ruled("the route answered")}}
	}
	var missing []string
	for _, f := range []struct {
		name string
		ok   bool
	}{{"quoteId", q.QuoteID != ""}, {"outputAmount", q.OutputAmount.Valid}, {"best.to", q.Best.To != ""}, {"best.minAmountOut", q.Best.MinAmountOut.Valid}} {
		if !f.ok {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return outcome{fits: []judgement{ruled("a success without %s", strings.Join(missing, ", ")), ruled("the route answered")}}
	}
	return outcome{fits: []judgement{yes("quote %s: %s out, at least %s", q.QuoteID, q.OutputAmount, q.Best.MinAmountOut), ruled("the route answered")}}
}
