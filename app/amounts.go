package app

import (
	"purse/enduser"
	"purse/internal/format"
)

// TokenPlaces is how many decimals the amounts of a token of the chain configuration show,
// in every front end: its display decimals, and at least two for a fiat token.
func TokenPlaces(t enduser.Token) int32 {
	places := int32(t.DisplayDecimals)
	if t.IsFiat {
		places = max(places, format.FiatDecimals)
	}
	return places
}

// AmountOr is a with places decimals (never rounded), or none when the service did not send
// it.
func AmountOr(a enduser.Amount, places int32, none string) string {
	if !a.Valid {
		return none
	}
	return format.Decimal(a.Decimal, places)
}

// Bounds is a min–max pair of a token's amounts as a person reads it: "5.00 – 1000.00", "?"
// for a bound the configuration does not send.
func Bounds(lo, hi enduser.Amount, places int32) string {
	return AmountOr(lo, places, "?") + " – " + AmountOr(hi, places, "?")
}
