package history

import (
	"errors"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"purse/enduser"
)

func TestMonthlyFlows(t *testing.T) {
	at := func(s string) enduser.Int {
		tm, _ := time.Parse(time.RFC3339, s)
		return enduser.Int(tm.Unix())
	}
	amt := func(s string) enduser.Amount { return enduser.NewAmount(decimal.RequireFromString(s)) }
	txs := []enduser.Transaction{
		{Amount: amt("100.50"), Currency: "eur", Direction: "IN", Status: "completed", Timestamp: at("2026-10-31T23:59:59Z")},
		{Amount: amt("-20.25"), Currency: "EUR", Direction: "OUT", Status: "completed", Timestamp: at("2026-10-02T00:00:00Z")},
		{Amount: amt("0.10"), Currency: "EUR", Direction: "IN", Status: "completed", Timestamp: at("2026-11-01T00:00:00Z")},
		{Amount: amt("999"), Currency: "EUR", Direction: "IN", Status: "rejected", Timestamp: at("2026-11-01T00:00:00Z")},
		{Amount: amt("5"), Currency: "CHF", Direction: "OUT", Status: "Completed", Timestamp: at("2026-11-15T12:00:00Z")},
		{Amount: amt("7"), Currency: "CHF", Direction: "OUT", Status: "pending", Timestamp: at("2026-11-15T12:00:00Z")},
	}
	got, err := monthlyFlows(Records(txs))
	if err != nil {
		t.Fatal(err)
	}
	want := []MonthFlow{
		{Month: "2026-11", Currency: "CHF", Out: decimal.RequireFromString("5"), Records: 1},
		{Month: "2026-10", Currency: "EUR", In: decimal.RequireFromString("100.50"), Out: decimal.RequireFromString("20.25"), Records: 2},
		{Month: "2026-11", Currency: "EUR", In: decimal.RequireFromString("0.10"), Records: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Month != w.Month || g.Currency != w.Currency || !g.In.Equal(w.In) || !g.Out.Equal(w.Out) || g.Records != w.Records {
			t.Errorf("%d: %+v, want %+v", i, g, w)
		}
	}
	boom := errors.New("page 3: HTTP 502")
	if _, err := monthlyFlows(func(yield func(enduser.Transaction, error) bool) { yield(enduser.Transaction{}, boom) }); !errors.Is(err, boom) {
		t.Fatalf("a failed page must fail the sums: %v", err)
	}
}
