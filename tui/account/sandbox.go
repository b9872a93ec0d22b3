package account

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/app/sandbox"
	"purse/config"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/kit"
)

// The sandbox panel of the Account screen: on a purse sandbox, the steps that play the
// service's part (approve or reject the KYC review, advance the account), the one-step
// onboarding, faults, the partner key, the Solana key's funding and the reset, each one
// call of the application layer's sandbox (app/sandbox), one at a time.

// Dialog ids of the panel.
const (
	idResetConfirm = "account/sandbox-reset"
	idFaultRoute   = "account/fault-route"
)

// ctlDone is what a sandbox step did.
type ctlDone struct {
	What string
	// Quiet: no refresh after the step (a fault just set would be consumed by it).
	Quiet bool
	// Profile, when set, is the profile after the step (a reset forgot its account).
	Profile *config.Profile
}

// sandboxPanel is the panel's state: its keys, the running step's note, the fault's route.
type sandboxPanel struct {
	s       *Screen
	actions kit.Actions
	ctlNote string
	// faultIdx is the route the panel's one-shot fault aims at (faultTargets).
	faultIdx int
}

// on reports whether the panel is offered: the profile's service is a sandbox.
func (p *sandboxPanel) on() bool {
	return p.s.snap.Sandbox != nil || p.s.snap.Profile.IsSandbox()
}

// declare declares the panel's keys with why each is off.
func (p *sandboxPanel) declare() {
	s := p.s
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	ctl := func(more ...[2]any) func() string {
		return func() string {
			return first(append([][2]any{why(!p.on(), "the profile's service is not a sandbox"), why(s.running(slotSandbox), "a sandbox step is under way")}, more...)...)
		}
	}
	acct := func(step string, ok func(st state) bool) [2]any {
		st := s.state()
		return why(!st.hasAccount || !st.tourist || !ok(st), "the account is not at "+step)
	}
	reviewable := func(st state) bool { return st.step >= enduser.KYCStepIDScan && st.step <= enduser.KYCStepReview }
	p.actions = kit.Actions{
		{Key: b("a", "approve the KYC review"), Do: p.approve, Off: func() string {
			return ctl(acct("identity verification", func(st state) bool { return st.step == enduser.KYCStepIDScan }))()
		}},
		{Key: b("x", "reject the KYC review (RETRY)"), Do: p.reject(false), Off: func() string { return ctl(acct("a reviewable step", reviewable))() }},
		{Key: b("X", "reject the KYC review (FINAL)"), Do: p.reject(true), Off: func() string { return ctl(acct("a reviewable step", reviewable))() }},
		{Key: b("v", "advance the account's step"), Do: func() tea.Cmd { return p.control("advanced", advance) }, Off: func() string {
			return ctl(acct("a step that waits", func(st state) bool { return st.step == enduser.KYCStepIDScan || st.step == enduser.KYCStepReview }))()
		}},
		{Key: b("O", "onboard to Live in one step"), Do: p.onboard, Off: func() string {
			st := s.state()
			na := s.snap.Loaded && s.snap.Status.Status == enduser.StatusNa
			steps := st.tourist && st.step >= enduser.KYCStepIDScan && st.step <= enduser.KYCStepReview
			return ctl(why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"), why(st.live, "the account is Live already"),
				why(st.hasAccount && !na && !steps, "onboarding takes a new account, or one at identity verification, Form A or review"))()
		}},
		{Key: b("e", "one-shot 503: choose its route"), Do: p.chooseFaultRoute, Off: ctl()},
		{Key: b("E", "clear the faults"), Do: p.clearFaults, Off: ctl()},
		{Key: b("P", "register the partner key"), Do: p.registerPartner, Off: ctl()},
		{Key: b("F", "fund the Solana key"), Do: p.fundSolana, Off: ctl()},
		{Key: b("R", "reset the sandbox (drops every account)"), Do: p.confirmReset, Off: ctl()},
	}
}

