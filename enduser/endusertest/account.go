package endusertest

import (
	"context"
	"fmt"
	"math/big"
	"purse/enduser"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
)

// Account statuses (spec 2.4).
const (
	StatusNa          uint8 = 0
	StatusSoftBlocked uint8 = 1
	StatusTourist     uint8 = 2
	StatusBlocked     uint8 = 3
	StatusClosed      uint8 = 4
	StatusLive        uint8 = 5
)

var statusNames = []string{"Na", "SoftBlocked", "Tourist", "Blocked", "Closed", "Live"}

// StatusName is the statusStr of a status number.
func StatusName(s uint8) string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Unknown"
}

// ParseStatus reads a status by name (case-insensitive) or number.
func ParseStatus(v string) (uint8, error) {
	if n, err := strconv.ParseUint(v, 10, 8); err == nil && n <= 5 {
		return uint8(n), nil
	}
	for i, n := range statusNames {
		if strings.EqualFold(n, v) {
			return uint8(i), nil
		}
	}
	return 0, apiErr(CodeParam, "status %q: expected 0-5 or one of %s", v, strings.Join(statusNames, ", "))
}

// KYC steps (spec 2.4 kycFlow.currentStep).
const (
	StepUnknown   = 0
	StepFormA     = 1
	StepIDScan    = 2
	StepSignFormA = 3
	StepReview    = 4
	StepRejected  = 5
)

var stepNames = []string{"UNKNOWN", "FormA", "IDScan", "SignFormA", "Review", "Rejected"}

func stepName(s int) string {
	if s >= 0 && s < len(stepNames) {
		return stepNames[s]
	}
	return "UNKNOWN"
}

type card struct {
	TokenID    uint64 `json:"tokenId"`
	ExternalID string `json:"externalId"`
	Last4      string `json:"last4"`
	Status     string `json:"status"`
	Currency   string `json:"currency"`
	IssuedMs   int64  `json:"issuedMs"`
}

type crsInfo struct {
	NeedCrs      bool   `json:"needCrs"`
	RestrictDate int64  `json:"restrictDate"`
	URL          string `json:"url"`
}

// account is the persisted state of one tokenId.
type account struct {
	TokenID         uint64         `json:"tokenId"`
	Owner           common.Address `json:"owner"`
	Minted          bool           `json:"minted"`
	MintTx          string         `json:"mintTx,omitempty"`
	Status          uint8          `json:"status"`
	Email           string         `json:"email,omitempty"`
	KYCStep         int            `json:"kycStep"`
	ReviewStatus    string         `json:"reviewStatus,omitempty"`
	ReviewAnswer    string         `json:"reviewAnswer,omitempty"`
	RejectType      string         `json:"rejectType,omitempty"`
	FailReason      string         `json:"failReason,omitempty"`
	ApplicantID     string         `json:"applicantId,omitempty"`
	ReviewStartedMs int64          `json:"reviewStartedMs,omitempty"`
	SubmittedMs     int64          `json:"submittedMs,omitempty"`
	LiveMs          int64          `json:"liveMs,omitempty"`
	IBAN            string         `json:"iban,omitempty"`
	CardEligible    bool           `json:"cardEligible"`
	Card            *card          `json:"card,omitempty"`
	CRS             *crsInfo       `json:"crs,omitempty"`
	NoviceStep      int            `json:"noviceStep,omitempty"`
	NoviceStepMs    int64          `json:"noviceStepMs,omitempty"`
	FormAReads      int            `json:"formAReads,omitempty"`
	FormASign       string         `json:"formASign,omitempty"`
	IDVTokens       int            `json:"idvTokens,omitempty"`
	// WalletProvider is the partner that minted the account through the partner API (zero:
	// minted by the user); IDVPartner the partner whose token started the identity
	// verification (zero: the user's own token, or none).
	WalletProvider common.Address `json:"walletProvider,omitzero"`
	// USDPayinApplyID is the partner's USD pay-in application (spec 4.4), once made: the
	// banking profile then has a USD deposit bank entry (0: none).
	USDPayinApplyID int64 `json:"usdPayinApplyId,omitempty"`
	// LimitUsed is the CHF the account used of its 30-day window (a decimal; "" none).
	LimitUsed string `json:"limitUsed,omitempty"`
	// Liveness is the liveness check's result ("pass" once its token was fetched; "" none).
	Liveness   string         `json:"liveness,omitempty"`
	IDVPartner common.Address `json:"idvPartner,omitzero"`
	Extra      []Record       `json:"extra,omitempty"`
	// Handoff is the external-wallet shared-token session (nil before the first handoff).
	Handoff *handoff `json:"handoff,omitempty"`
}

