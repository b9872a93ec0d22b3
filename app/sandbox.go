package app

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

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

// followSandboxDialect sets the profile's settings a sandbox's dialect needs (its
// /sandbox/info: partner-auth form, routes, names, units) where the profile says otherwise,
// and says each change: the sandbox is the authority on what it plays, and a profile made
// before it was started with a dialect would otherwise fail at the first call.
func (s *App) followSandboxDialect(ctx context.Context, ctl *sandboxctl.Control, progress func(string)) error {
	ictx, cancel := context.WithTimeout(ctx, sandboxInfoTimeout)
	info, err := ctl.Info(ictx)
	cancel()
	if err != nil {
		return err
	}
	want := map[string]string{}
	for _, st := range info.Profile(s.Profile().Name).Settings() {
		if _, ok := info.Settings[st.Key]; ok {
			want[st.Key] = st.Value
		}
	}
	var changed []string
	p := s.Profile()
	for _, st := range p.Settings() {
		if v, ok := want[st.Key]; ok && v != st.Value {
			changed = append(changed, st.Key+"="+v)
		}
		delete(want, st.Key)
	}
	for k, v := range want { // a route or name the profile does not set at all
		changed = append(changed, k+"="+v)
	}
	if len(changed) == 0 {
		return nil
	}
	sort.Strings(changed)
	if _, err := s.UpdateProfile(func(p *config.Profile) error {
		for _, kv := range changed {
			k, v, _ := strings.Cut(kv, "=")
			if err := p.Set(k, v); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	progress("the sandbox plays another dialect: profile " + p.Name + " now has " + strings.Join(changed, ", "))
	return nil
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
// profile's. Then its partner key is registered (SandboxRegisterPartner) and its Solana key,
// when it has one, funded (SandboxFundSolana), so a deposit can follow. progress (may be
// nil) hears each step.
func (s *App) Onboard(ctx context.Context, u *Unlock, label string, progress func(string)) (Onboarded, error) {
	if progress == nil {
		progress = func(string) {}
	}
	ctl, err := s.SandboxControl(ctx)
	if err != nil {
		return Onboarded{}, err
	}
	if err := s.followSandboxDialect(ctx, ctl, progress); err != nil {
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
	// The one signer of the session (behind the signing gate, or the agent's): Form A is
	// shown and approved like every other signature.
	signer, err := s.evmSignerOf(label, u)
	if err != nil {
		return Onboarded{}, err
	}
	api, err := enduser.New(s.userOptions(p, signer))
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
	if out.PartnerKey, err = s.SandboxRegisterPartner(ctx, u); err != nil {
		return out, err
	}
	progress("partner key " + out.PartnerKey + " registered for alt-chain quotes")
	if p.SolanaKey != "" {
		if out.SolanaAddress, err = s.SandboxFundSolana(ctx, u); err != nil {
			return out, err
		}
		progress(fmt.Sprintf("Solana key %s funded with 2 SOL and 100 USDC", out.SolanaAddress))
	}
	return out, nil
}

// SandboxRegisterPartner registers the profile's partner key with its sandbox, which then
// accepts the alt-chain quotes it signs, and returns the key's address. A profile without a
// partner key takes its EVM key as one (stored in the profile): on the sandbox any
// registered EVM key may sign quotes, and a deposit needs one.
func (s *App) SandboxRegisterPartner(ctx context.Context, u *Unlock) (string, error) {
	ctl, err := s.SandboxControl(ctx)
	if err != nil {
		return "", err
	}
	p := s.Profile()
	label := p.PartnerKey
	if label == "" {
		label = p.EVMKey
	}
	if label == "" {
		return "", &FieldError{Field: "partner_key", Err: fmt.Errorf("profile %s has neither a partner key nor an EVM key to register; add an EVM key on the Keys screen (purse key new)", p.Name)}
	}
	ks, err := s.Keys(u)
	if err != nil {
		return "", err
	}
	e, err := ks.Get(label)
	if err != nil {
		return "", err
	}
	if e.Kind != keystore.KindEVM {
		return "", &FieldError{Field: "partner_key", Err: fmt.Errorf("%s is a %s key; the partner key signs with an EVM key", label, e.Kind)}
	}
	if _, err := ctl.RegisterPartner(ctx, e.Address); err != nil {
		return "", err
	}
	if p.PartnerKey == "" {
		if _, err := s.UpdateProfile(func(p *config.Profile) error { p.PartnerKey = label; return nil }); err != nil {
			return "", err
		}
	}
	return e.Address, nil
}

// SandboxFundSolana gives the profile's Solana key OnboardLamports and OnboardUSDC on its
// sandbox (fees and a deposit's USDC) and returns the key's address.
func (s *App) SandboxFundSolana(ctx context.Context, u *Unlock) (string, error) {
	ctl, err := s.SandboxControl(ctx)
	if err != nil {
		return "", err
	}
	p := s.Profile()
	if p.SolanaKey == "" {
		return "", &FieldError{Field: "solana_key", Err: fmt.Errorf("profile %s has no Solana key; add one on the Keys screen (purse key new --kind solana) and make it the profile's", p.Name)}
	}
	ks, err := s.Keys(u)
	if err != nil {
		return "", err
	}
	e, err := ks.Get(p.SolanaKey)
	if err != nil {
		return "", err
	}
	if _, err := ctl.FundSolana(ctx, e.Address, OnboardLamports, OnboardUSDC); err != nil {
		return "", err
	}
	return e.Address, nil
}

// ResetSandbox starts the profile's sandbox afresh (every account, the EVM chain and the
// Solana ledger are dropped, in its state folder too) and clears the profile's account id,
// which named an account of it.
func (s *App) ResetSandbox(ctx context.Context) (config.Profile, error) {
	if _, err := s.SandboxInfo(ctx); err != nil {
		return config.Profile{}, err
	}
	if err := sandboxctl.NewControl(s.Profile().UserAPI).Reset(ctx); err != nil {
		return config.Profile{}, err
	}
	return s.UpdateProfile(func(p *config.Profile) error { p.TokenID = ""; return nil })
}

// SandboxInfo asks the profile's user_api whether it is a purse sandbox (its GET
// /sandbox/info); anything else is an error.
func (s *App) SandboxInfo(ctx context.Context) (sandboxctl.Info, error) {
	return sandboxctl.NewControl(s.Profile().UserAPI).WithLog(s.Log).Info(ctx)
}
