package money

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
)

// The cash-out (on-ramp: fiat on the account → USDC in the owner's wallet): the on-ramp
// limit's eligibility and bounds, a swap waiting for its retry, the service's quote (and the
// liveness check it may ask for), the permit for exactly amountIn to the chain
// configuration's bufferPoolContract, and the USDC's arrival read on the destination chain.
// Spec 4.6 marks the on-ramp "coming soon"; the public integration ran it on UR's QA.

// checkCashout reads what the service says of this cash-out before anything is signed.
func checkCashout(ctx context.Context, sv Service, _ *homechain.Client, c Context, f Form, u *app.Unlock, pl *Plan) error {
	if f.SlippageBps < 0 || f.SlippageBps > MaxSlippageBps {
		return &app.FieldError{Field: "slippage-bps", Err: fmt.Errorf("expected 0 to %d basis points (at most %d %%), got %d", MaxSlippageBps, MaxSlippageBps/100, f.SlippageBps)}
	}
	cur := strings.TrimSuffix(pl.Token.Symbol, "24")
	api, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return err
	}
	if err := onrampAllowed(ctx, api, pl, cur); err != nil {
		return err
	}
	usdc, err := c.Chain.FindToken("USDC")
	if err != nil {
		return &app.Advice{Err: fmt.Errorf("the home chain's configuration lists no USDC to cash out to: %v", err), Next: "Nothing was signed."}
	}
	p := sv.s.Profile()
	pool, err := c.Chain.Spender(enduser.SpenderBufferPool, p.BufferPool)
	if err != nil {
		return &app.Advice{Err: fmt.Errorf("no cash-out on this chain: %v", err),
			Next: "Nothing was signed. The chain configuration names the buffer pool and the profile's buffer_pool pins the one purse accepts; UR has deployed none on some chains (evidence §8)."}
	}
	slip := f.SlippageBps
	if slip == 0 {
		slip = DefaultSlippageBps
	}
	q, err := api.QuoteOnramp(ctx, enduser.OnrampQuoteRequest{SrcChainID: c.Chain.ChainIdentifier, DstChainID: c.Chain.ChainIdentifier,
		FromToken: pl.Token.Address, ToToken: usdc.Address, Amount: pl.Amount, SlippageBps: slip, Unit: p.PermitAmountUnit, Decimals: pl.Token.Decimals})
	if err != nil {
		return err
	}
	if err := checkQuote(q); err != nil {
		return err
	}
	if q.NeedLiveness {
		if lv, err := api.LivenessCheck(ctx); err != nil || lv.Result != "pass" {
			return &app.Advice{Err: fmt.Errorf("the quote %s needs the liveness check first (its result: %s)", q.QuoteID, livenessWord(lv, err)),
				Next: "Nothing was signed. Start the check with the vendor's token (purse get liveness-token), pass it, then run the cash-out again."}
		}
	}
	pl.Quote, pl.ChainID, pl.USDC = &q, c.Chain.ChainIdentifier, usdc
	pl.Spender, pl.SpenderRole, pl.PaysTo = pool, app.RoleBufferPool, pool
	return nil
}

// onrampAllowed reads the on-ramp limit (its flags and the currency's bounds) and a swap
// waiting for its retry, which blocks new on-ramps (spec 3.7).
func onrampAllowed(ctx context.Context, api *enduser.Client, pl *Plan, cur string) error {
	lim, err := api.OnrampLimit(ctx)
	if err != nil {
		return err
	}
	if b := lim.Blockers(cur); len(b) > 0 {
		return &app.Advice{Err: fmt.Errorf("the on-ramp limit refuses a cash-out from %s now: %s", cur, strings.Join(b, "; ")),
			Next: "Nothing was signed. Read it again later (purse onramp-limit); a liveness lock ends by itself."}
	}
	if lo, hi, ok := lim.Bounds(cur); ok && (pl.Amount.LessThan(lo) || pl.Amount.GreaterThan(hi)) {
		return &app.FieldError{Field: "amount", Err: fmt.Errorf("%s %s is outside the on-ramp limits %s – %s %s", pl.Amount.StringFixed(2), cur, lo, hi, cur)}
	}
	pending, err := api.PendingRetry(ctx)
	if err != nil {
		return err
	}
	if pending != nil {
		return &app.Advice{Err: fmt.Errorf("an on-ramp waits for its swap retry (original transaction %s): it blocks new cash-outs", pending.OriginalTxHash),
			Next: "Retry or cancel it first: purse api onramp-retry-cancel --body '{\"originalTxHash\":\"" + string(pending.OriginalTxHash) + "\"}'."}
	}
	return nil
}

