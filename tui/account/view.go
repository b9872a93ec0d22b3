package account

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	appaccount "purse/app/account"
	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/kit"
)

const labelW = 10

// render rebuilds the viewport's content for the current mode and size.
func (s *Screen) render() {
	if s.w <= 0 || s.h <= 0 {
		return
	}
	w := max(s.w, 20)
	var lines []string
	switch s.mode {
	case modeFormA:
		if s.kyc.formA == nil {
			return
		}
		lines = s.kyc.formALines(w)
		s.vp.SetHeight(max(s.h-len(s.kyc.formAHeader(w))-1, 1))
	case modeStatus:
		lines = s.statusLines(w)
		s.vp.SetHeight(s.h)
		if len(lines) > s.h {
			s.vp.SetHeight(max(s.h-1, 1))
		}
	default:
		return
	}
	s.vp.SetWidth(s.w)
	off := s.vp.YOffset()
	s.vp.SetContent(strings.Join(lines, "\n"))
	s.vp.SetYOffset(off)
}

// View implements kit.Screen.
func (s *Screen) View() string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	switch s.mode {
	case modeMint:
		return s.mint.view()
	case modeIDV:
		return s.kyc.idvForm.View(max(s.w, 20))
	case modePartnerMint:
		return s.partner.form.View(max(s.w, 20))
	case modeFormA:
		return s.kyc.formAView()
	}
	out := s.vp.View()
	if s.vp.TotalLineCount() > s.vp.Height() {
		out += "\n" + s.position("")
	}
	return out
}

// position is the scroll line under a viewport.
func (s *Screen) position(tail string) string {
	st := s.env.Styles
	total := s.vp.TotalLineCount()
	first := min(s.vp.YOffset()+1, total)
	last := min(s.vp.YOffset()+s.vp.Height(), total)
	pos := fmt.Sprintf("lines %d-%d of %d", first, last, total)
	if !s.vp.AtBottom() {
		pos += "  v " + st.Marks.More + " (j/pgdn)"
	} else {
		pos += "  (end)"
	}
	if tail != "" {
		pos += "  " + tail
	}
	return st.Rule.Render(kit.Truncate(pos, max(s.w, 1)))
}

// field renders "label  value" with the value word-wrapped under itself.
func (s *Screen) field(label, value string, w int) []string {
	st := s.env.Styles
	vw := max(w-labelW-2, 8)
	parts := kit.WrapWords(visible.Line(value), vw) // one line: a newline shows as ␊
	if len(parts) == 0 {
		parts = []string{""}
	}
	out := make([]string, 0, len(parts))
	for i, p := range parts {
		l := ""
		if i == 0 {
			l = label
		}
		out = append(out, st.Label.Render(kit.Pad(kit.Truncate(l, labelW), labelW))+"  "+st.Value.Render(p))
	}
	return out
}

// verbatimField renders a value that must be shown character for character (a token).
func (s *Screen) verbatimField(label, value string, w int) []string {
	st := s.env.Styles
	vw := max(w-labelW-2, 8)
	esc, _ := visible.Escape(value)
	var out []string
	for i, p := range kit.Wrap(esc, vw) {
		l := ""
		if i == 0 {
			l = label
		}
		out = append(out, st.Label.Render(kit.Pad(l, labelW))+"  "+st.Verbatim.Render(p))
	}
	return out
}

// prose renders text word-wrapped, escaped on one line: a status's reason, an error of the
// service or the chain, a note: anything that may quote what the network said.
func (s *Screen) prose(style func(...string) string, text string, w int) []string {
	return s.shown(style, visible.Line(text), w)
}

// shown renders text that is escaped already (the Explain of an error, kit.Env's ErrorText
// and NextStep), word-wrapped.
func (s *Screen) shown(style func(...string) string, text string, w int) []string {
	var out []string
	for _, l := range kit.WrapWords(text, w) {
		out = append(out, style(l))
	}
	return out
}

func (s *Screen) heading(text string, w int) string {
	h := "── " + text + " "
	return s.env.Styles.Title.Render(kit.Truncate(h+strings.Repeat("─", max(w-kit.Width(h), 0)), w))
}

