// Package unlock is the TUI's one way to run a call that may need a key's passphrase:
// start it, and when the application layer answers app.ErrNeedsUnlock, ask in a
// passphrase dialog and run it again with what the user typed, under the same task id, so
// the screen that started it receives its result as if nothing had happened in between.
// A wrong passphrase is asked again, as ssh does, up to MaxTries in all; escape ends the
// task with kit.ErrCancelled. The passphrase lives in the retried call only and is cleared
// after it.
package unlock

import (
	"cmp"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/keystore"
	"purse/tui/dialog"
	"purse/tui/kit"
)

// Func is a call into the application layer; u holds what the user typed so far (nil on
// the first run).
type Func[T any] func(ctx context.Context, u *app.Unlock) (T, error)

// Start is kit.Start for a call that may need a passphrase (see the package doc). The
// result is a kit.TaskResult[T] with the returned id, as from kit.Start.
func Start[T any](env *kit.Env, slot, label string, fn Func[T]) (kit.TaskID, tea.Cmd) {
	r := &retry[T]{env: env, slot: slot, label: label, fn: fn}
	id, cmd := kit.Start(env.Tasks, slot, label, func(ctx context.Context) (T, error) { return fn(ctx, nil) })
	r.id = id
	return id, r.wrap(cmd, nil)
}

// Quiet is Start for a read a screen starts by itself (its first read when it is shown, a
// reload after another process's change): it never opens a passphrase dialog the user did
// not ask for, which would take the next key typed for something else. A locked key ends the
// task with app.ErrNeedsUnlock: the screen says it was not read, and its r (a key the user
// presses) runs the read through Start, which asks. One rule for every screen.
func Quiet[T any](env *kit.Env, slot, label string, fn Func[T]) (kit.TaskID, tea.Cmd) {
	return kit.Start(env.Tasks, slot, label, func(ctx context.Context) (T, error) { return fn(ctx, nil) })
}

type retry[T any] struct {
	env   *kit.Env
	slot  string
	label string
	fn    Func[T]
	id    kit.TaskID
	// asked is the last passphrase asked for (an existing key's); tries counts the answers
	// the key refused.
	asked *app.LockedError
	tries int
}

// MaxTries is how many times a key's passphrase is asked before the call ends with the
// refusal, as ssh asks three times.
const MaxTries = 3

// wrap turns a needs-unlock result of cmd into the passphrase dialog; any other message
// passes through. have is what earlier prompts of this call collected.
func (r *retry[T]) wrap(cmd tea.Cmd, have *app.Unlock) tea.Cmd {
	if cmd == nil {
		have.Clear()
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		res, ok := msg.(kit.TaskResult[T])
		var locked *app.LockedError
		if ok && have != nil && r.asked != nil && app.IsWrongPassphrase(res.Err) {
			r.tries++
			if r.tries < MaxTries && r.env.Tasks.Park(res.Ref()) {
				// Asked again in place, as ssh does: nothing was sent with the wrong one.
				clear(have.Passphrase)
				have.Passphrase = nil
				note := fmt.Sprintf("That passphrase is not the key's (try %d of %d); nothing was sent.", r.tries+1, MaxTries)
				return kit.PushDialogMsg{Dialog: r.dialog(r.asked, have, "").Note(note), Task: r.id}
			}
		}
		if !ok || !errors.As(res.Err, &locked) {
			if ok && have != nil && app.IsWrongPassphrase(res.Err) {
				// r would not ask again, and the screen's key for the action differs: say so.
				res.Err = &app.Advice{Err: res.Err, Next: fmt.Sprintf("The passphrase was refused %d times; nothing was sent. ", r.tries) +
					"Start this again (" + r.label + ") and type the key's passphrase."}
				msg = res
			}
			have.Clear()
			return msg
		}
		if !r.env.Tasks.Park(res.Ref()) {
			have.Clear()
			return nil // a newer request of the slot replaced this one
		}
		return kit.PushDialogMsg{Dialog: r.dialog(locked, have, ""), Task: r.id}
	}
}

// dialog asks for the passphrase locked names (twice for a new one). An export, say,
// needs the key's passphrase and then a new one for the file: have keeps the first.
func (r *retry[T]) dialog(locked *app.LockedError, have *app.Unlock, note string) *dialog.Passphrase {
	if !locked.New {
		r.asked = locked
	}
	title, prompt := "Unlock key", r.label+": "+locked.Prompt
	if l := locked.Label(); l != "" {
		title += " " + l
	}
	if locked.Prompt == "" {
		prompt = r.label + ": the key is in an encrypted file."
	}
	if locked.New {
		// The store's question is the title (a new key's passphrase, an export's), naming
		// the key once; the body says what is asked of it.
		title = strings.ReplaceAll(cmp.Or(locked.Prompt, "New passphrase"), `"`, "")
		prompt = fmt.Sprintf("At least %d characters; you type it twice.", keystore.MinNewPassphrase)
	}
	if note != "" {
		prompt = note + " " + prompt
	}
	cancel := func() tea.Cmd {
		have.Clear()
		return kit.Abandon[T](r.env.Tasks, r.id, r.slot, r.label, kit.ErrCancelled)
	}
	d := dialog.NewPassphrase(r.env, r.slot+"/unlock", title, prompt)
	if locked.New {
		d.NewOnes(keystore.MinNewPassphrase)
	}
	return d.Then(func(res dialog.PassphraseResult) tea.Cmd {
		if res.Cancelled {
			return cancel()
		}
		u := &app.Unlock{}
		if have != nil {
			*u = *have
		}
		if !locked.New {
			u.Passphrase = res.Passphrase
			return r.rerun(u)
		}
		first := res.Passphrase
		again := dialog.NewPassphrase(r.env, r.slot+"/unlock", "Repeat the new passphrase", "Type the new passphrase again.").NewOnes(keystore.MinNewPassphrase)
		// A mismatch asks both again: a typo must never become a key's passphrase.
		return kit.Push(again.Then(func(res dialog.PassphraseResult) tea.Cmd {
			if res.Cancelled {
				clear(first)
				return cancel()
			}
			same := subtle.ConstantTimeCompare(first, res.Passphrase) == 1
			clear(res.Passphrase)
			if !same {
				clear(first)
				return kit.Push(r.dialog(locked, have, "The two passphrases differed; type it again."))
			}
			u.New = first
			return r.rerun(u)
		}))
	})
}

// rerun runs the call again with u under the parked id.
func (r *retry[T]) rerun(u *app.Unlock) tea.Cmd {
	return r.wrap(kit.Resume(r.env.Tasks, r.id, r.slot, r.label, func(ctx context.Context) (T, error) {
		return r.fn(ctx, u)
	}), u)
}
