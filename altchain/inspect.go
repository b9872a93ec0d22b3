package altchain

import (
	"bytes"
	"fmt"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"
)

// Inspect runs every static rule offline on the quote and its pre-built transaction for
// user. A transaction that loads accounts through a lookup table is rejected (C13): the
// tables cannot be resolved offline; Verify resolves them. Inspect never panics.
func Inspect(q *Quote, user solana.PublicKey, opts *Options) *Report {
	return inspect(q, user, opts, nil, "")
}

// txView is a strictly decoded transaction with every account classified by index.
type txView struct {
	tx         *solana.Transaction
	nStatic    int
	total      int
	keys       []solana.PublicKey // static, then lookup writable, then lookup readonly
	resolved   []bool             // false for lookup accounts of an unresolved table
	fromLookup []bool
	signer     []bool
	writable   []bool
	headerOK   bool
}

func (v *txView) keyName(i int) string {
	if i < 0 || i >= v.total {
		return fmt.Sprintf("#%d (out of range)", i)
	}
	if !v.resolved[i] {
		return fmt.Sprintf("#%d (unresolved lookup-table account)", i)
	}
	return fmt.Sprintf("#%d %s", i, v.keys[i])
}

// decodeStrict applies A1..A3 to raw bytes and decodes them with solana-go.
func decodeStrict(raw []byte, r *Report) (tx *solana.Transaction) {
	if len(raw) == 0 {
		r.reject("A2", "the transaction is empty")
		return nil
	}
	if len(raw) > MaxTransactionSize {
		r.reject("A1", "the transaction is %d bytes, over the %d-byte limit", len(raw), MaxTransactionSize)
		return nil
	}
	n, size, err := bin.DecodeCompactU16(raw)
	if err != nil {
		r.reject("A2", "bad signature count: %v", err)
		return nil
	}
	off := size + 64*n
	if off >= len(raw) {
		r.reject("A2", "truncated: %d signature slots leave no message", n)
		return nil
	}
	switch v := raw[off]; {
	case v < 0x80:
		r.reject("A3", "legacy message (first message byte 0x%02x); only a v0 message (0x80) is accepted", v)
		return nil
	case v != 0x80:
		r.reject("A3", "message version byte 0x%02x; only 0x80 (v0) is accepted", v)
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			r.reject("A2", "the decoder failed on malformed bytes: %v", p)
			tx = nil
		}
	}()
	dec := bin.NewBinDecoder(raw)
	tx = new(solana.Transaction)
	if err := tx.UnmarshalWithDecoder(dec); err != nil {
		r.reject("A2", "not a well-formed v0 transaction: %v", err)
		return nil
	}
	if rem := dec.Remaining(); rem != 0 {
		r.reject("A2", "%d trailing bytes after the transaction", rem)
		return nil
	}
	msg, err := tx.Message.MarshalBinary()
	if err != nil || !bytes.Equal(msg, raw[off:]) {
		r.reject("A2", "non-canonical encoding: re-encoding the message does not give the input bytes")
		return nil
	}
	return tx
}