func (s *Screen) statusLines(w int) []string {
	st := s.env.Styles
	snap := s.snap
	p := snap.Profile
	var out []string
	if !s.loadedAt {
		return s.prose(st.Muted.Render, st.Marks.Busy+" Loading the account status...", w)
	}
	acct := p.TokenID
	if acct == "" {
		acct = "(none)"
	}
	out = append(out, st.Title.Render(kit.Truncate("Account "+acct, w)))
	keyDesc := p.EVMKey
	if keyDesc == "" {
		keyDesc = "(no EVM key)"
	}
	out = append(out, s.field("profile", p.Name+" · network "+p.Network+" · key "+keyDesc, w)...)

	switch {
	case p.TokenID == "":
		out = append(out, s.field("status", "no account in this profile", w)...)
	case !snap.Loaded && s.statusErr != nil:
		out = append(out, "")
		out = append(out, s.shown(st.StatusError.Render, st.Marks.Error+": the status could not be read: "+s.env.ErrorText(s.statusErr), w)...)
	case snap.Loaded:
		out = append(out, s.statusFields(snap.Status, w)...)
	}
	out = append(out, s.kyc.lines(w)...)
	if next := s.nextHint(); next != "" {
		out = append(out, "")
		out = append(out, s.shown(st.Hint.Render, "Next: "+next, w)...)
	}
	if s.lab.on() {
		out = append(out, "")
		out = append(out, s.lab.lines(w)...)
	}
	return out
}

func (s *Screen) statusFields(a enduser.AccountStatus, w int) []string {
	st := s.env.Styles
	var out []string
	out = append(out, s.field("status", fmt.Sprintf("%s (%d)", a.StatusStr, int64(a.Status)), w)...)
	f := a.KYCFlow
	if int64(a.Status) == enduser.StatusTourist || int64(a.Status) == enduser.StatusLive {
		out = append(out, s.field("KYC", s.progress(int64(a.Status), int64(f.CurrentStep)), w)...)
	}
	step := fmt.Sprintf("%s (%d)", f.CurrentStepStr, int64(f.CurrentStep))
	if len(f.CurrentStepActionTypes) > 0 {
		step += " · actions: " + strings.Join(f.CurrentStepActionTypes, ", ")
	}
	out = append(out, s.field("step", step, w)...)
	if int64(f.CurrentStep) == enduser.KYCStepRejected || f.FailReason != "" {
		rt := a.SumsubKYCInfo.ReviewRejectType
		if rt == "" {
			rt = "no reject type"
		}
		out = append(out, s.prose(st.Danger.Render, "REJECTED ("+rt+"): "+cmp.Or(f.FailReason, "no reason given"), w)...)
	}
	v := a.SumsubKYCInfo
	if v.ReviewStatus != "" || v.UserID != "" {
		parts := []string{cmp.Or(v.ReviewStatus, "no review")}
		if v.ReviewAnswer != "" {
			parts = append(parts, "answer "+v.ReviewAnswer)
		}
		if v.ReviewRejectType != "" {
			parts = append(parts, "reject "+v.ReviewRejectType)
		}
		done := "no"
		if v.LatestKYCHasCompleted {
			done = "yes"
		}
		parts = append(parts, "completed "+done)
		if v.UserID != "" {
			parts = append(parts, "applicant "+v.UserID)
		}
		out = append(out, s.field("vendor", strings.Join(parts, " · "), w)...)
	}
	if c := a.CRSInfo; c.NeedCRS {
		date := "(no date)"
		if c.RestrictDate > 0 {
			date = format.Date(time.UnixMilli(int64(c.RestrictDate)))
		}
		out = append(out, s.field("CRS", st.Marks.Warning+": self-certification needed before "+date+"; after it the account may be restricted.", w)...)
		out = append(out, s.verbatimField("", cmp.Or(c.URL, "(no URL given)"), w)...)
	} else {
		out = append(out, s.field("CRS", "no self-certification needed", w)...)
	}
	if int64(a.Status) == enduser.StatusLive {
		out = append(out, s.limitLines(w)...)
	}
	return out
}

func (s *Screen) limitLines(w int) []string {
	st := s.env.Styles
	switch {
	case s.limits != nil:
		l := s.limits.Limits
		out := []string{"", s.heading("Rolling limits (30 days, CHF)", w)}
		out = append(out, s.field("used", chf(l.Used), w)...)
		out = append(out, s.field("available", chf(l.Available)+"  (the most one outgoing payment may be)", w)...)
		out = append(out, s.field("max", chf(l.Max), w)...)
		restart := l.RestartDate
		if restart == "" && l.RestartDateMs > 0 {
			restart = format.Date(time.UnixMilli(int64(l.RestartDateMs)))
		}
		out = append(out, s.field("restarts", cmp.Or(restart, "(not given)"), w)...)
		out = append(out, s.verbatimField("IBAN", cmp.Or(s.limits.IBAN, "(none yet)"), w)...)
		return out
	case s.running(slotLimits):
		return s.prose(st.Muted.Render, st.Marks.Busy+" Loading limits and IBAN...", w)
	case s.limitsLocked:
		return s.prose(st.Muted.Render, "Limits and IBAN: the key is locked; press l to unlock it and load them.", w)
	}
	return s.prose(st.Muted.Render, "Limits and IBAN: press l to load them.", w)
}

