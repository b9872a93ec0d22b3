package homechain

import (
	"math/big"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestToSmallest(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 256)
	cases := []struct {
		in      string
		dec     uint8
		want    string
		wantErr string
	}{
		{"12.5", 2, "1250", ""},
		{"12.50", 2, "1250", ""},
		{"0.01", 2, "1", ""},
		{"0", 2, "0", ""},
		{"1.23", 6, "1230000", ""},
		{"5", 6, "5000000", ""},
		{"0.000001", 6, "1", ""},
		{"1e2", 2, "10000", ""},
		{"42", 0, "42", ""},
		{"123456789012345678901234567890.12", 2, "12345678901234567890123456789012", ""},
		{"12.345", 2, "", "more than 2 decimal places"},
		{"0.001", 2, "", "more than 2 decimal places"},
		{"0.0000001", 6, "", "more than 6 decimal places"},
		{"1.5", 0, "", "more than 0 decimal places"},
		{"12.3450", 2, "", "more than 2 decimal places"},
		{"-1", 2, "", "negative"},
		{"-0.01", 2, "", "negative"},
		{huge.String(), 0, "", "2^256-1"},
	}
	for _, c := range cases {
		got, err := ToSmallest(decimal.RequireFromString(c.in), c.dec)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("ToSmallest(%s, %d) = %v, %v; want error containing %q", c.in, c.dec, got, err, c.wantErr)
			}
			continue
		}
		if err != nil || got.String() != c.want {
			t.Errorf("ToSmallest(%s, %d) = %v, %v; want %s", c.in, c.dec, got, err, c.want)
		}
	}
}

// 12.3450 has a trailing zero beyond the precision: decimal keeps its exponent, but the value
// is 12.345 which does not fit 2 decimals; 12.3400 does.
func TestToSmallestTrailingZeros(t *testing.T) {
	got, err := ToSmallest(decimal.RequireFromString("12.3400"), 2)
	if err != nil || got.Int64() != 1234 {
		t.Fatalf("ToSmallest(12.3400, 2) = %v, %v; want 1234", got, err)
	}
}

func TestParseAmount(t *testing.T) {
	ok := map[string]string{"12.50": "1250", "0.01": "1", "7": "700", "007.10": "710"}
	for in, want := range ok {
		got, err := ParseAmount(in, 2)
		if err != nil || got.String() != want {
			t.Errorf("ParseAmount(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", ".5", "5.", "1e2", "-1", "+1", " 1", "1,5", "1.2.3", "0x10", "12.345", "NaN"} {
		if got, err := ParseAmount(bad, 2); err == nil {
			t.Errorf("ParseAmount(%q) = %v, want an error", bad, got)
		}
	}
}

func TestFromSmallest(t *testing.T) {
	cases := []struct {
		v    int64
		dec  uint8
		want string
	}{{1250, 2, "12.50"}, {1, 2, "0.01"}, {0, 2, "0.00"}, {1230000, 6, "1.230000"}, {5, 0, "5"}}
	for _, c := range cases {
		if got := FromSmallest(big.NewInt(c.v), c.dec).StringFixed(int32(c.dec)); got != c.want {
			t.Errorf("FromSmallest(%d, %d) = %s, want %s", c.v, c.dec, got, c.want)
		}
		back, err := ToSmallest(FromSmallest(big.NewInt(c.v), c.dec), c.dec)
		if err != nil || back.Int64() != c.v {
			t.Errorf("round trip of %d with %d decimals = %v, %v", c.v, c.dec, back, err)
		}
	}
	if !FromSmallest(nil, 2).IsZero() {
		t.Error("FromSmallest(nil) is not zero")
	}
}

func TestStatusName(t *testing.T) {
	if StatusName(StatusLive) != "Live" || StatusName(StatusNa) != "Na" || StatusName(9) != "Unknown(9)" {
		t.Errorf("StatusName: %s %s %s", StatusName(StatusLive), StatusName(StatusNa), StatusName(9))
	}
}
