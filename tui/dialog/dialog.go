// Package dialog provides the small modal dialogs of purse's terminal UI: a yes/no
// confirmation, an information box and an error box that always says what to do next.
// They implement kit.Dialog and are pushed with kit.Push.
package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/internal/visible"
	"purse/tui/kit"
)

// maxWidth is the widest a small dialog grows, borders included.
const maxWidth = 72

// ConfirmResult is the message a Confirm dialog returns when it closes.
type ConfirmResult struct {
	ID        string
	Confirmed bool
}

// Confirm is a yes/no question: y confirms, n or esc cancels, Enter does nothing.
type Confirm struct {
	env     *kit.Env
	id      string
	title   string
	body    string
	yes, no key.Binding
	w, h    int
	closed  bool
}

// NewConfirm returns a confirmation dialog; id comes back in ConfirmResult. yesLabel
// describes what y does ("block the card").
func NewConfirm(env *kit.Env, id, title, body, yesLabel string) *Confirm {
	if yesLabel == "" {
		yesLabel = "confirm"
	}
	return &Confirm{
		env:   env,
		id:    id,
		title: title,
		body:  body,
		yes:   kit.WithHelp(env.Keys.Yes, yesLabel),
		no:    kit.WithHelp(env.Keys.No, "cancel"),
	}
}

// Update implements kit.Dialog.
func (c *Confirm) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || c.closed {
		return c, nil
	}
	switch {
	case key.Matches(k, c.yes):
		c.closed = true
		return c, result(ConfirmResult{ID: c.id, Confirmed: true})
	case key.Matches(k, c.no):
		c.closed = true
		return c, result(ConfirmResult{ID: c.id})
	}
	return c, nil
}

func result(m tea.Msg) tea.Cmd { return func() tea.Msg { return m } }

// View implements kit.Dialog.
func (c *Confirm) View() string {
	s := c.env.Styles
	foot := s.Bold.Render("y") + " " + c.yes.Help().Desc + " • " + s.Bold.Render("n/esc") + " cancel • enter does nothing here"
	return Frame(s, c.w, c.h, c.title, c.body, foot, false)
}

// SetSize implements kit.Dialog.
func (c *Confirm) SetSize(w, h int) { c.w, c.h = w, h }

// Title implements kit.Dialog.
func (c *Confirm) Title() string { return c.title }

// ShortHelp implements kit.Dialog.
func (c *Confirm) ShortHelp() []key.Binding { return []key.Binding{c.yes, c.no} }

// FullHelp implements kit.Dialog.
func (c *Confirm) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }

// Closed implements kit.Dialog.
func (c *Confirm) Closed() bool { return c.closed }

// Info shows a message until esc or enter; the text is shown exactly (escaped, wrapped).
type Info struct {
	env      *kit.Env
	verbatim bool
	title    string
	body     string
	note     string
	close    key.Binding
	w, h     int
	closed   bool
}

// NewInfo returns an information dialog; the body is word-wrapped prose.
func NewInfo(env *kit.Env, title, body string) *Info {
	return &Info{
		env:   env,
		title: title,
		body:  body,
		close: key.NewBinding(key.WithKeys(append(env.Keys.Back.Keys(), env.Keys.Select.Keys()...)...), key.WithHelp("esc/enter", "close")),
	}
}

// NewValue returns an information dialog that shows value exactly (every character
// visible, wrapped without loss) above the note: used to show what was copied.
func NewValue(env *kit.Env, title, value, note string) *Info {
	d := NewInfo(env, title, value)
	d.verbatim = true
	d.note = note
	return d
}

// NewError returns an error dialog: what failed, the error, and what to do next.
func NewError(env *kit.Env, what string, err error, next string) *Info {
	msg, derived := env.Explain(err) // escaped; the caller's next is escaped here
	if next = visible.Line(next); next == "" {
		next = derived
	}
	if err == nil {
		msg = "(no details)"
	}
	d := NewInfo(env, env.Styles.Marks.Error+": "+visible.Line(what), msg+"\n\nWhat to do: "+next)
	return d
}

