package txs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/NimbleMarkets/ntcharts/barchart"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"purse/app"
	"purse/tui/kit"
)

// chart shows the money in and out per month of one currency as horizontal bars (ntcharts),
// each bar labelled with its exact sum; ←/→ switch the currency.
type chart struct {
	env        *kit.Env
	flows      []app.MonthFlow
	currencies []string
	cur        int
	close      key.Binding
	left       key.Binding
	right      key.Binding
	w, h       int
	closed     bool
}

// NewChart returns the chart dialog of flows (app.MonthlyFlows).
func NewChart(env *kit.Env, flows []app.MonthFlow) kit.Dialog { return newChart(env, flows) }

func newChart(env *kit.Env, flows []app.MonthFlow) *chart {
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
	k, ok := msg.(tea.KeyMsg)
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

// months are the flows of the shown currency, the latest that fit two rows each.
func (c *chart) months(rows int) []app.MonthFlow {
	var ms []app.MonthFlow
	for _, f := range c.flows {
		if f.Currency == c.currencies[c.cur] {
			ms = append(ms, f)
		}
	}
	if n := max(rows/2, 1); len(ms) > n {
		ms = ms[len(ms)-n:]
	}
	return ms
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
	foot := "Completed records only; bars to the scale of the largest month shown."
	ms := c.months(c.h - 3)
	if len(ms) == 0 {
		return head
	}
	// Labels carry the exact decimal sums; the bars are only their picture, so converting
	// to float64 for the chart's lengths loses nothing that is shown as a number.
	var labels [][2]string
	width := 0
	for _, m := range ms {
		in, out := m.In.StringFixed(2), m.Out.StringFixed(2)
		labels = append(labels, [2]string{m.Month + " in  ", in}, [2]string{"        out ", out})
		width = max(width, len(in), len(out))
	}
	var data []barchart.BarData
	var top float64
	for i, l := range labels {
		m := ms[i/2]
		v, style := m.In, st.StatusOK
		if i%2 == 1 {
			v, style = m.Out, st.StatusError
		}
		f, _ := v.Float64()
		top = max(top, f)
		data = append(data, barchart.BarData{
			Label:  l[0] + strings.Repeat(" ", width-len(l[1])) + l[1] + " ",
			Values: []barchart.BarValue{{Name: l[0], Value: f, Style: style}},
		})
	}
	if top == 0 {
		top = 1
	}
	bc := barchart.New(max(c.w, 20), len(data),
		barchart.WithNoAutoBarWidth(), barchart.WithBarWidth(1), barchart.WithBarGap(0),
		barchart.WithNoAutoMaxValue(), barchart.WithMaxValue(top), barchart.WithStyles(st.Muted, st.Body))
	bc.PushAll(data)
	// Horizontal once the data is in: the label column and the scale are measured then
	// (WithHorizontalBars at New measures no labels).
	bc.SetHorizontal(true)
	bc.Draw()
	return strings.Join([]string{st.Bold.Render(kit.Truncate(head, c.w)), bc.View(), st.Muted.Render(kit.Truncate(foot, c.w))}, "\n")
}

func (c *chart) SetSize(w, h int)          { c.w, c.h = w, h }
func (c *chart) Title() string             { return "Money in and out per month" }
func (c *chart) ShortHelp() []key.Binding  { return []key.Binding{c.left, c.close} }
func (c *chart) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }
func (c *chart) Closed() bool              { return c.closed }
