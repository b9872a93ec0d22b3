package account

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/form"
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
		if s.formA == nil {
			return
		}
		lines = s.formALines(w)
		s.vp.SetHeight(max(s.h-len(s.formAHeader(w))-1, 1))
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
		return s.mintView()
	case modeIDV:
		return s.idvForm.View(max(s.w, 20))
	case modePartnerMint:
		return s.partnerForm.View(max(s.w, 20))
	case modeFormA:
		if s.formA == nil {
			return ""
		}
		w := max(s.w, 20)
		var b strings.Builder
		for _, l := range s.formAHeader(w) {
			b.WriteString(l + "\n")
		}
		b.WriteString(s.vp.View() + "\n")
		b.WriteString(s.position("s signs (opens the review) • esc back"))
		return b.String()
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

func (s *Screen) prose(style func(...string) string, text string, w int) []string {
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
		out = append(out, s.prose(st.StatusError.Render, st.Marks.Error+": the status could not be read: "+s.env.ErrorText(s.statusErr), w)...)
	case snap.Loaded:
		out = append(out, s.statusFields(snap.Status, w)...)
	}
	if s.idv != nil {
		out = append(out, "")
		out = append(out, s.heading("Identity-verification access token (20 min)", w))
		out = append(out, s.verbatimField("token", s.idv.Token, w)...)
		out = append(out, s.field("userId", string(s.idv.UserID), w)...)
	}
	if h := s.handoff; h != nil {
		out = append(out, "")
		out = append(out, s.heading("Share-token handoff", w))
		verdict := strings.ToUpper(h.Status)
		if h.Code != 0 {
			verdict += fmt.Sprintf(" (%d)", h.Code)
		}
		out = append(out, s.field("verdict", "["+verdict+"] attempt "+fmt.Sprint(int64(h.Attempt)), w)...)
		if len(h.MissingFields) > 0 {
			out = append(out, s.field("missing", strings.Join(h.MissingFields, ", "), w)...)
		}
		if s.handoffNext != nil {
			out = append(out, s.prose(st.Hint.Render, "What to do: "+s.env.NextStep(s.handoffNext), w)...)
		}
		if r := s.kycSubmit; r != nil {
			out = append(out, s.field("submitted", r.State+" (activation runs on the service)", w)...)
		}
	}
	if next := s.nextHint(); next != "" {
		out = append(out, "")
		out = append(out, s.prose(st.Hint.Render, "Next: "+next, w)...)
	}
	if s.sandboxPanel() {
		out = append(out, "")
		out = append(out, s.sandboxLines(w)...)
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
		out = append(out, s.prose(st.Danger.Render, "REJECTED ("+rt+"): "+orNone(f.FailReason, "no reason given"), w)...)
	}
	v := a.SumsubKYCInfo
	if v.ReviewStatus != "" || v.UserID != "" {
		parts := []string{orNone(v.ReviewStatus, "no review")}
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
		out = append(out, s.verbatimField("", orNone(c.URL, "(no URL given)"), w)...)
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
		out = append(out, s.field("restarts", orNone(restart, "(not given)"), w)...)
		out = append(out, s.verbatimField("IBAN", orNone(s.limits.IBAN, "(none yet)"), w)...)
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

// nextHint says what the user can do now.
func (s *Screen) nextHint() string {
	snap := s.snap
	p := snap.Profile
	sb := s.sandboxPanel()
	switch {
	case !s.loadedAt:
		return ""
	case p.EVMKey == "":
		return "add or import an EVM key on the Keys screen and make it this profile's key."
	case p.TokenID == "":
		return "press m to mint an account for key " + p.EVMKey + " (if the key already has one, set token_id on the Settings screen)."
	case !snap.Loaded:
		if s.statusErr != nil {
			return s.env.NextStep(s.statusErr) + " r reads the status again."
		}
		return "press r to read the status."
	}
	a := snap.Status
	status, step := int64(a.Status), int64(a.KYCFlow.CurrentStep)
	switch status {
	case enduser.StatusNa:
		if sb {
			// A sandbox started afresh (--fresh, a reset, an old home) no longer knows the
			// profile's account.
			return "the sandbox has no account " + p.TokenID + " (it started afresh or was reset): press m to mint a new one; its id replaces this one in the profile."
		}
		return "the account is not minted yet: press m to mint it."
	case enduser.StatusLive:
		return "the account is Live: balances, transactions, card and permits are on their screens."
	case enduser.StatusSoftBlocked:
		if a.CRSInfo.NeedCRS {
			return "complete the CRS self-certification at the URL above, then press r."
		}
		return "the account is restricted: contact support, then press r."
	case enduser.StatusBlocked, enduser.StatusClosed:
		return "the account is " + a.StatusStr + ": contact support."
	}
	switch step {
	case enduser.KYCStepFormA:
		return "complete the first Form A step in the service's app, then press r."
	case enduser.KYCStepIDScan:
		t := "press i for the identity-verification access token, finish the ID scan in the vendor's SDK, then wait for the review (r refreshes)."
		if sb {
			t += " Sandbox: a approves the review, x rejects it."
		}
		return t
	case enduser.KYCStepSignFormA:
		return "press o to read Form A exactly as sent, then s to review and sign it."
	case enduser.KYCStepReview:
		t := "Form A is signed; the account is under review. Press r to refresh."
		if sb {
			t += " Sandbox: v makes it Live now."
		}
		return t
	case enduser.KYCStepRejected:
		if a.SumsubKYCInfo.ReviewRejectType == "FINAL" {
			return "the review was rejected for good (FINAL): contact support."
		}
		return "fix what the reason says and press i for a new access token to retry the ID scan."
	}
	return "press r to refresh."
}

func (s *Screen) sandboxLines(w int) []string {
	st := s.env.Styles
	out := []string{s.heading("Sandbox panel", w)}
	bs := s.sandbox.Short()
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
	if s.ctlNote != "" {
		out = append(out, s.prose(st.Muted.Render, s.ctlNote, w)...)
	}
	return out
}

// chf shows a CHF amount with its two decimals.
func chf(a enduser.Amount) string {
	if !a.Valid {
		return "(not given)"
	}
	return format.Decimal(a.Decimal, format.FiatDecimals)
}

func orNone(v, none string) string {
	if v == "" {
		return none
	}
	return v
}

// formAHeader is what stays above the Form A text.
func (s *Screen) formAHeader(w int) []string {
	st := s.env.Styles
	text := s.formA.KYCSelfDec
	n := strings.Count(text, "\n") + 1
	out := s.prose(st.Title.Render, fmt.Sprintf("Form A, exactly as received (%d bytes, %d line(s))", len(text), n), w)
	out = append(out, s.verbatimField("textHash", s.formAHash, w)...)
	return append(out, st.Rule.Render(strings.Repeat("─", w)))
}

// formALines numbers every line of the text and wraps it without losing a character;
// invisible characters are shown as control pictures or code points.
func (s *Screen) formALines(w int) []string {
	st := s.env.Styles
	text := s.formA.KYCSelfDec
	lines := strings.Split(text, "\n")
	nw := len(strconv.Itoa(len(lines)))
	tw := max(w-nw-2, 8)
	var out []string
	escaped := 0
	for i, l := range lines {
		esc, n := visible.Escape(l)
		escaped += n
		for j, p := range kit.Wrap(esc, tw) {
			g := fmt.Sprintf("%*d│ ", nw, i+1)
			if j > 0 {
				g = kit.Pad("", nw-1) + st.Marks.Wrap + "│ "
			}
			out = append(out, st.Gutter.Render(g)+st.Verbatim.Render(p))
		}
	}
	end := "└ end of text"
	if strings.HasSuffix(text, "\n") {
		end += " (it ends with a newline; the last numbered line is empty)"
	} else {
		end += " (no newline at the end)"
	}
	out = append(out, s.prose(st.Gutter.Render, end, w)...)
	if escaped > 0 {
		out = append(out, s.prose(st.Warning.Render, fmt.Sprintf("%s: %d invisible or ambiguous character(s) are shown as control pictures or ⟨U+XXXX⟩; they are signed as the original characters.", st.Marks.Warning, escaped), w)...)
	}
	return out
}

func (s *Screen) mintView() string {
	st := s.env.Styles
	w := max(s.w, 20)
	var out []string
	out = append(out, st.Title.Render(kit.Truncate("Mint a new account", w)))
	key := orNone(s.snap.Profile.EVMKey, "(no EVM key)")
	out = append(out, s.prose(st.Body.Render, "The account NFT is minted for key "+key+" on network "+s.snap.Profile.Network+". Nothing is sent until you confirm.", w)...)
	if s.sandboxPanel() {
		out = append(out, s.prose(st.Muted.Render, "Sandbox: the captcha fields hold the values the sandbox accepts.", w)...)
	}
	out = append(out, "")
	lw := 14
	for i := range s.inputs {
		cursor := st.Marks.NoCursor
		if i == s.focus {
			cursor = st.Marks.Cursor
		}
		in := s.inputs[i]
		in.SetWidth(max(w-lw-kit.Width(cursor)-3, 8))
		out = append(out, cursor+st.Label.Render(kit.Pad(fieldLabels[i], lw))+" "+in.View())
		indent := kit.Pad("", lw+kit.Width(cursor)+1)
		if i == s.focus && fieldHints[i] != "" {
			out = append(out, st.Muted.Render(kit.Truncate(indent+fieldHints[i], w)))
		}
		for _, l := range form.ErrorLines(st, fieldLabels[i], s.live.Error(fieldKeys[i]), max(w-kit.Width(indent), 20)) {
			out = append(out, indent+l)
		}
		if i == fieldTokenID && s.idNote != "" {
			for _, l := range kit.WrapWords(s.idNote, max(w-kit.Width(indent), 20)) {
				out = append(out, st.Muted.Render(indent+l))
			}
		}
	}
	if s.formErr != "" {
		out = append(out, "")
		out = append(out, s.prose(st.StatusError.Render, st.Marks.Error+": "+s.formErr, w)...)
	}
	if s.running(slotMintCheck) || s.running(slotMint) {
		out = append(out, "")
		out = append(out, st.Muted.Render(st.Marks.Busy+" working..."))
	}
	out = append(out, "")
	out = append(out, s.prose(st.Hint.Render, form.SubmitKey+" (or enter on the last field) checks the email and the chain, then asks to confirm • tab/↓ next field • esc cancel", w)...)
	if len(out) > s.h {
		out = out[:s.h]
	}
	return strings.Join(out, "\n")
}
