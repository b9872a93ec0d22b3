package txs

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/shopspring/decimal"

	apphistory "purse/app/history"
	"purse/internal/format"
	"purse/tui/kit"
)

// chart shows the money in and out per month of one currency as horizontal bars, each
// labelled with its exact sum; ←/→ switch the currency. The bars are drawn here with the
// theme's styles: asciigraph, the string-rendering chart library that links no Bubble Tea,
// draws line graphs that interpolate between months on a float axis, where a month's exact
// sum would no longer sit next to its picture.
type chart struct {
	env        *kit.Env
	flows      []apphistory.MonthFlow
	currencies []string
	cur        int
	close      key.Binding
	left       key.Binding
	right      key.Binding
	w, h       int
	closed     bool
}

// NewChart returns the chart dialog of flows (apphistory.Reader.Flows).
func NewChart(env *kit.Env, flows []apphistory.MonthFlow) kit.Dialog { return newChart(env, flows) }

func newChart(env *kit.Env, flows []apphistory.MonthFlow) *chart {
	c := &chart{
		env: env, flows: flows,
		close: key.NewBinding(key.WithKeys(append(env.Keys.Back.Keys(), env.Keys.Select.Keys()...)...), key.WithHelp("esc/enter", "close")),
		left:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "currency")),
		right: key.NewBinding(key.WithKeys("right", "l")),
	}
	records := map[string]int{}
	for _, f := range flows {
		if !slices.Contains(c.currencies, f.Currency) {
			c.currencies = append(c.currencies, f.Currency)
		}
		records[f.Currency] += f.Records
	}
	// The currency with the most records first: the account's own.
	for i, cur := range c.currencies {
		if records[cur] > records[c.currencies[c.cur]] {
			c.cur = i
		}
	}
	return c
}

func (c *chart) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || len(c.currencies) == 0 {
		if ok && key.Matches(k, c.close) {
			c.closed = true
		}
		return c, nil
	}
	switch {
	case key.Matches(k, c.close):
		c.closed = true
	case key.Matches(k, c.left):
		c.cur = (c.cur + len(c.currencies) - 1) % len(c.currencies)
	case key.Matches(k, c.right):
		c.cur = (c.cur + 1) % len(c.currencies)
	}
	return c, nil
}

// months are the flows of the shown currency month by month, a month without completed
// records as zero (a gap in the bars would read as a month that is not there), the latest
// that fit two rows each.
func (c *chart) months(rows int) []apphistory.MonthFlow {
	var ms []apphistory.MonthFlow
	for _, f := range c.flows {
		if f.Currency == c.currencies[c.cur] {
			ms = append(ms, f)
		}
	}
	ms = withEmptyMonths(ms)
	if n := max(rows/2, 1); len(ms) > n {
		ms = ms[len(ms)-n:]
	}
	return ms
}

// withEmptyMonths orders the flows of one currency by month and adds a zero flow for every
// month between the first and the last that has none. A month that does not parse as
// "2006-01" is kept as it is, in order, and fills no gap around it.
func withEmptyMonths(ms []apphistory.MonthFlow) []apphistory.MonthFlow {
	ms = slices.Clone(ms)
	slices.SortStableFunc(ms, func(a, b apphistory.MonthFlow) int { return strings.Compare(a.Month, b.Month) })
	var out []apphistory.MonthFlow
	for i, m := range ms {
		if i > 0 {
			prev, err1 := time.Parse("2006-01", ms[i-1].Month)
			cur, err2 := time.Parse("2006-01", m.Month)
			for next := prev.AddDate(0, 1, 0); err1 == nil && err2 == nil && next.Before(cur); next = next.AddDate(0, 1, 0) {
				out = append(out, apphistory.MonthFlow{Month: next.Format("2006-01"), Currency: m.Currency})
			}
		}
		out = append(out, m)
	}
	return out
}

// eighths are the partial block characters, one to seven eighths of a cell wide.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws v to the scale of top (the largest value shown) in at most width cells, to the
// eighth of a cell. The length is computed in decimal: the label next to it carries the
// exact sum, the bar is its picture.
func bar(v, top decimal.Decimal, width int) string {
	if !top.IsPositive() || !v.IsPositive() || width <= 0 {
		return ""
	}
	n := v.Mul(decimal.NewFromInt(int64(width) * 8)).Div(top).Round(0).IntPart()
	n = min(n, int64(width)*8)
	return strings.Repeat("█", int(n/8)) + eighths[n%8]
}

func (c *chart) View() string {
	st := c.env.Styles
	if len(c.currencies) == 0 {
		return lipgloss.Place(c.w, c.h, lipgloss.Center, lipgloss.Center, "No completed records to chart under this filter.")
	}
	head := "Currency " + c.currencies[c.cur]
	if len(c.currencies) > 1 {
		head += fmt.Sprintf("  (%d of %d: %s; ←/→ switch)", c.cur+1, len(c.currencies), strings.Join(c.currencies, " "))
	}
	foot := "Completed records; empty months show 0.00; bars scale to the largest month."
	ms := c.months(c.h - 3)
	if len(ms) == 0 {
		return head
	}
	width, top := 0, decimal.Zero
	for _, m := range ms {
		width = max(width, len(format.Amount(m.In, m.Currency)), len(format.Amount(m.Out, m.Currency)))
		top = decimal.Max(top, m.In, m.Out)
	}
	lines := []string{st.Bold.Render(kit.Truncate(head, c.w))}
	for _, m := range ms {
		for _, row := range []struct {
			label string
			v     decimal.Decimal
			style lipgloss.Style
		}{{m.Month + " in  ", m.In, st.StatusOK}, {"        out ", m.Out, st.StatusError}} {
			sum := format.Amount(row.v, m.Currency)
			label := row.label + strings.Repeat(" ", width-len(sum)) + sum + " "
			barW := c.w - kit.Width(label) - 1
			lines = append(lines, kit.Truncate(label, c.w)+st.Muted.Render("│")+row.style.Render(bar(row.v, top, barW)))
		}
	}
	lines = append(lines, st.Muted.Render(kit.Truncate(foot, c.w)))
	return strings.Join(lines, "\n")
}

func (c *chart) SetSize(w, h int)          { c.w, c.h = w, h }
func (c *chart) Title() string             { return "Money in and out per month" }
func (c *chart) ShortHelp() []key.Binding  { return []key.Binding{c.left, c.close} }
func (c *chart) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }
func (c *chart) Closed() bool              { return c.closed }
