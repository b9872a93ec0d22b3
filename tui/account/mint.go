package account

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/sandboxctl"
	"purse/tui/dialog"
	"purse/tui/kit"
	"purse/wallet"
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

var fieldHints = [fieldCount]string{
	"optional: checked with email-status before minting",
	"10 digits, first 1-7; proposed at random, editable",
	"captcha verification of this network",
	"",
	"",
	"Unix seconds",
}

func (s *Screen) openMint() {
	s.inputs = make([]textinput.Model, fieldCount)
	for i := range s.inputs {
		in := textinput.New()
		in.Prompt = ""
		in.Cursor.SetMode(cursor.CursorStatic)
		in.CharLimit = 256
		s.inputs[i] = in
	}
	s.inputs[fieldEmail].Placeholder = "name@example.com"
	s.inputs[fieldTokenID].CharLimit = 10
	s.inputs[fieldTokenID].SetValue(enduser.NewMintTokenID(s.rand))
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

// checkMint validates the form here, then checks the email and the chain in a task; the
// mint itself waits for a confirmation.
func (s *Screen) checkMint() tea.Cmd {
	s.formErr = ""
	id := s.value(fieldTokenID)
	if err := enduser.CheckMintTokenID(id); err != nil {
		s.formErr = err.Error() + ": type 10 digits starting with 1-7, or leave the proposal."
		s.focusField(fieldTokenID)
		return nil
	}
	for _, f := range []int{fieldLot, fieldCaptcha, fieldPass, fieldGenTime} {
		if s.value(f) == "" {
			s.formErr = fieldLabels[f] + " is required: fill in the captcha verification of this network."
			s.focusField(f)
			return nil
		}
	}
	req := enduser.MintRequest{LotNumber: s.value(fieldLot), CaptchaOutput: s.value(fieldCaptcha), PassToken: s.value(fieldPass), GenTime: s.value(fieldGenTime)}
	email := s.value(fieldEmail)
	return start(s, slotMintCheck, "Checking before the mint", func(ctx context.Context) (mintCheck, error) {
		sv := s.svc()
		if sv == nil {
			return mintCheck{}, fmt.Errorf("no services: the account screen runs inside purse's terminal UI")
		}
		p := sv.Profile()
		if p.EVMKey == "" {
			return mintCheck{}, &advisedError{fmt.Errorf("profile %s has no EVM key", p.Name), "Add or import an EVM key on the Keys screen and make it the profile's key."}
		}
		ks, err := sv.Keys(nil)
		if err != nil {
			return mintCheck{}, advise(err)
		}
		e, err := ks.Get(p.EVMKey)
		if err != nil {
			return mintCheck{}, advise(err)
		}
		req.Address = e.Address
		out := mintCheck{Request: req, TokenID: id, Email: email, EmailOK: true}
		owner := common.HexToAddress(e.Address)
		found, existing, note := onChainAccount(ctx, sv, owner)
		if found {
			return out, &advisedError{
				fmt.Errorf("%s already owns account %d on chain: minting another is refused", owner.Hex(), existing),
				fmt.Sprintf("Use that account: set token_id=%d on the Settings screen (or `purse account find`), then press r.", existing),
			}
		}
		out.ChainNote = note
		if email != "" {
			api, err := sv.API(false, nil)
			if err != nil {
				return out, advise(err)
			}
			ok, err := api.EmailStatus(ctx, email)
			if err != nil {
				return out, advise(err)
			}
			out.EmailOK = ok
		}
		return out, nil
	})
}

// onChainAccount is the mint guard: the account the key already owns on the home chain.
// A chain that cannot be read is not a refusal; note says so.
func onChainAccount(ctx context.Context, sv *app.App, owner common.Address) (found bool, id uint64, note string) {
	id, found, err := sv.AccountOf(ctx, owner)
	if err != nil {
		return false, 0, "the chain was not checked for an existing account: " + err.Error()
	}
	return found, id, "the chain shows no account for this key"
}

func (s *Screen) gotMintCheck(c mintCheck) tea.Cmd {
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
	return start(s, slotMint, "Minting account "+c.TokenID, func(ctx context.Context) (mintDone, error) {
		sv := s.svc()
		api, err := sv.API(false, nil)
		if err != nil {
			return mintDone{}, advise(err)
		}
		mc, err := api.WithTokenID(c.TokenID)
		if err != nil {
			return mintDone{}, advise(err)
		}
		res, err := mc.Mint(ctx, c.Request)
		if err != nil {
			return mintDone{}, advise(err)
		}
		p, err := sv.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", c.TokenID) })
		if err != nil {
			return mintDone{}, &advisedError{
				fmt.Errorf("minted account %s (tx %s) but could not store it in the profile: %w", c.TokenID, res.TxHash, err),
				"Set token_id=" + c.TokenID + " on the Settings screen; do not mint again.",
			}
		}
		return mintDone{TokenID: c.TokenID, TxHash: res.TxHash, Address: c.Request.Address, Profile: p}, nil
	})
}

func (s *Screen) gotMint(d mintDone) tea.Cmd {
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
func submitFormA(text string) func(ctx context.Context, sv *app.App, u *app.Unlock) (submitDone, error) {
	return func(ctx context.Context, sv *app.App, u *app.Unlock) (submitDone, error) {
		signer, err := sv.EVMSigner(u)
		if err != nil {
			return submitDone{}, err
		}
		api, err := sv.API(true, u)
		if err != nil {
			return submitDone{}, err
		}
		fa, err := wallet.SignFormA(signer, text)
		if err != nil {
			return submitDone{}, err
		}
		if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: text, KYCSelfDecSign: fa.Signature}); err != nil {
			return submitDone{}, err
		}
		return submitDone{TextHash: fa.TextHash, Signature: fa.Signature}, nil
	}
}
