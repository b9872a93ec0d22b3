package firstrun

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"purse/sandbox"
	"purse/tui/internal/tuitest"
	"purse/tui/keys"
	"purse/tui/kit"
	"purse/tui/settings"
	"purse/tui/svc"
)

// newHarness drives scr as the router does, taking a switched profile's services too.
func newHarness(t *testing.T, env *kit.Env, scr kit.Screen, w, h int) *tuitest.Driver {
	d := &tuitest.Driver{T: t, Env: env, Scr: scr}
	d.Route = func(msg tea.Msg) {
		if m, ok := msg.(settings.ProfileSwitchedMsg); ok {
			d.Env.Svc = m.Services // what the router does
		}
	}
	return d.Start(w, h)
}

func newEnv(t *testing.T, sv *svc.Services) *kit.Env {
	return tuitest.ServicesEnv(t, sv, keys.SessionOf)
}

// fileKeys makes new keys go to encrypted files with a light scrypt cost.
func fileKeys(t *testing.T) {
	tuitest.FileKeys(t)
	t.Cleanup(svc.SetScryptCost(1<<4, 1))
}

// offlineServices: a home whose active profile reads no chain.
func offlineServices(t *testing.T) *svc.Services {
	t.Helper()
	fileKeys(t)
	return tuitest.OfflineServices(t)
}

// sandboxServices: an in-process sandbox and a profile "sb" filled from its info.
func sandboxServices(t *testing.T) (*sandbox.Sandbox, *svc.Services) {
	t.Helper()
	fileKeys(t)
	return tuitest.SandboxServices(t)
}
