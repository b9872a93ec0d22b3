package kit

import (
	tea "charm.land/bubbletea/v2"
)

// PushDialogMsg asks the router to push a dialog on top of the current screen. Task, when
// set, is the task that asks (a passphrase for a load started by a screen): the router shows
// the dialog over the screen that started that task, waiting until the user goes there.
type PushDialogMsg struct {
	Dialog Dialog
	Task   TaskID
}

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
// account lookup, a profile change). When the profile, a key, the account or the network
// differ from the footer's, it is a profile switch (ProfileSwitchedMsg): what the screens
// showed belongs to the other account.
type SessionMsg struct{ Session Session }

// CopyMsg asks the router to send Value to the terminal's clipboard (a plain OSC 52
// sequence). No terminal confirms a copy: the screen that asks keeps the value shown, to be
// copied by hand where the terminal ignores OSC 52.
type CopyMsg struct {
	Label string
	Value string
}

// Copy returns a command that copies value (described by label) to the clipboard.
func Copy(label, value string) tea.Cmd {
	return func() tea.Msg { return CopyMsg{Label: label, Value: value} }
}

// ScreenID names a screen for navigation. Screens and the router compare ids, never tab
// titles, so a title can change without breaking a jump to it.
type ScreenID string

// The application's screens.
const (
	ScreenSetup        ScreenID = "setup"
	ScreenHome         ScreenID = "home"
	ScreenAccount      ScreenID = "account"
	ScreenBalances     ScreenID = "balances"
	ScreenTransactions ScreenID = "transactions"
	ScreenCard         ScreenID = "card"
	ScreenPermit       ScreenID = "permit"
	ScreenDeposit      ScreenID = "deposit"
	ScreenKeys         ScreenID = "keys"
	ScreenRequests     ScreenID = "requests"
	ScreenAudit        ScreenID = "audit"
	ScreenSettings     ScreenID = "settings"
)

// NavigateMsg asks the router to show the first screen of To that exists (in order of
// preference); it does nothing when none does.
type NavigateMsg struct{ To []ScreenID }

// Navigate returns a command that shows the first existing screen of to.
func Navigate(to ...ScreenID) tea.Cmd {
	return func() tea.Msg { return NavigateMsg{To: to} }
}

// ProfileSwitchedMsg says the session works on another profile, or on the same profile
// changed under it (another purse process wrote the profiles file): the application layer
// every screen holds is already bound to it. The router cancels every task in flight,
// resets every ProfileBound screen, shows Session in the footer and broadcasts the message.
type ProfileSwitchedMsg struct {
	Profile string
	Session Session
}

// SetupDoneMsg says the first-run wizard is finished. AccountFound says whether the
// profile's EVM key already holds an account.
type SetupDoneMsg struct {
	Profile      string
	AccountFound bool
}

// ShowFullMsg asks the router to show a long value whole, outside the terminal UI's frame,
// so copying it by hand gives it exactly (a curl command).
type ShowFullMsg struct {
	Label string
	Value string
}

// ShowFull returns a command that shows value whole (ShowFullMsg).
func ShowFull(label, value string) tea.Cmd {
	return func() tea.Msg { return ShowFullMsg{Label: label, Value: value} }
}
