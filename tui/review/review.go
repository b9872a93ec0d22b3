// Package review is the signing review of purse's terminal UI: the one component every
// signing flow (full-auth request, EIP-2612 permit, Form A, mint consent, Solana deposit)
// shows before it signs. It renders exactly what will be signed — every character visible,
// long values wrapped but never cut — in a scrollable viewport, and answers with a Decision
// message: y approves; n or esc cancels; Enter, space and every other key do nothing.
package review

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	doc "purse/app/review"
	"purse/internal/visible"
	"purse/tui/kit"
)

// The document a review shows is the application layer's (app/review): the same one the
// CLI prints and the agent will show.
type (
	Kind    = doc.Kind
	Field   = doc.Field
	Block   = doc.Block
	Section = doc.Section
	Request = doc.Request
)

// The kinds of signature purse makes.
const (
	KindFullAuth    = doc.KindFullAuth
	KindMintConsent = doc.KindMintConsent
	KindPermit      = doc.KindPermit
	KindFormA       = doc.KindFormA
	KindSolana      = doc.KindSolana
)

// Decision is the message the review returns when it closes.
type Decision struct {
	ID       string
	Kind     Kind
	Approved bool
}

// Model is the review dialog; it implements kit.Dialog.
type Model struct {
	env     *kit.Env
	req     Request
	vp      viewport.Model
	approve key.Binding
	cancel  key.Binding
	w, h    int
	lines   int
	escaped int
	notice  string
	closed  bool
}

// New returns the review of req.
func New(env *kit.Env, req Request) *Model {
	k := env.Keys
	m := &Model{
		env:     env,
		req:     req,
		approve: kit.WithHelp(k.Yes, "sign"),
		cancel:  kit.WithHelp(k.No, "cancel"),
		vp:      viewport.New(),
	}
	if len(req.Blocked) > 0 {
		m.approve.SetEnabled(false)
	}
	m.vp.KeyMap = viewport.KeyMap{
		Up:           k.Up,
		Down:         k.Down,
		PageUp:       k.PageUp,
		PageDown:     k.PageDown,
		HalfPageUp:   key.NewBinding(key.WithDisabled()),
		HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left:         key.NewBinding(key.WithDisabled()),
		Right:        key.NewBinding(key.WithDisabled()),
	}
	m.vp.MouseWheelEnabled = false
	return m
}

// Open returns a command that pushes the review of req on the dialog stack.
func Open(env *kit.Env, req Request) tea.Cmd { return kit.Push(New(env, req)) }

// Request returns the request under review.
func (m *Model) Request() Request { return m.req }

// Update implements kit.Dialog. Only y approves; only n and esc cancel.
func (m *Model) Update(msg tea.Msg) (kit.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || m.closed {
		return m, nil
	}
	keys := m.env.Keys
	switch {
	case key.Matches(k, m.approve):
		m.closed = true
		return m, decide(Decision{ID: m.req.ID, Kind: m.req.Kind, Approved: true})
	case key.Matches(k, m.cancel):
		m.closed = true
		return m, decide(Decision{ID: m.req.ID, Kind: m.req.Kind})
	case key.Matches(k, keys.Yes):
		m.notice = m.env.Styles.Marks.Blocked + " signing is refused; press n or esc to close"
	case key.Matches(k, keys.Top):
		m.vp.GotoTop()
	case key.Matches(k, keys.Bottom):
		m.vp.GotoBottom()
	case key.Matches(k, keys.Up, keys.Down, keys.PageUp, keys.PageDown):
		m.vp, _ = m.vp.Update(k)
		m.notice = ""
	case key.Matches(k, keys.Select):
		m.notice = "Enter does not sign: press y to sign or n to cancel."
	}
	return m, nil
}

func decide(d Decision) tea.Cmd { return func() tea.Msg { return d } }

// SetSize implements kit.Dialog; the review uses the whole body area.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = w, h
	m.vp.SetWidth(max(w, 1))
	m.vp.SetHeight(max(h-len(m.headerLines())-footerLines, 1))
	off := m.vp.YOffset()
	content := m.content(max(w, 20))
	m.vp.SetContent(content)
	m.vp.SetYOffset(off)
}

const footerLines = 2

// Title implements kit.Dialog.
func (m *Model) Title() string { return "Review: " + m.req.Title }

// ShortHelp implements kit.Dialog.
func (m *Model) ShortHelp() []key.Binding {
	k := m.env.Keys
	return []key.Binding{m.approve, m.cancel, k.Down, k.PageDown}
}

// FullHelp implements kit.Dialog.
func (m *Model) FullHelp() [][]key.Binding {
	return [][]key.Binding{{m.approve, m.cancel}, m.env.Keys.Movement()}
}

// Closed implements kit.Dialog.
func (m *Model) Closed() bool { return m.closed }

func (m *Model) headerLines() []string {
	s := m.env.Styles
	w := max(m.w, 1)
	var out []string
	for _, l := range kit.WrapWords("SIGNING REVIEW: "+m.req.Title, w) {
		out = append(out, s.Title.Render(l))
	}
	for _, l := range kit.WrapWords("Signs: "+string(m.req.Kind), w) {
		out = append(out, s.Muted.Render(l))
	}
	return append(out, s.Rule.Render(strings.Repeat("─", w)))
}

