package doctor

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/enduser"
	"purse/homechain"
)

// The EVM deposit's contract (setting deposit_contract): the chain configuration names the
// depositContract an EVM deposit approves its USDC to and calls. Purse never deposits to find
// out; the chain does: the named contract holds code, its usdc() is the configuration's USDC,
// its limits and its fee quote answer, and it is the one deposit_contract pins. A node that
// answers every call (the control: usdc() asked of the account NFT, which has none) proves
// nothing by answering.

// depositCheck is what the probe read of the deposit contract.
type depositCheck struct {
	named    common.Address
	namedErr error // the configuration names none, or no address
	pin      string
	code     int
	codeErr  error
	terms    homechain.DepositTerms
	termsErr error
	usdc     common.Address // the configuration's USDC
	usdcErr  error
	// control is usdc() asked of the account NFT: nil when it answered, as no real node does.
	control error
	hasCtl  bool
	fee     *big.Int
	feeErr  error
}

// depositReadings are the probe's readings, in the order judgeDeposit judges them.
var depositReadings = []reading{
	{name: "the chain configuration's depositContract is a deposit contract: it holds code, its usdc() is the configuration's USDC, its limits and fee quote answer" +
		", and it is deposit_contract where that pins one", followed: true},
	{name: "the chain configuration names another deposit contract than deposit_contract", setting: "deposit_contract"},
	{name: "no contract at the configuration's depositContract on this chain"},
	{name: "a contract that does not answer as a deposit contract (usdc(), minUsdcDepositAmount(), maxUsdcDepositAmount())"},
	{name: "a deposit contract of another USDC than the configuration's"},
}

func (r *doctorRun) probeDepositContract(ctx context.Context, name string) Probe {
	rs := depositReadings
	n, ok := new(big.Int).SetString(r.p.Network, 10)
	if r.chainCfg == nil || !ok {
		return finishChain(name, rs, outcome{unreachable: "the chain configuration was not read"})
	}
	home, err := r.chainCfg.Home(n)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: app.OneLine(err)})
	}
	c, err := r.homeChain(ctx)
	if err != nil {
		return finishChain(name, rs, outcome{unreachable: "the home chain: " + app.OneLine(err)})
	}
	dc := depositCheck{pin: r.p.DepositContract}
	dc.named, dc.namedErr = home.Spender(enduser.SpenderDeposit, "")
	var usdc homechain.Token
	usdc, dc.usdcErr = home.FindToken("USDC")
	dc.usdc = usdc.Address
	var ev []Evidence
	if dc.namedErr == nil {
		ev = append(ev, chainEvidence("the chain configuration's depositContract", dc.named.Hex(), nil))
		dc.code, dc.codeErr = c.CodeSize(ctx, dc.named)
		ev = append(ev, chainEvidence("eth_getCode "+dc.named.Hex(), fmt.Sprintf("%d bytes", dc.code), dc.codeErr))
		if dc.code > 0 {
			dc.terms, dc.termsErr = c.DepositTerms(ctx, dc.named)
			ev = append(ev, chainEvidence("usdc(), minUsdcDepositAmount(), maxUsdcDepositAmount() on "+dc.named.Hex(),
				fmt.Sprintf("usdc %s, limits %v to %v", dc.terms.USDC.Hex(), dc.terms.Min, dc.terms.Max), dc.termsErr))
			if common.IsHexAddress(r.p.AccountNFT) {
				_, dc.control = c.DepositTerms(ctx, common.HexToAddress(r.p.AccountNFT))
				dc.hasCtl = true
				ev = append(ev, chainEvidence("control: usdc() of the account NFT "+r.p.AccountNFT+" (no deposit contract: it must not answer)", "answered", dc.control))
			}
			if eid, err := strconv.ParseUint(r.p.DepositDstEID, 10, 32); err == nil && dc.termsErr == nil {
				dc.fee, dc.feeErr = c.DepositFee(ctx, dc.named, uint32(eid), common.Address{1}, dc.terms.USDC, dc.terms.Min, dc.terms.USDC)
				ev = append(ev, chainEvidence(fmt.Sprintf("quoteLayerzeroFee(%d, …) on %s", eid, dc.named.Hex()), fmt.Sprint(dc.fee, " wei"), dc.feeErr))
			}
		}
	}
	return finishChain(name, rs, judgeDeposit(dc), ev...)
}

