package homechain

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"
)

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// ToSmallest converts a human amount ("12.5" USD24) into the token's smallest units (1250).
// It is exact: an amount with more fractional digits than the token has is an error, never
// rounded. Negative amounts and amounts above 2^256-1 units are errors too.
func ToSmallest(amount decimal.Decimal, decimals uint8) (*big.Int, error) {
	if amount.Sign() < 0 {
		return nil, fmt.Errorf("amount %s: must not be negative", amount)
	}
	scaled := amount.Shift(int32(decimals))
	if !scaled.IsInteger() {
		return nil, fmt.Errorf("amount %s: has more than %d decimal places, the token's precision (not rounded)", amount, decimals)
	}
	v := scaled.BigInt()
	if v.Cmp(maxUint256) > 0 {
		return nil, fmt.Errorf("amount %s: exceeds 2^256-1 smallest units", amount)
	}
	return v, nil
}

// ParseAmount parses a decimal string ("12.50") and converts it with ToSmallest. Only plain
// decimal notation is accepted: digits, one optional point; no sign, exponent or spaces.
func ParseAmount(s string, decimals uint8) (*big.Int, error) {
	if s == "" {
		return nil, fmt.Errorf("amount: empty")
	}
	intPart, frac, hasPoint := strings.Cut(s, ".")
	if intPart == "" || (hasPoint && frac == "") || !allDigits(intPart) || !allDigits(frac) {
		return nil, fmt.Errorf("amount %q: expected a plain decimal such as 12.50", s)
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return nil, fmt.Errorf("amount %q: %v", s, err)
	}
	return ToSmallest(d, decimals)
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// FromSmallest converts smallest units into the human amount (1250 with 2 decimals is 12.5).
func FromSmallest(v *big.Int, decimals uint8) decimal.Decimal {
	if v == nil {
		return decimal.Zero
	}
	return decimal.NewFromBigInt(v, -int32(decimals))
}
