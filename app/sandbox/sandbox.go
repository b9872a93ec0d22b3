// Package sandbox is what a tester does with the purse sandbox the session's profile points
// at: onboard an account to Live in one step, drive the account's KYC and state by hand,
// inject faults, skew the clock, ready a deposit, reset everything. The CLI (purse sandbox
// ctl) and the TUI's sandbox panel both call it. It reaches the application core only
// through its port (app/internal/port), which hands it the sandbox's control client: no
// front end gets that client.
package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandboxctl"
	"purse/wallet"
)

// Sandbox funding of an onboarded account's Solana key: enough SOL for fees and USDC to
// deposit.
const (
	OnboardLamports = 2_000_000_000 // 2 SOL
	OnboardUSDC     = 100_000_000   // 100 USDC
)

// Service is the sandbox of the session's profile.
type Service struct {
	core *app.App
	s    port.Sandbox
}

// New is the sandbox of core's profile.
func New(core *app.App) Service {
	s, _ := port.SandboxOf(core) // nil for a nil core: every use then fails, as on a nil App
	return Service{core: core, s: s}
}

// Info is what a purse sandbox says of itself (GET /sandbox/info).
type Info = sandboxctl.Info

// Faults are the faults the sandbox injects into the end-user API.
type Faults = sandboxctl.Faults

// account is the account a control call acts on: tokenID when given, else the profile's. It
// must be digits.
func (b Service) account(tokenID string) (string, error) {
	p := b.s.Profile()
	if tokenID == "" {
		tokenID = p.TokenID
	}
	if tokenID == "" {
		return "", &app.FieldError{Field: "token-id", Err: fmt.Errorf("profile %s has no account; give one", p.Name)}
	}
	if _, err := strconv.ParseUint(tokenID, 10, 64); err != nil {
		return "", &app.FieldError{Field: "token-id", Err: fmt.Errorf("expected digits, got %q", tokenID)}
	}
	return tokenID, nil
}

// onAccount runs one control call on the account tokenID names ("": the profile's).
func (b Service) onAccount(ctx context.Context, tokenID string, call func(c *sandboxctl.Control, id string) (json.RawMessage, error)) (json.RawMessage, error) {
	c, err := b.s.Control(ctx)
	if err != nil {
		return nil, err
	}
	id, err := b.account(tokenID)
	if err != nil {
		return nil, err
	}
	return call(c, id)
}

// KYCApprove approves the account's vendor review (KYC moves to SignFormA); the answer is the
// sandbox's view of the account.
func (b Service) KYCApprove(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) { return c.KYCApprove(ctx, id) })
}

// KYCReject rejects the account's vendor review with reason, FINAL or (final false) RETRY.
func (b Service) KYCReject(ctx context.Context, tokenID, reason string, final bool) (json.RawMessage, error) {
	return b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) {
		return c.KYCReject(ctx, id, reason, final)
	})
}

// Advanced is what skipping an account's delay did: the sandbox's view of the account, and
// whether it is Live now.
type Advanced struct {
	Raw  json.RawMessage
	Live bool
}

// Advance skips the account's current delay (review → SignFormA, Review → Live).
func (b Service) Advance(ctx context.Context, tokenID string) (Advanced, error) {
	raw, err := b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) { return c.Advance(ctx, id) })
	if err != nil {
		return Advanced{}, err
	}
	var v struct {
		StatusStr string `json:"statusStr"`
	}
	return Advanced{Raw: raw, Live: json.Unmarshal(raw, &v) == nil && v.StatusStr == "Live"}, nil
}

// SetStatus sets the account's status (Na, SoftBlocked, Tourist, Blocked, Closed, Live or 0-5).
func (b Service) SetStatus(ctx context.Context, tokenID, status string) (json.RawMessage, error) {
	return b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) { return c.SetStatus(ctx, id, status) })
}

// CRSRequired makes the account need the CRS self-certification.
func (b Service) CRSRequired(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) { return c.CRSRequired(ctx, id) })
}

// State is the sandbox's view of the account.
func (b Service) State(ctx context.Context, tokenID string) (json.RawMessage, error) {
	return b.onAccount(ctx, tokenID, func(c *sandboxctl.Control, id string) (json.RawMessage, error) { return c.State(ctx, id) })
}

// SetFaults injects f into the end-user API (the zero value clears them).
func (b Service) SetFaults(ctx context.Context, f Faults) (json.RawMessage, error) {
	c, err := b.s.Control(ctx)
	if err != nil {
		return nil, err
	}
	return c.SetFaults(ctx, f)
}

