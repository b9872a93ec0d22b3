// Package firstrun is the first-run wizard of purse's terminal UI, shown first when the
// profile has no EVM key (see Needed): pick or create a profile (the sandbox preselected),
// create or import an EVM key and a Solana key (the Keys screen's flow: every import
// format, passphrase dialogs for the file keystore), and look the EVM key's account up on
// chain. When the user finishes it sends kit.SetupDoneMsg; the router then shows the Account screen.
package firstrun

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/keys"
	"purse/app/profiles"
	"purse/config"
	"purse/keystore"
	"purse/tui/form"
	"purse/tui/keyflow"
	"purse/tui/kit"
)

// Needed reports whether the wizard should be shown first: the profile has no EVM key.
func Needed(p config.Profile) bool { return p.EVMKey == "" }

const owner = "firstrun"

type step int

const (
	stepProfile step = iota
	stepEVM
	stepSolana
	stepDone
)

var stepNames = []string{"Profile", "EVM key", "Solana key", "Account"}

type (
	loaded struct {
		Profiles profiles.List
		Keys     []keystore.Entry
	}
	switched struct{ Profile config.Profile }
	added    struct{ Profile config.Profile }
)

var _ kit.Screen = (*Screen)(nil)

// Screen is the first-run wizard.
type Screen struct {
	app  Services // the application layer: every use case the screen runs
	env  *kit.Env
	step step
	w, h int

	profiles profiles.List
	keyList  []keystore.Entry
	loaded   bool
	cursor   int
	profile  config.Profile
	flow     *keyflow.Flow
	form     *form.Form // add a profile from a sandbox URL or a preset
	busy     bool
	note     string
	noteErr  bool
	evm      *keys.Added
	sol      *keys.Added

	loadID, opID kit.TaskID

	// actions are the wizard's keys, each with why it is off at this step; the key flow and
	// the add form, open, have the keys before them.
	actions kit.Actions
}

// Services are what the first-run wizard needs of the application layer (Of gives an
// App's): the session's home and profiles, and the key store.
type Services struct {
	Session
	Keys     KeyService
	Profiles ProfileService
}

// Of is the wizard's services of the session a.
func Of(a *app.App) Services {
	return Services{Session: a, Keys: keys.New(a), Profiles: profiles.New(a)}
}

// Session is the session the wizard works in (*app.App is one): its home.
type Session interface{ Home() string }

// ProfileService switches profiles (profiles.Service is one).
type ProfileService interface {
	Use(name string) (config.Profile, error)
}

// KeyService is the key store's use cases the wizard runs (keys.Service is one).
type KeyService interface {
	keyflow.Service
	List() ([]keystore.Entry, error)
	Use(ctx context.Context, e keystore.Entry) (keys.Added, error)
}

// New returns the wizard.
func New(env *kit.Env, a Services) *Screen {
	s := &Screen{app: a, env: env, flow: keyflow.NewFlow(env, a.Keys, owner)}
	s.declareActions()
	return s
}

// declareActions declares the wizard's keys: enter does what the step asks (use the profile,
// use the key, go to the Account screen); the others belong to one step or two.
func (s *Screen) declareActions() {
	k := s.env.Keys
	startFlow := func(o keyflow.Options) func() tea.Cmd {
		return func() tea.Cmd {
			o.Kind, o.UseForProfile = s.stepKind(), true
			s.flow.Start(o)
			return nil
		}
	}
	s.actions = kit.Actions{
		{Key: k.Select, Do: s.enter, Off: s.noEnter, Desc: s.enterDesc},
		{Key: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add from a sandbox URL")), Do: s.openAdd, Off: s.notProfileStep},
		{Key: kit.WithHelp(k.New, "new key"), Do: startFlow(keyflow.Options{}), Off: s.notKeyStep},
		{Key: kit.WithHelp(k.Import, "import from a file"), Do: startFlow(keyflow.Options{Import: true}), Off: s.notKeyStep},
		{Key: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "skip")), Do: s.skipSolana, Off: func() string {
			if why := s.notKeyStep(); why != "" {
				return why
			}
			if s.step != stepSolana {
				return "only the Solana key can be skipped"
			}
			return ""
		}},
		{Key: k.Up, Do: func() tea.Cmd { s.cursor = max(s.cursor-1, 0); return nil }, Off: s.noList},
		{Key: k.Down, Do: func() tea.Cmd { s.cursor = min(s.cursor+1, max(s.listLen()-1, 0)); return nil }, Off: s.noList},
	}
}

