package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// ListResult is what a List dialog returns when it closes: the index of the chosen item.
type ListResult struct {
	ID        string
	Index     int
	Cancelled bool
}

// List asks to choose one of a list of items (the routes a sandbox fault can hit): ↑/↓ and
// pgup/pgdn move, home/end go to either end, enter chooses, esc cancels. Every item is there
// to see; the window scrolls to the cursor.
type List struct {
	env      *kit.Env
	id       string
	title    string
	items    []string
	cursor   int
	offset   int
	choose   key.Binding
	cancel   key.Binding
	w, h     int
	closed   bool
	chooseAs string
}

// NewList returns a list dialog whose cursor starts on item sel; chooseAs says what enter
// does ("aim the fault there").
func NewList(env *kit.Env, id, title string, items []string, sel int, chooseAs string) *List {
	return &List{
		env: env, id: id, title: title, items: items, cursor: max(min(sel, len(items)-1), 0), chooseAs: chooseAs,
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
	keys := l.env.Keys
	page := l.rows()
	switch {
	case key.Matches(k, l.choose) && len(l.items) > 0:
		l.closed = true
		return l, result(ListResult{ID: l.id, Index: l.cursor})
	case key.Matches(k, l.cancel):
		l.closed = true
		return l, result(ListResult{ID: l.id, Cancelled: true})
	case key.Matches(k, keys.Up):
		l.cursor--
	case key.Matches(k, keys.Down):
		l.cursor++
	case key.Matches(k, keys.PageUp):
		l.cursor -= page
	case key.Matches(k, keys.PageDown):
		l.cursor += page
	case key.Matches(k, keys.Top):
		l.cursor = 0
	case key.Matches(k, keys.Bottom):
		l.cursor = len(l.items) - 1
	}
	l.cursor = max(min(l.cursor, len(l.items)-1), 0)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+page {
		l.offset = l.cursor - page + 1
	}
	return l, nil
}

// rows is how many items the box shows: the body less the title, the position line and the
// footer.
func (l *List) rows() int { return max(l.h-10, 3) }

// View implements kit.Dialog.
func (l *List) View() string {
	s := l.env.Styles
	inner := min(l.w, maxWidth) - s.Dialog.GetHorizontalFrameSize()
	var lines []string
	end := min(l.offset+l.rows(), len(l.items))
	for i := l.offset; i < end; i++ {
		mark := s.Marks.NoCursor
		if i == l.cursor {
			mark = s.Marks.Cursor
		}
		line := kit.Truncate(mark+l.items[i], max(inner, 4))
		if i == l.cursor {
			line = s.TableSelected.Render(line)
		}
		lines = append(lines, line)
	}
	lines = append(lines, s.Muted.Render(fmt.Sprintf("%d of %d", l.cursor+1, len(l.items))))
	foot := s.Bold.Render("enter") + " " + l.chooseAs + " • " + s.Bold.Render("↑/↓") + " move • " + s.Bold.Render("esc") + " cancel"
	return frameLines(s, l.w, l.h, l.title, strings.Join(lines, "\n"), foot)
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
