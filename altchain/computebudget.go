package altchain

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/gagliardetto/solana-go"
)

// Compute-budget instruction tags. solana-go's package has no tag 4 and ignores trailing
// bytes, so both instructions purse accepts are parsed here, by hand, with exact lengths.
const (
	cbRequestUnitsDeprecated     = 0
	cbRequestHeapFrame           = 1
	cbSetComputeUnitLimit        = 2
	cbSetComputeUnitPrice        = 3
	cbSetLoadedAccountsDataLimit = 4
)

var cbNames = map[byte]string{
	cbRequestUnitsDeprecated:     "RequestUnits (deprecated)",
	cbRequestHeapFrame:           "RequestHeapFrame",
	cbSetComputeUnitLimit:        "SetComputeUnitLimit",
	cbSetComputeUnitPrice:        "SetComputeUnitPrice",
	cbSetLoadedAccountsDataLimit: "SetLoadedAccountsDataSizeLimit",
}

// computeBudgetIx is a parsed compute-budget instruction.
type computeBudgetIx struct {
	tag   byte
	limit uint32
	price uint64
}

// parseComputeBudget accepts only SetComputeUnitLimit (02 + u32 LE, exactly 5 bytes)
// and SetComputeUnitPrice (03 + u64 LE, exactly 9 bytes).
func parseComputeBudget(data []byte) (computeBudgetIx, string) {
	if len(data) == 0 {
		return computeBudgetIx{}, "empty data"
	}
	tag := data[0]
	switch tag {
	case cbSetComputeUnitLimit:
		if len(data) != 5 {
			return computeBudgetIx{tag: tag}, "SetComputeUnitLimit data must be exactly 5 bytes, got " + strconv.Itoa(len(data))
		}
		return computeBudgetIx{tag: tag, limit: binary.LittleEndian.Uint32(data[1:])}, ""
	case cbSetComputeUnitPrice:
		if len(data) != 9 {
			return computeBudgetIx{tag: tag}, "SetComputeUnitPrice data must be exactly 9 bytes, got " + strconv.Itoa(len(data))
		}
		return computeBudgetIx{tag: tag, price: binary.LittleEndian.Uint64(data[1:])}, ""
	}
	if n, ok := cbNames[tag]; ok {
		return computeBudgetIx{tag: tag}, n + " (tag " + strconv.Itoa(int(tag)) + ") is not allowed"
	}
	return computeBudgetIx{tag: tag}, "unknown compute-budget tag " + strconv.Itoa(int(tag))
}

// PriorityFee returns ceil(price × limit / 1e6) lamports for a price in micro-lamports per
// compute unit, computed in 128 bits. ok is false when the result does not fit 64 bits;
// the returned value then saturates at MaxUint64.
func PriorityFee(microLamportsPerCU uint64, limit uint32) (fee uint64, ok bool) {
	hi, lo := bits.Mul64(microLamportsPerCU, uint64(limit))
	var c uint64
	lo, c = bits.Add64(lo, 999_999, 0)
	hi += c // hi < 2^32 because limit < 2^32, so this cannot wrap
	if hi >= 1_000_000 {
		return math.MaxUint64, false
	}
	q, _ := bits.Div64(hi, lo, 1_000_000)
	return q, true
}

// TotalCost returns 5000 × signatures + priority fee + nativeFeeLamportsWithBuffer,
// saturating at MaxUint64 (ok false then).
func TotalCost(signatures int, priorityFee, nativeFeeWithBuffer uint64) (uint64, bool) {
	if signatures < 0 {
		signatures = 0
	}
	hi, base := bits.Mul64(uint64(signatures), LamportsPerSignature)
	if hi != 0 {
		return math.MaxUint64, false
	}
	s, c1 := bits.Add64(base, priorityFee, 0)
	s, c2 := bits.Add64(s, nativeFeeWithBuffer, 0)
	if c1 != 0 || c2 != 0 {
		return math.MaxUint64, false
	}
	return s, true
}

// The runtime's compute budget, for the review of any transaction (a rejected one too): what
// the cluster would apply, not only what purse accepts. Source: Agave's
// compute-budget-instruction crate (compute_budget_instruction_details.rs) and
// builtins-default-costs (lib.rs): the data is read with borsh's try_from_slice_unchecked,
// so trailing bytes are ignored; a limit above 1,400,000 is lowered to it; without a
// SetComputeUnitLimit the limit is 3,000 units for each instruction of a builtin program
// (the compute-budget instructions included) and 200,000 for each other, at most 1,400,000;
// without a SetComputeUnitPrice the price is 0.
const (
	DefaultInstructionComputeUnits = 200_000
	BuiltinInstructionComputeUnits = 3_000
	minHeapFrameBytes              = 32 * 1024
	maxHeapFrameBytes              = 256 * 1024
)

