package tui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/internal/visible/visibletest"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
	"purse/tui/table"
)

// TestHostileTextInTheFooterAndTables: an error, its advice and a status carrying terminal
// control codes show escaped in the footer, and so does every cell of a table.
func TestHostileTextInTheFooterAndTables(t *testing.T) {
	h := visibletest.Text
	env := newTestEnv(t)
	m := NewModel(env, newFake("A"))
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(kit.ErrorMsg{What: "reading", Err: errors.New("retMsg " + h), Next: "next " + h})
	v := frameOf(m)
	visibletest.Verify(t, "footer with an error", v)
	if !strings.Contains(v, "retMsg ␛[2J") {
		t.Errorf("the error is shown escaped:\n%s", v)
	}
	m.Update(kit.StatusMsg{Text: "done " + h})
	visibletest.Verify(t, "footer with a status", frameOf(m))

	tbl := table.New(env, table.Column{Title: "Title"}, table.Column{Title: "Status", Width: 12})
	tbl.SetSize(80, 6)
	tbl.SetSource(table.Rows{{"title " + h, h}, {h, "ok"}})
	v = tuitest.Plain(tbl.View())
	visibletest.Verify(t, "table", v)
	if !strings.Contains(v, "title ␛[2J") {
		t.Errorf("the cells are shown escaped:\n%s", v)
	}
}
