package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Action is one key of a screen, declared once with what it does and why it is off now
// (lazygit's binding with GetDisabledReason): the screen's key handling, its help and what a
// key pressed while off says all come from this declaration, so a key is never enabled in one
// place and matched again in another.
type Action struct {
	Key key.Binding
	// Do runs the action; it is called only while Off says nothing.
	Do func() tea.Cmd
	// DoKey, set instead of Do, runs the action with the key pressed: a binding of several
	// keys that each do their own (1-9,0 go to the screen of that number).
	DoKey func(tea.KeyPressMsg) tea.Cmd
	// Off says why the action cannot run now ("" when it can); nil: it always can.
	Off func() string
	// Desc, when set, is the help's description now (b blocks or unblocks, as the card is);
	// nil: the binding's.
	Desc func() string
	// FullOnly keeps the action out of the short help (movement, a key the footer has no
	// room for); the full help lists it.
	FullOnly bool
}

// binding is a's key with its help as it reads now.
func (a Action) binding() key.Binding {
	b := a.Key
	if a.Desc != nil {
		b.SetHelp(b.Help().Key, a.Desc())
	}
	return b
}

// Actions are a screen's actions, in the order its help lists them.
type Actions []Action

// why is the reason a is off now ("" when it is on).
func (a Action) why() string {
	if a.Off == nil {
		return ""
	}
	return a.Off()
}

// Handle runs the action bound to k that can run now (one key may serve two actions that
// are never on together: enter edits the form, or starts a new deposit once one is done);
// when none can, nothing runs and the footer says why the first cannot ("b block the card:
// not now, no card on this account"). handled is false when no action has k.
func (as Actions) Handle(k tea.KeyPressMsg) (cmd tea.Cmd, handled bool) {
	var off *Action
	for i, a := range as {
		if !key.Matches(k, a.Key) {
			continue
		}
		if a.why() == "" {
			if a.DoKey != nil {
				return a.DoKey(k), true
			}
			return a.Do(), true
		}
		if off == nil {
			off = &as[i]
		}
	}
	if off == nil {
		return nil, false
	}
	h := off.binding().Help()
	return Status(h.Key + " " + h.Desc + ": not now, " + off.why() + "."), true
}

// On reports whether the action bound to k can run now.
func (as Actions) On(k key.Binding) bool {
	for _, a := range as {
		if sameKeys(a.Key, k) {
			return a.why() == ""
		}
	}
	return false
}

func sameKeys(a, b key.Binding) bool {
	ak, bk := a.Keys(), b.Keys()
	if len(ak) != len(bk) {
		return false
	}
	for i := range ak {
		if ak[i] != bk[i] {
			return false
		}
	}
	return true
}

// Short is the short help: the actions that can run now, but those listed in the full help
// only.
func (as Actions) Short() []key.Binding {
	var out []key.Binding
	for _, a := range as {
		if !a.FullOnly && a.why() == "" {
			out = append(out, a.binding())
		}
	}
	return out
}

// Full is the full help: every action, those that cannot run now with the reason
// ("b block the card (off: no card on this account)").
func (as Actions) Full() []key.Binding {
	out := make([]key.Binding, 0, len(as))
	for _, a := range as {
		b := a.binding()
		if why := a.why(); why != "" {
			b.SetHelp(b.Help().Key, b.Help().Desc+" (off: "+why+")")
		}
		out = append(out, b)
	}
	return out
}
