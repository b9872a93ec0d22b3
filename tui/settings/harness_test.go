package settings

import (
	"testing"

	"purse/tui/internal/tuitest"
	"purse/tui/keys"
	"purse/tui/kit"
	"purse/tui/svc"
)

func newEnv(t *testing.T, sv *svc.Services) *kit.Env {
	return tuitest.ServicesEnv(t, sv, keys.SessionOf)
}
