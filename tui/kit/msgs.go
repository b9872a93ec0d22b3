package kit

import (
	tea "github.com/charmbracelet/bubbletea"
)

// PushDialogMsg asks the router to push a dialog on top of the current screen.
type PushDialogMsg struct{ Dialog Dialog }

// Push returns a command that pushes d.
func Push(d Dialog) tea.Cmd {
	return func() tea.Msg { return PushDialogMsg{Dialog: d} }
}

// StatusMsg sets the footer's status line (cleared by the next error or status).
type StatusMsg struct{ Text string }

// Status returns a command that sets the footer's status line.
func Status(text string) tea.Cmd {
	return func() tea.Msg { return StatusMsg{Text: text} }
}

// ErrorMsg reports an error in the footer, with what to do next. What says what failed
// ("Loading balances"); Next overrides the advice NextStep derives from Err.
type ErrorMsg struct {
	What string
	Err  error
	Next string
}

// ReportError returns a command that shows err in the footer and logs it.
func ReportError(what string, err error) tea.Cmd {
	return func() tea.Msg { return ErrorMsg{What: what, Err: err} }
}

// SessionMsg replaces the session facts shown in the footer (after a key switch, an
// account lookup, a profile change).
type SessionMsg struct{ Session Session }

// CopyMsg asks the router to copy Value to the clipboard with OSC52 and to show it on
// screen, so it can be copied by hand when the terminal ignores OSC52.
type CopyMsg struct {
	Label string
	Value string
}

// Copy returns a command that copies value (described by label) to the clipboard.
func Copy(label, value string) tea.Cmd {
	return func() tea.Msg { return CopyMsg{Label: label, Value: value} }
}
