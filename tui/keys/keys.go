// Package keys is the Keys screen of purse's terminal UI: the keys of this machine (label,
// kind, address, backend, creation date) and what can be done with them — create, import
// from a file (hex private key, BIP-39 mnemonic, v3 keystore JSON, solana-keygen), rename,
// remove, export as encrypted v3 JSON, make a key the profile's, copy an address.
//
// Secrets are only ever read from files the user names; passphrases are typed into hidden
// dialogs. The add/import flow (Flow) and the store operations (Add, Discover, Use) are
// exported for the first-run wizard.
package keys

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	appkeys "purse/app/keys"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/keystore"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/keyflow"
	"purse/tui/kit"
	"purse/tui/table"
	"purse/tui/unlock"
)

// owner prefixes the screen's dialog ids and task slots.
const owner = "keys"

type mode int

const (
	modeList mode = iota
	modeRename
	modeExport
)

// checked and exported are the values of the screen's own tasks.
type (
	checked  struct{ Path string }
	exported struct{ Path string }
)

var _ kit.Screen = (*Screen)(nil)

// Screen is the Keys screen.
type Screen struct {
	app  Services // the application layer: every use case the screen runs
	env  *kit.Env
	tbl  table.Model
	list []keystore.Entry
	flow *keyflow.Flow
	mode mode
	form *form.Form
	w, h int
	// failure is the last operation's error, shown until the next one succeeds (a success
	// is the footer's passing status); agentRun is the agent this TUI started.
	failure  string
	agentRun *app.AgentStarted
	loaded   bool

	listID kit.TaskID
	opID   kit.TaskID
	opBusy bool

	// the key an operation works on, and the export's passphrases until it ends
	target keystore.Entry
	// follow is the label the cursor moves to once the list is read again (added, renamed).
	follow     string
	exportPath string

	// actions are the list's keys, each with why it is off now.
	actions kit.Actions
	agentID kit.TaskID
}

// Services are what the Keys screen needs of the application layer (Of gives an App's): the
// key store's use cases and starting the agent with this TUI as its display.
type Services struct {
	Keys  KeyService
	Agent AgentService
}

// Of is the Keys screen's services of the session a.
func Of(a *app.App) Services { return Services{Keys: appkeys.New(a), Agent: a.Agent()} }

// KeyService is the key store's use cases the screen runs (appkeys.Service is one).
type KeyService interface {
	keyflow.Service
	List() ([]keystore.Entry, error)
	Rename(label, newLabel string) (appkeys.Added, error)
	Export(label, path string, keyPass, exportPass []byte) error
	Remove(label string) (appkeys.Removed, error)
	Use(ctx context.Context, e keystore.Entry) (appkeys.Added, error)
}

// AgentService starts the agent with this TUI as its display (app.Agent is one).
type AgentService interface {
	StartDisplayed(ctx context.Context) (app.AgentStarted, error)
}

// New returns the Keys screen.
func New(env *kit.Env, a Services) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Services) {
	*s = Screen{
		app:  a,
		env:  env,
		flow: keyflow.NewFlow(env, a.Keys, owner),
	}
	s.tbl = table.New(env,
		table.Column{Title: "LABEL", Width: 14},
		table.Column{Title: "KIND", Width: 6},
		table.Column{Title: "ADDRESS"},
		table.Column{Title: "BACKEND", Width: 7},
		table.Column{Title: "CREATED", Width: 10},
		table.Column{Title: "PROFILE", Width: 10},
	)
	s.tbl.Empty = "No keys yet: press n to create one or i to import one from a file."
	s.declareActions()
}