// View implements kit.Dialog.
func (m *Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	s := m.env.Styles
	var b strings.Builder
	for _, l := range m.headerLines() {
		b.WriteString(l + "\n")
	}
	b.WriteString(m.vp.View() + "\n")

	first := m.vp.YOffset() + 1
	last := min(m.vp.YOffset()+m.vp.Height(), m.lines)
	pos := fmt.Sprintf("lines %d-%d of %d", first, last, m.lines)
	if !m.vp.AtBottom() {
		pos += "  v " + s.Marks.More + " (pgdn/j)"
	} else {
		pos += "  (end)"
	}
	b.WriteString(s.Rule.Render(kit.Truncate(pos, m.w)) + "\n")

	switch {
	case m.notice != "":
		b.WriteString(s.Hint.Render(kit.Truncate(m.notice, m.w)))
	case len(m.req.Blocked) > 0:
		b.WriteString(s.Danger.Render(s.Marks.Blocked+" signing refused") + " • n/esc close")
	default:
		b.WriteString(s.Bold.Render("y") + " sign • " + s.Bold.Render("n/esc") + " cancel • enter does nothing")
	}
	return b.String()
}

// content renders the request as lines no wider than w.
func (m *Model) content(w int) string {
	s := m.env.Styles
	var out []string
	// prose is the review's own text and the flow's purpose/warnings: word-wrapped
	prose := func(style func(...string) string, text string) {
		esc, n := visible.Escape(text)
		m.escaped += n
		for _, l := range strings.Split(esc, "\n") {
			for _, p := range kit.WrapWords(l, w) {
				out = append(out, style(p))
			}
		}
	}
	m.escaped = 0
	if m.req.Purpose != "" {
		prose(s.Body.Render, m.req.Purpose)
		out = append(out, "")
	}
	for _, r := range m.req.Blocked {
		prose(s.Danger.Render, s.Marks.Blocked+" "+r)
	}
	for _, wn := range m.req.Warnings {
		prose(s.Warning.Render, s.Marks.Warning+": "+wn)
	}
	if len(m.req.Blocked)+len(m.req.Warnings) > 0 {
		out = append(out, "")
	}
	for i, sec := range m.req.Sections {
		if i > 0 {
			out = append(out, "")
		}
		if sec.Heading != "" {
			h := "── " + sec.Heading + " "
			out = append(out, s.Title.Render(h+strings.Repeat("─", max(w-kit.Width(h), 0))))
		}
		out = append(out, m.fields(sec.Fields, w)...)
		if sec.Block != nil {
			out = append(out, m.block(*sec.Block, w)...)
		}
	}
	if m.escaped > 0 {
		out = append(out, "")
		prose(s.Warning.Render, fmt.Sprintf("%s: %d invisible or ambiguous character(s) are shown as control pictures (␉ ␍ ␛ ...) or ⟨U+XXXX⟩ / ⟨0xNN⟩; they are signed as the original characters.", s.Marks.Warning, m.escaped))
	}
	m.lines = len(out)
	return strings.Join(out, "\n")
}

func (m *Model) fields(fs []Field, w int) []string {
	s := m.env.Styles
	lw := 0
	for _, f := range fs {
		lw = max(lw, kit.Width(f.Label))
	}
	lw = min(lw, max(w/3, 8))
	vw := max(w-lw-2, 8)
	var out []string
	for _, f := range fs {
		v := f.Value
		if v == "" {
			v = "(empty)"
		}
		if f.Note != "" {
			v += "   " + f.Note
		}
		// A field is one line: a newline in its value (a client's name, a route) is shown
		// as ␊, as the CLI's review shows it, so it cannot start what reads as a line of
		// its own.
		_, n := visible.Escape(v)
		m.escaped += n + strings.Count(v, "\n")
		labels := kit.Wrap(f.Label, lw)
		wrapped := kit.WrapAtSpaces(visible.Line(v), vw)
		parts := wrapped[:1]
		// continuation pieces carry the wrap mark so they are not read as new values
		if len(wrapped) > 1 {
			for _, p := range kit.WrapAtSpaces(strings.Join(wrapped[1:], ""), vw-2) {
				parts = append(parts, s.Marks.Wrap+" "+p)
			}
		}
		for i := 0; i < max(len(labels), len(parts)); i++ {
			var l, p string
			if i < len(labels) {
				l = labels[i]
			}
			if i < len(parts) {
				p = parts[i]
			}
			out = append(out, s.Label.Render(kit.Pad(l, lw))+"  "+s.Value.Render(p))
		}
	}
	return out
}

func (m *Model) block(b Block, w int) []string {
	s := m.env.Styles
	var out []string
	lines := strings.Split(b.Text, "\n")
	desc := fmt.Sprintf("%s (%d bytes, %d line(s), shown exactly):", b.Label, len(b.Text), len(lines))
	if b.Text == "" {
		desc = b.Label + " (empty: 0 bytes)"
	}
	for _, l := range kit.WrapWords(desc, w) {
		out = append(out, s.Bold.Render(l))
	}
	if b.Text == "" {
		return out
	}
	nw := len(strconv.Itoa(len(lines)))
	tw := max(w-nw-2, 8)
	for i, l := range lines {
		esc, n := visible.Escape(l)
		m.escaped += n
		for j, p := range kit.WrapAtSpaces(esc, tw) {
			g := fmt.Sprintf("%*d│ ", nw, i+1)
			if j > 0 {
				g = kit.Pad("", nw-1) + s.Marks.Wrap + "│ "
			}
			out = append(out, s.Gutter.Render(g)+s.Verbatim.Render(p))
		}
	}
	end := "└ end of text"
	if strings.HasSuffix(b.Text, "\n") {
		end += " (it ends with a newline; the last numbered line is empty)"
	} else {
		end += " (no newline at the end)"
	}
	for _, l := range kit.WrapWords(end, w) {
		out = append(out, s.Gutter.Render(l))
	}
	return out
}
