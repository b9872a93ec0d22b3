package apptest

import (
	"errors"
	"testing"

	"purse/app"
)

// OutcomeOf returns err's app.OutcomeError, which must say want.
func OutcomeOf(t testing.TB, err error, want string) *app.OutcomeError {
	t.Helper()
	var oe *app.OutcomeError
	if !errors.As(err, &oe) || oe.Outcome != want {
		t.Fatalf("want outcome %q, got %v", want, err)
	}
	return oe
}
