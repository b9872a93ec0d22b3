// Package deposit is the Solana deposit screen of purse's terminal UI, a view of the one
// deposit call of the application layer (app/deposit): an amount of USDC and an output
// currency become a partner-signed quote (or a quote loaded from a file), decoded strictly
// and validated against the profile's cluster, pins and fee cap (the findings are shown; a
// rejected quote is never signed); then a fresh blockhash, and the signing gate signs with
// the user's Solana key only, simulates the signed bytes and asks in the TUI's signing
// review (amounts, every fee, accounts, instructions, rule results and the simulation; only
// y approves); the same bytes are sent and polled to confirmation, each step shown as it
// runs.
package deposit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/app"
	appdeposit "purse/app/deposit"
	"purse/config"
	"purse/internal/format"
	"purse/internal/prompt"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/scroll"
	"purse/tui/unlock"
)

// Task slots of this screen.
const (
	slotRun      = "deposit/run"
	slotSend     = "deposit/send"
	slotFinalize = "deposit/finalize"
	slotWallet   = "deposit/wallet"
)

// DefaultPoll is how often the signature status is polled.
const DefaultPoll = time.Second

type phase int

const (
	phaseForm phase = iota
	// phaseRunning: the deposit call runs up to the approval (quote, validation, blockhash,
	// the gate's signature, simulation and review); it can still be cancelled.
	phaseRunning
	// phaseSending: the approved bytes are sent and polled; no longer cancellable.
	phaseSending
	phaseDone
	phaseFailed
)

// Rows of the form, in focus order.
const (
	rowAmount = iota
	rowCurrency
	rowFile
	numRows
)

// rowKeys are the rows as the application layer's errors name them.
var rowKeys = [numRows]string{"amount", "currency", "file"}

type stepState int

const (
	stPending stepState = iota
	stRunning
	stOK
	stFailed
	// stUnknown: the step's outcome could not be found out (a sent deposit may have landed).
	stUnknown
	stBlocked
)

type step struct {
	state  stepState
	detail string
}

// retry says what r does after a failure.
type retry int

const (
	retryQuote retry = iota // the whole deposit again: a new quote, a new signature
	retrySend               // send the same signed bytes again
)

type failure struct {
	step  string
	err   string
	next  string
	retry retry
	// unknown: the signed deposit may have landed (never shown as a plain error).
	unknown bool
}

// progressMsg says a running task's feed has events the screen has not applied yet.
type progressMsg struct {
	run int
	f   *feed
}

type keyMap struct {
	nav         form.Nav // inside the form: the keys of every form
	left, right key.Binding
}

// Screen is the Solana deposit screen.
type Screen struct {
	app  Services // the application layer: every use case the screen runs
	env  *kit.Env
	keys keyMap
	w, h int

	phase phase

	amount   textinput.Model
	file     textinput.Model
	currency int
	row      int  // the focused row while editing
	editing  bool // the form has the keys (enter opened it, esc leaves it)
	live     form.Live
	formErr  string // an error of the form that names no field

	input    appdeposit.QuoteInput
	steps    [9]step
	qo       *appdeposit.Quote
	report   *altchain.Report
	prepared *altchain.Prepared
	feed     *feed
	stats    appdeposit.SendStats
	final    string
	fail     *failure
	notice   string

	// wallet is the Solana key's SOL and USDC, read when the form opens (walletErr when the
	// read failed): the form says what the wallet holds and refuses an amount above it.
	wallet    *appdeposit.SolanaBalance
	walletErr error

	actions kit.Actions
	scroll  scroll.Model
	tasks   map[string]kit.TaskID
	run     int
	poll    time.Duration
}

// Services are what the Deposit screen needs of the application layer (Of gives an App's):
// the session's profile and the deposit's use cases.
type Services struct {
	Session
	Deposit DepositService
}

// Of is the Deposit screen's services of the session a.
func Of(a *app.App) Services { return Services{Session: a, Deposit: appdeposit.New(a)} }

