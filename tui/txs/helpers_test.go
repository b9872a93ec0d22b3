package txs

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/shopspring/decimal"

	"purse/enduser"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// newTestScreen is a screen without services (its views read through tuitest.Plain).
func newTestScreen(t *testing.T, w, h int) *Screen {
	t.Helper()
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, t.TempDir())
	s := newScreen(env, Services{})
	s.SetSize(w, h)
	return s
}

// record i of a deterministic history, newest first.
func record(i int) enduser.Transaction {
	dirs := []string{"IN", "OUT"}
	types := []string{"CTU", "CRD", "P2P", "CWD"}
	amt := decimal.New(int64(1000+i*37), -2)
	if i%2 == 1 {
		amt = amt.Neg()
	}
	return enduser.Transaction{
		ID: enduser.Int(1000 - i), SvcID: "42", Title: fmt.Sprintf("Record number %d", i), Type: types[i%len(types)],
		Amount: enduser.NewAmount(amt), Timestamp: enduser.Int(1714557600 - int64(i)*3600), Currency: "eur",
		Direction: dirs[i%2], TxHash: fmt.Sprintf("0x%064x", i+1), ChainID: "eip155:31337", Status: "completed",
		Notes: "seeded",
	}
}

// page returns records [from, from+n) with the flags of a server page.
func page(from, n int, hasPrev, hasNext bool) *enduser.TxPage {
	p := &enduser.TxPage{HasPrevPage: hasPrev, HasNextPage: hasNext, CurrentPageSize: enduser.Int(n)}
	for i := from; i < from+n; i++ {
		p.Transactions = append(p.Transactions, record(i))
	}
	first, last := record(from), record(from+n-1)
	if hasPrev {
		p.PrevCursor = enduser.Cursor{Timestamp: first.Timestamp, ID: first.ID}
	}
	if hasNext {
		p.NextCursor = enduser.Cursor{Timestamp: last.Timestamp, ID: last.ID}
	}
	return p
}

// reply answers the screen's running page request.
func reply(s *Screen, act action, p *enduser.TxPage) tea.Cmd {
	_, cmd := s.Update(kit.TaskResult[pageResult]{ID: s.pageTask, Slot: slotPage, Value: pageResult{Act: act, Page: p}})
	return cmd
}

func runes(r string) tea.KeyPressMsg { return tuitest.Runes(r) }

func keyOf(code rune, mod ...tea.KeyMod) tea.KeyPressMsg { return tuitest.Key(code, mod...) }

func press(s *Screen, msgs ...tea.Msg) tea.Cmd {
	var last tea.Cmd
	for _, m := range msgs {
		_, last = s.Update(m)
	}
	return last
}

// typeText types text into the focused field.
func typeText(s *Screen, text string) {
	for _, r := range text {
		s.Update(runes(string(r)))
	}
}

// drive runs cmd like the router does: task replies go back to the screen (whose commands
// run in turn); every other message is returned.
func drive(t *testing.T, s *Screen, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := tuitest.Flatten(cmd)
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if r, ok := m.(kit.TaskReply); ok {
			if !s.env.Tasks.Finish(r.Ref()) {
				continue
			}
			if err := r.Ref().Err; err != nil {
				t.Fatalf("%s: %v", r.Ref().Label, err)
			}
			_, c := s.Update(m)
			queue = append(queue, tuitest.Flatten(c)...)
			continue
		}
		out = append(out, m)
	}
	return out
}

func checkWidth(t *testing.T, v string, w int) {
	t.Helper()
	for _, l := range strings.Split(v, "\n") {
		if lipgloss.Width(l) > w {
			t.Errorf("line wider than %d: %q", w, l)
		}
	}
}
