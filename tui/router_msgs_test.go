package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"purse/config"
	"purse/tui/dialog"
	"purse/tui/firstrun"
	"purse/tui/kit"
	"purse/tui/settings"
	"purse/tui/svc"
)

func TestRouterSwitchesServicesAndLeavesFirstRun(t *testing.T) {
	env := newTestEnv(t)
	setup, home, account := newFake("Setup"), newFake("Home"), newFake("Account")
	m := NewModel(env, setup, home, account)
	m.Init()

	s, err := svc.New(t.TempDir(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	msg := settings.ProfileSwitchedMsg{Services: s, Profile: s.Profile()}
	m.Update(msg)
	if env.Svc != s {
		t.Fatal("the router did not hand the new services to the screens")
	}
	for _, f := range []*fakeScreen{home, account} {
		heard := false
		for _, got := range f.msgs {
			if sw, ok := got.(settings.ProfileSwitchedMsg); ok && sw.Services == s {
				heard = true
			}
		}
		if !heard {
			t.Fatalf("%s did not hear of the profile switch", f.title)
		}
	}

	m.Update(firstrun.DoneMsg{Profile: config.Profile{Name: "sandbox"}, AccountFound: true})
	if got := m.ActiveScreen().Title(); got != "Account" {
		t.Fatalf("after the first run the active screen is %q, want Account", got)
	}
}

func TestPassphraseDialogReceivesQuestionMark(t *testing.T) {
	env := newTestEnv(t)
	m := NewModel(env, newFake("Home"))
	m.Init()
	d := dialog.NewPassphrase(env, "x", "Unlock", "")
	m.Update(kit.PushDialogMsg{Dialog: d})
	for _, r := range "a?b" {
		m.Update(runes(string(r)))
	}
	_, cmd := d.Update(keyOf(tea.KeyEnter))
	if res, ok := cmd().(dialog.PassphraseResult); !ok || string(res.Passphrase) != "a?b" {
		t.Fatalf("the dialog got %q", res.Passphrase)
	}
}
