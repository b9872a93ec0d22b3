package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/config"
	"purse/tui/keyflow"
	"purse/tui/kit"
)

// The session follows its profile when another purse process changes it while the TUI runs
// (`purse sandbox ctl onboard` in another terminal stores the account id): the router looks
// at the profiles file now and then and whenever a screen becomes active, and a profile that
// changed is a profile switch (every screen resets and reloads, the footer names the new
// facts).

// followEvery is how often the router looks at the profiles file; the frame is drawn again
// then too, which is when a transient status leaves the footer.
const followEvery = 2 * time.Second

type (
	followTickMsg struct{}
	followedMsg   struct {
		p       config.Profile
		changed bool
		err     error
	}
)

// accountMsg is a look at the audit log: whether another process signed a change of the
// account since the last look.
type accountMsg struct {
	changed bool
	err     error
}

// FollowAccount makes the router watch the account through fn (audit.Watch.Changed for the
// session's profile and this process): a change another process signed makes the screens
// that show the account read it again (kit.AccountFollower).
func (m *Model) FollowAccount(fn func() (bool, error)) { m.watchAccount = fn }

func (m *Model) watchCmd() tea.Cmd {
	if m.watchAccount == nil || m.watching {
		return nil
	}
	m.watching = true
	fn := m.watchAccount
	return func() tea.Msg {
		changed, err := fn()
		return accountMsg{changed, err}
	}
}

// accountChanged has the active AccountFollower read again, and marks the others.
func (m *Model) accountChanged() tea.Cmd {
	var cmds []tea.Cmd
	for i, sc := range m.screens {
		f, ok := sc.(kit.AccountFollower)
		if !ok || !m.inited[i] {
			continue
		}
		if i != m.active {
			if m.stale == nil {
				m.stale = map[int]bool{}
			}
			m.stale[i] = true
			continue
		}
		m.notes[i] = note{} // what the footer said of the old state is no longer news
		m.track(i, func() { cmds = append(cmds, f.AccountChanged()) })
		m.setStatus(i, "Another process signed a change of the account (the audit log says so): read again.")
	}
	return tea.Batch(cmds...)
}

// FollowProfile makes the router follow the session's profile through fn
// (profiles.Service.Follow: one stat while the file is unchanged). Init starts it.
func (m *Model) FollowProfile(fn func() (config.Profile, bool, error)) { m.follow = fn }

// followCmd looks at the profile off the UI goroutine, unless a look is under way.
func (m *Model) followCmd() tea.Cmd {
	if m.follow == nil || m.following {
		return nil
	}
	m.following = true
	fn := m.follow
	return func() tea.Msg {
		p, changed, err := fn()
		return followedMsg{p, changed, err}
	}
}

func followTick() tea.Cmd {
	return tea.Tick(followEvery, func(time.Time) tea.Msg { return followTickMsg{} })
}

// followUpdate handles the follow's messages; handled is false for any other.
func (m *Model) followUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case followTickMsg:
		return tea.Batch(m.followCmd(), m.watchCmd(), followTick()), true
	case accountMsg:
		m.watching = false
		if msg.err != nil || !msg.changed {
			return nil, true // a log that cannot be read is the Settings screen's to say
		}
		return m.accountChanged(), true
	case followedMsg:
		m.following = false
		switch {
		case msg.err != nil:
			// Said once, not every two seconds.
			if text := "The profiles file cannot be read: " + msg.err.Error(); text != m.followErr {
				m.followErr = text
				m.setStatus(m.active, text)
			}
			return nil, true
		case !msg.changed:
			m.followErr = ""
			return nil, true
		}
		m.followErr = ""
		ses := keyflow.SessionOf(m.env.Session, msg.p)
		cmd := m.switchProfile(kit.ProfileSwitchedMsg{Profile: msg.p.Name, Session: ses})
		m.setStatus(m.active, "Profile "+msg.p.Name+" was changed outside this window (another purse command): every screen reloads it.")
		return cmd, true
	}
	return nil, false
}
