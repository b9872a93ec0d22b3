package app

import "context"

// OnboardForTest takes key label of a's profile to a Live account on its sandbox, as `purse
// sandbox ctl onboard` does. The onboarding is app/sandbox's, which package app's own tests
// cannot import (it imports app); onboard_test.go, an external test file of the same test
// binary, sets it.
var OnboardForTest func(ctx context.Context, a *App, u *Unlock, label string) error