// The reasons a key of the wizard is off.

func (s *Screen) busyWhy() string {
	if s.busy {
		return "a step is under way"
	}
	return ""
}

func (s *Screen) notProfileStep() string {
	if s.step != stepProfile {
		return "the profile is chosen (step 1)"
	}
	return s.busyWhy()
}

func (s *Screen) notKeyStep() string {
	switch s.step {
	case stepProfile:
		return "choose the profile first"
	case stepDone:
		return "the keys are set up"
	}
	return s.busyWhy()
}

func (s *Screen) noList() string {
	if s.step == stepDone || s.listLen() == 0 {
		return "nothing to choose here"
	}
	return s.busyWhy()
}

func (s *Screen) noEnter() string {
	switch {
	case s.busy:
		return s.busyWhy()
	case s.step == stepProfile && !s.loaded:
		return "the profiles are not read yet"
	case s.step == stepProfile && len(s.profiles.List) == 0:
		return "no profile yet (a adds one)"
	case (s.step == stepEVM || s.step == stepSolana) && s.listLen() == 0:
		return "no " + stepNames[s.step] + " on this machine yet (n makes one, i imports one)"
	}
	return ""
}

func (s *Screen) enterDesc() string {
	switch s.step {
	case stepProfile:
		return "use the selected profile"
	case stepDone:
		return "go to the Account screen"
	}
	return "use the selected key"
}

// listLen is the length of the step's list: the profiles, or the keys of the step's kind.
func (s *Screen) listLen() int {
	if s.step == stepProfile {
		return len(s.profiles.List)
	}
	return len(s.keysOf(s.stepKind()))
}

// enter does what the step asks.
func (s *Screen) enter() tea.Cmd {
	switch s.step {
	case stepProfile:
		return s.useProfile()
	case stepDone:
		p, found := s.profile, s.profile.TokenID != ""
		return func() tea.Msg { return kit.SetupDoneMsg{Profile: p.Name, AccountFound: found} }
	}
	list := s.keysOf(s.stepKind())
	return s.useExisting(list[min(s.cursor, len(list)-1)])
}

func (s *Screen) skipSolana() tea.Cmd {
	s.step = stepDone
	s.setNote("No Solana key for now: add one on the Keys screen before a Solana deposit.", false)
	return nil
}

func (s *Screen) openAdd() tea.Cmd {
	name := form.TextField("name", "name", "", "")
	name.Hint = "1-32 letters, digits, '.', '_' or '-'"
	from := form.ChoiceField("from", "from", append([]string{"sandbox URL"}, config.PresetNames()...), 0)
	from.Hint = "a running sandbox, or a preset of the service's public deployments (purse profile presets)"
	url := form.TextField("sandbox_url", "sandbox URL", "http://"+config.DefaultSandboxAddr, "")
	url.Hint = "a running `purse sandbox`; other services: add the profile on the Settings screen"
	url.Show = func(f *form.Form) bool { return f.Choice("from") == 0 }
	s.form = form.New(s.env, "Add a profile", "add the profile", name, from, url)
	s.form.Check = func(f *form.Form) error { return profiles.CheckName(f.Value("name")) }
	return nil
}

// Init implements kit.Screen.
func (s *Screen) Init() tea.Cmd { return s.load() }

func (s *Screen) home() string {
	if s.app.Session != nil {
		return s.app.Home()
	}
	return s.env.Home
}

func (s *Screen) load() tea.Cmd {
	home, sv := s.home(), s.app.Keys
	var cmd tea.Cmd
	s.loadID, cmd = kit.Start(s.env.Tasks, owner+"/load", "Loading profiles and keys", func(context.Context) (loaded, error) {
		ps, err := profiles.Load(home)
		if err != nil {
			return loaded{}, err
		}
		out := loaded{Profiles: ps}
		if sv != nil {
			if out.Keys, err = sv.List(); err != nil {
				return loaded{}, err
			}
		}
		return out, nil
	})
	return cmd
}