// Update implements kit.Dialog.
func (d *Info) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, d.close) {
		d.closed = true
	}
	return d, nil
}

// View implements kit.Dialog.
func (d *Info) View() string {
	foot := d.env.Styles.Bold.Render("esc/enter") + " close"
	if d.note != "" {
		foot = d.note + "\n\n" + foot
	}
	return Frame(d.env.Styles, d.w, d.h, d.title, d.body, foot, d.verbatim)
}

// SetSize implements kit.Dialog.
func (d *Info) SetSize(w, h int) { d.w, d.h = w, h }

// Title implements kit.Dialog.
func (d *Info) Title() string { return d.title }

// ShortHelp implements kit.Dialog.
func (d *Info) ShortHelp() []key.Binding { return []key.Binding{d.close} }

// FullHelp implements kit.Dialog.
func (d *Info) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// Closed implements kit.Dialog.
func (d *Info) Closed() bool { return d.closed }

// Frame draws a bordered box centred in w×h with a title, a body and a footer. A verbatim
// body is escaped so every character is visible and wrapped without losing any; otherwise
// it is word-wrapped prose. Lines that do not fit the height are replaced by a "more" mark.
func Frame(s *kit.Styles, w, h int, title, body, foot string, verbatim bool) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	boxW := min(w, maxWidth)
	inner := max(boxW-s.Dialog.GetHorizontalFrameSize(), 1)
	var lines []string
	for _, t := range kit.WrapWords(title, inner) {
		lines = append(lines, s.DialogTitle.Render(t))
	}
	lines = append(lines, "")
	if verbatim {
		esc, _ := visible.Escape(body)
		for _, l := range strings.Split(esc, "\n") {
			lines = append(lines, kit.Wrap(l, inner)...)
		}
	} else {
		for _, l := range strings.Split(body, "\n") {
			if m := listMark(l); m != "" {
				// A list item keeps its mark and wraps under its text.
				lines = append(lines, kit.HangWords(m, l[len(m):], inner)...)
				continue
			}
			lines = append(lines, kit.WrapWords(l, inner)...)
		}
	}
	return box(s, w, h, inner, lines, foot)
}

// listMark is the mark a body line starts a list item with ("  • "), or "".
func listMark(l string) string {
	t := strings.TrimLeft(l, " ")
	for _, m := range []string{"• ", "- "} {
		if strings.HasPrefix(t, m) {
			return l[:len(l)-len(t)] + m
		}
	}
	return ""
}

// frameLines is Frame for a body of lines drawn to fit already (a list's rows, styled): they
// are neither wrapped nor escaped again. An empty title leaves the body at the top (the
// list's table heads itself).
func frameLines(s *kit.Styles, w, h int, title, body, foot string) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	inner := max(min(w, maxWidth)-s.Dialog.GetHorizontalFrameSize(), 1)
	var lines []string
	if title != "" {
		for _, t := range kit.WrapWords(title, inner) {
			lines = append(lines, s.DialogTitle.Render(t))
		}
		lines = append(lines, "")
	}
	lines = append(lines, strings.Split(body, "\n")...)
	return box(s, w, h, inner, lines, foot)
}

// box puts the title and body lines above the footer in the dialog's border, centred.
func box(s *kit.Styles, w, h, inner int, lines []string, foot string) string {
	lines = append(lines, "")
	var footLines []string
	for _, l := range strings.Split(foot, "\n") {
		footLines = append(footLines, kit.WrapWords(l, inner)...)
	}
	maxBody := h - s.Dialog.GetVerticalFrameSize() - len(footLines)
	if maxBody < 1 {
		maxBody = 1
	}
	if len(lines) > maxBody {
		lines = append(lines[:maxBody-1], s.Muted.Render("… "+s.Marks.More))
	}
	lines = append(lines, footLines...)
	// lipgloss v2's Width is the whole block's, border included.
	b := s.Dialog.Width(inner + s.Dialog.GetHorizontalPadding() + s.Dialog.GetHorizontalBorderSize()).Render(strings.Join(lines, "\n"))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, b)
}
