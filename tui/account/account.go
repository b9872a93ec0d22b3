// Package account is the Account screen of purse's terminal UI: the account status, the KYC
// flow drawn as progress, the vendor review, the CRS notice and, when Live, the rolling
// limits and IBAN of the banking profile. What can be done next depends on the state: mint
// an account, fetch the identity-verification access token, read and sign Form A. On the
// sandbox a panel approves or rejects the KYC review, advances the account and injects
// faults, so a demo needs no second terminal.
package account

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/unlock"
)

// Task slots of this screen. Every reply is matched on its request id as well, so a reply
// of another screen (or a superseded one) is never taken for this screen's.
const (
	slotStatus    = "account/status"
	slotLimits    = "account/limits"
	slotIDV       = "account/idv"
	slotFormA     = "account/forma-info"
	slotSubmit    = "account/forma-submit"
	slotMintCheck = "account/mint-check"
	slotMint      = "account/mint"
	slotMintID    = "account/mint-id"
	slotHandoff   = "account/handoff"
	slotKYCSubmit = "account/kyc-submit"
	slotSandbox   = "account/sandbox"
)

// Dialog ids (review, confirmation, passphrase) of this screen.
const (
	idMintConfirm  = "account/mint"
	idResetConfirm = "account/sandbox-reset"
	idShareToken   = "account/share-token"
)

// signed operations that may need the key's passphrase.
type op string

const (
	opLimits op = "limits"
	opIDV    op = "idv"
	opFormA  op = "forma"
	opSubmit op = "submit"
)

type mode int

const (
	modeStatus mode = iota
	modeMint
	modeFormA
	modeIDV
	modePartnerMint
)

// snapshot is what a refresh loads.
type snapshot struct {
	Profile config.Profile
	// Status is valid when Loaded is set (the profile has an account and the read worked).
	Status enduser.AccountStatus
	Loaded bool
	// Sandbox is the sandbox's info when the profile's user_api answers /sandbox/info;
	// SandboxBase is the user_api that was asked.
	Sandbox     *app.SandboxInfo
	SandboxBase string
}

// signed is the value of a task that signs with the EVM key; Locked says the key's
// passphrase is needed (nothing was sent).
type signed[T any] struct {
	V      T
	Locked bool
}

type submitDone struct {
	TextHash  string
	Signature string
}

type ctlDone struct {
	What string
	// Quiet: no refresh after the step (a fault just set would be consumed by it).
	Quiet bool
	// Profile, when set, is the profile after the step (a reset forgot its account).
	Profile *config.Profile
}

// handoffDone is a share-token handoff's verdict, with what to do next when it is not passed.
type handoffDone struct {
	V    enduser.HandoffVerdict
	Next error
}

// Screen is the Account screen.
type Screen struct {
	app  Service        // the application layer: every use case the screen runs
	sbx  SandboxService // the sandbox's use cases (the panel); nil: none
	env  *kit.Env
	keys keyMap
	// actions are the status view's keys, sandbox the sandbox panel's (keys.go).
	actions, sandbox kit.Actions
	ids              map[string]kit.TaskID
	w, h             int
	mode             mode

	// now makes the sandbox captcha's genTime reproducible in tests.
	now func() time.Time
	// idNote says where the proposed account id came from, or that the user gives it.
	idNote string
	// idvForm holds the identity-verification token request's options (I); idvReq is the
	// request the next token read sends.
	idvForm *form.Form
	idvReq  enduser.IDVTokenRequest
	// handoff is the last share-token handoff's verdict; handoffNext what to do about it;
	// kycSubmit the handoff session's submission.
	handoff     *enduser.HandoffVerdict
	handoffNext error
	kycSubmit   *enduser.KYCSubmitResult

	snap      snapshot
	loadedAt  bool // a refresh answered at least once
	statusErr error

	limits       *enduser.Profile
	limitsLocked bool
	limitsAuto   bool

	idv *enduser.IDVToken

	// partnerForm is the partner mint's email form.
	partnerForm *form.Form

	formA     *enduser.FormAInfo
	formAHash string

	inputs      []textinput.Model
	pendingMint *app.MintPlan
	focus       int
	formErr     string // an error of the mint that names no field (or the service's answer)
	live        form.Live

	ctlNote string
	// faultIdx is the route the panel's one-shot fault aims at (faultTargets).
	faultIdx int

	vp viewport.Model
}