// Session is the session the screen works in (*app.App is one): its active profile.
type Session interface{ Profile() config.Profile }

// DepositService is the deposit's use cases the screen runs (app/deposit's Service is one):
// the whole deposit in one call (its events are what the screen shows), sending the same
// signed bytes again when a send's outcome was left open, waiting for finalization, and the
// Solana wallet.
type DepositService interface {
	SolanaAddress() (string, error)
	SolanaBalance(ctx context.Context) (appdeposit.SolanaBalance, error)
	Run(ctx context.Context, run appdeposit.Run, u *app.Unlock) (appdeposit.Receipt, error)
	Send(ctx context.Context, p *altchain.Prepared, poll time.Duration, progress func(appdeposit.Event)) (*appdeposit.Sent, error)
	Finalize(ctx context.Context, sig solana.Signature, poll time.Duration, progress func(appdeposit.Event)) (string, error)
}

// New returns the Solana deposit screen.
func New(env *kit.Env, a Services) kit.Screen { return newScreen(env, a) }

func newScreen(env *kit.Env, a Services) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Services) {
	amount := kit.NewInput(32)
	amount.Placeholder = "e.g. 12.5"
	file := kit.NewInput(4096)
	file.Placeholder = "(none: ask the partner API)"
	*s = Screen{
		app: a,
		env: env, amount: amount, file: file, tasks: map[string]kit.TaskID{}, poll: DefaultPoll, scroll: scroll.New(env),
		keys: keyMap{
			nav:   form.NewNav("get the quote"),
			left:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "currency")),
			right: key.NewBinding(key.WithKeys("right", "l", "space")),
		},
	}
	s.declareActions()
}

// declareActions declares the screen's keys, each once with what it does and why it is off
// in this phase (two actions share a key only when they are never on together).
func (s *Screen) declareActions() {
	k := s.env.Keys
	in := func(ph phase, what string) func() string {
		return func() string {
			if s.phase != ph {
				return what
			}
			return ""
		}
	}
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Select, "edit the form"), Do: func() tea.Cmd { return s.focusRow(rowAmount) }, Off: in(phaseForm, "a deposit is under way (enter starts a new one once it is done)")},
		{Key: kit.WithHelp(k.Select, "new deposit"), Do: s.newDeposit, Off: in(phaseDone, "no deposit is done")},
		{Key: kit.WithHelp(k.Refresh, "read the wallet again"), Do: s.loadWallet, Off: in(phaseForm, "the wallet is read when the form opens")},
		{Key: kit.WithHelp(k.Refresh, "retry"), Do: s.retry, Off: in(phaseFailed, "nothing failed")},
		{Key: kit.WithHelp(k.Back, "cancel"), Do: s.cancelRun, Off: s.noCancel},
		{Key: kit.WithHelp(k.Back, "back to the form"), Do: func() tea.Cmd { s.toForm(); return nil }, Off: in(phaseFailed, "only a failed deposit goes back to the form")},
		{Key: kit.WithHelp(k.Copy, "copy the signature"), Do: s.copySignature, Off: s.noSignature},
		{Key: kit.WithHelp(k.QR, "QR of the Solana address"), Do: s.showQR},
	}
}

// noCancel says why esc cannot cancel now: only the run up to the approval can be.
func (s *Screen) noCancel() string {
	switch s.phase {
	case phaseRunning:
		return ""
	case phaseSending:
		return "sending cannot be cancelled: the signed bytes may already be on the network; wait for the confirmation"
	}
	return "nothing runs"
}

func (s *Screen) noSignature() string {
	if s.prepared == nil || len(s.prepared.Signed) == 0 {
		return "nothing is signed"
	}
	return ""
}

// cancelRun stops the deposit before the approval: the gate releases no signature to a
// cancelled call.
func (s *Screen) cancelRun() tea.Cmd {
	s.env.Tasks.Cancel(slotRun)
	delete(s.tasks, slotRun)
	s.closeFeed()
	s.toForm()
	return kit.Status("Deposit cancelled before anything was sent.")
}

