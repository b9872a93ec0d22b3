package history

import (
	"errors"
	"strings"
	"testing"

	"purse/app"
)

// Issue 11 case 18: a bad --currency is named by its field and position, not by the route's
// internal name (currencys[1]).
func TestTxFilterErrorNamesTheUsersField(t *testing.T) {
	_, err := ParseFilter(map[string]string{TxCurrency: "eur, x"})
	var fe *app.FieldError
	if !errors.As(err, &fe) || fe.Field != TxCurrency || strings.Contains(fe.Err.Error(), "currencys") || !strings.Contains(fe.Err.Error(), "value 2 of the list") {
		t.Fatalf("%v", err)
	}
}

// The status filter takes the spec's values in any case: a record status in lower case, a
// transaction state (spec 3.6) in upper case; anything else is named.
func TestTxFilterStatusValues(t *testing.T) {
	for typed, want := range map[string]string{"Pending": "pending", "completed": "completed", "confirmed": "CONFIRMED", "pending_drop": "PENDING_DROP"} {
		if f, err := ParseFilter(map[string]string{TxStatus: typed}); err != nil || f.Status != want {
			t.Errorf("%q: %q %v, want %q", typed, f.Status, err, want)
		}
	}
	var fe *app.FieldError
	if _, err := ParseFilter(map[string]string{TxStatus: "done"}); !errors.As(err, &fe) || fe.Field != TxStatus {
		t.Fatalf("done: %v", err)
	}
}

// A page size outside 1-100 is refused naming the field: 0 is not taken as "the default"
// (an empty field is), nor 101 cut to 100.
func TestTxFilterPageSize(t *testing.T) {
	for _, bad := range []string{"0", "-1", "101", "ten"} {
		_, err := ParseFilter(map[string]string{TxPageSize: bad})
		var fe *app.FieldError
		if !errors.As(err, &fe) || fe.Field != TxPageSize || !strings.Contains(err.Error(), "1-100") {
			t.Errorf("page size %q: %v", bad, err)
		}
	}
	for in, want := range map[string]int{"": 0, "1": 1, "100": 100} {
		if tf, err := ParseFilter(map[string]string{TxPageSize: in}); err != nil || tf.PageSize != want {
			t.Errorf("page size %q: %d %v", in, tf.PageSize, err)
		}
	}
}
