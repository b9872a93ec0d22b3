// Package onboard is partner onboarding (`purse partner`, the Account screen's M and K): the
// partner routes a tester needs to onboard a user with purse alone (spec 4.4): the partner
// mint (the user's consent signed with the profile's EVM key, the request with the partner
// key), and the identity-verification token and status by network. The CLI and the Account
// screen call these; nothing else builds the requests. It is named for what the tester does,
// apart from purse/partner, the partner API client it drives. It reaches the application
// core only through its port (app/internal/port).
package onboard

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/app/internal/port"
	"purse/app/review"
	"purse/enduser"
	"purse/internal/format"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

// Service is what a tester does through the partner routes for the profile's account: mint
// it with the user's consent, read its identity-verification token and status.
type Service struct{ s port.Onboard }

// New is the partner routes of core's profile; core is an opened session.
func New(core *app.App) Service {
	s, _ := port.OnboardOf(core)
	return Service{s}
}

// MintInput is a partner mint as typed.
type MintInput struct {
	// Email is the user's email address (required).
	Email string
	// Hash is the consent text the user signs; "" takes defaultConsentText.
	Hash string
	// TTL is how long the consent lasts: 0 for protocol.DefaultMintConsentWindow, at most
	// protocol.MaxMintConsentWindow.
	TTL time.Duration
}

// defaultConsentText is the consent a partner mint signs when none is given: the service
// takes any text (evidence §5: "a hash of the business payload or a unique message"), and
// this one says what it is for.
func defaultConsentText(address string) string {
	return "purse: mint the account of " + address
}

// CheckMint checks a partner mint's fields as typed (no I/O, so a form can call it on
// every key). The error is an *app.FieldError naming email, hash or consent-ttl.
func CheckMint(in MintInput) error {
	if in.Email == "" {
		return &app.FieldError{Field: "email", Err: errors.New("required: the user's email address, which the service registers with the account")}
	}
	if err := enduser.CheckEmail(in.Email); err != nil {
		return &app.FieldError{Field: "email", Err: err}
	}
	if i := strings.IndexFunc(in.Hash, func(r rune) bool { return unicode.IsControl(r) }); i >= 0 {
		return &app.FieldError{Field: "hash", Err: fmt.Errorf("expected printable text: a control character (%U) at byte %d could hide what is signed", []rune(in.Hash[i:])[0], i)}
	}
	if in.Hash != "" {
		// The signer's own rules for a consent text (UTF-8, bounded, never a payload hash's
		// form), checked before any key is opened.
		now := time.Now()
		r := wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: in.Hash, Deadline: strconv.FormatInt(now.Add(time.Minute).Unix(), 10)}
		if err := r.Check(now); err != nil {
			return &app.FieldError{Field: "hash", Err: err}
		}
	}
	if in.TTL < 0 || in.TTL > protocol.MaxMintConsentWindow {
		return &app.FieldError{Field: "consent-ttl", Err: fmt.Errorf("expected a duration above 0 and at most %s (the service refuses a consent that lasts longer), got %s",
			protocol.MaxMintConsentWindow, in.TTL)}
	}
	return nil
}

// MintPlan is a checked partner mint: the consent to sign and its review. Nothing was
// signed or sent yet.
type MintPlan struct {
	Email string `json:"email"`
	// Address is the profile's EVM key's: the user whose account is minted.
	Address string `json:"address"`
	// Hash and Deadline are the consent's signed values; Intermediate and Message what
	// they make (design 2.1).
	Hash         string `json:"hash"`
	Deadline     int64  `json:"deadline"`
	Intermediate string `json:"intermediate"`
	Message      string `json:"message"`
	// Note says the chain could not be read for an account of the key ("" when it was).
	Note   string         `json:"note,omitempty"`
	Review review.Request `json:"-"`
}

// minConsentLeft is the least validity a consent may have left when it is signed: a review
// that waited longer is prepared again rather than signed for a deadline about to pass.
const minConsentLeft = 30 * time.Second