func (s *Screen) setNote(t string, isErr bool) { s.note, s.noteErr = t, isErr }

// keysOf lists the keys of a kind.
func (s *Screen) keysOf(k keystore.Kind) []keystore.Entry {
	var out []keystore.Entry
	for _, e := range s.keyList {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func (s *Screen) stepKind() keystore.Kind {
	if s.step == stepSolana {
		return keystore.KindSolana
	}
	return keystore.KindEVM
}

// Update implements kit.Screen: the key flow first (its dialogs and form have the keys),
// then each task's result to its own handler, and key presses to the add form or the action
// table.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	if done, handled, cmd := s.flow.Update(msg); handled {
		if done != nil {
			return s, tea.Batch(cmd, s.keyDone(*done))
		}
		return s, cmd
	}
	switch msg := msg.(type) {
	case kit.TaskResult[loaded]:
		s.gotLoaded(msg)
	case kit.TaskResult[switched]:
		return s, kit.OpDone(msg, s.opID, &s.busy, s.failed, s.switched)
	case kit.TaskResult[added]:
		return s, kit.OpDone(msg, s.opID, &s.busy, s.failed, func(a added) tea.Cmd {
			s.form = nil
			s.setNote("Added profile "+a.Profile.Name+".", false)
			return s.load()
		})
	case kit.TaskResult[keys.Added]:
		return s, kit.OpDone(msg, s.opID, &s.busy, s.failed, s.keyDone)
	case kit.SessionMsg:
		s.sessionChanged(msg.Session)
	case kit.ProfileSwitchedMsg:
		// A new account id switches the session (the router makes a SessionMsg that names
		// another account a switch).
		s.sessionChanged(msg.Session)
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

// failed shows an operation's error in the add form while it is open, else as the note.
func (s *Screen) failed(err error) tea.Cmd {
	if s.form != nil {
		s.form.Failed(err)
		return nil
	}
	s.setNote(s.env.ErrorLine(err), true)
	return nil
}

// gotLoaded shows the profiles and keys read; the sandbox is preselected at the first step.
func (s *Screen) gotLoaded(msg kit.TaskResult[loaded]) {
	if msg.ID != s.loadID {
		return
	}
	if msg.Err != nil {
		s.setNote(s.env.ErrorLine(msg.Err), true)
		return
	}
	s.profiles, s.keyList, s.loaded = msg.Value.Profiles, msg.Value.Keys, true
	if s.step == stepProfile {
		s.cursor = 0
		for i, p := range s.profiles.List {
			if p.Name == config.SandboxName {
				s.cursor = i
			}
		}
	}
}

// switched moves on to the key steps with the profile now used.
func (s *Screen) switched(v switched) tea.Cmd {
	s.profile = v.Profile
	s.setNote("Using profile "+v.Profile.Name+".", false)
	s.enterKeyStep(stepEVM)
	ses := keyflow.SessionOf(s.env.Session, v.Profile)
	name := v.Profile.Name
	return func() tea.Msg { return kit.ProfileSwitchedMsg{Profile: name, Session: ses} }
}

// enterKeyStep moves to a key step, or past it when the profile already has that key.
func (s *Screen) enterKeyStep(st step) {
	s.step, s.cursor = st, 0
	if st == stepEVM && s.profile.EVMKey != "" {
		s.setNote("Profile "+s.profile.Name+" already uses EVM key "+s.profile.EVMKey+".", false)
		s.step = stepSolana
	}
	if s.step == stepSolana && s.profile.SolanaKey != "" {
		s.setNote("Profile "+s.profile.Name+" already uses Solana key "+s.profile.SolanaKey+".", false)
		s.step = stepDone
	}
}

// keyDone records the key of the current step and moves on.
func (s *Screen) keyDone(a keys.Added) tea.Cmd {
	if a.ProfileChanged {
		s.profile = a.Profile
	}
	text := keyflow.Describe(a)
	if s.step == stepEVM {
		s.evm = &a
		s.enterKeyStep(stepSolana)
	} else {
		s.sol = &a
		s.step = stepDone
	}
	// The note says it where the user looks; the footer's status would say it a second time.
	s.setNote(text, false)
	cmds := []tea.Cmd{s.load()}
	if a.ProfileChanged {
		ses := keyflow.SessionOf(s.env.Session, a.Profile)
		cmds = append(cmds, func() tea.Msg { return kit.SessionMsg{Session: ses} })
	}
	return tea.Batch(cmds...)
}

// sessionChanged takes the account the Account screen's mint (or a lookup) found for the
// wizard's key: the summary stops saying there is none.
func (s *Screen) sessionChanged(ses kit.Session) {
	if ses.AccountID != "" && ses.Profile == s.profile.Name && ses.EVMKey == s.profile.EVMKey && s.profile.EVMKey != "" {
		s.profile.TokenID = ses.AccountID
	}
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
		case form.Submitted:
			return s.submitProfile()
		}
		return cmd
	}
	cmd, _ := s.actions.Handle(k)
	return cmd
}

