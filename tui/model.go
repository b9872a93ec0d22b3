package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"purse/app"
	"purse/config"
	"purse/internal/prompt"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/kit"
)

// Minimum terminal size; below it the UI shows how to fix the size instead of a frame.
const (
	MinWidth  = 40
	MinHeight = 12
)

// headerHeight is the tab line plus the title rule.
const headerHeight = 2

// Model is the root router. Build it with NewModel; it implements tea.Model.
type Model struct {
	env     *kit.Env
	screens []kit.Screen
	inited  []bool
	active  int
	dialogs []kit.Dialog

	help     help.Model
	spinner  spinner.Model
	spinning bool

	w, h         int
	bodyW, bodyH int

	// notes holds each screen's footer message, shown while that screen is active and
	// dropped when the user leaves it; owner says which screen started a task, so its reply
	// lands on that screen's footer.
	notes []note
	owner map[kit.TaskID]int

	// Now is the clock of the footer's unlock countdown (tests set it); heldTicking says a
	// tick refreshes that countdown.
	Now         func() time.Time
	heldTicking bool

	// full is the value shown outside the alternate screen (showFull), nil otherwise.
	full *kit.ShowFullMsg
	// waiting holds the dialogs asked by tasks of screens the user had left, by screen: each
	// opens when its screen is active again.
	waiting map[int][]kit.Dialog

	// approvals answers the signing gate's questions (SetApprovals).
	approvals *approvals

	// follow re-reads the session's profile (profiles.Service.Follow); following says a look
	// is under way, followErr is the last failure said.
	follow    func() (config.Profile, bool, error)
	following bool
	followErr string
	// watchAccount says whether another process signed a change of the account since the
	// last look (audit.Watch); watching says a look is under way; stale marks the
	// AccountFollower screens to read again when next shown.
	watchAccount func() (bool, error)
	watching     bool
	stale        map[int]bool

	// globals are the router's keys, each declared once with how far in front it acts.
	globals []global
}

// reach is how far in front of what has the keys a global key acts: the top dialog, or the
// screen's focused field, gets every key that does not reach it.
type reach int

const (
	// overAll keys act over everything, a passphrase being typed included (ctrl+c, ctrl+l).
	overAll reach = iota
	// overDialog keys act over a dialog that is not typing into a field (?).
	overDialog
	// overScreen keys act only over a screen with no focused field (tab, 1-9,0, q).
	overScreen
)

// global is one key of the router: a kit.Action (what it does, why it is off now) and how
// far in front it acts.
type global struct {
	kit.Action
	reach reach
}

// heldTickMsg refreshes the footer's unlock countdown.
type heldTickMsg struct{}

func (m *Model) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

// note is one screen's footer message: a status line or an error with what to do next. A
// status is transient (shown until until, statusFor after it was set) unless set lasting
// (until zero); an error stays until the next status or error of its screen, or a profile
// switch.
type note struct {
	status  string
	until   time.Time
	errWhat string
	errText string
	errNext string
	errSlot string
	// advised: the error (or its reporter) said what to do next; no retry hint is added.
	advised bool
}

// NewModel returns the root model over screens (in tab order). env must come from
// kit.NewEnv.
func NewModel(env *kit.Env, screens ...kit.Screen) *Model {
	if env.Describe == nil {
		env.Describe = app.Describe // the one mapping of errors to advice, shared with the CLI
	}
	sp := spinner.New(spinner.WithSpinner(spinner.Line), spinner.WithStyle(env.Styles.Spinner))
	m := &Model{
		env:     env,
		screens: screens,
		inited:  make([]bool, len(screens)),
		notes:   make([]note, len(screens)),
		owner:   map[kit.TaskID]int{},
		waiting: map[int][]kit.Dialog{},
		help:    env.Styles.NewHelp(),
		spinner: sp,
	}
	m.declareGlobals()
	return m
}

// declareGlobals declares the router's keys, in the order the full help lists them.
func (m *Model) declareGlobals() {
	k := m.env.Keys
	step := func(d int) func() tea.Cmd {
		return func() tea.Cmd { return m.activate((m.active + d + len(m.screens)) % len(m.screens)) }
	}
	m.globals = []global{
		{reach: overScreen, Action: kit.Action{Key: k.NextTab, Do: step(1), Off: m.oneScreen}},
		{reach: overScreen, Action: kit.Action{Key: k.PrevTab, Do: step(-1), Off: m.oneScreen}},
		{reach: overScreen, Action: kit.Action{Key: k.JumpTab, DoKey: m.jump, Off: m.unnumbered}},
		{reach: overDialog, Action: kit.Action{Key: k.Help, Do: func() tea.Cmd { m.toggleHelp(); return nil }}},
		{reach: overScreen, Action: kit.Action{Key: k.Quit, Do: m.askQuit}},
		{reach: overAll, Action: kit.Action{Key: k.ForceQuit, Do: m.quit}},
		{reach: overAll, Action: kit.Action{Key: k.LockKeys, Do: m.lock, Off: func() string {
			if m.env.Lock == nil {
				return "this session holds no keys to lock"
			}
			return ""
		}}},
	}
}