func (s *Screen) newDeposit() tea.Cmd {
	s.env.Tasks.Cancel(slotFinalize)
	s.toForm()
	s.amount.SetValue("")
	return s.loadWallet()
}

// loadWallet reads the SOL and USDC of the profile's Solana key.
func (s *Screen) loadWallet() tea.Cmd {
	if s.app.Deposit == nil {
		return nil
	}
	return start(s, slotWallet, "Reading the Solana wallet", s.app.Deposit.SolanaBalance)
}

// Init implements kit.Screen: what the wallet holds.
func (s *Screen) Init() tea.Cmd { return s.loadWallet() }

// Reset implements kit.ProfileBound: the screen as new; a quote, a signed deposit and its
// result of the other profile are dropped (the poll interval tests set stays).
func (s *Screen) Reset() {
	s.closeFeed()
	poll, w, h := s.poll, s.w, s.h
	s.init(s.env, s.app)
	s.poll = poll
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.scroll.SetSize(w, h)
	iw := max(min(w-24, 40), 8)
	s.amount.SetWidth(iw)
	s.file.SetWidth(iw)
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Deposit" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenDeposit }

// InputFocused implements kit.Screen.
func (s *Screen) InputFocused() bool {
	return s.phase == phaseForm && s.editing
}

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.keys
	if s.phase == phaseForm && s.editing {
		if s.row == rowCurrency {
			return append(k.nav.ShortHelp(), k.left)
		}
		return k.nav.ShortHelp()
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: in the form every form key; else every action (those off
// now with the reason) and the scroll keys.
func (s *Screen) FullHelp() [][]key.Binding {
	if s.phase == phaseForm && s.editing {
		return [][]key.Binding{append(s.keys.nav.FullHelp(), s.keys.left)}
	}
	return [][]key.Binding{s.actions.Full(), s.scroll.Keys()}
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s, s.key(msg)
	case tea.PasteMsg:
		// Text for the focused text field; a paste never submits, moves or chooses.
		if s.InputFocused() && s.row != rowCurrency {
			return s, s.editField(msg)
		}
		return s, nil
	case kit.TaskResult[appdeposit.Receipt]:
		if s.mine(slotRun, msg.ID) {
			return s, s.runDone(msg.Value, msg.Err)
		}
	case kit.TaskResult[*appdeposit.Sent]:
		if s.mine(slotSend, msg.ID) {
			return s, s.sendDone(msg.Value, msg.Err)
		}
	case kit.TaskResult[string]:
		if s.mine(slotFinalize, msg.ID) && msg.Err == nil && msg.Value != "" {
			s.final = msg.Value
			s.setStep(appdeposit.StepConfirm, stOK, msg.Value)
		}
	case kit.TaskResult[appdeposit.SolanaBalance]:
		if s.mine(slotWallet, msg.ID) {
			v := msg.Value
			s.wallet, s.walletErr = &v, msg.Err
			s.check()
		}
	case progressMsg:
		if msg.run != s.run {
			return s, nil
		}
		s.apply(msg.f)
		return s, listen(msg.run, msg.f)
	default:
		// The focused field's cursor blink.
		if s.InputFocused() && s.row != rowCurrency {
			in := s.focused()
			var cmd tea.Cmd
			*in, cmd = in.Update(msg)
			return s, cmd
		}
	}
	return s, nil
}

// mine reports whether a task reply answers this screen's latest request of slot.
func (s *Screen) mine(slot string, id kit.TaskID) bool {
	cur, ok := s.tasks[slot]
	if !ok || cur != id {
		return false
	}
	delete(s.tasks, slot)
	return true
}

func start[T any](s *Screen, slot, label string, fn func(ctx context.Context) (T, error)) tea.Cmd {
	id, cmd := kit.Start(s.env.Tasks, slot, label, fn)
	s.tasks[slot] = id
	return cmd
}

// startUnlock is start for a call that may need a key's passphrase (unlock.Start asks and
// runs it again); a missing passphrase is never a failure of the deposit.
func startUnlock[T any](s *Screen, slot, label string, fn unlock.Func[T]) tea.Cmd {
	id, cmd := unlock.Start(s.env, slot, label, fn)
	s.tasks[slot] = id
	return cmd
}

// listen waits until f has events the screen has not seen (nil once f is closed).
func listen(run int, f *feed) tea.Cmd {
	return func() tea.Msg {
		if _, ok := <-f.notify; !ok {
			return nil
		}
		return progressMsg{run: run, f: f}
	}
}

// apply applies the events of f the screen has not applied yet, in the order they came.
func (s *Screen) apply(f *feed) {
	for _, ev := range f.since() {
		s.progress(ev)
	}
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.phase == phaseForm && s.editing {
		return s.formKey(k)
	}
	if cmd, ok := s.actions.Handle(k); ok {
		return cmd
	}
	if s.phase != phaseForm && s.scroll.Update(k) {
		return nil
	}
	if key.Matches(k, s.env.Keys.Yes) {
		return kit.Status("y approves only in the signing review; nothing was signed.")
	}
	return nil
}

func (s *Screen) toForm() {
	s.phase = phaseForm
	s.fail = nil
	s.notice = ""
	s.scroll.Top()
	s.row = rowAmount
	s.editing = false
}

func (s *Screen) formKey(k tea.KeyPressMsg) tea.Cmd {
	keys := s.keys
	switch keys.nav.Read(k, s.row == numRows-1) {
	case form.Cancel:
		s.stopEditing()
		return nil
	case form.Submit:
		s.live.Touch(rowKeys[s.row])
		return s.submit()
	case form.Next:
		s.live.Touch(rowKeys[s.row])
		s.check()
		return s.focusRow(min(s.row+1, numRows-1))
	case form.Prev:
		s.live.Touch(rowKeys[s.row])
		s.check()
		return s.focusRow(max(s.row-1, 0))
	case form.None:
	}
	if s.row == rowCurrency {
		n := len(altchain.OutputCurrencies)
		switch {
		case key.Matches(k, keys.left):
			s.currency = (s.currency + n - 1) % n
		case key.Matches(k, keys.right):
			s.currency = (s.currency + 1) % n
		}
		return nil
	}
	return s.editField(k)
}

// editField gives a key or a paste to the focused text field and checks the form again when
// its value changed.
func (s *Screen) editField(msg tea.Msg) tea.Cmd {
	in := s.focused()
	before := in.Value()
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if in.Value() != before {
		s.formErr = ""
		s.live.Touch(rowKeys[s.row])
		s.check()
	}
	return cmd
}

// showQR shows the profile's Solana address as a QR code, for funding it from a phone.
func (s *Screen) showQR() tea.Cmd {
	addr, err := s.app.Deposit.SolanaAddress()
	if err != nil {
		return kit.ReportError("QR of the Solana address", err)
	}
	return kit.Push(dialog.NewQR(s.env, "Solana address of key "+s.app.Profile().SolanaKey+": send SOL and USDC here", addr))
}

func (s *Screen) focused() *textinput.Model {
	if s.row == rowFile {
		return &s.file
	}
	return &s.amount
}

// focusRow opens the form at row i (its text field takes the keys); the form opened afresh
// reads the wallet again.
func (s *Screen) focusRow(i int) tea.Cmd {
	var wallet tea.Cmd
	if !s.editing {
		wallet = s.loadWallet()
	}
	s.amount.Blur()
	s.file.Blur()
	s.row, s.editing = i, true
	if i == rowCurrency {
		return wallet
	}
	return tea.Batch(wallet, s.focused().Focus())
}

// stopEditing leaves the form; what was typed stays.
func (s *Screen) stopEditing() {
	s.amount.Blur()
	s.file.Blur()
	s.editing = false
}

// quoteInput reads the form through the application layer: an amount is needed unless a
// quote file is given.
func (s *Screen) quoteInput() (appdeposit.QuoteInput, error) {
	in := appdeposit.QuoteInput{Currency: altchain.OutputCurrencies[s.currency], File: strings.TrimSpace(s.file.Value())}
	if v := strings.TrimSpace(s.amount.Value()); v != "" || in.File == "" {
		a, err := appdeposit.ParseAmount("amount", v)
		if err != nil {
			return in, err
		}
		in.Amount = a
		if s.wallet != nil && s.walletErr == nil {
			return in, s.wallet.Covers(a)
		}
	}
	return in, nil
}

// check runs the form's check on the values as typed.
func (s *Screen) check() {
	_, err := s.quoteInput()
	s.live.Set(err)
}

// submit asks for the quote, unless the form is invalid: then the error shows under the
// field and the field gets the focus.
func (s *Screen) submit() tea.Cmd {
	in, err := s.quoteInput()
	if field, refused := s.live.Refuse(err); refused {
		for i, k := range rowKeys {
			if k == field {
				return s.focusRow(i)
			}
		}
		s.formErr = err.Error()
		return nil
	}
	s.stopEditing()
	s.formErr = ""
	s.input = in
	return s.requestQuote()
}

func (s *Screen) resetFlow() {
	s.closeFeed()
	s.steps = [9]step{}
	s.qo, s.report, s.prepared, s.fail = nil, nil, nil, nil
	s.stats, s.final, s.notice = appdeposit.SendStats{}, "", ""
	s.scroll.Top()
	s.run++
}

// closeFeed ends the running call's progress feed (its listener stops).
func (s *Screen) closeFeed() {
	if s.feed != nil {
		s.feed.close()
		s.feed = nil
	}
}

// requestQuote runs the whole deposit (app/deposit's Run) for the form's input: the screen
// shows its events; the signing gate asks in the TUI's review dialog.
func (s *Screen) requestQuote() tea.Cmd {
	s.resetFlow()
	s.phase = phaseRunning
	in := s.input
	what := format.Uint(in.Amount, format.USDCDecimals) + " USDC → " + in.Currency
	if in.File != "" {
		s.setStep(appdeposit.StepQuote, stRunning, "reading "+in.File)
	} else {
		api := "the partner API"
		if s.app.Session != nil {
			api = s.app.Profile().PartnerAPI
		}
		s.setStep(appdeposit.StepQuote, stRunning, "asking "+api+" for "+what+" (signed with the partner key)")
	}
	run := s.run
	rep := newFeed()
	s.feed = rep
	services, poll := s.app.Deposit, s.poll
	task := startUnlock(s, slotRun, "Depositing "+what, func(ctx context.Context, u *app.Unlock) (appdeposit.Receipt, error) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		defer cancel()
		return services.Run(ctx, appdeposit.Run{Input: in, Poll: poll, Progress: rep.emit}, u)
	})
	return tea.Batch(task, listen(run, rep))
}

// runDone takes the deposit call's result. Every event the call emitted happened before it
// returned: what was not applied yet is applied first, in order.
func (s *Screen) runDone(d appdeposit.Receipt, err error) tea.Cmd {
	if s.feed != nil {
		s.apply(s.feed)
	}
	s.closeFeed()
	if errors.Is(err, kit.ErrCancelled) {
		s.toForm()
		return kit.Status("Passphrase cancelled: nothing was signed.")
	}
	if err != nil {
		rt := retryQuote
		var oe *app.OutcomeError
		if s.prepared != nil && len(s.prepared.Signed) > 0 && errors.As(err, &oe) && oe.Outcome == app.OutcomeUnknown {
			rt = retrySend
		}
		if errors.Is(err, altchain.ErrBlockhashExpired) {
			rt = retryQuote
		}
		return s.failed(err, rt)
	}
	return s.confirmed(d.ConfirmationStatus)
}

func (s *Screen) send() tea.Cmd {
	s.phase = phaseSending
	s.fail = nil
	s.run++
	run := s.run
	s.stats = appdeposit.SendStats{LastValid: s.prepared.LastValidBlockHeight}
	s.setStep(appdeposit.StepSend, stRunning, "sending "+s.prepared.Signature.String())
	s.setStep(appdeposit.StepConfirm, stPending, "")
	rep := newFeed()
	services, p, poll := s.app.Deposit, s.prepared, s.poll
	task := start(s, slotSend, "Sending the deposit", func(ctx context.Context) (*appdeposit.Sent, error) {
		defer rep.close()
		ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		return services.Send(ctx, p, poll, rep.emit)
	})
	return tea.Batch(task, listen(run, rep))
}

func (s *Screen) sendDone(so *appdeposit.Sent, err error) tea.Cmd {
	s.run++
	if so != nil {
		s.stats = so.Stats
	}
	if err != nil {
		rt := retrySend
		if errors.Is(err, altchain.ErrBlockhashExpired) || (so != nil && so.Status != nil && so.Status.Err != "") {
			rt = retryQuote
		}
		return s.failed(err, rt)
	}
	return s.confirmed(so.Status.ConfirmationStatus)
}

// confirmed records a confirmed deposit and waits for its finalization.
func (s *Screen) confirmed(status string) tea.Cmd {
	s.phase = phaseDone
	s.final = status
	s.setStep(appdeposit.StepSend, stOK, sendDetail(s.stats, true))
	s.setStep(appdeposit.StepConfirm, stOK, confirmedDetail(s.final))
	if s.final == "finalized" {
		return nil
	}
	run := s.run
	rep := newFeed()
	services, sig, poll := s.app.Deposit, s.prepared.Signature, s.poll
	task := start(s, slotFinalize, "Waiting for finalization", func(ctx context.Context) (string, error) {
		defer rep.close()
		ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		defer cancel()
		return services.Finalize(ctx, sig, poll, rep.emit)
	})
	return tea.Batch(task, listen(run, rep))
}

// progress applies one event of the running call: the steps before it are done, it runs;
// the quote, the report and the released transaction are kept for the view.
func (s *Screen) progress(ev appdeposit.Event) {
	if ev.Quote != nil {
		s.qo = ev.Quote
		q := ev.Quote.Quote
		s.setStep(appdeposit.StepQuote, stOK, fmt.Sprintf("%s USDC → %s from %s", format.Uint(q.USDCAmount, format.USDCDecimals), s.input.Currency, ev.Quote.Source))
	}
	if ev.Report != nil {
		s.report = ev.Report
		r := ev.Report
		if r.Rejected() || r.PriorityFeeOverflow {
			s.setStep(appdeposit.StepValidate, stFailed, fmt.Sprintf("REJECTED by %d rule(s)", len(r.Rejections())))
			s.setStep(appdeposit.StepReview, stBlocked, "signing refused: this quote must not be signed")
			s.notice = "Nothing was signed. Do not use this quote: press r for a new quote; if it is rejected again, tell the partner."
			return
		}
		s.setStep(appdeposit.StepValidate, stOK, fmt.Sprintf("ok: %d finding(s), none rejects", len(r.Findings)))
		return
	}
	if ev.Prepared != nil {
		p := ev.Prepared
		s.prepared = p
		s.phase = phaseSending
		s.stats = appdeposit.SendStats{LastValid: p.LastValidBlockHeight}
		s.setStep(appdeposit.StepBlockhash, stOK, fmt.Sprintf("%s, valid until block %d", p.Blockhash, p.LastValidBlockHeight))
		s.setStep(appdeposit.StepSign, stOK, "signed with your Solana key only: "+p.Signature.String())
		s.setStep(appdeposit.StepSimulate, stOK, "simulation with signature verification passed")
		s.setStep(appdeposit.StepReview, stOK, "approved with y")
		s.setStep(appdeposit.StepSend, stRunning, "sending "+p.Signature.String())
		return
	}
	idx := stepIndex(ev.Step)
	if idx < 0 {
		return
	}
	switch s.phase {
	case phaseRunning:
		for i := 0; i < idx; i++ {
			if st := s.steps[i].state; st == stRunning || st == stPending {
				s.steps[i].state = stOK
			}
		}
		if ev.Detail != "" || s.steps[idx].state != stRunning {
			s.setStep(ev.Step, stRunning, ev.Detail)
		}
	case phaseSending:
		s.stats = ev.Send
		s.setStep(appdeposit.StepSend, stRunning, sendDetail(ev.Send, false))
		if ev.Step == appdeposit.StepConfirm {
			s.setStep(appdeposit.StepConfirm, stRunning, confirmDetail(ev.Send))
		}
	case phaseDone:
		// The finalization's status as it comes; once finalized, a late event of the wait
		// changes nothing.
		if ev.Send.Status != "" && s.final != "finalized" {
			s.final = ev.Send.Status
			s.setStep(appdeposit.StepConfirm, stOK, confirmedDetail(s.final))
		}
	}
}

// confirmedDetail is the confirmation step's text for status: it waits for finalized until
// it is.
func confirmedDetail(status string) string {
	if status == "finalized" {
		return status
	}
	return status + "; waiting for finalized"
}

func sendDetail(st appdeposit.SendStats, done bool) string {
	n := max(st.Sends-1, 0)
	d := "sent"
	if !done && st.Sends == 0 {
		d = "sending"
	}
	return fmt.Sprintf("%s; %d re-broadcast(s) of the identical bytes", d, n)
}

func confirmDetail(st appdeposit.SendStats) string {
	status := st.Status
	if status == "" {
		status = "not seen yet"
	}
	d := "status: " + status
	if st.Height > 0 && st.LastValid > 0 {
		left := int64(st.LastValid) - int64(st.Height)
		d += fmt.Sprintf("; block %d, valid until %d (%d left)", st.Height, st.LastValid, max(left, 0))
	}
	return d
}

func stepIndex(name string) int {
	for i, n := range appdeposit.Steps {
		if n == name {
			return i
		}
	}
	return -1
}

func (s *Screen) setStep(name string, st stepState, detail string) {
	if i := stepIndex(name); i >= 0 {
		// A detail may quote the quote, the RPC or a file's name: escaped once, here.
		s.steps[i] = step{state: st, detail: visible.Line(detail)}
	}
}

// failed records a failure: the step, why, and what to do next.
func (s *Screen) failed(err error, rt retry) tea.Cmd {
	name := appdeposit.StepQuote
	var se *app.StepError
	if errors.As(err, &se) {
		name = se.Step
		err = se.Err
	}
	if errors.Is(err, prompt.ErrDeclined) {
		// The user's choice in the review: nothing was signed or sent, and nothing failed.
		s.toForm()
		return kit.Status("Deposit not signed (declined): nothing was sent.")
	}
	s.phase = phaseFailed
	for i := range s.steps {
		if s.steps[i].state == stRunning && i < stepIndex(name) {
			s.steps[i].state = stOK
		} else if s.steps[i].state == stRunning {
			s.steps[i] = step{}
		}
	}
	var oe *app.OutcomeError
	f := &failure{step: name, err: visible.Line(err.Error()), retry: rt, unknown: errors.As(err, &oe) && oe.Outcome == app.OutcomeUnknown}
	if f.unknown {
		s.setStep(name, stUnknown, "outcome unknown: it may have landed")
	} else {
		s.setStep(name, stFailed, "failed")
	}
	f.next = s.nextStep(name, err, rt)
	s.fail = f
	s.scroll.Top()
	return nil
}

func (s *Screen) nextStep(name string, err error, rt retry) string {
	var ue *app.UsageError
	var ae *altchain.APIError
	var fe *altchain.FieldError
	var oe *app.OutcomeError
	var rf *app.Refusal
	switch {
	case errors.As(err, &rf) && rf.Review == nil:
		return "Nothing was signed or sent: the signing review could not be asked. Press r for a new quote, esc for the form."
	case errors.As(err, &ue):
		return "Fix this (esc edits the form; the profile is on the Settings screen, keys on the Keys screen), then press r."
	case errors.As(err, &ae):
		return "The service refused the quote: " + visible.Line(ae.Explanation()) + ". Press r for a new quote."
	case errors.As(err, &fe):
		return "The quote is malformed and was not used. Press r for a new quote, or check the quote file."
	case errors.As(err, &oe) && oe.Outcome == app.OutcomeUnknown:
		return fmt.Sprintf("Do not deposit again: %s may have landed. Press r to keep polling it (the identical bytes are re-broadcast until block %d; nothing is re-signed), or check later with `purse altchain status %s --last-valid-block-height %d`.", oe.ID, s.stats.LastValid, oe.ID, s.stats.LastValid)
	case errors.Is(err, altchain.ErrBlockhashExpired):
		return fmt.Sprintf("The blockhash expired (block height past %d) before the deposit was confirmed: it did not land and cannot any more. Press r for a new quote and a new signature.", s.stats.LastValid)
	}
	switch name {
	case appdeposit.StepDecode:
		return "The quote was not used. Press r for a new quote."
	case appdeposit.StepValidate:
		if s.report != nil && s.report.Rejected() {
			return "Nothing was sent. Do not use this quote: press r for a new quote; if it is rejected again, tell the partner."
		}
		return "Nothing was signed. " + s.env.NextStep(err)
	case appdeposit.StepBlockhash, appdeposit.StepSign, appdeposit.StepSimulate, appdeposit.StepReview:
		return "Nothing was sent. Press r for a new quote and a new signature."
	case appdeposit.StepSend, appdeposit.StepConfirm:
		if rt == retryQuote {
			return "The transaction failed on chain. Press r for a new quote."
		}
		return fmt.Sprintf("The signed bytes may still land. Press r to send the same bytes again and keep polling (valid until block %d); nothing is re-signed.", s.stats.LastValid)
	}
	return s.env.NextStep(err)
}

func (s *Screen) retry() tea.Cmd {
	if s.fail == nil {
		return nil
	}
	switch s.fail.retry {
	case retrySend:
		if s.prepared != nil && len(s.prepared.Signed) > 0 {
			return s.send()
		}
	}
	return s.requestQuote()
}

func (s *Screen) copySignature() tea.Cmd {
	if s.prepared == nil || len(s.prepared.Signed) == 0 {
		return nil
	}
	return kit.Copy("deposit signature", s.prepared.Signature.String())
}

// feed carries a task's progress to the screen without ever blocking the task: the events
// are kept in order and a signal says there are new ones; the screen applies each once, in
// order, when signalled and when the task's result arrives (so no event is lost or applied
// after the result).
type feed struct {
	mu      sync.Mutex
	evs     []appdeposit.Event
	applied int // the screen's side: how many of evs it applied
	notify  chan struct{}
	once    sync.Once
}

func newFeed() *feed { return &feed{notify: make(chan struct{}, 1)} }

func (f *feed) emit(ev appdeposit.Event) {
	f.mu.Lock()
	f.evs = append(f.evs, ev)
	f.mu.Unlock()
	select {
	case f.notify <- struct{}{}:
	default:
	}
}

// since returns the events not returned before (called by the screen only).
func (f *feed) since() []appdeposit.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.evs[f.applied:]
	f.applied = len(f.evs)
	return out
}

func (f *feed) close() { f.once.Do(func() { close(f.notify) }) }
