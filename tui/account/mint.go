package account

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/sandbox"
	"purse/enduser"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
)

// The mint form of the Account screen (m): the account id the application layer proposes,
// the email and captcha fields checked as typed, the checks before the mint (the chain, the
// email), a confirmation, then the mint.

// Task slots and dialog id of the form.
const (
	slotMintCheck = "account/mint-check"
	slotMint      = "account/mint"
	slotMintID    = "account/mint-id"
	idMintConfirm = "account/mint"
)

// mintForm is the form's state.
type mintForm struct {
	s   *Screen
	nav form.Nav // the form's keys, as every form's
	// idNote says where the proposed account id came from, or that the user gives it.
	idNote      string
	inputs      []textinput.Model
	pendingMint *appaccount.MintPlan
	focus       int
	formErr     string // an error of the mint that names no field (or the service's answer)
	live        form.Live
}

// Mint form fields, in order.
const (
	fieldEmail = iota
	fieldTokenID
	fieldLot
	fieldCaptcha
	fieldPass
	fieldGenTime
	fieldCount
)

var fieldLabels = [fieldCount]string{"email", "token id", "lotNumber", "captchaOutput", "passToken", "genTime"}

// fieldKeys are the fields as app.FieldError names them.
var fieldKeys = [fieldCount]string{"email", "token-id", "lot-number", "captcha-output", "pass-token", "gen-time"}

var fieldHints = [fieldCount]string{
	"optional: checked with email-status before minting",
	"the id the service handed out for this mint (10 digits, first 1-7)",
	"captcha verification of this network",
	"",
	"",
	"Unix seconds",
}

// open opens the form and asks the application layer for the account id to mint (a sandbox
// hands one out; elsewhere the user types the service's, unless the profile generates them).
func (m *mintForm) open() tea.Cmd {
	s := m.s
	m.inputs = make([]textinput.Model, fieldCount)
	for i := range m.inputs {
		m.inputs[i] = kit.NewInput(256)
	}
	m.inputs[fieldEmail].Placeholder = "e.g. name@example.com"
	m.inputs[fieldTokenID].CharLimit = 10
	m.inputs[fieldTokenID].Placeholder = "asking for an account id…"
	m.idNote = ""
	if s.lab.on() {
		c := sandbox.Captcha(s.now())
		m.inputs[fieldLot].SetValue(c.LotNumber)
		m.inputs[fieldCaptcha].SetValue(c.CaptchaOutput)
		m.inputs[fieldPass].SetValue(c.PassToken)
		m.inputs[fieldGenTime].SetValue(c.GenTime)
	}
	m.focus = 0
	m.inputs[0].Focus()
	m.formErr = ""
	m.live.Reset()
	s.mode = modeMint
	sv := s.app
	if sv.Account == nil {
		return nil
	}
	return start(s, slotMintID, "Asking for an account id to mint", func(ctx context.Context) (appaccount.TokenIDProposal, error) {
		return sv.Account.ProposeTokenID(ctx)
	})
}

// update takes the form's keys and pastes (while it is open), its replies and its
// confirmation; handled false leaves msg to the screen.
func (m *mintForm) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	s := m.s
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if s.mode == modeMint {
			return m.key(msg), true
		}
	case tea.PasteMsg:
		// Text for the focused field; a paste never submits, cancels or moves.
		if s.mode == modeMint && len(m.inputs) > 0 {
			return m.edit(msg), true
		}
	case kit.TaskResult[appaccount.TokenIDProposal]:
		if !s.mine(msg.Ref()) || s.mode != modeMint {
			return nil, true
		}
		m.gotProposal(msg.Value, msg.Err)
		return nil, true
	case kit.TaskResult[appaccount.MintPlan]:
		if !s.mine(msg.Ref()) {
			return nil, true
		}
		if msg.Err != nil {
			m.fieldError(msg.Err)
			return nil, true
		}
		return m.gotCheck(msg.Value), true
	case kit.TaskResult[appaccount.Minted]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil, true
		}
		d := msg.Value
		s.mode, m.inputs = modeStatus, nil
		return s.minted(d.Profile, d.TokenID, fmt.Sprintf("Minted account %s for %s (tx %s); stored in profile %s.", d.TokenID, d.Address, d.TxHash, d.Profile.Name)), true
	case dialog.ConfirmResult:
		switch {
		case msg.ID != idMintConfirm:
			return nil, false
		case !msg.Confirmed:
			return kit.Status("Mint cancelled; nothing was sent."), true
		}
		return m.mint(), true
	}
	return nil, false
}