func (m *Model) oneScreen() string {
	if len(m.screens) < 2 {
		return "there is no other screen"
	}
	return ""
}

func (m *Model) unnumbered() string {
	for i := range m.screens {
		if _, ok := m.digit(i); ok {
			return ""
		}
	}
	return "no screen has a number"
}

// jump goes to the screen whose number k is.
func (m *Model) jump(k tea.KeyPressMsg) tea.Cmd {
	for i := range m.screens {
		if d, ok := m.digit(i); ok && string(d) == k.Text {
			return m.activate(i)
		}
	}
	return kit.Status("No screen has number " + visible.Line(k.Text) + ".")
}

// lock wipes the keys the session keeps unlocked.
func (m *Model) lock() tea.Cmd {
	held := len(m.env.Held())
	m.env.Lock()
	if held == 0 {
		return kit.Status("No key was unlocked.")
	}
	return kit.Status("Locked: the unlocked keys were wiped from memory; the next signature asks for the passphrase.")
}

// reachNow is how far in front the global keys act now: a dialog or a field typing leaves
// only the overAll keys, any other dialog the overDialog ones.
func (m *Model) reachNow() reach {
	if n := len(m.dialogs); n > 0 {
		if typing, ok := m.dialogs[n-1].(interface{ InputFocused() bool }); ok && typing.InputFocused() {
			return overAll
		}
		return overDialog
	}
	if s := m.ActiveScreen(); s != nil && s.InputFocused() {
		return overAll
	}
	return overScreen
}

// globalsNow are the global keys that act now, in front of what has the keys.
func (m *Model) globalsNow() kit.Actions {
	r := m.reachNow()
	var out kit.Actions
	for _, g := range m.globals {
		if g.reach <= r {
			out = append(out, g.Action)
		}
	}
	return out
}

// Env returns the shared environment.
func (m *Model) Env() *kit.Env { return m.env }

// Active returns the index of the active screen.
func (m *Model) Active() int { return m.active }

// ActiveScreen returns the active screen (nil when there is none).
func (m *Model) ActiveScreen() kit.Screen {
	if len(m.screens) == 0 {
		return nil
	}
	return m.screens[m.active]
}

// Dialogs returns the dialog stack, bottom first.
func (m *Model) Dialogs() []kit.Dialog { return m.dialogs }

// FullHelp reports whether the full help is shown (its page is the top dialog).
func (m *Model) FullHelp() bool { return m.helpOpen() }

// BodySize returns the area screens and dialogs get.
func (m *Model) BodySize() (int, int) { return m.bodyW, m.bodyH }

// Init implements tea.Model: it initialises the first screen and starts reading the
// signing gate's questions.
func (m *Model) Init() tea.Cmd {
	cmd := m.activate(0)
	if m.approvals != nil {
		cmd = tea.Batch(cmd, m.approvals.wait())
	}
	if m.follow != nil {
		cmd = tea.Batch(cmd, followTick())
	}
	return cmd
}

func (m *Model) activate(i int) tea.Cmd {
	if i < 0 || i >= len(m.screens) {
		return nil
	}
	if i != m.active {
		m.notes[m.active] = note{} // a footer message belongs to the screen it was shown on
	}
	m.active = i
	m.layout()
	for _, d := range m.waiting[i] {
		m.push(d)
	}
	delete(m.waiting, i)
	// A screen shown again looks at the profile first: another purse process may have
	// changed it.
	look := m.followCmd()
	if m.inited[i] {
		if m.stale[i] {
			delete(m.stale, i)
			if f, ok := m.screens[i].(kit.AccountFollower); ok {
				var cmd tea.Cmd
				m.track(i, func() { cmd = f.AccountChanged() })
				return tea.Batch(look, cmd)
			}
		}
		return look
	}
	m.inited[i] = true
	var cmd tea.Cmd
	m.track(i, func() { cmd = m.screens[i].Init() })
	return tea.Batch(look, cmd)
}

