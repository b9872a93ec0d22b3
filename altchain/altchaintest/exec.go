package altchaintest

import (
	"bytes"
	"encoding/binary"
	"fmt"

	bin "github.com/gagliardetto/binary"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/internal/format"
	"purse/wallet"
)

// decoded is a transaction as the sandbox received it.
type decoded struct {
	tx  *solana.Transaction
	msg []byte // the signed message bytes, exactly as received
	raw []byte // the whole transaction, exactly as received
}

// decodeTx decodes wire bytes strictly: no trailing bytes, canonical message encoding,
// at most 1232 bytes, one signature slot per required signature.
func decodeTx(raw []byte) (*decoded, error) {
	if len(raw) == 0 || len(raw) > altchain.MaxTransactionSize {
		return nil, fmt.Errorf("transaction of %d bytes (expected 1 to %d)", len(raw), altchain.MaxTransactionSize)
	}
	n, size, err := bin.DecodeCompactU16(raw)
	if err != nil || size+64*n >= len(raw) {
		return nil, fmt.Errorf("malformed signature list")
	}
	var tx *solana.Transaction
	var rem int
	func() {
		defer func() {
			if recover() != nil {
				tx = nil
			}
		}()
		dec := bin.NewBinDecoder(raw)
		t := new(solana.Transaction)
		if t.UnmarshalWithDecoder(dec) == nil {
			tx, rem = t, dec.Remaining()
		}
	}()
	if tx == nil {
		return nil, fmt.Errorf("not a well-formed transaction")
	}
	if rem != 0 {
		return nil, fmt.Errorf("%d trailing bytes", rem)
	}
	msg := raw[size+64*n:]
	if re, err := tx.Message.MarshalBinary(); err != nil || !bytes.Equal(re, msg) {
		return nil, fmt.Errorf("non-canonical message encoding")
	}
	if len(tx.Signatures) != int(tx.Message.Header.NumRequiredSignatures) || len(tx.Signatures) == 0 {
		return nil, fmt.Errorf("%d signatures for %d required", len(tx.Signatures), tx.Message.Header.NumRequiredSignatures)
	}
	if len(tx.Message.AccountKeys) < len(tx.Signatures) {
		return nil, fmt.Errorf("fewer account keys than signatures")
	}
	return &decoded{tx: tx, msg: msg, raw: raw}, nil
}

// verifySignatures checks every signature with ed25519 over the exact message bytes.
func (d *decoded) verifySignatures() bool {
	for i, sig := range d.tx.Signatures {
		if !wallet.VerifySolana(d.tx.Message.AccountKeys[i], d.msg, sig) {
			return false
		}
	}
	return true
}

// overlay is a copy-on-write view of the ledger.
type overlay struct {
	base map[solana.PublicKey]*altchain.Account
	over map[solana.PublicKey]*altchain.Account
}

func (o *overlay) get(k solana.PublicKey) *altchain.Account {
	if a, ok := o.over[k]; ok {
		return a
	}
	a := cloneAccount(o.base[k])
	o.over[k] = a
	return a
}

func (o *overlay) set(k solana.PublicKey, a *altchain.Account) { o.over[k] = a }

func (o *overlay) snapshot() map[solana.PublicKey]*altchain.Account {
	c := make(map[solana.PublicKey]*altchain.Account, len(o.over))
	for k, a := range o.over {
		c[k] = cloneAccount(a)
	}
	return c
}

func (o *overlay) commit() {
	for k, a := range o.over {
		if a == nil || (a.Lamports == 0 && len(a.Data) == 0 && !a.Executable) {
			delete(o.base, k)
			continue
		}
		o.base[k] = a
	}
}

// outcome is the result of executing a transaction on an overlay.
type outcome struct {
	err     any // nil or a Solana TransactionError as JSON
	landed  bool
	logs    []string
	units   uint64
	fee     uint64 // lamports the payer paid for signatures and priority
	state   *overlay
	deposit *Deposit
}

func instructionErr(i int, e any) any { return map[string]any{"InstructionError": []any{i, e}} }

func custom(code uint32) any { return map[string]any{"Custom": code} }

// Deposit program errors (Custom codes).
const (
	errAccounts       = 1
	errData           = 2
	errMint           = 3
	errUserUSDC       = 4
	errDepositAccount = 5
	errFeeReceiver    = 6
	errPrograms       = 7
	errNotWritable    = 8
	errMinAmount      = 9
	errBelowMinimum   = 10
	errInsufficient   = 11
	errNativeFee      = 12
	errLayerZero      = 13
	errUnsigned       = 100 // reported as MissingRequiredSignature
)

