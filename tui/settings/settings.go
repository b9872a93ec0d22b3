// Package settings is the Settings screen of purse's terminal UI: the profiles (list, use,
// add from a running sandbox or by fields, edit any field with the same validation as
// `purse profile set`), the deadline window and the Solana fee cap, and the signing audit
// log (view, newest first, and verify its hash chain).
//
// Using another profile switches the application layer in place and sends
// kit.ProfileSwitchedMsg, so every screen reloads.
package settings

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/audit"
	"purse/app/profiles"
	"purse/config"
	"purse/internal/visible"
	"purse/tui/form"
	"purse/tui/keyflow"
	"purse/tui/kit"
	"purse/tui/table"
)

const owner = "settings"

type view int

const (
	viewProfiles view = iota
	viewAudit
)

type (
	saved    struct{ Profile config.Profile }
	switched struct{ Profile config.Profile }
)

var _ kit.Screen = (*Screen)(nil)

// Screen is the Settings screen.
type Screen struct {
	app  Services // the application layer: every use case the screen runs
	env  *kit.Env
	view view
	w, h int

	profiles profiles.List
	loaded   bool
	cursor   int
	form     *form.Form
	formKind string // "add" or "edit"
	busy     bool
	note     string

	audit    audit.Log
	auditTbl table.Model
	verify   *audit.Log // the last verify

	listID, opID, auditID, verifyID kit.TaskID

	// profileKeys are the profile list's keys, auditKeys the audit log's, each with why it is
	// off now; an open form has the keys before either.
	profileKeys, auditKeys kit.Actions
}

// Services are what the Settings screen needs of the application layer (Of gives an App's):
// the session's home and profile, the profiles' use cases and the audit log.
type Services struct {
	Session
	Profiles ProfileService
	Audit    AuditService
}

// Of is the Settings screen's services of the session a.
func Of(a *app.App) Services {
	return Services{Session: a, Profiles: profiles.New(a), Audit: audit.New(a)}
}

// Session is the session the screen works in (*app.App is one): its home and active profile.
type Session interface {
	Home() string
	Profile() config.Profile
}

// ProfileService is the profiles' use cases the screen runs (profiles.Service is one).
type ProfileService interface {
	SetField(name, field, value string) (config.Profile, error)
	Use(name string) (config.Profile, error)
}

// AuditService reads the signing audit log (audit.Service is one).
type AuditService interface {
	Check(verify bool) (audit.Log, error)
}

// New returns the Settings screen.
func New(env *kit.Env, a Services) *Screen {
	s := &Screen{app: a, env: env}
	s.auditTbl = table.New(env,
		table.Column{Title: "SEQ", Width: 5, Right: true},
		table.Column{Title: "TIME (UTC)", Width: 19},
		table.Column{Title: "KEY", Width: 12},
		table.Column{Title: "PURPOSE"},
		table.Column{Title: "PROFILE", Width: 10},
		table.Column{Title: "DIGEST"},
	)
	s.auditTbl.Empty = "Nothing signed yet: every signature purse makes is recorded here."
	s.declareActions()
	return s
}