// judgeDeposit judges what the probe read, a judgement per reading.
func judgeDeposit(dc depositCheck) outcome {
	if dc.namedErr != nil {
		return every(5, unsure("%v", dc.namedErr))
	}
	pinned := ruled("deposit_contract pins %s, the one named", dc.pin)
	if dc.pin == "" {
		pinned = ruled("deposit_contract pins none: the configuration's word is taken (the review says so)")
	}
	o := judgeNamedDeposit(dc, pinned)
	if dc.pin != "" && common.HexToAddress(dc.pin) != dc.named && len(o.fits) == 5 {
		// What the named contract is stays judged; the followed reading needs the pin too.
		o.fits[0] = ruled("the configuration names %s, not deposit_contract", dc.named.Hex())
		o.fits[1] = yes("the configuration names %s, deposit_contract pins %s", dc.named.Hex(), dc.pin)
	}
	return o
}

// judgeNamedDeposit judges the contract the configuration names; pinned is the judgement of
// the pin's reading when it agrees.
func judgeNamedDeposit(dc depositCheck, pinned judgement) outcome {
	switch {
	case dc.codeErr != nil:
		return outcome{unreachable: "eth_getCode: " + app.OneLine(dc.codeErr)}
	case dc.code == 0:
		return outcome{fits: []judgement{ruled("no code at %s", dc.named.Hex()), pinned, yes("no code at %s", dc.named.Hex()), ruled("no code at all"), ruled("no code at all")}}
	case dc.termsErr != nil && errors.Is(dc.termsErr, context.DeadlineExceeded):
		return outcome{unreachable: "the deposit contract's getters: " + app.OneLine(dc.termsErr)}
	case dc.termsErr != nil:
		return outcome{fits: []judgement{ruled("its getters do not answer: %v", app.OneLine(dc.termsErr)), pinned, ruled("it holds code"),
			yes("usdc() or its limits do not answer: %s", app.OneLine(dc.termsErr)), ruled("it does not answer usdc()")}}
	case !dc.hasCtl:
		return outcome{fits: []judgement{unsure("no control was read (the profile has no account_nft): a node answering every call would answer so too"), pinned,
			ruled("it holds code"), unsure("no control"), unsure("no control")}}
	case dc.control == nil:
		return outcome{fits: []judgement{unsure("the account NFT answered usdc() too: this node's answers prove nothing"), pinned, ruled("it holds code"),
			unsure("the control answered"), unsure("the control answered")}}
	case dc.usdcErr != nil:
		return outcome{fits: []judgement{unsure("the configuration lists no USDC to compare: %v", dc.usdcErr), pinned, ruled("it holds code"), ruled("its getters answer"),
			unsure("no USDC to compare")}}
	case dc.terms.USDC != dc.usdc:
		return outcome{fits: []judgement{ruled("its usdc() is %s", dc.terms.USDC.Hex()), pinned, ruled("it holds code"), ruled("its getters answer"),
			yes("its usdc() is %s, the configuration's USDC %s", dc.terms.USDC.Hex(), dc.usdc.Hex())}}
	case dc.feeErr != nil:
		return outcome{fits: []judgement{unsure("its fee quote does not answer: %s", app.OneLine(dc.feeErr)), pinned, ruled("it holds code"), ruled("its getters answer"),
			ruled("its usdc() is the configuration's")}}
	}
	fee := "its fee not quoted (deposit_dst_eid unset)"
	if dc.fee != nil {
		fee = "a fee of " + dc.fee.String() + " wei"
	}
	return outcome{fits: []judgement{yes("%s: usdc() %s, limits %v to %v USDC units, %s", dc.named.Hex(), dc.terms.USDC.Hex(), dc.terms.Min, dc.terms.Max, fee),
		pinned, ruled("it holds code"), ruled("its getters answer"), ruled("its usdc() is the configuration's")}}
}
