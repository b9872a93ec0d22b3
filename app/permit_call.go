package app

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/app/review"
	"purse/config"
	"purse/enduser"
	"purse/homechain"
	"purse/wallet"
)

// The review of a permit that comes with the call that carries it (wallet.SignPermitFor): the
// call is parsed whole against the route table, it must be exactly the body of the route it
// names, carry this permit's token, deadline and value, and name the spender the route's
// contract presents the permit to; anything else blocks. Its own fields are shown, and what a
// route's call names on chain is read there (callChecks: a transfer's recipient).

// callChecks read what a call names on chain, by route: the fields it adds to the review and
// the findings that block it.
var callChecks = map[string]func(s *App, ctx context.Context, p config.Profile, pm wallet.Permit, body []byte) ([]review.Field, []string){
	enduser.RouteTransfer: checkTransferRecipient,
	enduser.RouteOnramp:   describeOnrampOut,
}

// reviewPermitCall completes rv, a permit's review, with the call that carries it; want is
// the spender the named route's contract takes (callSpender, read once per review).
func (s *App) reviewPermitCall(ctx context.Context, p config.Profile, r wallet.Request, j agent.Judgement, tok *homechain.Token, want spenderOf, rv *review.Request) {
	pm := *r.Permit
	block := func(format string, a ...any) { rv.Blocked = append(rv.Blocked, fmt.Sprintf(format, a...)) }
	if len(j.User.Routes) != 1 || j.User.Routes[0].Name != r.Route {
		block("the call that is to carry the permit is not a body of %q as the route table declares it (it fits %s)", r.Route, fittingNames(p, j.User))
		return
	}
	cp, ok := j.User.CarriedPermit()
	if !ok || cp.Sig != nil {
		block("the call of %q does not carry the permit in its blank form (permitV 0, permitR and permitS empty)", r.Route)
		return
	}
	rt := cp.Route
	if under, ok := enduser.RouteUnder(rt.Name, p.Routes, p.StandInNames()); ok {
		rt.Method, rt.Path = under.Method, under.Path
	}
	does := "the service presents the permit on chain and spends it"
	if rt.Permit.Spender == enduser.SpenderCard {
		does = "the service relays the permit on chain; the card spends from the allowance later"
	}
	fields := []review.Field{{Label: "call", Value: rt.Method + " " + rt.Path, Note: "(" + rt.Name + ": " + does + ")"}}
	fields = append(fields, callFields(j.User.Body, rt.Permit.Keys())...)
	if cp.Token != pm.Domain.VerifyingContract {
		block("the call names the token %s, the permit %s", cp.Token.Hex(), pm.Domain.VerifyingContract.Hex())
	}
	if pm.Deadline == nil || !pm.Deadline.IsInt64() || cp.PermitDeadline != pm.Deadline.Int64() {
		block("the call's permitDeadline %d is not the permit's deadline %v", cp.PermitDeadline, pm.Deadline)
	}
	switch {
	case want.err != nil:
		block("%v", want.err)
	case pm.Spender != want.addr:
		block("the permit's spender %s is not the %s the route's contract presents it to (%s)", pm.Spender.Hex(), want.label, want.addr.Hex())
	case want.note != "":
		rv.Warnings = append(rv.Warnings, want.note)
	}
	if why := callAmounts(cp, rt, pm, tok, p.PermitAmountUnit); why != "" {
		block("%s", why)
	}
	if check := callChecks[rt.Name]; check != nil {
		more, blocks := check(s, ctx, p, pm, j.User.Body)
		fields = append(fields, more...)
		rv.Blocked = append(rv.Blocked, blocks...)
	}
	rv.Sections = append([]review.Section{{Heading: "What the permit pays for", Fields: fields}}, rv.Sections...)
	rv.Title = rt.Name + ": " + rv.Title
}

// callAmounts says how a call's amounts differ from its permit ("" when they agree): the
// signed value is the call's permitAmount, and a contract that spends exactly the amount
// (every spender but the card's) gets a permit of exactly the amount.
func callAmounts(cp enduser.CarriedPermit, rt enduser.Route, pm wallet.Permit, tok *homechain.Token, unit string) string {
	if tok == nil {
		return "the call's amounts cannot be checked against the permit: the token's decimals were not read on chain"
	}
	amount, aerr := enduser.ReadPermitAmount(cp.Amount, unit, tok.Decimals)
	permitAmount, perr := enduser.ReadPermitAmount(cp.PermitAmount, unit, tok.Decimals)
	switch {
	case aerr != nil:
		return fmt.Sprintf("the call's amount %q: %v", cp.Amount, aerr)
	case perr != nil:
		return fmt.Sprintf("the call's permitAmount %q: %v", cp.PermitAmount, perr)
	case permitAmount.Cmp(pm.Value) != 0:
		return fmt.Sprintf("the call's permitAmount %s is not the permit's value %s", permitAmount, pm.Value)
	case rt.Permit.Spender != enduser.SpenderCard && amount.Cmp(pm.Value) != 0:
		return fmt.Sprintf("the call's amount %s is not the permit's value %s: the contract spends exactly the amount", amount, pm.Value)
	}
	return ""
}

// callFields are a call's own fields (all but the permit's, permitKeys), in key order.
func callFields(body []byte, permitKeys []string) []review.Field {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		if !slices.Contains(permitKeys, k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]review.Field, 0, len(keys))
	for _, k := range keys {
		v := string(m[k])
		var str string
		if json.Unmarshal(m[k], &str) == nil {
			v = str
		}
		out = append(out, review.Field{Label: k, Value: v})
	}
	return out
}

