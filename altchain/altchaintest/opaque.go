package altchaintest

import (
	"crypto/sha256"

	"github.com/gagliardetto/solana-go"

	"purse/altchain"
)

// The opaque deposit program plays the service's own program, whose instruction layout is
// not public: purse has no layout for it, so its quotes pass on their accounts and the
// amount is checked by simulation (G29). Its data and account order differ from the
// sandbox program's on purpose, so nothing of that layout can leak into the checks:
//
//	data     = sha256("global:deposit_v2")[:8] || nativeFeeLamports u64 LE
//	           || usdcAmount u64 LE || minUsdcAmount u64 LE || dstEid u32 LE
//	           || evmOutputToken [20]byte                                  (56 bytes)
//	accounts = user (signer, writable), depositUsdcAccount (writable), user's USDC ATA
//	           (writable), feeReceiver (writable), usdcMint, Token program, System program
var OpaqueProgramID = seedKey("purse sandbox opaque deposit program")

// OpaqueLayout is the opaque program's data layout. purse does not know it; a test (or a
// tester's profile, altchain_layouts) may declare it to get the static amount checks.
var OpaqueLayout = altchain.Layout{
	Discriminator: func() []byte { h := sha256.Sum256([]byte("global:deposit_v2")); return h[:8] }(),
	DataLen:       56, NativeFee: 8, USDCAmount: 16, MinUSDCAmount: 24, DstEid: 32, EVMOutputToken: 36,
}

// opaqueOrder is where each account of the sandbox program's order sits in the opaque
// program's instruction.
var opaqueOrder = [7]int{0, 2, 1, 3, 4, 5, 6}

// Quote programs (Faults.QuoteProgram).
const (
	QuoteSandboxProgram = ""       // the sandbox program, whose layout purse knows
	QuoteOpaqueProgram  = "opaque" // the opaque program, whose layout purse does not know
)

// encodeOpaque writes the opaque program's instruction data.
func encodeOpaque(a altchain.DepositArgs) []byte {
	b := make([]byte, 56)
	copy(b, OpaqueLayout.Discriminator)
	le64 := func(off int, v uint64) {
		for i := 0; i < 8; i++ {
			b[off+i] = byte(v >> (8 * i))
		}
	}
	le64(8, a.NativeFeeLamports)
	le64(16, a.USDCAmount)
	le64(24, a.MinUSDCAmount)
	for i := 0; i < 4; i++ {
		b[32+i] = byte(a.DstEid >> (8 * i))
	}
	copy(b[36:], a.EVMOutputToken[:])
	return b
}

// opaqueInstruction is the opaque program's deposit instruction over acc.
func opaqueInstruction(acc altchain.DepositAccounts, args altchain.DepositArgs) solana.Instruction {
	keys := acc.Keys()
	metas := make(solana.AccountMetaSlice, len(keys))
	for i, k := range keys {
		role := altchain.DepositAccountRoles[i]
		metas[opaqueOrder[i]] = &solana.AccountMeta{PublicKey: k, IsSigner: role.Signer, IsWritable: role.Writable}
	}
	return solana.NewInstruction(OpaqueProgramID, metas, encodeOpaque(args))
}

// depositProgram is one deposit program the ledger executes: how its data decodes, where
// each account of the sandbox program's order sits in its instruction (-1: it takes none),
// how many accounts it takes, and whether it pays its native fee through a LayerZero send
// (the accounts after its own) instead of to feeReceiver.
type depositProgram struct {
	decode    func([]byte) (altchain.DepositArgs, error)
	order     [7]int
	accounts  int
	layerZero bool
}

var depositPrograms = map[solana.PublicKey]depositProgram{
	altchain.DefaultSandboxProgramID: {decode: altchain.DecodeDepositArgs, order: [7]int{0, 1, 2, 3, 4, 5, 6}, accounts: 7},
	OpaqueProgramID:                  {decode: OpaqueLayout.Decode, order: opaqueOrder, accounts: 7},
	LayerZeroProgramID:               {decode: OpaqueLayout.Decode, order: layerZeroOrder, accounts: layerZeroHead + altchain.LZSendAccounts + altchain.LZWorkerAccounts*len(lzWorkers), layerZero: true},
}

// ContractFeeBps is the fee, in basis points of usdcAmount, the deposit programs take before
// comparing with minUsdcAmount: the spec's "the contract compares the post-fee amount", so a
// USDC-only deposit should omit minUsdcAmount (or send 0).
const ContractFeeBps = 50

// afterFee is usdcAmount less the contract fee (rounded up).
func afterFee(usdc uint64) uint64 { return usdc - (usdc*ContractFeeBps+9_999)/10_000 }
