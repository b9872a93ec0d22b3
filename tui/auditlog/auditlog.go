// Package auditlog is the Audit screen of purse's terminal UI: every signature this home made
// (the hash-chained audit log, whichever process asked for it), newest first, with what it
// was for in words; enter shows one record whole; v verifies the chain and its seals, as
// `purse audit verify` does.
package auditlog

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app/audit"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/keystore"
	"purse/tui/kit"
	"purse/tui/table"
)

// Service reads the audit log (audit.Service is one).
type Service interface {
	Check(verify bool) (audit.Log, error)
}

const (
	slotRead   = "audit/read"
	slotVerify = "audit/verify"
)

// Screen is the Audit screen.
type Screen struct {
	env     *kit.Env
	sv      Service
	table   table.Model
	actions kit.Actions
	w, h    int

	log      *audit.Log
	verified *audit.Log
	err      error
	detail   bool
	readID   kit.TaskID
	checkID  kit.TaskID
}

// New returns the Audit screen; sv nil shows why there is nothing.
func New(env *kit.Env, sv Service) *Screen {
	k := env.Keys
	s := &Screen{env: env, sv: sv, table: table.New(env,
		table.Column{Title: "#", Width: 5, Right: true},
		table.Column{Title: "Time (UTC)", Width: 19},
		table.Column{Title: "Key", Width: 10},
		table.Column{Title: "Purpose", Width: 12},
		table.Column{Title: "What was signed"},
	)}
	s.table.Empty = "No signature yet: every signature this home makes is recorded here first."
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Select, "the record whole"), Do: func() tea.Cmd { s.detail = true; return nil }, Off: s.noRecord},
		{Key: kit.WithHelp(k.Back, "back to the list"), Do: func() tea.Cmd { s.detail = false; return nil }, Off: func() string {
			if !s.detail {
				return "the list is shown"
			}
			return ""
		}},
		{Key: kit.WithHelp(k.Refresh, "read the log again"), Do: s.read, Off: s.busy},
		{Key: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "verify the chain and its seals")), Do: s.verify, Off: s.busy},
	}
	return s
}

func (s *Screen) busy() string {
	switch {
	case s.sv == nil:
		return "no audit log in this window"
	case s.readID != 0 || s.checkID != 0:
		return "the log is being read"
	}
	return ""
}

func (s *Screen) noRecord() string {
	if s.log == nil || len(s.log.Records) == 0 {
		return "no record"
	}
	return ""
}

// read reads the log; verify walks its chain and checks its seals too.
func (s *Screen) read() tea.Cmd   { return s.check(false) }
func (s *Screen) verify() tea.Cmd { return s.check(true) }

func (s *Screen) check(verify bool) tea.Cmd {
	if s.busy() != "" {
		return nil
	}
	sv := s.sv
	slot, label, id := slotRead, "Reading the audit log", &s.readID
	if verify {
		slot, label, id = slotVerify, "Verifying the audit log", &s.checkID
	}
	var cmd tea.Cmd
	*id, cmd = kit.Start(s.env.Tasks, slot, label, func(context.Context) (audit.Log, error) { return sv.Check(verify) })
	return cmd
}

// Init implements kit.Screen: the log is read (no key, no passphrase: it needs none).
func (s *Screen) Init() tea.Cmd { return s.read() }

// AccountChanged implements kit.AccountFollower: a new signature is a new record.
func (s *Screen) AccountChanged() tea.Cmd { return s.read() }

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TaskResult[audit.Log]:
		switch msg.ID {
		case s.readID:
			s.readID = 0
			s.err = msg.Err
			if msg.Err == nil {
				l := msg.Value
				s.log = &l
				s.table.SetSource(rows(l.Records))
			}
		case s.checkID:
			s.checkID = 0
			s.err = msg.Err
			if msg.Err == nil {
				l := msg.Value
				s.verified = &l
			}
		}
	case tea.KeyPressMsg:
		if cmd, ok := s.actions.Handle(msg); ok {
			return s, cmd
		}
		if !s.detail {
			s.table, _ = s.table.Update(msg)
		}
	}
	return s, nil
}

type rows []keystore.AuditRecord

func (r rows) Len() int { return len(r) }