var (
	ed25519ProgramID = solana.MustPublicKeyFromBase58("Ed25519SigVerify111111111111111111111111111")

	// builtinPrograms are the builtins of Agave's builtins-default-costs. The Stake program
	// is counted as one: its move to an on-chain (core BPF) program is behind a feature gate
	// that decides per cluster, and until then it is a builtin.
	builtinPrograms = map[solana.PublicKey]bool{
		solana.VoteProgramID: true, solana.SystemProgramID: true, solana.ComputeBudget: true,
		solana.BPFLoaderUpgradeableProgramID: true, solana.BPFLoaderDeprecatedProgramID: true,
		solana.BPFLoaderProgramID: true, loaderV4ProgramID: true, solana.Secp256k1ProgramID: true,
		ed25519ProgramID: true, solana.StakeProgramID: true,
	}
)

// runtimeCB reads a compute-budget instruction as the runtime does: the tag, then its one
// little-endian field, trailing bytes ignored. ok is false where the runtime answers
// InvalidInstructionData (tag 0 is no longer an instruction).
func runtimeCB(data []byte) (tag byte, v uint64, ok bool) {
	if len(data) == 0 {
		return 0, 0, false
	}
	switch tag = data[0]; tag {
	case cbRequestHeapFrame, cbSetComputeUnitLimit, cbSetLoadedAccountsDataLimit:
		if len(data) < 5 {
			return tag, 0, false
		}
		return tag, uint64(binary.LittleEndian.Uint32(data[1:])), true
	case cbSetComputeUnitPrice:
		if len(data) < 9 {
			return tag, 0, false
		}
		return tag, binary.LittleEndian.Uint64(data[1:]), true
	}
	return tag, 0, false
}

// RuntimeBudget is what the runtime makes of a transaction's compute budget.
type RuntimeBudget struct {
	Limit uint32
	Price uint64
	// Note says where the limit and price come from when no well-formed instruction in the
	// accepted range set them ("" when they did).
	Note string
	// Refusal is the error the runtime refuses the whole transaction with before running it
	// ("" when it would run); Limit and Price are then 0.
	Refusal string
}

// budgetInstruction is one instruction as the runtime's budget pass needs it.
type budgetInstruction struct {
	program solana.PublicKey
	data    []byte
}

// runtimeBudget applies the runtime's rules to the instructions.
func runtimeBudget(ixs []budgetInstruction) RuntimeBudget {
	var limit, price, heap, loaded *uint64
	builtins, others := uint64(0), uint64(0)
	for i, ix := range ixs {
		if builtinPrograms[ix.program] {
			builtins++
		} else {
			others++
		}
		if ix.program != solana.ComputeBudget {
			continue
		}
		tag, v, ok := runtimeCB(ix.data)
		if !ok {
			return RuntimeBudget{Refusal: fmt.Sprintf("InstructionError(%d, InvalidInstructionData): the runtime cannot read compute-budget instruction %d", i, i)}
		}
		slot := map[byte]**uint64{cbRequestHeapFrame: &heap, cbSetComputeUnitLimit: &limit, cbSetComputeUnitPrice: &price, cbSetLoadedAccountsDataLimit: &loaded}[tag]
		if *slot != nil {
			return RuntimeBudget{Refusal: fmt.Sprintf("DuplicateInstruction(%d): a second %s", i, cbNames[tag])}
		}
		val := v
		*slot = &val
		switch {
		case tag == cbRequestHeapFrame && (v < minHeapFrameBytes || v > maxHeapFrameBytes || v%1024 != 0):
			return RuntimeBudget{Refusal: fmt.Sprintf("InstructionError(%d, InvalidInstructionData): heap frame of %d bytes", i, v)}
		case tag == cbSetLoadedAccountsDataLimit && v == 0:
			return RuntimeBudget{Refusal: "InvalidLoadedAccountsDataSizeLimit: a loaded-accounts data limit of 0"}
		}
	}
	var rb RuntimeBudget
	var notes []string
	switch {
	case limit == nil:
		d := min(builtins*BuiltinInstructionComputeUnits+others*DefaultInstructionComputeUnits, MaxComputeUnitLimit)
		rb.Limit = uint32(d)
		notes = append(notes, fmt.Sprintf("no SetComputeUnitLimit: the runtime's default of %d units (%d for each of %d builtin-program instructions, %d for each of %d others, at most %d)",
			d, BuiltinInstructionComputeUnits, builtins, DefaultInstructionComputeUnits, others, MaxComputeUnitLimit))
	case *limit > MaxComputeUnitLimit:
		rb.Limit = MaxComputeUnitLimit
		notes = append(notes, fmt.Sprintf("the requested limit %d is above the runtime's maximum: it applies %d", *limit, MaxComputeUnitLimit))
	default:
		rb.Limit = uint32(*limit)
	}
	if price == nil {
		notes = append(notes, "no SetComputeUnitPrice: the runtime's price is 0")
	} else {
		rb.Price = *price
	}
	rb.Note = strings.Join(notes, "; ")
	return rb
}
