package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
	"purse/tui/scroll"
)

// helpPage is the full help: every key of the screen (or of the dialog on top) and the global
// ones, each with what it does and, for a key that does nothing now, why (kit.Actions). It
// opens over the body as a page of its own, as lazygit's keybindings menu does, so a long
// list never squeezes the screen or cuts the global keys: it scrolls. ? or esc closes it.
type helpPage struct {
	env    *kit.Env
	title  string
	groups [][]key.Binding
	scroll scroll.Model
	close  key.Binding
	closed bool
	w, h   int
}

func newHelpPage(env *kit.Env, title string, groups [][]key.Binding) *helpPage {
	return &helpPage{env: env, title: title, groups: groups, scroll: scroll.New(env),
		close: key.NewBinding(key.WithKeys(append(env.Keys.Help.Keys(), env.Keys.Back.Keys()...)...), key.WithHelp("?/esc", "close the help"))}
}

// lines are the keys, one a line, the description wrapped under itself; groups apart.
func (p *helpPage) lines() []string {
	st := p.env.Styles
	keyW := 0
	for _, g := range p.groups {
		for _, b := range g {
			if b.Enabled() {
				keyW = max(keyW, kit.Width(b.Help().Key))
			}
		}
	}
	var out []string
	for _, g := range p.groups {
		var group []string
		for _, b := range g {
			if !b.Enabled() {
				continue
			}
			prefix := st.Bold.Render(kit.Pad(b.Help().Key, keyW)) + "  "
			group = append(group, kit.HangWords(prefix, b.Help().Desc, max(p.w, 20))...)
		}
		if len(group) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, group...)
	}
	return out
}

// Update implements kit.Dialog.
func (p *helpPage) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && !p.closed {
		if key.Matches(k, p.close) {
			p.closed = true
			return p, nil
		}
		p.scroll.Update(k)
	}
	return p, nil
}

// View implements kit.Dialog.
func (p *helpPage) View() string { return p.scroll.View(p.lines()) }

// SetSize implements kit.Dialog.
func (p *helpPage) SetSize(w, h int) {
	p.w, p.h = w, h
	p.scroll.SetSize(w, h)
}

// Title implements kit.Dialog.
func (p *helpPage) Title() string { return p.title }

// ShortHelp implements kit.Dialog.
func (p *helpPage) ShortHelp() []key.Binding { return []key.Binding{p.close, p.env.Keys.Down} }

// FullHelp implements kit.Dialog.
func (p *helpPage) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Closed implements kit.Dialog.
func (p *helpPage) Closed() bool { return p.closed }

// openHelp opens the full help of what has the keys now: the top dialog, else the screen
// (the header names it: "Card > Keys").
func (m *Model) openHelp() {
	m.push(newHelpPage(m.env, "Keys", m.helpKeys().full))
}

var _ kit.Dialog = (*helpPage)(nil)

// helpOpen reports whether the full help is the top dialog.
func (m *Model) helpOpen() bool {
	if n := len(m.dialogs); n > 0 {
		_, ok := m.dialogs[n-1].(*helpPage)
		return ok
	}
	return false
}
