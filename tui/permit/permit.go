// Package permit is the Permit screen of purse's terminal UI: token, amount, optional
// permit amount and spender role → nonce and domain read from the chain (refused on a
// DOMAIN_SEPARATOR mismatch) → the signing review (y signs, Enter never) → token-permit →
// the allowance read back from the chain.
package permit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	apppermit "purse/app/permit"
	"purse/internal/format"
	"purse/internal/visible"

	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/scroll"
	"purse/tui/unlock"
	"purse/wallet"
)

const (
	slotContext = "permit.context"
	slotPrepare = "permit.prepare"
	slotSubmit  = "permit.submit"
)

// Form fields, in focus order.
const (
	fToken = iota
	fAmount
	fPermit
	fRole
	fAddress
	nFields
)

var fieldNames = [nFields]string{"token", "amount", "permit amount", "spender", "spender address"}

// fieldKeys are the fields as apppermit.Check names them (the spender's address is checked
// as the spender).
var fieldKeys = [nFields]string{"token", "amount", "permit-amount", "spender", "spender"}

// Screen is the Permit screen.
type Screen struct {
	app Service // the application layer: every use case the screen runs
	env *kit.Env

	// actions are the keys outside the form, each with why it is off now
	actions kit.Actions
	// keys inside the form (single letters type into the fields there): every form's, and
	// ←/→ for the choices
	nav                    form.Nav
	choosePrev, chooseNext key.Binding

	ctxID   kit.TaskID
	ctx     *apppermit.Context
	ctxErr  error
	loading bool

	form    apppermit.Form
	inputs  [nFields]textinput.Model
	focus   int // -1: not editing
	live    form.Live
	formErr error // an error of the review's preparation, or one naming no field

	prepared *apppermit.Prepared

	subID      kit.TaskID
	submitting bool
	sig        *wallet.PermitSignature // signed but not (yet) submitted
	done       *apppermit.Submitted
	submitErr  error

	now  func() time.Time
	w, h int
	// scroll moves the view when it is longer than the window (a result below the form at
	// 80×24), with the movement keys, outside the form.
	scroll scroll.Model
}

// Service is what the Permit screen needs of the application layer (app/permit's Service is
// one): the whole permit in one call (its signing review is the signing gate's, asked in the
// TUI's dialog), and a second submission of a signature already made.
type Service interface {
	Load(ctx context.Context) (apppermit.Context, error)
	Run(ctx context.Context, run apppermit.Run, u *app.Unlock) (apppermit.Prepared, apppermit.Submitted, error)
	Submit(ctx context.Context, u *app.Unlock, pr apppermit.Prepared, sig *wallet.PermitSignature) (apppermit.Submitted, error)
}

// permitDone is what one run of the permit gives back: the permit, once built, and the
// submission's result.
type permitDone struct {
	pr  apppermit.Prepared
	sub apppermit.Submitted
}

// New returns the Permit screen.
func New(env *kit.Env, a Service) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Service) {
	*s = Screen{
		app:        a,
		env:        env,
		nav:        form.NewNav("open the review"),
		choosePrev: key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "choose")),
		chooseNext: key.NewBinding(key.WithKeys("right")),
		focus:      -1,
		now:        time.Now,
		scroll:     scroll.New(env),
		form:       apppermit.Form{Role: app.RoleCard},
	}
	for i := range s.inputs {
		s.inputs[i] = kit.NewInput(100)
	}
	s.inputs[fAmount].Placeholder = "e.g. 25.00"
	s.inputs[fPermit].Placeholder = "(empty: the amount)"
	s.inputs[fAddress].Placeholder = "0x…"
	s.declareActions()
}

// declareActions declares the keys outside the form.
func (s *Screen) declareActions() {
	k := s.env.Keys
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Select, "edit the form"), Do: func() tea.Cmd { return s.setFocus(fToken) }},
		{Key: kit.WithHelp(k.Refresh, "reload chain"), Do: s.loadContext},
		{Key: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "submit again (same signature)")), Do: s.submit, Off: s.noResubmit},
	}
}

// noResubmit is why the signature made cannot be submitted again now: only a signed permit
// whose submission failed can.
func (s *Screen) noResubmit() string {
	switch {
	case s.submitting:
		return "the permit is being prepared or submitted"
	case s.done != nil:
		return "the permit was submitted"
	case s.sig == nil || s.prepared == nil:
		return "no signed permit waits (enter edits the form, whose last field opens the review)"
	case s.submitErr == nil:
		return "its submission did not fail"
	}
	return ""
}

