package settings

import (
	"testing"

	"purse/app"
	"purse/tui/internal/tuitest"
	"purse/tui/keyflow"
	"purse/tui/kit"
)

func newEnv(t *testing.T, sv *app.App) *kit.Env {
	return tuitest.ServicesEnv(t, sv, keyflow.SessionOf)
}