// declareActions declares the list's keys, each with why it is off now.
func (s *Screen) declareActions() {
	k := s.env.Keys
	sel := func(do func(keystore.Entry) tea.Cmd) func() tea.Cmd {
		return func() tea.Cmd { e, _ := s.Selected(); return do(e) }
	}
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.New, "new key"), Do: func() tea.Cmd { s.flow.Start(keyflow.Options{UseForProfile: false}); return nil }, Off: s.busy},
		{Key: kit.WithHelp(k.Import, "import a key from a file"), Do: func() tea.Cmd { s.flow.Start(keyflow.Options{Import: true}); return nil }, Off: s.busy},
		{Key: kit.WithHelp(k.Use, "use the key in the profile"), Do: sel(s.startUse), Off: s.noUse},
		{Key: kit.WithHelp(k.Copy, "copy the address"), Do: sel(func(e keystore.Entry) tea.Cmd { return kit.Copy("address of key "+e.Label, e.Address) }), Off: s.noSelection},
		{Key: kit.WithHelp(k.Export, "export as encrypted v3 JSON"), Do: sel(s.openExport), Off: s.noExport},
		{Key: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "rename")), Do: sel(s.openRename), Off: s.noSelectionOrBusy},
		{Key: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "remove")), Do: sel(s.confirmRemove), Off: s.noSelectionOrBusy},
		{Key: kit.WithHelp(k.Refresh, "read the keys again"), Do: s.load},
		{Key: key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "start the agent (this TUI approves)")), Do: s.startAgent, Off: func() string {
			if a := s.agentRun; a != nil {
				return fmt.Sprintf("the agent this TUI started runs (pid %d)", a.PID)
			}
			return ""
		}},
	}
}

// Init implements kit.Screen: it loads the key list.
func (s *Screen) Init() tea.Cmd { return s.load() }

func (s *Screen) load() tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		return nil
	}
	var cmd tea.Cmd
	s.listID, cmd = kit.Start(s.env.Tasks, owner+"/list", "Loading keys", func(context.Context) ([]keystore.Entry, error) {
		return sv.List()
	})
	return cmd
}

// Selected returns the selected key (ok false when the list is empty).
func (s *Screen) Selected() (keystore.Entry, bool) {
	if len(s.list) == 0 {
		return keystore.Entry{}, false
	}
	return s.list[min(s.tbl.Cursor(), len(s.list)-1)], true
}

// Update implements kit.Screen: the add flow first (its dialogs and form have the keys),
// then each task's result to its own handler, and key presses to the action table.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if done, handled, cmd := s.flow.Update(msg); handled {
		if done != nil {
			return s, tea.Batch(cmd, s.finished(*done, keyflow.Describe(*done)))
		}
		return s, cmd
	}
	switch msg := msg.(type) {
	case kit.TaskResult[[]keystore.Entry]:
		return s, s.gotList(msg)
	case kit.TaskResult[appkeys.Added]:
		return s, kit.OpDone(msg, s.opID, &s.opBusy, s.failed, s.gotAdded)
	case kit.TaskResult[app.AgentStarted]:
		return s, s.gotAgent(msg)
	case kit.TaskResult[appkeys.Removed]:
		return s, kit.OpDone(msg, s.opID, &s.opBusy, s.failed, func(r appkeys.Removed) tea.Cmd { return tea.Batch(kit.Status(r.Note), s.load()) })
	case kit.TaskResult[checked]:
		return s, kit.OpDone(msg, s.opID, &s.opBusy, s.failed, func(c checked) tea.Cmd { s.exportPath = c.Path; return s.startExport() })
	case kit.TaskResult[exported]:
		return s, s.gotExported(msg)
	case dialog.ConfirmResult:
		return s, s.confirmed(msg)
	case tea.KeyPressMsg:
		return s, s.key(msg)
	case tea.PasteMsg:
		// Text for the open form's field; a paste never submits or cancels.
		if s.form != nil && !s.opBusy {
			_, cmd := s.form.Update(msg)
			return s, cmd
		}
	}
	return s, nil
}

func (s *Screen) gotList(msg kit.TaskResult[[]keystore.Entry]) tea.Cmd {
	if msg.ID != s.listID {
		return nil
	}
	if msg.Err != nil {
		s.failure = "Cannot read the key list: " + s.env.ErrorText(msg.Err)
		return nil
	}
	s.list, s.loaded = msg.Value, true
	s.refreshRows()
	return nil
}

// gotAdded takes a key renamed or made the profile's.
func (s *Screen) gotAdded(a appkeys.Added) tea.Cmd {
	text := a.Discovery.Note
	s.follow = a.Entry.Label
	if s.mode == modeRename {
		text = fmt.Sprintf("Renamed key %s to %s.", s.target.Label, a.Entry.Label)
	}
	s.closeForm()
	return s.finished(a, text)
}