// classify builds the view. tables maps lookup-table accounts to their addresses; nil
// means offline. Every index is range-checked here, on the raw message.
func classify(tx *solana.Transaction, tables map[solana.PublicKey]solana.PublicKeySlice, why string, r *Report) *txView {
	m := &tx.Message
	h := m.Header
	v := &txView{tx: tx, nStatic: len(m.AccountKeys)}
	nReq, nROS, nROU := int(h.NumRequiredSignatures), int(h.NumReadonlySignedAccounts), int(h.NumReadonlyUnsignedAccounts)

	// B9: header counts fit the static keys.
	v.headerOK = true
	if nReq == 0 {
		r.reject("B9", "header requires no signature: a transaction needs its fee payer's signature")
		v.headerOK = false
	}
	if nReq+nROU > v.nStatic {
		r.reject("B9", "header counts (%d signers + %d read-only unsigned) exceed the %d static keys", nReq, nROU, v.nStatic)
		v.headerOK = false
	}
	if nReq > 0 && nROS >= nReq {
		r.reject("B9", "header marks %d of %d signers read-only: the fee payer must be writable", nROS, nReq)
		v.headerOK = false
	}

	nW, nR := 0, 0
	for i, l := range m.AddressTableLookups {
		if len(l.WritableIndexes)+len(l.ReadonlyIndexes) == 0 {
			r.reject("C12", "lookup %d (table %s) loads no index", i, l.AccountKey)
		}
		nW += len(l.WritableIndexes)
		nR += len(l.ReadonlyIndexes)
	}
	v.total = v.nStatic + nW + nR
	if v.total > 256 {
		r.reject("C12", "%d account keys in total, over 256", v.total)
	}
	v.keys = make([]solana.PublicKey, v.total)
	v.resolved = make([]bool, v.total)
	v.fromLookup = make([]bool, v.total)
	v.signer = make([]bool, v.total)
	v.writable = make([]bool, v.total)
	for i := 0; i < v.nStatic; i++ {
		v.keys[i] = m.AccountKeys[i]
		v.resolved[i] = true
		v.signer[i] = i < nReq
		if i < nReq {
			v.writable[i] = i < nReq-nROS
		} else {
			v.writable[i] = i < v.nStatic-nROU
		}
	}

	if len(m.AddressTableLookups) > 0 && tables == nil {
		ids := make([]string, len(m.AddressTableLookups))
		for i, l := range m.AddressTableLookups {
			ids[i] = l.AccountKey.String()
		}
		if why == "" {
			why = "offline inspection cannot resolve them"
		}
		r.reject("C13", "the transaction loads %d account(s) through lookup table(s) %v that could not be resolved (%s); hidden accounts cannot be checked", nW+nR, ids, why)
	}
	pos := v.nStatic
	fill := func(writable bool) {
		for li, l := range m.AddressTableLookups {
			idxs := l.ReadonlyIndexes
			if writable {
				idxs = l.WritableIndexes
			}
			table, haveTable := tables[l.AccountKey]
			for _, ix := range idxs {
				if pos >= v.total {
					return
				}
				v.fromLookup[pos] = true
				v.writable[pos] = writable
				if haveTable {
					if int(ix) < len(table) {
						v.keys[pos] = table[ix]
						v.resolved[pos] = true
					} else {
						r.reject("C12", "lookup %d reads index %d of table %s, which holds %d addresses", li, ix, l.AccountKey, len(table))
					}
				} else if tables != nil {
					r.reject("C13", "lookup table %s was not resolved", l.AccountKey)
				}
				pos++
			}
		}
	}
	fill(true)
	fill(false)
	return v
}

// inspect runs the static rules; tables are the resolved lookup tables (nil offline) and
// why says why they are missing when they could not be resolved online.
func inspect(q *Quote, user solana.PublicKey, opts *Options, tables map[solana.PublicKey]solana.PublicKeySlice, why string) *Report {
	r := &Report{}
	defer r.finish()
	if q == nil {
		r.reject("F26", "no quote")
		return r
	}
	cluster, _ := checkQuote(q, opts, r)
	if q.Transaction == nil {
		r.info("A1", "the quote carries no pre-built transaction; build one with BuildDeposit")
		return r
	}
	tx := decodeStrict(q.Transaction, r)
	if tx == nil {
		return r
	}
	checkTransaction(q, user, opts, cluster, tx, tables, why, r)
	return r
}