// spenderOf is the spender a route's contract presents its permit to: its address and its
// role's name, or why it cannot be told.
type spenderOf struct {
	addr  common.Address
	label string
	err   error
	// note is a warning the review carries (a spender nothing pins).
	note string
}

// callSpender is the spender of route rt's permit under profile p.
func (s *App) callSpender(ctx context.Context, p config.Profile, rt enduser.Route, pm wallet.Permit) spenderOf {
	role := rt.Permit.Spender
	if role == "" {
		role = p.PayoutSpenderRole()
	}
	switch role {
	case enduser.SpenderToken:
		return spenderOf{addr: pm.Domain.VerifyingContract, label: RoleLabel(RoleToken)}
	case enduser.SpenderCard:
		if !common.IsHexAddress(p.CardSpender) {
			return spenderOf{err: fmt.Errorf("the route's permit is for the card spender and profile %s has no card_spender", p.Name)}
		}
		return spenderOf{addr: common.HexToAddress(p.CardSpender), label: RoleLabel(RoleCard)}
	case enduser.SpenderBufferPool:
		ch, err := s.homeChainConfig(ctx, p, pm.Domain.ChainID)
		if err != nil {
			return spenderOf{err: err}
		}
		a, err := ch.Spender(role, p.BufferPool)
		sp := spenderOf{addr: a, label: RoleLabel(RoleBufferPool), err: err}
		if p.BufferPool == "" {
			sp.note = fmt.Sprintf("the buffer pool is the chain configuration's, the service's word: profile %s pins none (buffer_pool)", p.Name)
		}
		return sp
	}
	return spenderOf{err: fmt.Errorf("route %s: no spender role %q", rt.Name, role)}
}

// checkTransferRecipient reads the transfer's recipient account on the home chain: it must
// exist and be Live, as the token's transfer by account id requires.
func checkTransferRecipient(s *App, ctx context.Context, p config.Profile, _ wallet.Permit, body []byte) ([]review.Field, []string) {
	var b struct {
		ToAccountID uint64 `json:"toAccountId"`
	}
	if json.Unmarshal(body, &b) != nil || b.ToAccountID == 0 {
		return nil, []string{"the transfer names no recipient account (toAccountId)"}
	}
	id := strconv.FormatUint(b.ToAccountID, 10)
	if !common.IsHexAddress(p.AccountNFT) {
		return nil, []string{"the recipient account " + id + " cannot be checked: profile " + p.Name + " has no account_nft"}
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	hc, err := s.profileChain(p).Dial(ctx)
	if err != nil {
		return nil, []string{"the recipient account " + id + " cannot be checked on chain: " + OneLine(err)}
	}
	defer hc.Close()
	owner, st, err := hc.Account(ctx, common.HexToAddress(p.AccountNFT), b.ToAccountID)
	if err != nil {
		return nil, []string{"the recipient account " + id + " cannot be read on chain (it may not exist): " + OneLine(err)}
	}
	fields := []review.Field{{Label: "recipient", Value: "account " + id + ", owned by " + owner.Hex(), Note: "(read on chain: " + homechain.StatusName(st) + ")"}}
	if st != 5 {
		return fields, []string{fmt.Sprintf("the recipient account %s is %s, not Live: the token refuses to transfer to it", id, homechain.StatusName(st))}
	}
	return fields, nil
}

// describeOnrampOut says what a cash-out delivers, in the output token's units read on the
// home chain: at least the quote's minimum, to the permit's owner.
func describeOnrampOut(s *App, ctx context.Context, p config.Profile, pm wallet.Permit, body []byte) ([]review.Field, []string) {
	var b struct {
		DstChainID      string `json:"dstChainId"`
		DstTokenOut     string `json:"dstTokenOut"`
		DstMinAmountOut string `json:"dstMinAmountOut"`
	}
	if json.Unmarshal(body, &b) != nil || !common.IsHexAddress(b.DstTokenOut) {
		return nil, []string{"the cash-out names no output token (dstTokenOut)"}
	}
	min, ok := new(big.Int).SetString(b.DstMinAmountOut, 10)
	if !ok || min.Sign() <= 0 {
		return nil, []string{fmt.Sprintf("the cash-out's dstMinAmountOut %q is not a positive integer of the output token's smallest units", b.DstMinAmountOut)}
	}
	to := "to " + pm.Owner.Hex() + " on " + b.DstChainID
	if b.DstChainID != "eip155:"+p.Network {
		return []review.Field{{Label: "you receive", Value: "at least " + min.String() + " smallest units of " + b.DstTokenOut, Note: "(" + to + ": another chain than the home chain, not read)"}}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	hc, err := s.profileChain(p).Dial(ctx)
	var tok homechain.Token
	if err == nil {
		defer hc.Close()
		tok, err = hc.ReadToken(ctx, common.HexToAddress(b.DstTokenOut))
	}
	if err != nil {
		return []review.Field{{Label: "you receive", Value: "at least " + min.String() + " smallest units of " + b.DstTokenOut, Note: "(" + to + "; the token could not be read: " + OneLine(err) + ")"}}, nil
	}
	return []review.Field{{Label: "you receive", Value: "at least " + homechain.FromSmallest(min, tok.Decimals).StringFixed(int32(tok.Decimals)) + " " + tok.Symbol,
		Note: "(" + to + ", the quote's minimum after slippage)"}}, nil
}
