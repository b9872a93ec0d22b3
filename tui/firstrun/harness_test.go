package firstrun

import (
	"testing"

	"purse/app"
	"purse/sandbox"
	"purse/tui/internal/tuitest"
	"purse/tui/keyflow"
	"purse/tui/kit"
)

// newHarness drives scr as the router does.
func newHarness(t *testing.T, env *kit.Env, scr kit.Screen, w, h int) *tuitest.Driver {
	d := &tuitest.Driver{T: t, Env: env, Scr: scr}
	return d.Start(w, h)
}

func newEnv(t *testing.T, sv *app.App) *kit.Env {
	return tuitest.ServicesEnv(t, sv, keyflow.SessionOf)
}

// fileKeys makes new keys go to encrypted files with a light scrypt cost.
func fileKeys(t *testing.T) {
	tuitest.FileKeys(t)
	t.Cleanup(app.SetScryptCost(1<<4, 1))
}

// offlineServices: a home whose active profile reads no chain.
func offlineServices(t *testing.T) *app.App {
	t.Helper()
	fileKeys(t)
	return tuitest.OfflineServices(t)
}

// sandboxServices: an in-process sandbox and a profile "sb" filled from its info.
func sandboxServices(t *testing.T) (*sandbox.Sandbox, *app.App) {
	t.Helper()
	fileKeys(t)
	return tuitest.SandboxServices(t)
}