func (r rows) Row(i int) []string {
	e := r[i]
	return []string{strconv.FormatUint(e.Seq, 10), when(e.Time), visible.Line(e.Label), e.Purpose, visible.Line(e.Summary)}
}

// when is a record's time to the second, as every time purse shows.
func when(t string) string {
	if at, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return strings.TrimSuffix(format.Time(at), " UTC")
	}
	return visible.Line(t)
}

// View implements kit.Screen.
func (s *Screen) View() string {
	st := s.env.Styles
	var b strings.Builder
	switch {
	case s.sv == nil:
		return "No audit log in this window."
	case s.log == nil && s.err == nil:
		return st.Muted.Render("Reading the audit log…")
	}
	head := "Every signature of this home, newest first, whichever process asked (the agent's clients too)"
	if s.log != nil {
		head = fmt.Sprintf("%d signature(s) of this home, newest first, whichever process asked · %s", len(s.log.Records), visible.Line(s.log.Path))
	}
	b.WriteString(st.Muted.Render(kit.Truncate(head, max(s.w, 10))) + "\n")
	b.WriteString(s.state() + "\n")
	if s.detail {
		b.WriteString(s.record())
		return b.String()
	}
	b.WriteString(s.table.View())
	return b.String()
}

// state says what the last read and verification found of the chain and its seals.
func (s *Screen) state() string {
	st := s.env.Styles
	line := func(style func(...string) string, text string) string {
		return style(kit.Truncate(text, max(s.w, 10)))
	}
	switch {
	case s.err != nil:
		return line(st.StatusError.Render, st.Marks.Error+": "+visible.Line(s.err.Error()))
	case s.verified != nil && s.verified.Break != nil:
		return line(st.StatusError.Render, fmt.Sprintf("%s: the chain is broken: %s (Settings: set aside, repair or accept it)", st.Marks.Error, visible.Line(s.verified.Break.Error())))
	case s.verified != nil:
		return line(st.StatusOK.Render, fmt.Sprintf("verified: %d records, chain intact; %s", s.verified.Count, visible.Line(audit.SealLine(s.verified.Seal))))
	case s.log != nil && s.log.Break != nil:
		return line(st.StatusError.Render, fmt.Sprintf("%s: the chain is broken: %s", st.Marks.Error, visible.Line(s.log.Break.Error())))
	case s.log != nil:
		return line(st.Muted.Render, "read, not verified: v walks the hash chain and checks its seals; "+visible.Line(audit.SealLine(s.log.Seal)))
	}
	return ""
}

// record is the selected record whole.
func (s *Screen) record() string {
	st := s.env.Styles
	sel := s.table.Cursor()
	if s.log == nil || sel >= len(s.log.Records) {
		return ""
	}
	e := s.log.Records[sel]
	var b strings.Builder
	field := func(label, v string) {
		for i, p := range kit.WrapAtSpaces(visible.Line(v), max(s.w-13, 10)) {
			if i > 0 {
				label = ""
			}
			b.WriteString(st.Label.Render(kit.Pad(label, 12)) + " " + p + "\n")
		}
	}
	field("record", strconv.FormatUint(e.Seq, 10))
	field("time", when(e.Time)+" UTC")
	field("key", e.Label+" "+e.Address)
	field("purpose", e.Purpose)
	field("profile", e.Profile)
	field("signed", e.Summary)
	field("digest", e.Digest)
	if e.Asset != "" {
		field("moves", e.Amount+" "+e.Asset)
	}
	changes := "no (a read)"
	if e.Changes {
		changes = "yes"
	}
	field("changes", changes+" — whether it may change the account, as the gate judged it")
	if e.PID != 0 {
		field("asked by", "process "+strconv.Itoa(e.PID))
	}
	field("prev", e.Prev)
	field("hash", e.Hash)
	b.WriteString(st.Muted.Render("esc back to the list"))
	return b.String()
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.table.SetSize(w, max(h-2, 3))
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Audit" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenAudit }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding { return s.actions.Short() }

// FullHelp implements kit.Screen.
func (s *Screen) FullHelp() [][]key.Binding {
	return [][]key.Binding{s.actions.Full(), s.table.FullHelp()[0]}
}

// InputFocused implements kit.Screen.
func (s *Screen) InputFocused() bool { return false }