// Service is what the Account screen needs of the application layer (*app.App is one).
type Service interface {
	Profile() config.Profile
	AccountStatus(ctx context.Context) (enduser.AccountStatus, error)
	BankingProfile(ctx context.Context, u *app.Unlock) (enduser.Profile, error)
	IDVToken(ctx context.Context, u *app.Unlock, req enduser.IDVTokenRequest) (enduser.IDVToken, error)
	FormA(ctx context.Context, u *app.Unlock) (enduser.FormAInfo, error)
	SignFormA(ctx context.Context, u *app.Unlock, text string, submit bool) (app.SignedFormA, error)
	ProposeTokenID(ctx context.Context) (app.TokenIDProposal, error)
	ShareTokenHandoff(ctx context.Context, u *app.Unlock, src app.ShareToken) (enduser.HandoffVerdict, error)
	KYCSubmit(ctx context.Context, u *app.Unlock) (enduser.KYCSubmitResult, error)
	CheckMint(ctx context.Context, tokenID string, captcha enduser.MintRequest, email string) (app.MintPlan, error)
	Mint(ctx context.Context, plan app.MintPlan) (app.Minted, error)
	PreparePartnerMint(ctx context.Context, in app.PartnerMintInput) (app.PartnerMintPlan, error)
	PartnerMint(ctx context.Context, plan app.PartnerMintPlan, u *app.Unlock) (app.PartnerMinted, error)
	PartnerIDVToken(ctx context.Context, tokenID string, u *app.Unlock) (app.PartnerIDVToken, error)
}

// SandboxService is what the Account screen's sandbox panel needs of the application layer
// (app.Sandbox is one): the control steps, readying a deposit, the one-step onboarding.
type SandboxService interface {
	Info(ctx context.Context) (app.SandboxInfo, error)
	KYCApprove(ctx context.Context, tokenID string) (json.RawMessage, error)
	KYCReject(ctx context.Context, tokenID, reason string, final bool) (json.RawMessage, error)
	Advance(ctx context.Context, tokenID string) (app.Advanced, error)
	SetFaults(ctx context.Context, f app.SandboxFaults) (json.RawMessage, error)
	ClearFaults(ctx context.Context) (json.RawMessage, error)
	RegisterPartner(ctx context.Context, u *app.Unlock) (string, error)
	FundSolana(ctx context.Context, u *app.Unlock) (string, error)
	ReadyDeposit(ctx context.Context, u *app.Unlock) app.Readiness
	Onboard(ctx context.Context, u *app.Unlock, label string, progress func(string)) (app.Onboarded, error)
	Reset(ctx context.Context) (config.Profile, error)
}

// New returns the Account screen; sb is the sandbox's use cases (nil: no sandbox panel).
func New(env *kit.Env, a Service, sb SandboxService) kit.Screen { return newScreen(env, a, sb) }

func newScreen(env *kit.Env, a Service, sb SandboxService) *Screen {
	s := &Screen{app: a, sbx: sb, env: env, keys: newKeyMap(env.Keys), ids: map[string]kit.TaskID{}, now: time.Now}
	s.vp = viewport.New()
	k := env.Keys
	s.vp.KeyMap = viewport.KeyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: key.NewBinding(key.WithDisabled()), HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left: key.NewBinding(key.WithDisabled()), Right: key.NewBinding(key.WithDisabled()),
	}
	s.vp.MouseWheelEnabled = false
	s.newActions()
	return s
}

// start runs fn as this screen's request in slot and remembers its id.
func start[T any](s *Screen, slot, label string, fn func(ctx context.Context) (T, error)) tea.Cmd {
	id, cmd := kit.Start(s.env.Tasks, slot, label, fn)
	s.ids[slot] = id
	return cmd
}

