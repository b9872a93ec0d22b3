package account

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/form"
	"purse/tui/kit"
)

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

// openMint opens the form and asks the application layer for the account id to mint (a
// sandbox hands one out; elsewhere the user types the service's, unless the profile
// generates them).
func (s *Screen) openMint() tea.Cmd {
	s.inputs = make([]textinput.Model, fieldCount)
	for i := range s.inputs {
		s.inputs[i] = kit.NewInput(256)
	}
	s.inputs[fieldEmail].Placeholder = "name@example.com"
	s.inputs[fieldTokenID].CharLimit = 10
	s.inputs[fieldTokenID].Placeholder = "asking for an account id…"
	s.idNote = ""
	if s.sandboxPanel() {
		c := app.SandboxCaptcha(s.now())
		s.inputs[fieldLot].SetValue(c.LotNumber)
		s.inputs[fieldCaptcha].SetValue(c.CaptchaOutput)
		s.inputs[fieldPass].SetValue(c.PassToken)
		s.inputs[fieldGenTime].SetValue(c.GenTime)
	}
	s.focus = 0
	s.inputs[0].Focus()
	s.formErr = ""
	s.live.Reset()
	s.mode = modeMint
	sv := s.svc()
	if sv == nil {
		return nil
	}
	return start(s, slotMintID, "Asking for an account id to mint", func(ctx context.Context) (app.TokenIDProposal, error) {
		return sv.ProposeTokenID(ctx)
	})
}

func (s *Screen) focusField(i int) {
	s.inputs[s.focus].Blur()
	s.focus = (i + fieldCount) % fieldCount
	s.inputs[s.focus].Focus()
}

func (s *Screen) mintKey(k tea.KeyPressMsg) tea.Cmd {
	switch s.keys.nav.Read(k, s.focus == fieldCount-1) {
	case form.Cancel:
		s.mode = modeStatus
		s.inputs = nil
		s.render()
		return kit.Status("Mint cancelled; nothing was sent.")
	case form.Next:
		s.live.Touch(fieldKeys[s.focus])
		s.focusField(s.focus + 1)
		s.live.Set(s.mintFields())
		return nil
	case form.Prev:
		s.live.Touch(fieldKeys[s.focus])
		s.focusField(s.focus - 1)
		s.live.Set(s.mintFields())
		return nil
	case form.Submit:
		s.live.Touch(fieldKeys[s.focus])
		return s.checkMint()
	}
	return s.mintEdit(k)
}

// mintEdit gives a key or a paste to the focused field and checks the fields again when
// its value changed.
func (s *Screen) mintEdit(msg tea.Msg) tea.Cmd {
	before := s.inputs[s.focus].Value()
	var cmd tea.Cmd
	s.inputs[s.focus], cmd = s.inputs[s.focus].Update(msg)
	if s.inputs[s.focus].Value() != before {
		s.formErr = ""
		s.live.Touch(fieldKeys[s.focus])
		s.live.Set(s.mintFields())
	}
	return cmd
}

// mintRequest is the captcha as typed.
func (s *Screen) mintRequest() enduser.MintRequest {
	return enduser.MintRequest{LotNumber: s.value(fieldLot), CaptchaOutput: s.value(fieldCaptcha), PassToken: s.value(fieldPass), GenTime: s.value(fieldGenTime)}
}

// mintFields is the application layer's check of the fields as typed (no I/O).
func (s *Screen) mintFields() error {
	return app.CheckMintFields(s.value(fieldTokenID), s.mintRequest())
}

func (s *Screen) value(i int) string { return strings.TrimSpace(s.inputs[i].Value()) }

// checkMint runs the application layer's checks (the form's fields, the profile, the
// chain, the email) in a task; the mint itself waits for a confirmation.
func (s *Screen) checkMint() tea.Cmd {
	s.formErr = ""
	id, req, email := s.value(fieldTokenID), s.mintRequest(), s.value(fieldEmail)
	if s.mintFieldError(s.mintFields()) {
		return nil // at once, on the field: nothing to ask the service yet
	}
	sv := s.svc()
	return start(s, slotMintCheck, "Checking before the mint", func(ctx context.Context) (app.MintPlan, error) {
		if sv == nil {
			return app.MintPlan{}, fmt.Errorf("no services: the account screen runs inside purse's terminal UI")
		}
		plan, err := sv.CheckMint(ctx, id, req, email)
		return plan, err
	})
}

// mintFieldError shows a field the checks refused under that field and focuses it.
func (s *Screen) mintFieldError(err error) bool {
	field, refused := s.live.Refuse(err)
	for i, k := range fieldKeys {
		if refused && k == field {
			s.focusField(i)
			return true
		}
	}
	if refused {
		s.formErr = app.OneLine(err)
	}
	return refused
}

func (s *Screen) gotMintCheck(c app.MintPlan) tea.Cmd {
	if !c.EmailOK {
		s.formErr = fmt.Sprintf("%s is already registered (10019): use another email, or leave the field empty.", c.Email)
		s.focusField(fieldEmail)
		return nil
	}
	s.pendingMint = &c
	body := fmt.Sprintf("Mint the account NFT %s for %s on network %s?\n\n", c.TokenID, c.Request.Address, s.snap.Profile.Network)
	if c.Email != "" {
		body += "Email " + c.Email + " is available.\n"
	}
	body += strings.ToUpper(c.ChainNote[:1]) + c.ChainNote[1:] + ".\nThe account id is stored in profile " + s.snap.Profile.Name + "."
	return kit.Push(dialog.NewConfirm(s.env, idMintConfirm, "Mint account "+c.TokenID+"?", body, "mint"))
}

func (s *Screen) mint() tea.Cmd {
	c := s.pendingMint
	if c == nil {
		return nil
	}
	s.pendingMint = nil
	sv, plan := s.svc(), *c
	return start(s, slotMint, "Minting account "+c.TokenID, func(ctx context.Context) (app.Minted, error) {
		m, err := sv.Mint(ctx, plan)
		return m, err
	})
}

func (s *Screen) gotMint(d app.Minted) tea.Cmd {
	s.mode = modeStatus
	s.inputs = nil
	s.snap.Profile = d.Profile
	s.limits, s.limitsLocked, s.idv = nil, false, nil
	ses := s.env.Session
	ses.AccountID = d.TokenID
	s.render()
	return tea.Batch(
		func() tea.Msg { return kit.SessionMsg{Session: ses} },
		kit.Status(fmt.Sprintf("Minted account %s for %s (tx %s); stored in profile %s.", d.TokenID, d.Address, d.TxHash, d.Profile.Name)),
		s.refresh(),
	)
}

// submitFormA signs the exact text with the profile's key and submits it.
func submitFormA(text string) func(ctx context.Context, sv Service, u *app.Unlock) (submitDone, error) {
	return func(ctx context.Context, sv Service, u *app.Unlock) (submitDone, error) {
		fa, err := sv.SignFormA(ctx, u, text, true)
		return submitDone{TextHash: fa.TextHash, Signature: fa.Signature}, err
	}
}