// update takes the panel's replies and dialogs; handled false leaves msg to the screen.
func (p *sandboxPanel) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	s := p.s
	switch msg := msg.(type) {
	case kit.TaskResult[ctlDone]:
		if !s.mine(msg.Ref()) {
			return nil, true
		}
		return p.done(msg.Value, msg.Err), true
	case kit.TaskResult[signed[ctlDone]]:
		if !s.mine(msg.Ref()) {
			return nil, true
		}
		return p.done(msg.Value.V, msg.Err), true
	case dialog.ListResult:
		if msg.ID != idFaultRoute {
			return nil, false
		}
		if msg.Cancelled {
			return nil, true
		}
		return p.setFault(msg.Index), true
	case dialog.ConfirmResult:
		switch {
		case msg.ID != idResetConfirm:
			return nil, false
		case !msg.Confirmed:
			return kit.Status("Sandbox reset cancelled; nothing was dropped."), true
		}
		return p.control("sandbox reset: every account, the EVM chain and the Solana ledger start afresh", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
			pr, err := sb.Reset(ctx)
			return ctlDone{Profile: &pr}, err
		}), true
	}
	return nil, false
}

// done shows a step's outcome: done, a passing note of the footer (not a line that stays on
// the panel); failed, the error on the panel. The profile it changed is followed either way
// (an onboarding stopped after its mint leaves the profile on the new account).
func (p *sandboxPanel) done(d ctlDone, err error) tea.Cmd {
	s := p.s
	var cmds []tea.Cmd
	if err != nil {
		p.ctlNote = s.env.Styles.Marks.Error + ": " + d.What + ": " + err.Error() // escaped where shown (prose)
		if d.Profile == nil {
			s.render()
			return nil
		}
	} else {
		p.ctlNote = ""
		cmds = append(cmds, kit.Status("sandbox: "+d.What))
	}
	if pr := d.Profile; pr != nil {
		s.snap.Profile = *pr
		s.limits, s.limitsLocked = nil, false
		s.kyc.forget()
		ses := s.env.Session
		ses.AccountID = pr.TokenID
		cmds = append(cmds, func() tea.Msg { return kit.SessionMsg{Session: ses} })
	}
	s.render()
	if !d.Quiet {
		cmds = append(cmds, s.refresh())
	}
	if err != nil {
		// Another account is a profile switch for the router, which drops the screens'
		// notes and the footer's errors: the error is said once the switch is made.
		return tea.Sequence(tea.Batch(cmds...), kit.ReportError("Sandbox: "+d.What, err))
	}
	return tea.Batch(cmds...)
}

// control runs one step of the application layer's sandbox on the profile's account; what
// names it, and the step's own ctlDone.What, when set, says what it did.
func (p *sandboxPanel) control(what string, fn func(ctx context.Context, sb SandboxService, tokenID string) (ctlDone, error)) tea.Cmd {
	s := p.s
	sb, id := s.sbx, s.snap.Profile.TokenID
	p.ctlNote = "running: " + what
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
// as onboarding does (sandbox.Service.ReadyDeposit: the partner key registered, the Solana key
// funded), each part said.
func advance(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
	a, err := sb.Advance(ctx, id)
	if err != nil {
		return ctlDone{}, err
	}
	if !a.Live {
		return ctlDone{What: "advanced"}, nil
	}
	return ctlDone{What: "advanced: Live; " + readiness(sb.ReadyDeposit(ctx))}, nil
}

// readiness says what readying a deposit did, part by part, and which key retries a part.
func readiness(r sandbox.Readiness) string {
	var parts []string
	if r.EVMErr != nil {
		parts = append(parts, "the EVM key was not funded ("+app.OneLine(r.EVMErr)+")")
	} else {
		parts = append(parts, "EVM key "+r.EVMAddress+" funded with 0.05 ETH and 100 USDC")
	}
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
		decimal.New(sandbox.OnboardLamports, -9).String(), decimal.New(sandbox.OnboardUSDC, -6).String())
}

// onboard takes the profile's key to a Live account in one step, as `purse sandbox ctl
// onboard` does (sandbox.Service.Onboard, the one composition of it): the key's passphrase is
// asked when needed, Form A's signature in the signing review.
func (p *sandboxPanel) onboard() tea.Cmd {
	s := p.s
	sb := s.sbx
	p.ctlNote = "running: onboarding"
	s.render()
	return runSigned(s, slotSandbox, "Sandbox: onboarding to Live", true, func(ctx context.Context, sv Services, u *app.Unlock) (ctlDone, error) {
		if sb == nil {
			return ctlDone{What: "onboarding"}, errors.New("no sandbox services: the account screen runs inside purse's terminal UI")
		}
		o, err := sb.Onboard(ctx, u, "", nil)
		if err != nil {
			if o.TokenID != "" { // minted before the step that failed: the profile has it
				pr := sv.Profile()
				return ctlDone{What: "onboarding", Profile: &pr}, err
			}
			return ctlDone{What: "onboarding"}, err
		}
		pr := sv.Profile()
		what := "onboarded: account " + o.TokenID + " is Live; partner key " + o.PartnerKey + " registered"
		if o.SolanaAddress != "" {
			what += "; " + fundedNote(o.SolanaAddress)
		}
		return ctlDone{What: what, Profile: &pr}, nil
	})
}

