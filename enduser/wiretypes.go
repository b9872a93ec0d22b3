package enduser

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// The wire is lenient in places: integers may arrive as strings, strings as numbers.
// These types read both forms; they are strict where it matters, so a balance that is not a
// decimal is an error naming the field (encoding/json adds the field path to the
// *json.UnmarshalTypeError they return).

// Int is an integer the wire may send as a number or as a numeric string. "" and null
// read as 0.
type Int int64

func (i *Int) UnmarshalJSON(b []byte) error {
	s, _, err := scalar(b)
	if err != nil || s == "" {
		*i = 0
		return typeErr(err, b, i)
	}
	n, perr := strconv.ParseInt(s, 10, 64)
	if perr != nil {
		// A number like 1.7e12 or 12.0 is still an integer.
		d, derr := decimal.NewFromString(s)
		if derr != nil || !d.IsInteger() || d.GreaterThan(maxInt64) || d.LessThan(minInt64) {
			return typeErr(errors.New("not an integer"), b, i)
		}
		n = d.IntPart()
	}
	*i = Int(n)
	return nil
}

var (
	maxInt64 = decimal.NewFromInt(1<<63 - 1)
	minInt64 = decimal.NewFromInt(-1 << 63)
)

// Text is a string the wire may send as a number (token IDs, codes). Numbers keep their
// exact digits; an object or array is kept as its compact JSON text.
type Text string

func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*t = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return typeErr(err, b, t)
		}
		*t = Text(s)
	case b[0] == '{' || b[0] == '[':
		var buf bytes.Buffer
		if err := json.Compact(&buf, b); err != nil {
			return typeErr(err, b, t)
		}
		*t = Text(buf.String())
	default:
		*t = Text(b)
	}
	return nil
}

// Amount is a decimal read strictly: a JSON string or number holding a decimal
// ("12.50", 12.5, "-3"). "" and null leave it unset (Valid false); anything else is an
// error naming the field.
type Amount struct {
	decimal.Decimal
	Valid bool
}

// NewAmount wraps a decimal as a set Amount.
func NewAmount(d decimal.Decimal) Amount { return Amount{Decimal: d, Valid: true} }

func (a *Amount) UnmarshalJSON(b []byte) error {
	s, _, err := scalar(b)
	if err != nil {
		return typeErr(err, b, a)
	}
	if s == "" {
		*a = Amount{}
		return nil
	}
	if strings.ContainsAny(s, " \t\n") {
		return typeErr(errors.New("not a decimal"), b, a)
	}
	d, derr := decimal.NewFromString(s)
	if derr != nil {
		return typeErr(errors.New("not a decimal"), b, a)
	}
	*a = Amount{Decimal: d, Valid: true}
	return nil
}

func (a Amount) MarshalJSON() ([]byte, error) {
	if !a.Valid {
		return []byte("null"), nil
	}
	return []byte(strconv.Quote(a.Decimal.String())), nil
}

func (a Amount) String() string {
	if !a.Valid {
		return ""
	}
	return a.Decimal.String()
}

// Units is an integer amount in a token's smallest on-chain unit, sent as an integer
// string. "" and null leave it unset (nil); a fraction or anything else is an error.
type Units struct {
	*big.Int
}

func (u *Units) UnmarshalJSON(b []byte) error {
	s, _, err := scalar(b)
	if err != nil {
		return typeErr(err, b, u)
	}
	if s == "" {
		u.Int = nil
		return nil
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return typeErr(errors.New("not an integer amount in smallest units"), b, u)
	}
	u.Int = n
	return nil
}

func (u Units) MarshalJSON() ([]byte, error) {
	if u.Int == nil {
		return []byte("null"), nil
	}
	return []byte(strconv.Quote(u.Int.String())), nil
}

// scalar reads a JSON string or number as text. quoted says it came as a string.
func scalar(b []byte) (s string, quoted bool, err error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return "", false, nil
	}
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return "", true, err
		}
		return s, true, nil
	}
	if b[0] == '-' || (b[0] >= '0' && b[0] <= '9') {
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return "", false, err
		}
		return n.String(), false, nil
	}
	return "", false, errors.New("expected a string or a number")
}

// typeErr turns a failure into the error type encoding/json decorates with the field path.
func typeErr(err error, b []byte, target any) error {
	if err == nil {
		return nil
	}
	v := string(bytes.TrimSpace(b))
	if len(v) > 64 {
		v = v[:64] + "…"
	}
	return &json.UnmarshalTypeError{Value: fmt.Sprintf("%s (%v)", v, err), Type: reflect.TypeOf(target).Elem()}
}