// track runs fn, a call into screen i (or a dialog above it), and records i as the owner
// of every task fn started.
func (m *Model) track(i int, fn func()) {
	before := m.env.Tasks.LastID()
	fn()
	for id := before + 1; id <= m.env.Tasks.LastID(); id++ {
		m.owner[id] = i
	}
}

// push puts d on top of the dialogs, sized to the body.
func (m *Model) push(d kit.Dialog) {
	m.dialogs = append(m.dialogs, d)
	m.layout()
	d.SetSize(m.bodyW, m.bodyH)
}

// noteOf is the footer message of screen i; a router without screens keeps one anyway.
func (m *Model) noteOf(i int) *note {
	if i < 0 || i >= len(m.notes) {
		if len(m.notes) == 0 {
			m.notes = []note{{}}
		}
		return &m.notes[0]
	}
	return &m.notes[i]
}

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(heldTickMsg); ok {
		m.heldTicking = false
	}
	cmd := m.update(msg)
	if m.env.Tasks.Busy() && !m.spinning {
		m.spinning = true
		cmd = tea.Batch(cmd, m.spinner.Tick)
	}
	// While a key is held unlocked the footer counts down (and shows its wiping).
	if !m.heldTicking && m.env.Held != nil && len(m.env.Held()) > 0 {
		m.heldTicking = true
		cmd = tea.Batch(cmd, tea.Tick(10*time.Second, func(time.Time) tea.Msg { return heldTickMsg{} }))
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.approvalUpdate(msg); ok {
		return cmd
	}
	if cmd, ok := m.followUpdate(msg); ok {
		return cmd
	}
	if cmd, ok := m.inputUpdate(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case dialog.ConfirmResult:
		if msg.ID == quitID {
			if msg.Confirmed {
				return m.quit()
			}
			return nil
		}
	case spinner.TickMsg:
		return m.spin(msg)
	case kit.TaskReply:
		return m.reply(msg)
	case kit.PushDialogMsg:
		m.pushFor(msg)
		return nil
	case kit.ErrorMsg:
		m.setError(m.active, msg.What, msg.Err, msg.Next, "")
		return nil
	case kit.StatusMsg:
		m.setStatus(m.active, msg.Text)
		return nil
	case kit.ShowFullMsg:
		return m.showFull(msg)
	case kit.SessionMsg:
		return m.session(msg)
	case kit.ProfileSwitchedMsg:
		return m.switchProfile(msg)
	case kit.CopyMsg:
		return m.copy(msg)
	case kit.NavigateMsg:
		return m.navigate(msg.To...)
	case kit.SetupDoneMsg:
		return tea.Batch(m.broadcast(msg), m.navigate(kit.ScreenAccount, kit.ScreenHome))
	}
	return m.broadcast(msg)
}

// inputUpdate takes what the terminal sends: its size, keys and pastes (release and mouse
// events are not used).
func (m *Model) inputUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
		return nil, true
	case tea.KeyPressMsg:
		return m.key(msg), true
	case tea.PasteMsg, tea.PasteStartMsg, tea.PasteEndMsg:
		return m.paste(msg), true
	case tea.KeyReleaseMsg, tea.MouseMsg:
		return nil, true
	}
	return nil, false
}

// spin turns the spinner while a task runs.
func (m *Model) spin(msg spinner.TickMsg) tea.Cmd {
	if !m.env.Tasks.Busy() {
		m.spinning = false
		return nil
	}
	var cmd tea.Cmd
	m.spinner, cmd = m.spinner.Update(msg)
	return cmd
}

// reply ends the task msg answers (a stale reply is dropped), shows its error on the footer
// of the screen that started it (or clears that screen's error of the same slot), and hands
// it to every screen.
func (m *Model) reply(msg kit.TaskReply) tea.Cmd {
	ref := msg.Ref()
	owner, known := m.owner[ref.ID]
	delete(m.owner, ref.ID)
	if !known {
		owner = m.active
	}
	if !m.env.Tasks.Finish(ref) {
		m.env.Logger.Debug("stale reply dropped", "slot", ref.Slot, "id", ref.ID)
		return nil
	}
	if ref.Err != nil {
		m.setError(owner, ref.Label, ref.Err, "", ref.Slot)
	} else if n := m.noteOf(owner); n.errSlot == ref.Slot && ref.Slot != "" {
		m.clearError(owner)
	}
	return m.broadcast(msg)
}

