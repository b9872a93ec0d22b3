package account

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/enduser"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
)

// The KYC panel of the Account screen: the identity-verification access token (and its
// options form), the share-token handoff and its submission, and Form A, read exactly as
// sent and signed through the signing review. Each is one application call.

// Task slots and dialog id of the panel.
const (
	slotIDV       = "account/idv"
	slotFormA     = "account/forma-info"
	slotSubmit    = "account/forma-submit"
	slotHandoff   = "account/handoff"
	slotKYCSubmit = "account/kyc-submit"
	idShareToken  = "account/share-token"
)

type submitDone struct {
	TextHash  string
	Signature string
}

// handoffDone is a share-token handoff's verdict, with what to do next when it is not passed.
type handoffDone struct {
	V    enduser.HandoffVerdict
	Next error
}

// kycPanel is the panel's state.
type kycPanel struct {
	s *Screen
	// sign and back are Form A's view's keys.
	sign, back key.Binding
	// idvForm holds the identity-verification token request's options (I); idvReq is the
	// request the next token read sends.
	idvForm *form.Form
	idvReq  enduser.IDVTokenRequest
	idv     *enduser.IDVToken
	// handoff is the last share-token handoff's verdict; handoffNext what to do about it;
	// kycSubmit the handoff session's submission.
	handoff     *enduser.HandoffVerdict
	handoffNext error
	kycSubmit   *enduser.KYCSubmitResult

	formA     *enduser.FormAInfo
	formAHash string
}

// forget drops what belongs to another account (a mint, a reset, another profile's).
func (k *kycPanel) forget() {
	k.idv, k.handoff, k.handoffNext, k.kycSubmit = nil, nil, nil, nil
}

// follow keeps the panels the account's state still has: the token's while the account is at
// the identity verification (or a rejection that may be retried), the handoff's while it is
// a Tourist.
func (k *kycPanel) follow(st state, rejectType string) {
	retry := st.step == enduser.KYCStepRejected && rejectType != "FINAL"
	if !st.tourist || (st.step != enduser.KYCStepIDScan && !retry) {
		k.idv = nil
	}
	if !st.tourist {
		k.handoff, k.handoffNext, k.kycSubmit = nil, nil, nil
	}
}

// update takes the panel's keys (in its modes), replies and dialogs; handled false leaves
// msg to the screen.
func (k *kycPanel) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	if cmd, ok := k.input(msg); ok {
		return cmd, true
	}
	s := k.s
	switch msg := msg.(type) {
	case kit.TaskResult[signed[enduser.IDVToken]]:
		if !s.succeeded(msg.Ref()) {
			return nil, true
		}
		t := msg.Value.V
		k.idv = &t
		s.render()
		return tea.Batch(kit.Status("Identity-verification access token received: it is shown in full; c copies it."), s.refresh()), true
	case kit.TaskResult[signed[enduser.FormAInfo]]:
		if s.succeeded(msg.Ref()) {
			f := msg.Value.V
			k.formA, k.formAHash = &f, f.TextHash()
			s.mode = modeFormA
			s.vp.GotoTop()
			s.render()
		}
		return nil, true
	case kit.TaskResult[signed[submitDone]]:
		if !s.succeeded(msg.Ref()) {
			return nil, true
		}
		s.mode = modeStatus
		k.formA = nil
		s.render()
		return tea.Batch(kit.Status("Form A signed ("+msg.Value.V.TextHash+") and submitted: KYC moves to Review."), s.refresh()), true
	case kit.TaskResult[signed[handoffDone]]:
		if !s.succeeded(msg.Ref()) {
			return nil, true
		}
		v := msg.Value.V.V
		k.handoff, k.handoffNext = &v, msg.Value.V.Next
		s.render()
		return tea.Batch(kit.Status("Handoff: "+v.Status+"."), s.refresh()), true
	case kit.TaskResult[signed[enduser.KYCSubmitResult]]:
		if !s.succeeded(msg.Ref()) {
			return nil, true
		}
		r := msg.Value.V
		k.kycSubmit = &r
		s.render()
		return tea.Batch(kit.Status("Handoff session submitted: "+r.State+"; activation runs on the service."), s.refresh()), true
	}
	return nil, false
}