func (s *Screen) submitProfile() tea.Cmd {
	home, name := s.home(), s.form.Value("name")
	src := profiles.Source{SandboxURL: s.form.Value("sandbox_url")}
	if s.form.Choice("from") > 0 {
		src = profiles.Source{Preset: s.form.Value("from")}
	}
	s.busy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Adding profile "+name, func(ctx context.Context) (added, error) {
		p, err := profiles.Add(ctx, home, name, src, nil, nil)
		return added{Profile: p}, err
	})
	return cmd
}

func (s *Screen) useProfile() tea.Cmd {
	if len(s.profiles.List) == 0 {
		return nil
	}
	p := s.profiles.List[min(s.cursor, len(s.profiles.List)-1)]
	sv := s.app.Profiles
	s.busy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Switching to profile "+p.Name, func(context.Context) (switched, error) {
		np, err := sv.Use(p.Name)
		return switched{Profile: np}, err
	})
	return cmd
}

func (s *Screen) useExisting(e keystore.Entry) tea.Cmd {
	sv := s.app.Keys
	if sv == nil {
		return nil
	}
	s.busy = true
	var cmd tea.Cmd
	s.opID, cmd = kit.Start(s.env.Tasks, owner+"/op", "Using key "+e.Label, func(ctx context.Context) (keys.Added, error) {
		return sv.Use(ctx, e)
	})
	return cmd
}

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	st := s.env.Styles
	var lines []string
	lines = append(lines, st.Title.Render("Welcome: let's set purse up")+"  "+st.Muted.Render(fmt.Sprintf("step %d of %d", min(int(s.step)+1, 4), 4)))
	for i, n := range stepNames {
		mark := st.Marks.Unchecked
		if step(i) < s.step || (step(i) == stepDone && s.step == stepDone && s.profile.TokenID != "") {
			mark = st.Marks.Checked
		}
		cur := st.Marks.NoCursor
		if step(i) == s.step {
			cur = st.Marks.Cursor
		}
		lines = append(lines, kit.Truncate(cur+mark+" "+kit.Pad(n, 11)+" "+s.stepSummary(step(i)), s.w))
	}
	lines = append(lines, "")
	switch {
	case s.flow.Active():
		lines = append(lines, s.flow.View(s.w))
	case s.form != nil:
		lines = append(lines, s.form.View(s.w))
	default:
		lines = append(lines, s.body()...)
	}
	if s.busy {
		lines = append(lines, st.StatusBusy.Render(st.Marks.Busy+" working…"))
	}
	if s.note != "" && !s.flow.Active() && s.form == nil {
		style, mark := st.StatusOK, st.Marks.OK+": "
		if s.noteErr {
			style, mark = st.StatusError, st.Marks.Error+": "
		}
		lines = append(lines, "")
		for _, l := range kit.WrapWords(mark+s.note, max(s.w, 20)) {
			lines = append(lines, style.Render(l))
		}
	}
	return strings.Join(lines, "\n")
}

