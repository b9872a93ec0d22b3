package dialog

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/internal/tuitest"
)

func TestPassphraseHidesAndReturnsTheValue(t *testing.T) {
	e := env()
	d := NewPassphrase(e, "sign", "Unlock key", "Passphrase of key \"me\"")
	d.SetSize(80, 24)
	for _, r := range "s3cret" {
		d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	if v := tuitest.Plain(d.View()); strings.Contains(v, "s3cret") || !strings.Contains(v, "••••••") {
		t.Fatalf("the passphrase shows on screen:\n%s", v)
	}
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	res, ok := cmd().(PassphraseResult)
	if !ok || res.ID != "sign" || string(res.Passphrase) != "s3cret" || res.Cancelled || !d.Closed() {
		t.Fatalf("result %+v", res)
	}

	d = NewPassphrase(e, "sign", "Unlock key", "")
	if _, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); cmd != nil || d.Closed() {
		t.Fatal("an empty passphrase was submitted")
	}
	_, cmd = d.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
	if res := cmd().(PassphraseResult); !res.Cancelled || res.Passphrase != nil {
		t.Fatalf("esc: %+v", res)
	}
}

// The passphrase dialog's one field is its last: enter submits it, and so does ctrl+s, the
// submit key of every form.
func TestPassphraseSubmitsWithTheFormsKey(t *testing.T) {
	d := NewPassphrase(env(), "sign", "Unlock key", "")
	d.SetSize(80, 24)
	d.Update(tuitest.Runes("pw"))
	_, cmd := d.Update(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	if cmd == nil {
		t.Fatal("ctrl+s did not submit the passphrase")
	}
	if res, ok := cmd().(PassphraseResult); !ok || string(res.Passphrase) != "pw" || !d.Closed() {
		t.Fatalf("result %+v", res)
	}
}

// TestPassphraseFeedbackGoesWhenTyping: a refused entry's feedback (too short) is about what
// was typed then: typing again takes it away.
func TestPassphraseFeedbackGoesWhenTyping(t *testing.T) {
	d := NewPassphrase(env(), "new", "New passphrase", "").NewOnes(12)
	d.SetSize(80, 24)
	d.Update(tuitest.Runes("short"))
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if v := tuitest.Plain(d.View()); !strings.Contains(v, "at least 12 characters (this one has 5)") || d.Closed() {
		t.Fatalf("a short new passphrase:\n%s", v)
	}
	d.Update(tuitest.Runes("e"))
	if v := tuitest.Plain(d.View()); strings.Contains(v, "at least 12 characters") {
		t.Fatalf("the feedback stays while typing:\n%s", v)
	}
}
