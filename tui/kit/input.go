package kit

import "charm.land/bubbles/v2/textinput"

// NewInput is a text field with the UI's conventions: no prompt of its own, the theme's
// styles with a steady cursor (InputStyles), and at most limit characters.
func NewInput(limit int) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = limit
	in.SetStyles(InputStyles())
	return in
}