func (s *Screen) gotAgent(msg kit.TaskResult[app.AgentStarted]) tea.Cmd {
	if msg.ID != s.agentID {
		return nil
	}
	if msg.Err != nil {
		return s.failed(msg.Err)
	}
	st := msg.Value
	s.agentRun = &st
	s.env.StopsWithMe = append(s.env.StopsWithMe, fmt.Sprintf("the agent (pid %d), whose trusted display is this window", st.PID))
	return kit.Status(fmt.Sprintf("Agent started (pid %d, %s): a key unlocked in it signs for every local client under its policy; what the policy wants confirmed opens here (its display: %s); it stops when this TUI exits.", st.PID, visible.Line(st.Socket), visible.Line(st.Display)))
}

func (s *Screen) gotExported(msg kit.TaskResult[exported]) tea.Cmd {
	if msg.ID != s.opID {
		return nil
	}
	if errors.Is(msg.Err, kit.ErrCancelled) {
		s.opBusy = false
		return kit.Status("Export cancelled: nothing was written.")
	}
	return kit.OpDone(msg, s.opID, &s.opBusy, s.failed, func(e exported) tea.Cmd {
		text := fmt.Sprintf("Exported key %s (%s) to %s as encrypted v3 JSON.", s.target.Label, s.target.Address, e.Path)
		s.closeForm()
		if w := appkeys.ExportWarning(s.target); w != "" {
			// A warning to read, not a passing note: it stays until closed.
			return kit.Push(dialog.NewInfo(s.env, "Key exported", text+"\n\n"+w))
		}
		return kit.Status(text)
	})
}

// confirmed is the answer to the removal's confirmation.
func (s *Screen) confirmed(msg dialog.ConfirmResult) tea.Cmd {
	if msg.ID != owner+"/rm" {
		return nil
	}
	if !msg.Confirmed {
		return kit.Status("Key " + s.target.Label + " was kept.")
	}
	return s.startRemove()
}

// finished applies the outcome of an add, rename or profile change.
func (s *Screen) finished(a appkeys.Added, text string) tea.Cmd {
	s.failure = ""
	cmds := []tea.Cmd{kit.Status(text), s.load()}
	if a.ProfileChanged {
		ses := keyflow.SessionOf(s.env.Session, a.Profile)
		cmds = append(cmds, func() tea.Msg { return kit.SessionMsg{Session: ses} })
	}
	return tea.Batch(cmds...)
}

// failed shows a task error on the screen (the footer shows it too) and keeps the form.
func (s *Screen) failed(err error) tea.Cmd {
	if s.form != nil {
		s.form.Failed(err)
	} else {
		s.failure = s.env.ErrorLine(err)
	}
	return nil
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.form != nil {
		if s.opBusy {
			return nil
		}
		res, cmd := s.form.Update(k)
		switch res {
		case form.Cancelled:
			s.closeForm()
			return kit.Status("Cancelled.")
		case form.Submitted:
			return s.submit()
		}
		return cmd
	}
	if cmd, ok := s.actions.Handle(k); ok {
		return cmd
	}
	var cmd tea.Cmd
	s.tbl, cmd = s.tbl.Update(k)
	return cmd
}

// The reasons an action of the list is off.

func (s *Screen) busy() string {
	if s.opBusy {
		return "an operation on a key is under way"
	}
	return ""
}

func (s *Screen) noSelection() string {
	if _, ok := s.Selected(); !ok {
		return "no key yet (n makes one, i imports one)"
	}
	return ""
}

func (s *Screen) noSelectionOrBusy() string {
	if why := s.noSelection(); why != "" {
		return why
	}
	return s.busy()
}

func (s *Screen) noExport() string {
	if why := s.noSelectionOrBusy(); why != "" {
		return why
	}
	if e, _ := s.Selected(); e.Backend == keystore.BackendLedger {
		return "key " + e.Label + " is on a Ledger device: purse holds no secret of it to export"
	}
	return ""
}

func (s *Screen) noUse() string {
	if why := s.noSelectionOrBusy(); why != "" {
		return why
	}
	e, _ := s.Selected()
	if u := s.profileUse(e); u != "" {
		return "it is the " + u + " key of profile " + s.profileName() + " already"
	}
	return ""
}

func (s *Screen) openRename(sel keystore.Entry) tea.Cmd {
	s.target, s.mode = sel, modeRename
	s.form = form.New(s.env, "Rename key "+sel.Label, "rename", form.TextField("label", "new label", sel.Label, ""))
	s.form.Check = func(f *form.Form) error { return appkeys.CheckLabel(f.Value("label")) }
	return nil
}

