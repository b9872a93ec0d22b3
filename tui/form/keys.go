package form

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/internal/visible"
	"purse/tui/kit"
)

// Nav is the one way every form of the UI is driven (issue 12, item 5): tab/↓ and
// shift+tab/↑ move between fields, enter moves to the next field and submits on the last,
// ctrl+s submits from any field, esc cancels. Forms with fields of their own (mint, filter,
// permit, deposit) read their keys through it as Form does, so no screen spells the
// convention again.
type Nav struct {
	Submit, Enter, Next, Prev, Cancel key.Binding
}

// Action is what a key press means in a form.
type Action int

// The meanings of a key press in a form; None: the key belongs to the focused field.
const (
	None Action = iota
	Next
	Prev
	Submit
	Cancel
)

// SubmitKey is the key that submits every form, for help texts that name it.
const SubmitKey = "ctrl+s"

// NewNav returns the form keys; submitLabel says what submitting does ("get the quote"), in
// the full help.
func NewNav(submitLabel string) Nav {
	return Nav{
		Submit: key.NewBinding(key.WithKeys(SubmitKey), key.WithHelp(SubmitKey, "submit")),
		Enter:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "next field; on the last: "+submitLabel)),
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// Read says what k means in a form whose focused field is the last one (or not).
func (n Nav) Read(k tea.KeyPressMsg, last bool) Action {
	switch {
	case key.Matches(k, n.Submit), last && key.Matches(k, n.Enter):
		return Submit
	case key.Matches(k, n.Cancel):
		return Cancel
	case key.Matches(k, n.Next), key.Matches(k, n.Enter):
		return Next
	case key.Matches(k, n.Prev):
		return Prev
	}
	return None
}

// ShortHelp is the footer of every form, the same in each: "ctrl+s submit • tab/↓ next
// field • esc cancel".
func (n Nav) ShortHelp() []key.Binding { return []key.Binding{n.Submit, n.Next, n.Cancel} }

// FullHelp lists every form key.
func (n Nav) FullHelp() []key.Binding {
	return []key.Binding{n.Submit, n.Enter, n.Next, n.Prev, n.Cancel}
}

// Live is a form's validation as the user types: the application layer's check of the
// whole form runs on every change, and its *app.FieldError is shown on the field it names
// once the user has typed in that field or left it (a field not reached yet is not blamed
// for being empty). A submit shows every error and goes to the first invalid field.
type Live struct {
	touched map[string]bool
	field   string // the field the last check blamed ("" when none)
	msg     string
	other   error // an error of the check that names no field
}

// Reset forgets what was typed and checked (a form opened afresh).
func (l *Live) Reset() { *l = Live{} }

// Touch marks a field as typed in or left.
func (l *Live) Touch(field string) {
	if l.touched == nil {
		l.touched = map[string]bool{}
	}
	l.touched[field] = true
}

// Set records the result of the form's check.
func (l *Live) Set(err error) {
	l.field, l.msg, l.other = "", "", nil
	var fe *app.FieldError
	switch {
	case err == nil:
	case errors.As(err, &fe):
		l.field, l.msg = fe.Field, fe.Err.Error()
	default:
		l.other = err
	}
}

// Refuse is called on a submit: it records the check's result, shows it whatever was
// touched, and returns the field to focus (and whether the submit must be refused).
func (l *Live) Refuse(err error) (field string, refused bool) {
	l.Set(err)
	if err == nil {
		return "", false
	}
	if l.field != "" {
		l.Touch(l.field)
	}
	return l.field, true
}

// Error returns the message to show under field: what is expected of it, or "".
func (l *Live) Error(field string) string {
	if field == "" || field != l.field || !l.touched[field] {
		return ""
	}
	return l.msg
}

// Invalid reports whether the last check refused the form.
func (l *Live) Invalid() bool { return l.field != "" || l.other != nil }

// Other is the last check's error that names no field (nil when none).
func (l *Live) Other() error { return l.other }

// ErrorLines renders the error of a field named label, wrapped to w, in the error style:
// "✗ amount: expected a decimal amount such as 25.00".
func ErrorLines(s *kit.Styles, label, msg string, w int) []string {
	if msg == "" {
		return nil
	}
	var out []string
	for _, l := range kit.WrapWords(s.Marks.Error+" "+label+": "+visible.Line(msg), max(w, 10)) {
		out = append(out, s.StatusError.Render(l))
	}
	return out
}

// ErrorLine is ErrorLines cut to one line, for a form with no room to wrap (the filter form
// scrolls by lines).
func ErrorLine(s *kit.Styles, label, msg string, w int) string {
	if msg == "" {
		return ""
	}
	return s.StatusError.Render(kit.Truncate(s.Marks.Error+" "+label+": "+visible.Line(msg), max(w, 10)))
}
