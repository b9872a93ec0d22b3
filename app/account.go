package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"purse/config"
	"purse/enduser"
	"purse/wallet"
)

// MintPlan is a checked mint: the request to send (captcha and the key's address), the
// account id, and what the checks found. Nothing was sent to mint yet.
type MintPlan struct {
	Request   enduser.MintRequest
	TokenID   string
	Email     string
	EmailOK   bool   // the email is still available (true when none was given)
	ChainNote string // what the on-chain guard saw
}

// CheckMintFields checks what the user typed for a mint (no I/O, so a form can call it on
// every key): the account id's form and the captcha fields. The error is a *FieldError naming token-id, lot-number,
// captcha-output, pass-token or gen-time.
func CheckMintFields(tokenID string, captcha enduser.MintRequest) error {
	if err := enduser.CheckMintTokenID(tokenID); err != nil {
		return &FieldError{"token-id", err}
	}
	for _, f := range []struct{ name, v string }{{"lot-number", captcha.LotNumber}, {"captcha-output", captcha.CaptchaOutput}, {"pass-token", captcha.PassToken}, {"gen-time", captcha.GenTime}} {
		if strings.TrimSpace(f.v) == "" {
			return &FieldError{f.name, errors.New("required: the captcha verification of this network")}
		}
	}
	return nil
}

// CheckMint checks a mint before anything is sent: a profile with an EVM key and no account
// yet, no account of the key already on chain (a chain that cannot be read is noted, not a
// refusal), the account id's form and the captcha fields, and the email's availability.
func (s *App) CheckMint(ctx context.Context, tokenID string, captcha enduser.MintRequest, email string) (MintPlan, error) {
	p := s.Profile()
	if p.TokenID != "" {
		return MintPlan{}, &Advice{fmt.Errorf("profile %s already has account %s", p.Name, p.TokenID),
			"A mint makes a new account only for a profile without one: use another profile, or keep this account."}
	}
	if p.EVMKey == "" {
		return MintPlan{}, &Advice{fmt.Errorf("profile %s has no EVM key", p.Name),
			"Add or import an EVM key (Keys screen, `purse key new`) and make it the profile's key."}
	}
	ks, err := s.Keys(nil)
	if err != nil {
		return MintPlan{}, err
	}
	e, err := ks.Get(p.EVMKey)
	if err != nil {
		return MintPlan{}, err
	}
	captcha.Address = e.Address
	plan := MintPlan{Request: captcha, TokenID: tokenID, Email: email, EmailOK: true}
	owner := common.HexToAddress(e.Address)
	id, found, err := s.AccountOf(ctx, owner)
	switch {
	case err != nil:
		plan.ChainNote = "the chain was not checked for an existing account: " + OneLine(err)
	case found:
		return plan, &Advice{fmt.Errorf("%s already owns account %d on chain: minting another is refused", owner.Hex(), id),
			fmt.Sprintf("Use that account: set token_id=%d (Settings screen, `purse profile set`) or run `purse account find`.", id)}
	default:
		plan.ChainNote = "the chain shows no account for this key"
	}
	// The fields after the guard: an account the key already owns is the answer to give
	// first, whatever the captcha says.
	if err := CheckMintFields(tokenID, captcha); err != nil {
		return plan, err
	}
	if email != "" {
		api, err := s.API(false, nil)
		if err != nil {
			return plan, err
		}
		if plan.EmailOK, err = api.EmailStatus(ctx, email); err != nil {
			return plan, err
		}
	}
	return plan, nil
}

// Minted is the outcome of a mint: the account is stored in the profile.
type Minted struct {
	TokenID string
	TxHash  string
	Address string
	Profile config.Profile
}

// Mint sends the checked mint and stores the account id in the profile. A mint the
// service confirmed but the profile could not store says so, with the id to set by hand.
func (s *App) Mint(ctx context.Context, plan MintPlan) (Minted, error) {
	api, err := s.API(false, nil)
	if err != nil {
		return Minted{}, err
	}
	mc, err := api.WithTokenID(plan.TokenID)
	if err != nil {
		return Minted{}, err
	}
	res, err := mc.Mint(ctx, plan.Request)
	if err != nil {
		return Minted{}, err
	}
	p, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", plan.TokenID) })
	if err != nil {
		return Minted{}, &Advice{fmt.Errorf("minted account %s (tx %s) but could not store it in the profile: %w", plan.TokenID, res.TxHash, err),
			"Set token_id=" + plan.TokenID + " (Settings screen, `purse profile set`); do not mint again."}
	}
	return Minted{TokenID: plan.TokenID, TxHash: res.TxHash, Address: plan.Request.Address, Profile: p}, nil
}

// FormA reads the Form A text to show, exactly as received (spec 4.6).
func (s *App) FormA(ctx context.Context, u *Unlock) (enduser.FormAInfo, error) {
	if err := s.requireAccount(); err != nil {
		return enduser.FormAInfo{}, err
	}
	api, err := s.API(true, u)
	if err != nil {
		return enduser.FormAInfo{}, err
	}
	return api.FormAInfo(ctx)
}

// SignedFormA is a Form A signature: the text's hash and the EIP-191 signature over the
// exact text; Submitted says it was sent.
type SignedFormA struct {
	Text      string `json:"kycSelfDec"` // exactly as received and signed
	TextHash  string `json:"textHash"`
	Signature string `json:"signature,omitempty"`
	Submitted bool   `json:"submitted"`
}

// SignFormA signs the exact text the user was shown with the profile's key and, with
// submit, submits text and signature (the KYC moves to review).
func (s *App) SignFormA(ctx context.Context, u *Unlock, text string, submit bool) (SignedFormA, error) {
	signer, err := s.EVMSigner(u)
	if err != nil {
		return SignedFormA{}, err
	}
	fa, err := wallet.SignFormA(signer, text)
	if err != nil {
		return SignedFormA{}, err
	}
	out := SignedFormA{Text: text, TextHash: fa.TextHash, Signature: fa.Signature}
	if !submit {
		return out, nil
	}
	api, err := s.API(true, u)
	if err != nil {
		return out, err
	}
	if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: text, KYCSelfDecSign: fa.Signature}); err != nil {
		return out, err
	}
	out.Submitted = true
	return out, nil
}

// IDVToken gets an identity-verification SDK access token for the profile's account.
func (s *App) IDVToken(ctx context.Context, u *Unlock, req enduser.IDVTokenRequest) (enduser.IDVToken, error) {
	if err := s.requireAccount(); err != nil {
		return enduser.IDVToken{}, err
	}
	api, err := s.API(true, u)
	if err != nil {
		return enduser.IDVToken{}, err
	}
	return api.IDVAccessToken(ctx, req)
}
