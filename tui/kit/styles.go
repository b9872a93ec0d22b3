package kit

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// Marks are the text marks that carry state without colour (NO_COLOR=1): a screen never
// signals state by colour alone.
type Marks struct {
	Cursor    string // in front of the selected row
	NoCursor  string // same width, other rows
	Checked   string
	Unchecked string
	Blocked   string
	Busy      string // before a running task when no spinner frame is available
	OK        string
	Error     string
	Warning   string
	More      string // more content below
	Wrap      string // gutter of a visually wrapped continuation line
}

// Styles is the one styles struct of the application; no other file declares colours.
// Colours are the terminal's 16 ANSI colours so the user's theme applies; lipgloss drops
// them (and every other attribute) when NO_COLOR is set or the output is not a terminal.
type Styles struct {
	Marks Marks

	App       lipgloss.Style
	Brand     lipgloss.Style
	Tab       lipgloss.Style
	TabActive lipgloss.Style
	Rule      lipgloss.Style
	Title     lipgloss.Style

	Body  lipgloss.Style
	Muted lipgloss.Style
	Bold  lipgloss.Style

	FooterLabel lipgloss.Style
	FooterValue lipgloss.Style
	StatusBusy  lipgloss.Style
	StatusError lipgloss.Style
	StatusOK    lipgloss.Style
	Hint        lipgloss.Style

	Dialog      lipgloss.Style
	DialogTitle lipgloss.Style
	Danger      lipgloss.Style
	Warning     lipgloss.Style

	Label    lipgloss.Style
	Value    lipgloss.Style
	Verbatim lipgloss.Style
	Gutter   lipgloss.Style
	// QR pins a QR code's contrast (light modules white on black) whatever the theme.
	QR lipgloss.Style

	TableHeader   lipgloss.Style
	TableRow      lipgloss.Style
	TableSelected lipgloss.Style

	Spinner lipgloss.Style
	Help    help.Styles
}

// NewStyles builds the styles on renderer r; tests pass a renderer writing to io.Discard,
// which has the Ascii profile, so golden views contain no escape sequences.
func NewStyles(r *lipgloss.Renderer) *Styles {
	var (
		accent = lipgloss.Color("6") // cyan
		muted  = lipgloss.Color("8") // bright black
		red    = lipgloss.Color("1")
		yellow = lipgloss.Color("3")
		green  = lipgloss.Color("2")
	)
	s := &Styles{
		Marks: Marks{
			Cursor:    "> ",
			NoCursor:  "  ",
			Checked:   "[x]",
			Unchecked: "[ ]",
			Blocked:   "(blocked)",
			Busy:      "*",
			OK:        "ok",
			Error:     "ERROR",
			Warning:   "WARNING",
			More:      "more below",
			Wrap:      "↪",
		},
		App:       r.NewStyle(),
		Brand:     r.NewStyle().Bold(true).Foreground(accent),
		Tab:       r.NewStyle(),
		TabActive: r.NewStyle().Bold(true).Underline(true).Foreground(accent),
		Rule:      r.NewStyle().Foreground(muted),
		Title:     r.NewStyle().Bold(true),

		Body:  r.NewStyle(),
		Muted: r.NewStyle().Foreground(muted),
		Bold:  r.NewStyle().Bold(true),

		FooterLabel: r.NewStyle().Foreground(muted),
		FooterValue: r.NewStyle(),
		StatusBusy:  r.NewStyle().Foreground(yellow),
		StatusError: r.NewStyle().Bold(true).Foreground(red),
		StatusOK:    r.NewStyle().Foreground(green),
		Hint:        r.NewStyle().Italic(true),

		Dialog:      r.NewStyle().Border(lipgloss.NormalBorder()).BorderForeground(accent).Padding(0, 1),
		DialogTitle: r.NewStyle().Bold(true),
		Danger:      r.NewStyle().Bold(true).Foreground(red),
		Warning:     r.NewStyle().Foreground(yellow),

		Label:    r.NewStyle().Foreground(muted),
		Value:    r.NewStyle(),
		Verbatim: r.NewStyle(),
		Gutter:   r.NewStyle().Foreground(muted),
		QR:       r.NewStyle().Foreground(lipgloss.Color("15")).Background(lipgloss.Color("0")),

		TableHeader:   r.NewStyle().Bold(true),
		TableRow:      r.NewStyle(),
		TableSelected: r.NewStyle().Reverse(true),

		Spinner: r.NewStyle().Foreground(yellow),
	}
	key := r.NewStyle().Bold(true)
	desc := r.NewStyle().Foreground(muted)
	sep := r.NewStyle().Foreground(muted)
	s.Help = help.Styles{
		Ellipsis:       sep,
		ShortKey:       key,
		ShortDesc:      desc,
		ShortSeparator: sep,
		FullKey:        key,
		FullDesc:       desc,
		FullSeparator:  sep,
	}
	return s
}

// NewHelp returns a bubbles/help model using these styles.
func (s *Styles) NewHelp() help.Model {
	h := help.New()
	h.Styles = s.Help
	return h
}
