package form_test

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/keys"
	"purse/tui/form"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

var (
	enter = tuitest.Key(tea.KeyEnter)
	ctrlS = tuitest.Key('s', tea.ModCtrl)
	tab   = tuitest.Key(tea.KeyTab)
	esc   = tuitest.Key(tea.KeyEsc)
)

// labelForm is a two-field form checked by keys.CheckLabel on its second field.
func labelForm(t *testing.T) *form.Form {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	f := form.New(env, "Rename", "rename", form.TextField("note", "note", "", ""), form.TextField("label", "new label", "", ""))
	f.Check = func(f *form.Form) error { return keys.CheckLabel(f.Value("label")) }
	return f
}

func press(f *form.Form, keys ...tea.KeyPressMsg) form.Result {
	res := form.Editing
	for _, k := range keys {
		res, _ = f.Update(k)
	}
	return res
}

func TestNavReadsTheOneConvention(t *testing.T) {
	n := form.NewNav("do it")
	for _, c := range []struct {
		key  tea.KeyPressMsg
		last bool
		want form.Action
	}{
		{ctrlS, false, form.Submit},
		{ctrlS, true, form.Submit},
		{enter, false, form.Next},
		{enter, true, form.Submit},
		{tab, true, form.Next},
		{tuitest.Key(tea.KeyDown), false, form.Next},
		{tuitest.Key(tea.KeyTab, tea.ModShift), false, form.Prev},
		{tuitest.Key(tea.KeyUp), true, form.Prev},
		{esc, false, form.Cancel},
		{tuitest.Runes("s"), true, form.None},
	} {
		if got := n.Read(c.key, c.last); got != c.want {
			t.Errorf("Read(%s, last=%v) = %v, want %v", c.key, c.last, got, c.want)
		}
	}
	var keys []string
	for _, b := range n.ShortHelp() {
		keys = append(keys, b.Help().Key+" "+b.Help().Desc)
	}
	if got := strings.Join(keys, " • "); got != "ctrl+s submit • tab/↓ next field • esc cancel" {
		t.Errorf("short help %q", got)
	}
}

func TestFormEnterMovesThenSubmitsOnTheLastField(t *testing.T) {
	f := labelForm(t)
	if res := press(f, enter); res != form.Editing || f.Focused() != "label" {
		t.Fatalf("enter on the first field: %v, focus %q; want the next field", res, f.Focused())
	}
	f.SetValue("label", "main")
	if res := press(f, enter); res != form.Submitted {
		t.Fatalf("enter on the last field: %v, want Submitted", res)
	}
	f = labelForm(t)
	f.SetValue("label", "main")
	if res := press(f, ctrlS); res != form.Submitted || f.Focused() != "note" {
		t.Fatalf("ctrl+s on the first field: %v, want Submitted", res)
	}
}

func TestFormShowsTheFieldErrorAsTheUserTypesAndRefusesTheSubmit(t *testing.T) {
	f := labelForm(t)
	press(f, tab)
	f.SetValue("label", "")
	press(f, tuitest.Runes("bad label"))
	view := f.View(80)
	if got := f.FieldError("label"); got == "" || !strings.Contains(view, "new label: expected") {
		t.Fatalf("no error under the field after typing an invalid label: %q\n%s", got, view)
	}
	press(f, tuitest.Key(tea.KeyTab, tea.ModShift))
	if res := press(f, ctrlS); res != form.Editing || f.Focused() != "label" {
		t.Fatalf("submit of an invalid form: %v, focus %q; want refused, focus on label", res, f.Focused())
	}
	for range len("bad label") {
		press(f, tuitest.Key(tea.KeyBackspace))
	}
	press(f, tuitest.Runes("good"))
	if got := f.FieldError("label"); got != "" || strings.Contains(f.View(80), "expected") {
		t.Fatalf("error still shown for a valid label: %q", got)
	}
	if res := press(f, ctrlS); res != form.Submitted {
		t.Fatalf("submit of a valid form: %v", res)
	}
}

func TestFormDoesNotBlameAFieldNotReachedYet(t *testing.T) {
	f := labelForm(t)
	press(f, tuitest.Runes("x"))
	if strings.Contains(f.View(80), "expected") {
		t.Fatalf("the empty label is blamed before the user reached it:\n%s", f.View(80))
	}
	if res := press(f, esc); res != form.Cancelled {
		t.Fatalf("esc: %v", res)
	}
}

func TestFailedNamesTheSubmitKey(t *testing.T) {
	f := labelForm(t)
	f.Failed(&app.FieldError{Field: "label", Err: errTaken})
	if !strings.Contains(f.Err, "label: taken — fix the form and press ctrl+s again") || !strings.Contains(f.View(80), "press ctrl+s again") {
		t.Fatalf("Err %q", f.Err)
	}
}

var errTaken = errors.New("taken")

// TestSpaceCyclesAChoice: Bubble Tea v2 names the space key "space" (v1: " "); space steps a
// choice forward as → does.
func TestSpaceCyclesAChoice(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	f := form.New(env, "Kind", "add", form.ChoiceField("kind", "kind", []string{"evm", "solana", "both"}, 0))
	press(f, tuitest.Key(tea.KeySpace))
	if got := f.Choice("kind"); got != 1 {
		t.Fatalf("space: choice %d, want 1", got)
	}
	press(f, tuitest.Runes(" "), tuitest.Key(tea.KeyRight))
	if got := f.Choice("kind"); got != 0 {
		t.Fatalf("space then →: choice %d, want 0 (wrapped)", got)
	}
}

// TestPasteIsTextNeverAKey: a paste goes into the focused text field and is checked as typed
// text is; a pasted "ctrl+s", newline or esc submits, moves or cancels nothing, and a paste
// on a choice changes nothing.
func TestPasteIsTextNeverAKey(t *testing.T) {
	f := labelForm(t)
	press(f, tab)
	for _, p := range []string{"bad label", "\n", "\x1b", "ctrl+s"} {
		if res, _ := f.Update(tea.PasteMsg{Content: p}); res != form.Editing {
			t.Fatalf("paste %q: %v", p, res)
		}
	}
	if got := f.Value("label"); !strings.HasPrefix(got, "bad label") || f.Value("note") != "" {
		t.Fatalf("the paste went to note %q / label %q", f.Value("note"), got)
	}
	if f.FieldError("label") == "" {
		t.Fatal("the pasted label is not checked")
	}
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	c := form.New(env, "Kind", "add", form.ChoiceField("kind", "kind", []string{"evm", "solana"}, 0))
	if res, _ := c.Update(tea.PasteMsg{Content: " "}); res != form.Editing || c.Choice("kind") != 0 {
		t.Fatalf("a paste on a choice: %v, choice %d", res, c.Choice("kind"))
	}
}
