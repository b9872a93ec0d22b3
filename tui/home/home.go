// Package home is the welcome screen of purse's terminal UI: what purse is, where it is
// working (profile, keys, account, network) and how to move around. It is also the
// smallest example of a kit.Screen.
package home

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/tui/kit"
)

// Screen is the welcome screen.
type Screen struct {
	env     *kit.Env
	actions kit.Actions
	w, h    int
}

// New returns the welcome screen.
func New(env *kit.Env) *Screen {
	s := &Screen{env: env}
	s.actions = kit.Actions{
		{Key: kit.WithHelp(env.Keys.Copy, "copy account id"), Do: func() tea.Cmd { return kit.Copy("account id", s.env.Session.AccountID) }, Off: s.noAccount},
	}
	return s
}

func (s *Screen) noAccount() string {
	if s.env.Session.AccountID == "" {
		return "no account id yet (the Account screen looks it up)"
	}
	return ""
}

// Init implements kit.Screen.
func (s *Screen) Init() tea.Cmd { return nil }

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		cmd, _ := s.actions.Handle(k)
		return s, cmd
	}
	return s, nil
}

// View implements kit.Screen.
func (s *Screen) View() string {
	st := s.env.Styles
	ses := s.env.Session
	or := func(v, none string) string {
		if v == "" {
			return none
		}
		return v
	}
	rows := [][2]string{
		{"profile", or(ses.Profile, "(none)")},
		{"network", or(ses.Network, "(unknown)")},
		{"EVM key", or(ses.EVMKey, "(none: add one on the Keys screen or with `purse key new`)")},
		{"Solana key", or(ses.SolanaKey, "(none)")},
		{"account", or(ses.AccountID, "(not looked up yet)")},
	}
	var b strings.Builder
	b.WriteString(st.Title.Render("Welcome to purse") + "\n\n")
	intro := "Your keys stay on this machine. Every API call, permit, Form A and Solana deposit is signed here, after you have reviewed exactly what is signed."
	for _, l := range kit.WrapWords(intro, max(s.w, 20)) {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString(st.Label.Render(kit.Pad(r[0], 11)) + " " + r[1] + "\n")
	}
	b.WriteString("\n")
	tips := []string{
		"tab / shift+tab or 0-9   switch screens (the number is on the tab)",
		"?                        all keys of this screen",
		"y / n                    sign / cancel in a review (enter never signs)",
		"q                        quit (ctrl+c while typing)",
	}
	for _, t := range tips {
		b.WriteString(st.Muted.Render(kit.Truncate(t, max(s.w, 1))) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) { s.w, s.h = w, h }

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Home" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenHome }

// ShortHelp implements kit.Screen: the actions that can run now.
func (s *Screen) ShortHelp() []key.Binding { return s.actions.Short() }

// FullHelp implements kit.Screen: every action, those that cannot run now with the reason.
func (s *Screen) FullHelp() [][]key.Binding { return [][]key.Binding{s.actions.Full()} }

// InputFocused implements kit.Screen.
func (s *Screen) InputFocused() bool { return false }
