package account

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
)

// The Account screen's keys, each declared once with what it does and why it is off in the
// account's state (kit.Actions): the status view's actions and the sandbox panel's; Form A's
// view and the forms take their own keys.

type keyMap struct {
	sign, back key.Binding // Form A's view
	nav        form.Nav    // the mint form's keys, as every form's
}

func newKeyMap(k *kit.KeyMap) keyMap {
	return keyMap{
		sign: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sign (review)")),
		back: kit.WithHelp(k.Back, "back"),
		nav:  form.NewNav("check the email and the chain, then confirm the mint"),
	}
}

// Dialog id of the fault's route list.
const idFaultRoute = "account/fault-route"

// state is what the actions' reasons read of the account.
type state struct {
	loaded, hasKey, hasAccount, tourist, live bool
	step                                      int64
	account                                   string
}

func (s *Screen) state() state {
	p, snap := s.snap.Profile, s.snap
	st := state{loaded: s.loadedAt, hasKey: p.EVMKey != "", hasAccount: p.TokenID != "", account: p.TokenID, step: -1}
	if snap.Loaded {
		status := int64(snap.Status.Status)
		st.tourist, st.live, st.step = status == enduser.StatusTourist, status == enduser.StatusLive, int64(snap.Status.KYCFlow.CurrentStep)
	}
	return st
}

// first is the first reason that holds: an action is off for the first thing it lacks.
func first(reasons ...[2]any) string {
	for _, r := range reasons {
		if r[0].(bool) {
			return r[1].(string)
		}
	}
	return ""
}

func why(cond bool, reason string) [2]any { return [2]any{cond, reason} }

// needAccount is what every read of the account needs: a key, an account, a status read.
func (st state) needAccount() [][2]any {
	return [][2]any{
		why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"),
		why(!st.hasAccount, "the profile has no account yet (m mints one)"),
		why(!st.loaded, "the account status is not read yet"),
	}
}

func (st state) at(step int64, name string) [][2]any {
	return append(st.needAccount(), why(!st.tourist || st.step != step, "the account is not at the "+name+" step"))
}