// PrepareMint checks a partner mint before anything is signed or sent: the fields
// (CheckMint), every mint's checks (no account yet, an EVM key, none of its accounts on
// chain), the partner settings; then it fixes the consent (the text, a deadline ttl from
// now) and builds its review.
func (sv Service) PrepareMint(ctx context.Context, in MintInput) (MintPlan, error) {
	s := sv.s
	if err := CheckMint(in); err != nil {
		return MintPlan{}, err
	}
	owner, note, err := s.MintOwner(ctx)
	if err != nil {
		return MintPlan{}, err
	}
	if note == port.ChainShowsNone {
		note = ""
	}
	p := s.Profile()
	if err := s.PartnerSettings(p, ""); err != nil {
		return MintPlan{}, err
	}
	hash, ttl := in.Hash, in.TTL
	if hash == "" {
		hash = defaultConsentText(owner.Hex())
	}
	if ttl == 0 {
		ttl = protocol.DefaultMintConsentWindow
	}
	// The service checks the consent's deadline against its own time.
	s.SyncServiceClock(ctx)
	// A note says the chain could not be read: the service's refusal is the only guard.
	plan := MintPlan{Email: in.Email, Address: owner.Hex(), Hash: hash, Deadline: s.Now().Add(ttl).Unix(), Note: note}
	dl := strconv.FormatInt(plan.Deadline, 10)
	plan.Intermediate, plan.Message = wallet.ConsentMessage(hash, dl)
	plan.Review = review.MintConsentRequest("partner-mint", hash, dl, plan.Intermediate, plan.Message)
	plan.Review.Sections = append(plan.Review.Sections, review.Section{Heading: "Partner mint", Fields: []review.Field{
		{Label: "email", Value: in.Email},
		{Label: "evmAddress", Value: plan.Address, Note: "key " + p.EVMKey},
		{Label: "sent to", Value: strings.TrimRight(p.PartnerAPI, "/") + s.PartnerPath(p, partner.RouteMint), Note: "signed with partner key " + p.PartnerKey},
	}})
	if plan.Note != "" {
		plan.Review.Warnings = append(plan.Review.Warnings, plan.Note)
	}
	return plan, nil
}

// Minted is a partner mint's outcome: the account is stored in the profile.
type Minted struct {
	TokenID string `json:"tokenId"`
	TxHash  string `json:"txHash,omitempty"`
	Address string `json:"address"`
	Email   string `json:"email"`
	Profile string `json:"profile"`
	// Request is the body sent; SignedBy the service key whose signature over the answer
	// holds ("" unsigned).
	Request  partner.MintRequest `json:"request"`
	SignedBy string              `json:"signedBy,omitempty"`
	// FromChain says the answer was lost or unreadable and the account was found on chain
	// instead (TxHash is then unknown); Note says what happened.
	FromChain bool   `json:"fromChain,omitempty"`
	Note      string `json:"note,omitempty"`
}

// Mint signs the plan's consent with the profile's EVM key, sends the mint signed with
// the partner key (POST /v1/mint/nft) and stores the account id of the answer in the
// profile. A consent with less than 30 seconds left is not signed (prepare it again). Once
// the request may have reached the service, an answer that is lost, unreadable or not signed
// as the profile pins is settled on the chain (the key's account, when it shows); otherwise
// the outcome is unknown (*app.OutcomeError naming the address).
func (sv Service) Mint(ctx context.Context, plan MintPlan, u *app.Unlock) (Minted, error) {
	s := sv.s
	if left := time.Unix(plan.Deadline, 0).Sub(s.Now()); left < minConsentLeft {
		return Minted{}, &app.FieldError{Field: "consent-ttl", Err: fmt.Errorf("the consent has %s left, under the %s it needs to reach the service: prepare the mint again; nothing was signed",
			left.Round(time.Second), minConsentLeft)}
	}
	p := s.Profile()
	pc, err := s.SignedPartnerClient(ctx, p, u)
	if err != nil {
		return Minted{}, err
	}
	user, err := s.EVMSigner(u)
	if err != nil {
		return Minted{}, err
	}
	if user.Address().Hex() != plan.Address {
		return Minted{}, fmt.Errorf("the key %s signs as %s, not as %s the mint was prepared for: prepare it again", p.EVMKey, user.Address().Hex(), plan.Address)
	}
	mc, err := wallet.SignMintConsentRequest(user, wallet.Request{Purpose: wallet.PurposeMintConsent, Hash: plan.Hash,
		Deadline: strconv.FormatInt(plan.Deadline, 10), MintEmail: plan.Email}, s.Now())
	if err != nil {
		return Minted{}, err
	}
	req := partner.MintRequest{Email: plan.Email, EVMAddress: mc.EVMAddress, Signature: mc.Signature, Hash: mc.Hash, Deadline: mc.Deadline}
	out := Minted{Address: plan.Address, Email: plan.Email, Profile: p.Name, Request: req}
	m, ex, err := pc.Mint(ctx, req)
	var ae *partner.APIError
	switch {
	case err != nil && ex == nil:
		return out, err // nothing was sent
	case errors.As(err, &ae):
		return out, err // the service refused: nothing was minted
	case err != nil:
		return sv.settleMint(ctx, out, err)
	}
	out.TokenID, out.TxHash, out.SignedBy = m.TokenID, m.TxHash, ex.SignedBy
	if _, err := s.StoreMinted(m.TokenID, m.TxHash); err != nil {
		return out, err
	}
	return out, nil
}

