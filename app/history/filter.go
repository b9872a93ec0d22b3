package history

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
)

// The fields of a history filter, named as the transactions route names them (spec 4.6) and
// as enduser.TxFilter.Validate reports them, so an error points at its field in any front end.
const (
	TxPageSize  = "pageSize"
	TxFrom      = "fromTimestamp"
	TxTo        = "toTimestamp"
	TxType      = "type"
	TxTypes     = "transactionTypes"
	TxCurrency  = "currencys"
	TxDirection = "direction"
	TxMin       = "minAmount"
	TxMax       = "maxAmount"
	TxStatus    = "status"
	TxChain     = "chainId"
	TxSymbol    = "tokenSymbol"
	TxID        = "id"
	TxHash      = "txHash"
)

// Field is one field of the history filter as front ends offer it: Key (a Tx* constant),
// the CLI's Flag ("" when the CLI has another command for it), a form Label and a Hint.
type Field struct {
	Key, Flag, Label, Hint string
}

// Fields are the filter's fields in the order a form shows them.
var Fields = []Field{
	{TxPageSize, "page-size", "page size", fmt.Sprintf("records per page, 1-%d; empty means %d", enduser.MaxPageSize, enduser.DefaultPageSize)},
	{TxFrom, "from", "from", "YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] (UTC) or Unix seconds"},
	{TxTo, "to", "to", "as from; a date alone means the end of that day (UTC)"},
	{TxType, "type", "type", "one of " + strings.Join(enduser.TransactionTypes, " ")},
	{TxTypes, "types", "types", "several types, comma separated (exclusive with type)"},
	{TxCurrency, "currency", "currencies", "comma separated, e.g. eur, chf"},
	{TxDirection, "direction", "direction", "IN, OUT or ALL"},
	{TxMin, "min-amount", "min amount", "decimal, e.g. 10.50 (compared with the absolute amount)"},
	{TxMax, "max-amount", "max amount", "decimal, e.g. 250"},
	{TxStatus, "status", "status", strings.Join(enduser.RecordStatuses, ", ") + ", or a state: " + strings.Join(enduser.TxStates, " ")},
	{TxChain, "chain-id", "chain id", "CAIP-2, e.g. eip155:5000"},
	{TxSymbol, "token", "token", "token symbol, e.g. EUR24"},
	{TxID, "", "record id", "exact lookup by record id (exclusive with tx hash)"},
	{TxHash, "", "tx hash", "exact lookup by transaction hash"},
}

// ParseFilter reads a history filter from what the user typed, by field (the Tx*
// constants; absent or blank fields are not filtered on). Times are a date, a date and time
// (UTC) or Unix seconds; lists are comma or space separated. The result is validated; an
// error is an *app.FieldError naming the field at fault.
func ParseFilter(v map[string]string) (enduser.TxFilter, error) {
	val := func(k string) string { return strings.TrimSpace(v[k]) }
	var tf enduser.TxFilter
	if s := val(TxPageSize); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > enduser.MaxPageSize {
			// 0 is not "the default": the default is an empty field.
			return tf, &app.FieldError{Field: TxPageSize, Err: fmt.Errorf("expected a whole number 1-%d, got %q", enduser.MaxPageSize, s)}
		}
		tf.PageSize = n
	}
	for _, t := range []struct {
		k     string
		dst   *int64
		endOf bool
	}{{TxFrom, &tf.FromTimestamp, false}, {TxTo, &tf.ToTimestamp, true}} {
		if s := val(t.k); s != "" {
			ts, err := ParseTime(s, t.endOf)
			if err != nil {
				return tf, &app.FieldError{Field: t.k, Err: err}
			}
			*t.dst = ts
		}
	}
	tf.Type = strings.ToUpper(val(TxType))
	tf.TransactionTypes = splitList(strings.ToUpper(val(TxTypes)))
	tf.Currencies = splitList(val(TxCurrency))
	tf.Direction = strings.ToUpper(val(TxDirection))
	for _, m := range []struct {
		k   string
		dst **decimal.Decimal
	}{{TxMin, &tf.MinAmount}, {TxMax, &tf.MaxAmount}} {
		if s := val(m.k); s != "" {
			d, err := decimal.NewFromString(s)
			if err != nil {
				return tf, &app.FieldError{Field: m.k, Err: fmt.Errorf("expected a decimal amount such as 12.50, got %q", s)}
			}
			*m.dst = &d
		}
	}
	tf.Status, _ = enduser.TxStatusOf(val(TxStatus)) // one not known is refused by Validate, named
	tf.ChainID = val(TxChain)
	tf.TokenSymbol = val(TxSymbol)
	if s := val(TxID); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return tf, &app.FieldError{Field: TxID, Err: fmt.Errorf("expected a positive record id, got %q", s)}
		}
		tf.ID = n
	}
	tf.TxHash = val(TxHash)
	if err := tf.Validate(); err != nil {
		var ve *enduser.ValidationError
		if errors.As(err, &ve) {
			// The route's own names (currencys[1]) mean nothing to the user: the field is
			// named by the front end, and a list's element by its position as typed.
			field, index, isList := strings.Cut(ve.Field, "[")
			msg := ve.Msg
			if n, err := strconv.Atoi(strings.TrimSuffix(index, "]")); isList && err == nil {
				msg = fmt.Sprintf("value %d of the list: %s", n+1, msg)
			}
			return enduser.TxFilter{}, &app.FieldError{Field: field, Err: errors.New(msg)}
		}
		return enduser.TxFilter{}, err
	}
	return tf, nil
}

func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

var txTimeLayouts = []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", time.RFC3339}

// ParseTime reads a date, a date and time (UTC) or Unix seconds. A date alone is the start
// of the day, or with endOfDay its last second.
func ParseTime(v string, endOfDay bool) (int64, error) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n, nil
	}
	if t, err := time.Parse("2006-01-02", v); err == nil {
		if endOfDay {
			t = t.Add(24*time.Hour - time.Second)
		}
		return t.Unix(), nil
	}
	for _, l := range txTimeLayouts {
		if t, err := time.Parse(l, v); err == nil {
			return t.Unix(), nil
		}
	}
	return 0, fmt.Errorf("expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] (UTC) or Unix seconds, got %q", v)
}