// declareActions declares the keys of both views. l, v and r are in both: l opens the audit
// log and leaves it, v verifies it (from the profiles, opening it), r reads again what the
// view shows.
func (s *Screen) declareActions() {
	k := s.env.Keys
	edit := func(field string) func() tea.Cmd { return func() tea.Cmd { s.openEdit(field); return nil } }
	s.profileKeys = kit.Actions{
		{Key: kit.WithHelp(k.Select, "use profile"), Do: s.startUse, Off: s.noSelection},
		{Key: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add profile")), Do: func() tea.Cmd { s.openAdd(); return nil }, Off: s.changing},
		{Key: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit field")), Do: edit("user_api"), Off: s.noSelection},
		{Key: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "deadline window")), Do: edit("deadline_window"), Off: s.noSelection},
		{Key: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "fee cap")), Do: edit("fee_cap_lamports"), Off: s.noSelection},
		{Key: key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "audit log")), Do: func() tea.Cmd { s.view, s.verify = viewAudit, nil; return s.loadAudit(false) }},
		{Key: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "verify audit log")), Do: func() tea.Cmd { s.view = viewAudit; return tea.Batch(s.loadAudit(false), s.loadAudit(true)) }, FullOnly: true},
		{Key: k.Up, Do: func() tea.Cmd { s.cursor = max(s.cursor-1, 0); return nil }, FullOnly: true},
		{Key: k.Down, Do: func() tea.Cmd { s.cursor = min(s.cursor+1, max(len(s.profiles.List)-1, 0)); return nil }, FullOnly: true},
		{Key: kit.WithHelp(k.Refresh, "reload"), Do: s.load, FullOnly: true},
	}
	s.auditKeys = kit.Actions{
		{Key: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "verify audit log")), Do: func() tea.Cmd { return s.loadAudit(true) }},
		{Key: kit.WithHelp(k.Refresh, "reload"), Do: func() tea.Cmd { s.verify = nil; return s.loadAudit(false) }},
		{Key: key.NewBinding(key.WithKeys(append(k.Back.Keys(), "l")...), key.WithHelp(k.Back.Help().Key+"/l", "profiles")), Do: func() tea.Cmd { s.view = viewProfiles; return nil }},
	}
}

// The reasons a key of the profile list is off.

func (s *Screen) changing() string {
	if s.busy {
		return "a profile change is under way"
	}
	return ""
}

func (s *Screen) noSelection() string {
	switch {
	case s.busy:
		return s.changing()
	case !s.loaded:
		return "the profiles are not read yet"
	case len(s.profiles.List) == 0:
		return "no profile yet (a adds one)"
	}
	return ""
}

func (s *Screen) home() string {
	if s.app.Session != nil {
		return s.app.Home()
	}
	return s.env.Home
}

// Init implements kit.Screen.
func (s *Screen) Init() tea.Cmd { return s.load() }

func (s *Screen) load() tea.Cmd {
	home := s.home()
	var cmd tea.Cmd
	s.listID, cmd = kit.Start(s.env.Tasks, owner+"/profiles", "Loading profiles", func(context.Context) (profiles.List, error) {
		return profiles.Load(home)
	})
	return cmd
}

func (s *Screen) loadAudit(verify bool) tea.Cmd {
	sv := s.app.Audit
	if sv == nil {
		return nil
	}
	label := "Reading the audit log"
	if verify {
		label = "Verifying the audit log"
	}
	slot, id := owner+"/audit", &s.auditID
	if verify {
		slot, id = owner+"/verify", &s.verifyID
	}
	var cmd tea.Cmd
	*id, cmd = kit.Start(s.env.Tasks, slot, label, func(context.Context) (audit.Log, error) {
		return sv.Check(verify)
	})
	return cmd
}

// selected returns the profile under the cursor.
func (s *Screen) selected() (config.Profile, bool) {
	if len(s.profiles.List) == 0 {
		return config.Profile{}, false
	}
	return s.profiles.List[min(s.cursor, len(s.profiles.List)-1)], true
}

// setNote shows a failure on the screen until the next success; a success is the footer's
// passing status.
func (s *Screen) setNote(t string) { s.note = t }

// Update implements kit.Screen: each task's result to its own handler, key presses to the
// open form or the view's action table.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TaskResult[profiles.List]:
		s.gotProfiles(msg)
	case kit.TaskResult[saved]:
		return s, kit.OpDone(msg, s.opID, &s.busy, s.failed, s.saved)
	case kit.TaskResult[switched]:
		return s, kit.OpDone(msg, s.opID, &s.busy, s.failed, s.switched)
	case kit.TaskResult[audit.Log]:
		return s, s.gotAudit(msg)
	case kit.ProfileSwitchedMsg:
		// another screen (the first-run wizard) switched: show the new active profile
		return s, s.load()
	case tea.KeyPressMsg:
		return s, s.key(msg)
	case tea.PasteMsg:
		// Text for the open form's field; a paste never submits or cancels.
		if s.form != nil && !s.busy {
			_, cmd := s.form.Update(msg)
			return s, cmd
		}
	}
	return s, nil
}

