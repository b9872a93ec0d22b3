package txs

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	apphistory "purse/app/history"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func sampleFlows() []apphistory.MonthFlow {
	d := decimal.RequireFromString
	return []apphistory.MonthFlow{
		{Month: "2026-11", Currency: "CHF", In: d("12.00"), Out: d("3.40"), Records: 2},
		{Month: "2026-09", Currency: "EUR", In: d("1200.50"), Out: d("300"), Records: 5},
		{Month: "2026-10", Currency: "EUR", In: d("0"), Out: d("950.25"), Records: 3},
		{Month: "2026-11", Currency: "EUR", In: d("40.10"), Out: d("0.99"), Records: 2},
	}
}

// TestChartShowsExactSumsAndSwitchesCurrency: each bar is labelled with its exact sum; the
// largest bar fills the width; ←/→ switch the currency; a short window shows the latest
// months.
func TestChartShowsExactSumsAndSwitchesCurrency(t *testing.T) {
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, t.TempDir())
	c := newChart(env, sampleFlows())
	c.SetSize(80, 19)
	v := tuitest.Plain(c.View())
	for _, want := range []string{"Currency EUR", "CHF EUR", "2026-09 in  1200.50", "out  300.00", "2026-10 in     0.00", "out  950.25", "2026-11 in    40.10"} {
		if !strings.Contains(v, want) {
			t.Fatalf("chart lacks %q:\n%s", want, v)
		}
	}
	lines := strings.Split(v, "\n")
	longest := 0
	for _, l := range lines {
		longest = max(longest, strings.Count(l, "█"))
	}
	if longest < 40 {
		t.Fatalf("the largest month does not fill the width (%d blocks):\n%s", longest, v)
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if v := tuitest.Plain(c.View()); !strings.Contains(v, "Currency CHF") || !strings.Contains(v, "12.00") || strings.Contains(v, "1200.50") {
		t.Fatalf("after →:\n%s", v)
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
	c.SetSize(80, 7) // room for two months
	if v := tuitest.Plain(c.View()); strings.Contains(v, "2026-09") || !strings.Contains(v, "2026-11") {
		t.Fatalf("a short window shows the latest months:\n%s", v)
	}
	empty := newChart(env, nil)
	empty.SetSize(80, 19)
	if !strings.Contains(tuitest.Plain(empty.View()), "No completed records") {
		t.Fatalf("empty chart:\n%s", tuitest.Plain(empty.View()))
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
	if !c.Closed() {
		t.Fatal("esc does not close")
	}
}

// TestChartShowsEmptyMonthsAsZero: a month without completed records between two that have
// some is drawn as 0.00 in and out, not skipped; months come in calendar order, across a
// year's end, whatever the order of the flows.
func TestChartShowsEmptyMonthsAsZero(t *testing.T) {
	d := decimal.RequireFromString
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, t.TempDir())
	c := newChart(env, []apphistory.MonthFlow{
		{Month: "2027-02", Currency: "EUR", In: d("5"), Out: d("1"), Records: 2},
		{Month: "2026-11", Currency: "EUR", In: d("10"), Out: d("2.50"), Records: 3},
	})
	c.SetSize(80, 20)
	v := tuitest.Plain(c.View())
	var months []string
	for _, l := range strings.Split(v, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[1] == "in" {
			months = append(months, f[0]+" "+f[2])
		}
	}
	want := []string{"2026-11 10.00", "2026-12 0.00", "2027-01 0.00", "2027-02 5.00"}
	if strings.Join(months, ",") != strings.Join(want, ",") {
		t.Fatalf("months %q, want %q:\n%s", months, want, v)
	}
	if !strings.Contains(v, "2026-12 in   0.00 │\n        out  0.00 │\n") {
		t.Fatalf("an empty month has no bar and 0.00 in and out:\n%s", v)
	}
}
