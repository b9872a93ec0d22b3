package table

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/tui/kit"

	"purse/tui/internal/tuitest"
)

// counting is a Source that records which rows were read.
type counting struct {
	n    int
	read map[int]bool
}

func (c *counting) Len() int { return c.n }
func (c *counting) Row(i int) []string {
	c.read[i] = true
	return []string{fmt.Sprint(i), "row", "12.50"}
}

func newTable(t *testing.T, n, w, h int) (Model, *counting) {
	t.Helper()
	env := kit.NewEnv(context.Background(), kit.Session{}, "", nil)
	m := New(env, Column{Title: "#", Width: 6}, Column{Title: "What"}, Column{Title: "Amount", Width: 8, Right: true})
	src := &counting{n: n, read: map[int]bool{}}
	m.SetSource(src)
	m.SetSize(w, h)
	return m, src
}

func press(m Model, k tea.KeyPressMsg, times int) Model {
	for i := 0; i < times; i++ {
		m, _ = m.Update(k)
	}
	return m
}

func TestRendersOnlyVisibleRows(t *testing.T) {
	m, src := newTable(t, 100000, 80, 12)
	v := tuitest.Plain(m.View())
	if len(src.read) != 10 {
		t.Fatalf("read %d rows, want the 10 visible ones", len(src.read))
	}
	lines := strings.Split(v, "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want 12:\n%s", len(lines), v)
	}
	for _, l := range lines {
		if lipgloss.Width(l) > 80 {
			t.Fatalf("line wider than 80: %q", l)
		}
	}
	if !strings.HasPrefix(lines[1], "> 0") || !strings.HasPrefix(lines[2], "  1") {
		t.Errorf("the cursor must be marked with '>':\n%s", v)
	}
	if !strings.Contains(lines[11], "row 1 of 100000") {
		t.Errorf("position line: %q", lines[11])
	}
}

func TestCursorAndPaging(t *testing.T) {
	m, _ := newTable(t, 25, 80, 12) // 10 rows per page
	down := tea.KeyPressMsg{Code: tea.KeyDown}
	m = press(m, down, 3)
	if m.Cursor() != 3 {
		t.Fatalf("cursor %d", m.Cursor())
	}
	m = press(m, tea.KeyPressMsg{Code: tea.KeyPgDown}, 1)
	if m.Cursor() != 13 {
		t.Fatalf("pgdown cursor %d", m.Cursor())
	}
	m = press(m, tea.KeyPressMsg{Code: tea.KeyPgDown}, 5)
	if m.Cursor() != 24 || !m.NearEnd() {
		t.Fatalf("pgdown must stop at the last row: %d", m.Cursor())
	}
	if !strings.Contains(tuitest.Plain(m.View()), "> 24") {
		t.Fatalf("last row must be visible and selected:\n%s", tuitest.Plain(m.View()))
	}
	m = press(m, tea.KeyPressMsg{Code: 'g', Text: string('g')}, 1)
	if m.Cursor() != 0 || m.NearEnd() {
		t.Fatalf("g must go to the first row: %d", m.Cursor())
	}
	m = press(m, tea.KeyPressMsg{Code: tea.KeyUp}, 3)
	if m.Cursor() != 0 {
		t.Fatal("up at the top stays")
	}
	m = press(m, tea.KeyPressMsg{Code: 'G', Text: string('G')}, 1)
	if got := m.Selected(); got[0] != "24" {
		t.Fatalf("selected %v", got)
	}
	m.SetSource(Rows{{"only"}})
	if m.Cursor() != 0 {
		t.Fatal("cursor must be clamped when rows shrink")
	}
}

func TestEmptyTable(t *testing.T) {
	m, _ := newTable(t, 0, 40, 5)
	m.Empty = "No transactions yet."
	if !strings.Contains(tuitest.Plain(m.View()), "No transactions yet.") || m.Selected() != nil {
		t.Fatal("empty table must say so")
	}
}
