package account

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/enduser"
	"purse/tui/kit"
)

// The status view's keys, each declared once with what it does and why it is off in the
// account's state (kit.Actions); the sandbox panel declares its own (sandbox.go), Form A's
// view and the forms take theirs.

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

// declare declares the status view's keys.
func (s *Screen) declare() {
	k := s.env.Keys
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	// idvStep: the identity-verification step, or a rejection that may be retried.
	idvStep := func() [][2]any {
		st := s.state()
		retry := st.step == enduser.KYCStepRejected && s.snap.Status.SumsubKYCInfo.ReviewRejectType != "FINAL"
		return append(st.needAccount(), why(!st.tourist || (st.step != enduser.KYCStepIDScan && !retry), "the account is not at the identity-verification step"))
	}
	running := func(slot, what string) [2]any { return why(s.running(slot), what+" is under way") }
	noPartner := func() [2]any {
		return why(!s.partner.ready(), "the profile names no partner key and partner API (Settings screen)")
	}
	s.actions = kit.Actions{
		{Key: kit.WithHelp(k.Refresh, "read the status again"), Do: s.refresh},
		{Key: b("m", "mint an account"), Do: s.mint.open, Off: func() string {
			st := s.state()
			return first(why(!st.loaded, "the account status is not read yet"), why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"),
				why(st.hasAccount && (!s.snap.Loaded || s.snap.Status.Status != enduser.StatusNa), "the profile has account "+st.account+" already"))
		}},
		{Key: b("M", "mint through the partner API"), Do: s.partner.open, Off: func() string {
			st := s.state()
			return first(why(!st.loaded, "the account status is not read yet"), why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"),
				why(st.hasAccount, "the profile has account "+st.account+" already"), noPartner(),
				running(slotPartnerPlan, "a partner mint"), running(slotPartnerMint, "a partner mint"))
		}},
		{Key: b("i", "identity-verification access token"), Do: s.kyc.requestIDV, Off: func() string { return first(idvStep()...) }},
		{Key: b("I", "identity-verification token: options"), Do: s.kyc.openIDVOptions, Off: func() string { return first(idvStep()...) }},
		{Key: b("K", "identity-verification token from the partner API"), Do: s.partner.idvToken, Off: func() string {
			return first(append(idvStep(), noPartner(), running(slotPartnerIDV, "a partner token read"))...)
		}},
		{Key: b("h", "hand over a share token"), Do: s.kyc.askShareToken, Off: func() string {
			return first(append(s.state().at(enduser.KYCStepIDScan, "identity-verification"), running(slotHandoff, "a handoff"))...)
		}},
		{Key: kit.WithHelp(k.Copy, "copy the access token"), Do: func() tea.Cmd { return kit.Copy("identity-verification access token", s.kyc.idv.Token) },
			Off: func() string { return first(why(s.kyc.idv == nil, "no access token yet (i gets one)")) }},
		{Key: b("o", "open Form A"), Do: s.kyc.openFormA, Off: func() string {
			return first(s.state().at(enduser.KYCStepSignFormA, "Form A (SignFormA)")...)
		}},
		{Key: b("t", "submit the handoff"), Do: s.kyc.submitHandoff, Off: func() string {
			h := s.kyc.handoff
			return first(append(s.state().at(enduser.KYCStepReview, "Review"),
				why(h == nil || h.Status != enduser.VerdictPassed, "no handoff passed yet (h hands one over)"),
				why(s.kyc.kycSubmit != nil, "the handoff session is submitted already"), running(slotKYCSubmit, "a submission"))...)
		}},
		{Key: kit.WithHelp(k.SignedView, "limits and IBAN (signed)"), Do: func() tea.Cmd { return s.loadLimits(true) }, Off: func() string {
			st := s.state()
			return first(why(!st.hasKey, "the profile has no EVM key (add one on the Keys screen)"), why(!st.live, "limits and IBAN come with a Live account"))
		}},
	}
}

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	switch s.mode {
	case modeMint:
		return s.mint.shortHelp()
	case modeFormA, modeIDV:
		return s.kyc.shortHelp()
	case modePartnerMint:
		return s.partner.form.ShortHelp()
	}
	return s.actions.Short()
}

// FullHelp implements kit.Screen: every action, those off now with the reason; the sandbox
// panel's on a sandbox.
func (s *Screen) FullHelp() [][]key.Binding {
	switch s.mode {
	case modeMint:
		return s.mint.fullHelp()
	case modeFormA, modeIDV:
		return s.kyc.fullHelp()
	case modePartnerMint:
		return [][]key.Binding{s.partner.form.Help()}
	}
	out := [][]key.Binding{s.actions.Full()}
	if s.lab.on() {
		out = append(out, s.lab.actions.Full())
	}
	return append(out, s.env.Keys.Movement())
}