// checkQuote applies F25 (static part), F26 and the profile pins to the quote itself.
func checkQuote(q *Quote, opts *Options, r *Report) (ClusterInfo, bool) {
	// F26: sanity.
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
		v    interface{ IsNegative() bool }
	}{
		{"outputAmount", decOrNil(q.OutputAmount)}, {"outputAmountBeforeFee", decOrNil(q.OutputAmountBeforeFee)},
		{"exchangeRate", decOrNil(q.ExchangeRate)}, {"processingFee", decOrNil(q.ProcessingFee)},
		{"networkFee", decOrNil(q.NetworkFee)}, {"totalFee", decOrNil(q.TotalFee)},
	} {
		if d.v != nil && d.v.IsNegative() {
			r.reject("F26", "%s is negative", d.name)
		}
	}
	if !q.Rules.OnlyUSDC || !q.Rules.SwapDataMustBeEmpty || !q.Rules.JupiterRemainingAccountsLenMustBeZero {
		r.reject("F24", "the quote's rules allow a swap or another mint (onlyUsdc=%t, swapDataMustBeEmpty=%t, jupiterRemainingAccountsLenMustBeZero=%t); purse signs USDC-only deposits",
			q.Rules.OnlyUSDC, q.Rules.SwapDataMustBeEmpty, q.Rules.JupiterRemainingAccountsLenMustBeZero)
	}
	if !q.Rules.FeePayerMustBeUser {
		r.info("B8", "the quote does not require feePayerMustBeUser; purse requires the user as the only signer and fee payer anyway")
	}
	if _, bad := forbiddenPrograms[q.ProgramID]; bad || q.ProgramID == solana.ComputeBudget {
		r.reject("D21", "the quote's programId %s is %s, not a deposit program", q.ProgramID, programName(q.ProgramID))
	}

	// F25 (static): the quote's network and USDC mint name one known cluster.
	c, ok := opts.clusterForNetwork(q.Network)
	if !ok {
		r.reject("F25", "network %q is not the genesis-hash prefix of any configured cluster", q.Network)
		return c, false
	}
	if len(q.Network) < 8 {
		r.warn("F25", "network %q is a short genesis-hash prefix; the cluster binding is weak", q.Network)
	}
	if c.USDCMint.IsZero() {
		r.reject("F25", "cluster %s has no USDC mint purse accepts", c.Name)
	} else if q.USDCMint != c.USDCMint {
		r.reject("F25", "usdcMint %s is not %s's USDC (%s)", q.USDCMint, c.Name, c.USDCMint)
	}
	p := c.Pins
	if !p.USDCMint.IsZero() && q.USDCMint != p.USDCMint {
		r.reject("F25", "usdcMint %s differs from the profile's pinned mint %s", q.USDCMint, p.USDCMint)
	}
	if !p.ProgramID.IsZero() && q.ProgramID != p.ProgramID {
		r.reject("D21", "programId %s differs from the profile's pinned program %s on %s", q.ProgramID, p.ProgramID, c.Name)
	}
	if !p.DepositAccount.IsZero() && q.DepositUSDCAccount != p.DepositAccount {
		r.reject("F24", "depositUsdcAccount %s differs from the profile's pinned deposit account %s on %s", q.DepositUSDCAccount, p.DepositAccount, c.Name)
	}
	return c, true
}

type negChecker interface{ IsNegative() bool }

func decOrNil[T negChecker](p *T) negChecker {
	if p == nil {
		return nil
	}
	return *p
}

