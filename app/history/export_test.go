package history

import (
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"purse/enduser"
)

func TestTransactionsCSVHasEveryField(t *testing.T) {
	var b strings.Builder
	n, err := CSV(&b, Records([]enduser.Transaction{{ID: 7, Direction: enduser.DirectionIn}}), nil)
	if err != nil || n != 1 {
		t.Fatalf("%d %v", n, err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "direction") || !strings.Contains(lines[1], "IN") {
		t.Fatalf("csv:\n%s", b.String())
	}
	if got, want := strings.Count(lines[0], ",")+1, len(enduser.TransactionFields(enduser.Transaction{}))+1; got != want { // + timeUTC
		t.Fatalf("%d columns, want every field (%d)", got, want)
	}
}

// The CSV carries each record's time as RFC 3339 in UTC beside the service's Unix seconds.
func TestCSVHasAReadableTime(t *testing.T) {
	var b strings.Builder
	n, err := CSV(&b, Records([]enduser.Transaction{{Timestamp: 1767225600}, {}}), nil)
	if err != nil || n != 2 {
		t.Fatal(n, err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("%v %q", err, b.String())
	}
	col := slices.Index(rows[0], "timeUTC")
	if col < 1 || rows[0][col-1] != "timestamp" || rows[1][col-1] != "1767225600" || rows[1][col] != "2026-01-01T00:00:00Z" || rows[2][col] != "" {
		t.Fatalf("header %q, rows %q", rows[0], rows[1:])
	}
}