// idle gives a message nothing else took (the cursor's blink) to the focused field.
func (m *mintForm) idle(msg tea.Msg) tea.Cmd {
	if len(m.inputs) == 0 {
		return nil
	}
	var cmd tea.Cmd
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	return cmd
}

func (m *mintForm) gotProposal(p appaccount.TokenIDProposal, err error) {
	var fe *app.FieldError
	switch {
	case errors.As(err, &fe):
		m.idNote = fe.Err.Error()
	case err != nil:
		m.idNote = "no account id proposed: " + err.Error() // escaped where shown
	default:
		m.idNote = p.Note
		if strings.TrimSpace(m.inputs[fieldTokenID].Value()) == "" {
			m.inputs[fieldTokenID].SetValue(p.TokenID)
		}
	}
	m.s.render()
}

func (m *mintForm) focusField(i int) {
	m.inputs[m.focus].Blur()
	m.focus = (i + fieldCount) % fieldCount
	m.inputs[m.focus].Focus()
}

func (m *mintForm) key(k tea.KeyPressMsg) tea.Cmd {
	s := m.s
	switch m.nav.Read(k, m.focus == fieldCount-1) {
	case form.Cancel:
		s.mode = modeStatus
		m.inputs = nil
		s.render()
		return kit.Status("Mint cancelled; nothing was sent.")
	case form.Next:
		m.live.Touch(fieldKeys[m.focus])
		m.focusField(m.focus + 1)
		m.live.Set(m.fields())
		return nil
	case form.Prev:
		m.live.Touch(fieldKeys[m.focus])
		m.focusField(m.focus - 1)
		m.live.Set(m.fields())
		return nil
	case form.Submit:
		m.live.Touch(fieldKeys[m.focus])
		return m.check()
	}
	return m.edit(k)
}

// edit gives a key or a paste to the focused field and checks the fields again when its
// value changed.
func (m *mintForm) edit(msg tea.Msg) tea.Cmd {
	before := m.inputs[m.focus].Value()
	var cmd tea.Cmd
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	if m.inputs[m.focus].Value() != before {
		m.formErr = ""
		m.live.Touch(fieldKeys[m.focus])
		m.live.Set(m.fields())
	}
	return cmd
}

// request is the captcha as typed.
func (m *mintForm) request() enduser.MintRequest {
	return enduser.MintRequest{LotNumber: m.value(fieldLot), CaptchaOutput: m.value(fieldCaptcha), PassToken: m.value(fieldPass), GenTime: m.value(fieldGenTime)}
}

// fields is the application layer's check of the fields as typed (no I/O).
func (m *mintForm) fields() error {
	return appaccount.CheckMintFields(m.value(fieldTokenID), m.request())
}

func (m *mintForm) value(i int) string { return strings.TrimSpace(m.inputs[i].Value()) }

// check runs the application layer's checks (the form's fields, the profile, the chain, the
// email) in a task; the mint itself waits for a confirmation.
func (m *mintForm) check() tea.Cmd {
	m.formErr = ""
	id, req, email := m.value(fieldTokenID), m.request(), m.value(fieldEmail)
	if m.fieldError(m.fields()) {
		return nil // at once, on the field: nothing to ask the service yet
	}
	sv := m.s.app
	return start(m.s, slotMintCheck, "Checking before the mint", func(ctx context.Context) (appaccount.MintPlan, error) {
		if sv.Account == nil {
			return appaccount.MintPlan{}, fmt.Errorf("no services: the account screen runs inside purse's terminal UI")
		}
		plan, err := sv.Account.CheckMint(ctx, id, req, email)
		return plan, err
	})
}

