package altchain

import (
	"slices"

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
	{ID: "B31", Title: "every writable account of the deposit is named: the quote's, a LayerZero account purse derives, or a declared layout's role", Stage: StageTx, check: checkB31},
	{ID: "B31", Title: "a writable account nothing names is resolved on the chain: never a token account of the user, nor one the user's signature lets a program debit", Stage: StageOnline, Where: "Verify (checkUnnamedOnline)"},
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

// B31 names every writable account of the deposit instruction. A writable account is one
// the program may change, so purse must know what each is: the user, the user's USDC
// account, depositUsdcAccount or feeReceiver (the quote's), a LayerZero account it derives
// itself from the pinned endpoint, oapp, the pinned dstEid and receiver (lz.go), or a role
// of a declared layout. Offline the rest cannot be judged, and a warning names each; Verify
// then resolves each from the chain (checkUnnamedOnline).
func checkB31(c *checkCtx) {
	q, v, m := c.q, c.v, c.m
	if len(m.Instructions) < 3 || !c.ixOK[2] {
		return // D17, C15
	}
	dep := m.Instructions[2]
	if pi := int(dep.ProgramIDIndex); !v.resolved[pi] || v.keys[pi] != q.ProgramID {
		return // D21, F24
	}
	exp, err := c.depositAccounts()
	if err != nil {
		return // F24
	}
	di := &c.r.Instructions[2]
	named := make([]bool, len(dep.Accounts))
	l, _ := c.opts.LayoutOf(q.ProgramID)
	for p := range dep.Accounts {
		ai := int(dep.Accounts[p])
		if !v.resolved[ai] {
			named[p] = true // B10 rejects a writable account of an unresolved table
			continue
		}
		switch k := v.keys[ai]; {
		case p < len(l.Accounts):
			named[p] = true // checkDepositRoles holds it to the role's account
		case k == c.user || k == exp.UserUSDC || k == exp.DepositUSDC || k == exp.FeeReceiver:
			named[p] = true
		}
	}
	c.nameLayerZero(dep, named, di)
	for p, a := range dep.Accounts {
		ai := int(a)
		if named[p] || !v.writable[ai] {
			continue
		}
		k := v.keys[ai]
		if !slices.Contains(c.r.UnnamedWritable, k) {
			c.r.UnnamedWritable = append(c.r.UnnamedWritable, k)
		}
		c.r.warn("B31", "deposit account %d (%s) is writable and nothing purse can check offline names it (not the quote's, not a LayerZero account derived from the pinned endpoint, dstEid and receiver, not a declared layout's): before signing purse resolves it on the chain and refuses it if it is a token account of yours or an account your signature lets a program debit", p, v.keyName(ai))
	}
}

// nameLayerZero finds the LayerZero send in the deposit's accounts (the pinned endpoint
// program followed by the quote's oapp: endpoint_cpi.rs passes them first) and names every
// account of it that holds what purse derives. A writable position holding anything else is
// refused: the endpoint itself would refuse a wrong account there, so a quote carrying one
// is not a LayerZero send, and what it writes is not known.
func (c *checkCtx) nameLayerZero(dep solana.CompiledInstruction, named []bool, di *DecodedInstruction) {
	v, p := c.v, c.cluster.Pins
	if !c.clusterOK || p.EndpointProgramID.IsZero() || p.DstEid == 0 {
		return // F32 says what is not pinned; nothing of the send can be derived
	}
	key := func(pos int) (solana.PublicKey, bool) {
		if pos >= len(dep.Accounts) {
			return solana.PublicKey{}, false
		}
		ai := int(dep.Accounts[pos])
		return v.keys[ai], v.resolved[ai]
	}
	start := -1
	for pos := range dep.Accounts {
		e, ok1 := key(pos)
		o, ok2 := key(pos + 1)
		if ok1 && ok2 && e == p.EndpointProgramID && o == c.q.OApp {
			start = pos
			break
		}
	}
	if start < 0 {
		return
	}
	lib, _ := key(start + 2)
	send := LayerZeroSend{Endpoint: p.EndpointProgramID, OApp: c.q.OApp, SendLibrary: lib, DstEid: p.DstEid, Receiver: p.LZReceiver, HasReceiver: p.HasLZReceiver}
	expect := func(pos int, name string, want solana.PublicKey) {
		got, ok := key(pos)
		if !ok {
			return
		}
		ai := int(dep.Accounts[pos])
		switch {
		case want.IsZero():
			return // not derivable: left unnamed
		case got == want:
			named[pos] = true
			di.Accounts[pos].Role = name
		case v.writable[ai] && name == lzNameNonce && p.LZReceiverInferred:
			// The nonce derives from the receiver, which here is purse's inference: left
			// unnamed, the account is resolved on the chain before signing as every other.
			c.r.warn("B31", "deposit account %d (%s) sits at the %s's place, but the nonce derived from the inferred receiver %s is %s: the receiver may be another (the service's CryptoRelay is an inference; pin altchain_pins.%s.lz_receiver to have it checked)",
				pos, v.keyName(ai), name, FormatLZReceiver(p.LZReceiver), want, c.cluster.ProfileName())
		case v.writable[ai]:
			c.r.reject("B31", "deposit account %d (%s) is writable at the %s's place, but that account is %s (derived from the pinned endpoint, oapp %s, dstEid %d%s): the send would write another account", pos, v.keyName(ai), name, want, c.q.OApp, p.DstEid, receiverNote(send))
		default:
			c.r.warn("B31", "deposit account %d (%s) sits at the %s's place, but that account is %s: the LayerZero endpoint would refuse this send", pos, v.keyName(ai), name, want)
		}
	}
	for i, sl := range send.slots(c.user) {
		pos := start + i
		if i == 14 { // the treasury: none is Anchor's program-id placeholder; else the settings name it
			if got, ok := key(pos); ok && got == lib {
				named[pos] = true
				di.Accounts[pos].Role = "no LayerZero treasury (the send library's placeholder)"
			} else if pos < len(dep.Accounts) {
				di.Accounts[pos].Role = sl.name + " (not derivable)"
			}
			continue
		}
		expect(pos, sl.name, sl.key)
	}
	for w, pos := 0, start+LZSendAccounts; pos+LZWorkerAccounts <= len(dep.Accounts); w, pos = w+1, pos+LZWorkerAccounts {
		prog, _ := key(pos)
		kind, cfg := "DVN", DVNConfig(prog)
		if w == 0 {
			kind, cfg = "executor", ExecutorConfig(prog)
		}
		// The worker program and the price feed are read-only in a send: written, they are
		// left unnamed.
		di.Accounts[pos].Role = "LayerZero " + kind + " program"
		di.Accounts[pos+2].Role, di.Accounts[pos+3].Role = "LayerZero price feed program", "LayerZero price feed config"
		expect(pos+1, "LayerZero "+kind+" config", cfg)
	}
}

func receiverNote(s LayerZeroSend) string {
	if !s.HasReceiver {
		return ""
	}
	return ", receiver " + FormatLZReceiver(s.Receiver)
}