// progress draws the KYC steps FormA → IDScan → SignFormA → Review.
func (s *Screen) progress(status, step int64) string {
	m := s.env.Styles.Marks
	cur := "[" + strings.TrimSpace(m.Cursor) + "]"
	names := []string{"FormA", "IDScan", "SignFormA", "Review"}
	var parts []string
	for i, n := range names {
		idx := int64(i + 1)
		mark := m.Unchecked
		switch {
		case status == enduser.StatusLive:
			mark = m.Checked
		case step == enduser.KYCStepRejected:
			if idx == enduser.KYCStepFormA {
				mark = m.Checked
			} else if idx == enduser.KYCStepIDScan {
				mark, n = "[!]", n+" (rejected)"
			}
		case idx < step:
			mark = m.Checked
		case idx == step:
			mark = cur
		}
		parts = append(parts, mark+" "+n)
	}
	return strings.Join(parts, " → ")
}

// nextHint says what the user can do now: the step appaccount.NextFor decides, in the
// screen's keys.
func (s *Screen) nextHint() string {
	if !s.loadedAt {
		return ""
	}
	snap := s.snap
	var st *enduser.AccountStatus
	if snap.Loaded {
		st = &snap.Status
	}
	n := appaccount.NextFor(snap.Profile, st, s.lab.on())
	if n.Step == appaccount.NextReadStatus && s.statusErr != nil {
		return s.env.NextStep(s.statusErr) + " r reads the status again."
	}
	t := nextText[n.Step]
	switch n.Step {
	case appaccount.NextMint:
		t = "press m to mint an account for key " + n.Key + " (if the key already has one, set token_id on the Settings screen)."
	case appaccount.NextMintAgain:
		// A sandbox started afresh (--fresh, a reset, an old home) no longer knows the
		// profile's account.
		t = "the sandbox has no account " + n.Account + " (it started afresh or was reset): press m to mint a new one; its id replaces this one in the profile."
	case appaccount.NextClosed:
		t = "the account is " + snap.Status.StatusStr + ": contact support."
	}
	if len(n.Sandbox) > 0 {
		var keys []string
		for _, a := range n.Sandbox {
			keys = append(keys, sandboxKeyText[a])
		}
		t += " Sandbox: " + strings.Join(keys, ", ") + "."
	}
	return t
}

// nextText is each step's wording with the screen's keys (the steps that name the account or
// the key are worded in nextHint).
var nextText = map[appaccount.Step]string{
	appaccount.NextAddKey:      "add or import an EVM key on the Keys screen and make it this profile's key.",
	appaccount.NextReadStatus:  "press r to read the status.",
	appaccount.NextNotMinted:   "the account is not minted yet: press m to mint it.",
	appaccount.NextLive:        "the account is Live: balances, transactions, card and permits are on their screens.",
	appaccount.NextCRS:         "complete the CRS self-certification at the URL above, then press r.",
	appaccount.NextRestricted:  "the account is restricted: contact support, then press r.",
	appaccount.NextFormA:       "complete the first Form A step in the service's app, then press r.",
	appaccount.NextIDScan:      "press i for the identity-verification access token, finish the ID scan in the vendor's SDK, then wait for the review (r refreshes).",
	appaccount.NextSignFormA:   "press o to read Form A exactly as sent, then s to review and sign it.",
	appaccount.NextReview:      "Form A is signed; the account is under review. Press r to refresh.",
	appaccount.NextRetryIDScan: "fix what the reason says and press i for a new access token to retry the ID scan.",
	appaccount.NextRejected:    "the review was rejected for good (FINAL): contact support.",
	appaccount.NextRefresh:     "press r to refresh.",
}

// sandboxKeyText is the sandbox panel's key of each control step a next step names.
var sandboxKeyText = map[appaccount.Action]string{
	appaccount.ActionSandboxApprove: "a approves the review",
	appaccount.ActionSandboxReject:  "x rejects it",
	appaccount.ActionSandboxAdvance: "v makes it Live now",
}

// chf shows a CHF amount with its two decimals.
func chf(a enduser.Amount) string {
	if !a.Valid {
		return "(not given)"
	}
	return format.Decimal(a.Decimal, format.FiatDecimals)
}
