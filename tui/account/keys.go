package account

import (
	"charm.land/bubbles/v2/key"

	"purse/enduser"
	"purse/tui/form"
	"purse/tui/kit"
)

type keyMap struct {
	refresh, mint, idv, copy, formA, limits key.Binding
	handoff, kycSubmit, idvOptions          key.Binding
	partnerMint, partnerIDV                 key.Binding
	sign, back                              key.Binding

	approve, reject, rejectFinal, advance, fault, faultRoute, clearFaults key.Binding
	partner, fundSolana, reset                                            key.Binding

	nav form.Nav // the mint form's keys, as every form's
}

func newKeyMap(k *kit.KeyMap) keyMap {
	b := func(keys, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(help, desc))
	}
	return keyMap{
		refresh:     kit.WithHelp(k.Refresh, "refresh"),
		mint:        b("m", "m", "mint an account"),
		idv:         b("i", "i", "ID-verification token"),
		copy:        kit.WithHelp(k.Copy, "copy token"),
		formA:       b("o", "o", "open Form A"),
		limits:      b("l", "l", "(re)load limits"),
		handoff:     b("h", "h", "hand over a share token"),
		idvOptions:  b("I", "I", "ID-verification token: options"),
		kycSubmit:   b("t", "t", "submit the handoff"),
		partnerMint: b("M", "M", "mint through the partner API"),
		partnerIDV:  b("K", "K", "ID-verification token from the partner API"),
		sign:        b("s", "s", "sign (review)"),
		back:        kit.WithHelp(k.Back, "back"),

		approve:     b("a", "a", "sandbox: approve KYC"),
		reject:      b("x", "x", "sandbox: reject KYC"),
		rejectFinal: b("X", "X", "sandbox: reject FINAL"),
		advance:     b("v", "v", "sandbox: advance"),
		fault:       b("e", "e", "sandbox: one-shot 503"),
		faultRoute:  b("u", "u", "sandbox: fault route"),
		clearFaults: b("E", "E", "sandbox: clear faults"),
		partner:     b("P", "P", "sandbox: register the partner key"),
		fundSolana:  b("F", "F", "sandbox: fund the Solana key"),
		reset:       b("R", "R", "sandbox: reset (drops every account)"),

		nav: form.NewNav("check the email and the chain, then confirm the mint"),
	}
}

// syncKeys enables exactly the actions the current state offers, so help lists only them
// and key.Matches ignores the rest.
func (s *Screen) syncKeys() {
	k := &s.keys
	st := s.snap
	p := st.Profile
	status := int64(-1)
	step := int64(-1)
	if st.Loaded {
		status, step = int64(st.Status.Status), int64(st.Status.KYCFlow.CurrentStep)
	}
	inStatus := s.mode == modeStatus
	hasKey := p.EVMKey != ""
	hasAccount := p.TokenID != ""
	tourist := status == enduser.StatusTourist
	retry := step == enduser.KYCStepRejected && st.Status.SumsubKYCInfo.ReviewRejectType != "FINAL"
	sb := s.sandboxPanel()

	k.refresh.SetEnabled(inStatus)
	k.mint.SetEnabled(inStatus && s.loadedAt && hasKey && (!hasAccount || status == enduser.StatusNa))
	k.idv.SetEnabled(inStatus && hasKey && hasAccount && tourist && (step == enduser.KYCStepIDScan || retry))
	k.idvOptions.SetEnabled(k.idv.Enabled())
	k.copy.SetEnabled(inStatus && s.idv != nil)
	k.formA.SetEnabled(inStatus && hasKey && hasAccount && tourist && step == enduser.KYCStepSignFormA)
	k.limits.SetEnabled(inStatus && hasKey && status == enduser.StatusLive)
	// The shared-token path: instead of the vendor SDK at IDScan; submitted after Form A.
	k.handoff.SetEnabled(inStatus && hasKey && hasAccount && tourist && step == enduser.KYCStepIDScan && !s.running(slotHandoff))
	k.kycSubmit.SetEnabled(inStatus && hasKey && tourist && s.handoff != nil && s.handoff.Status == enduser.VerdictPassed &&
		step == enduser.KYCStepReview && s.kycSubmit == nil && !s.running(slotKYCSubmit))
	// The partner routes (partner.go): the mint before an account exists, the token where the
	// end-user token is offered.
	k.partnerMint.SetEnabled(inStatus && s.loadedAt && hasKey && !hasAccount && s.partnerReady() && !s.running(slotPartnerPlan) && !s.running(slotPartnerMint))
	k.partnerIDV.SetEnabled(k.idv.Enabled() && s.partnerReady() && !s.running(slotPartnerIDV))
	k.sign.SetEnabled(s.mode == modeFormA && s.formA != nil)
	k.back.SetEnabled(s.mode == modeFormA)

	ctl := inStatus && sb && !s.running(slotSandbox)
	k.approve.SetEnabled(ctl && hasAccount && tourist && step == enduser.KYCStepIDScan)
	k.reject.SetEnabled(ctl && hasAccount && tourist && step >= enduser.KYCStepIDScan && step <= enduser.KYCStepReview)
	k.rejectFinal.SetEnabled(k.reject.Enabled())
	k.advance.SetEnabled(ctl && hasAccount && tourist && (step == enduser.KYCStepIDScan || step == enduser.KYCStepReview))
	k.fault.SetEnabled(ctl)
	k.faultRoute.SetEnabled(ctl)
	k.fault.SetHelp("e", "sandbox: one-shot 503 on "+s.faultTarget().label)
	k.clearFaults.SetEnabled(ctl)
	k.partner.SetEnabled(ctl)
	k.fundSolana.SetEnabled(ctl)
	k.reset.SetEnabled(ctl)
}

// sandboxPanel reports whether the sandbox panel is offered.
func (s *Screen) sandboxPanel() bool {
	return s.snap.Sandbox != nil || s.snap.Profile.IsSandbox()
}

func enabled(bs ...key.Binding) []key.Binding {
	var out []key.Binding
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	k := s.keys
	switch s.mode {
	case modeMint:
		return k.nav.ShortHelp()
	case modeFormA:
		return enabled(k.sign, k.back, s.env.Keys.Down, s.env.Keys.PageDown)
	case modeIDV:
		return s.idvForm.ShortHelp()
	case modePartnerMint:
		return s.partnerForm.ShortHelp()
	}
	return enabled(k.mint, k.partnerMint, k.idv, k.partnerIDV, k.handoff, k.copy, k.formA, k.kycSubmit, k.limits, k.refresh)
}

// FullHelp implements kit.Screen.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.keys
	switch s.mode {
	case modeMint:
		return [][]key.Binding{k.nav.FullHelp()}
	case modeFormA:
		return [][]key.Binding{enabled(k.sign, k.back), s.env.Keys.Movement()}
	case modeIDV:
		return [][]key.Binding{s.idvForm.Help()}
	case modePartnerMint:
		return [][]key.Binding{s.partnerForm.Help()}
	}
	out := [][]key.Binding{enabled(k.refresh, k.mint, k.partnerMint, k.idv, k.partnerIDV, k.idvOptions, k.handoff, k.copy, k.formA, k.kycSubmit, k.limits)}
	if sb := enabled(k.approve, k.reject, k.rejectFinal, k.advance, k.fault, k.faultRoute, k.clearFaults, k.partner, k.fundSolana, k.reset); len(sb) > 0 {
		out = append(out, sb)
	}
	return append(out, s.env.Keys.Movement())
}