func (s *Screen) newActions() {
	k := s.env.Keys
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	// idvStep: the identity-verification step, or a rejection that may be retried.
	idvStep := func() []([2]any) {
		st := s.state()
		retry := st.step == enduser.KYCStepRejected && s.snap.Status.SumsubKYCInfo.ReviewRejectType != "FINAL"
		return append(st.needAccount(), why(!st.tourist || (st.step != enduser.KYCStepIDScan && !retry), "the account is not at the identity-verification step"))
	}
	running := func(slot, what string) [2]any { return why(s.running(slot), what+" is under way") }
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Refresh, "read the status again"), Do: s.refresh},
		{Key: b("m", "mint an account"), Do: s.openMint, Off: func() string {
			st := s.state()
			return first(why(!st.loaded, "the account status is not read yet"), why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"),
				why(st.hasAccount && (!s.snap.Loaded || s.snap.Status.Status != enduser.StatusNa), "the profile has account "+st.account+" already"))
		}},
		{Key: b("M", "mint through the partner API"), Do: s.openPartnerMint, Off: func() string {
			st := s.state()
			return first(why(!st.loaded, "the account status is not read yet"), why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"),
				why(st.hasAccount, "the profile has account "+st.account+" already"), why(!s.partnerReady(), "the profile names no partner key and partner API (Settings screen)"),
				running(slotPartnerPlan, "a partner mint"), running(slotPartnerMint, "a partner mint"))
		}},
		{Key: b("i", "identity-verification access token"), Do: func() tea.Cmd { return s.runOp(opIDV, true) }, Off: func() string { return first(idvStep()...) }},
		{Key: b("I", "identity-verification token: options"), Do: s.openIDVOptions, Off: func() string { return first(idvStep()...) }},
		{Key: b("K", "identity-verification token from the partner API"), Do: s.partnerIDVToken, Off: func() string {
			return first(append(idvStep(), why(!s.partnerReady(), "the profile names no partner key and partner API (Settings screen)"),
				running(slotPartnerIDV, "a partner token read"))...)
		}},
		{Key: b("h", "hand over a share token"), Do: s.askShareToken, Off: func() string {
			return first(append(s.state().at(enduser.KYCStepIDScan, "identity-verification"), running(slotHandoff, "a handoff"))...)
		}},
		{Key: kit.WithHelp(k.Copy, "copy the access token"), Do: func() tea.Cmd { return kit.Copy("identity-verification access token", s.idv.Token) },
			Off: func() string { return first(why(s.idv == nil, "no access token yet (i gets one)")) }},
		{Key: b("o", "open Form A"), Do: func() tea.Cmd { return s.runOp(opFormA, true) }, Off: func() string {
			return first(s.state().at(enduser.KYCStepSignFormA, "Form A (SignFormA)")...)
		}},
		{Key: b("t", "submit the handoff"), Do: s.submitHandoff, Off: func() string {
			return first(append(s.state().at(enduser.KYCStepReview, "Review"),
				why(s.handoff == nil || s.handoff.Status != enduser.VerdictPassed, "no handoff passed yet (h hands one over)"),
				why(s.kycSubmit != nil, "the handoff session is submitted already"), running(slotKYCSubmit, "a submission"))...)
		}},
		{Key: kit.WithHelp(k.SignedView, "limits and IBAN (signed)"), Do: func() tea.Cmd { return s.runOp(opLimits, true) }, Off: func() string {
			st := s.state()
			return first(why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"), why(!st.live, "limits and IBAN come with a Live account"))
		}},
	}
	// The sandbox panel: only on a sandbox, one step at a time.
	ctl := func(more ...[2]any) func() string {
		return func() string {
			return first(append([][2]any{why(!s.sandboxPanel(), "the profile's service is not a sandbox"), running(slotSandbox, "a sandbox step")}, more...)...)
		}
	}
	acct := func(step string, ok func(st state) bool) [2]any {
		st := s.state()
		return why(!st.hasAccount || !st.tourist || !ok(st), "the account is not at "+step)
	}
	s.sandbox = kit.Actions{
		{Key: b("a", "approve the KYC review"), Do: s.approve, Off: func() string {
			return ctl(acct("identity verification", func(st state) bool { return st.step == enduser.KYCStepIDScan }))()
		}},
		{Key: b("x", "reject the KYC review (RETRY)"), Do: s.reject(false), Off: func() string {
			return ctl(acct("a reviewable step", func(st state) bool { return st.step >= enduser.KYCStepIDScan && st.step <= enduser.KYCStepReview }))()
		}},
		{Key: b("X", "reject the KYC review (FINAL)"), Do: s.reject(true), Off: func() string {
			return ctl(acct("a reviewable step", func(st state) bool { return st.step >= enduser.KYCStepIDScan && st.step <= enduser.KYCStepReview }))()
		}},
		{Key: b("v", "advance the account's step"), Do: func() tea.Cmd { return s.control("advanced", advance) }, Off: func() string {
			return ctl(acct("a step that waits", func(st state) bool { return st.step == enduser.KYCStepIDScan || st.step == enduser.KYCStepReview }))()
		}},
		{Key: b("O", "onboard to Live in one step"), Do: s.onboard, Off: func() string {
			st := s.state()
			na := s.snap.Loaded && s.snap.Status.Status == enduser.StatusNa
			steps := st.tourist && st.step >= enduser.KYCStepIDScan && st.step <= enduser.KYCStepReview
			return ctl(why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"), why(st.live, "the account is Live already"),
				why(st.hasAccount && !na && !steps, "onboarding takes a new account, or one at identity verification, Form A or review"))()
		}},
		{Key: b("e", "one-shot 503: choose its route"), Do: s.chooseFaultRoute, Off: ctl()},
		{Key: b("E", "clear the faults"), Do: s.clearFaults, Off: ctl()},
		{Key: b("P", "register the partner key"), Do: s.registerPartner, Off: ctl()},
		{Key: b("F", "fund the Solana key"), Do: s.fundSolana, Off: ctl()},
		{Key: b("R", "reset the sandbox (drops every account)"), Do: s.confirmReset, Off: ctl()},
	}
}

func (s *Screen) openIDVOptions() tea.Cmd {
	s.idvForm = form.New(s.env, "Identity-verification access token: options (all optional)", "request the token",
		form.TextField("level", "level name", "", "the vendor level"), form.TextField("ttl-seconds", "ttl seconds", "", "1200"),
		form.TextField("user-id", "user id", "", "the vendor user id"), form.ChoiceField("retry", "retry", []string{"no", "yes"}, 0),
		form.TextField("retry-level", "retry level", "", "1-8, with retry"), form.TextField("step-type", "step type", "", "IDENTITY"),
		form.TextField("failure-reason", "failure reason", "", ""))
	s.idvForm.Check = func(f *form.Form) error {
		_, err := app.ParseIDVRequest(idvValues(f))
		return err
	}
	s.mode = modeIDV
	return nil
}

func (s *Screen) askShareToken() tea.Cmd {
	return kit.Push(dialog.NewPassphrase(s.env, idShareToken, "Share token", "share token: "))
}

func (s *Screen) submitHandoff() tea.Cmd {
	return runSigned(s, slotKYCSubmit, "Submitting the handoff session", true, func(ctx context.Context, sv Service, u *app.Unlock) (enduser.KYCSubmitResult, error) {
		return sv.KYCSubmit(ctx, u)
	})
}

func (s *Screen) approve() tea.Cmd {
	return s.control("KYC approved", func(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
		_, err := sb.KYCApprove(ctx, id)
		return ctlDone{}, err
	})
}

