package keys

import (
	"testing"

	"purse/app"
	"purse/sandbox"
	"purse/tui/internal/tuitest"
	"purse/tui/keyflow"
	"purse/tui/kit"
)

const abandon = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

func newEnv(t *testing.T, sv *app.App) *kit.Env { return tuitest.ServicesEnv(t, sv, keyflow.SessionOf) }

// lightScrypt keeps key files cheap to write in tests.
func lightScrypt(t *testing.T) {
	tuitest.FileKeys(t)
	t.Cleanup(app.SetScryptCost(1<<4, 1))
}

// offlineServices: a home whose active profile reads no chain.
func offlineServices(t *testing.T) *app.App {
	t.Helper()
	lightScrypt(t)
	return tuitest.OfflineServices(t)
}

// sandboxServices: an in-process sandbox and a profile "sb" filled from its info.
func sandboxServices(t *testing.T) (*sandbox.Sandbox, *app.App) {
	t.Helper()
	lightScrypt(t)
	return tuitest.SandboxServices(t)
}