// mine reports whether a reply is the current request of one of this screen's slots.
func (s *Screen) mine(ref kit.TaskRef) bool {
	id, ok := s.ids[ref.Slot]
	if !ok || id != ref.ID {
		return false
	}
	delete(s.ids, ref.Slot)
	return true
}

func (s *Screen) running(slot string) bool { _, ok := s.ids[slot]; return ok }

// Init implements kit.Screen: the first refresh.
func (s *Screen) Init() tea.Cmd { return s.refresh() }

func (s *Screen) svc() Service { return s.app }

// refresh reads the profile, asks whether its user_api is a sandbox and reads the status.
func (s *Screen) refresh() tea.Cmd {
	knownBase, knownInfo, sb := s.snap.SandboxBase, s.snap.Sandbox, s.sbx
	return start(s, slotStatus, "Loading the account status", func(ctx context.Context) (snapshot, error) {
		sv := s.svc()
		if sv == nil {
			return snapshot{}, errors.New("no services: the account screen runs inside purse's terminal UI")
		}
		snap := snapshot{Profile: sv.Profile()}
		snap.SandboxBase = snap.Profile.UserAPI
		if knownBase == snap.Profile.UserAPI && knownInfo != nil {
			snap.Sandbox = knownInfo
		} else if sb != nil {
			ictx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
			if info, err := sb.Info(ictx); err == nil {
				snap.Sandbox = &info
			}
			cancel()
		}
		if snap.Profile.TokenID == "" {
			return snap, nil
		}
		st, err := sv.AccountStatus(ctx)
		if err != nil {
			return snap, err
		}
		snap.Status, snap.Loaded = st, true
		return snap, nil
	})
}

// runSigned runs a signed operation. One the user asked for goes through unlock.Start
// (the passphrase dialog, then the same operation again); the automatic read of limits on
// a Live account must not prompt, so there a missing passphrase comes back as Locked.
func runSigned[T any](s *Screen, slot, label string, prompt bool, fn func(ctx context.Context, sv Service, u *app.Unlock) (T, error)) tea.Cmd {
	sv := s.svc()
	call := func(ctx context.Context, u *app.Unlock) (signed[T], error) {
		if sv == nil {
			return signed[T]{}, errors.New("no services: the account screen runs inside purse's terminal UI")
		}
		v, err := fn(ctx, sv, u)
		if !prompt && errors.Is(err, app.ErrNeedsUnlock) {
			return signed[T]{Locked: true}, nil
		}
		if errors.Is(err, app.ErrNeedsUnlock) {
			return signed[T]{}, err // unlock.Start asks and calls again
		}
		return signed[T]{V: v}, err
	}
	if !prompt {
		return start(s, slot, label, func(ctx context.Context) (signed[T], error) { return call(ctx, nil) })
	}
	id, cmd := unlock.Start(s.env, slot, label, call)
	s.ids[slot] = id
	return cmd
}

// runOp starts a signed operation; prompt says the user asked for it (see runSigned).
func (s *Screen) runOp(o op, prompt bool) tea.Cmd {
	switch o {
	case opLimits:
		return runSigned(s, slotLimits, "Loading limits and IBAN", prompt, func(ctx context.Context, sv Service, u *app.Unlock) (enduser.Profile, error) {
			return sv.BankingProfile(ctx, u)
		})
	case opIDV:
		req := s.idvReq
		s.idvReq = enduser.IDVTokenRequest{}
		return runSigned(s, slotIDV, "Getting the identity-verification access token", prompt, func(ctx context.Context, sv Service, u *app.Unlock) (enduser.IDVToken, error) {
			return sv.IDVToken(ctx, u, req)
		})
	case opFormA:
		return runSigned(s, slotFormA, "Reading Form A", prompt, func(ctx context.Context, sv Service, u *app.Unlock) (enduser.FormAInfo, error) {
			return sv.FormA(ctx, u)
		})
	case opSubmit:
		if s.formA == nil {
			return kit.Status("Open Form A first (o).")
		}
		return runSigned(s, slotSubmit, "Signing and submitting Form A", prompt, submitFormA(s.formA.KYCSelfDec))
	}
	return nil
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	cmd := s.update(msg)
	s.render()
	return s, cmd
}