// execute runs the transaction on a copy of the ledger; the caller holds s.mu and
// commits the overlay to land it.
func (s *Sandbox) execute(d *decoded) *outcome {
	tx := d.tx
	m := &tx.Message
	o := &outcome{state: &overlay{base: s.accounts, over: map[solana.PublicKey]*altchain.Account{}}}
	if o.err = s.loadable(m); o.err != nil {
		return o
	}
	// The compute budget is read before anything runs, as the runtime does.
	limit, price, e := computeBudget(m)
	if e != nil {
		o.err = e
		return o
	}
	if o.err = o.chargeFee(m.AccountKeys[0], len(tx.Signatures), price, limit); o.err != nil {
		return o
	}
	s.runInstructions(o, m, limit)
	return o
}

// loadable is the runtime's error for a transaction it would not load (nil: none): a blockhash
// it does not know, lookup tables, an account index out of range.
func (s *Sandbox) loadable(m *solana.Message) any {
	if !s.blockhashValidLocked(m.RecentBlockhash) {
		return "BlockhashNotFound"
	}
	if len(m.AddressTableLookups) > 0 {
		return "AddressLookupTableNotFound"
	}
	keys := m.AccountKeys
	for _, ix := range m.Instructions {
		if int(ix.ProgramIDIndex) >= len(keys) || ix.ProgramIDIndex == 0 {
			return "InvalidAccountIndex"
		}
		for _, a := range ix.Accounts {
			if int(a) >= len(keys) {
				return "InvalidAccountIndex"
			}
		}
	}
	return nil
}

// computeBudget reads the compute-budget instructions: the unit limit (the default for the
// other instructions when none is set, capped) and the unit price; an error for a duplicate
// or an instruction it does not know.
func computeBudget(m *solana.Message) (limit uint32, price uint64, err any) {
	var hasLimit, hasPrice bool
	others := 0
	for i, ix := range m.Instructions {
		if m.AccountKeys[ix.ProgramIDIndex] != solana.ComputeBudget {
			others++
			continue
		}
		data := []byte(ix.Data)
		switch {
		case len(data) == 5 && data[0] == 2 && len(ix.Accounts) == 0:
			if hasLimit {
				return 0, 0, map[string]any{"DuplicateInstruction": i}
			}
			limit, hasLimit = binary.LittleEndian.Uint32(data[1:]), true
		case len(data) == 9 && data[0] == 3 && len(ix.Accounts) == 0:
			if hasPrice {
				return 0, 0, map[string]any{"DuplicateInstruction": i}
			}
			price, hasPrice = binary.LittleEndian.Uint64(data[1:]), true
		default:
			return 0, 0, instructionErr(i, "InvalidInstructionData")
		}
	}
	if !hasLimit {
		limit = uint32(min(200_000*others, altchain.MaxComputeUnitLimit))
	}
	return min(limit, altchain.MaxComputeUnitLimit), price, nil
}

// chargeFee takes the fee from the payer (the transaction lands from then on, whatever its
// instructions do); the runtime's error when it cannot.
func (o *outcome) chargeFee(payerKey solana.PublicKey, signatures int, price uint64, limit uint32) any {
	prio, ok := altchain.PriorityFee(price, limit)
	fee, ok2 := altchain.TotalCost(signatures, prio, 0)
	payer := o.state.get(payerKey)
	switch {
	case payer == nil:
		return "AccountNotFound"
	case !ok || !ok2 || payer.Owner != solana.SystemProgramID || payer.Lamports < fee:
		return "InsufficientFundsForFee"
	}
	payer.Lamports -= fee
	o.landed, o.fee = true, fee
	return nil
}