func (s *Screen) openExport(sel keystore.Entry) tea.Cmd {
	s.target, s.mode = sel, modeExport
	f := form.TextField("file", "new file", "", "(e.g. ~/"+sel.Label+".json)")
	f.Hint = "an existing file is never replaced; the file is written with mode 0600"
	s.form = form.New(s.env, "Export key "+sel.Label+" as encrypted v3 JSON", "export", f)
	return nil
}

func (s *Screen) confirmRemove(sel keystore.Entry) tea.Cmd {
	s.target = sel
	body := fmt.Sprintf("Key %s (%s %s): %s", sel.Label, sel.Kind, sel.Address, appkeys.RemoveEffect(sel))
	if sel.SharedWith() == "" {
		body += " x exports a backup first."
	}
	if use := s.profileUse(sel); use != "" {
		body += " Profile " + s.profileName() + " uses it as its " + use + " key."
	}
	return kit.Push(dialog.NewConfirm(s.env, owner+"/rm", "Remove key "+sel.Label+"?", body, "remove the key"))
}

func (s *Screen) submit() tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		s.form.Err = "no services: purse was started without a profile"
		return nil
	}
	target := s.target
	switch s.mode {
	case modeRename:
		nl := s.form.Value("label") // checked by the form (appkeys.CheckLabel)
		if nl == target.Label {
			s.closeForm()
			return kit.Status("The label is unchanged.")
		}
		s.opBusy = true
		var cmd tea.Cmd
		s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Renaming key "+target.Label, func(context.Context) (appkeys.Added, error) {
			return sv.Rename(target.Label, nl)
		})
		return cmd
	case modeExport:
		path := app.ExpandHome(s.form.Value("file"))
		if path == "" {
			s.form.Err = "file: expected the path of a new file"
			return nil
		}
		s.opBusy = true
		var cmd tea.Cmd
		s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Checking "+path, func(context.Context) (checked, error) {
			return checked{Path: path}, app.CheckNewFile(path)
		})
		return cmd
	}
	return nil
}

// startExport writes the key's encrypted export. unlock.Start asks what the key store
// needs, in its order: the key's own passphrase (a file key), then the export passphrase,
// twice; nothing is written before both are known.
func (s *Screen) startExport() tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		return nil
	}
	label, path := s.target.Label, s.exportPath
	s.opBusy = true
	var cmd tea.Cmd
	s.opID, cmd = unlock.Start(s.env, owner+"/op", "Exporting key "+label, func(_ context.Context, u *app.Unlock) (exported, error) {
		var keyPass, exportPass []byte
		if u != nil {
			keyPass, exportPass = u.Passphrase, u.New
		}
		return exported{Path: path}, sv.Export(label, path, keyPass, exportPass)
	})
	return cmd
}

func (s *Screen) startRemove() tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		return nil
	}
	label := s.target.Label
	s.opBusy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Removing key "+label, func(context.Context) (appkeys.Removed, error) {
		return sv.Remove(label)
	})
	return cmd
}

func (s *Screen) startUse(e keystore.Entry) tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		return nil
	}
	s.opBusy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Setting the profile's "+string(e.Kind)+" key", func(ctx context.Context) (appkeys.Added, error) {
		return sv.Use(ctx, e)
	})
	return cmd
}

func (s *Screen) closeForm() {
	s.form, s.mode, s.opBusy = nil, modeList, false
}

func (s *Screen) profileName() string { return s.env.Session.Profile }

// profileUse says which key of the profile e is ("EVM", "Solana" or "").
func (s *Screen) profileUse(e keystore.Entry) string {
	ses := s.env.Session
	switch {
	case e.Kind == keystore.KindEVM && ses.EVMKey == e.Label:
		return "EVM"
	case e.Kind == keystore.KindSolana && ses.SolanaKey == e.Label:
		return "Solana"
	}
	return ""
}

