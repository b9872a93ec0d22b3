package settings

import "purse/internal/format"

// SOL formats lamports as SOL, with SOL's nine decimals.
func SOL(lamports uint64) string { return format.Uint(lamports, format.SOLDecimals) + " SOL" }
