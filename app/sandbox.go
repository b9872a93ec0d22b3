package app

import (
	"context"
	"fmt"
	"strconv"

	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandboxctl"
)

// Sandbox funding of an onboarded account's Solana key: enough SOL for fees and USDC to
// deposit.
const (
	OnboardLamports = 2_000_000_000 // 2 SOL
	OnboardUSDC     = 100_000_000   // 100 USDC
)

// SandboxControl is the control client of the profile's sandbox; it fails when nothing
// answers at the profile's user_api.
func (s *App) SandboxControl(ctx context.Context) (*sandboxctl.Control, error) {
	p := s.Profile()
	if err := sandboxctl.Reachable(ctx, p.UserAPI); err != nil {
		return nil, err
	}
	return sandboxctl.NewControl(p.UserAPI).WithLog(s.Log), nil
}

// SandboxAccount is the account a control call acts on: tokenID when given, else the
// profile's. It must be digits.
func (s *App) SandboxAccount(tokenID string) (string, error) {
	if tokenID == "" {
		tokenID = s.Profile().TokenID
	}
	if tokenID == "" {
		return "", &FieldError{Field: "token-id", Err: fmt.Errorf("profile %s has no account; give one", s.Profile().Name)}
	}
	if _, err := strconv.ParseUint(tokenID, 10, 64); err != nil {
		return "", &FieldError{Field: "token-id", Err: fmt.Errorf("expected digits, got %q", tokenID)}
	}
	return tokenID, nil
}

// Onboarded is what sandbox onboarding did.
type Onboarded struct {
	TokenID       string `json:"tokenId"`
	Address       string `json:"address"`
	Status        string `json:"status"`
	Profile       string `json:"profile"`
	SolanaAddress string `json:"solanaAddress,omitempty"` // funded with OnboardLamports and OnboardUSDC
	PartnerKey    string `json:"partnerKey,omitempty"`    // registered for alt-chain quotes
}

// Onboard takes the EVM key label (empty: the profile's) to a Live account on the profile's
// sandbox in one step: mint, KYC approval, Form A signed by the key, Live, every step through
// the real end-user API with the key's signatures. The key and the account id become the
// profile's. Then the profile's Solana key is funded and its partner key registered, so a
// deposit can follow. progress (may be nil) hears each step.
func (s *App) Onboard(ctx context.Context, u *Unlock, label string, progress func(string)) (Onboarded, error) {
	if progress == nil {
		progress = func(string) {}
	}
	ctl, err := s.SandboxControl(ctx)
	if err != nil {
		return Onboarded{}, err
	}
	p := s.Profile()
	if label == "" {
		label = p.EVMKey
	}
	if label == "" {
		return Onboarded{}, &FieldError{Field: "key", Err: fmt.Errorf("profile %s has no EVM key; give a key label", p.Name)}
	}
	ks, err := s.Keys(u)
	if err != nil {
		return Onboarded{}, err
	}
	e, err := ks.Get(label)
	if err != nil {
		return Onboarded{}, err
	}
	if e.Kind != keystore.KindEVM {
		return Onboarded{}, &FieldError{Field: "key", Err: fmt.Errorf("%s is a %s key; onboarding needs an EVM key", label, e.Kind)}
	}
	if p.EVMKey != label {
		if p, err = s.UpdateProfile(func(p *config.Profile) error { p.EVMKey, p.TokenID = label, ""; return nil }); err != nil {
			return Onboarded{}, err
		}
	}
	signer, err := ks.EVMSigner(label, p.Name)
	if err != nil {
		return Onboarded{}, err
	}
	api, err := enduser.New(enduser.Options{BaseURL: p.UserAPI, Network: p.Network, TokenID: p.TokenID, Signer: signer, Window: p.Window(),
		RouteOverrides: p.Routes, Log: s.Log, Clock: s.clock})
	if err != nil {
		return Onboarded{}, err
	}
	tokenID, err := sandboxctl.Onboard(ctx, ctl, api, signer, progress)
	if err != nil {
		return Onboarded{}, err
	}
	if p, err = s.UpdateProfile(func(p *config.Profile) error { p.TokenID = tokenID; return nil }); err != nil {
		return Onboarded{}, err
	}
	out := Onboarded{TokenID: tokenID, Address: signer.Address().Hex(), Status: "Live", Profile: p.Name}
	if p.SolanaKey != "" {
		se, err := ks.Get(p.SolanaKey)
		if err != nil {
			return out, err
		}
		if _, err := ctl.FundSolana(ctx, se.Address, OnboardLamports, OnboardUSDC); err != nil {
			return out, err
		}
		out.SolanaAddress = se.Address
		progress(fmt.Sprintf("Solana key %s funded with 2 SOL and 100 USDC", se.Address))
	}
	if p.PartnerKey != "" {
		pe, err := ks.Get(p.PartnerKey)
		if err != nil {
			return out, err
		}
		if _, err := ctl.RegisterPartner(ctx, pe.Address); err != nil {
			return out, err
		}
		out.PartnerKey = pe.Address
		progress("partner key " + pe.Address + " registered for alt-chain quotes")
	}
	return out, nil
}

// SandboxInfo asks the profile's user_api whether it is a purse sandbox (its GET
// /sandbox/info); anything else is an error.
func (s *App) SandboxInfo(ctx context.Context) (sandboxctl.Info, error) {
	return sandboxctl.NewControl(s.Profile().UserAPI).WithLog(s.Log).Info(ctx)
}