// Init implements kit.Screen: read the chain configuration.
func (s *Screen) Init() tea.Cmd { return s.loadContext() }

func (s *Screen) loadContext() tea.Cmd {
	services := s.app
	if services == nil {
		s.ctxErr = fmt.Errorf("no services: the TUI was started without a profile")
		return nil
	}
	s.loading = true
	id, cmd := kit.Start(s.env.Tasks, slotContext, "Reading the chain configuration", func(ctx context.Context) (apppermit.Context, error) {
		return services.Load(ctx)
	})
	s.ctxID = id
	return cmd
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TaskResult[apppermit.Context]:
		if msg.ID != s.ctxID {
			return s, nil
		}
		s.loading = false
		if msg.Err != nil {
			s.ctxErr = msg.Err
			return s, nil
		}
		c := msg.Value
		s.ctx, s.ctxErr = &c, nil
		s.form.Token = min(max(s.form.Token, 0), max(len(c.Tokens)-1, 0))
		return s, nil
	case kit.TaskResult[permitDone]:
		if msg.ID != s.subID {
			return s, nil
		}
		v := msg.Value
		if v.pr.Permit.Owner != (common.Address{}) {
			s.prepared = &v.pr
		}
		return s.submitted(v.sub, msg.Err)
	case kit.TaskResult[apppermit.Submitted]:
		if msg.ID != s.subID {
			return s, nil
		}
		return s.submitted(msg.Value, msg.Err)
	case tea.KeyPressMsg:
		if s.focus >= 0 {
			return s, s.formKey(msg)
		}
		cmd, handled := s.actions.Handle(msg)
		if !handled {
			s.scroll.Update(msg)
		}
		return s, cmd
	case tea.PasteMsg:
		// Text for the focused text field; a paste never submits, moves or chooses.
		if s.focus >= 0 && s.focus != fToken && s.focus != fRole {
			return s, s.editField(msg)
		}
		return s, nil
	}
	if s.focus >= 0 {
		var cmd tea.Cmd
		s.inputs[s.focus], cmd = s.inputs[s.focus].Update(msg)
		return s, cmd
	}
	return s, nil
}

// submitted takes the outcome of a permit's submission (its first, in the whole run, or a
// second one of the same signature).
func (s *Screen) submitted(v apppermit.Submitted, err error) (kit.Screen, tea.Cmd) {
	s.submitting = false
	s.sig = v.Sig
	switch {
	case errors.Is(err, kit.ErrCancelled):
		return s, nil // cancelled at the passphrase: nothing was signed
	case err != nil && s.prepared == nil:
		s.formErr = err // refused before a permit was built: the form's to fix
		return s, nil
	case err != nil:
		if s.sig == nil {
			var rf *app.Refusal
			if errors.As(err, &rf) {
				s.prepared = nil
				return s, kit.Status("Permit not signed: " + app.OneLine(err))
			}
		}
		s.submitErr = err
		return s, nil
	}
	s.done, s.submitErr, s.sig = &v, nil, nil
	if v.Unneeded {
		return s, kit.Status("Already permitted: the allowance read on chain is this value; nothing was signed.")
	}
	if v.Result.AlreadyPermitted {
		return s, kit.Status("Already permitted (10011): the allowance was in place; nothing failed.")
	}
	if v.Note != "" {
		return s, kit.Status("Permit landed, as the chain shows (the service's answer did not prove it).")
	}
	return s, kit.Status("Permit submitted; allowance read from the chain.")
}

func (s *Screen) formKey(k tea.KeyPressMsg) tea.Cmd {
	s.readInputs()
	switch s.nav.Read(k, s.step(s.focus, +1) < 0) {
	case form.Cancel:
		return s.setFocus(-1)
	case form.Submit:
		s.live.Touch(fieldKeys[s.focus])
		if s.submitting {
			return kit.Status("The permit is being prepared or submitted: wait for it before submitting again.")
		}
		return s.startPrepare()
	case form.Next:
		s.live.Touch(fieldKeys[s.focus])
		s.check()
		if n := s.step(s.focus, +1); n >= 0 {
			return s.setFocus(n)
		}
		return nil
	case form.Prev:
		s.live.Touch(fieldKeys[s.focus])
		s.check()
		if n := s.step(s.focus, -1); n >= 0 {
			return s.setFocus(n)
		}
		return nil
	case form.None:
	}
	switch {
	case s.focus == fToken && key.Matches(k, s.choosePrev, s.chooseNext):
		if s.ctx != nil && len(s.ctx.Tokens) > 0 {
			d := 1
			if key.Matches(k, s.choosePrev) {
				d = len(s.ctx.Tokens) - 1
			}
			s.form.Token = (s.form.Token + d) % len(s.ctx.Tokens)
		}
		s.changed()
		return nil
	case s.focus == fRole && key.Matches(k, s.choosePrev, s.chooseNext):
		i := indexOf(apppermit.Roles, s.form.Role)
		d := 1
		if key.Matches(k, s.choosePrev) {
			d = len(apppermit.Roles) - 1
		}
		s.form.Role = apppermit.Roles[(i+d)%len(apppermit.Roles)]
		s.changed()
		return nil
	case s.focus == fToken || s.focus == fRole:
		return nil
	}
	return s.editField(k)
}

