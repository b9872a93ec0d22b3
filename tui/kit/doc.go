// Package kit is the contract between purse's terminal UI router (package tui) and the
// screens and components that plug into it: the Screen and Dialog interfaces, the shared
// Env (session facts, styles, keymap, task tracker, logger), the one keymap, the one styles
// struct, the request-id task helper and the messages a screen sends to the router
// (push a dialog, report an error, copy to the clipboard, change the session facts).
//
// kit imports nothing of the project but the leaf internal/visible (errors it renders are
// escaped), so screens in their own packages (tui/home, later
// tui/balances, ...) and components (tui/review, tui/table, tui/dialog) depend on it
// without import cycles; package tui imports all of them and wires them together.
package kit