// settleMint finds out from the chain what a mint whose answer was lost, unreadable or not
// trusted did: the key's account when the chain shows one (stored in the profile), else an
// unknown outcome naming the address.
func (sv Service) settleMint(ctx context.Context, out Minted, cause error) (Minted, error) {
	s := sv.s
	id, found, err := s.FindAccount(ctx, common.HexToAddress(out.Address))
	if err == nil && found {
		out.TokenID, out.FromChain = strconv.FormatUint(id, 10), true
		out.Note = "the service's answer could not be used (" + app.OneLine(cause) + "); the chain shows account " + out.TokenID + " for " + out.Address
		if _, err := s.StoreMinted(out.TokenID, "unknown"); err != nil {
			return out, err
		}
		return out, nil
	}
	seen := "the chain shows no account for it yet"
	if err != nil {
		seen = "the chain could not be read (" + app.OneLine(err) + ")"
	}
	return out, &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "evmAddress", ID: out.Address, Err: fmt.Errorf("partner mint for %s: %w; %s", out.Address, cause, seen),
		Next: "The mint may still land: run `purse account find` in a minute (it reads the chain and stores the account). " +
			"Minting again is safe: if this mint landed, the service refuses the second (30001 or 10005), and nothing else changes."}
}

// IDVToken is an identity-verification access token the partner route made.
type IDVToken struct {
	TokenID string `json:"tokenId"`
	Network string `json:"network"`
	Token   string `json:"token"`
	// SignedBy is the service key whose signature over the answer holds ("" unsigned).
	SignedBy string `json:"signedBy,omitempty"`
}

// networkRequest is the by-network calls' account: tokenID ("" for the profile's) on the
// profile's network.
func (sv Service) networkRequest(tokenID string) (partner.NetworkRequest, error) {
	s := sv.s
	p := s.Profile()
	if tokenID == "" {
		if err := s.RequireAccount(); err != nil {
			return partner.NetworkRequest{}, err
		}
		tokenID = p.TokenID
	}
	if err := protocol.CheckTokenID(tokenID); err != nil {
		return partner.NetworkRequest{}, &app.FieldError{Field: "token-id", Err: err}
	}
	if err := protocol.CheckNetwork(p.Network); err != nil {
		return partner.NetworkRequest{}, app.Usagef("profile %s: network: %v", p.Name, err)
	}
	return partner.NetworkRequest{TokenID: tokenID, Network: p.Network}, nil
}

// IDVToken asks the partner route for the account's identity-verification access
// token (POST /v1/create-access-token-by-network), which the service makes only for an
// account the partner minted: the way on when the end-user route answers 10000 "user kyc
// flow not found" on a fresh account. tokenID "" is the profile's account.
func (sv Service) IDVToken(ctx context.Context, tokenID string, u *app.Unlock) (IDVToken, error) {
	t, req, signedBy, err := byNetwork(sv, ctx, tokenID, u, (*partner.Client).IDVToken)
	if err != nil {
		return IDVToken{}, err
	}
	return IDVToken{TokenID: req.TokenID, Network: req.Network, Token: t.Token, SignedBy: signedBy}, nil
}

// byNetwork makes a network-scoped vendor call for tokenID ("" the profile's account) on the
// profile's network: the request checked before the partner key is opened, an answer
// refused for its signature a rejection.
func byNetwork[T any](sv Service, ctx context.Context, tokenID string, u *app.Unlock,
	call func(*partner.Client, context.Context, partner.NetworkRequest) (T, *partner.Exchange, error)) (T, partner.NetworkRequest, string, error) {
	var zero T
	s := sv.s
	req, err := sv.networkRequest(tokenID)
	if err != nil {
		return zero, req, "", err
	}
	pc, err := s.SignedPartnerClient(ctx, s.Profile(), u)
	if err != nil {
		return zero, req, "", err
	}
	v, ex, err := call(pc, ctx, req)
	if err != nil {
		return zero, req, "", s.RefusedAnswer(err)
	}
	return v, req, ex.SignedBy, nil
}