// ClearFaults removes every injected fault.
func (b Service) ClearFaults(ctx context.Context) (json.RawMessage, error) {
	c, err := b.s.Control(ctx)
	if err != nil {
		return nil, err
	}
	return c.ClearFaults(ctx)
}

// ClockSkew runs the sandbox's clock seconds ahead of real time (negative: behind).
func (b Service) ClockSkew(ctx context.Context, seconds int64) (json.RawMessage, error) {
	c, err := b.s.Control(ctx)
	if err != nil {
		return nil, err
	}
	return c.ClockSkew(ctx, seconds)
}

// Captcha is the captcha part of a mint request the sandbox accepts in place of a solved
// one.
func Captcha(now time.Time) enduser.MintRequest { return sandboxctl.Captcha(now) }

// followDialect sets the profile's settings a sandbox's dialect needs (its /sandbox/info:
// partner-auth form, routes, names, units) where the profile says otherwise, and says each
// change: the sandbox is the authority on what it plays, and a profile made before it was
// started with a dialect would otherwise fail at the first call.
func (b Service) followDialect(ctx context.Context, ctl *sandboxctl.Control, progress func(string)) error {
	ictx, cancel := context.WithTimeout(ctx, port.SandboxInfoTimeout)
	info, err := ctl.Info(ictx)
	cancel()
	if err != nil {
		return err
	}
	want := map[string]string{}
	for _, st := range info.Profile(b.s.Profile().Name).Settings() {
		if _, ok := info.Settings[st.Key]; ok {
			want[st.Key] = st.Value
		}
	}
	var changed []string
	p := b.s.Profile()
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
	if _, err := b.core.UpdateProfile(func(p *config.Profile) error {
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
// profile's. Then a deposit is readied (ReadyDeposit: the partner key registered, the
// Solana key, when the profile has one, funded). progress (may be nil) hears each step.
// This is the one composition of sandbox onboarding, for the CLI and the TUI.
func (b Service) Onboard(ctx context.Context, u *app.Unlock, label string, progress func(string)) (Onboarded, error) {
	s := b.s
	if progress == nil {
		progress = func(string) {}
	}
	ctl, err := s.Control(ctx)
	if err != nil {
		return Onboarded{}, err
	}
	if err := b.followDialect(ctx, ctl, progress); err != nil {
		return Onboarded{}, err
	}
	p := s.Profile()
	if label == "" {
		label = p.EVMKey
	}
	if label == "" {
		return Onboarded{}, &app.FieldError{Field: "key", Err: fmt.Errorf("profile %s has no EVM key; give a key label", p.Name)}
	}
	e, err := s.KeyEntry(label)
	if err != nil {
		return Onboarded{}, err
	}
	if e.Kind != keystore.KindEVM {
		return Onboarded{}, &app.FieldError{Field: "key", Err: fmt.Errorf("%s is a %s key; onboarding needs an EVM key", label, e.Kind)}
	}
	if p.EVMKey != label {
		if p, err = b.core.UpdateProfile(func(p *config.Profile) error { p.EVMKey, p.TokenID = label, ""; return nil }); err != nil {
			return Onboarded{}, err
		}
	}
	// Key label's signer behind the signing gate (or the agent's), named, not the profile's:
	// another process changing the profile's evm_key meanwhile does not change who signs
	// Form A. It is shown and approved like every other signature.
	signer, err := s.EVMSignerOf(label, u)
	if err != nil {
		return Onboarded{}, err
	}
	api, err := enduser.New(s.UserOptions(p, signer))
	if err != nil {
		return Onboarded{}, err
	}
	// The account is the profile's as soon as it is minted: a step after it that fails (a
	// Form A refused, no display to approve it on) leaves the profile on the account, which
	// the next onboard takes on from where it stopped, instead of minting another.
	tokenID, err := onboardAccount(ctx, ctl, api, signer, progress)
	if tokenID != "" && tokenID != p.TokenID {
		var serr error
		if p, serr = b.core.UpdateProfile(func(p *config.Profile) error { p.TokenID = tokenID; return nil }); serr != nil {
			return Onboarded{}, errors.Join(err, serr)
		}
	}
	if err != nil {
		return Onboarded{TokenID: tokenID, Address: signer.Address().Hex(), Profile: p.Name}, err
	}
	out := Onboarded{TokenID: tokenID, Address: signer.Address().Hex(), Status: "Live", Profile: p.Name}
	r := b.ReadyDeposit(ctx)
	out.PartnerKey, out.SolanaAddress = r.PartnerKey, r.SolanaAddress
	if r.PartnerErr != nil {
		return out, r.PartnerErr
	}
	if r.EVMErr != nil {
		return out, r.EVMErr
	}
	progress("EVM key " + r.EVMAddress + " funded with 0.05 ETH and 100 USDC for an EVM deposit")
	progress("partner key " + out.PartnerKey + " registered for alt-chain quotes")
	if r.SolanaErr != nil {
		return out, r.SolanaErr
	}
	if !r.NoSolanaKey {
		progress(fmt.Sprintf("Solana key %s funded with 2 SOL and 100 USDC", out.SolanaAddress))
	}
	return out, nil
}

// onboardAccount takes the signer's address to a Live account through the real end-user
// API: mint (when api has no account yet, or one the sandbox does not know), the vendor
// review approved and the activation delay skipped through the control surface, Form A
// signed by the signer and submitted. api must sign full-auth calls with signer. It returns
// the account id, with the error of a step after it once there is one; progress hears each
// step.
func onboardAccount(ctx context.Context, ctl *sandboxctl.Control, api *enduser.Client, signer wallet.EVMSigner, progress func(string)) (string, error) {
	tokenID := api.TokenID()
	if tokenID != "" {
		// A sandbox started afresh (--fresh, a reset) does not know the account any more:
		// it reads Na, and a new one is minted as for a profile without one.
		st, err := api.AccountStatus(ctx)
		if err != nil {
			return "", fmt.Errorf("onboard: account status: %w", err)
		}
		if st.StatusStr == "Na" {
			progress("the sandbox has no account " + tokenID + " (it started afresh or was reset): minting a new one")
			tokenID = ""
		}
	}
	if tokenID == "" {
		var err error
		if tokenID, err = ctl.IssueTokenID(ctx); err != nil {
			return "", err
		}
		mc, err := api.WithTokenID(tokenID)
		if err != nil {
			return "", err
		}
		req := sandboxctl.Captcha(time.Now())
		req.Address = signer.Address().Hex()
		if _, err := mc.Mint(ctx, req); err != nil {
			return "", fmt.Errorf("onboard: mint: %w", err)
		}
		progress("minted account " + tokenID)
		api = mc
	}
	for range 6 {
		st, err := api.AccountStatus(ctx)
		if err != nil {
			return tokenID, fmt.Errorf("onboard: account status: %w", err)
		}
		if st.StatusStr == "Live" {
			return tokenID, nil
		}
		if st.StatusStr != "Tourist" {
			return tokenID, fmt.Errorf("onboard: account %s is %s; onboarding starts from Tourist", tokenID, st.StatusStr)
		}
		switch st.KYCFlow.CurrentStep {
		case 2: // IDScan: the vendor review is approved through the control surface
			if _, err := ctl.KYCApprove(ctx, tokenID); err != nil {
				return tokenID, err
			}
			progress("KYC approved")
		case 3: // SignFormA
			info, err := api.FormAInfo(ctx)
			if err != nil {
				return tokenID, fmt.Errorf("onboard: Form A: %w", err)
			}
			fa, err := wallet.SignFormA(signer, info.KYCSelfDec)
			if err != nil {
				return tokenID, err
			}
			if err := api.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: info.KYCSelfDec, KYCSelfDecSign: fa.Signature}); err != nil {
				return tokenID, fmt.Errorf("onboard: Form A submit: %w", err)
			}
			progress("Form A signed (" + fa.TextHash + ") and submitted")
		case 4: // Review
			if _, err := ctl.Advance(ctx, tokenID); err != nil {
				return tokenID, err
			}
			progress("activation: Live")
		default:
			return tokenID, fmt.Errorf("onboard: KYC step %s (%d) cannot be onboarded automatically", st.KYCFlow.CurrentStepStr, st.KYCFlow.CurrentStep)
		}
	}
	return tokenID, fmt.Errorf("onboard: account %s did not reach Live", tokenID)
}

// Readiness is what readying a deposit did: the partner key registered (its address) or
// why not, the Solana key funded (its address) or why not, or that the profile has none.
type Readiness struct {
	// EVMAddress is the owner key's address funded for an EVM deposit (EVMErr: why not).
	EVMAddress    string
	EVMErr        error
	PartnerKey    string
	PartnerErr    error
	SolanaAddress string
	SolanaErr     error
	NoSolanaKey   bool
}

// ReadyDeposit readies a Live account of the sandbox for a deposit: its partner key
// registered (RegisterPartner) and its Solana key, when the profile has one, funded
// (FundSolana). Each part is tried whatever the other did; Onboard and the TUI's panel,
// when an advance makes the account Live, both ready it here.
func (b Service) ReadyDeposit(ctx context.Context) Readiness {
	var r Readiness
	r.EVMAddress, r.EVMErr = b.FundEVM(ctx)
	r.PartnerKey, r.PartnerErr = b.RegisterPartner(ctx)
	if b.s.Profile().SolanaKey == "" {
		r.NoSolanaKey = true
		return r
	}
	r.SolanaAddress, r.SolanaErr = b.FundSolana(ctx)
	return r
}

// RegisterPartner registers the profile's partner key with its sandbox, which then accepts
// the alt-chain quotes it signs, and returns the key's address. A profile without a partner
// key takes its EVM key as one (stored in the profile): on the sandbox any registered EVM
// key may sign quotes, and a deposit needs one. Only the key's address is read: nothing is
// unlocked.
func (b Service) RegisterPartner(ctx context.Context) (string, error) {
	s := b.s
	ctl, err := s.Control(ctx)
	if err != nil {
		return "", err
	}
	p := s.Profile()
	label := p.PartnerKey
	if label == "" {
		label = p.EVMKey
	}
	if label == "" {
		return "", &app.FieldError{Field: "partner_key", Err: fmt.Errorf("profile %s has neither a partner key nor an EVM key to register; add an EVM key on the Keys screen (purse key new)", p.Name)}
	}
	e, err := s.KeyEntry(label)
	if err != nil {
		return "", err
	}
	if e.Kind != keystore.KindEVM {
		return "", &app.FieldError{Field: "partner_key", Err: fmt.Errorf("%s is a %s key; the partner key signs with an EVM key", label, e.Kind)}
	}
	if _, err := ctl.RegisterPartner(ctx, e.Address); err != nil {
		return "", err
	}
	if p.PartnerKey == "" {
		if _, err := b.core.UpdateProfile(func(p *config.Profile) error { p.PartnerKey = label; return nil }); err != nil {
			return "", err
		}
	}
	return e.Address, nil
}

// Ledger sets the sandbox's Ledger stand-in: the app open, what the user presses, locked,
// blind signing (state holds only the fields to change).
func (b Service) Ledger(ctx context.Context, state map[string]any) (json.RawMessage, error) {
	ctl, err := b.s.Control(ctx)
	if err != nil {
		return nil, err
	}
	return ctl.Ledger(ctx, state)
}

// FundEVM gives the profile's EVM key 0.05 ETH and 100 USDC on its sandbox's chain (an EVM
// deposit's gas and USDC) and returns the key's address. Only the key's address is read.
func (b Service) FundEVM(ctx context.Context) (string, error) {
	s := b.s
	ctl, err := s.Control(ctx)
	if err != nil {
		return "", err
	}
	owner, err := s.OwnerAddress()
	if err != nil {
		return "", err
	}
	if _, err := ctl.FundEVM(ctx, owner.Hex()); err != nil {
		return "", err
	}
	return owner.Hex(), nil
}

// FundSolana gives the profile's Solana key OnboardLamports and OnboardUSDC on its sandbox
// (fees and a deposit's USDC) and returns the key's address. Only the key's address is
// read: nothing is unlocked.
func (b Service) FundSolana(ctx context.Context) (string, error) {
	s := b.s
	ctl, err := s.Control(ctx)
	if err != nil {
		return "", err
	}
	p := s.Profile()
	if p.SolanaKey == "" {
		return "", &app.FieldError{Field: "solana_key", Err: fmt.Errorf("profile %s has no Solana key; add one on the Keys screen (purse key new --kind solana) and make it the profile's", p.Name)}
	}
	e, err := s.KeyEntry(p.SolanaKey)
	if err != nil {
		return "", err
	}
	if _, err := ctl.FundSolana(ctx, e.Address, OnboardLamports, OnboardUSDC); err != nil {
		return "", err
	}
	return e.Address, nil
}

// Reset starts the profile's sandbox afresh (every account, the EVM chain and the Solana
// ledger are dropped, in its state folder too) and clears the profile's account id, which
// named an account of it. Only a server that says it is a purse sandbox is sent the reset.
func (b Service) Reset(ctx context.Context) (config.Profile, error) {
	if _, err := b.s.SandboxInfo(ctx); err != nil {
		return config.Profile{}, err
	}
	if err := b.s.UnrecordedControl().Reset(ctx); err != nil {
		return config.Profile{}, err
	}
	return b.core.UpdateProfile(func(p *config.Profile) error { p.TokenID = ""; return nil })
}

// Detect says whether the profile's user_api is a purse sandbox, for the next steps and the
// controls the CLI and the Account screen offer. Only a loopback user_api is asked (a purse
// sandbox listens on loopback): a live service is never sent GET /sandbox/info, and a remote
// server cannot pass for a sandbox. The answer is asked once per user_api in a session,
// within 1.5 s.
func (b Service) Detect(ctx context.Context) (Info, bool) { return b.s.DetectSandbox(ctx) }
