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
	got    money.Form
	out    money.Outcome
	err    error
	dep    money.DepositForm
	depOut money.DepositOutcome
}

func (f *fakeSender) Deposit(_ context.Context, run money.DepositRun, _ *app.Unlock) (money.DepositPlan, money.DepositOutcome, error) {
	f.dep = run.Form
	return money.DepositPlan{}, f.depOut, f.err
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
	// The EVM deposit is the last flow: its own fields (USDC, credited in), its own call.
	f.err = nil
	f.depOut = money.DepositOutcome{Amount: "25", ChainID: "31337", DepositTx: "0xdef", Block: 9, Credited: "22.91 EUR" + visibletest.Text, Output: "EUR24"}
	d.Press(tuitest.Runes("s"), tuitest.Key(tea.KeyLeft))
	if v := tuitest.Plain(scr.View()); !strings.Contains(v, "credited in") || strings.Contains(v, "to account") {
		t.Fatalf("the deposit's fields:\n%s", v)
	}
	d.Press(tuitest.Key(tea.KeyTab))
	d.TypeText("25")
	d.Press(tuitest.Key('s', tea.ModCtrl))
	if f.dep != (money.DepositForm{Amount: "25", Output: "EUR"}) {
		t.Fatalf("the deposit got %+v", f.dep)
	}
	if st := d.LastStatus(); !strings.Contains(st, "Deposited 25 USDC") || !strings.Contains(st, "credited 22.91 EUR") {
		t.Fatalf("deposit status %q", st)
	}
	visibletest.Verify(t, "the deposit's outcome", d.LastStatus())
	bare := New(env, Services{})
	if _, cmd := bare.Update(tuitest.Runes("s")); !strings.Contains(tuitest.NotNow(cmd), "no services") {
		t.Fatalf("s without services: %q", tuitest.NotNow(cmd))
	}
}