// IDVStatus is the vendor KYC status record the partner route answered.
type IDVStatus struct {
	TokenID string            `json:"tokenId"`
	Network string            `json:"network"`
	Record  partner.IDVStatus `json:"record"`
	// SignedBy is the service key whose signature over the answer holds ("" unsigned).
	SignedBy string `json:"signedBy,omitempty"`
}

// Fields are the record's fields that are set, in spec 2.13's order, as name and value.
func (st IDVStatus) Fields() [][2]string {
	r := st.Record
	var created string
	if r.CreatedAtMs > 0 {
		created = format.UnixMilli(r.CreatedAtMs)
	}
	return [][2]string{{"type", r.Type}, {"reviewStatus", r.ReviewStatus}, {"reviewAnswer", r.ReviewAnswer},
		{"reviewRejectType", r.ReviewRejectType}, {"levelName", r.LevelName}, {"rejectLabels", strings.Join(r.RejectLabels, ", ")},
		{"applicantId", r.ApplicantID}, {"applicantType", r.ApplicantType}, {"createdAt", created}}
}

// IDVStatus reads the account's vendor KYC status record through the partner route
// (POST /v1/idv-status-by-network); Record.Empty when the service has none the partner may
// see. tokenID "" is the profile's account.
func (sv Service) IDVStatus(ctx context.Context, tokenID string, u *app.Unlock) (IDVStatus, error) {
	r, req, signedBy, err := byNetwork(sv, ctx, tokenID, u, (*partner.Client).IDVStatus)
	if err != nil {
		return IDVStatus{}, err
	}
	return IDVStatus{TokenID: req.TokenID, Network: req.Network, Record: r, SignedBy: signedBy}, nil
}

// USDPayin is the answer to the account's USD pay-in application.
type USDPayin struct {
	TokenID string `json:"tokenId"`
	// ApplyID identifies the application (0 when the answer was lost and the banking profile
	// showed the USD entry: Note says so).
	ApplyID int64  `json:"applyId,omitempty"`
	Note    string `json:"note,omitempty"`
	// SignedBy is the service key whose signature over the answer holds ("" unsigned).
	SignedBy string `json:"signedBy,omitempty"`
}

// ApplyUSDPayin asks the partner route to provision the profile's account's USD IBAN (POST
// /v1/apply-usd-payin, spec 4.4: synchronous for a Live account, one per user), signed with
// the partner key through the gate. remark is required. A refusal is the service's answer;
// when the request may have reached the service and no answer can be read, the banking
// profile says whether the USD entry exists, else the outcome is unknown.
func (sv Service) ApplyUSDPayin(ctx context.Context, remark string, u *app.Unlock) (USDPayin, error) {
	s := sv.s
	if err := s.RequireAccount(); err != nil {
		return USDPayin{}, err
	}
	p := s.Profile()
	pc, err := s.SignedPartnerClient(ctx, p, u)
	if err != nil {
		return USDPayin{}, err
	}
	id, ex, err := pc.ApplyUSDPayin(ctx, p.TokenID, remark)
	var fe *partner.FieldError
	var api *partner.APIError
	switch {
	case err == nil:
		return USDPayin{TokenID: p.TokenID, ApplyID: id, SignedBy: ex.SignedBy}, nil
	case errors.As(err, &fe):
		return USDPayin{}, &app.FieldError{Field: fe.Field, Err: errors.New(fe.Msg)}
	case ex == nil, errors.As(err, &api):
		// Not sent, or refused by the service (the answer's signature held): nothing made.
		return USDPayin{}, s.RefusedAnswer(err)
	}
	// Sent, and no answer purse could trust: the banking profile tells.
	if c, cerr := s.AccountAPI(true, u); cerr == nil {
		if prof, perr := c.Profile(ctx); perr == nil {
			if _, ok := prof.DepositBank["USD"]; ok {
				return USDPayin{TokenID: p.TokenID, Note: "the answer could not be used (" + app.OneLine(err) + "); the banking profile shows a USD pay-in entry"}, nil
			}
		}
	}
	return USDPayin{}, &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "tokenId", ID: p.TokenID, Fields: map[string]any{"route": partner.RouteApplyUSDPayin},
		Err:  fmt.Errorf("USD pay-in application: no answer purse could use, and the request may have reached the service: %w", err),
		Next: "read the pay-in details (purse payin USD) before applying again: one USD IBAN per user"}
}