// gotProfiles shows the profiles read; the cursor stays on the profile it was on, or goes to
// the active one.
func (s *Screen) gotProfiles(msg kit.TaskResult[profiles.List]) {
	if msg.ID != s.listID {
		return
	}
	if msg.Err != nil {
		s.setNote("Cannot read the profiles: " + s.env.ErrorText(msg.Err))
		return
	}
	prev, _ := s.selected()
	s.profiles, s.loaded = msg.Value, true
	s.cursor = 0
	for i, p := range s.profiles.List {
		if p.Name == prev.Name || (prev.Name == "" && p.Name == s.profiles.Active) {
			s.cursor = i
		}
	}
}

// saved takes a profile added or edited; the session follows an edit of its own profile.
func (s *Screen) saved(v saved) tea.Cmd {
	p := v.Profile
	text := "Profile " + p.Name + " saved."
	if s.formKind == "add" {
		text = fmt.Sprintf("Added profile %s (%s, network %s): press enter on it to use it.", p.Name, p.UserAPI, p.Network)
	}
	s.form, s.note = nil, ""
	cmds := []tea.Cmd{kit.Status(text), s.load()}
	if s.app.Session != nil && s.app.Profile().Name == p.Name {
		ses := keyflow.SessionOf(s.env.Session, p)
		cmds = append(cmds, func() tea.Msg { return kit.SessionMsg{Session: ses} })
	}
	return tea.Batch(cmds...)
}

// switched says the profile now used; the router resets every screen (this one reloads on
// the message).
func (s *Screen) switched(v switched) tea.Cmd {
	text := "Now using profile " + v.Profile.Name + "."
	ses := keyflow.SessionOf(s.env.Session, v.Profile)
	return tea.Batch(kit.Status(text), func() tea.Msg { return kit.ProfileSwitchedMsg{Profile: v.Profile.Name, Session: ses} })
}

// gotAudit shows the audit log read, or says what its verification found.
func (s *Screen) gotAudit(msg kit.TaskResult[audit.Log]) tea.Cmd {
	if msg.ID != s.auditID && msg.ID != s.verifyID {
		return nil
	}
	if msg.Err != nil {
		s.setNote("Cannot read the audit log: " + s.env.ErrorText(msg.Err))
		return nil
	}
	if msg.Value.Verified {
		v := msg.Value
		s.verify = &v
		if v.Break != nil {
			return kit.Status(fmt.Sprintf("The audit log is BROKEN at line %d.", v.Break.Line))
		}
		return kit.Status(fmt.Sprintf("The audit log is intact: %d records.", v.Count))
	}
	s.audit = msg.Value
	rows := make(table.Rows, 0, len(s.audit.Records))
	for _, r := range s.audit.Records {
		t := strings.TrimSuffix(strings.Replace(r.Time, "T", " ", 1), "Z")
		if len(t) > 19 {
			t = t[:19] // to the second; the record keeps the nanoseconds
		}
		// The summary is no column (the table has no room for it): the footer shows the
		// selected record's.
		rows = append(rows, []string{strconv.FormatUint(r.Seq, 10), t, r.Label, r.Purpose, r.Profile, r.Digest, r.Summary})
	}
	s.auditTbl.SetSource(rows)
	return nil
}

func (s *Screen) failed(err error) tea.Cmd {
	if s.form != nil {
		s.form.Failed(err)
		return nil
	}
	s.setNote(s.env.ErrorLine(err))
	return nil
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.form != nil {
		if s.busy {
			return nil
		}
		res, cmd := s.form.Update(k)
		switch res {
		case form.Cancelled:
			s.form = nil
			return kit.Status("Nothing was changed.")
		case form.Submitted:
			return s.submit()
		}
		return cmd
	}
	if s.view == viewAudit {
		if cmd, ok := s.auditKeys.Handle(k); ok {
			return cmd
		}
		var cmd tea.Cmd
		s.auditTbl, cmd = s.auditTbl.Update(k)
		return cmd
	}
	cmd, _ := s.profileKeys.Handle(k)
	return cmd
}