// input takes the keys and pastes of the panel's modes and the share token's dialog.
func (k *kycPanel) input(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch k.s.mode {
		case modeIDV:
			return k.idvKey(msg), true
		case modeFormA:
			return k.formAKey(msg), true
		}
	case tea.PasteMsg:
		if k.s.mode == modeIDV {
			_, cmd := k.idvForm.Update(msg)
			return cmd, true
		}
	case dialog.PassphraseResult:
		if msg.ID != idShareToken {
			return nil, false
		}
		if msg.Cancelled {
			return nil, true
		}
		return k.handOver(msg.Passphrase), true
	}
	return nil, false
}

func (k *kycPanel) idvKey(msg tea.KeyPressMsg) tea.Cmd {
	s := k.s
	res, cmd := k.idvForm.Update(msg)
	switch res {
	case form.Cancelled:
		s.mode = modeStatus
		s.render()
	case form.Submitted:
		// The form refused a submit while ParseIDVRequest failed.
		req, _ := appaccount.ParseIDVRequest(idvValues(k.idvForm))
		k.idvReq, s.mode = req, modeStatus
		s.render()
		return k.requestIDV()
	}
	return cmd
}

func (k *kycPanel) formAKey(msg tea.KeyPressMsg) tea.Cmd {
	s := k.s
	switch {
	case key.Matches(msg, k.back):
		s.mode = modeStatus
		s.render()
		return nil
	case key.Matches(msg, k.sign):
		// The signing gate shows the text exactly and asks in the TUI's review dialog.
		return k.submitFormA()
	}
	return s.scroll(msg)
}

// requestIDV asks for the identity-verification access token with the options the form set
// (none when it was not opened).
func (k *kycPanel) requestIDV() tea.Cmd {
	req := k.idvReq
	k.idvReq = enduser.IDVTokenRequest{}
	return runSigned(k.s, slotIDV, "Getting the identity-verification access token", true, func(ctx context.Context, sv Services, u *app.Unlock) (enduser.IDVToken, error) {
		return sv.Account.IDVToken(ctx, u, req)
	})
}

func (k *kycPanel) openFormA() tea.Cmd {
	return runSigned(k.s, slotFormA, "Reading Form A", true, func(ctx context.Context, sv Services, u *app.Unlock) (enduser.FormAInfo, error) {
		return sv.Account.FormA(ctx, u)
	})
}

// submitFormA signs the exact text with the profile's key and submits it.
func (k *kycPanel) submitFormA() tea.Cmd {
	if k.formA == nil {
		return kit.Status("Open Form A first (o).")
	}
	text := k.formA.KYCSelfDec
	return runSigned(k.s, slotSubmit, "Signing and submitting Form A", true, func(ctx context.Context, sv Services, u *app.Unlock) (submitDone, error) {
		fa, err := sv.Account.SignFormA(ctx, u, text, true)
		return submitDone{TextHash: fa.TextHash, Signature: fa.Signature}, err
	})
}

func (k *kycPanel) openIDVOptions() tea.Cmd {
	k.idvForm = form.New(k.s.env, "Identity-verification access token: options (all optional)", "request the token",
		form.TextField("level", "level name", "", "the vendor level"), form.TextField("ttl-seconds", "ttl seconds", "", "e.g. 1200"),
		form.TextField("user-id", "user id", "", "the vendor user id"), form.ChoiceField("retry", "retry", []string{"no", "yes"}, 0),
		form.TextField("retry-level", "retry level", "", "1-8, with retry"), form.TextField("step-type", "step type", "", "e.g. IDENTITY"),
		form.TextField("failure-reason", "failure reason", "", ""))
	k.idvForm.Check = func(f *form.Form) error {
		_, err := appaccount.ParseIDVRequest(idvValues(f))
		return err
	}
	k.s.mode = modeIDV
	return nil
}

// idvValues are the identity-verification token form's values, by appaccount.ParseIDVRequest's names.
func idvValues(f *form.Form) map[string]string {
	v := map[string]string{}
	for _, k := range []string{"level", "ttl-seconds", "user-id", "retry", "retry-level", "step-type", "failure-reason"} {
		v[k] = f.Value(k)
	}
	return v
}

func (k *kycPanel) askShareToken() tea.Cmd {
	return kit.Push(dialog.NewPassphrase(k.s.env, idShareToken, "Share token", "share token: "))
}