func (s *Screen) stepSummary(st step) string {
	switch st {
	case stepProfile:
		if s.step > stepProfile {
			return s.profile.Name + " (network " + s.profile.Network + ")"
		}
	case stepEVM:
		if s.profile.EVMKey != "" {
			return s.profile.EVMKey
		}
	case stepSolana:
		if s.profile.SolanaKey != "" {
			return s.profile.SolanaKey
		}
		if s.step > stepSolana {
			return "(skipped)"
		}
	case stepDone:
		if s.profile.TokenID != "" {
			return "account " + s.profile.TokenID + " found on chain"
		}
		if s.step == stepDone {
			return "none on chain yet"
		}
	}
	return ""
}

func (s *Screen) body() []string {
	st := s.env.Styles
	wrap := func(t string) []string { return kit.WrapWords(t, max(s.w, 20)) }
	var out []string
	switch s.step {
	case stepProfile:
		out = append(out, wrap("Which service should purse talk to? The sandbox runs on this machine and needs no account anywhere: start there.")...)
		if !s.loaded {
			return append(out, st.Muted.Render("Loading profiles…"))
		}
		for i, p := range s.profiles.List {
			cur := st.Marks.NoCursor
			if i == s.cursor {
				cur = st.Marks.Cursor
			}
			row := kit.Truncate(cur+kit.Pad(p.Name, 12)+" network "+kit.Pad(p.Network, 6)+" "+p.UserAPI, s.w)
			if i == s.cursor {
				row = st.TableSelected.Render(row)
			}
			out = append(out, row)
		}
		out = append(out, "", st.Muted.Render(kit.Truncate("enter use the selected profile • a add one from a sandbox URL", s.w)))
	case stepEVM, stepSolana:
		need := "an EVM key. It signs every API call, permit and Form A, and owns your account on chain."
		if s.step == stepSolana {
			need = "a Solana key. It pays Solana deposits. You can skip this and add one later."
		}
		out = append(out, wrap(fmt.Sprintf("Profile %s needs %s", s.profile.Name, need))...)
		list := s.keysOf(s.stepKind())
		if len(list) > 0 {
			out = append(out, "", st.Label.Render("Keys already on this machine (enter uses one):"))
			for i, e := range list {
				cur := st.Marks.NoCursor
				if i == s.cursor {
					cur = st.Marks.Cursor
				}
				row := kit.Truncate(cur+kit.Pad(e.Label, 14)+" "+e.Address, s.w)
				if i == s.cursor {
					row = st.TableSelected.Render(row)
				}
				out = append(out, row)
			}
		}
		hint := "n create a new key • i import one from a file"
		if s.step == stepSolana {
			hint += " • s skip"
		}
		out = append(out, "", st.Muted.Render(kit.Truncate(hint, s.w)))
	case stepDone:
		p := s.profile
		if p.TokenID != "" {
			out = append(out, wrap(fmt.Sprintf("All set. Key %s owns account %s on the chain of profile %s.", p.EVMKey, p.TokenID, p.Name))...)
		} else {
			out = append(out, wrap(fmt.Sprintf("All set. Key %s has no account yet: the Account screen mints one (email, captcha) and walks you through KYC.", p.EVMKey))...)
		}
		out = append(out, "", st.Muted.Render(kit.Truncate("enter go to the Account screen", s.w)))
	}
	return out
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) { s.w, s.h = w, h }

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Setup" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenSetup }

// Unnumbered implements kit.Unnumbered: the wizard is there in the first session only, and
// the other screens keep their numbers with or without it.
func (s *Screen) Unnumbered() bool { return true }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	switch {
	case s.flow.Active():
		return s.flow.Help()
	case s.form != nil:
		return s.form.ShortHelp()
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: every key of the wizard, those off at this step with the
// reason.
func (s *Screen) FullHelp() [][]key.Binding {
	if s.flow.Active() || s.form != nil {
		return [][]key.Binding{s.ShortHelp()}
	}
	return [][]key.Binding{s.actions.Full()}
}

// InputFocused implements kit.Screen.
func (s *Screen) InputFocused() bool { return s.flow.InputFocused() || s.form != nil }
