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
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/onboard"
	"purse/app/sandbox"
	"purse/config"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
	"purse/tui/unlock"
)

// Task slots of this screen's status view (the panels declare their own). Every reply is
// matched on its request id as well, so a reply of another screen (or a superseded one) is
// never taken for this screen's.
const (
	slotStatus  = "account/status"
	slotLimits  = "account/limits"
	slotSandbox = "account/sandbox"
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
	// Sandbox is the sandbox's info when the profile's user_api is a purse sandbox
	// (sandbox.Service.Detect).
	Sandbox *sandbox.Info
}

// signed is the value of a task that signs with the EVM key; Locked says the key's
// passphrase is needed (nothing was sent).
type signed[T any] struct {
	V      T
	Locked bool
}

// Screen is the Account screen: the status view (the account, its KYC progress, the limits
// and what to do next, keys.go and view.go) over four sub-components, each with its own
// update, view and keys: the mint form (mint.go), the KYC panel (kyc.go: the
// identity-verification token, the share-token handoff, Form A), the partner routes
// (partner.go) and the sandbox panel (sandbox.go).
type Screen struct {
	app  Services       // the application layer: every use case the screen runs
	sbx  SandboxService // the sandbox's use cases (the panel); nil: none
	env  *kit.Env
	ids  map[string]kit.TaskID
	w, h int
	mode mode

	// actions are the status view's keys (keys.go).
	actions kit.Actions
	mint    mintForm
	kyc     kycPanel
	partner partnerPanel
	lab     sandboxPanel

	// now makes the sandbox captcha's genTime reproducible in tests.
	now func() time.Time

	snap      snapshot
	loadedAt  bool // a refresh answered at least once
	statusErr error

	limits       *enduser.Profile
	limitsLocked bool
	limitsAuto   bool

	vp viewport.Model
}

// Services are what the Account screen needs of the application layer: the session's
// profile and the use cases of the account and of the partner routes (Of gives an App's).
type Services struct {
	Session
	Account AccountService
	Partner PartnerService
}

// none says the screen runs with no services (outside purse's terminal UI: a test).
func (v Services) none() bool { return v.Session == nil && v.Account == nil && v.Partner == nil }

// Of is the Account screen's services of the session a.
func Of(a *app.App) Services {
	return Services{Session: a, Account: appaccount.New(a), Partner: onboard.New(a)}
}

// Session is the session the screen works in (*app.App is one): its active profile.
type Session interface{ Profile() config.Profile }

// PartnerService is the partner routes the screen runs (onboard.Service is one).
type PartnerService interface {
	PrepareMint(ctx context.Context, in onboard.MintInput) (onboard.MintPlan, error)
	Mint(ctx context.Context, plan onboard.MintPlan, u *app.Unlock) (onboard.Minted, error)
	IDVToken(ctx context.Context, tokenID string, u *app.Unlock) (onboard.IDVToken, error)
}

// AccountService is the account's use cases the screen runs (appaccount.Service is one).
type AccountService interface {
	Status(ctx context.Context) (enduser.AccountStatus, error)
	BankingProfile(ctx context.Context, u *app.Unlock) (enduser.Profile, error)
	IDVToken(ctx context.Context, u *app.Unlock, req enduser.IDVTokenRequest) (enduser.IDVToken, error)
	FormA(ctx context.Context, u *app.Unlock) (enduser.FormAInfo, error)
	SignFormA(ctx context.Context, u *app.Unlock, text string, submit bool) (appaccount.SignedFormA, error)
	ProposeTokenID(ctx context.Context) (appaccount.TokenIDProposal, error)
	ShareTokenHandoff(ctx context.Context, u *app.Unlock, src appaccount.ShareToken) (enduser.HandoffVerdict, error)
	KYCSubmit(ctx context.Context, u *app.Unlock) (enduser.KYCSubmitResult, error)
	CheckMint(ctx context.Context, tokenID string, captcha enduser.MintRequest, email string) (appaccount.MintPlan, error)
	Mint(ctx context.Context, plan appaccount.MintPlan) (appaccount.Minted, error)
}

