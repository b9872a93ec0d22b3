package kit

import "charm.land/bubbles/v2/key"

// KeyMap is the one keymap of the application, declared with bubbles/key. Screens and
// components use these bindings (or declare their own key.Binding values next to their
// model) and compare with key.Matches.
type KeyMap struct {
	// Global, handled by the router.
	NextTab   key.Binding
	PrevTab   key.Binding
	JumpTab   key.Binding // 1..9 then 0 select a numbered tab directly
	Help      key.Binding
	Quit      key.Binding // q; off while a text input has focus or a dialog is open
	ForceQuit key.Binding // ctrl+c; always on
	LockKeys  key.Binding // ctrl+l: wipe the keys the session keeps unlocked; always on
	Back      key.Binding // esc: close a dialog, leave an input, go back

	// Movement, shared by lists, tables and viewports.
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding

	// Common actions: one key per verb, whatever the screen (a screen words its help for
	// what the verb does there with WithHelp).
	Select     key.Binding // enter: open / select; never confirms a signature or a dialog
	Refresh    key.Binding // r: read again
	Copy       key.Binding // c: copy the value at hand
	New        key.Binding // n: make a new one (a key)
	Import     key.Binding // i: import (a key from a file)
	Use        key.Binding // u: use it (the selected key, in the profile)
	Export     key.Binding // x: export (a key, the history)
	QR         key.Binding // Q: show an address as a QR code
	SignedView key.Binding // l: load the account's own view, signed (asks the key's passphrase)

	// Dialogs and the signing review: y confirms/signs, n or esc cancels.
	Yes key.Binding
	No  key.Binding
	// YesSession signs a request of another process (the agent's) and approves that process's
	// like requests for SessionMinutes, when the agent offers it.
	YesSession key.Binding
	// YesUntilLock is YesSession until the keys are locked (ctrl+l, agent lock, the agent's
	// end) rather than for SessionMinutes.
	YesUntilLock key.Binding
}

// SessionMinutes is how long YesSession approves a client's like requests.
const SessionMinutes = 15

// DefaultKeyMap returns the bindings of the application.
func DefaultKeyMap() *KeyMap {
	return &KeyMap{
		NextTab:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next screen")),
		PrevTab:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous screen")),
		JumpTab:   key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9", "0"), key.WithHelp("1-9,0", "go to the screen of that number")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "toggle help")),
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		LockKeys:  key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", "lock the unlocked keys")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),

		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "b"), key.WithHelp("pgup/b", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "f"), key.WithHelp("pgdn/f", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "first")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "last")),

		Select:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Refresh:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "refresh")),
		Copy:         key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy")),
		New:          key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new")),
		Import:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "import")),
		Use:          key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "use")),
		Export:       key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export")),
		QR:           key.NewBinding(key.WithKeys("Q"), key.WithHelp("Q", "QR code")),
		YesSession:   key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "sign + this client 15 min")),
		YesUntilLock: key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "sign + this client until lock")),
		SignedView:   key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "signed view")),

		Yes: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:  key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "no")),
	}
}

// Movement returns the movement bindings, for help columns.
func (k *KeyMap) Movement() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// WithHelp returns a copy of b with another help text; the keys stay the same. Use it to
// describe a shared binding in a component's context ("y" → "sign").
func WithHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