// pushFor opens the dialog msg carries, or keeps it for the screen whose task asked when the
// user has left that screen.
func (m *Model) pushFor(msg kit.PushDialogMsg) {
	if msg.Dialog == nil {
		return
	}
	// A task of a screen the user has left (a load started while passing through it by
	// tab) asks there, not over the screen the user is on now.
	if owner, known := m.owner[msg.Task]; msg.Task != 0 && known && owner != m.active {
		m.waiting[owner] = append(m.waiting[owner], msg.Dialog)
		where := "tab"
		if d, ok := m.digit(owner); ok {
			where = "key " + string(d)
		}
		// It stays: the question waits there until the user goes.
		m.setLasting(m.active, fmt.Sprintf("%s asks: %s (go there with %s).", m.screens[owner].Title(), msg.Dialog.Title(), where))
		return
	}
	m.push(msg.Dialog)
}

// session takes the session a screen changed: another account is a profile switch.
func (m *Model) session(msg kit.SessionMsg) tea.Cmd {
	// Every fact of the session names the account it works on: another one is a switch.
	if m.env.Session != msg.Session {
		return m.switchProfile(kit.ProfileSwitchedMsg{Profile: msg.Session.Profile, Session: msg.Session})
	}
	m.env.Session = msg.Session
	return m.broadcast(msg)
}

// switchProfile drops everything of the profile the session worked on: every task in flight
// is cancelled and none can resume (a passphrase prompt of its task closes with it), every
// dialog but the signing review closes (the gate withdraws a review whose task was
// cancelled), the footer's errors go, and every ProfileBound screen resets, to be
// initialised again when active (the active one at once). Then every screen hears msg.
func (m *Model) switchProfile(msg kit.ProfileSwitchedMsg) tea.Cmd {
	m.env.Tasks.Reset()
	clear(m.owner)
	clear(m.waiting)
	var keep []kit.Dialog
	for _, d := range m.dialogs {
		if m.approvals != nil && d == kit.Dialog(m.approvals.open) {
			keep = append(keep, d)
		}
	}
	m.dialogs = keep
	for i := range m.notes {
		if m.notes[i].errText != "" {
			m.notes[i] = note{}
		}
	}
	if msg.Session != (kit.Session{}) {
		m.env.Session = msg.Session
	}
	for i, sc := range m.screens {
		if pb, ok := sc.(kit.ProfileBound); ok {
			pb.Reset()
			m.inited[i] = false
		}
	}
	m.layout()
	return tea.Batch(m.broadcast(msg), m.activate(m.active))
}

// navigate switches to the first screen of ids that exists, in order of preference.
func (m *Model) navigate(ids ...kit.ScreenID) tea.Cmd {
	for _, id := range ids {
		for i, s := range m.screens {
			if s.ID() == id {
				return m.activate(i)
			}
		}
	}
	return nil
}

// broadcast delivers a non-key message to the top dialog and to every screen.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	if n := len(m.dialogs); n > 0 {
		m.track(m.active, func() {
			d, cmd := m.dialogs[n-1].Update(msg)
			m.dialogs[n-1] = d
			cmds = append(cmds, cmd)
		})
		m.popClosed()
	}
	for i, s := range m.screens {
		m.track(i, func() {
			s, cmd := s.Update(msg)
			m.screens[i] = s
			cmds = append(cmds, cmd)
		})
	}
	return tea.Batch(cmds...)
}

func (m *Model) popClosed() {
	changed := false
	for n := len(m.dialogs); n > 0 && m.dialogs[n-1].Closed(); n = len(m.dialogs) {
		m.dialogs = m.dialogs[:n-1]
		changed = true
	}
	if changed {
		m.layout()
	}
}

// paste routes a paste as a key: to the top dialog only when one is open (a passphrase
// pasted there never reaches the form or screen behind it), else to the active screen; any
// paste, like any key, first returns from a value shown outside the frame.
func (m *Model) paste(msg tea.Msg) tea.Cmd {
	if m.full != nil {
		m.full = nil
		return nil
	}
	if len(m.dialogs) > 0 {
		return m.toDialog(msg)
	}
	if m.ActiveScreen() == nil {
		return nil
	}
	return m.toScreen(msg)
}

// key runs the global key k is, when it acts now (globalsNow), else gives k to the top
// dialog or the active screen; any key first returns from a value shown outside the frame.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	if m.full != nil {
		m.full = nil // the next frame is on the alternate screen again (View)
		return nil
	}
	if cmd, ok := m.globalsNow().Handle(k); ok {
		return cmd
	}
	if len(m.dialogs) > 0 {
		return m.toDialog(k)
	}
	if m.ActiveScreen() == nil {
		return nil
	}
	return m.toScreen(k)
}

