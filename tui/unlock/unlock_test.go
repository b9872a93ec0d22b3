package unlock

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// locked is a call that needs the passphrase "pw" (and, with wantNew, a new one "nn").
type locked struct {
	calls   int
	wantNew bool
	seen    []app.Unlock
}

func (l *locked) call(_ context.Context, u *app.Unlock) (string, error) {
	l.calls++
	if u != nil {
		l.seen = append(l.seen, app.Unlock{Passphrase: append([]byte(nil), u.Passphrase...), New: append([]byte(nil), u.New...)})
	}
	if u == nil || len(u.Passphrase) == 0 {
		return "", &app.LockedError{Prompt: "Passphrase for key 'dev'"}
	}
	if string(u.Passphrase) != "pw" {
		return "", app.ErrWrongPassphrase // as the key store refuses it
	}
	if l.wantNew && len(u.New) == 0 {
		return "", &app.LockedError{Prompt: "New passphrase for the export", New: true}
	}
	return "done", nil
}

// typeInto types s and enter into the dialog d pushed, returning the command it gives back.
func typeInto(t *testing.T, msg tea.Msg, s string) tea.Cmd {
	t.Helper()
	push, ok := msg.(kit.PushDialogMsg)
	if !ok {
		t.Fatalf("expected the passphrase dialog, got %T %+v", msg, msg)
	}
	d := push.Dialog
	if s == "" {
		_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
		return cmd
	}
	for _, r := range s {
		d, _ = d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	return cmd
}

func result(t *testing.T, env *kit.Env, msg tea.Msg, id kit.TaskID) kit.TaskResult[string] {
	t.Helper()
	res, ok := msg.(kit.TaskResult[string])
	if !ok {
		t.Fatalf("expected the task result, got %T %+v", msg, msg)
	}
	if res.ID != id {
		t.Fatalf("result under id %d, the screen waits for %d", res.ID, id)
	}
	if !env.Tasks.Finish(res.Ref()) {
		t.Fatal("the router would drop the retried result as stale")
	}
	return res
}

func TestUnlockAsksAndRetriesUnderTheSameID(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{}
	id, cmd := Start(env, "s", "Loading", l.call)
	msg := cmd()
	if env.Tasks.Busy() {
		t.Fatal("the task still counts as running while the dialog waits for the user")
	}
	res := result(t, env, typeInto(t, msg, "pw")(), id)
	if res.Err != nil || res.Value != "done" || l.calls != 2 {
		t.Fatalf("after unlocking: %+v, %d calls", res, l.calls)
	}
}

// TestWrongPassphraseIsAskedAgain: a wrong passphrase asks again in place, as ssh does,
// saying so and which try it is; a right one on the second try runs the call under the same
// id; three wrong ones end the call with the refusal and what to do.
func TestWrongPassphraseIsAskedAgain(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{}
	id, cmd := Start(env, "s", "Loading", l.call)
	again := typeInto(t, cmd(), "nope")()
	push, ok := again.(kit.PushDialogMsg)
	if !ok || push.Task != id {
		t.Fatalf("a wrong passphrase asks again: %T %+v", again, again)
	}
	push.Dialog.SetSize(80, 24)
	if v := tuitest.Plain(push.Dialog.View()); !strings.Contains(v, "not the key's (try 2 of 3); nothing was sent") {
		t.Fatalf("the prompt again says why:\n%s", v)
	}
	if env.Tasks.Busy() {
		t.Fatal("the task waits for the user again")
	}
	res := result(t, env, typeInto(t, again, "pw")(), id)
	if res.Err != nil || res.Value != "done" || l.calls != 3 {
		t.Fatalf("right on the second try: %+v, %d calls", res, l.calls)
	}

	l = &locked{}
	id, cmd = Start(env, "t", "Loading", l.call)
	msg := cmd()
	for range MaxTries - 1 {
		msg = typeInto(t, msg, "nope")()
	}
	res = result(t, env, typeInto(t, msg, "nope")(), id)
	if res.Err == nil || res.Err.Error() != "wrong passphrase" || l.calls != 1+MaxTries {
		t.Fatalf("after %d wrong passphrases: %+v, %d calls", MaxTries, res, l.calls)
	}
	// the next step is to start the action again, not "press r"
	next := app.NextStep(res.Err)
	if !strings.Contains(next, "Start this again (Loading) and type the key's passphrase") || strings.Contains(next, "press r") {
		t.Fatalf("next step after the wrong passphrases: %q", next)
	}
}

func TestUnlockCancelEndsTheTaskCancelled(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{}
	id, cmd := Start(env, "s", "Loading", l.call)
	res := result(t, env, typeInto(t, cmd(), "")(), id)
	if !errors.Is(res.Err, kit.ErrCancelled) || l.calls != 1 {
		t.Fatalf("cancel: %+v, %d calls", res, l.calls)
	}
}

func TestUnlockKeepsTheFirstPassphraseAndConfirmsANewOne(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{wantNew: true}
	id, cmd := Start(env, "s", "Export", l.call)
	msg := typeInto(t, cmd(), "pw")()      // the key's passphrase → asks for the new one
	msg = typeInto(t, msg, "nn-newpass")() // the new one → asks to repeat it
	res := result(t, env, typeInto(t, msg, "nn-newpass")(), id)
	if res.Err != nil || res.Value != "done" {
		t.Fatalf("export: %+v", res)
	}
	last := l.seen[len(l.seen)-1]
	if string(last.Passphrase) != "pw" || string(last.New) != "nn-newpass" {
		t.Fatalf("the last call got %+v", last)
	}

	l = &locked{wantNew: true}
	id, cmd = Start(env, "s", "Export", l.call)
	msg = typeInto(t, typeInto(t, cmd(), "pw")(), "nn-newpass")()
	msg = typeInto(t, msg, "other-newpass")() // differs: both are asked again, nothing runs
	push, ok := msg.(kit.PushDialogMsg)
	if ok {
		push.Dialog.SetSize(100, 20)
	}
	if !ok || !strings.Contains(tuitest.Plain(push.Dialog.View()), "differed") || l.calls != 2 {
		t.Fatalf("differing new passphrases: %T after %d calls", msg, l.calls)
	}
	msg = typeInto(t, typeInto(t, msg, "n2-newpass")(), "n2-newpass")()
	res = result(t, env, msg, id)
	if res.Err != nil || string(l.seen[len(l.seen)-1].New) != "n2-newpass" || string(l.seen[len(l.seen)-1].Passphrase) != "pw" {
		t.Fatalf("after typing it again: %+v, last call %+v", res, l.seen[len(l.seen)-1])
	}
}

func TestUnlockResultOfAReplacedRequestIsDropped(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{}
	_, cmd := Start(env, "s", "Loading", l.call)
	kit.Start(env.Tasks, "s", "newer", func(context.Context) (int, error) { return 0, nil })
	if msg := cmd(); msg != nil {
		t.Fatalf("a replaced request still asked: %T", msg)
	}
}

// TestNewPassphraseFeedback: an empty entry and a new passphrase under the minimum length
// are refused in the dialog with what to do; the field says "new passphrase"; nothing runs
// until the entry is long enough.
func TestNewPassphraseFeedback(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, tuitest.FakeHome)
	l := &locked{wantNew: true}
	_, cmd := Start(env, "s", "Export", l.call)
	msg := typeInto(t, cmd(), "pw")()
	push, ok := msg.(kit.PushDialogMsg)
	if !ok {
		t.Fatalf("want the new passphrase dialog, got %T", msg)
	}
	d := push.Dialog
	d.SetSize(100, 20)
	if !strings.Contains(tuitest.Plain(d.View()), "new passphrase:") {
		t.Fatalf("the field does not say new passphrase:\n%s", tuitest.Plain(d.View()))
	}
	d, _ = d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if d.Closed() || !strings.Contains(tuitest.Plain(d.View()), "Type a passphrase first") {
		t.Fatalf("empty entry:\n%s", tuitest.Plain(d.View()))
	}
	for _, r := range "short" {
		d, _ = d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	d, _ = d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if d.Closed() || !strings.Contains(tuitest.Plain(d.View()), "at least 8 characters") || l.calls != 2 {
		t.Fatalf("short entry (%d calls):\n%s", l.calls, tuitest.Plain(d.View()))
	}
}
