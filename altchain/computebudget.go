package altchain

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
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