// runInstructions runs the instructions after the fee: the compute-budget program and the
// deposit programs, within limit units. A failing one leaves only the fee taken.
func (s *Sandbox) runInstructions(o *outcome, m *solana.Message, limit uint32) {
	keys := m.AccountKeys
	afterFee := o.state.snapshot()
	header := m.Header
	isSigner := func(i uint16) bool { return int(i) < int(header.NumRequiredSignatures) }
	isWritable := func(i uint16) bool {
		if isSigner(i) {
			return int(i) < int(header.NumRequiredSignatures-header.NumReadonlySignedAccounts)
		}
		return int(i) < len(keys)-int(header.NumReadonlyUnsignedAccounts)
	}
	fail := func(i int, prog solana.PublicKey, e any, why string) {
		o.logs = append(o.logs, "Program "+prog.String()+" failed: "+why)
		o.err = instructionErr(i, e)
		o.state.over = afterFee
		o.deposit = nil
	}
	for i, ix := range m.Instructions {
		prog := keys[ix.ProgramIDIndex]
		o.logs = append(o.logs, "Program "+prog.String()+" invoke [1]")
		switch prog {
		case solana.ComputeBudget:
			o.units += ComputeBudgetUnits
		case altchain.DefaultSandboxProgramID, OpaqueProgramID, LayerZeroProgramID:
			o.logs = append(o.logs, "Program log: Instruction: Deposit")
			o.units += DepositUnits
			if o.units > uint64(limit) {
				fail(i, prog, "ComputationalBudgetExceeded", "exceeded CUs meter at BPF instruction")
				return
			}
			dep, e, why := s.deposit(depositPrograms[prog], o.state, ix, keys, isSigner, isWritable)
			if e != nil {
				fail(i, prog, e, why)
				return
			}
			o.logs = append(o.logs, fmt.Sprintf("Program log: deposited %d USDC units", dep.USDC))
			o.deposit = dep
		default:
			fail(i, prog, "IncorrectProgramId", "the sandbox executes only the compute-budget program and its two deposit programs")
			return
		}
		if o.units > uint64(limit) {
			fail(i, prog, "ComputationalBudgetExceeded", "exceeded CUs meter")
			return
		}
		o.logs = append(o.logs, fmt.Sprintf("Program %s consumed %d of %d compute units", prog, o.units, limit), "Program "+prog.String()+" success")
	}
}

// deposit executes the sandbox deposit instruction on the overlay.
func (s *Sandbox) deposit(prog depositProgram, st *overlay, ix solana.CompiledInstruction, keys []solana.PublicKey,
	isSigner, isWritable func(uint16) bool) (*Deposit, any, string) {
	dep, code, why := s.runDeposit(prog, st, ix, keys, isSigner, isWritable)
	switch code {
	case 0:
		return dep, nil, ""
	case errUnsigned:
		return nil, "MissingRequiredSignature", why
	}
	return nil, custom(code), why
}

func (s *Sandbox) runDeposit(prog depositProgram, st *overlay, ix solana.CompiledInstruction, keys []solana.PublicKey,
	isSigner, isWritable func(uint16) bool) (*Deposit, uint32, string) {
	if len(ix.Accounts) != prog.accounts {
		return nil, errAccounts, fmt.Sprintf("expected %d accounts, got %d", prog.accounts, len(ix.Accounts))
	}
	args, err := prog.decode(ix.Data)
	if err != nil {
		return nil, errData, err.Error()
	}
	acc, code, why := depositAccounts(prog, ix, keys, isSigner, isWritable)
	if code == 0 {
		code, why = checkDepositArgs(args)
	}
	if code != 0 {
		return nil, code, why
	}
	user, from, to := st.get(acc.User), st.get(acc.UserUSDC), st.get(acc.DepositUSDC)
	tf, tt, code, why := depositBalances(args, acc.User, user, from, to)
	if code != 0 {
		return nil, code, why
	}
	if prog.layerZero {
		if code, why := s.layerZeroSend(st, ix.Accounts[layerZeroHead:], keys, isSigner, isWritable, acc.User, args); code != 0 {
			return nil, code, why
		}
		setTokenAmount(from, tf.amount-args.USDCAmount)
		setTokenAmount(to, tt.amount+args.USDCAmount)
		return &Deposit{User: acc.User, USDC: args.USDCAmount}, 0, ""
	}
	setTokenAmount(from, tf.amount-args.USDCAmount)
	setTokenAmount(to, tt.amount+args.USDCAmount)
	user.Lamports -= args.NativeFeeLamports
	fr := st.get(acc.FeeReceiver)
	if fr == nil {
		fr = &altchain.Account{Owner: solana.SystemProgramID}
		st.set(acc.FeeReceiver, fr)
	}
	fr.Lamports += args.NativeFeeLamports
	return &Deposit{User: acc.User, USDC: args.USDCAmount}, 0, ""
}

