package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Screen is one tab of the application (Home, Account, Balances, ...). Implement it with a
// pointer receiver: the router keeps the value Update returns and calls SetSize on it.
//
// Rules every screen follows:
//   - Update and View never block: I/O runs in a tea.Cmd started with Start, and the
//     result comes back as a TaskResult message carrying the request id;
//   - keys are compared with key.Matches against bindings of Env.Keys (or the screen's own
//     key.Binding values), never with string switches;
//   - colours come from Env.Styles only, and every state is also visible as text
//     (cursor ">" marks, "[x]", "(blocked)") so NO_COLOR=1 stays readable;
//   - View fits inside the last SetSize (the router clips what does not fit).
//
// Init is called once, the first time the screen becomes active. Messages that are not
// key presses (task results, dialog decisions, session changes) reach every screen, active
// or not; key presses reach only the active screen, and only when no dialog is open.
type Screen interface {
	Init() tea.Cmd
	Update(msg tea.Msg) (Screen, tea.Cmd)
	View() string
	// SetSize gives the screen the body area: the terminal minus header, footer and help.
	SetSize(width, height int)
	// Title is the tab label and the header title; keep it short and stable.
	Title() string
	// ID names the screen for NavigateMsg.
	ID() ScreenID
	// ShortHelp and FullHelp list the screen's own bindings; the router appends the
	// global ones and renders them with bubbles/help.
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// InputFocused reports whether a text input has focus. While it does, the router
	// sends every key except ctrl+c to the screen: single-letter global keys (q, ?, 0-9)
	// and tab are off so the user can type them.
	InputFocused() bool
}

// Unnumbered is implemented by a screen that gets no number key and no number on its tab
// (the first-run wizard): it is there in the first session only, so numbering it would
// shift every other screen's number between sessions. tab and shift+tab still reach it.
type Unnumbered interface {
	Unnumbered() bool
}

// ProfileBound is implemented by a screen that shows what belongs to the session's profile
// (its account, keys, card, history, a permit or a deposit). On a profile switch the router
// cancels every task in flight and calls Reset: the screen drops everything it showed and
// held (a kept client, a form's choices, a result) as if it were new; it is initialised
// again (Init) when it is next active. Nothing of the other profile can then remain.
type ProfileBound interface {
	Reset()
}

// AccountFollower is implemented by a screen that shows the account's state (its status,
// card, balances, history). When another process signed what may have changed the account
// (the audit log says so: a `purse card block` in another terminal, a client of the agent),
// the router calls AccountChanged on the active screen at once, and on another when it is
// next shown: the screen reads again what it shows, as its r key does.
type AccountFollower interface {
	AccountChanged() tea.Cmd
}

// Retrier is implemented by a screen whose r key runs a failed task again. Retries reports
// whether r, pressed now, restarts the task of slot. The router ends the footer's advice on
// an error with "Press r to retry." only then: never while a field or a dialog takes the
// keys, never for a task r does not restart, never when the error says itself what to do.
type Retrier interface {
	Retries(slot string) bool
}

// Dialog is a modal layer pushed on top of the current screen (confirmation, information,
// error, signing review). The top dialog takes every key except ctrl+c; when Closed reports
// true after an Update, the router pops it. A dialog reports its outcome by returning a
// message from Update (for example ConfirmResult or review.Decision).
type Dialog interface {
	Update(msg tea.Msg) (Dialog, tea.Cmd)
	View() string
	// SetSize gives the dialog the body area; it may use less and be centred.
	SetSize(width, height int)
	Title() string
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	Closed() bool
}