// digit is the number key of screen i: the numbered screens (see kit.Unnumbered) get 1 to
// 9 and then 0 in tab order; the rest are reached with tab and shift+tab.
func (m *Model) digit(i int) (rune, bool) {
	if u, ok := m.screens[i].(kit.Unnumbered); ok && u.Unnumbered() {
		return 0, false
	}
	n := 1
	for _, s := range m.screens[:i] {
		if u, ok := s.(kit.Unnumbered); !ok || !u.Unnumbered() {
			n++
		}
	}
	switch {
	case n <= 9:
		return rune('0' + n), true
	case n == 10:
		return '0', true
	}
	return 0, false
}

// toDialog gives a key or a paste to the top dialog (there is one), and only to it.
func (m *Model) toDialog(msg tea.Msg) tea.Cmd {
	n := len(m.dialogs)
	var cmd tea.Cmd
	m.track(m.active, func() {
		var d kit.Dialog
		d, cmd = m.dialogs[n-1].Update(msg)
		m.dialogs[n-1] = d
	})
	m.popClosed()
	return cmd
}

func (m *Model) toScreen(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.track(m.active, func() {
		var s kit.Screen
		s, cmd = m.screens[m.active].Update(msg)
		m.screens[m.active] = s
	})
	m.layout() // the screen's help may have changed
	return cmd
}

// quitID is the confirmation of a quit that stops what this window started.
const quitID = "router/quit"

// askQuit quits, after asking when this window started what other terminals may use (the
// sandbox, the agent): they stop with it, so the user decides, knowing which (ctrl+c quits
// without asking; the command line then says what stopped).
func (m *Model) askQuit() tea.Cmd {
	if len(m.env.StopsWithMe) == 0 {
		return m.quit()
	}
	body := "Quitting stops what this window started, which other terminals may be using:\n"
	for _, s := range m.env.StopsWithMe {
		body += "  • " + s + "\n"
	}
	body += "A sandbox started with `purse sandbox`, or an agent with `purse agent start`, in a terminal of its own outlives this window."
	return kit.Push(dialog.NewConfirm(m.env, quitID, "Quit purse?", body, "quit and stop them"))
}

func (m *Model) quit() tea.Cmd {
	m.env.Tasks.CancelAll()
	return tea.Quit
}

// toggleHelp opens the full help's page, or closes it.
func (m *Model) toggleHelp() {
	if m.helpOpen() {
		m.dialogs = m.dialogs[:len(m.dialogs)-1]
		m.layout()
		return
	}
	m.openHelp()
}

// setError shows err on screen i's footer; a cancellation is the user's choice, a status.
func (m *Model) setError(i int, what string, err error, next, slot string) {
	if errors.Is(err, kit.ErrCancelled) {
		m.setStatus(i, what+": cancelled.")
		return
	}
	if errors.Is(err, app.ErrNeedsUnlock) {
		// A read the screen started by itself found the key locked: it asked nothing.
		m.setStatus(i, what+": not read, the key is locked; r reads it (asking for its passphrase).")
		return
	}
	if errors.Is(err, prompt.ErrDeclined) {
		// The user's choice in the review, not a failure: said once, and it passes.
		m.setStatus(i, what+": not signed (declined).")
		return
	}
	advised := next != "" || kit.OwnAdvice(err)
	// The note holds what the footer shows: Explain's text escaped, and so what and next.
	text, derived := m.env.Explain(err)
	what, next = visible.Line(what), visible.Line(next)
	if next == "" {
		next = derived
	}
	if err == nil {
		text = "(no details)"
	}
	m.env.Logger.Error("task failed", "what", what, "err", text)
	*m.noteOf(i) = note{errWhat: what, errText: text, errNext: next, errSlot: slot, advised: advised}
	m.layout()
}

// setStatus shows a transient status on screen i's footer: after statusFor the footer no
// longer shows it (the router's clock redraws the frame), so an old "ok" never reads as news.
func (m *Model) setStatus(i int, text string) {
	*m.noteOf(i) = note{status: text, until: m.now().Add(statusFor)}
	m.layout()
}

// setLasting shows a status that stays until the next status or error of screen i.
func (m *Model) setLasting(i int, text string) {
	*m.noteOf(i) = note{status: text}
	m.layout()
}

// showsStatus reports whether n's status is still shown.
func (m *Model) showsStatus(n *note) bool {
	return n.status != "" && (n.until.IsZero() || m.now().Before(n.until))
}

// statusFor is how long a status stays in the footer.
const statusFor = 8 * time.Second

func (m *Model) clearError(i int) {
	n := m.noteOf(i)
	if n.errText == "" {
		return
	}
	*n = note{}
	m.layout()
}

