package altchain

import (
	"fmt"

	"github.com/gagliardetto/solana-go"
)

// Section F of the checklist: the transaction against the quote and the cluster.
var rulesF = []Rule{
	{ID: "F24", Title: "the quote's rules ask for a USDC-only deposit", Stage: StageQuote, check: checkF24Rules},
	{ID: "F24", Title: "depositUsdcAccount is the profile's pinned one", Stage: StageQuote, check: checkF24Pin},
	{ID: "F25", Title: "network and usdcMint name one known cluster (and the pinned mint)", Stage: StageQuote, check: checkF25},
	{ID: "F26", Title: "quote sanity: amounts, fee buffer, no negative figure", Stage: StageQuote, check: checkF26},
	{ID: "F32", Title: "endpointProgramId is the cluster's LayerZero endpoint and dstEid the home chain's (pinned)", Stage: StageQuote, check: checkF32},
	{ID: "F33", Title: "evmOutputToken is the chain configuration's token for the requested currency", Stage: StageQuote, check: checkF33},
	{ID: "F24", Title: "instruction 2 moves the requested USDC from the user's account to depositUsdcAccount", Stage: StageTx, check: checkF24},
	{ID: "F24", Title: "the mint and the deposit account exist on the cluster as the quote says", Stage: StageOnline, Where: "Verify"},
	{ID: "F25", Title: "the RPC's genesis hash starts with the quote's network", Stage: StageOnline, Where: "Verify"},
}

func checkF24Rules(c *checkCtx) {
	rl := c.q.Rules
	if !rl.OnlyUSDC || !rl.SwapDataMustBeEmpty || !rl.JupiterRemainingAccountsLenMustBeZero {
		c.r.reject("F24", "the quote's rules allow a swap or another mint (onlyUsdc=%t, swapDataMustBeEmpty=%t, jupiterRemainingAccountsLenMustBeZero=%t); purse signs USDC-only deposits",
			rl.OnlyUSDC, rl.SwapDataMustBeEmpty, rl.JupiterRemainingAccountsLenMustBeZero)
	}
}

func checkF24Pin(c *checkCtx) {
	if !c.clusterOK {
		return
	}
	if p := c.cluster.Pins; !p.DepositAccount.IsZero() && c.q.DepositUSDCAccount != p.DepositAccount {
		c.r.reject("F24", "depositUsdcAccount %s differs from the profile's pinned deposit account %s on %s", c.q.DepositUSDCAccount, p.DepositAccount, c.cluster.Name)
	}
}

// checkF25 is the static part: the quote's network and USDC mint name one known cluster.
func checkF25(c *checkCtx) {
	q, r, cl := c.q, c.r, c.cluster
	if !c.clusterOK {
		r.reject("F25", "network %q is not the genesis-hash prefix of any configured cluster", q.Network)
		return
	}
	if len(q.Network) < 8 {
		r.warn("F25", "network %q is a short genesis-hash prefix; the cluster binding is weak", q.Network)
	}
	if cl.USDCMint.IsZero() {
		r.reject("F25", "cluster %s has no USDC mint purse accepts", cl.Name)
	} else if q.USDCMint != cl.USDCMint {
		r.reject("F25", "usdcMint %s is not %s's USDC (%s)", q.USDCMint, cl.Name, cl.USDCMint)
	}
	if p := cl.Pins; !p.USDCMint.IsZero() && q.USDCMint != p.USDCMint {
		r.reject("F25", "usdcMint %s differs from the profile's pinned mint %s", q.USDCMint, p.USDCMint)
	}
}

