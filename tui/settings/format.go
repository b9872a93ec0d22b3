package settings

import "github.com/shopspring/decimal"

// SOL formats lamports as SOL.
func SOL(lamports uint64) string {
	return decimal.NewFromUint64(lamports).Shift(-9).String() + " SOL"
}
