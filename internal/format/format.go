// Package format is how purse writes amounts and times for a person to read, the same in the
// command line and the terminal UI: an amount carries its token's fixed decimals (250.00 EUR,
// 12.500000 USDC, 0.000105000 SOL) and is never rounded, and a time is one UTC form
// (2024-06-10 14:03:07 UTC). Machine output (--json, CSV) keeps the raw values; this package is
// only for what people read.
package format

import (
	"math/big"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// The decimals of the tokens purse shows without a chain to ask: the fiat tokens of the home
// chain and the currencies of the account's history have 2, USDC 6, SOL 9 (lamports).
const (
	FiatDecimals = 2
	USDCDecimals = 6
	SOLDecimals  = 9
)

// Places is the number of decimals an amount of symbol shows: USDC 6, SOL 9, anything else
// (EUR, CHF24, a currency code of the history) 2. A token whose decimals the chain gives is
// shown with those (Decimal, Units).
func Places(symbol string) int32 {
	switch strings.ToUpper(strings.TrimSpace(symbol)) {
	case "USDC":
		return USDCDecimals
	case "SOL":
		return SOLDecimals
	}
	return FiatDecimals
}

// Decimal writes d with places decimals, padding with zeros; a value with more decimals
// keeps them all (nothing is ever rounded away).
func Decimal(d decimal.Decimal, places int32) string {
	return d.StringFixed(max(places, -d.Exponent()))
}

// Amount writes d with the decimals of symbol (Places).
func Amount(d decimal.Decimal, symbol string) string { return Decimal(d, Places(symbol)) }

// Units writes v smallest units of a token with decimals exactly (1250, 2 → "12.50"); nil is
// zero.
func Units(v *big.Int, decimals int32) string {
	if v == nil {
		v = new(big.Int)
	}
	return decimal.NewFromBigInt(v, -decimals).StringFixed(decimals)
}

// Uint is Units for a uint64 (lamports, USDC units).
func Uint(v uint64, decimals int32) string {
	return Units(new(big.Int).SetUint64(v), decimals)
}

// timeLayout is the one form of a time shown to a person.
const timeLayout = "2006-01-02 15:04:05 UTC"

// Time writes t in UTC as 2006-01-02 15:04:05 UTC.
func Time(t time.Time) string { return t.UTC().Format(timeLayout) }

// Unix is Time of a Unix time in seconds.
func Unix(sec int64) string { return Time(time.Unix(sec, 0)) }

// UnixMilli is Time of a Unix time in milliseconds.
func UnixMilli(ms int64) string { return Time(time.UnixMilli(ms)) }

// Date writes the UTC day of t as 2006-01-02 (a limit's restart, a deadline to act by).
func Date(t time.Time) string { return t.UTC().Format(time.DateOnly) }