func checkF26(c *checkCtx) {
	q, r := c.q, c.r
	if !q.HasRequested {
		r.reject("F26", "the requested usdcAmount is unknown: supply it with SetRequested so the deposit amount can be checked")
	} else {
		if q.USDCAmount < MinUSDCAmount {
			r.reject("F26", "usdcAmount %d is below the minimum %d (5 USDC)", q.USDCAmount, MinUSDCAmount)
		}
		if q.MinUSDCAmount > q.USDCAmount {
			r.reject("F26", "minUsdcAmount %d is greater than usdcAmount %d", q.MinUSDCAmount, q.USDCAmount)
		}
	}
	if q.NativeFeeLamportsWithBuffer < q.NativeFeeLamports {
		r.reject("F26", "nativeFeeLamportsWithBuffer %d is below nativeFeeLamports %d", q.NativeFeeLamportsWithBuffer, q.NativeFeeLamports)
	}
	for _, d := range []struct {
		name string
		v    negChecker
	}{
		{"outputAmount", decOrNil(q.OutputAmount)}, {"outputAmountBeforeFee", decOrNil(q.OutputAmountBeforeFee)},
		{"exchangeRate", decOrNil(q.ExchangeRate)}, {"processingFee", decOrNil(q.ProcessingFee)},
		{"networkFee", decOrNil(q.NetworkFee)}, {"totalFee", decOrNil(q.TotalFee)},
	} {
		if d.v != nil && d.v.IsNegative() {
			r.reject("F26", "%s is negative", d.name)
		}
	}
}

type negChecker interface{ IsNegative() bool }

func decOrNil[T negChecker](p *T) negChecker {
	if p == nil {
		return nil
	}
	return *p
}

// checkF24 checks the deposit instruction: its accounts (by role when the layout lists
// them), and with a declared layout its amounts, fee and destination. Without one the
// amounts are the simulation's to check (G29): the report says so in a warning.
func checkF24(c *checkCtx) {
	q, v, m := c.q, c.v, c.m
	exp, err := c.depositAccounts()
	if err != nil {
		c.r.reject("F24", "cannot derive the user's USDC account: %v", err)
		return
	}
	var dep *solana.CompiledInstruction
	if len(m.Instructions) > 2 && c.ixOK[2] {
		pi := int(m.Instructions[2].ProgramIDIndex)
		if v.resolved[pi] && v.keys[pi] == q.ProgramID {
			dep = &m.Instructions[2]
		}
	}
	if dep == nil {
		c.r.reject("F24", "no deposit instruction of the quote's program at position 2")
		return
	}
	l, declared := c.opts.LayoutOf(q.ProgramID)
	if len(l.Accounts) > 0 {
		checkDepositRoles(l, exp, v, dep, c.r)
	} else {
		checkDepositAccounts(exp, v, dep, c.r)
	}
	if !declared {
		c.r.AmountBySimulation = true
		c.r.warn("F24", "the instruction layout of program %s is not declared: the amount, fee and destination in its data are checked by simulating the signed transaction at deposit time (G29), not offline", q.ProgramID)
		return
	}
	checkDepositData(q, l, dep, c.r)
}

// checkDepositRoles checks a deposit whose layout lists its accounts: each position holds
// the expected account with the expected signer and writable flags.
func checkDepositRoles(l Layout, exp DepositAccounts, v *txView, dep *solana.CompiledInstruction, r *Report) {
	di := &r.Instructions[2]
	want := exp.Keys()
	if len(dep.Accounts) != len(l.Accounts) {
		r.reject("F24", "the deposit instruction has %d accounts; its layout takes %d", len(dep.Accounts), len(l.Accounts))
	}
	for p := 0; p < len(dep.Accounts) && p < len(l.Accounts) && p < len(want); p++ {
		ai := int(dep.Accounts[p])
		role := l.Accounts[p]
		if p < len(di.Accounts) {
			di.Accounts[p].Role = role.Name
		}
		if !v.resolved[ai] {
			r.reject("F24", "deposit account %q (#%d) comes from an unresolved lookup table", role.Name, ai)
			continue
		}
		if got := v.keys[ai]; got != want[p] {
			switch p {
			case 2:
				r.reject("F24", "the deposit goes to %s, not the quote's depositUsdcAccount %s", got, want[p])
			case 1:
				r.reject("F24", "the USDC is taken from %s, not the user's USDC associated token account %s", got, want[p])
			default:
				r.reject("F24", "deposit account %q is %s, expected %s", role.Name, got, want[p])
			}
		}
		if role.Signer && !v.signer[ai] {
			r.reject("F24", "deposit account %q (#%d) must sign", role.Name, ai)
		}
		if role.Writable && !v.writable[ai] {
			r.reject("F24", "deposit account %q (#%d) must be writable", role.Name, ai)
		}
		if !role.Signer && v.signer[ai] && p != 0 {
			r.reject("F24", "deposit account %q (#%d) is a signer", role.Name, ai)
		}
	}
}