func (s *Screen) refreshRows() {
	rows := make(table.Rows, 0, len(s.list))
	for _, e := range s.list {
		use := ""
		if u := s.profileUse(e); u != "" {
			use = "[x] " + strings.ToLower(u)
		}
		rows = append(rows, []string{e.Label, string(e.Kind), e.Address, string(e.Backend), format.Date(e.Created), use})
	}
	s.tbl.SetSource(rows)
	// The key just added or renamed is selected: the list is sorted by label, so the row
	// under the cursor is otherwise another key, and the next d would remove that one.
	if s.follow != "" {
		for i, e := range s.list {
			if e.Label == s.follow {
				s.tbl.SetCursor(i)
				s.follow = ""
				break
			}
		}
	}
}

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	st := s.env.Styles
	if s.flow.Active() {
		return s.flow.View(s.w)
	}
	if s.form != nil {
		v := s.form.View(s.w)
		if s.opBusy {
			v += "\n" + st.StatusBusy.Render(st.Marks.Busy+" working…")
		}
		return v
	}
	var b strings.Builder
	b.WriteString(st.Title.Render("Keys") + "  " + st.Muted.Render(kit.Truncate(backendNote(), max(s.w-6, 1))) + "\n")
	if !s.loaded && s.failure == "" {
		b.WriteString(st.Muted.Render("Loading keys…"))
		return b.String()
	}
	detail := s.detail()
	s.tbl.SetSize(s.w, max(s.h-1-len(detail), 3))
	b.WriteString(s.tbl.View())
	for _, l := range detail {
		b.WriteString("\n" + l)
	}
	return b.String()
}

// detail is the full address of the selected key, the agent this TUI runs, and the last
// failure.
func (s *Screen) detail() []string {
	st := s.env.Styles
	var out []string
	if e, ok := s.Selected(); ok {
		use := "not used by profile " + s.profileName()
		if u := s.profileUse(e); u != "" {
			use = "the " + u + " key of profile " + s.profileName()
		}
		out = append(out, st.Label.Render("address ")+kit.Truncate(e.Address, max(s.w-8, 1)))
		out = append(out, st.Label.Render("in use  ")+kit.Truncate(use, max(s.w-8, 1)))
	}
	if a := s.agentRun; a != nil {
		out = append(out, st.Label.Render("agent   ")+kit.Truncate(fmt.Sprintf("pid %d at %s: it signs for every local client under its policy; what the policy wants confirmed opens here (its display: %s); it stops when this TUI exits", a.PID, visible.Line(a.Socket), visible.Line(a.Display)), max(s.w-8, 1)))
	}
	if s.failure != "" {
		for i, l := range kit.WrapWords(st.Marks.Error+": "+s.failure, s.w) {
			if i == 3 {
				break
			}
			out = append(out, st.StatusError.Render(l))
		}
	}
	return out
}

func backendNote() string {
	b, err := keystore.BackendFromEnv()
	switch {
	case err != nil:
		return visible.Line(err.Error())
	case b == keystore.BackendFile:
		return "new keys: encrypted files (PURSE_KEYSTORE=file)"
	case b == keystore.BackendOS:
		return "new keys: OS keyring (PURSE_KEYSTORE=os)"
	}
	return "new keys: OS keyring when it answers, else encrypted files"
}

// Reset implements kit.ProfileBound: the screen as new (which keys the profile uses is read
// again; an open form or add flow of the other profile closes). The keys are the machine's,
// not the profile's: the cursor stays on the key it was on.
func (s *Screen) Reset() {
	w, h := s.w, s.h
	sel, ok := s.Selected()
	s.init(s.env, s.app)
	if ok {
		s.follow = sel.Label
	}
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) { s.w, s.h = w, h }

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Keys" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenKeys }

// startAgent starts this home's agent with this TUI as its trusted display.
func (s *Screen) startAgent() tea.Cmd {
	sv := s.app.Agent
	if sv == nil {
		return nil
	}
	var cmd tea.Cmd
	s.agentID, cmd = kit.Start(s.env.Tasks, owner+"/agent", "Starting the agent", func(ctx context.Context) (app.AgentStarted, error) {
		return sv.StartDisplayed(ctx)
	})
	return cmd
}

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	if s.flow.Active() {
		return s.flow.Help()
	}
	if s.form != nil {
		return s.form.ShortHelp()
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: every action, those off now with the reason.
func (s *Screen) FullHelp() [][]key.Binding {
	if s.flow.Active() || s.form != nil {
		return [][]key.Binding{s.ShortHelp()}
	}
	return [][]key.Binding{s.actions.Full(), s.env.Keys.Movement()}
}

// InputFocused implements kit.Screen.
// Retries implements kit.Retrier: r lists the keys again.
func (s *Screen) Retries(slot string) bool { return slot == owner+"/list" }

func (s *Screen) InputFocused() bool { return s.flow.InputFocused() || s.form != nil }