// handoff is a shared-token session (spec 3.2): PartnerDataIngestion → SignFormA (passed),
// unchanged (incomplete), Ended (terminal); Submitting after kyc-submit.
type handoff struct {
	State    string   `json:"state"`
	Attempts int      `json:"attempts"`
	Missing  []string `json:"missing,omitempty"`
}

// shareToken is a share token the sandbox issued (control surface) with the verdict its
// handoff gives.
type shareToken struct {
	TokenID   uint64   `json:"tokenId"`
	Outcome   string   `json:"outcome"` // passed, incomplete, terminal
	Missing   []string `json:"missing,omitempty"`
	Code      int      `json:"code,omitempty"` // 30010..30012 for terminal
	ExpiresMs int64    `json:"expiresMs"`
	Used      bool     `json:"used,omitempty"`
}

type state struct {
	Accounts    map[uint64]*account `json:"accounts"`
	Emails      map[string]uint64   `json:"emails"`
	SkewSeconds int64               `json:"skewSeconds"`
	// Issued are the account ids handed out for a mint (IssueTokenID).
	Issued map[uint64]bool `json:"issued,omitempty"`
	// ShareTokens are the share tokens issued for handoffs (IssueShareToken).
	ShareTokens map[string]*shareToken `json:"shareTokens,omitempty"`
}

func newState() *state {
	return &state{Accounts: map[uint64]*account{}, Emails: map[string]uint64{}}
}

// accountLocked returns the account of tokenID, creating an Na record when create is set.
func (s *Server) accountLocked(tokenID uint64, create bool) *account {
	a := s.st.Accounts[tokenID]
	if a == nil && create {
		a = &account{TokenID: tokenID, Status: StatusNa}
		s.st.Accounts[tokenID] = a
	}
	return a
}

func (s *Server) mintedLocked(tokenID uint64) (*account, error) {
	a := s.st.Accounts[tokenID]
	if a == nil || !a.Minted {
		return nil, apiErr(CodeParam, "tokenId %d has no minted account", tokenID)
	}
	return a, nil
}

// refreshLocked applies the delayed transitions whose time has come.
func (s *Server) refreshLocked(ctx context.Context, a *account) error {
	if a == nil || !a.Minted {
		return nil
	}
	now := s.nowLocked()
	if d := s.cfg.ReviewDelay; d > 0 && a.KYCStep == StepIDScan && a.ReviewStatus == "pending" &&
		!now.Before(time.UnixMilli(a.ReviewStartedMs).Add(d)) {
		s.approveLocked(a)
	}
	if d := s.cfg.ActivationDelay; d > 0 && a.KYCStep == StepReview && a.Status == StatusTourist &&
		!now.Before(time.UnixMilli(a.SubmittedMs).Add(d)) {
		return s.activateLocked(ctx, a)
	}
	return nil
}

func (s *Server) approveLocked(a *account) {
	a.KYCStep = StepSignFormA
	a.ReviewStatus = "completed"
	a.ReviewAnswer = "GREEN"
	a.RejectType, a.FailReason = "", ""
	s.dirty = true
}

// Funding credited at activation, in smallest units of each fiat token (2 decimals).
var activationFunding = []struct {
	symbol string
	cents  int64
}{{"EUR24", 100000}, {"CHF24", 50000}, {"USD24", 25000}}

func (s *Server) activateLocked(ctx context.Context, a *account) error {
	if err := s.chain.SetAccountStatus(ctx, a.TokenID, StatusLive); err != nil {
		return apiErr(CodeSystem, "chain: %v", err)
	}
	now := s.nowLocked()
	a.Status = StatusLive
	a.LiveMs = now.UnixMilli()
	a.IBAN = swissIBAN(a.TokenID)
	a.CardEligible = true
	a.NoviceStep = 1
	a.NoviceStepMs = now.UnixMilli()
	s.dirty = true
	for _, f := range activationFunding {
		t, ok := s.tokenBySymbol(f.symbol)
		if !ok {
			continue
		}
		tx, err := s.chain.Fund(ctx, t.Address, a.Owner, big.NewInt(f.cents))
		if err != nil {
			return apiErr(CodeSystem, "chain: fund %s: %v", f.symbol, err)
		}
		cur := strings.ToLower(strings.TrimSuffix(f.symbol, "24"))
		amt := decimal.New(f.cents, -2)
		s.addRecordLocked(a, Record{
			Type: "CDP", Direction: "IN", Currency: cur, Amount: amt.StringFixed(2), Status: "completed",
			Title: "Welcome deposit", Subtitle: "Sandbox bank transfer to " + a.IBAN,
			TxHash: tx.Hex(), ChainID: s.CAIP2(), Token: f.symbol, TokenAddress: t.Address.Hex(),
			InputAmount: strconv.FormatInt(f.cents, 10), OutputAmount: strconv.FormatInt(f.cents, 10),
			Reference: fmt.Sprintf("SBX-%d-WELCOME", a.TokenID), BankAccount: "CH9300762011623852957",
			Fee: "0.00", TransferredAmount: amt.StringFixed(2), ToAddress: strings.ToLower(a.Owner.Hex()),
		})
	}
	return nil
}

