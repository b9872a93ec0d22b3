package kit

import (
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
)

// NewInput is a text field with the UI's conventions: no prompt of its own, a steady cursor
// (no blink timers: every field redraws on the key that changes it, and a test or a slow
// terminal never waits on a blink), and at most limit characters.
func NewInput(limit int) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = limit
	in.Cursor.SetMode(cursor.CursorStatic)
	return in
}
