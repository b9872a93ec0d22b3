package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/internal/qrtext"
	"purse/tui/kit"
)

// QR shows a value as a QR code a phone wallet scans, with the value exactly below it. c
// copies the value (OSC52) without closing.
type QR struct {
	env   *kit.Env
	title string
	value string
	lines []string
	// tight is the code with the narrowest margin (qrtext.TightQuiet), drawn alone when the
	// code and the value do not fit: a longer value (an EPC payment code) at 80×24.
	tight   []string
	err     error
	close   key.Binding
	copyKey key.Binding
	w, h    int
	closed  bool
}

// NewQR returns the QR dialog of value.
func NewQR(env *kit.Env, title, value string) *QR {
	lines, err := qrtext.Lines(value)
	tight, _ := qrtext.LinesQuiet(value, qrtext.TightQuiet)
	return &QR{
		env: env, title: title, value: value, lines: lines, tight: tight, err: err,
		close:   key.NewBinding(key.WithKeys(append(env.Keys.Back.Keys(), env.Keys.Select.Keys()...)...), key.WithHelp("esc/enter", "close")),
		copyKey: kit.WithHelp(env.Keys.Copy, "copy the value"),
	}
}

// Update implements kit.Dialog.
func (d *QR) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, d.close):
		d.closed = true
	case key.Matches(k, d.copyKey):
		return d, func() tea.Msg { return kit.CopyMsg{Label: d.title, Value: d.value} }
	}
	return d, nil
}

// View implements kit.Dialog: the code without a frame (a border would crowd the quiet
// zone) and the value below it, centred; the router's rule shows the title and its footer
// the keys, so the code fits the body of an 80×24 terminal.
func (d *QR) View() string {
	st := d.env.Styles
	if d.err != nil {
		return Frame(st, d.w, d.h, d.title, d.err.Error(), st.Bold.Render("esc/enter")+" close", false)
	}
	codeW := lipgloss.Width(d.lines[0])
	need := len(d.lines) + 1
	code, withValue := d.lines, true
	if d.w < codeW || d.h < need {
		// The code alone, with the narrowest margin, when that fits: c copies the value.
		if len(d.tight) == 0 || d.w < lipgloss.Width(d.tight[0]) || d.h < len(d.tight) {
			return Frame(st, d.w, d.h, d.title, fmt.Sprintf("The window is too small for the QR code: it needs %d columns and %d lines (now %d×%d). The value:\n%s", codeW, need, d.w, d.h, d.value),
				st.Bold.Render("esc/enter")+" close", false)
		}
		code, withValue = d.tight, false
	}
	var out []string
	for _, l := range code {
		out = append(out, st.QR.Render(l))
	}
	if withValue {
		out = append(out, kit.Wrap(d.value, d.w)...)
	}
	return lipgloss.Place(d.w, d.h, lipgloss.Center, lipgloss.Center, lipgloss.JoinVertical(lipgloss.Center, strings.Join(out, "\n")))
}

// SetSize implements kit.Dialog.
func (d *QR) SetSize(w, h int) { d.w, d.h = w, h }

// Title implements kit.Dialog.
func (d *QR) Title() string { return d.title }

// ShortHelp implements kit.Dialog.
func (d *QR) ShortHelp() []key.Binding { return []key.Binding{d.copyKey, d.close} }

// FullHelp implements kit.Dialog.
func (d *QR) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Closed implements kit.Dialog.
func (d *QR) Closed() bool { return d.closed }