func (s *Screen) openAdd() {
	mode := form.ChoiceField("from", "from", []string{"sandbox URL", "fields", "preset"}, 0)
	isSandbox := func(f *form.Form) bool { return f.Choice("from") == 0 }
	byFields := func(f *form.Form) bool { return f.Choice("from") == 1 }
	url := form.TextField("sandbox_url", "sandbox URL", "http://"+config.DefaultSandboxAddr, "")
	url.Show = isSandbox
	url.Hint = "a running `purse sandbox`: its /sandbox/info fills every URL and contract"
	preset := form.ChoiceField("preset", "preset", config.PresetNames(), 0)
	preset.Show = func(f *form.Form) bool { return f.Choice("from") == 2 }
	preset.Hint = "the service's public deployments, filled from public evidence (purse profile presets)"
	fields := []*form.Field{form.TextField("name", "name", "", ""), mode, url, preset}
	for _, n := range []string{"user_api", "network", "evm_rpc", "solana_rpc", "account_nft", "card_spender"} {
		f := form.TextField(n, n, "", "")
		f.Show = byFields
		fields = append(fields, f)
	}
	fields[0].Hint = "1-32 letters, digits, '.', '_' or '-'"
	s.form = form.New(s.env, "Add a profile", "add the profile", fields...)
	s.form.Check = func(f *form.Form) error { return profiles.CheckName(f.Value("name")) }
	s.formKind = "add"
}

func (s *Screen) openEdit(field string) {
	p, ok := s.selected()
	if !ok {
		return
	}
	opts := config.TUIOptions()
	names := make([]string, len(opts))
	sel := 0
	for i, o := range opts {
		names[i] = o.Key
		if o.Key == field {
			sel = i
		}
	}
	fc := form.ChoiceField("field", "field", names, sel)
	val := form.TextField("value", "value", settingValue(p, field), "")
	fc.OnChange = func(f *form.Form) {
		f.SetValue("value", settingValue(p, f.Value("field")))
		f.Field("value").Hint = settingHint(f.Value("field"))
	}
	val.Hint = settingHint(field)
	s.form = form.New(s.env, "Edit profile "+p.Name, "save", fc, val)
	s.form.Check = func(f *form.Form) error { return profiles.CheckSetting(p, f.Value("field"), f.Value("value")) }
	s.form.Focus("value")
	s.formKind = "edit"
}

// settingHint is what the setting is for, with its default (config.Options).
func settingHint(field string) string {
	if o, _, ok := config.LookupOption(field); ok {
		return o.Describe()
	}
	return ""
}

// settingValue is the value of a setting in effect, as Set takes it.
func settingValue(p config.Profile, field string) string {
	if o, entry, ok := config.LookupOption(field); ok {
		return o.Effective(&p, entry)
	}
	return ""
}

func (s *Screen) submit() tea.Cmd {
	home, sv, f := s.home(), s.app.Profiles, s.form
	switch s.formKind {
	case "add":
		name := f.Value("name")
		var src profiles.Source
		var fields [][2]string
		switch f.Choice("from") {
		case 0:
			src.SandboxURL = f.Value("sandbox_url")
			if src.SandboxURL == "" {
				f.Err = "sandbox URL: expected the base URL of a running sandbox, such as http://" + config.DefaultSandboxAddr
				return nil
			}
		case 1:
			for _, n := range []string{"user_api", "network", "evm_rpc", "solana_rpc", "account_nft", "card_spender"} {
				fields = append(fields, [2]string{n, f.Value(n)})
			}
		default:
			src.Preset = f.Value("preset")
		}
		s.busy = true
		var cmd tea.Cmd
		s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Adding profile "+name, func(ctx context.Context) (saved, error) {
			p, err := profiles.Add(ctx, home, name, src, fields, nil)
			return saved{Profile: p}, err
		})
		return cmd
	case "edit":
		p, ok := s.selected()
		if !ok {
			return nil
		}
		field, value := f.Value("field"), f.Value("value")
		s.busy = true
		var cmd tea.Cmd
		s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Saving profile "+p.Name, func(context.Context) (saved, error) {
			np, err := sv.SetField(p.Name, field, value)
			return saved{Profile: np}, err
		})
		return cmd
	}
	return nil
}