// checkQuote refuses a quote that cannot be what it says: no output, a minimum above the
// output, no route on the destination chain.
func checkQuote(q enduser.OnrampQuote) error {
	out, min := q.OutputAmount, q.Best.MinAmountOut
	switch {
	case !out.Valid || out.Sign() <= 0:
		return &app.Advice{Err: fmt.Errorf("the quote %s gives no output (outputAmount %q)", q.QuoteID, out.String()), Next: "Nothing was signed."}
	case !min.Valid || min.Sign() <= 0 || min.GreaterThan(out.Decimal):
		return &app.Advice{Err: fmt.Errorf("the quote %s's minAmountOut %q is not between 0 and its output %s", q.QuoteID, min.String(), out), Next: "Nothing was signed."}
	case !common.IsHexAddress(string(q.Best.To)):
		return &app.Advice{Err: fmt.Errorf("the quote %s names no destination aggregator (best.to %q)", q.QuoteID, q.Best.To), Next: "Nothing was signed."}
	}
	return nil
}

func livenessWord(lv enduser.LivenessResult, err error) string {
	if err != nil {
		return "unread: " + app.OneLine(err)
	}
	return string(lv.Result)
}

func cashoutBody(pl Plan, pf enduser.PermitFields) ([]byte, error) {
	q := pl.Quote
	return enduser.OnrampRequest{QuoteID: string(q.QuoteID), ChainID: pl.ChainID, DstChainID: pl.ChainID, DstAggregator: string(q.Best.To),
		DstTokenOut: pl.USDC.Address, DstSwapCalldata: string(q.Best.SwapCalldata), DstMinAmountOut: q.Best.MinAmountOut.String(), Permit: pf}.Body()
}

// awaitUSDC waits for the quote's USDC to reach the owner on the destination chain (the
// home chain: UR's testnet and the sandbox on-ramp to the same chain): a Transfer to the
// owner of at least minAmountOut since the block before the call.
func awaitUSDC(ctx context.Context, hc *homechain.Client, pr Prepared) (string, bool) {
	pl := pr.Plan
	min, err := homechain.ParseAmount(pl.Quote.Best.MinAmountOut.String(), 0)
	if err != nil {
		min = big.NewInt(1)
	}
	wctx, cancel := context.WithTimeout(ctx, SettleWait+time.Millisecond)
	defer cancel()
	t := time.NewTicker(SettlePoll)
	defer t.Stop()
	for {
		ts, err := hc.TransfersTo(ctx, pl.USDC.Address, pr.Permit.Owner, pr.FromBlock)
		for _, tr := range ts {
			if tr.Value.Cmp(min) >= 0 {
				return fmt.Sprintf("%s USDC arrived in %s (block %d)", homechain.FromSmallest(tr.Value, pl.USDC.Decimals).StringFixed(int32(pl.USDC.Decimals)), tr.TxHash.Hex(), tr.Block), true
			}
		}
		select {
		case <-wctx.Done():
			why := "no Transfer of at least the quote's minimum reached the wallet yet"
			if err != nil {
				why = "the destination's Transfer events could not be read (" + app.OneLine(err) + ")"
			}
			return fmt.Sprintf("%s: the bridge and swap may still be under way; watch %s's USDC balance", why, pr.Permit.Owner.Hex()), false
		case <-t.C:
		}
	}
}