// editField gives a key or a paste to the focused text field and checks the form again when
// its value changed.
func (s *Screen) editField(msg tea.Msg) tea.Cmd {
	before := s.inputs[s.focus].Value()
	var cmd tea.Cmd
	s.inputs[s.focus], cmd = s.inputs[s.focus].Update(msg)
	s.readInputs()
	if s.inputs[s.focus].Value() != before {
		s.changed()
	}
	return cmd
}

// changed runs the check after the user changed the focused field.
func (s *Screen) changed() {
	s.formErr = nil
	s.live.Touch(fieldKeys[s.focus])
	s.check()
}

// check is the application layer's check of the form as typed (no I/O).
func (s *Screen) check() {
	if s.ctx == nil {
		return
	}
	_, err := apppermit.Check(*s.ctx, s.form)
	s.live.Set(err)
}

// step is the next focusable field from i in direction d, -1 past either end. The address
// field is focusable only for the explicit-address role.
func (s *Screen) step(i, d int) int {
	for i += d; i >= 0 && i < nFields; i += d {
		if i != fAddress || s.form.Role == app.RoleAddress {
			return i
		}
	}
	return -1
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return 0
}

func (s *Screen) setFocus(i int) tea.Cmd {
	for j := range s.inputs {
		s.inputs[j].Blur()
	}
	s.focus = i
	if i >= 0 && i != fToken && i != fRole {
		return s.inputs[i].Focus()
	}
	return nil
}

func (s *Screen) readInputs() {
	s.form.Amount = s.inputs[fAmount].Value()
	s.form.PermitAmount = s.inputs[fPermit].Value()
	s.form.Address = s.inputs[fAddress].Value()
}

func (s *Screen) startPrepare() tea.Cmd {
	s.readInputs()
	if s.ctx == nil {
		return kit.Status("The chain configuration is not loaded yet: press r to read it.")
	}
	pl, err := apppermit.Check(*s.ctx, s.form)
	if field, refused := s.live.Refuse(err); refused {
		// Refused on its field: the form opens there (or stays open).
		for i := fToken; i < nFields; i++ {
			if field != "" && fieldKeys[i] == field && (i != fAddress || s.form.Role == app.RoleAddress) {
				return s.setFocus(i)
			}
		}
		if field == "" {
			s.formErr = err
		}
		return nil
	}
	s.formErr = nil
	s.setFocus(-1)
	// One call does it all: the permit read from the chain, the signing gate (its review
	// opens as the TUI's dialog), token-permit and the allowance read back.
	services, f := s.app, s.form
	s.prepared, s.sig, s.done, s.submitErr = nil, nil, nil, nil
	s.submitting = true
	id, cmd := unlock.Start(s.env, slotSubmit, "Permit of "+pl.Token.Symbol+": read, review, sign, submit", func(ctx context.Context, u *app.Unlock) (permitDone, error) {
		pr, sub, err := services.Run(ctx, apppermit.Run{Form: f, TTL: apppermit.TTL}, u)
		return permitDone{pr, sub}, err
	})
	s.subID = id
	return cmd
}

// submit submits the signature of the prepared permit again (after an answer that did not
// settle it).
func (s *Screen) submit() tea.Cmd {
	if s.prepared == nil {
		return nil
	}
	services, pr, sig := s.app, *s.prepared, s.sig
	s.submitting, s.submitErr = true, nil
	label := "Signing and submitting the permit"
	if sig != nil {
		label = "Submitting the signed permit again"
	}
	id, cmd := unlock.Start(s.env, slotSubmit, label, func(ctx context.Context, u *app.Unlock) (apppermit.Submitted, error) {
		return services.Submit(ctx, u, pr, sig)
	})
	s.subID = id
	return cmd
}

