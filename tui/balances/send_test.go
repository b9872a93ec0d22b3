package balances

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/money"
	"purse/internal/visible/visibletest"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// fakeSender records the form it was given and answers with out or err.
type fakeSender struct {
	got money.Form
	out money.Outcome
	err error
}

func (f *fakeSender) Run(_ context.Context, run money.Run, _ *app.Unlock) (money.Prepared, money.Outcome, error) {
	f.got = run.Form
	return money.Prepared{}, f.out, f.err
}

// s opens the Send form: its fields follow the flow, every key reaches them, and submitting
// hands the application layer exactly what was typed; a field the flow refuses reopens the
// form with the error under it; the outcome's text (the service's) is shown escaped.
func TestSendForm(t *testing.T) {
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, tuitest.FakeHome)
	f := &fakeSender{out: money.Outcome{Flow: money.Transfer, Amount: "12.34", Token: "EUR24", ToAccount: 42, TxHash: "0xabc", BalanceNow: "1.00", Note: "settled" + visibletest.Text}}
	scr := New(env, Services{Send: f})
	d := &tuitest.Driver{T: t, Env: env, Scr: scr}
	scr.SetSize(80, 24)
	d.Press(tuitest.Runes("s"))
	if !scr.InputFocused() || !strings.Contains(tuitest.Plain(scr.View()), "to account") {
		t.Fatalf("the form:\n%s", tuitest.Plain(scr.View()))
	}
	d.Press(tuitest.Key(tea.KeyTab), tuitest.Key(tea.KeyTab))
	d.TypeText("12.34")
	d.Press(tuitest.Key(tea.KeyTab))
	d.TypeText("42")
	d.Press(tuitest.Key(tea.KeyEnter))
	if f.got != (money.Form{Flow: money.Transfer, Token: "EUR24", Amount: "12.34", ToAccount: "42"}) {
		t.Fatalf("the flow got %+v", f.got)
	}
	var status string
	for _, st := range d.Status {
		if strings.HasPrefix(st, "Sent") {
			status = st
		}
	}
	if !strings.Contains(status, "Sent 12.34 EUR24 to account 42") || scr.InputFocused() {
		t.Fatalf("status %q (all %q)", status, d.Status)
	}
	visibletest.Verify(t, "the outcome", status)
	if v := tuitest.Plain(scr.View()); !strings.Contains(v, "Sent 12.34 EUR24 to account 42") {
		t.Fatalf("the outcome stays on the screen:\n%s", v)
	}

	f.err = &app.FieldError{Field: "amount", Err: errors.New("above the balance")}
	d.Press(tuitest.Runes("s"), tuitest.Key('s', tea.ModCtrl))
	if v := tuitest.Plain(scr.View()); !scr.InputFocused() || !strings.Contains(v, "above the balance") {
		t.Fatalf("a refused field:\n%s", v)
	}
	d.Press(tuitest.Key(tea.KeyEscape))
	if scr.InputFocused() || !strings.Contains(d.LastStatus(), "nothing was signed") {
		t.Fatalf("esc: %q", d.LastStatus())
	}
	bare := New(env, Services{})
	if _, cmd := bare.Update(tuitest.Runes("s")); !strings.Contains(tuitest.NotNow(cmd), "no services") {
		t.Fatalf("s without services: %q", tuitest.NotNow(cmd))
	}
}
