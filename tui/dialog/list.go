package dialog

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
	"purse/tui/table"
)

// ListResult is what a List dialog returns when it closes: the index of the chosen item.
type ListResult struct {
	ID        string
	Index     int
	Cancelled bool
}

// List asks to choose one of a list of items (the routes a sandbox fault can hit): the
// table's keys move (↑/↓, pgup/pgdn, home/end), enter chooses, esc cancels. Every item is
// there to see; the window follows the cursor.
type List struct {
	env      *kit.Env
	id       string
	title    string
	tbl      table.Model
	choose   key.Binding
	cancel   key.Binding
	w, h     int
	closed   bool
	chooseAs string
}

// NewList returns a list dialog whose cursor starts on item sel; chooseAs says what enter
// does ("aim the fault there").
func NewList(env *kit.Env, id, title string, items []string, sel int, chooseAs string) *List {
	rows := make(table.Rows, len(items))
	for i, it := range items {
		rows[i] = []string{it}
	}
	tbl := table.New(env, table.Column{Title: title})
	tbl.SetSource(rows)
	tbl.SetCursor(sel)
	return &List{
		env: env, id: id, title: title, tbl: tbl, chooseAs: chooseAs,
		choose: kit.WithHelp(env.Keys.Select, chooseAs),
		cancel: kit.WithHelp(env.Keys.Back, "cancel"),
	}
}

// Update implements kit.Dialog.
func (l *List) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || l.closed {
		return l, nil
	}
	switch {
	case key.Matches(k, l.choose) && l.tbl.Source().Len() > 0:
		l.closed = true
		return l, result(ListResult{ID: l.id, Index: l.tbl.Cursor()})
	case key.Matches(k, l.cancel):
		l.closed = true
		return l, result(ListResult{ID: l.id, Cancelled: true})
	}
	l.tbl, _ = l.tbl.Update(k)
	return l, nil
}

// View implements kit.Dialog.
func (l *List) View() string {
	s := l.env.Styles
	inner := min(l.w, maxWidth) - s.Dialog.GetHorizontalFrameSize()
	// The table's area: the box less its title, the footer and the borders.
	l.tbl.SetSize(max(inner, 4), max(l.h-8, 4))
	foot := s.Bold.Render("enter") + " " + l.chooseAs + " • " + s.Bold.Render("↑/↓") + " move • " + s.Bold.Render("esc") + " cancel"
	return frameLines(s, l.w, l.h, "", l.tbl.View(), foot)
}

// SetSize implements kit.Dialog.
func (l *List) SetSize(w, h int) { l.w, l.h = w, h }

// Title implements kit.Dialog.
func (l *List) Title() string { return l.title }

// ShortHelp implements kit.Dialog.
func (l *List) ShortHelp() []key.Binding { return []key.Binding{l.choose, l.env.Keys.Down, l.cancel} }

// FullHelp implements kit.Dialog.
func (l *List) FullHelp() [][]key.Binding {
	return [][]key.Binding{{l.choose, l.cancel}, l.env.Keys.Movement()}
}

// Closed implements kit.Dialog.
func (l *List) Closed() bool { return l.closed }