// View implements kit.Screen.
func (s *Screen) View() string {
	st := s.env.Styles
	w := max(s.w, 20)
	var out []string
	add := func(l string) { out = append(out, l) }
	// The chain configuration, the service's answers and the errors quoting them are shown
	// escaped by wrap; shown takes what is escaped already (Explain's, the note).
	shown := func(prefix, text string) { out = append(out, kit.HangWords(prefix, text, w)...) }
	wrap := func(prefix, text string) { shown(prefix, visible.Line(text)) }
	head := "Permit (EIP-2612)"
	switch {
	case s.loading:
		head += "  " + st.Marks.Busy + " reading the chain"
	case s.submitting:
		head += "  " + st.Marks.Busy + " signing and submitting"
	}
	add(st.Title.Render(kit.Truncate(head, w)))
	if s.ctxErr != nil {
		text, next := s.env.Explain(s.ctxErr)
		shown(st.Marks.Error+": ", text)
		shown("What to do: ", next)
	}
	if s.ctx == nil {
		if s.ctxErr == nil {
			add(st.Muted.Render("Reading the chain configuration…"))
		}
		return s.clip(out)
	}
	c := s.ctx
	lbl := func(l string) string { return st.Label.Render(kit.Pad(l, 15)) }
	if c.OwnerErr != nil {
		wrap(lbl("owner")+" ", "(unknown: "+c.OwnerErr.Error()+")")
	} else {
		wrap(lbl("owner")+" ", c.Owner.Hex())
	}
	wrap(lbl("chain")+" ", c.Chain.ChainIdentifier+"  "+c.Chain.ChainName)
	add("")
	s.formLines(add, wrap, lbl)
	if s.formErr != nil {
		add("")
		text, next := s.env.Explain(s.formErr)
		shown(st.Marks.Error+": ", text)
		shown("What to do: ", next)
	}
	s.resultLines(add, shown, wrap, lbl)
	return s.clip(out)
}

func (s *Screen) formLines(add func(string), wrap func(string, string), lbl func(string) string) {
	st := s.env.Styles
	c := s.ctx
	row := func(i int, value, note string) {
		cur := st.Marks.NoCursor
		if s.focus == i {
			cur = st.Marks.Cursor
		}
		line := cur + lbl(fieldNames[i]) + " " + value
		if note != "" {
			line += "  " + st.Muted.Render(note)
		}
		add(kit.Truncate(line, max(s.w, 20)))
		if i == fAddress || (i == fRole && s.form.Role == app.RoleAddress) {
			return // the spender's error goes under the last of its rows
		}
		for _, l := range form.ErrorLines(st, fieldNames[i], s.live.Error(fieldKeys[i]), max(s.w, 20)-17) {
			add(kit.Pad("", 17) + l)
		}
	}
	room := max(s.w, 20) - 17
	tokVal, tokNote := "(no tokens)", ""
	if len(c.Tokens) > 0 {
		t := c.Tokens[s.form.Token]
		symbols := make([]string, len(c.Tokens))
		for i, tk := range c.Tokens {
			symbols[i] = visible.Line(tk.Symbol)
		}
		tokVal = form.Choices(st, symbols, s.form.Token, room/2)
		tokNote = fmt.Sprintf("%d dec  %s", t.Decimals, t.Address.Hex())
	}
	row(fToken, tokVal, tokNote)
	row(fAmount, s.input(fAmount), "business amount")
	row(fPermit, s.input(fPermit), "signed value")
	spender, err := apppermit.Spender(*c, s.form)
	note := spender.Hex()
	if err != nil {
		note = visible.Line(err.Error())
	}
	if s.form.Role == app.RoleAddress {
		note = ""
	}
	row(fRole, form.Choices(st, apppermit.Roles, indexOf(apppermit.Roles, s.form.Role), room/2), note)
	if s.form.Role == app.RoleAddress {
		row(fAddress, s.input(fAddress), "")
		for _, l := range form.ErrorLines(st, fieldNames[fRole], s.live.Error("spender"), max(s.w, 20)-17) {
			add(kit.Pad("", 17) + l)
		}
	}
	wrap(st.Marks.NoCursor+lbl("deadline")+" ", fmt.Sprintf("%d minutes after the review opens", int(apppermit.TTL.Minutes())))
	if s.focus >= 0 {
		add(st.Muted.Render(kit.Truncate("editing: "+form.SubmitKey+" or enter on the last field opens the review; ←/→ choose; esc leaves", max(s.w, 20))))
	} else {
		add(st.Muted.Render(kit.Truncate("enter edits the form; "+form.SubmitKey+" in it opens the review, where y signs", max(s.w, 20))))
	}
}

