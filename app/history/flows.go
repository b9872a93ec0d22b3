package history

import (
	"iter"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"purse/enduser"
)

// MonthFlow is the money that came in and went out in one currency in one calendar month
// (UTC), from the completed records of the history.
type MonthFlow struct {
	Month    string          `json:"month"` // "2026-11"
	Currency string          `json:"currency"`
	In       decimal.Decimal `json:"in"`
	Out      decimal.Decimal `json:"out"`
	// Records counts the records summed.
	Records int `json:"records"`
}

// monthlyFlows sums the records by month and currency: IN records add to In and OUT
// records to Out (amounts as positive decimals). Only completed records count: a pending
// or rejected one moved no money (yet). The result is ordered by currency, then month.
func monthlyFlows(records iter.Seq2[enduser.Transaction, error]) ([]MonthFlow, error) {
	type k struct{ month, currency string }
	sums := map[k]*MonthFlow{}
	for t, err := range records {
		if err != nil {
			return nil, err
		}
		if !strings.EqualFold(t.Status, "completed") || !t.Amount.Valid || t.Timestamp <= 0 || t.Currency == "" {
			continue
		}
		key := k{time.Unix(int64(t.Timestamp), 0).UTC().Format("2006-01"), strings.ToUpper(t.Currency)}
		f := sums[key]
		if f == nil {
			f = &MonthFlow{Month: key.month, Currency: key.currency}
			sums[key] = f
		}
		switch strings.ToUpper(t.Direction) {
		case "IN":
			f.In = f.In.Add(t.Amount.Abs())
		case "OUT":
			f.Out = f.Out.Add(t.Amount.Abs())
		default:
			continue
		}
		f.Records++
	}
	out := make([]MonthFlow, 0, len(sums))
	for _, f := range sums {
		if f.Records > 0 {
			out = append(out, *f)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Currency != out[j].Currency {
			return out[i].Currency < out[j].Currency
		}
		return out[i].Month < out[j].Month
	})
	return out, nil
}