// copy sends the value to the terminal's clipboard as a plain OSC 52 sequence (Bubble Tea
// writes it with the frames). Inside tmux no passthrough wrapper is used: tmux 3.3 and later
// drop a wrapped sequence unless allow-passthrough is on, while a plain one is handled by
// tmux's set-clipboard option. No terminal answers whether it copied, so the note says the
// value was sent, not that it was copied; the screen keeps showing the value.
func (m *Model) copy(msg kit.CopyMsg) tea.Cmd {
	m.env.Logger.Info("sent to the clipboard (OSC 52)", "what", msg.Label)
	// A transient note, no modal: the user goes on where they were.
	m.setStatus(m.active, "Sent "+msg.Label+" to the clipboard (OSC 52); the terminal cannot confirm a copy.")
	return tea.SetClipboard(msg.Value)
}

// showFull leaves the alternate screen and prints the value on the terminal's own screen,
// whole and unwrapped, so the terminal's selection copies it as one line (a curl command
// copied from a wrapped box would break at each wrap); any key comes back.
func (m *Model) showFull(msg kit.ShowFullMsg) tea.Cmd {
	m.full = &msg
	head := "── " + msg.Label + " (the whole value; any key returns to purse) ──"
	// View leaves the alternate screen at the next frame; Println writes at once, so it
	// waits for that frame to be flushed (the renderer flushes 60 times a second): printed
	// before, the value would land on the alternate screen and vanish with it.
	return tea.Sequence(tea.Tick(leaveAltScreen, func(time.Time) tea.Msg { return nil }), tea.Println(head+"\n"+msg.Value+"\n"))
}

// leaveAltScreen is how long showFull waits for the frame outside the alternate screen:
// several of the renderer's frames (1/60 s each).
const leaveAltScreen = 100 * time.Millisecond

// helpKeys combines the active component's bindings with the global ones for bubbles/help.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

// helpKeys is what has the keys now with the global keys that act in front of it: the full
// help lists them all, those off now with the reason; the short one the few that matter
// there.
func (m *Model) helpKeys() helpKeys {
	k := m.env.Keys
	g := m.globalsNow()
	global := g.Full()
	with := func(bs ...[]key.Binding) []key.Binding { return slices.Concat(bs...) }
	if n := len(m.dialogs); n > 0 {
		d := m.dialogs[n-1]
		if _, ok := d.(*helpPage); ok {
			return helpKeys{short: d.ShortHelp(), full: d.FullHelp()}
		}
		return helpKeys{short: with(d.ShortHelp(), pick(g, k.Help)), full: append(slices.Clone(d.FullHelp()), global)}
	}
	s := m.ActiveScreen()
	if s == nil {
		return helpKeys{short: pick(g, k.Quit), full: [][]key.Binding{global}}
	}
	full := append(slices.Clone(s.FullHelp()), global, m.screenKeys())
	if s.InputFocused() {
		return helpKeys{short: with(s.ShortHelp(), pick(g, k.ForceQuit)), full: full}
	}
	// "?" first: the short help is cut at the width, and it is the key to everything else.
	return helpKeys{short: with(pick(g, k.Help), s.ShortHelp(), pick(g, k.NextTab, k.Quit)), full: full}
}

// screenKeys are the number keys of the screens, each with its screen's name: the tab line
// at a narrow width shows most tabs by their number alone.
func (m *Model) screenKeys() []key.Binding {
	var out []key.Binding
	for i, sc := range m.screens {
		if d, ok := m.digit(i); ok {
			out = append(out, key.NewBinding(key.WithKeys(string(d)), key.WithHelp(string(d), sc.Title())))
		}
	}
	return out
}

// pick is those of want that act now in as, in want's order.
func pick(as kit.Actions, want ...key.Binding) []key.Binding {
	var out []key.Binding
	for _, b := range want {
		if as.On(b) {
			out = append(out, b)
		}
	}
	return out
}

func (m *Model) helpView() string {
	m.help.SetWidth(m.w)
	return m.help.View(m.helpKeys())
}