// swissIBAN builds a valid CH IBAN (ISO 13616 check digits) from the tokenId.
func swissIBAN(tokenID uint64) string {
	bban := fmt.Sprintf("08%03d%012d", 837, tokenID%1_000_000_000_000) // clearing 08837 + 12-digit account
	num := new(big.Int)
	num.SetString(bban+"121700", 10) // "CH" = 12 17, check "00"
	mod := new(big.Int).Mod(num, big.NewInt(97)).Int64()
	return fmt.Sprintf("CH%02d%s", 98-mod, bban)
}

func applicantID(tokenID uint64) string {
	return fmt.Sprintf("%x", crypto.Keccak256([]byte("applicant/"+strconv.FormatUint(tokenID, 10))))[:24]
}

// --- control surface as Go methods ---

func (s *Server) control(tokenID uint64, f func(ctx context.Context, a *account) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.st.Accounts[tokenID]
	if a == nil || !a.Minted {
		return apiErr(CodeParam, "tokenId %d has no minted account", tokenID)
	}
	ctx := context.Background()
	if err := s.refreshLocked(ctx, a); err != nil {
		return s.finishLocked(err)
	}
	return s.finishLocked(f(ctx, a))
}

// IssueTokenID hands out an account id to mint, as the service does before a mint ("the
// tokenId generated beforehand", spec 4.6): 10 digits, the first 1 to 7 (the account
// contract's rules), not in use.
func (s *Server) IssueTokenID() (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, err := s.issueTokenIDLocked()
	if err != nil {
		return 0, err
	}
	return id, s.finishLocked(nil)
}

func (s *Server) issueTokenIDLocked() (uint64, error) {
	for {
		id, err := strconv.ParseUint(enduser.NewMintTokenID(nil), 10, 64)
		if err != nil {
			return 0, apiErr(CodeSystem, "sandbox: %v", err)
		}
		if s.st.Accounts[id] == nil && !s.st.Issued[id] {
			if s.st.Issued == nil {
				s.st.Issued = map[uint64]bool{}
			}
			s.st.Issued[id] = true
			s.dirty = true
			return id, nil
		}
	}
}