// checkTransaction applies the rules on the decoded transaction.
func checkTransaction(q *Quote, user solana.PublicKey, opts *Options, cluster ClusterInfo,
	tx *solana.Transaction, tables map[solana.PublicKey]solana.PublicKeySlice, why string, r *Report) {
	m := &tx.Message
	r.Signatures = int(m.Header.NumRequiredSignatures)
	r.RecentBlockhash = m.RecentBlockhash
	r.NativeFeeLamports = q.NativeFeeLamportsWithBuffer
	for _, l := range m.AddressTableLookups {
		r.LookupTables = append(r.LookupTables, l.AccountKey)
	}
	r.Resolved = len(m.AddressTableLookups) == 0 || tables != nil

	// A4, A5: signatures.
	nReq := int(m.Header.NumRequiredSignatures)
	if len(tx.Signatures) != nReq {
		r.reject("A4", "%d signature slots but the header requires %d", len(tx.Signatures), nReq)
	} else if nReq != 1 {
		r.reject("A4", "%d signatures required; only the user's single signature is allowed", nReq)
	}
	for i, s := range tx.Signatures {
		if !s.IsZero() {
			r.reject("A5", "signature slot %d is pre-filled; every incoming slot must be zero", i)
		}
	}
	// B6, B7.
	if nReq != 1 {
		r.reject("B6", "numRequiredSignatures is %d; the user must be the only signer", nReq)
	}
	if m.Header.NumReadonlySignedAccounts != 0 {
		r.reject("B7", "numReadonlySignedAccounts is %d; the fee payer must be writable", m.Header.NumReadonlySignedAccounts)
	}

	v := classify(tx, tables, why, r)

	// B8: fee payer.
	if v.nStatic == 0 {
		r.reject("B8", "no static account keys: no fee payer")
	} else {
		r.FeePayer = v.keys[0]
		if v.keys[0] != user {
			r.reject("B8", "fee payer (static key 0) is %s, not the user %s", v.keys[0], user)
		}
	}

	// C15 and C14: indexes, on raw data before any key is read through them.
	ixOK := make([]bool, len(m.Instructions))
	for i, ix := range m.Instructions {
		ok := true
		pi := int(ix.ProgramIDIndex)
		switch {
		case pi >= v.total:
			r.reject("C15", "instruction %d: program index %d is out of range (%d keys)", i, pi, v.total)
			ok = false
		case pi == 0:
			r.reject("C14", "instruction %d: the program id is at index 0, the fee payer's slot", i)
		case pi >= v.nStatic:
			r.reject("C14", "instruction %d: the program id (index %d) comes through a lookup table; program ids must be static keys", i, pi)
		}
		for j, a := range ix.Accounts {
			if int(a) >= v.total {
				r.reject("C15", "instruction %d: account %d has index %d, out of range (%d keys)", i, j, a, v.total)
				ok = false
			}
		}
		ixOK[i] = ok
	}

	// C11: duplicates; C16: the user never through a lookup table; E22: RecentBlockhashes.
	seen := make(map[solana.PublicKey]int, v.total)
	for i := 0; i < v.total; i++ {
		if !v.resolved[i] {
			continue
		}
		k := v.keys[i]
		if j, dup := seen[k]; dup {
			r.reject("C11", "key %s appears twice (indexes %d and %d)", k, j, i)
		} else {
			seen[k] = i
		}
		if v.fromLookup[i] && k == user {
			r.reject("C16", "the user key comes through a lookup table (index %d)", i)
		}
		if k == solana.SysVarRecentBlockHashesPubkey {
			r.reject("E22", "the RecentBlockhashes sysvar is referenced (index %d): a durable-nonce transaction never expires", i)
		}
	}

	// D17.
	if len(m.Instructions) != 3 {
		r.reject("D17", "%d instructions; exactly three are expected (limit, price, deposit)", len(m.Instructions))
	}

	// Decode instructions for review, and D18..D21, E22 per instruction.
	var haveLimit, havePrice bool
	for i, ix := range m.Instructions {
		di := DecodedInstruction{Index: i, ProgramIndex: int(ix.ProgramIDIndex), Data: []byte(ix.Data)}
		if !ixOK[i] {
			r.Instructions = append(r.Instructions, di)
			continue
		}
		pi := int(ix.ProgramIDIndex)
		prog, progKnown := v.keys[pi], v.resolved[pi]
		di.Program = prog
		di.ProgramName = programName(prog)
		for _, a := range ix.Accounts {
			ai := int(a)
			di.Accounts = append(di.Accounts, AccountRef{
				Index: ai, Key: v.keys[ai], Resolved: v.resolved[ai], FromLookup: v.fromLookup[ai],
				Signer: v.signer[ai], Writable: v.writable[ai],
			})
		}
		if !progKnown {
			r.reject("D21", "instruction %d: its program comes from an unresolved lookup table", i)
			r.Instructions = append(r.Instructions, di)
			continue
		}
		if isAdvanceNonce(prog, ix.Data) {
			r.reject("E22", "instruction %d is System AdvanceNonceAccount: a durable-nonce transaction never expires", i)
		}
		if name, bad := forbiddenPrograms[prog]; bad {
			r.reject("D21", "instruction %d invokes the %s (%s); no such instruction is allowed at top level", i, name, instructionName(prog, ix.Data))
			di.Summary = instructionName(prog, ix.Data)
		}
		if prog == solana.ComputeBudget {
			if i > 1 {
				r.reject("D18", "instruction %d is a compute-budget instruction; only instructions 0 and 1 may be", i)
			}
			if len(ix.Accounts) > 0 {
				r.reject("D18", "instruction %d: compute-budget instruction with %d account(s); it takes none", i, len(ix.Accounts))
			}
			cb, problem := parseComputeBudget(ix.Data)
			if problem != "" {
				r.reject("D18", "instruction %d: %s", i, problem)
			} else if cb.tag == cbSetComputeUnitLimit {
				if haveLimit {
					r.reject("D18", "instruction %d: a second SetComputeUnitLimit", i)
				}
				haveLimit = true
				r.ComputeUnitLimit = cb.limit
				di.Summary = fmt.Sprintf("SetComputeUnitLimit %d", cb.limit)
			} else {
				if havePrice {
					r.reject("D18", "instruction %d: a second SetComputeUnitPrice", i)
				}
				havePrice = true
				r.ComputeUnitPrice = cb.price
				di.Summary = fmt.Sprintf("SetComputeUnitPrice %d micro-lamports/CU", cb.price)
			}
			if di.Summary == "" {
				di.Summary = "compute-budget instruction (rejected)"
			}
		} else if i <= 1 {
			r.reject("D18", "instruction %d invokes %s, not the Compute Budget program", i, progLabel(prog))
		}
		if i == 2 && prog != q.ProgramID {
			r.reject("D21", "instruction 2 invokes %s, not the quote's programId %s", progLabel(prog), q.ProgramID)
		}
		if i > 2 {
			r.reject("D21", "extra instruction %d invokes %s", i, progLabel(prog))
		}
		r.Instructions = append(r.Instructions, di)
	}
	if !haveLimit {
		r.reject("D18", "no SetComputeUnitLimit instruction")
	}
	if !havePrice {
		r.reject("D18", "no SetComputeUnitPrice instruction")
	}

	// D19, D20: limit and fees.
	if haveLimit && (r.ComputeUnitLimit < MinComputeUnitLimit || r.ComputeUnitLimit > MaxComputeUnitLimit) {
		r.reject("D19", "compute unit limit %d is outside [%d, %d]", r.ComputeUnitLimit, MinComputeUnitLimit, MaxComputeUnitLimit)
	}
	fee, ok := PriorityFee(r.ComputeUnitPrice, r.ComputeUnitLimit)
	r.PriorityFeeLamports, r.PriorityFeeOverflow = fee, !ok
	feeCap := cluster.Pins.feeCap()
	if !ok {
		r.reject("D20", "priority fee (price %d × limit %d / 1e6) does not fit 64 bits", r.ComputeUnitPrice, r.ComputeUnitLimit)
	} else if fee > feeCap {
		r.reject("D20", "priority fee %d lamports (price %d × limit %d / 1e6, rounded up) is above the cap of %d lamports", fee, r.ComputeUnitPrice, r.ComputeUnitLimit, feeCap)
	}
	r.BaseFeeLamports = uint64(nReq) * LamportsPerSignature
	total, tok := TotalCost(nReq, fee, q.NativeFeeLamportsWithBuffer)
	r.TotalCostLamports = total
	if !tok && ok {
		r.reject("D20", "total cost does not fit 64 bits")
	}

	// F24, B10: the deposit instruction and the writable set.
	checkDeposit(q, user, opts, v, ixOK, r)

	// E23 (static part).
	r.info("E23", "the quote is valid until block height %d; the blockhash is replaced with a fresh one before signing", q.LastValidBlockHeight)
}