// footerLines renders the status line(s) and the session line.
func (m *Model) footerLines() []string {
	s := m.env.Styles
	w := max(m.w, 1)
	var out []string
	n := m.noteOf(m.active)
	switch {
	case m.env.Tasks.Busy():
		run := m.env.Tasks.Running()
		last := run[len(run)-1]
		line := m.spinner.View() + " " + last.Label
		if len(run) > 1 {
			line += fmt.Sprintf(" (+%d more)", len(run)-1)
		}
		out = append(out, s.StatusBusy.Render(kit.Truncate(line, w)))
	case n.errText != "":
		for _, l := range clampLines(kit.WrapWords(s.Marks.Error+": "+n.errWhat+": "+n.errText, w), 2, w) {
			out = append(out, s.StatusError.Render(l))
		}
		next := n.errNext
		if m.retries(n) {
			next += " Press r to retry."
		}
		for _, l := range clampLines(kit.WrapWords("-> "+next, w), 2, w) {
			out = append(out, s.Hint.Render(l))
		}
	case m.showsStatus(n):
		out = append(out, clampLines(kit.WrapWords(visible.Line(n.status), w), 2, w)...)
	default:
		out = append(out, s.StatusOK.Render("ready"))
	}
	ses := m.env.Session
	or := func(v string) string {
		if v == "" {
			return "-"
		}
		return v
	}
	parts := []string{
		"profile " + or(ses.Profile),
		"evm " + or(ses.EVMKey),
		"sol " + or(ses.SolanaKey),
		"account " + or(ses.AccountID),
		"network " + or(ses.Network),
	}
	// First, so a narrow footer never cuts it: a request may be waiting for the user.
	if ag := m.approvalText(); ag != "" {
		parts = append([]string{ag}, parts...)
	}
	line := strings.Join(parts, " | ")
	// The unlock timer is never cut: a line of its own when the session line leaves no room.
	if held := m.heldText(); held != "" && kit.Width(line+" | "+held) <= w {
		line += " | " + held
	} else if held != "" {
		out = append(out, s.FooterValue.Render(kit.Truncate(held, w)))
	}
	// A narrow terminal wraps the session's facts on a second line rather than cut them,
	// between facts: "network" stays beside its value.
	for _, l := range clampLines(packFacts(parts, line, w), 2, w) {
		out = append(out, s.FooterValue.Render(l))
	}
	return out
}

// packFacts lays the footer's facts out in lines of at most w columns, breaking only between
// facts (the held-keys note is already on line, after them); a fact wider than w is wrapped
// on its own.
func packFacts(facts []string, line string, w int) []string {
	if kit.Width(line) <= w {
		return []string{line}
	}
	if extra := strings.TrimPrefix(line, strings.Join(facts, " | ")); extra != line && extra != "" {
		facts = append(append([]string(nil), facts...), strings.TrimPrefix(extra, " | "))
	}
	var out []string
	cur := ""
	for _, f := range facts {
		switch {
		case cur == "":
			cur = f
		case kit.Width(cur+" | "+f) <= w:
			cur += " | " + f
		default:
			out = append(out, cur)
			cur = f
		}
		if kit.Width(cur) > w {
			parts := kit.WrapWords(cur, w)
			out = append(out, parts[:len(parts)-1]...)
			cur = parts[len(parts)-1]
		}
	}
	return append(out, cur)
}

// heldText is the footer's note of the keys the session keeps unlocked: each label with
// the minutes (or seconds) left before it is wiped unless used, and the key that locks.
func (m *Model) heldText() string {
	if m.env.Held == nil {
		return ""
	}
	held := m.env.Held()
	if len(held) == 0 {
		return ""
	}
	now := m.now()
	var ks []string
	for _, h := range held {
		left := h.Expires.Sub(now)
		t := fmt.Sprintf("%dm", int(left.Round(time.Minute)/time.Minute))
		if left < time.Minute {
			t = fmt.Sprintf("%ds", int(max(left, 0)/time.Second))
		}
		ks = append(ks, h.Label+" "+t)
	}
	return "unlocked " + strings.Join(ks, ", ") + " (ctrl+l locks)"
}

// retries reports whether r, pressed now, runs the failed task of the active screen's
// footer error again (see kit.Retrier).
func (m *Model) retries(n *note) bool {
	sc := m.ActiveScreen()
	if n.advised || n.errSlot == "" || sc == nil || len(m.dialogs) > 0 || sc.InputFocused() {
		return false
	}
	r, ok := sc.(kit.Retrier)
	return ok && r.Retries(n.errSlot)
}

// layout recomputes the body area and gives it to every screen and dialog.
func (m *Model) layout() {
	if m.w <= 0 || m.h <= 0 {
		return
	}
	helpH := lipgloss.Height(m.helpView())
	bw, bh := m.w, max(m.h-headerHeight-len(m.footerLines())-helpH, 1)
	if bw == m.bodyW && bh == m.bodyH {
		return
	}
	m.bodyW, m.bodyH = bw, bh
	for _, s := range m.screens {
		s.SetSize(bw, bh)
	}
	for _, d := range m.dialogs {
		d.SetSize(bw, bh)
	}
}