func (s *Screen) input(i int) string {
	if s.focus == i {
		return "[" + s.inputs[i].View() + "]"
	}
	v := s.inputs[i].Value()
	if v == "" {
		return "[" + s.env.Styles.Muted.Render(s.inputs[i].Placeholder) + "]"
	}
	return "[" + v + "]"
}

// resultLines: wrap escapes its text, shown takes text escaped already.
func (s *Screen) resultLines(add func(string), shown, wrap func(string, string), lbl func(string) string) {
	st := s.env.Styles
	if s.submitErr != nil {
		add("")
		text, next := s.env.Explain(s.submitErr)
		shown(st.Marks.Error+": ", text)
		if s.sig != nil {
			next = "The permit is signed; press s to submit the same signature again. " + next
		}
		shown("What to do: ", next)
	}
	if s.done == nil || s.prepared == nil {
		return
	}
	d, pl := s.done, s.prepared.Plan
	add("")
	switch {
	case d.Unneeded:
		wrap(lbl("result")+" ", "[ALREADY PERMITTED] the allowance read on chain is this value: nothing was signed or sent")
	case d.Result.AlreadyPermitted:
		wrap(lbl("result")+" ", "[ALREADY PERMITTED] 10011: the allowance for this spender was in place; nothing failed")
	case d.Note != "":
		// Settled from the chain; the note quotes the service's answer, shown escaped.
		note, _ := visible.Escape(d.Note)
		wrap(lbl("result")+" ", "[LANDED] the chain shows the permit took effect; the service's answer did not prove it")
		shown(lbl("how")+" ", note)
	default:
		wrap(lbl("result")+" ", "[SUBMITTED] status "+cmp.Or(string(d.Result.Status), "(none)"))
		wrap(lbl("tx")+" ", cmp.Or(d.Result.TxHash, "(no tx hash)"))
	}
	wrap(lbl("spender")+" ", pl.Role+" "+pl.Spender.Hex())
	if d.Allowance != nil {
		wrap(lbl("allowance")+" ", fmt.Sprintf("%s %s (%s smallest units, read on chain)", format.Units(d.Allowance, int32(pl.Token.Decimals)), pl.Token.Symbol, d.Allowance))
		match := "yes"
		if d.Allowance.Cmp(s.prepared.Permit.Value) != 0 {
			match = "no: the allowance differs from the signed value " + s.prepared.Permit.Value.String()
		}
		wrap(lbl("= signed value")+" ", match)
	}
	if d.Sig != nil {
		wrap(lbl("signature")+" ", d.Sig.Signature)
	}
}

// clip shows the view in the window: while the form is edited, its top (the form is there);
// else the part the scroll keys moved to, saying what more there is.
func (s *Screen) clip(out []string) string {
	if s.h <= 0 {
		return strings.Join(out, "\n") // no size yet: everything
	}
	if s.focus >= 0 {
		s.scroll.Top()
	}
	return s.scroll.View(out)
}

// Reset implements kit.ProfileBound: the screen as new; the form, a prepared permit and a
// result of the other profile are dropped (the clock tests set stays).
func (s *Screen) Reset() {
	now, w, h := s.now, s.w, s.h
	s.init(s.env, s.app)
	s.now = now
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.scroll.SetSize(w, h)
	for i := range s.inputs {
		s.inputs[i].SetWidth(max(min(w-40, 44), 10))
	}
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Permit" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenPermit }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	if s.focus >= 0 {
		return append(s.nav.ShortHelp(), s.choosePrev)
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: the keys outside the form, those off now with the reason,
// and the form's.
func (s *Screen) FullHelp() [][]key.Binding {
	return [][]key.Binding{s.actions.Full(), append(s.nav.FullHelp(), s.choosePrev), s.scroll.Keys()}
}

// InputFocused implements kit.Screen: true while the form is being edited.
// Retries implements kit.Retrier: r reads the chain configuration again (never a
// signature or a submission).
func (s *Screen) Retries(slot string) bool { return slot == slotContext }

func (s *Screen) InputFocused() bool { return s.focus >= 0 }

var _ kit.Screen = (*Screen)(nil)
