package history

import (
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
	if got, want := strings.Count(lines[0], ",")+1, len(enduser.TransactionFields(enduser.Transaction{})); got != want {
		t.Fatalf("%d columns, want every field (%d)", got, want)
	}
}