// depositAccounts are the deposit's accounts by role, checked as the program checks them:
// the user signed, the accounts it writes are writable, and each is the sandbox's own (its
// USDC mint, deposit account and fee receiver, the token and system programs, the user's
// associated USDC account).
func depositAccounts(prog depositProgram, ix solana.CompiledInstruction, keys []solana.PublicKey,
	isSigner, isWritable func(uint16) bool) (altchain.DepositAccounts, uint32, string) {
	// idx[i] is the key index of the account with role i (the sandbox program's order); a
	// role the program does not take holds the sandbox's own account (feeReceiver).
	var idx [7]uint16
	k := make([]solana.PublicKey, len(idx))
	for i := range idx {
		if prog.order[i] < 0 {
			k[i] = altchain.SandboxFeeReceiver
			continue
		}
		idx[i] = ix.Accounts[prog.order[i]]
		k[i] = keys[idx[i]]
	}
	acc, _ := altchain.DepositAccountsFromKeys(k)
	if !isSigner(idx[0]) {
		return acc, errUnsigned, "the user did not sign"
	}
	for i := 0; i < 4; i++ {
		if prog.order[i] >= 0 && !isWritable(idx[i]) {
			return acc, errNotWritable, altchain.DepositAccountRoles[i].Name + " is not writable"
		}
	}
	if acc.USDCMint != altchain.SandboxUSDCMint {
		return acc, errMint, "usdcMint " + acc.USDCMint.String() + " is not the sandbox USDC"
	}
	if acc.TokenProgram != solana.TokenProgramID || acc.SystemProgram != solana.SystemProgramID {
		return acc, errPrograms, "wrong token or system program account"
	}
	ata, err := altchain.AssociatedTokenAddress(acc.User, acc.USDCMint, solana.TokenProgramID)
	if err != nil || acc.UserUSDC != ata {
		return acc, errUserUSDC, "the user USDC account is not the user's associated token account"
	}
	if acc.DepositUSDC != altchain.SandboxDepositAccount {
		return acc, errDepositAccount, "the deposit account " + acc.DepositUSDC.String() + " is not the sandbox deposit account"
	}
	if acc.FeeReceiver != altchain.SandboxFeeReceiver {
		return acc, errFeeReceiver, "the fee receiver " + acc.FeeReceiver.String() + " is not the sandbox fee receiver"
	}
	return acc, 0, ""
}

// checkDepositArgs holds the amounts to the program's minimums.
func checkDepositArgs(args altchain.DepositArgs) (uint32, string) {
	if args.USDCAmount < altchain.MinUSDCAmount {
		return errBelowMinimum, "usdcAmount below 5 USDC"
	}
	if net := afterFee(args.USDCAmount); args.MinUSDCAmount > net {
		return errMinAmount, fmt.Sprintf("minUsdcAmount %d is above the amount after the contract fee (%d of %d): the contract compares the post-fee amount", args.MinUSDCAmount, net, args.USDCAmount)
	}
	return 0, ""
}

// depositBalances reads the user's and the deposit's USDC accounts and checks that the
// deposit can be paid: the USDC and the native fee.
func depositBalances(args altchain.DepositArgs, owner solana.PublicKey, user, from, to *altchain.Account) (tf, tt tokenAcc, code uint32, why string) {
	tf, ok1 := parseToken(from)
	tt, ok2 := parseToken(to)
	switch {
	case !ok1 || tf.mint != altchain.SandboxUSDCMint || tf.owner != owner || tf.state != 1:
		return tf, tt, errUserUSDC, "the user has no initialized USDC account"
	case !ok2 || tt.mint != altchain.SandboxUSDCMint || tt.state != 1:
		return tf, tt, errDepositAccount, "the deposit account is not an initialized USDC account"
	case tf.amount < args.USDCAmount:
		// Said in USDC, as a person reads the simulation's log.
		return tf, tt, errInsufficient, fmt.Sprintf("insufficient USDC: the account holds %s USDC, the deposit needs %s USDC",
			format.Uint(tf.amount, format.USDCDecimals), format.Uint(args.USDCAmount, format.USDCDecimals))
	case user == nil || user.Lamports < args.NativeFeeLamports:
		return tf, tt, errNativeFee, "insufficient lamports for the native fee"
	case tt.amount+args.USDCAmount < tt.amount:
		return tf, tt, errDepositAccount, "deposit account balance would overflow"
	}
	return tf, tt, 0, ""
}
