package kit

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
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
// Colours are the terminal's 16 ANSI colours so the user's theme applies, on a light or a
// dark background alike (nothing here depends on the background, so the UI never asks the
// terminal for it). Styles render full attributes; Bubble Tea downsamples each frame to the
// terminal: NO_COLOR drops the colours and keeps bold, underline and reverse, and a
// non-terminal gets plain text.
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

// The theme's colours: the terminal's own ANSI colours.
var (
	accent = lipgloss.Cyan
	muted  = lipgloss.BrightBlack
	red    = lipgloss.Red
	yellow = lipgloss.Yellow
	green  = lipgloss.Green
)

// NewStyles builds the application's styles.
func NewStyles() *Styles {
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
		App:       lipgloss.NewStyle(),
		Brand:     lipgloss.NewStyle().Bold(true).Foreground(accent),
		Tab:       lipgloss.NewStyle(),
		TabActive: lipgloss.NewStyle().Bold(true).Underline(true).Foreground(accent),
		Rule:      lipgloss.NewStyle().Foreground(muted),
		Title:     lipgloss.NewStyle().Bold(true),

		Body:  lipgloss.NewStyle(),
		Muted: lipgloss.NewStyle().Foreground(muted),
		Bold:  lipgloss.NewStyle().Bold(true),

		FooterLabel: lipgloss.NewStyle().Foreground(muted),
		FooterValue: lipgloss.NewStyle(),
		StatusBusy:  lipgloss.NewStyle().Foreground(yellow),
		StatusError: lipgloss.NewStyle().Bold(true).Foreground(red),
		StatusOK:    lipgloss.NewStyle().Foreground(green),
		Hint:        lipgloss.NewStyle().Italic(true),

		Dialog:      lipgloss.NewStyle().Border(lipgloss.NormalBorder()).BorderForeground(accent).Padding(0, 1),
		DialogTitle: lipgloss.NewStyle().Bold(true),
		Danger:      lipgloss.NewStyle().Bold(true).Foreground(red),
		Warning:     lipgloss.NewStyle().Foreground(yellow),

		Label:    lipgloss.NewStyle().Foreground(muted),
		Value:    lipgloss.NewStyle(),
		Verbatim: lipgloss.NewStyle(),
		Gutter:   lipgloss.NewStyle().Foreground(muted),
		QR:       lipgloss.NewStyle().Foreground(lipgloss.BrightWhite).Background(lipgloss.Black),

		TableHeader:   lipgloss.NewStyle().Bold(true),
		TableRow:      lipgloss.NewStyle(),
		TableSelected: lipgloss.NewStyle().Reverse(true),

		Spinner: lipgloss.NewStyle().Foreground(yellow),
	}
	key := lipgloss.NewStyle().Bold(true)
	desc := lipgloss.NewStyle().Foreground(muted)
	sep := lipgloss.NewStyle().Foreground(muted)
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

// InputStyles are the text fields' styles: the theme's, not bubbles' defaults (grey 240 and
// a text colour chosen for a dark background), and a steady block cursor (no blink timers:
// every field redraws on the key that changes it, and a test or a slow terminal never
// waits on a blink).
func InputStyles() textinput.Styles {
	state := textinput.StyleState{
		Prompt:      lipgloss.NewStyle(),
		Text:        lipgloss.NewStyle(),
		Placeholder: lipgloss.NewStyle().Foreground(muted),
		Suggestion:  lipgloss.NewStyle().Foreground(muted),
	}
	return textinput.Styles{
		Focused: state,
		Blurred: state,
		Cursor:  textinput.CursorStyle{Color: lipgloss.NoColor{}, Shape: tea.CursorBlock},
	}
}
