package tuitest

import (
	"errors"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// echo is a screen that answers "s" with a status, "e" with an error, "c" with a copy and
// records every other message it is given.
type echo struct{ got []tea.Msg }

func (e *echo) Init() tea.Cmd { return func() tea.Msg { return kit.StatusMsg{Text: "ready"} } }
func (e *echo) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "s":
			return e, func() tea.Msg { return kit.StatusMsg{Text: "pressed"} }
		case "e":
			return e, func() tea.Msg { return kit.ErrorMsg{Err: errors.New("boom")} }
		case "c":
			return e, tea.Batch(func() tea.Msg { return kit.CopyMsg{Value: "v"} }, func() tea.Msg { return "other" })
		}
	}
	e.got = append(e.got, msg)
	return e, nil
}
func (e *echo) View() string              { return "echo" }
func (e *echo) SetSize(int, int)          {}
func (e *echo) Title() string             { return "echo" }
func (e *echo) ID() kit.ScreenID          { return "echo" }
func (e *echo) ShortHelp() []key.Binding  { return nil }
func (e *echo) FullHelp() [][]key.Binding { return nil }
func (e *echo) InputFocused() bool        { return false }

func TestDriverRoutesWhatTheRouterWould(t *testing.T) {
	env := Env(t, kit.Session{Profile: "t"}, FakeHome)
	scr := &echo{}
	var routed []tea.Msg
	d := &Driver{T: t, Env: env, Scr: scr, Route: func(m tea.Msg) { routed = append(routed, m) }}
	d.Start(80, 24)
	if d.LastStatus() != "ready" {
		t.Fatalf("Init's status: %q", d.Status)
	}
	d.Press(Runes("s"), Runes("e"), Runes("c"))
	if d.LastStatus() != "pressed" || len(d.Errs) != 1 || len(d.Copies) != 1 || d.Copies[0].Value != "v" {
		t.Fatalf("status %q, errors %v, copies %v", d.Status, d.Errs, d.Copies)
	}
	if len(d.Other) != 1 || d.Other[0] != "other" || len(routed) != 1 || scr.got[len(scr.got)-1] != "other" {
		t.Fatalf("other %v, routed %v, screen got %v", d.Other, routed, scr.got)
	}
	if msgs := Flatten(tea.Batch(func() tea.Msg { return nil }, func() tea.Msg { return Key(tea.KeyEnter) })); len(msgs) != 1 {
		t.Fatalf("Flatten: %v", msgs)
	}
}
