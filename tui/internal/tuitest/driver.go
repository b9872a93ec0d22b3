package tuitest

import (
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// Driver plays the router for one screen: it runs commands, applies what the router would
// (task bookkeeping, dialogs, status, session) and hands everything else to the screen.
type Driver struct {
	T       *testing.T
	Env     *kit.Env
	Scr     kit.Screen
	Dialogs []kit.Dialog
	Status  []string
	Errs    []kit.ErrorMsg
	Copies  []kit.CopyMsg
	Other   []tea.Msg
	// Route, when set, sees every message that goes to Other before the screen does, to
	// do what else the router would (e.g. take a switched profile's services).
	Route func(tea.Msg)
}

// NewDriver sizes scr and runs its Init.
func NewDriver(t *testing.T, env *kit.Env, scr kit.Screen, w, h int) *Driver {
	return (&Driver{T: t, Env: env, Scr: scr}).Start(w, h)
}

// Start sizes the screen and runs its Init.
func (d *Driver) Start(w, h int) *Driver {
	d.Scr.SetSize(w, h)
	d.Run(d.Scr.Init())
	return d
}

// Run runs cmd and delivers its message.
func (d *Driver) Run(cmd tea.Cmd) {
	d.T.Helper()
	if cmd == nil {
		return
	}
	d.Deliver(cmd())
}

// RunQuick runs a command a dialog returned for a key press: its immediate messages are
// delivered (waiting up to 10 s: on a loaded machine the unlock-and-run task of a closing dialog took over a second), timers are dropped. The
// UI's text fields have steady cursors (kit.NewInput), so a key press starts no timer.
func (d *Driver) RunQuick(cmd tea.Cmd) {
	d.T.Helper()
	if cmd == nil {
		return
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case m := <-ch:
		if b, ok := m.(tea.BatchMsg); ok {
			for _, c := range b {
				d.RunQuick(c)
			}
			return
		}
		d.Deliver(m)
	case <-time.After(10 * time.Second):
	}
}

// Deliver handles msg as the router would. A text cursor's blink is dropped: it would
// tick forever, and a test reads the view, not the cursor.
func (d *Driver) Deliver(msg tea.Msg) {
	d.T.Helper()
	if t := reflect.TypeOf(msg); t != nil && strings.HasSuffix(t.PkgPath(), "bubbles/cursor") {
		return
	}
	switch m := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range m {
			d.Run(c)
		}
	case kit.PushDialogMsg:
		m.Dialog.SetSize(80, 24)
		d.Dialogs = append(d.Dialogs, m.Dialog)
	case kit.StatusMsg:
		d.Status = append(d.Status, m.Text)
	case kit.ErrorMsg:
		d.Errs = append(d.Errs, m)
	case kit.CopyMsg:
		d.Copies = append(d.Copies, m)
	case kit.TaskReply:
		if !d.Env.Tasks.Finish(m.Ref()) {
			return
		}
		d.Send(msg)
	case kit.SessionMsg:
		if m.Session != d.Env.Session {
			// Another account: the router makes it a profile switch.
			d.Deliver(kit.ProfileSwitchedMsg{Profile: m.Session.Profile, Session: m.Session})
			return
		}
		d.Send(msg)
	case kit.ProfileSwitchedMsg:
		// As the router: every task cancelled, the screen reset and initialised again.
		d.Other = append(d.Other, msg)
		d.Env.Tasks.Reset()
		d.Dialogs = nil
		if m.Session != (kit.Session{}) {
			d.Env.Session = m.Session
		}
		if pb, ok := d.Scr.(kit.ProfileBound); ok {
			pb.Reset()
			d.Send(msg)
			d.Run(d.Scr.Init())
			return
		}
		d.Send(msg)
	default:
		if d.Route != nil {
			d.Route(msg)
		}
		d.Other = append(d.Other, msg)
		d.Send(msg)
	}
}

// Send gives msg to the screen and runs its command.
func (d *Driver) Send(msg tea.Msg) {
	d.T.Helper()
	var cmd tea.Cmd
	d.Scr, cmd = d.Scr.Update(msg)
	d.Run(cmd)
}

// Press sends keys to the top dialog when one is open, else to the screen.
func (d *Driver) Press(keys ...tea.KeyPressMsg) {
	d.T.Helper()
	for _, k := range keys {
		if n := len(d.Dialogs); n > 0 {
			dl, cmd := d.Dialogs[n-1].Update(k)
			if dl.Closed() {
				d.Dialogs = d.Dialogs[:n-1]
			}
			d.RunQuick(cmd)
			continue
		}
		d.Send(k)
	}
}

// TypeText presses each character of s.
func (d *Driver) TypeText(s string) {
	d.T.Helper()
	for _, r := range s {
		d.Press(Runes(string(r)))
	}
}

// Top is the top dialog; the test fails when none is open.
func (d *Driver) Top() kit.Dialog {
	d.T.Helper()
	if len(d.Dialogs) == 0 {
		d.T.Fatalf("no dialog open; status %q, errors %+v\nview:\n%s", d.Status, d.Errs, d.Scr.View())
	}
	return d.Dialogs[len(d.Dialogs)-1]
}

// Answer types a passphrase into the top dialog, which must have the given title prefix.
func (d *Driver) Answer(titlePrefix, pass string) {
	d.T.Helper()
	if dl := d.Top(); !strings.HasPrefix(dl.Title(), titlePrefix) {
		d.T.Fatalf("top dialog %q, want %q", dl.Title(), titlePrefix)
	}
	d.TypeText(pass)
	d.Press(Key(tea.KeyEnter))
}

// LastStatus is the last status line, "" when there is none.
func (d *Driver) LastStatus() string {
	if len(d.Status) == 0 {
		return ""
	}
	return d.Status[len(d.Status)-1]
}
