package dialog

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestPassphraseHidesAndReturnsTheValue(t *testing.T) {
	e := env()
	d := NewPassphrase(e, "sign", "Unlock key", "Passphrase of key \"me\"")
	d.SetSize(80, 24)
	for _, r := range "s3cret" {
		d.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	if v := d.View(); strings.Contains(v, "s3cret") || !strings.Contains(v, "••••••") {
		t.Fatalf("the passphrase shows on screen:\n%s", v)
	}
	_, cmd := d.Update(tea.KeyMsg{Type: tea.KeyEnter})
	res, ok := cmd().(PassphraseResult)
	if !ok || res.ID != "sign" || string(res.Passphrase) != "s3cret" || res.Cancelled || !d.Closed() {
		t.Fatalf("result %+v", res)
	}

	d = NewPassphrase(e, "sign", "Unlock key", "")
	if _, cmd := d.Update(tea.KeyMsg{Type: tea.KeyEnter}); cmd != nil || d.Closed() {
		t.Fatal("an empty passphrase was submitted")
	}
	_, cmd = d.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if res := cmd().(PassphraseResult); !res.Cancelled || res.Passphrase != nil {
		t.Fatalf("esc: %+v", res)
	}
}
