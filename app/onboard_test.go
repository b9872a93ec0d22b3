package app_test

import (
	"context"

	"purse/app"
	"purse/app/sandbox"
)

// Package app's tests that need a Live account (permit_relay_test.go) onboard it with
// app/sandbox, which they cannot import themselves: this external file, built into the same
// test binary, hands it to them.
func init() {
	app.OnboardForTest = func(ctx context.Context, a *app.App, u *app.Unlock, label string) error {
		_, err := sandbox.New(a).Onboard(ctx, u, label, nil)
		return err
	}
}