// handOver hands the applicant over with the share token typed in the dialog (wiped once the
// service gave a verdict).
func (k *kycPanel) handOver(typed []byte) tea.Cmd {
	tok := append([]byte(nil), typed...)
	clear(typed)
	return runSigned(k.s, slotHandoff, "Handing the applicant over", true, func(ctx context.Context, sv Services, u *app.Unlock) (handoffDone, error) {
		v, err := sv.Account.ShareTokenHandoff(ctx, u, appaccount.ShareToken{Value: tok})
		if v.Status == "" {
			return handoffDone{}, err // not a verdict: a failure (or a passphrase to ask)
		}
		clear(tok)
		return handoffDone{V: v, Next: err}, nil
	})
}

func (k *kycPanel) submitHandoff() tea.Cmd {
	return runSigned(k.s, slotKYCSubmit, "Submitting the handoff session", true, func(ctx context.Context, sv Services, u *app.Unlock) (enduser.KYCSubmitResult, error) {
		return sv.Account.KYCSubmit(ctx, u)
	})
}

// lines are the token's and the handoff's panels as the status view shows them.
func (k *kycPanel) lines(w int) []string {
	s := k.s
	st := s.env.Styles
	var out []string
	if k.idv != nil {
		out = append(out, "", s.heading("Identity-verification access token (20 min)", w))
		out = append(out, s.verbatimField("token", k.idv.Token, w)...)
		out = append(out, s.field("userId", string(k.idv.UserID), w)...)
	}
	h := k.handoff
	if h == nil {
		return out
	}
	out = append(out, "", s.heading("Share-token handoff", w))
	verdict := strings.ToUpper(h.Status)
	if h.Code != 0 {
		verdict += fmt.Sprintf(" (%d)", h.Code)
	}
	out = append(out, s.field("verdict", "["+verdict+"] attempt "+fmt.Sprint(int64(h.Attempt)), w)...)
	if len(h.MissingFields) > 0 {
		out = append(out, s.field("missing", strings.Join(h.MissingFields, ", "), w)...)
	}
	if k.handoffNext != nil {
		out = append(out, s.shown(st.Hint.Render, "What to do: "+s.env.NextStep(k.handoffNext), w)...)
	}
	if r := k.kycSubmit; r != nil {
		out = append(out, s.field("submitted", r.State+" (activation runs on the service)", w)...)
	}
	return out
}

// formAView is Form A's view: the header, the text in the viewport, the keys.
func (k *kycPanel) formAView() string {
	s := k.s
	if k.formA == nil {
		return ""
	}
	w := max(s.w, 20)
	var b strings.Builder
	for _, l := range k.formAHeader(w) {
		b.WriteString(l + "\n")
	}
	b.WriteString(s.vp.View() + "\n")
	b.WriteString(s.position("s signs (opens the review) • esc back"))
	return b.String()
}

// formAHeader is what stays above the Form A text.
func (k *kycPanel) formAHeader(w int) []string {
	s := k.s
	st := s.env.Styles
	text := k.formA.KYCSelfDec
	n := strings.Count(text, "\n") + 1
	out := s.prose(st.Title.Render, fmt.Sprintf("Form A, exactly as received (%d bytes, %d line(s))", len(text), n), w)
	out = append(out, s.verbatimField("textHash", k.formAHash, w)...)
	return append(out, st.Rule.Render(strings.Repeat("─", w)))
}

// formALines numbers every line of the text and wraps it without losing a character;
// invisible characters are shown as control pictures or code points.
func (k *kycPanel) formALines(w int) []string {
	s := k.s
	st := s.env.Styles
	text := k.formA.KYCSelfDec
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
		out = append(out, s.shown(st.Warning.Render, fmt.Sprintf("%s: %d invisible or ambiguous character(s) are shown as control pictures or ⟨U+XXXX⟩; they are signed as the original characters.", st.Marks.Warning, escaped), w)...)
	}
	return out
}

// shortHelp and fullHelp are the panel's keys in its modes.
func (k *kycPanel) shortHelp() []key.Binding {
	if k.s.mode == modeIDV {
		return k.idvForm.ShortHelp()
	}
	return []key.Binding{k.sign, k.back, k.s.env.Keys.Down, k.s.env.Keys.PageDown}
}

func (k *kycPanel) fullHelp() [][]key.Binding {
	if k.s.mode == modeIDV {
		return [][]key.Binding{k.idvForm.Help()}
	}
	return [][]key.Binding{{k.sign, k.back}, k.s.env.Keys.Movement()}
}
