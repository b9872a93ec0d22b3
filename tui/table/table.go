// Package table is the virtualised table of purse's terminal UI (transactions, requests,
// keys): it reads rows from a Source on demand and renders only the rows that fit the
// screen, so a table of 100,000 records draws as fast as one of 100.
package table

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/internal/visible"
	"purse/tui/kit"
)

// Source provides the rows. Row is called only for visible rows, from View.
type Source interface {
	Len() int
	Row(i int) []string
}

// Rows is a Source backed by a slice.
type Rows [][]string

// Len implements Source.
func (r Rows) Len() int { return len(r) }

// Row implements Source.
func (r Rows) Row(i int) []string { return r[i] }

// Column describes one column. Width 0 shares the remaining width with the other
// zero-width columns.
type Column struct {
	Title string
	Width int
	Right bool // align right (amounts)
}

// Model is the table. The zero value is not usable; call New.
type Model struct {
	env    *kit.Env
	cols   []Column
	src    Source
	cursor int
	offset int
	w, h   int
	// Empty is shown when the source has no rows.
	Empty string
}

// New returns a table with the given columns and no rows.
func New(env *kit.Env, cols ...Column) Model {
	return Model{env: env, cols: cols, src: Rows(nil), Empty: "No records."}
}

// SetSource replaces the rows, keeping the cursor in range.
func (m *Model) SetSource(src Source) {
	if src == nil {
		src = Rows(nil)
	}
	m.src = src
	m.clamp()
}

// Source returns the rows.
func (m Model) Source() Source { return m.src }

// SetSize sets the area of the table, header and position line included.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = w, h
	m.clamp()
}

// Cursor returns the index of the selected row (0 when empty).
func (m Model) Cursor() int { return m.cursor }

// SetCursor selects row i (clamped).
func (m *Model) SetCursor(i int) {
	m.cursor = i
	m.clamp()
}

// Selected returns the selected row, or nil when the table is empty.
func (m Model) Selected() []string {
	if m.src.Len() == 0 {
		return nil
	}
	return m.src.Row(m.cursor)
}

// NearEnd reports whether the cursor is within one page of the last loaded row: the
// moment to ask the server for the next page.
func (m Model) NearEnd() bool {
	return m.src.Len()-m.cursor <= m.pageRows()
}

// pageRows is how many rows fit: the area minus the header and the position line.
func (m Model) pageRows() int { return max(m.h-2, 1) }

func (m *Model) clamp() {
	n := m.src.Len()
	m.cursor = max(min(m.cursor, n-1), 0)
	page := m.pageRows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+page {
		m.offset = m.cursor - page + 1
	}
	m.offset = max(min(m.offset, n-page), 0)
}

// Update moves the cursor with the movement keys of env.Keys.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return m, nil
	}
	keys := m.env.Keys
	page := m.pageRows()
	switch {
	case key.Matches(k, keys.Up):
		m.cursor--
	case key.Matches(k, keys.Down):
		m.cursor++
	case key.Matches(k, keys.PageUp):
		m.cursor -= page
		m.offset -= page
	case key.Matches(k, keys.PageDown):
		m.cursor += page
		m.offset += page
	case key.Matches(k, keys.Top):
		m.cursor = 0
	case key.Matches(k, keys.Bottom):
		m.cursor = m.src.Len() - 1
	default:
		return m, nil
	}
	m.clamp()
	return m, nil
}

// ShortHelp lists the table's keys.
func (m Model) ShortHelp() []key.Binding {
	k := m.env.Keys
	return []key.Binding{k.Up, k.Down, k.PageDown}
}

// FullHelp lists the table's keys in a column.
func (m Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.env.Keys.Movement()} }

// widths computes the column widths for the current width.
func (m Model) widths() []int {
	cursorW := kit.Width(m.env.Styles.Marks.Cursor)
	avail := m.w - cursorW - (len(m.cols) - 1) // one space between columns
	out := make([]int, len(m.cols))
	flex := 0
	for i, c := range m.cols {
		if c.Width > 0 {
			out[i] = c.Width
			avail -= c.Width
		} else {
			flex++
		}
	}
	if flex > 0 {
		each := max(avail/flex, 1)
		rest := max(avail-each*flex, 0)
		for i, c := range m.cols {
			if c.Width == 0 {
				out[i] = each
				if rest > 0 {
					out[i]++
					rest--
				}
			}
		}
	}
	return out
}

func (m Model) line(cells []string, widths []int) string {
	var b strings.Builder
	for i, w := range widths {
		if i > 0 {
			b.WriteByte(' ')
		}
		var c string
		if i < len(cells) {
			c = cells[i]
		}
		c = kit.Truncate(visible.Line(c), w) // cells hold the service's text: never raw
		if m.cols[i].Right {
			b.WriteString(strings.Repeat(" ", max(w-kit.Width(c), 0)) + c)
		} else {
			b.WriteString(kit.Pad(c, w))
		}
	}
	return b.String()
}

// View renders the header, the visible rows only, and a position line.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	s := m.env.Styles
	widths := m.widths()
	titles := make([]string, len(m.cols))
	for i, c := range m.cols {
		titles[i] = c.Title
	}
	var b strings.Builder
	b.WriteString(s.TableHeader.Render(kit.Truncate(kit.Pad("", kit.Width(s.Marks.Cursor))+m.line(titles, widths), m.w)))
	n := m.src.Len()
	if n == 0 {
		b.WriteString("\n" + s.Muted.Render(kit.Truncate(m.Empty, m.w)))
		return b.String()
	}
	end := min(m.offset+m.pageRows(), n)
	for i := m.offset; i < end; i++ {
		row := m.line(m.src.Row(i), widths)
		b.WriteByte('\n')
		if i == m.cursor {
			b.WriteString(s.TableSelected.Render(kit.Truncate(s.Marks.Cursor+row, m.w)))
		} else {
			b.WriteString(s.TableRow.Render(kit.Truncate(s.Marks.NoCursor+row, m.w)))
		}
	}
	for i := end - m.offset; i < m.pageRows(); i++ {
		b.WriteByte('\n')
	}
	b.WriteString("\n" + s.Muted.Render(kit.Truncate(fmt.Sprintf("row %d of %d", m.cursor+1, n), m.w)))
	return b.String()
}