// IssueShareToken makes a single-use share token (20-minute TTL) for tokenID whose handoff
// gives outcome: "passed", "incomplete" (with missing fields) or "terminal" (code
// 30010..30012; 30010 when 0).
func (s *Server) IssueShareToken(tokenID uint64, outcome string, missing []string, code int) (string, error) {
	switch outcome {
	case "passed", "incomplete":
		code = 0
	case "terminal":
		if code == 0 {
			code = 30010
		}
		if code < 30010 || code > 30012 {
			return "", apiErr(CodeParam, "code %d: a terminal verdict is 30010, 30011 or 30012", code)
		}
	default:
		return "", apiErr(CodeParam, "outcome %q: expected passed, incomplete or terminal", outcome)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.st.Accounts[tokenID]; a == nil || !a.Minted {
		return "", apiErr(CodeParam, "tokenId %d has no minted account", tokenID)
	}
	tok := "st_" + randomHex(16)
	if s.st.ShareTokens == nil {
		s.st.ShareTokens = map[string]*shareToken{}
	}
	s.st.ShareTokens[tok] = &shareToken{TokenID: tokenID, Outcome: outcome, Missing: missing, Code: code,
		ExpiresMs: s.nowLocked().Add(20 * time.Minute).UnixMilli()}
	s.dirty = true
	return tok, s.finishLocked(nil)
}

// KYCApprove approves the vendor review: IDScan → SignFormA.
func (s *Server) KYCApprove(tokenID uint64) error {
	return s.control(tokenID, func(_ context.Context, a *account) error {
		if a.KYCStep != StepIDScan {
			return apiErr(CodeParam, "kyc-approve: account is in step %s, expected IDScan", stepName(a.KYCStep))
		}
		if a.ApplicantID == "" {
			a.ApplicantID = applicantID(a.TokenID)
		}
		s.approveLocked(a)
		return nil
	})
}

// KYCReject rejects the vendor review; final selects FINAL over RETRY.
func (s *Server) KYCReject(tokenID uint64, reason string, final bool) error {
	return s.control(tokenID, func(_ context.Context, a *account) error {
		if a.KYCStep != StepIDScan && a.KYCStep != StepSignFormA && a.KYCStep != StepReview {
			return apiErr(CodeParam, "kyc-reject: account is in step %s, expected IDScan, SignFormA or Review", stepName(a.KYCStep))
		}
		if reason == "" {
			reason = "Document could not be verified"
		}
		a.KYCStep = StepRejected
		a.ReviewStatus = "completed"
		a.ReviewAnswer = "RED"
		a.RejectType = "RETRY"
		if final {
			a.RejectType = "FINAL"
		}
		a.FailReason = reason
		if a.ApplicantID == "" {
			a.ApplicantID = applicantID(a.TokenID)
		}
		s.dirty = true
		return nil
	})
}

// Advance skips the current delay: a pending review is approved, Review becomes Live.
func (s *Server) Advance(tokenID uint64) error {
	return s.control(tokenID, func(ctx context.Context, a *account) error {
		switch {
		case a.KYCStep == StepIDScan && a.ReviewStatus == "pending":
			s.approveLocked(a)
			return nil
		case a.KYCStep == StepReview && a.Status == StatusTourist:
			return s.activateLocked(ctx, a)
		}
		return apiErr(CodeParam, "advance: nothing is waiting (status %s, step %s, review %q)", StatusName(a.Status), stepName(a.KYCStep), a.ReviewStatus)
	})
}

// SetStatus sets the account status. Before mint it marks the tokenId so mint fails with 10006.
func (s *Server) SetStatus(tokenID uint64, status uint8) error {
	if status > 5 {
		return apiErr(CodeParam, "status %d: expected 0-5", status)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.accountLocked(tokenID, true)
	if a.Minted {
		if err := s.chain.SetAccountStatus(context.Background(), tokenID, status); err != nil {
			return apiErr(CodeSystem, "chain: %v", err)
		}
	}
	a.Status = status
	s.dirty = true
	return s.finishLocked(nil)
}

// CRSRequired marks the account as needing the CRS self-certification.
func (s *Server) CRSRequired(tokenID uint64) error {
	return s.control(tokenID, func(_ context.Context, a *account) error {
		now := s.nowLocked()
		a.CRS = &crsInfo{
			NeedCrs:      true,
			RestrictDate: now.Add(30 * 24 * time.Hour).UnixMilli(),
			URL:          fmt.Sprintf("https://crs.sandbox.invalid/self-certification?tokenId=%d", a.TokenID),
		}
		s.dirty = true
		return nil
	})
}

// SetClockSkew shifts server time (timeNow, deadline checks, delays) by seconds.
func (s *Server) SetClockSkew(seconds int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.SkewSeconds = seconds
	s.dirty = true
	_ = s.finishLocked(nil) // the skew applies even when the snapshot cannot be written
}

// RegisterEmail marks an email as registered (email-status answers 10019).
func (s *Server) RegisterEmail(email string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Emails[strings.ToLower(email)] = 0
	s.dirty = true
	_ = s.finishLocked(nil) // the email is registered even when the snapshot cannot be written
}

// AccountView is the debug view of one account.
type AccountView struct {
	TokenID      uint64    `json:"tokenId"`
	Owner        string    `json:"owner,omitempty"`
	Minted       bool      `json:"minted"`
	Status       uint8     `json:"status"`
	StatusStr    string    `json:"statusStr"`
	KYCStep      int       `json:"kycStep"`
	KYCStepStr   string    `json:"kycStepStr"`
	ReviewStatus string    `json:"reviewStatus,omitempty"`
	ReviewAnswer string    `json:"reviewAnswer,omitempty"`
	RejectType   string    `json:"rejectType,omitempty"`
	FailReason   string    `json:"failReason,omitempty"`
	Email        string    `json:"email,omitempty"`
	IBAN         string    `json:"iban,omitempty"`
	CardEligible bool      `json:"cardEligible"`
	Card         *CardView `json:"card,omitempty"`
	NeedCRS      bool      `json:"needCrs"`
	History      int       `json:"historyRecords"`
	Added        []Record  `json:"addedRecords,omitempty"`
}

// CardView is the unmasked-free debug view of a card.
type CardView struct {
	TokenID    uint64 `json:"tokenId"`
	ExternalID string `json:"externalId"`
	Status     string `json:"status"`
	Last4      string `json:"last4"`
}

func (s *Server) viewLocked(a *account) AccountView {
	v := AccountView{
		TokenID: a.TokenID, Minted: a.Minted, Status: a.Status, StatusStr: StatusName(a.Status),
		KYCStep: a.KYCStep, KYCStepStr: stepName(a.KYCStep), ReviewStatus: a.ReviewStatus,
		ReviewAnswer: a.ReviewAnswer, RejectType: a.RejectType, FailReason: a.FailReason,
		Email: a.Email, IBAN: a.IBAN, CardEligible: a.CardEligible, NeedCRS: a.CRS != nil && a.CRS.NeedCrs,
		Added: append([]Record(nil), a.Extra...),
	}
	if a.Minted {
		v.Owner = a.Owner.Hex()
		v.History = len(s.historyLocked(a))
	}
	if a.Card != nil {
		v.Card = &CardView{TokenID: a.Card.TokenID, ExternalID: a.Card.ExternalID, Status: a.Card.Status, Last4: a.Card.Last4}
	}
	return v
}

// State returns the debug view of tokenID, after applying due delayed transitions.
func (s *Server) State(tokenID uint64) (AccountView, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.st.Accounts[tokenID]
	if a == nil {
		return AccountView{}, apiErr(CodeParam, "tokenId %d is unknown to the sandbox", tokenID)
	}
	if err := s.finishLocked(s.refreshLocked(context.Background(), a)); err != nil {
		return AccountView{}, err
	}
	return s.viewLocked(a), nil
}

// AccountByAddress returns the view of the account minted to addr.
func (s *Server) AccountByAddress(addr common.Address) (AccountView, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range s.st.Accounts {
		if a.Minted && a.Owner == addr {
			return s.viewLocked(a), true
		}
	}
	return AccountView{}, false
}

// RecordDeposit adds a CTU record for a crypto deposit of usdcUnits (USDC's smallest units)
// converted to amount of fiat, and credits the fiat token of currency (eur, usd, chf, cnh) on
// the Chain. chainID is the CAIP-2 source chain. The record's inputAmount is the USDC paid and
// its outputAmount the fiat credited, each in its token's smallest units (spec 2.13).
func (s *Server) RecordDeposit(tokenID uint64, currency string, amount decimal.Decimal, usdcUnits uint64, txHash, chainID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.finishLocked(s.recordDepositLocked(tokenID, currency, amount, usdcUnits, txHash, chainID))
}

func (s *Server) recordDepositLocked(tokenID uint64, currency string, amount decimal.Decimal, usdcUnits uint64, txHash, chainID string) error {
	a, err := s.mintedLocked(tokenID)
	if err != nil {
		return err
	}
	cur := strings.ToLower(currency)
	t, ok := s.tokenBySymbol(strings.ToUpper(cur) + "24")
	if !ok {
		return apiErr(CodeParam, "currency %q: expected eur, usd, chf or cnh", currency)
	}
	units, err := toUnits(amount, t.Decimals)
	if err != nil || units.Sign() <= 0 {
		return apiErr(CodeParam, "amount %s: expected a positive amount with at most %d decimals", amount, t.Decimals)
	}
	if _, err := s.chain.Fund(context.Background(), t.Address, a.Owner, units); err != nil {
		return apiErr(CodeSystem, "chain: %v", err)
	}
	if chainID == "" {
		chainID = s.CAIP2()
	}
	s.addRecordLocked(a, Record{
		Type: "CTU", Direction: "IN", Currency: cur, Amount: amount.StringFixed(int32(t.Decimals)), Status: "completed",
		Title: "Crypto deposit", Subtitle: "USDC → " + t.Symbol, TxHash: txHash, ChainID: chainID,
		Token: t.Symbol, TokenAddress: t.Address.Hex(), InputToken: "USDC",
		InputAmount: strconv.FormatUint(usdcUnits, 10), OutputAmount: units.String(), Fee: "0.00",
		TransferredAmount: amount.StringFixed(int32(t.Decimals)), ToAddress: strings.ToLower(a.Owner.Hex()),
	})
	return nil
}

// toUnits converts a decimal to smallest units exactly; excess precision is an error.
func toUnits(d decimal.Decimal, decimals uint8) (*big.Int, error) {
	scaled := d.Shift(int32(decimals))
	if !scaled.Equal(scaled.Truncate(0)) {
		return nil, fmt.Errorf("%s has more than %d decimals", d, decimals)
	}
	return scaled.BigInt(), nil
}

func fromUnits(v *big.Int, decimals uint8) decimal.Decimal {
	return decimal.NewFromBigInt(v, -int32(decimals))
}