func (p *sandboxPanel) approve() tea.Cmd {
	return p.control("KYC approved", func(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
		_, err := sb.KYCApprove(ctx, id)
		return ctlDone{}, err
	})
}

func (p *sandboxPanel) reject(final bool) func() tea.Cmd {
	what, reason := "KYC rejected (RETRY)", "Document could not be verified (sandbox panel)"
	if final {
		what, reason = "KYC rejected (FINAL)", "Identity could not be confirmed (sandbox panel)"
	}
	return func() tea.Cmd {
		return p.control(what, func(ctx context.Context, sb SandboxService, id string) (ctlDone, error) {
			_, err := sb.KYCReject(ctx, id, reason, final)
			return ctlDone{}, err
		})
	}
}

// chooseFaultRoute lists the routes the one-shot 503 can hit; choosing one sets the fault.
func (p *sandboxPanel) chooseFaultRoute() tea.Cmd {
	items := make([]string, len(faultTargets))
	for i, t := range faultTargets {
		items[i] = t.label
	}
	return kit.Push(dialog.NewList(p.s.env, idFaultRoute, "The next call of which route answers HTTP 503 once?", items, p.faultIdx, "set the fault"))
}

// setFault aims the one-shot 503 at target i.
func (p *sandboxPanel) setFault(i int) tea.Cmd {
	p.faultIdx = i
	t := p.faultTarget()
	what := "the next call of " + t.label + " answers HTTP 503 once"
	return p.control(what, func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		_, err := sb.SetFaults(ctx, sandbox.Faults{HTTPStatus: 503, Count: 1, Route: t.path})
		return ctlDone{Quiet: true}, err
	})
}

func (p *sandboxPanel) clearFaults() tea.Cmd {
	return p.control("faults cleared", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		_, err := sb.ClearFaults(ctx)
		return ctlDone{}, err
	})
}

func (p *sandboxPanel) registerPartner() tea.Cmd {
	return p.control("register the partner key", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		addr, err := sb.RegisterPartner(ctx)
		return ctlDone{What: "partner key " + addr + " registered for alt-chain quotes", Quiet: true}, err
	})
}

func (p *sandboxPanel) fundSolana() tea.Cmd {
	return p.control("fund the Solana key", func(ctx context.Context, sb SandboxService, _ string) (ctlDone, error) {
		addr, err := sb.FundSolana(ctx)
		return ctlDone{What: fundedNote(addr), Quiet: true}, err
	})
}

func (p *sandboxPanel) confirmReset() tea.Cmd {
	pr := p.s.snap.Profile
	return kit.Push(dialog.NewConfirm(p.s.env, idResetConfirm, "Reset the sandbox?",
		"Every account of the sandbox at "+pr.UserAPI+", its EVM chain and its Solana ledger are dropped, on disk too, "+
			"and profile "+pr.Name+" forgets its account "+cmp.Or(pr.TokenID, "(none)")+". Keys stay.", "reset"))
}

// lines is the panel as the status view shows it.
func (p *sandboxPanel) lines(w int) []string {
	s := p.s
	st := s.env.Styles
	out := []string{s.heading("Sandbox panel", w)}
	bs := p.actions.Short()
	if len(bs) == 0 {
		out = append(out, s.prose(st.Muted.Render, "Nothing to drive in this state (a step is running, or there is no account yet); ? says why each key is off.", w)...)
	}
	var items []string
	for _, b := range bs {
		items = append(items, b.Help().Key+" "+b.Help().Desc)
	}
	if len(items) > 0 {
		out = append(out, s.prose(st.Body.Render, strings.Join(items, " · "), w)...)
	}
	if p.ctlNote != "" {
		out = append(out, s.prose(st.Muted.Render, p.ctlNote, w)...)
	}
	return out
}

func (p *sandboxPanel) faultTarget() faultTarget { return faultTargets[p.faultIdx%len(faultTargets)] }

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
