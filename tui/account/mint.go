package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"purse/app"
	"purse/enduser"
	"purse/sandboxctl"
	"purse/tui/dialog"
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
		c := sandboxctl.Captcha(s.now())
		s.inputs[fieldLot].SetValue(c.LotNumber)
		s.inputs[fieldCaptcha].SetValue(c.CaptchaOutput)
		s.inputs[fieldPass].SetValue(c.PassToken)
		s.inputs[fieldGenTime].SetValue(c.GenTime)
	}
	s.focus = 0
	s.inputs[0].Focus()
	s.formErr = ""
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

func (s *Screen) mintKey(k tea.KeyMsg) tea.Cmd {
	kk := s.keys
	switch {
	case key.Matches(k, kk.formCancel):
		s.mode = modeStatus
		s.inputs = nil
		s.render()
		return kit.Status("Mint cancelled; nothing was sent.")
	case key.Matches(k, kk.formNext):
		s.focusField(s.focus + 1)
		return nil
	case key.Matches(k, kk.formPrev):
		s.focusField(s.focus - 1)
		return nil
	case key.Matches(k, kk.formSubmit):
		return s.checkMint()
	}
	var cmd tea.Cmd
	s.inputs[s.focus], cmd = s.inputs[s.focus].Update(k)
	return cmd
}

func (s *Screen) value(i int) string { return strings.TrimSpace(s.inputs[i].Value()) }

// checkMint runs the application layer's checks (the form's fields, the profile, the
// chain, the email) in a task; the mint itself waits for a confirmation.
func (s *Screen) checkMint() tea.Cmd {
	s.formErr = ""
	id := s.value(fieldTokenID)
	req := enduser.MintRequest{LotNumber: s.value(fieldLot), CaptchaOutput: s.value(fieldCaptcha), PassToken: s.value(fieldPass), GenTime: s.value(fieldGenTime)}
	email := s.value(fieldEmail)
	if err := app.CheckMintFields(id, req); err != nil {
		s.mintFieldError(err) // at once, on the field: nothing to ask the service yet
		return nil
	}
	sv := s.svc()
	return start(s, slotMintCheck, "Checking before the mint", func(ctx context.Context) (app.MintPlan, error) {
		if sv == nil {
			return app.MintPlan{}, fmt.Errorf("no services: the account screen runs inside purse's terminal UI")
		}
		plan, err := sv.CheckMint(ctx, id, req, email)
		return plan, advise(err)
	})
}

// mintFieldError shows a field the checks refused in the form, on that field.
func (s *Screen) mintFieldError(err error) bool {
	var fe *app.FieldError
	if !errors.As(err, &fe) {
		return false
	}
	for i, k := range fieldKeys {
		if k == fe.Field {
			s.formErr = fieldLabels[i] + ": " + fe.Err.Error() + "."
			if i == fieldTokenID {
				s.formErr = fieldLabels[i] + ": " + fe.Err.Error() + ": type 10 digits starting with 1-7, or leave the proposal."
			}
			s.focusField(i)
			return true
		}
	}
	return false
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
		return m, advise(err)
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
