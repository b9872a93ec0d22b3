// Package scroll is the vertical scroll of a screen whose content is lines it builds each
// time it draws (Balances, Card, Deposit): ↑/↓, pgup/pgdn, home/end move the window, and when
// the content does not fit, the last line says how much is below, or that the end is shown.
// New content (another profile, a new read) starts at the top again (Top).
package scroll

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// Model is the scroll position of a screen's lines.
type Model struct {
	env    *kit.Env
	offset int
	w, h   int
	n      int // the lines of the last View
	// end says the window stays on the last lines (G), whatever the content or the size
	// does next, until another key moves it.
	end bool
}

// New returns a scroll at the top.
func New(env *kit.Env) Model { return Model{env: env} }

// SetSize gives the area the lines are drawn in.
func (m *Model) SetSize(w, h int) { m.w, m.h = w, h }

// Top goes back to the first line.
func (m *Model) Top() { m.offset, m.end = 0, false }

// Offset is the first line shown.
func (m Model) Offset() int { return m.offset }

// page is how many lines the window shows above its last line, which marks what is hidden.
func (m Model) page() int { return max(m.h-1, 1) }

// Update moves the window for a movement key of env.Keys and reports whether k was one.
func (m *Model) Update(k tea.KeyPressMsg) bool {
	keys := m.env.Keys
	m.end = false
	switch {
	case key.Matches(k, keys.Up):
		m.offset--
	case key.Matches(k, keys.Down):
		m.offset++
	case key.Matches(k, keys.PageUp):
		m.offset -= m.page()
	case key.Matches(k, keys.PageDown):
		m.offset += m.page()
	case key.Matches(k, keys.Top):
		m.offset = 0
	case key.Matches(k, keys.Bottom):
		m.offset, m.end = m.n, true
	default:
		return false
	}
	m.clamp(m.n)
	return true
}

func (m *Model) clamp(n int) {
	m.offset = max(min(m.offset, n-m.page()), 0)
}

// View is the window of lines at the scroll position: all of them when they fit, else a page
// and a last line that says how many lines are below (or that the end is shown).
func (m *Model) View(lines []string) string {
	m.n = len(lines)
	if m.h <= 0 {
		return ""
	}
	if len(lines) <= m.h {
		m.offset = 0
		return strings.Join(lines, "\n")
	}
	if m.end {
		m.offset = len(lines)
	}
	m.clamp(len(lines))
	end := m.offset + m.page()
	out := append([]string(nil), lines[m.offset:end]...)
	st := m.env.Styles
	mark := fmt.Sprintf("↓ %s (%d more lines: ↓/j, pgdn, G)", st.Marks.More, len(lines)-end)
	if end == len(lines) {
		mark = "↑ end (↑/k, pgup, g scroll back)"
	}
	out = append(out, st.Muted.Render(kit.Truncate(mark, max(m.w, 1))))
	return strings.Join(out, "\n")
}

// Keys are the scroll's keys, for help.
func (m Model) Keys() []key.Binding { return m.env.Keys.Movement() }
