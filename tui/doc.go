// Package tui is purse's terminal user interface (Bubble Tea v2, bubbles v2, lipgloss v2):
// what `purse` with no arguments opens.
//
// It holds the root router (Model): a tab per screen, the header with the screen title, a
// stack of modal dialogs on top, the help bar (bubbles/help; ? toggles the full help) and
// the footer with the profile, the active EVM/Solana keys, the account id, the network and
// the current task (a spinner while it runs, the last error with what to do next). Its view
// asks for the alternate screen and no mouse; Run starts it and logs to PURSE_HOME/purse.log,
// never to the screen. Keys and pastes go to the top dialog, else to the active screen.
//
// The contract screens and components implement lives in tui/kit (Screen, Dialog, Env,
// KeyMap, Styles, Start for request-id tasks). Components: tui/review (the signing review
// every signing flow uses), tui/table (the virtualised table), tui/dialog (confirm, info,
// error). To add a screen, implement kit.Screen in its own package under tui/ and append
// its constructor to DefaultScreens.
package tui

import (
	"purse/tui/kit"
	"purse/tui/review"
)

// Aliases of the kit contract, so callers of this package need not import tui/kit.
type (
	Screen  = kit.Screen
	Dialog  = kit.Dialog
	Env     = kit.Env
	Session = kit.Session
	KeyMap  = kit.KeyMap
	Styles  = kit.Styles

	// ReviewRequest is what a signing flow asks the user to approve.
	ReviewRequest = review.Request
	// ReviewDecision is the message the signing review returns.
	ReviewDecision = review.Decision
)