// checkDepositAccounts checks a deposit whose account list is not declared: the user signs
// and is writable, and the user's USDC account and depositUsdcAccount are referenced. The
// other guards of any program (no other token account of the user, no other mint with
// onlyUsdc, the writable set) are B10's and the online checks'.
func checkDepositAccounts(exp DepositAccounts, v *txView, dep *solana.CompiledInstruction, r *Report) {
	di := &r.Instructions[2]
	var userSW, ata, deposit bool
	for p, a := range dep.Accounts {
		ai := int(a)
		if !v.resolved[ai] {
			continue
		}
		role := ""
		switch v.keys[ai] {
		case exp.User:
			userSW, role = userSW || (v.signer[ai] && v.writable[ai]), "user"
		case exp.UserUSDC:
			ata, role = true, "user USDC account"
		case exp.DepositUSDC:
			deposit, role = true, "depositUsdcAccount"
		case exp.FeeReceiver:
			role = "feeReceiver"
		case exp.USDCMint:
			role = "usdcMint"
		}
		if p < len(di.Accounts) && role != "" && di.Accounts[p].Role == "" { // B31 may have named it more precisely
			di.Accounts[p].Role = role
		}
	}
	if !userSW {
		r.reject("F24", "the deposit instruction does not take the user as a writable signer")
	}
	if !ata {
		r.reject("F24", "the deposit instruction does not reference the user's USDC account %s", exp.UserUSDC)
	}
	if !deposit {
		r.reject("F24", "the deposit instruction does not reference depositUsdcAccount %s", exp.DepositUSDC)
	}
}

// checkDepositData reads the declared fields and compares them with the quote and the
// requested amounts.
func checkDepositData(q *Quote, l Layout, dep *solana.CompiledInstruction, r *Report) {
	di := &r.Instructions[2]
	args, err := l.Decode(dep.Data)
	if err != nil {
		r.reject("F24", "deposit instruction: %v", err)
		return
	}
	r.Deposit = &args
	di.Summary = fmt.Sprintf("deposit %d USDC units", args.USDCAmount)
	if l.MinUSDCAmount >= 0 {
		di.Summary += fmt.Sprintf(" (min %d)", args.MinUSDCAmount)
	}
	if l.NativeFee >= 0 {
		di.Summary += fmt.Sprintf(", native fee %d lamports", args.NativeFeeLamports)
	}
	if l.DstEid >= 0 {
		di.Summary += fmt.Sprintf(", dstEid %d", args.DstEid)
	}
	if l.EVMOutputToken >= 0 {
		di.Summary += fmt.Sprintf(", output token %s", args.EVMOutputToken)
	}
	if q.HasRequested && args.USDCAmount != q.USDCAmount {
		r.reject("F24", "the deposit moves %d USDC units, not the requested %d", args.USDCAmount, q.USDCAmount)
	}
	if q.HasRequested && l.MinUSDCAmount >= 0 && args.MinUSDCAmount != q.MinUSDCAmount {
		r.reject("F24", "the deposit's minUsdcAmount is %d, not the requested %d", args.MinUSDCAmount, q.MinUSDCAmount)
	}
	if l.NativeFee >= 0 && (args.NativeFeeLamports < q.NativeFeeLamports || args.NativeFeeLamports > q.NativeFeeLamportsWithBuffer) {
		r.reject("F24", "the deposit pays a native fee of %d lamports, outside the quote's [%d, %d]", args.NativeFeeLamports, q.NativeFeeLamports, q.NativeFeeLamportsWithBuffer)
	}
	if l.DstEid >= 0 && args.DstEid != q.DstEid {
		r.reject("F24", "the deposit's dstEid is %d, not the quote's %d", args.DstEid, q.DstEid)
	}
	if l.EVMOutputToken >= 0 && args.EVMOutputToken != q.EVMOutputToken {
		r.reject("F24", "the deposit's output token is %s, not the quote's %s", args.EVMOutputToken, q.EVMOutputToken)
	}
}

