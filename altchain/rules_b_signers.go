package altchain

import (
	"github.com/gagliardetto/solana-go"
)

// Section B of the checklist: header, fee payer, signers, the writable set.
var rulesB = []Rule{
	{ID: "B6", Title: "numRequiredSignatures == 1", Stage: StageTx, check: checkB6},
	{ID: "B7", Title: "numReadonlySignedAccounts == 0 (the payer must be writable)", Stage: StageTx, check: checkB7},
	{ID: "B8", Title: "the quote requires the user as fee payer (feePayerMustBeUser)", Stage: StageQuote, check: checkB8Quote},
	{ID: "B8", Title: "static key 0 (fee payer, the only signer) is the user", Stage: StageTx, check: checkB8},
	{ID: "B9", Title: "header counts fit the static keys", Stage: StageTx, check: checkB9},
	{ID: "B10", Title: "the writable set holds only the deposit's accounts", Stage: StageTx, check: checkB10},
}

func checkB6(c *checkCtx) {
	if c.nReq != 1 {
		c.r.reject("B6", "numRequiredSignatures is %d; the user must be the only signer", c.nReq)
	}
}

func checkB7(c *checkCtx) {
	if n := c.m.Header.NumReadonlySignedAccounts; n != 0 {
		c.r.reject("B7", "numReadonlySignedAccounts is %d; the fee payer must be writable", n)
	}
}

func checkB8Quote(c *checkCtx) {
	if !c.q.Rules.FeePayerMustBeUser {
		c.r.info("B8", "the quote does not require feePayerMustBeUser; purse requires the user as the only signer and fee payer anyway")
	}
}

func checkB8(c *checkCtx) {
	v := c.v
	if v.nStatic == 0 {
		c.r.reject("B8", "no static account keys: no fee payer")
		return
	}
	c.r.FeePayer = v.keys[0]
	if v.keys[0] != c.user {
		c.r.reject("B8", "fee payer (static key 0) is %s, not the user %s", v.keys[0], c.user)
	}
}

func checkB9(c *checkCtx) {
	h := c.m.Header
	nReq, nROS, nROU, nStatic := int(h.NumRequiredSignatures), int(h.NumReadonlySignedAccounts), int(h.NumReadonlyUnsignedAccounts), len(c.m.AccountKeys)
	if nReq == 0 {
		c.r.reject("B9", "header requires no signature: a transaction needs its fee payer's signature")
	}
	if nReq+nROU > nStatic {
		c.r.reject("B9", "header counts (%d signers + %d read-only unsigned) exceed the %d static keys", nReq, nROU, nStatic)
	}
	if nReq > 0 && nROS >= nReq {
		c.r.reject("B9", "header marks %d of %d signers read-only: the fee payer must be writable", nROS, nReq)
	}
}

// checkB10 checks the writable set by index: with a layout that declares the account list
// only the deposit's own accounts; with any program never a program, the mint, a sysvar or
// a lookup table (and, online, no other token account of the user: cluster.go).
func checkB10(c *checkCtx) {
	q, v, m := c.q, c.v, c.m
	exp, err := c.depositAccounts()
	if err != nil {
		return // F24 reports it
	}
	l, _ := c.opts.LayoutOf(q.ProgramID)
	known := len(l.Accounts) > 0
	allowed := map[solana.PublicKey]bool{c.user: true, exp.UserUSDC: true, exp.DepositUSDC: true, exp.FeeReceiver: true}
	for i := 0; i < v.total; i++ {
		if !v.writable[i] {
			continue
		}
		if !v.resolved[i] {
			c.r.reject("B10", "account #%d is writable and comes from an unresolved lookup table", i)
			continue
		}
		k := v.keys[i]
		switch {
		case known && !allowed[k]:
			c.r.reject("B10", "account %s is writable but the deposit only writes the user, the user's USDC account, depositUsdcAccount and feeReceiver", v.keyName(i))
		case k == q.ProgramID || k == q.EndpointProgramID || k == solana.ComputeBudget:
			c.r.reject("B10", "program id %s is writable", v.keyName(i))
		case k == q.USDCMint:
			c.r.reject("B10", "the USDC mint %s is writable", v.keyName(i))
		case forbiddenPrograms[k] != "" || sysvars[k] != "":
			c.r.reject("B10", "%s (%s) is writable", v.keyName(i), programName(k))
		case isInstructionProgram(m, v, k):
			c.r.reject("B10", "program id %s is writable", v.keyName(i))
		case isLookupTable(m, k):
			c.r.reject("B10", "lookup table %s is writable", v.keyName(i))
		}
	}
}

func isInstructionProgram(m *solana.Message, v *txView, k solana.PublicKey) bool {
	for _, ix := range m.Instructions {
		pi := int(ix.ProgramIDIndex)
		if pi < v.total && v.resolved[pi] && v.keys[pi] == k {
			return true
		}
	}
	return false
}

func isLookupTable(m *solana.Message, k solana.PublicKey) bool {
	for _, l := range m.AddressTableLookups {
		if l.AccountKey == k {
			return true
		}
	}
	return false
}