// SandboxService is what the Account screen's sandbox panel needs of the application layer
// (sandbox.Service is one): the control steps, readying a deposit, the one-step onboarding.
type SandboxService interface {
	Detect(ctx context.Context) (sandbox.Info, bool)
	KYCApprove(ctx context.Context, tokenID string) (json.RawMessage, error)
	KYCReject(ctx context.Context, tokenID, reason string, final bool) (json.RawMessage, error)
	Advance(ctx context.Context, tokenID string) (sandbox.Advanced, error)
	SetFaults(ctx context.Context, f sandbox.Faults) (json.RawMessage, error)
	ClearFaults(ctx context.Context) (json.RawMessage, error)
	RegisterPartner(ctx context.Context) (string, error)
	FundSolana(ctx context.Context) (string, error)
	ReadyDeposit(ctx context.Context) sandbox.Readiness
	Onboard(ctx context.Context, u *app.Unlock, label string, progress func(string)) (sandbox.Onboarded, error)
	Reset(ctx context.Context) (config.Profile, error)
}

// New returns the Account screen; sb is the sandbox's use cases (nil: no sandbox panel).
func New(env *kit.Env, a Services, sb SandboxService) kit.Screen { return newScreen(env, a, sb) }

func newScreen(env *kit.Env, a Services, sb SandboxService) *Screen {
	s := new(Screen)
	s.init(env, a, sb)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Services, sb SandboxService) {
	*s = Screen{app: a, sbx: sb, env: env, ids: map[string]kit.TaskID{}, now: time.Now}
	s.vp = viewport.New()
	k := env.Keys
	s.vp.KeyMap = viewport.KeyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: key.NewBinding(key.WithDisabled()), HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left: key.NewBinding(key.WithDisabled()), Right: key.NewBinding(key.WithDisabled()),
	}
	s.vp.MouseWheelEnabled = false
	s.wire()
}

