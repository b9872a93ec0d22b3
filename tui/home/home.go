// Package home is the first screen of purse's terminal UI: where it is working (profile,
// keys, account, network), the account as it is now (its status, the next step, the key's
// token balances on the home chain, read without asking for anything) and how to move around.
package home

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/internal/visible"
	"purse/tui/kit"
)

// Summary is the account as Home shows it.
type Summary struct {
	// Status is the account's status ("Live (5)"), Next what to do next and where; Balances
	// the key's tokens on the home chain ("12.50 EUR24"). Each may be empty (not read),
	// and each failed read says why in its place.
	Status, Next string
	Balances     []string
	// Card is the card's state ("ACTIVE", "no card", "not read: the key is locked").
	Card string
}

// Services are what Home reads: Summary reads the account without asking for a passphrase
// or a signature the user did not ask for (nil: Home shows only where it works).
type Services struct {
	Summary func(ctx context.Context) (Summary, error)
}

// Screen is the welcome screen.
type Screen struct {
	env     *kit.Env
	sv      Services
	actions kit.Actions
	w, h    int

	sum     *Summary
	sumErr  error
	reading bool
	task    kit.TaskID
}

// New returns the welcome screen.
func New(env *kit.Env, sv ...Services) *Screen {
	s := &Screen{env: env}
	if len(sv) > 0 {
		s.sv = sv[0]
	}
	s.actions = kit.Actions{
		{Key: kit.WithHelp(env.Keys.Copy, "copy account id"), Do: func() tea.Cmd { return kit.Copy("account id", s.env.Session.AccountID) }, Off: s.noAccount},
		{Key: kit.WithHelp(env.Keys.Refresh, "read the account again"), Do: s.read, Off: s.cannotRead},
	}
	return s
}

func (s *Screen) cannotRead() string {
	switch {
	case s.sv.Summary == nil:
		return "no account services in this window"
	case s.reading:
		return "a read is under way"
	}
	return ""
}

// read reads the summary (nothing is asked: a read the screen starts by itself).
func (s *Screen) read() tea.Cmd {
	if s.cannotRead() != "" {
		return nil
	}
	s.reading = true
	fn := s.sv.Summary
	var cmd tea.Cmd
	s.task, cmd = kit.Start(s.env.Tasks, "home/summary", "Reading the account", func(ctx context.Context) (Summary, error) { return fn(ctx) })
	return cmd
}

// AccountChanged implements kit.AccountFollower.
func (s *Screen) AccountChanged() tea.Cmd { return s.read() }

func (s *Screen) noAccount() string {
	if s.env.Session.AccountID == "" {
		return "no account id yet (the Account screen looks it up)"
	}
	return ""
}

// Init implements kit.Screen.
func (s *Screen) Init() tea.Cmd { return s.read() }

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd, _ := s.actions.Handle(msg)
		return s, cmd
	case kit.TaskResult[Summary]:
		if msg.ID == s.task {
			s.reading = false
			s.sum, s.sumErr = &msg.Value, msg.Err
		}
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
	switch {
	case s.reading && s.sum == nil:
		rows = append(rows, [2]string{"status", "(reading…)"})
	case s.sumErr != nil:
		rows = append(rows, [2]string{"status", "not read: " + visible.Line(s.sumErr.Error())})
	case s.sum != nil:
		if s.sum.Status != "" {
			rows = append(rows, [2]string{"status", visible.Line(s.sum.Status)})
		}
		if s.sum.Next != "" {
			rows = append(rows, [2]string{"next", visible.Line(s.sum.Next)})
		}
		if s.sum.Card != "" {
			rows = append(rows, [2]string{"card", visible.Line(s.sum.Card)})
		}
		if len(s.sum.Balances) > 0 {
			rows = append(rows, [2]string{"balances", visible.Line(strings.Join(s.sum.Balances, " · "))})
		}
	}
	for _, r := range rows {
		lines := kit.WrapWords(r[1], max(s.w-12, 20))
		for i, l := range lines {
			label := ""
			if i == 0 {
				label = r[0]
			}
			b.WriteString(st.Label.Render(kit.Pad(label, 11)) + " " + l + "\n")
		}
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