// View implements tea.Model: the frame on the alternate screen, or outside it while a value
// is shown whole (showFull). The mouse stays off (the view asks for no mouse mode), so the
// terminal's own selection works.
func (m *Model) View() tea.View {
	v := tea.NewView(m.frame())
	v.AltScreen = m.full == nil
	return v
}

// frame renders the whole UI: tabs, title rule, body, footer and help.
func (m *Model) frame() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	s := m.env.Styles
	if m.full != nil {
		return s.Muted.Render("(press any key to return to purse)")
	}
	if m.w < MinWidth || m.h < MinHeight {
		msg := fmt.Sprintf("The terminal is %d×%d; purse needs at least %d×%d. Enlarge the window, or press ctrl+c to quit.", m.w, m.h, MinWidth, MinHeight)
		return fit(strings.Join(kit.WrapWords(msg, m.w), "\n"), m.w, m.h)
	}
	var b strings.Builder
	b.WriteString(m.tabs() + "\n")
	title := "purse"
	if sc := m.ActiveScreen(); sc != nil {
		title = sc.Title()
	}
	if n := len(m.dialogs); n > 0 {
		title += " > " + m.dialogs[n-1].Title()
	}
	head := "── " + kit.Truncate(title, max(m.w-4, 1)) + " "
	b.WriteString(s.Rule.Render(head+strings.Repeat("─", max(m.w-kit.Width(head), 0))) + "\n")

	var body string
	if n := len(m.dialogs); n > 0 {
		body = m.dialogs[n-1].View()
	} else if sc := m.ActiveScreen(); sc != nil {
		body = sc.View()
	}
	b.WriteString(fit(body, m.bodyW, m.bodyH) + "\n")
	b.WriteString(strings.Join(m.footerLines(), "\n") + "\n")
	b.WriteString(m.helpView())
	return fit(b.String(), m.w, m.h)
}

// tabs renders the tab line. Every tab stays on it at any width, as lazygit's panels do:
// where the names do not all fit, a numbered tab shrinks to its number key, the tabs farthest
// from the active one first, and the active tab always keeps its name.
func (m *Model) tabs() string {
	s := m.env.Styles
	brand := s.Brand.Render("purse") + " "
	avail := m.w - kit.Width(brand)
	full := make([]string, len(m.screens))
	short := make([]string, len(m.screens))
	for i, sc := range m.screens {
		full[i], short[i] = sc.Title(), sc.Title()
		if d, ok := m.digit(i); ok {
			full[i], short[i] = string(d)+" "+full[i], string(d)
		}
	}
	label := func(i int, l string) string {
		if i == m.active {
			return "[" + l + "]"
		}
		return " " + l + " "
	}
	shown := make([]string, len(m.screens))
	width := len(m.screens) // one space after each tab
	for i := range m.screens {
		shown[i] = short[i]
		if i == m.active {
			shown[i] = full[i]
		}
		width += kit.Width(label(i, shown[i]))
	}
	// Names come back nearest the active tab first, on each side until one does not fit:
	// the named tabs stay one run around the active one.
	blocked := [2]bool{}
	for d := 1; d < len(m.screens); d++ {
		for side, i := range []int{m.active - d, m.active + d} {
			if blocked[side] || i < 0 || i >= len(m.screens) || shown[i] == full[i] {
				continue
			}
			grow := kit.Width(full[i]) - kit.Width(shown[i])
			if width+grow > avail {
				blocked[side] = true
				continue
			}
			shown[i] = full[i]
			width += grow
		}
	}
	var b strings.Builder
	b.WriteString(brand)
	for i := range m.screens {
		if i == m.active {
			b.WriteString(s.TabActive.Render(label(i, shown[i])))
		} else {
			b.WriteString(s.Tab.Render(label(i, shown[i])))
		}
		b.WriteString(" ")
	}
	return b.String()
}

// fit clips or pads a rendered block to exactly w×h.
func fit(block string, w, h int) string {
	lines := strings.Split(block, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	clip := lipgloss.NewStyle().MaxWidth(w)
	for i, l := range lines {
		lw := lipgloss.Width(l)
		if lw > w {
			l = clip.Render(l)
			lw = lipgloss.Width(l)
		}
		lines[i] = l + strings.Repeat(" ", max(w-lw, 0))
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines, "\n")
}

// clampLines keeps at most n lines, marking the last kept one with "…" when some are cut.
func clampLines(lines []string, n, w int) []string {
	if len(lines) <= n {
		return lines
	}
	lines = lines[:n]
	lines[n-1] = kit.Truncate(lines[n-1]+" …", w)
	return lines
}