// wire points the sub-components at this screen and declares every key (called by init).
func (s *Screen) wire() {
	s.mint.s, s.kyc.s, s.partner.s, s.lab.s = s, s, s, s
	s.mint.nav = form.NewNav("check the email and the chain, then confirm the mint")
	s.kyc.sign = key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sign (review)"))
	s.kyc.back = kit.WithHelp(s.env.Keys.Back, "back")
	s.declare()
	s.lab.declare()
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

// succeeded reports whether a reply is this screen's current request and it succeeded (a
// failure is the footer's, with what to do next).
func (s *Screen) succeeded(ref kit.TaskRef) bool { return s.mine(ref) && ref.Err == nil }

func (s *Screen) running(slot string) bool { _, ok := s.ids[slot]; return ok }

// Init implements kit.Screen: the first refresh.
func (s *Screen) Init() tea.Cmd { return s.refresh() }

// refresh reads the profile, asks whether its user_api is a sandbox and reads the status.
func (s *Screen) refresh() tea.Cmd {
	// Read here, not in the task: a profile switch's Reset rebuilds the screen meanwhile.
	sb, sv := s.sbx, s.app
	return start(s, slotStatus, "Loading the account status", func(ctx context.Context) (snapshot, error) {
		if sv.Session == nil {
			return snapshot{}, errors.New("no services: the account screen runs inside purse's terminal UI")
		}
		snap := snapshot{Profile: sv.Profile()}
		if sb != nil {
			if info, ok := sb.Detect(ctx); ok {
				snap.Sandbox = &info
			}
		}
		if snap.Profile.TokenID == "" {
			return snap, nil
		}
		st, err := sv.Account.Status(ctx)
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
func runSigned[T any](s *Screen, slot, label string, prompt bool, fn func(ctx context.Context, sv Services, u *app.Unlock) (T, error)) tea.Cmd {
	sv := s.app
	call := func(ctx context.Context, u *app.Unlock) (signed[T], error) {
		if sv.none() {
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

// loadLimits reads the limits and IBAN (the banking profile); prompt says the user asked for
// it (see runSigned).
func (s *Screen) loadLimits(prompt bool) tea.Cmd {
	return runSigned(s, slotLimits, "Loading limits and IBAN", prompt, func(ctx context.Context, sv Services, u *app.Unlock) (enduser.Profile, error) {
		return sv.Account.BankingProfile(ctx, u)
	})
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	cmd := s.update(msg)
	s.render()
	return s, cmd
}

// update offers msg to each sub-component, then to the status view; what no one takes goes
// to the mint form's focused field while it is open (the cursor's blink).
func (s *Screen) update(msg tea.Msg) tea.Cmd {
	for _, c := range []interface {
		update(tea.Msg) (tea.Cmd, bool)
	}{&s.partner, &s.mint, &s.kyc, &s.lab} {
		if cmd, ok := c.update(msg); ok {
			return cmd
		}
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.PasteMsg, dialog.PassphraseResult, dialog.ListResult, dialog.ConfirmResult:
		return nil // a paste outside a field, another screen's dialog
	case kit.TaskResult[snapshot]:
		if !s.mine(msg.Ref()) {
			return nil
		}
		return s.gotSnapshot(msg.Value, msg.Err)
	case kit.TaskResult[signed[enduser.Profile]]:
		if s.mine(msg.Ref()) {
			s.gotLimits(msg.Value, msg.Err)
		}
		return nil
	}
	if s.mode == modeMint {
		return s.mint.idle(msg)
	}
	return nil
}

// gotLimits keeps the limits read; an automatic read that found the key locked says so.
func (s *Screen) gotLimits(v signed[enduser.Profile], err error) {
	auto := s.limitsAuto
	s.limitsAuto = false
	switch {
	case err != nil:
		return
	case v.Locked && auto:
		s.limitsLocked = true
		return
	}
	s.limits, s.limitsLocked = &v.V, false
}

func (s *Screen) gotSnapshot(snap snapshot, err error) tea.Cmd {
	prevToken := s.snap.Profile.TokenID
	s.snap, s.loadedAt, s.statusErr = snap, true, err
	if snap.Profile.TokenID != prevToken {
		s.limits, s.limitsLocked, s.kyc.idv = nil, false, nil
	}
	// The identity verification's panels belong to its steps: once the account is past them
	// (Live, or a step a token no longer serves) they go.
	if snap.Loaded {
		s.kyc.follow(s.state(), snap.Status.SumsubKYCInfo.ReviewRejectType)
	}
	var cmds []tea.Cmd
	if snap.Loaded && int64(snap.Status.Status) == enduser.StatusLive && snap.Profile.EVMKey != "" && s.limits == nil && !s.limitsLocked {
		s.limitsAuto = true
		cmds = append(cmds, s.loadLimits(false))
	}
	s.render()
	return tea.Batch(cmds...)
}

// key is the status view's: its actions, the sandbox panel's, then scrolling.
func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if cmd, ok := s.actions.Handle(k); ok {
		return cmd
	}
	if cmd, ok := s.lab.actions.Handle(k); ok {
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

// minted follows a mint (the form's or the partner API's): the profile that stores the
// account, the session naming it, the status read again; note is the footer's.
func (s *Screen) minted(p config.Profile, tokenID, note string) tea.Cmd {
	s.snap.Profile = p
	s.limits, s.limitsLocked, s.kyc.idv = nil, false, nil
	ses := s.env.Session
	ses.AccountID = tokenID
	s.render()
	return tea.Batch(func() tea.Msg { return kit.SessionMsg{Session: ses} }, kit.Status(note), s.refresh())
}

// Reset implements kit.ProfileBound: the screen as new (the clock tests set stays).
func (s *Screen) Reset() {
	now, w, h := s.now, s.w, s.h
	s.init(s.env, s.app, s.sbx)
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

// AccountChanged implements kit.AccountFollower: the status read again.
func (s *Screen) AccountChanged() tea.Cmd { return s.refresh() }
