package format

import (
	"math/big"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func TestAmountsCarryTheirTokensDecimals(t *testing.T) {
	d := decimal.RequireFromString
	cases := []struct {
		got, want string
	}{
		{Amount(d("250"), "EUR"), "250.00"},
		{Amount(d("250"), "chf24"), "250.00"},
		{Amount(d("12.5"), "USDC"), "12.500000"},
		{Amount(d("2"), "SOL"), "2.000000000"},
		// More decimals than the token shows are kept: nothing is rounded away.
		{Amount(d("0.125"), "EUR"), "0.125"},
		{Amount(d("-3.1"), "EUR"), "-3.10"},
		{Decimal(d("7"), 0), "7"},
		{Units(big.NewInt(1250), 2), "12.50"},
		{Units(big.NewInt(5), 9), "0.000000005"},
		{Units(nil, 2), "0.00"},
		{Uint(12_500_000, USDCDecimals), "12.500000"},
		{Uint(105_000, SOLDecimals), "0.000105000"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %q, want %q", i, c.got, c.want)
		}
	}
	if Places("usdc") != 6 || Places(" SOL ") != 9 || Places("CNH") != 2 || Places("") != 2 {
		t.Error("Places")
	}
}

func TestTimesAreOneUTCForm(t *testing.T) {
	zurich := time.FixedZone("CET", 3600)
	at := time.Date(2024, 6, 10, 16, 3, 7, 500_000_000, zurich)
	for _, c := range []struct{ got, want string }{
		{Time(at), "2024-06-10 15:03:07 UTC"},
		{Unix(at.Unix()), "2024-06-10 15:03:07 UTC"},
		{UnixMilli(at.UnixMilli()), "2024-06-10 15:03:07 UTC"},
		{Date(time.Date(2024, 6, 10, 23, 30, 0, 0, time.FixedZone("X", -3600))), "2024-06-11"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
