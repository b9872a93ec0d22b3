package balances

import (
	"context"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/app"
	appaccount "purse/app/account"
	"purse/enduser"
	"purse/internal/visible/visibletest"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// fakePayIns answers with its entries and counts the reads.
type fakePayIns struct {
	all   []appaccount.PayIn
	reads int
}

func (f *fakePayIns) PayIns(context.Context, *app.Unlock, *decimal.Decimal) ([]appaccount.PayIn, error) {
	f.reads++
	return f.all, nil
}

// p reads the pay-in details and, after the currency is chosen, shows the EPC payload as a
// QR code for EUR (the account number for another currency); the service's text in the
// title is shown escaped. Without the service p is off, saying why.
func TestPayInShowsTheEPCCode(t *testing.T) {
	bank := enduser.DepositBank{Account: "CH3408837003059114047", BIC: "SBXXCHZZ", Bank: "Sandbox Bank AG", Payee: "Tester" + visibletest.Text}
	epc := "BCD\n002\n1\nSCT\nSBXXCHZZ\nTester\nCH3408837003059114047"
	f := &fakePayIns{all: []appaccount.PayIn{{Currency: "CHF", DepositBank: bank}, {Currency: "EUR", DepositBank: bank, EPC: epc}}}
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, tuitest.FakeHome)
	s := New(env, Services{PayIns: f})
	s.SetSize(80, 24)
	_, cmd := s.Update(tuitest.Runes("p"))
	_, cmd = s.Update(cmd())
	push, ok := cmd().(kit.PushDialogMsg)
	if !ok || f.reads != 1 {
		t.Fatalf("p: no currency list (%d reads)", f.reads)
	}
	push.Dialog.SetSize(80, 24)
	v := tuitest.Plain(push.Dialog.View())
	visibletest.Verify(t, "the currency list", v)
	if !strings.Contains(v, "EUR · CH3408837003059114047 · Sandbox Bank AG") {
		t.Fatalf("the list:\n%s", v)
	}
	_, cmd = s.Update(dialog.ListResult{ID: idPayIn, Index: 1})
	qr, ok := cmd().(kit.PushDialogMsg)
	if !ok {
		t.Fatal("no code shown")
	}
	qr.Dialog.SetSize(80, 40)
	if title := qr.Dialog.Title(); !strings.HasPrefix(title, "Pay-in EUR: Sandbox Bank AG, BIC SBXXCHZZ, payee Tester") || !strings.Contains(title, "EPC QR") {
		t.Fatalf("title %q", title)
	}
	visibletest.Verify(t, "the code's title", qr.Dialog.Title())
	if v := tuitest.Plain(qr.Dialog.View()); !strings.Contains(v, "█") || !strings.Contains(v, "CH3408837003059114047") {
		t.Fatalf("the code:\n%s", v)
	}
	// Without the service, p is off.
	bare := New(env, Services{})
	if _, cmd := bare.Update(tuitest.Runes("p")); !strings.Contains(tuitest.NotNow(cmd), "no services") {
		t.Fatalf("p without services: %q", tuitest.NotNow(cmd))
	}
}