func (s *Screen) startUse() tea.Cmd {
	p, ok := s.selected()
	if !ok {
		return nil
	}
	sv := s.app.Profiles
	s.busy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Switching to profile "+p.Name, func(context.Context) (switched, error) {
		np, err := sv.Use(p.Name)
		return switched{Profile: np}, err
	})
	return cmd
}

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	if s.form != nil {
		v := s.form.View(s.w)
		if s.busy {
			v += "\n" + s.env.Styles.StatusBusy.Render(s.env.Styles.Marks.Busy+" working…")
		}
		return v
	}
	if s.view == viewAudit {
		return s.auditView()
	}
	return s.profilesView()
}

func (s *Screen) profilesView() string {
	st := s.env.Styles
	var lines []string
	lines = append(lines, st.Title.Render("Profiles")+"  "+st.Muted.Render(kit.Truncate("active: "+s.profiles.Active+"   (enter uses the selected one)", max(s.w-10, 1))))
	if !s.loaded {
		lines = append(lines, st.Muted.Render("Loading profiles…"))
		return strings.Join(lines, "\n")
	}
	nameW := 4
	for _, p := range s.profiles.List {
		nameW = max(nameW, kit.Width(p.Name))
	}
	nameW = min(nameW, 20)
	for i, p := range s.profiles.List {
		mark := st.Marks.NoCursor
		if i == s.cursor {
			mark = st.Marks.Cursor
		}
		active := "          "
		if p.Name == s.profiles.Active {
			active = "(active)  "
		}
		row := mark + kit.Fit(p.Name, nameW) + " " + active + "network " + kit.Fit(p.Network, 6) + " " + p.UserAPI
		row = kit.Truncate(row, s.w)
		if i == s.cursor {
			row = st.TableSelected.Render(row)
		}
		lines = append(lines, row)
	}
	p, ok := s.selected()
	if ok {
		lines = append(lines, "", st.Bold.Render(kit.Truncate("Profile "+p.Name, s.w)))
		window := p.Window().String()
		if p.DeadlineWindow.Duration == 0 {
			window += " (default)"
		}
		fee := fmt.Sprintf("%d lamports = %s", p.FeeCap(), SOL(p.FeeCap()))
		if p.FeeCapLamports == 0 {
			fee += " (default)"
		}
		or := func(v string) string {
			if v == "" {
				return "(not set)"
			}
			return v
		}
		rows := [][2]string{
			{"deadline_window", window},
			{"fee_cap_lamports", fee},
			{"user_api", p.UserAPI},
			{"network", p.Network},
			{"evm_rpc", or(p.EVMRPC)},
			{"solana_rpc", or(p.SolanaRPC)},
			{"account_nft", or(p.AccountNFT)},
			{"card_spender", or(p.CardSpender)},
			{"evm_key", or(p.EVMKey)},
			{"solana_key", or(p.SolanaKey)},
			{"token_id", or(p.TokenID)},
			{"partner_api", or(p.PartnerAPI)},
			{"partner_key", or(p.PartnerKey)},
			{"partner_auth", or(p.PartnerAuth)},
			{"solana_cluster", or(p.SolanaCluster)},
		}
		noteLines := s.noteLines()
		room := s.h - len(lines) - len(noteLines)
		for i, r := range rows {
			if i == room-1 && i < len(rows)-1 {
				lines = append(lines, st.Muted.Render(kit.Truncate(fmt.Sprintf("… %d more settings (%s) — e edits any of them", len(rows)-i, s.env.Styles.Marks.More), s.w)))
				break
			}
			lines = append(lines, st.Label.Render(kit.Pad(r[0], 17))+kit.Truncate(r[1], max(s.w-17, 1)))
		}
		lines = append(lines, noteLines...)
	}
	return strings.Join(lines, "\n")
}