// onboard takes the profile's key to a Live account in one step, as `purse sandbox ctl
// onboard` does (app.Sandbox.Onboard, the one composition of it): the key's passphrase is
// asked when needed, Form A's signature in the signing review.
func (s *Screen) onboard() tea.Cmd {
	sb := s.sbx
	s.ctlNote = "running: onboarding"
	s.render()
	return runSigned(s, slotSandbox, "Sandbox: onboarding to Live", true, func(ctx context.Context, sv Service, u *app.Unlock) (ctlDone, error) {
		if sb == nil {
			return ctlDone{What: "onboarding"}, errors.New("no sandbox services: the account screen runs inside purse's terminal UI")
		}
		o, err := sb.Onboard(ctx, u, "", nil)
		if err != nil {
			return ctlDone{What: "onboarding"}, err
		}
		p := sv.Profile()
		what := "onboarded: account " + o.TokenID + " is Live; partner key " + o.PartnerKey + " registered"
		if o.SolanaAddress != "" {
			what += "; " + fundedNote(o.SolanaAddress)
		}
		return ctlDone{What: what, Profile: &p}, nil
	})
}

func (s *Screen) reject(final bool) func() tea.Cmd {
	what, reason := "KYC rejected (RETRY)", "Document could not be verified (sandbox panel)"
	if final {
		what, reason = "KYC rejected (FINAL)", "Identity could not be confirmed (sandbox panel)"
	}
	return func() tea.Cmd {
		return s.control(what, func(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
			_, err := sb.KYCReject(ctx, id, reason, final)
			return ctlDone{}, err
		})
	}
}

// chooseFaultRoute lists the routes the one-shot 503 can hit; choosing one sets the fault.
func (s *Screen) chooseFaultRoute() tea.Cmd {
	items := make([]string, len(faultTargets))
	for i, t := range faultTargets {
		items[i] = t.label
	}
	return kit.Push(dialog.NewList(s.env, idFaultRoute, "The next call of which route answers HTTP 503 once?", items, s.faultIdx, "set the fault"))
}

// setFault aims the one-shot 503 at target i.
func (s *Screen) setFault(i int) tea.Cmd {
	s.faultIdx = i
	t := s.faultTarget()
	what := "the next call of " + t.label + " answers HTTP 503 once"
	return s.control(what, func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		_, err := sb.SetFaults(ctx, app.SandboxFaults{HTTPStatus: 503, Count: 1, Route: t.path})
		return ctlDone{Quiet: true}, err
	})
}

func (s *Screen) clearFaults() tea.Cmd {
	return s.control("faults cleared", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		_, err := sb.ClearFaults(ctx)
		return ctlDone{}, err
	})
}

func (s *Screen) registerPartner() tea.Cmd {
	return s.control("register the partner key", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		addr, err := sb.RegisterPartner(ctx, nil)
		return ctlDone{What: "partner key " + addr + " registered for alt-chain quotes", Quiet: true}, err
	})
}

func (s *Screen) fundSolana() tea.Cmd {
	return s.control("fund the Solana key", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		addr, err := sb.FundSolana(ctx, nil)
		return ctlDone{What: fundedNote(addr), Quiet: true}, err
	})
}

func (s *Screen) confirmReset() tea.Cmd {
	return kit.Push(dialog.NewConfirm(s.env, idResetConfirm, "Reset the sandbox?",
		"Every account of the sandbox at "+s.snap.Profile.UserAPI+", its EVM chain and its Solana ledger are dropped, on disk too, "+
			"and profile "+s.snap.Profile.Name+" forgets its account "+orNone(s.snap.Profile.TokenID, "(none)")+". Keys stay.", "reset"))
}

// sandboxPanel reports whether the sandbox panel is offered.
func (s *Screen) sandboxPanel() bool {
	return s.snap.Sandbox != nil || s.snap.Profile.IsSandbox()
}

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.keys
	switch s.mode {
	case modeMint:
		return k.nav.ShortHelp()
	case modeFormA:
		return []key.Binding{k.sign, k.back, s.env.Keys.Down, s.env.Keys.PageDown}
	case modeIDV:
		return s.idvForm.ShortHelp()
	case modePartnerMint:
		return s.partnerForm.ShortHelp()
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: every action, those off now with the reason; the sandbox
// panel's on a sandbox.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.keys
	switch s.mode {
	case modeMint:
		return [][]key.Binding{k.nav.FullHelp()}
	case modeFormA:
		return [][]key.Binding{{k.sign, k.back}, s.env.Keys.Movement()}
	case modeIDV:
		return [][]key.Binding{s.idvForm.Help()}
	case modePartnerMint:
		return [][]key.Binding{s.partnerForm.Help()}
	}
	out := [][]key.Binding{s.actions.Full()}
	if s.sandboxPanel() {
		out = append(out, s.sandbox.Full())
	}
	return append(out, s.env.Keys.Movement())
}

// faultTarget is a route the panel's one-shot fault can aim at.
type faultTarget struct{ path, label string }

// faultTargets: every end-user route, then each path of the route table once.
var faultTargets = func() []faultTarget {
	out := []faultTarget{{"", "every API route"}}
	seen := map[string]int{}
	for _, r := range enduser.Routes() {
		if i, ok := seen[r.Path]; ok {
			out[i].label += "/" + r.Name
			continue
		}
		seen[r.Path] = len(out)
		out = append(out, faultTarget{r.Path, r.Path + " (" + r.Name})
	}
	for i := 1; i < len(out); i++ {
		out[i].label += ")"
	}
	return out
}()

func (s *Screen) faultTarget() faultTarget { return faultTargets[s.faultIdx%len(faultTargets)] }
