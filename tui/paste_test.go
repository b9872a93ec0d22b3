package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/dialog"
	"purse/tui/home"
	"purse/tui/internal/tuitest"
	"purse/tui/keys"
	"purse/tui/kit"
)

// TestPasteGoesToTheTopDialogOnly: Bubble Tea v2 delivers a bracketed paste as tea.PasteMsg,
// not as a key; the router routes it as it routes a key. A passphrase pasted into the dialog
// on top of an open form reaches the dialog and never the form or any screen behind it;
// with no dialog, a paste reaches the active screen's focused field and no other screen.
func TestPasteGoesToTheTopDialogOnly(t *testing.T) {
	const secret = "correct horse battery staple"
	env := newTestEnv(t)
	other := newFake("Other")
	m := NewModel(env, home.New(env), keys.New(env, keys.Services{Keys: &keysFake{}}), other)
	for _, msg := range tuitest.Flatten(m.Init()) {
		send(m, msg)
	}
	send(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	for _, msg := range send(m, runes("2")) {
		send(m, msg) // the key list, read when the screen shows first
	}
	send(m, runes("n"))        // the new key form
	send(m, keyOf(tea.KeyTab)) // its label field
	if !m.ActiveScreen().InputFocused() {
		t.Fatalf("the form is not open:\n%s", frameOf(m))
	}

	send(m, kit.PushDialogMsg{Dialog: dialog.NewPassphrase(env, "unlock", "Unlock key me", "Passphrase of key me")})
	for _, p := range []tea.Msg{tea.PasteStartMsg{}, tea.PasteMsg{Content: secret}, tea.PasteEndMsg{}} {
		send(m, p)
	}
	if len(m.Dialogs()) != 1 {
		t.Fatalf("the paste closed the dialog:\n%s", frameOf(m))
	}
	if strings.Contains(frameOf(m), secret) {
		t.Fatalf("the pasted passphrase is shown:\n%s", frameOf(m))
	}
	var got *dialog.PassphraseResult
	for _, msg := range send(m, keyOf(tea.KeyEnter)) {
		if r, ok := msg.(dialog.PassphraseResult); ok {
			got = &r
		}
	}
	if got == nil || string(got.Passphrase) != secret {
		t.Fatalf("the dialog did not get the pasted passphrase: %+v", got)
	}
	if len(m.Dialogs()) != 0 {
		t.Fatal("enter did not close the dialog")
	}
	if v := frameOf(m); strings.Contains(v, "horse") {
		t.Fatalf("the passphrase reached the form behind the dialog:\n%s", v)
	}
	for _, msg := range other.msgs {
		switch msg.(type) {
		case tea.PasteMsg, tea.PasteStartMsg, tea.PasteEndMsg:
			t.Fatalf("another screen got %#v", msg)
		}
	}

	send(m, tea.PasteMsg{Content: "pasted-label"})
	if v := frameOf(m); !strings.Contains(v, "pasted-label") {
		t.Fatalf("with no dialog the paste goes to the focused field:\n%s", v)
	}
	for _, msg := range other.msgs {
		if _, ok := msg.(tea.PasteMsg); ok {
			t.Fatalf("a screen that is not active got the paste: %#v", msg)
		}
	}
}
