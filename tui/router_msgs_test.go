package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/dialog"
	"purse/tui/kit"
)

func TestRouterBroadcastsProfileSwitchAndNavigatesByID(t *testing.T) {
	env := newTestEnv(t)
	setup, home, account := newFake("Setup"), newFake("Home"), newFake("Account")
	m := NewModel(env, setup, home, account)
	m.Init()

	m.Update(kit.ProfileSwitchedMsg{Profile: "other"})
	for _, f := range []*fakeScreen{home, account} {
		heard := false
		for _, got := range f.msgs {
			if sw, ok := got.(kit.ProfileSwitchedMsg); ok && sw.Profile == "other" {
				heard = true
			}
		}
		if !heard {
			t.Fatalf("%s did not hear of the profile switch", f.title)
		}
	}

	m.Update(kit.SetupDoneMsg{Profile: "sandbox", AccountFound: true})
	if got := m.ActiveScreen().ID(); got != kit.ScreenAccount {
		t.Fatalf("after the first run the active screen is %q, want account", got)
	}
	m.Update(kit.NavigateMsg{To: []kit.ScreenID{"nowhere", kit.ScreenHome}})
	if got := m.ActiveScreen().ID(); got != kit.ScreenHome {
		t.Fatalf("navigating to (nowhere, home) shows %q", got)
	}
	m.Update(kit.NavigateMsg{To: []kit.ScreenID{"nowhere"}})
	if got := m.ActiveScreen().ID(); got != kit.ScreenHome {
		t.Fatalf("navigating to a missing screen moved to %q", got)
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