func (s *Screen) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := s.partnerUpdate(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg:
		// Text for the focused field; a paste never submits, cancels or moves.
		switch {
		case s.mode == modeMint && len(s.inputs) > 0:
			return s.mintEdit(msg)
		case s.mode == modeIDV:
			_, cmd := s.idvForm.Update(msg)
			return cmd
		}
		return nil
	case kit.TaskResult[snapshot]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		return s.gotSnapshot(msg.Value, msg.Err)
	case kit.TaskResult[signed[enduser.Profile]]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		auto := s.limitsAuto
		s.limitsAuto = false
		switch {
		case msg.Err != nil:
			return nil
		case msg.Value.Locked && auto:
			s.limitsLocked = true
			s.render()
			return nil
		}
		v := msg.Value.V
		s.limits, s.limitsLocked = &v, false
		s.render()
		return nil
	case kit.TaskResult[signed[enduser.IDVToken]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		t := msg.Value.V
		s.idv = &t
		s.render()
		return tea.Batch(kit.Status("Identity-verification access token received: it is shown in full; c copies it."), s.refresh())
	case kit.TaskResult[signed[enduser.FormAInfo]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		f := msg.Value.V
		s.formA, s.formAHash = &f, f.TextHash()
		s.mode = modeFormA
		s.vp.GotoTop()
		s.render()
		return nil
	case kit.TaskResult[signed[submitDone]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		s.mode = modeStatus
		s.formA = nil
		s.render()
		return tea.Batch(kit.Status("Form A signed ("+msg.Value.V.TextHash+") and submitted: KYC moves to Review."), s.refresh())
	case kit.TaskResult[app.TokenIDProposal]:
		if !s.mine(msg.Ref()) || s.mode != modeMint {
			return nil
		}
		var fe *app.FieldError
		switch {
		case errors.As(msg.Err, &fe):
			s.idNote = fe.Err.Error()
		case msg.Err != nil:
			s.idNote = "no account id proposed: " + app.OneLine(msg.Err)
		default:
			s.idNote = msg.Value.Note
			if strings.TrimSpace(s.inputs[fieldTokenID].Value()) == "" {
				s.inputs[fieldTokenID].SetValue(msg.Value.TokenID)
			}
		}
		s.render()
		return nil
	case kit.TaskResult[app.MintPlan]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		if msg.Err != nil {
			s.mintFieldError(msg.Err)
			return nil
		}
		return s.gotMintCheck(msg.Value)
	case kit.TaskResult[app.Minted]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		return s.gotMint(msg.Value)
	case kit.TaskResult[ctlDone]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		return s.gotCtl(msg.Value, msg.Err)
	case kit.TaskResult[signed[ctlDone]]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		return s.gotCtl(msg.Value.V, msg.Err)
	case dialog.PassphraseResult:
		if msg.ID != idShareToken || msg.Cancelled {
			return nil
		}
		tok := append([]byte(nil), msg.Passphrase...)
		clear(msg.Passphrase)
		return runSigned(s, slotHandoff, "Handing the applicant over", true, func(ctx context.Context, sv Service, u *app.Unlock) (handoffDone, error) {
			v, err := sv.ShareTokenHandoff(ctx, u, app.ShareToken{Value: tok})
			if v.Status == "" {
				return handoffDone{}, err // not a verdict: a failure (or a passphrase to ask)
			}
			clear(tok)
			return handoffDone{V: v, Next: err}, nil
		})
	case kit.TaskResult[signed[handoffDone]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		v := msg.Value.V.V
		s.handoff, s.handoffNext = &v, msg.Value.V.Next
		s.render()
		return tea.Batch(kit.Status("Handoff: "+v.Status+"."), s.refresh())
	case kit.TaskResult[signed[enduser.KYCSubmitResult]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil
		}
		r := msg.Value.V
		s.kycSubmit = &r
		s.render()
		return tea.Batch(kit.Status("Handoff session submitted: "+r.State+"; activation runs on the service."), s.refresh())
	case dialog.ListResult:
		if msg.ID != idFaultRoute || msg.Cancelled {
			return nil
		}
		return s.setFault(msg.Index)
	case dialog.ConfirmResult:
		switch {
		case msg.ID == idMintConfirm && !msg.Confirmed:
			return kit.Status("Mint cancelled; nothing was sent.")
		case msg.ID == idMintConfirm:
			return s.mint()
		case msg.ID != idResetConfirm:
			return nil
		case !msg.Confirmed:
			return kit.Status("Sandbox reset cancelled; nothing was dropped.")
		}
		return s.control("sandbox reset: every account, the EVM chain and the Solana ledger start afresh", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
			p, err := sb.Reset(ctx)
			return ctlDone{Profile: &p}, err
		})
	}
	if s.mode == modeMint && len(s.inputs) > 0 {
		var cmd tea.Cmd
		s.inputs[s.focus], cmd = s.inputs[s.focus].Update(msg)
		return cmd
	}
	return nil
}

func (s *Screen) gotSnapshot(snap snapshot, err error) tea.Cmd {
	prevToken := s.snap.Profile.TokenID
	s.snap, s.loadedAt, s.statusErr = snap, true, err
	if snap.Profile.TokenID != prevToken {
		s.limits, s.limitsLocked, s.idv = nil, false, nil
	}
	// The identity verification's panels belong to its steps: once the account is past them
	// (Live, or a step a token no longer serves) they go.
	if snap.Loaded {
		st := s.state()
		retry := st.step == enduser.KYCStepRejected && snap.Status.SumsubKYCInfo.ReviewRejectType != "FINAL"
		if !st.tourist || (st.step != enduser.KYCStepIDScan && !retry) {
			s.idv = nil
		}
		if !st.tourist {
			s.handoff, s.handoffNext, s.kycSubmit = nil, nil, nil
		}
	}
	var cmds []tea.Cmd
	if snap.Loaded && int64(snap.Status.Status) == enduser.StatusLive && snap.Profile.EVMKey != "" && s.limits == nil && !s.limitsLocked {
		s.limitsAuto = true
		cmds = append(cmds, s.runOp(opLimits, false))
	}
	s.render()
	return tea.Batch(cmds...)
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	switch s.mode {
	case modeMint:
		return s.mintKey(k)
	case modeIDV:
		res, cmd := s.idvForm.Update(k)
		switch res {
		case form.Cancelled:
			s.mode = modeStatus
			s.render()
		case form.Submitted:
			// The form refused a submit while ParseIDVRequest failed.
			req, _ := app.ParseIDVRequest(idvValues(s.idvForm))
			s.idvReq, s.mode = req, modeStatus
			s.render()
			return s.runOp(opIDV, true)
		}
		return cmd
	case modeFormA:
		switch {
		case key.Matches(k, s.keys.back):
			s.mode = modeStatus
			s.render()
			return nil
		case key.Matches(k, s.keys.sign):
			// The signing gate shows the text exactly and asks in the TUI's review dialog.
			return s.runOp(opSubmit, true)
		}
		return s.scroll(k)
	}
	if cmd, ok := s.actions.Handle(k); ok {
		return cmd
	}
	if cmd, ok := s.sandbox.Handle(k); ok {
		return cmd
	}
	return s.scroll(k)
}

func (s *Screen) scroll(k tea.KeyPressMsg) tea.Cmd {
	keys := s.env.Keys
	switch {
	case key.Matches(k, keys.Top):
		s.vp.GotoTop()
	case key.Matches(k, keys.Bottom):
		s.vp.GotoBottom()
	case key.Matches(k, keys.Up, keys.Down, keys.PageUp, keys.PageDown):
		s.vp, _ = s.vp.Update(k)
	}
	return nil
}

// gotCtl shows a sandbox step's outcome: done, a passing note of the footer (not a line that
// stays on the panel), the profile it changed followed; failed, the error on the panel.
func (s *Screen) gotCtl(d ctlDone, err error) tea.Cmd {
	if err != nil {
		s.ctlNote = s.env.Styles.Marks.Error + ": " + d.What + ": " + app.OneLine(err)
		s.render()
		return nil
	}
	s.ctlNote = ""
	cmds := []tea.Cmd{kit.Status("sandbox: " + d.What)}
	if p := d.Profile; p != nil {
		s.snap.Profile = *p
		s.limits, s.limitsLocked, s.idv, s.handoff, s.handoffNext, s.kycSubmit = nil, false, nil, nil, nil, nil
		ses := s.env.Session
		ses.AccountID = p.TokenID
		cmds = append(cmds, func() tea.Msg { return kit.SessionMsg{Session: ses} })
	}
	s.render()
	if !d.Quiet {
		cmds = append(cmds, s.refresh())
	}
	return tea.Batch(cmds...)
}

// control runs one sandbox step of the application layer's sandbox on the profile's
// account; what names it, and the step's own ctlDone.What, when set, says what it did.
func (s *Screen) control(what string, fn func(ctx context.Context, sb SandboxService, tokenID string) (ctlDone, error)) tea.Cmd {
	sb, id := s.sbx, s.snap.Profile.TokenID
	s.ctlNote = "running: " + what
	s.render()
	return start(s, slotSandbox, "Sandbox: "+what, func(ctx context.Context) (ctlDone, error) {
		if sb == nil {
			return ctlDone{What: what}, errors.New("no sandbox services: the account screen runs inside purse's terminal UI")
		}
		d, err := fn(ctx, sb, id)
		if d.What == "" || err != nil {
			d.What = what
		}
		return d, err
	})
}

// advance skips the current delay; when that makes the account Live, it readies a deposit
// as onboarding does (app.Sandbox.ReadyDeposit: the partner key registered, the Solana key
// funded), each part said.
func advance(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
	a, err := sb.Advance(ctx, id)
	if err != nil {
		return ctlDone{}, err
	}
	if !a.Live {
		return ctlDone{What: "advanced"}, nil
	}
	return ctlDone{What: "advanced: Live; " + readiness(sb.ReadyDeposit(ctx, nil))}, nil
}

// readiness says what readying a deposit did, part by part, and which key retries a part.
func readiness(r app.Readiness) string {
	var parts []string
	if r.PartnerErr != nil {
		parts = append(parts, "the partner key was not registered ("+app.OneLine(r.PartnerErr)+"; P retries)")
	} else {
		parts = append(parts, "partner key "+r.PartnerKey+" registered")
	}
	switch {
	case r.NoSolanaKey:
		parts = append(parts, "no Solana key to fund: add one on the Keys screen, then F funds it")
	case r.SolanaErr != nil:
		parts = append(parts, "the Solana key was not funded ("+app.OneLine(r.SolanaErr)+"; F retries)")
	default:
		parts = append(parts, fundedNote(r.SolanaAddress))
	}
	return strings.Join(parts, "; ")
}

func fundedNote(addr string) string {
	return fmt.Sprintf("Solana key %s funded with %s SOL and %s USDC", addr,
		decimal.New(app.OnboardLamports, -9).String(), decimal.New(app.OnboardUSDC, -6).String())
}

// Reset implements kit.ProfileBound: the screen as new (the clock tests set stays).
func (s *Screen) Reset() {
	now, w, h := s.now, s.w, s.h
	*s = *newScreen(s.env, s.app, s.sbx)
	s.newActions() // their closures hold the screen: these hold this one
	s.now = now
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.render()
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Account" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenAccount }

// InputFocused implements kit.Screen: the mint form's fields take every key.
func (s *Screen) InputFocused() bool {
	return s.mode == modeMint || s.mode == modeIDV || s.mode == modePartnerMint
}

// Retries implements kit.Retrier: on the status view, r reads the status again (never a
// mint, a token, Form A or a sandbox action).
func (s *Screen) Retries(slot string) bool { return slot == slotStatus && s.mode == modeStatus }

// idvValues are the identity-verification token form's values, by app.ParseIDVRequest's names.
func idvValues(f *form.Form) map[string]string {
	v := map[string]string{}
	for _, k := range []string{"level", "ttl-seconds", "user-id", "retry", "retry-level", "step-type", "failure-reason"} {
		v[k] = f.Value(k)
	}
	return v
}