// fieldError shows a field the checks refused under that field and focuses it.
func (m *mintForm) fieldError(err error) bool {
	field, refused := m.live.Refuse(err)
	for i, k := range fieldKeys {
		if refused && k == field {
			m.focusField(i)
			return true
		}
	}
	if refused {
		m.formErr = err.Error() // escaped where shown (prose)
	}
	return refused
}

func (m *mintForm) gotCheck(c appaccount.MintPlan) tea.Cmd {
	s := m.s
	if !c.EmailOK {
		m.formErr = fmt.Sprintf("%s is already registered (10019): use another email, or leave the field empty.", c.Email)
		m.focusField(fieldEmail)
		return nil
	}
	m.pendingMint = &c
	body := fmt.Sprintf("Mint the account NFT %s for %s on network %s?\n\n", c.TokenID, c.Request.Address, s.snap.Profile.Network)
	if c.Email != "" {
		body += "Email " + visible.Line(c.Email) + " is available.\n"
	}
	// The chain's note may quote an RPC's error.
	note := visible.Line(c.ChainNote)
	body += strings.ToUpper(note[:1]) + note[1:] + ".\nThe account id is stored in profile " + s.snap.Profile.Name + "."
	return kit.Push(dialog.NewConfirm(s.env, idMintConfirm, "Mint account "+c.TokenID+"?", body, "mint"))
}

func (m *mintForm) mint() tea.Cmd {
	c := m.pendingMint
	if c == nil {
		return nil
	}
	m.pendingMint = nil
	sv, plan := m.s.app, *c
	return start(m.s, slotMint, "Minting account "+c.TokenID, func(ctx context.Context) (appaccount.Minted, error) {
		return sv.Account.Mint(ctx, plan)
	})
}

func (m *mintForm) view() string {
	s := m.s
	st := s.env.Styles
	w := max(s.w, 20)
	var out []string
	out = append(out, st.Title.Render(kit.Truncate("Mint a new account", w)))
	key := cmp.Or(s.snap.Profile.EVMKey, "(no EVM key)")
	out = append(out, s.prose(st.Body.Render, "The account NFT is minted for key "+key+" on network "+s.snap.Profile.Network+". Nothing is sent until you confirm.", w)...)
	if s.lab.on() {
		out = append(out, s.prose(st.Muted.Render, "Sandbox: the captcha fields hold the values the sandbox accepts.", w)...)
	}
	out = append(out, "")
	lw := 14
	for i := range m.inputs {
		cursor := st.Marks.NoCursor
		if i == m.focus {
			cursor = st.Marks.Cursor
		}
		in := m.inputs[i]
		in.SetWidth(max(w-lw-kit.Width(cursor)-3, 8))
		out = append(out, cursor+st.Label.Render(kit.Pad(fieldLabels[i], lw))+" "+in.View())
		indent := kit.Pad("", lw+kit.Width(cursor)+1)
		if i == m.focus && fieldHints[i] != "" {
			out = append(out, st.Muted.Render(kit.Truncate(indent+fieldHints[i], w)))
		}
		for _, l := range form.ErrorLines(st, fieldLabels[i], m.live.Error(fieldKeys[i]), max(w-kit.Width(indent), 20)) {
			out = append(out, indent+l)
		}
		if i == fieldTokenID && m.idNote != "" {
			for _, l := range kit.WrapWords(visible.Line(m.idNote), max(w-kit.Width(indent), 20)) {
				out = append(out, st.Muted.Render(indent+l))
			}
		}
	}
	if m.formErr != "" {
		out = append(out, "")
		out = append(out, s.prose(st.StatusError.Render, st.Marks.Error+": "+m.formErr, w)...)
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

// shortHelp and fullHelp are the form's keys.
func (m *mintForm) shortHelp() []key.Binding  { return m.nav.ShortHelp() }
func (m *mintForm) fullHelp() [][]key.Binding { return [][]key.Binding{m.nav.FullHelp()} }
