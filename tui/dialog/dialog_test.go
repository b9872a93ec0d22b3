package dialog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"

	"purse/tui/internal/tuitest"
)

func env() *kit.Env {
	return kit.NewEnv(context.Background(), kit.Session{}, "/h", nil)
}

func TestConfirmKeys(t *testing.T) {
	cases := []struct {
		key       tea.KeyPressMsg
		closed    bool
		confirmed bool
	}{
		{tea.KeyPressMsg{Code: tea.KeyEnter}, false, false},
		{tuitest.Runes(" "), false, false},
		{tea.KeyPressMsg{Code: 'Y', Text: string('Y')}, false, false},
		{tea.KeyPressMsg{Code: 'y', Text: string('y')}, true, true},
		{tea.KeyPressMsg{Code: 'n', Text: string('n')}, true, false},
		{tea.KeyPressMsg{Code: tea.KeyEscape}, true, false},
	}
	for _, c := range cases {
		d := NewConfirm(env(), "block", "Block the card?", "The card stops working until you unblock it.", "block the card")
		_, cmd := d.Update(c.key)
		if d.Closed() != c.closed {
			t.Errorf("%s: closed=%v", c.key, d.Closed())
		}
		if cmd == nil {
			if c.closed {
				t.Errorf("%s: no result", c.key)
			}
			continue
		}
		r := cmd().(ConfirmResult)
		if r.ID != "block" || r.Confirmed != c.confirmed {
			t.Errorf("%s: result %+v", c.key, r)
		}
	}
}

func TestErrorSaysWhatToDoNext(t *testing.T) {
	d := NewError(env(), "Loading balances", errors.New("connection refused"), "")
	d.SetSize(80, 20)
	v := tuitest.Plain(d.View())
	for _, want := range []string{"ERROR: Loading balances", "connection refused", "What to do:", "/h/purse.log"} {
		if !strings.Contains(v, want) {
			t.Errorf("missing %q in\n%s", want, v)
		}
	}
	d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if !d.Closed() {
		t.Error("enter closes an error box")
	}
}

func TestValueShownExactly(t *testing.T) {
	sig := "0x" + strings.Repeat("5e", 65)
	d := NewValue(env(), "Copied: signature", sig, "note")
	d.SetSize(60, 20)
	var got string
	for _, l := range strings.Split(tuitest.Plain(d.View()), "\n") {
		l = strings.Trim(strings.TrimSpace(l), "│")
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "0x") || (got != "" && strings.Trim(l, "5e") == "" && l != "") {
			got += l
		}
	}
	if got != sig {
		t.Fatalf("value shown as %q", got)
	}
}

// TestQRShowsTheCodeAndTheValue: the code's lines and the exact value; c copies the value;
// a window too small says what it needs instead of a cut code.
func TestQRShowsTheCodeAndTheValue(t *testing.T) {
	const addr = "44WcKpddapwpYW2jkohyZVeL2fUek3Hd3eJBw2q4uT9J"
	d := NewQR(env(), "Solana address", addr)
	d.SetSize(80, 19)
	v := tuitest.Plain(d.View())
	if !strings.Contains(v, addr) || strings.Count(v, "█") < 100 || strings.Contains(v, "too small") {
		t.Fatalf("QR view:\n%s", v)
	}
	_, cmd := d.Update(tea.KeyPressMsg{Code: 'c', Text: string('c')})
	if cmd == nil {
		t.Fatal("c copies nothing")
	}
	if m, ok := cmd().(kit.CopyMsg); !ok || m.Value != addr || d.Closed() {
		t.Fatalf("copy: %#v closed %v", m, d.Closed())
	}
	d.SetSize(30, 12)
	if v := tuitest.Plain(d.View()); !strings.Contains(v, "too small") || !strings.Contains(v, "columns") {
		t.Fatalf("small window:\n%s", v)
	}
	d.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
	if !d.Closed() {
		t.Fatal("esc does not close")
	}
}

// TestListChoosesOneAndShowsWhere: the cursor moves over every item (the window follows it),
// enter chooses, esc cancels; the view says where the cursor is.
func TestListChoosesOneAndShowsWhere(t *testing.T) {
	items := make([]string, 30)
	for i := range items {
		items[i] = fmt.Sprintf("/api/route-%02d", i+1)
	}
	l := NewList(env(), "routes", "Which route?", items, 2, "aim there")
	l.SetSize(80, 20)
	for range 20 {
		l.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	}
	v := tuitest.Plain(l.View())
	if !strings.Contains(v, "23 of 30") || !strings.Contains(v, "> "+items[22]) || strings.Contains(v, items[0]+" ") {
		t.Fatalf("after 20 downs:\n%s", v)
	}
	_, cmd := l.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if r, ok := cmd().(ListResult); !ok || r.Index != 22 || r.Cancelled || !l.Closed() {
		t.Fatalf("enter: %#v", cmd())
	}
	l = NewList(env(), "routes", "Which route?", items, 0, "aim there")
	l.SetSize(80, 20)
	_, cmd = l.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	if r, ok := cmd().(ListResult); !ok || !r.Cancelled {
		t.Fatalf("esc: %#v", cmd())
	}
}

// A longer value (an EPC payment code) whose code and value do not fit an 80×24 body (18
// lines) is drawn as the code alone with the narrowest margin, which c still copies; only
// when even that does not fit is the window too small.
func TestQRFitsTheCodeAloneWhenItMust(t *testing.T) {
	const epc = "BCD\n002\n1\nSCT\nSBXXCHZZ\nSandbox Tester 3059114047\nCH3408837003059114047"
	d := NewQR(env(), "Pay-in EUR", epc)
	d.SetSize(80, 18)
	v := tuitest.Plain(d.View())
	if strings.Contains(v, "too small") || strings.Count(v, "█") < 100 || strings.Contains(v, "SBXXCHZZ") {
		t.Fatalf("the code alone:\n%s", v)
	}
	if lines := strings.Split(strings.TrimRight(v, "\n"), "\n"); len(lines) > 18 {
		t.Fatalf("%d lines in a body of 18", len(lines))
	}
	if _, cmd := d.Update(tea.KeyPressMsg{Code: 'c', Text: "c"}); cmd == nil || cmd().(kit.CopyMsg).Value != epc {
		t.Fatal("c does not copy the value")
	}
	d.SetSize(80, 30)
	if v := tuitest.Plain(d.View()); !strings.Contains(v, "SBXXCHZZ") {
		t.Fatalf("room for the value too:\n%s", v)
	}
	d.SetSize(80, 16)
	if v := tuitest.Plain(d.View()); !strings.Contains(v, "too small") {
		t.Fatalf("no room:\n%s", v)
	}
}

// A list item of a dialog's body keeps its mark and its wrapped lines hang under its text.
func TestDialogListItemsHang(t *testing.T) {
	d := NewConfirm(env(), "q", "Quit purse?", "Stops:\n  • the sandbox on http://127.0.0.1:8787 (state kept in /tmp/a/very/long/folder/name/sandbox)\nafter", "quit")
	d.SetSize(60, 20)
	v := tuitest.Plain(d.View())
	hangs := false
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "/sandbox)") {
			_, text, _ := strings.Cut(l, "│ ")
			hangs = strings.HasPrefix(text, "    ") && !strings.HasPrefix(text, "     ")
		}
	}
	if !strings.Contains(v, "  • the sandbox on") || !hangs {
		t.Fatalf("the list item does not hang under its text:\n%s", v)
	}
}