func (s *Screen) noteLines() []string {
	if s.note == "" {
		return nil
	}
	st := s.env.Styles
	var out []string
	for i, l := range kit.WrapWords(st.Marks.Error+": "+s.note, max(s.w, 20)) {
		if i == 3 {
			break
		}
		out = append(out, st.StatusError.Render(l))
	}
	return out
}

func (s *Screen) auditView() string {
	st := s.env.Styles
	var lines []string
	head := st.Title.Render("Audit log") + "  " + st.Muted.Render(kit.Truncate(s.audit.Path+"  (newest first)", max(s.w-11, 1)))
	lines = append(lines, head)
	var foot []string
	if b := s.audit.Break; b != nil && s.verify == nil {
		foot = append(foot, s.breakLines(b)...)
	}
	if v := s.verify; v != nil {
		if v.Break != nil {
			foot = append(foot, s.breakLines(v.Break)...)
		} else {
			foot = append(foot, st.StatusOK.Render(kit.Truncate(fmt.Sprintf("%s: verified %d records; the hash chain is intact.", st.Marks.OK, v.Count), s.w)))
			// What the seals proved, and what they could not without a verification key.
			seal := st.Muted
			if audit.SealWarning(v.Seal) != "" {
				seal = st.Warning
			}
			for _, l := range kit.WrapWords(audit.SealLine(v.Seal), max(s.w, 20)) {
				foot = append(foot, seal.Render(l))
			}
		}
	}
	if row := s.auditTbl.Selected(); row != nil {
		// What was signed, in words, where the record says it (records written before the
		// log had summaries say only the digest).
		if len(row) > 6 && row[6] != "" {
			foot = append(foot, st.Label.Render("signed ")+kit.Truncate(visible.Line(row[6]), max(s.w-7, 1)))
		} else {
			foot = append(foot, st.Label.Render("digest ")+kit.Truncate(row[5], max(s.w-7, 1)))
		}
	}
	if s.note != "" {
		foot = append(foot, s.noteLines()...)
	}
	s.auditTbl.SetSize(s.w, max(s.h-1-len(foot), 3))
	lines = append(lines, s.auditTbl.View())
	lines = append(lines, foot...)
	return strings.Join(lines, "\n")
}

func (s *Screen) breakLines(b interface{ Error() string }) []string {
	st := s.env.Styles
	var out []string
	for i, l := range kit.WrapWords(st.Marks.Error+": BROKEN — "+visible.Line(b.Error())+". Records after this line cannot be trusted; keep the file for investigation.", max(s.w, 20)) {
		if i == 4 {
			break
		}
		out = append(out, st.Danger.Render(l))
	}
	return out
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) { s.w, s.h = w, h }

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Settings" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenSettings }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	switch {
	case s.form != nil:
		return s.form.ShortHelp()
	case s.view == viewAudit:
		return s.auditKeys.Short()
	}
	return s.profileKeys.Short()
}

// FullHelp implements kit.Screen: every key of the view, those off now with the reason.
func (s *Screen) FullHelp() [][]key.Binding {
	switch {
	case s.form != nil:
		return [][]key.Binding{s.form.Help()}
	case s.view == viewAudit:
		return [][]key.Binding{s.auditKeys.Full(), s.env.Keys.Movement()}
	}
	return [][]key.Binding{s.profileKeys.Full()}
}

// InputFocused implements kit.Screen.
// Retries implements kit.Retrier: on the profile list, r reads the profiles again.
func (s *Screen) Retries(slot string) bool {
	return slot == owner+"/profiles" && s.view == viewProfiles
}

func (s *Screen) InputFocused() bool { return s.form != nil }
