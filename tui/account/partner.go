package account

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/app/onboard"
	"purse/config"
	"purse/enduser"
	"purse/tui/form"
	"purse/tui/kit"
)

// The partner routes on the Account screen, for a profile with a partner key and partner
// API: before an account exists, M mints it through the partner API (an email, then the
// review of the consent the EVM key signs); at the identity-verification step, K asks the
// partner route for the access token (the way on when the end-user route answers 10000 on a
// fresh account). Each is one application call (onboard.Service: PrepareMint,
// Mint, IDVToken).

const (
	slotPartnerPlan = "account/partner-mint-check"
	slotPartnerMint = "account/partner-mint"
	slotPartnerIDV  = "account/partner-idv"
)

// partnerMinted is a partner mint's outcome with the profile that stores its account.
type partnerMinted struct {
	M       onboard.Minted
	Profile config.Profile
}

// partnerPanel is the partner mint's form (M) and the partner token read (K).
type partnerPanel struct {
	s    *Screen
	form *form.Form
}

// ready says the profile names what the partner routes need.
func (p *partnerPanel) ready() bool {
	pr := p.s.snap.Profile
	return pr.PartnerAPI != "" && pr.PartnerKey != ""
}

func (p *partnerPanel) open() tea.Cmd {
	p.form = form.New(p.s.env, "Mint through the partner API (/v1/mint/nft)", "review the consent",
		form.TextField("email", "email", "", "the user's email, registered with the account"))
	p.form.Check = func(f *form.Form) error {
		return onboard.CheckMint(onboard.MintInput{Email: f.Value("email")})
	}
	p.s.mode = modePartnerMint
	return nil
}

// update handles what belongs to the partner routes; handled false leaves msg to the screen.
func (p *partnerPanel) update(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	s := p.s
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if s.mode == modePartnerMint {
			return p.formKey(msg), true
		}
	case kit.TaskResult[onboard.MintPlan]:
		if !s.mine(msg.Ref()) {
			return nil, true
		}
		if msg.Err != nil {
			p.form.Failed(msg.Err)
			return nil, true
		}
		// The signing gate shows the consent and asks in the TUI's review dialog.
		plan := msg.Value
		return runSigned(s, slotPartnerMint, "Minting through the partner API", true, func(ctx context.Context, sv Services, u *app.Unlock) (partnerMinted, error) {
			m, err := sv.Partner.Mint(ctx, plan, u)
			return partnerMinted{M: m, Profile: sv.Profile()}, err
		}), true
	case kit.TaskResult[signed[partnerMinted]]:
		if !s.mine(msg.Ref()) {
			return nil, true
		}
		if msg.Err != nil {
			if p.form != nil {
				p.form.Failed(msg.Err)
			}
			return nil, true
		}
		return p.gotMint(msg.Value.V), true
	case kit.TaskResult[signed[onboard.IDVToken]]:
		if !s.mine(msg.Ref()) || msg.Err != nil {
			return nil, true
		}
		s.kyc.idv = &enduser.IDVToken{Token: msg.Value.V.Token}
		return tea.Batch(kit.Status("Identity-verification access token received from the partner API: it is shown in full; c copies it."), s.refresh()), true
	}
	return nil, false
}

// idvToken asks the partner route for the identity-verification access token.
func (p *partnerPanel) idvToken() tea.Cmd {
	return runSigned(p.s, slotPartnerIDV, "Getting the identity-verification access token from the partner API", true,
		func(ctx context.Context, sv Services, u *app.Unlock) (onboard.IDVToken, error) {
			return sv.Partner.IDVToken(ctx, "", u)
		})
}

func (p *partnerPanel) formKey(k tea.KeyPressMsg) tea.Cmd {
	s := p.s
	res, cmd := p.form.Update(k)
	switch res {
	case form.Cancelled:
		s.mode, p.form = modeStatus, nil
		return kit.Status("Partner mint cancelled; nothing was signed or sent.")
	case form.Submitted:
		in := onboard.MintInput{Email: p.form.Value("email")}
		sv := s.app
		return start(s, slotPartnerPlan, "Checking before the partner mint", func(ctx context.Context) (onboard.MintPlan, error) {
			if sv.Partner == nil {
				return onboard.MintPlan{}, errors.New("no services: the account screen runs inside purse's terminal UI")
			}
			plan, err := sv.Partner.PrepareMint(ctx, in)
			return plan, err
		})
	}
	return cmd
}

func (p *partnerPanel) gotMint(d partnerMinted) tea.Cmd {
	s := p.s
	s.mode, p.form = modeStatus, nil
	tx := d.M.TxHash
	if d.M.FromChain {
		tx = "unknown: the answer could not be used, the chain shows the account"
	}
	return s.minted(d.Profile, d.M.TokenID,
		fmt.Sprintf("Minted account %s for %s through the partner API (tx %s); stored in profile %s.", d.M.TokenID, d.M.Address, tx, d.Profile.Name))
}
