package tui

import (
	"context"
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/tui/home"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// benchModel is a 120×40 router whose active screen is a transactions table holding n
// loaded records.
func benchModel(b *testing.B, n int) *Model {
	b.Helper()
	env := newTestEnv(b)
	m := NewModel(env, home.New(env), newTxScreen(env, n))
	tuitest.Flatten(m.Init())
	send(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	send(m, runes("2"))
	send(m, keyOf(tea.KeyPgDown))
	return m
}

// BenchmarkTransactionsView measures one frame of the transactions screen; only visible
// rows are rendered, so records=100000 must cost about the same as records=100.
func BenchmarkTransactionsView(b *testing.B) {
	for _, n := range []int{100, 100000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			m := benchModel(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = m.View()
			}
		})
	}
}

// BenchmarkColdStart measures building the environment and the root model with the
// default screens up to the first frame.
func BenchmarkColdStart(b *testing.B) {
	a := tuitest.OfflineServices(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		env := kit.NewEnv(context.Background(), testSession, "/tmp/purse", nil)
		m := NewModel(env, DefaultScreens(env, a)...)
		m.Init()
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		_ = m.View()
	}
}

// BenchmarkKeyPressToFrame measures a key press (cursor down or up in a table of 100,000
// records) through the router plus the frame that follows.
func BenchmarkKeyPressToFrame(b *testing.B) {
	m := benchModel(b, 100000)
	keys := []tea.KeyPressMsg{keyOf(tea.KeyDown), keyOf(tea.KeyUp)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Update(keys[i%2])
		_ = m.View()
	}
}