// checkF32: the LayerZero endpoint and destination. A deposit is a LayerZero send: another
// endpoint program would run other code with the user's signature, another dstEid delivers
// the deposit to a chain where the service does not credit it.
func checkF32(c *checkCtx) {
	if !c.clusterOK {
		return // F25
	}
	q, p, name := c.q, c.cluster.Pins, c.cluster.ProfileName()
	switch {
	case p.EndpointProgramID.IsZero():
		c.r.warn("F32", "no LayerZero endpoint is known for %s: endpointProgramId %s is not checked (pin it: altchain_pins.%s.endpoint_program)", c.cluster.Name, q.EndpointProgramID, name)
	case q.EndpointProgramID != p.EndpointProgramID:
		c.r.reject("F32", "endpointProgramId %s is not the LayerZero endpoint %s of %s", q.EndpointProgramID, p.EndpointProgramID, c.cluster.Name)
	}
	switch {
	case p.DstEid == 0:
		c.r.warn("F32", "the home chain's LayerZero endpoint id is not known (a profile network without a default): dstEid %d is not checked (pin it: altchain_pins.%s.dst_eid)", q.DstEid, name)
	case q.DstEid != p.DstEid:
		c.r.reject("F32", "dstEid %d is not the home chain's LayerZero endpoint id %d: the deposit would be delivered to another chain", q.DstEid, p.DstEid)
	}
}

// checkF33: the token the user receives on the home chain is the one of the currency asked
// for. The chain configuration is read at deposit time; offline it is not at hand.
func checkF33(c *checkCtx) {
	q, o := c.q, c.opts
	switch {
	case o == nil || (o.OutputTokens == nil && o.OutputTokensErr == ""):
		c.r.warn("F33", "evmOutputToken %s is not checked offline: at deposit time it must be the chain configuration's token for the currency asked for", q.EVMOutputToken)
	case o.OutputTokens == nil:
		c.r.reject("F33", "the chain configuration could not be read (%s): evmOutputToken %s cannot be tied to a currency", o.OutputTokensErr, q.EVMOutputToken)
	case q.OutputCurrency == "":
		for cur, tok := range o.OutputTokens {
			if tok == q.EVMOutputToken {
				c.r.info("F33", "evmOutputToken %s is the chain configuration's %s token: the deposit pays out in %s", q.EVMOutputToken, cur, cur)
				return
			}
		}
		c.r.reject("F33", "evmOutputToken %s is none of the chain configuration's fiat tokens", q.EVMOutputToken)
	default:
		tok, ok := o.OutputTokens[q.OutputCurrency]
		switch {
		case !ok:
			c.r.reject("F33", "the chain configuration lists no %s token: evmOutputToken %s cannot be the currency asked for", q.OutputCurrency, q.EVMOutputToken)
		case tok != q.EVMOutputToken:
			c.r.reject("F33", "evmOutputToken %s is not the chain configuration's %s token %s: the deposit would pay out in another token", q.EVMOutputToken, q.OutputCurrency, tok)
		}
	}
}