func progLabel(p solana.PublicKey) string {
	if n := programName(p); n != "" {
		return n + " " + p.String()
	}
	return "program " + p.String()
}

// checkDeposit applies F24 and B10.
func checkDeposit(q *Quote, user solana.PublicKey, opts *Options, v *txView, ixOK []bool, r *Report) {
	m := &v.tx.Message
	exp, err := ExpectedDepositAccounts(q, user)
	if err != nil {
		r.reject("F24", "cannot derive the user's USDC account: %v", err)
		return
	}
	known := opts.knownLayout(q.ProgramID)
	allowed := map[solana.PublicKey]bool{user: true, exp.UserUSDC: true, exp.DepositUSDC: true, exp.FeeReceiver: true}

	var dep *solana.CompiledInstruction
	if len(m.Instructions) > 2 && ixOK[2] {
		pi := int(m.Instructions[2].ProgramIDIndex)
		if v.resolved[pi] && v.keys[pi] == q.ProgramID {
			dep = &m.Instructions[2]
		}
	}
	if dep == nil {
		r.reject("F24", "no deposit instruction of the quote's program at position 2")
	} else if known {
		checkKnownDeposit(q, exp, v, dep, r)
	} else {
		checkUnknownDeposit(q, opts, exp, v, dep, r)
	}

	// B10: the writable set, by index.
	for i := 0; i < v.total; i++ {
		if !v.writable[i] {
			continue
		}
		if !v.resolved[i] {
			r.reject("B10", "account #%d is writable and comes from an unresolved lookup table", i)
			continue
		}
		k := v.keys[i]
		switch {
		case known && !allowed[k]:
			r.reject("B10", "account %s is writable but the deposit only writes the user, the user's USDC account, depositUsdcAccount and feeReceiver", v.keyName(i))
		case k == q.ProgramID || k == q.EndpointProgramID || k == solana.ComputeBudget:
			r.reject("B10", "program id %s is writable", v.keyName(i))
		case k == q.USDCMint:
			r.reject("B10", "the USDC mint %s is writable", v.keyName(i))
		case forbiddenPrograms[k] != "" || sysvars[k] != "":
			r.reject("B10", "%s (%s) is writable", v.keyName(i), programName(k))
		case isInstructionProgram(m, v, k):
			r.reject("B10", "program id %s is writable", v.keyName(i))
		case isLookupTable(m, k):
			r.reject("B10", "lookup table %s is writable", v.keyName(i))
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

func checkKnownDeposit(q *Quote, exp DepositAccounts, v *txView, dep *solana.CompiledInstruction, r *Report) {
	di := &r.Instructions[2]
	want := exp.Keys()
	if len(dep.Accounts) != len(want) {
		r.reject("F24", "the deposit instruction has %d accounts; its layout takes %d", len(dep.Accounts), len(want))
	}
	for p := 0; p < len(dep.Accounts) && p < len(want); p++ {
		ai := int(dep.Accounts[p])
		role := DepositAccountRoles[p]
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
	args, err := DecodeDepositArgs(dep.Data)
	if err != nil {
		r.reject("F24", "deposit instruction: %v", err)
		return
	}
	r.Deposit = &args
	di.Summary = fmt.Sprintf("deposit %d USDC units (min %d), native fee %d lamports, dstEid %d, output token %s",
		args.USDCAmount, args.MinUSDCAmount, args.NativeFeeLamports, args.DstEid, args.EVMOutputToken)
	if q.HasRequested && args.USDCAmount != q.USDCAmount {
		r.reject("F24", "the deposit moves %d USDC units, not the requested %d", args.USDCAmount, q.USDCAmount)
	}
	if q.HasRequested && args.MinUSDCAmount != q.MinUSDCAmount {
		r.reject("F24", "the deposit's minUsdcAmount is %d, not the requested %d", args.MinUSDCAmount, q.MinUSDCAmount)
	}
	if args.NativeFeeLamports < q.NativeFeeLamports || args.NativeFeeLamports > q.NativeFeeLamportsWithBuffer {
		r.reject("F24", "the deposit pays a native fee of %d lamports, outside the quote's [%d, %d]", args.NativeFeeLamports, q.NativeFeeLamports, q.NativeFeeLamportsWithBuffer)
	}
	if args.DstEid != q.DstEid {
		r.reject("F24", "the deposit's dstEid is %d, not the quote's %d", args.DstEid, q.DstEid)
	}
	if args.EVMOutputToken != q.EVMOutputToken {
		r.reject("F24", "the deposit's output token is %s, not the quote's %s", args.EVMOutputToken, q.EVMOutputToken)
	}
}

func checkUnknownDeposit(q *Quote, opts *Options, exp DepositAccounts, v *txView, dep *solana.CompiledInstruction, r *Report) {
	var userSW, ata, deposit bool
	for _, a := range dep.Accounts {
		ai := int(a)
		if !v.resolved[ai] {
			continue
		}
		switch v.keys[ai] {
		case exp.User:
			userSW = userSW || (v.signer[ai] && v.writable[ai])
		case exp.UserUSDC:
			ata = true
		case exp.DepositUSDC:
			deposit = true
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
	msg := "the instruction layout of program %s is unknown: the amount, fee and destination in its data cannot be verified"
	if opts.allowUnknown() {
		r.warn("F24", msg, q.ProgramID)
	} else {
		r.reject("F24", msg+" (only the sandbox deposit program's layout is known)", q.ProgramID)
	}
}
