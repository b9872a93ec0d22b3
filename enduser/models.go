package enduser

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"purse/homechain"
	"purse/wallet"
)

// Account status values (spec 2.4).
const (
	StatusNa          = 0
	StatusSoftBlocked = 1
	StatusTourist     = 2
	StatusBlocked     = 3
	StatusClosed      = 4
	StatusLive        = 5
)

// StatusName is the statusStr of an account status value.
func StatusName(status int64) string {
	switch status {
	case StatusNa:
		return "Na"
	case StatusSoftBlocked:
		return "SoftBlocked"
	case StatusTourist:
		return "Tourist"
	case StatusBlocked:
		return "Blocked"
	case StatusClosed:
		return "Closed"
	case StatusLive:
		return "Live"
	}
	return fmt.Sprintf("Unknown(%d)", status)
}

// KYC steps of kycFlow.currentStep (spec 2.4).
const (
	KYCStepUnknown   = 0
	KYCStepFormA     = 1
	KYCStepIDScan    = 2
	KYCStepSignFormA = 3
	KYCStepReview    = 4
	KYCStepRejected  = 5
)

// AccountStatus is the result of account-status (spec 2.4).
type AccountStatus struct {
	Status                                Int           `json:"status"`
	StatusStr                             string        `json:"statusStr"`
	KYCFlow                               KYCFlow       `json:"kycFlow"`
	SumsubKYCInfo                         SumsubKYCInfo `json:"sumsubKycInfo"`
	NoviceGuidanceProcessStep             Int           `json:"noviceGuidanceProcessStep"` // Live only
	NoviceGuidanceProcessStepLatestTimeMs Int           `json:"noviceGuidanceProcessStepLatestTimeMs"`
	CRSInfo                               CRSInfo       `json:"crsInfo"`
}

// KYCFlow is where the user is in KYC.
type KYCFlow struct {
	CurrentStep            Int      `json:"currentStep"`
	CurrentStepStr         string   `json:"currentStepStr"`
	CurrentStepActionTypes []string `json:"currentStepActionTypes"`
	FailReason             string   `json:"failReason"` // only when Rejected
}

// SumsubKYCInfo is the KYC vendor's record.
type SumsubKYCInfo struct {
	UserID                string `json:"userId"`
	LatestKYCHasCompleted bool   `json:"latestKycHasCompleted"`
	ReviewStatus          string `json:"reviewStatus"`
	ReviewAnswer          string `json:"reviewAnswer"`
	ReviewRejectType      string `json:"reviewRejectType"`
}

// CRSInfo is the tax-residency (CRS) self-certification state.
type CRSInfo struct {
	NeedCRS      bool   `json:"needCrs"`
	RestrictDate Int    `json:"restrictDate"` // Unix ms; after it the user may become SoftBlocked
	URL          string `json:"url"`
}

// ChainConfigs is the chain configuration of spec 2.12.
type ChainConfigs struct {
	Chains                []Chain         `json:"chains"`
	CanActivateCard       bool            `json:"canActivateCard"` // logged-in only
	CardActivationMessage string          `json:"cardActivationMessage"`
	TokenActivities       []TokenActivity `json:"tokenActivities"`
}

// Chain returns the chain of a CAIP-2 identifier.
func (c ChainConfigs) Chain(id string) (Chain, bool) {
	for _, ch := range c.Chains {
		if ch.ChainIdentifier == id {
			return ch, true
		}
	}
	return Chain{}, false
}

// Chain is one chain of the configuration.
type Chain struct {
	ChainIdentifier           string      `json:"chainIdentifier"` // CAIP-2
	ChainName                 string      `json:"chainName"`
	ChainLogoURL              string      `json:"chainLogoUrl"`
	Tokens                    []Token     `json:"tokens"`
	NativeToken               NativeToken `json:"nativeToken"`
	DepositContract           string      `json:"depositContract"`
	EIP7702DelegationContract string      `json:"eip7702DelegationContract"`
	BufferPoolContract        string      `json:"bufferPoolContract"` // spender for on-ramp / cash-out permits
}

// Token returns the chain's token of a symbol (case-insensitive).
func (c Chain) Token(symbol string) (Token, bool) {
	for _, t := range c.Tokens {
		if strings.EqualFold(t.Symbol, symbol) {
			return t, true
		}
	}
	return Token{}, false
}

// NativeToken is the chain's native token: the wire sends either its symbol (or address)
// as a string, or a token object.
type NativeToken struct {
	Name  string // the string form, or the object's symbol
	Token *Token // the object form
}

func (n *NativeToken) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*n = NativeToken{}
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	if b[0] == '{' {
		var t Token
		if err := json.Unmarshal(b, &t); err != nil {
			return err
		}
		n.Token = &t
		n.Name = t.Symbol
		return nil
	}
	var s Text
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	n.Name = string(s)
	return nil
}

func (n NativeToken) MarshalJSON() ([]byte, error) {
	if n.Token != nil {
		return json.Marshal(n.Token)
	}
	return json.Marshal(n.Name)
}

// Token is one token of a chain. Bounds are in the token's own units (human decimals);
// Decimals drives the conversion to on-chain smallest units.
type Token struct {
	TokenIdentifier     string `json:"tokenIdentifier"`
	Symbol              string `json:"symbol"`
	Name                string `json:"name"`
	LogoURL             string `json:"logoUrl"`
	Decimals            Int    `json:"decimals"`
	DisplayDecimals     Int    `json:"displayDecimals"`
	IsFiat              bool   `json:"isFiat"`
	TotalBalance        Amount `json:"totalBalance"` // absent when logged out
	TotalBalanceUSD     Amount `json:"totalBalanceUsd"`
	IsNative            bool   `json:"isNative"`
	CanDeposit          bool   `json:"canDeposit"`
	CanWithdraw         bool   `json:"canWithdraw"`
	AggregatorSupported bool   `json:"aggregatorSupported"`
	Priority            Int    `json:"priority"`
	MinTopUpAmount      Amount `json:"minTopUpAmount"`
	MaxTopUpAmount      Amount `json:"maxTopUpAmount"`
	MinTopUpAmountUSD   Amount `json:"minTopUpAmountUSD"`
	MaxTopUpAmountUSD   Amount `json:"maxTopUpAmountUSD"`
	MinFxAmount         Amount `json:"minFxAmount"`
	MaxFxAmount         Amount `json:"maxFxAmount"`
	MinFxAmountUSD      Amount `json:"minFxAmountUSD"`
	MaxFxAmountUSD      Amount `json:"maxFxAmountUSD"`
}

// maxTokenDecimals bounds Decimals: no uint256 token amount has more than 77 digits.
const maxTokenDecimals = 77

// ToUnits converts an amount in the token's units to smallest on-chain units, exactly.
// Excess precision is an error, never rounded (design 2.5).
func (t Token) ToUnits(amount decimal.Decimal) (*big.Int, error) {
	dec := int64(t.Decimals)
	if dec < 0 || dec > maxTokenDecimals {
		return nil, fmt.Errorf("token %s: decimals %d out of range 0..%d", t.Symbol, dec, maxTokenDecimals)
	}
	if amount.Sign() < 0 {
		return nil, fmt.Errorf("token %s: amount %s is negative", t.Symbol, amount)
	}
	scaled := amount.Shift(int32(dec))
	if !scaled.IsInteger() {
		return nil, fmt.Errorf("token %s: amount %s has more than %d decimal places", t.Symbol, amount, dec)
	}
	return scaled.BigInt(), nil
}

// FromUnits converts smallest on-chain units to the token's units.
func (t Token) FromUnits(units *big.Int) decimal.Decimal {
	return decimal.NewFromBigInt(units, -int32(t.Decimals))
}

// TokenActivity is a promotional entry of the chain configuration.
type TokenActivity struct {
	Symbol     string `json:"symbol"`
	Title      string `json:"title"`
	TargetURL  string `json:"targetUrl"`
	TargetType string `json:"targetType"` // webview, native, external
}

// Transaction is one end-user history record: the partner-legacy TransactionData of
// spec 2.9 plus id, fee, transferredAmount and notes.
type Transaction struct {
	ID                Int           `json:"id"`
	SvcID             Text          `json:"svcId"`
	Title             string        `json:"title"`
	Subtitle          string        `json:"subtitle"`
	Amount            Amount        `json:"amount"` // signed display decimal
	Type              string        `json:"type"`
	Timestamp         Int           `json:"timestamp"` // Unix seconds
	Image             string        `json:"image"`
	Currency          string        `json:"currency"`
	Direction         string        `json:"direction"`
	TxHash            string        `json:"txHash"`
	ChainID           string        `json:"chainId"`
	InputToken        string        `json:"inputToken"`
	InputTokenAddress string        `json:"inputTokenAddress"`
	InputAmount       Units         `json:"inputAmount"`  // smallest on-chain units
	OutputAmount      Units         `json:"outputAmount"` // smallest on-chain units
	MCC               Int           `json:"mcc"`
	Reference         string        `json:"reference"`
	BankAccount       string        `json:"bankAccount"`
	Status            string        `json:"status"`
	CrdMultiToken     []TokenAmount `json:"crdMultiToken"`
	CtuExternalSender string        `json:"ctuExternalSender"`
	Token             string        `json:"token"`
	TokenAddress      string        `json:"tokenAddress"`
	FromAddress       string        `json:"fromAddress"`
	ToAddress         string        `json:"toAddress"`
	StatusCode        Text          `json:"statusCode"`
	CrdCurrency       string        `json:"crdCurrency"`
	ListingTitle      string        `json:"listingTitle"`
	TxHashURL         string        `json:"txHashUrl"`
	TxIDIcon          string        `json:"txIdIcon"`
	OfficialName      string        `json:"officialName"`
	PartnerRefID      Text          `json:"partnerRefId"`
	Fee               Text          `json:"fee"`               // free text on some channels; see FeeDecimal
	TransferredAmount Text          `json:"transferredAmount"` // free text on some channels
	Notes             string        `json:"notes"`
}

// FeeDecimal reads Fee as a decimal when it is one.
func (t Transaction) FeeDecimal() (decimal.Decimal, bool) { return textDecimal(t.Fee) }

// TransferredDecimal reads TransferredAmount as a decimal when it is one.
func (t Transaction) TransferredDecimal() (decimal.Decimal, bool) {
	return textDecimal(t.TransferredAmount)
}

func textDecimal(t Text) (decimal.Decimal, bool) {
	d, err := decimal.NewFromString(string(t))
	return d, err == nil
}

// TokenAmount is one item of crdMultiToken.
type TokenAmount struct {
	Token  string `json:"token"`
	Amount Amount `json:"amount"`
}

// TransactionTypes are the record types of the end-user history (spec 2.9).
var TransactionTypes = []string{"CTU", "FRX", "P2P", "CTF", "CSW", "ONR", "CRD", "CDP", "CWD", "UNKNOWN"}

// FiatLimits is the rolling 30-day CHF window (spec 2.5).
type FiatLimits struct {
	RestartDate   string `json:"restartDate"`
	RestartDateMs Int    `json:"restartDateMs"`
	Used          Amount `json:"used"`
	Available     Amount `json:"available"` // a single outgoing transaction must not exceed it
	Max           Amount `json:"max"`
}

// UsedMax is a used/max pair of a card limit.
type UsedMax struct {
	Used Amount `json:"used"`
	Max  Amount `json:"max"`
}

// Card is the card info of spec 2.10. CardToken is a 5-minute display token: never store or
// log it (the request log redacts it).
type Card struct {
	Security     CardSecurity  `json:"security"`
	Currencies   []string      `json:"currencies"`
	TokenID      Text          `json:"tokenId"`
	Limits       CardLimits    `json:"limits"`
	CardDesign   Text          `json:"cardDesign"`
	CardHolder   Text          `json:"cardHolder"`
	Status       string        `json:"status"`
	Currency     string        `json:"currency"`
	Masked       MaskedCard    `json:"masked"`
	CardToken    string        `json:"cardToken"`
	ActiveTokens []ActiveToken `json:"activeTokens"`
	ExternalID   Text          `json:"externalId"`
	// Frozen is how the service shows a card blocked by its owner (evidence: a `frozen`
	// flag beside `status`).
	Frozen bool `json:"frozen,omitempty"`
}

// Blocked says the card is blocked: status Blocked, or frozen.
func (c Card) Blocked() bool { return c.Frozen || strings.EqualFold(c.Status, "Blocked") }

// CardSecurity are the card's switches.
type CardSecurity struct {
	ContactlessEnabled      bool `json:"contactlessEnabled"`
	WithdrawalEnabled       bool `json:"withdrawalEnabled"`
	InternetPurchaseEnabled bool `json:"internetPurchaseEnabled"`
	OverallLimitsEnabled    bool `json:"overallLimitsEnabled"`
}

// CardLimits are the card's limits.
type CardLimits struct {
	Account          FiatLimits `json:"account"`
	Withdrawal       UsedMax    `json:"withdrawal"`
	InternetPurchase UsedMax    `json:"internetPurchase"`
}

// MaskedCard holds masked card data; real PAN, CVV and expiry never come in JSON.
type MaskedCard struct {
	CardNumber string `json:"cardNumber"`
	CVV2       string `json:"cvv2"`
	Expiry     string `json:"expiry"`
}

// ActiveToken is a device-wallet token of the card.
type ActiveToken struct {
	ID        Text   `json:"id"`
	Type      string `json:"type"`
	CreatedAt Int    `json:"createdAt"`
}

// Profile is the banking profile of spec 2.5 (route "profile", GET /api/v2/br).
type Profile struct {
	TokenID        Text                   `json:"tokenId"`
	BR             string                 `json:"br"` // beneficiary name
	IBAN           string                 `json:"iban"`
	Email          string                 `json:"email"`
	Mobile         string                 `json:"mobile"`
	DebitCard      string                 `json:"debitCard"`
	IsCardEligible bool                   `json:"isCardEligible"`
	Cards          []Text                 `json:"cards"`
	CardActivation CardActivation         `json:"cardActivation"`
	Street         string                 `json:"street"`
	PostalCode     string                 `json:"postalCode"`
	City           string                 `json:"city"`
	Country        string                 `json:"country"` // ISO 3166 alpha-3
	Limits         FiatLimits             `json:"limits"`
	Contacts       map[string][]Contact   `json:"contacts"`
	DepositBank    map[string]DepositBank `json:"depositBank"`
}

// CardActivation is the minimum balance to activate a card.
type CardActivation struct {
	Amount   Amount `json:"amount"`
	Currency string `json:"currency"`
}

// Contact is a payout contact.
type Contact struct {
	ID              Text   `json:"id"`
	Name            string `json:"name"`
	Account         string `json:"account"`
	FullAccount     string `json:"fullAccount"`
	Bank            string `json:"bank"`
	Country         string `json:"country"`
	LastPaymentDate Int    `json:"lastPaymentDate"`
}

// DepositBank is the bank entry for deposits in one currency.
type DepositBank struct {
	Account    string `json:"account"`
	Bank       string `json:"bank"`
	BIC        string `json:"BIC"`
	Payee      string `json:"payee"`
	City       string `json:"city"`
	Street     string `json:"street"`
	PostalCode string `json:"postalCode"`
	Country    string `json:"country"`
}

// OnrampLimit is the result of onramp-limit. Eligibility is judged from all fields
// together; there is no single support flag (spec 4.6).
type OnrampLimit struct {
	LivenessLocked   bool              `json:"livenessLocked"`
	LivenessLockMins Int               `json:"livenessLockMins"`
	MaxAmounts       map[string]Amount `json:"maxAmounts"` // per fiat currency
	MinAmounts       map[string]Amount `json:"minAmounts"`
	USDCDepegged     bool              `json:"usdcDepegged"`
	RegionLocked     bool              `json:"regionLocked"`
}

// Blockers lists, in plain words, why an on-ramp from currency is not possible now; empty
// means eligible.
func (o OnrampLimit) Blockers(currency string) []string {
	var out []string
	if o.RegionLocked {
		out = append(out, "region locked")
	}
	if o.USDCDepegged {
		out = append(out, "USDC de-pegged")
	}
	if o.LivenessLocked {
		out = append(out, fmt.Sprintf("liveness locked for %d minutes", int64(o.LivenessLockMins)))
	}
	hi, okMax := lookupCurrency(o.MaxAmounts, currency)
	lo, okMin := lookupCurrency(o.MinAmounts, currency)
	switch {
	case !okMax || !okMin:
		out = append(out, "no limits for "+currency)
	case hi.LessThan(lo.Decimal):
		out = append(out, fmt.Sprintf("maximum %s below minimum %s", hi, lo))
	}
	return out
}

// Bounds are the minimum and maximum of an on-ramp from currency; false when the limit
// names none.
func (o OnrampLimit) Bounds(currency string) (lo, hi decimal.Decimal, ok bool) {
	h, okMax := lookupCurrency(o.MaxAmounts, currency)
	l, okMin := lookupCurrency(o.MinAmounts, currency)
	return l.Decimal, h.Decimal, okMax && okMin
}

func lookupCurrency(m map[string]Amount, c string) (Amount, bool) {
	for k, v := range m {
		if strings.EqualFold(k, c) && v.Valid {
			return v, true
		}
	}
	return Amount{}, false
}

// MintRequest is the body of mint (spec 4.6). Address and the captcha fields are required.
type MintRequest struct {
	Address         string `json:"address"`
	LotNumber       string `json:"lotNumber"`
	CaptchaOutput   string `json:"captchaOutput"`
	PassToken       string `json:"passToken"`
	GenTime         string `json:"genTime"`
	Image           string `json:"image,omitempty"`           // base64
	BackGroundColor string `json:"backGroundColor,omitempty"` // hex
	Land            string `json:"land,omitempty"`
	// Email, when given, is registered with the account (service-assumptions M2).
	Email string `json:"email,omitempty"`
}

// MintResult is the result of mint.
type MintResult struct {
	TokenID Text   `json:"tokenId"`
	TxHash  string `json:"txHash"`
}

// IDVTokenRequest is the body of idv-access-token; every field is optional.
type IDVTokenRequest struct {
	UserID              string `json:"userId,omitempty"`
	LevelName           string `json:"levelName,omitempty"`
	TTL                 int    `json:"ttl,omitempty"` // seconds
	IsRetryVerification bool   `json:"isRetryVerification,omitempty"`
	RetryLevel          int32  `json:"retryLevel,omitempty"` // 1..8, only with IsRetryVerification
	StepType            string `json:"stepType,omitempty"`
	FailureReason       string `json:"failureReason,omitempty"`
}

// IDVToken is the vendor SDK access token (20-minute TTL).
type IDVToken struct {
	Token  string `json:"token"`
	UserID Text   `json:"userId"`
}

// FormAInfo is the Form A declaration to sign. Show KYCSelfDec unchanged and its TextHash
// before signing.
type FormAInfo struct {
	KYCSelfDec string `json:"kycSelfDec"`
}

// UnmarshalJSON reads {kycSelfDec} or, leniently, the declaration as a bare string. The
// text is kept byte for byte (rawJSONString): encoding/json would replace invalid UTF-8 and
// lone surrogates with U+FFFD, and a replaced text signed "exactly as received" is not what
// the service sent. Kept as they are, such bytes are shown visibly and refused for signing.
func (f *FormAInfo) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '"' {
		var p struct {
			KYCSelfDec json.RawMessage `json:"kycSelfDec"`
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return err
		}
		if b = bytes.TrimSpace(p.KYCSelfDec); len(b) == 0 || string(b) == "null" {
			f.KYCSelfDec = ""
			return nil
		}
	}
	s, err := rawJSONString(b)
	if err != nil {
		return fmt.Errorf("kycSelfDec: %v", err)
	}
	f.KYCSelfDec = s
	return nil
}

// rawJSONString decodes a JSON string literal without replacing anything: bytes that are
// not UTF-8 stay as they are, and a \u escape of a lone surrogate becomes its 3-byte
// (invalid UTF-8) encoding, so the result differs from valid text exactly where the input did.
func rawJSONString(b []byte) (string, error) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", fmt.Errorf("expected a JSON string")
	}
	b = b[1 : len(b)-1]
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i+1 >= len(b) {
			return "", fmt.Errorf("a string ends in a lone backslash")
		}
		i++
		switch b[i] {
		case '"', '\\', '/':
			out = append(out, b[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b[i+1:])
			if !ok {
				return "", fmt.Errorf("bad \\u escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if i+6 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
					if lo, ok := hex4(b[i+3:]); ok {
						if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
							out = utf8.AppendRune(out, pair)
							i += 6
							continue
						}
					}
				}
				// A lone surrogate: its 3-byte form, which is not valid UTF-8.
				out = append(out, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
				continue
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", fmt.Errorf("bad escape \\%c", b[i])
		}
	}
	return string(out), nil
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// TextHash is keccak256 of the declaration's UTF-8 bytes, 0x-hex.
func (f FormAInfo) TextHash() string { return wallet.FormATextHash(f.KYCSelfDec).Hex() }

// FormASubmission is the body of submit-form-a: the exact text and its signature.
type FormASubmission struct {
	KYCSelfDec     string `json:"kycSelfDec"`
	KYCSelfDecSign string `json:"kycSelfDecSign"`
}

// Card states of card-status.
const (
	CardBlocked = 0
	CardActive  = 1
)

// CardStatusRequest is the body of card-status.
type CardStatusRequest struct {
	CardTokenID string `json:"cardTokenId"` // the card's tokenId from the card read
	Status      int    `json:"status"`      // CardBlocked or CardActive
}

// CardCurrencyRequest is the body of card-currency (evidence §3): the card by its externalId
// from the card read (not its tokenId, which card-status takes) and an ISO 4217 code the
// card lists among its currencies.
type CardCurrencyRequest struct {
	CardExternalID string `json:"cardExternalId"`
	Currency       string `json:"currency"`
}

// CardStatusResult is the result of card-status; the shape of data is not specified.
type CardStatusResult struct {
	Status Text            `json:"status"`
	Data   json.RawMessage `json:"data,omitempty"`
}

// TokenPermitRequest is the body of token-permit (spec 4.6, design 2.5).
type TokenPermitRequest struct {
	Address        string          // token contract
	Amount         decimal.Decimal // business amount, in the token's units
	PermitAmount   decimal.Decimal // the signed value, in the token's units
	PermitDeadline int64           // Unix seconds
	PermitV        int
	PermitR        string // 0x + 32 bytes hex
	PermitS        string
	// Unit is how the amounts are written (PermitUnitSmallest when empty) and Decimals the
	// token's decimals that scale them.
	Unit     string
	Decimals uint8
}

// How token-permit amounts are written: spec 4.6 says "decimal strings"; the public
// integration sends smallest-unit integer strings ("2500" for 25.00 EUR24) and says
// permitAmount must equal the signed on-chain value. The profile's permit_amount_unit picks.
const (
	PermitUnitSmallest = "smallest"
	PermitUnitToken    = "token"
)

// permitAmount writes d in the request's unit: an integer string of smallest units, or a
// decimal string with the token's decimals. More precision than the token has is an error.
func (r TokenPermitRequest) permitAmount(field string, d decimal.Decimal) (string, error) {
	switch r.Unit {
	case "", PermitUnitSmallest:
		v := d.Shift(int32(r.Decimals))
		if !v.Equal(v.Truncate(0)) {
			return "", fmt.Errorf("%s %s has more than %d decimals", field, d, r.Decimals)
		}
		return v.Truncate(0).String(), nil
	case PermitUnitToken:
		return d.StringFixed(int32(r.Decimals)), nil
	}
	return "", fmt.Errorf("permit amount unit %q: expected %s or %s", r.Unit, PermitUnitSmallest, PermitUnitToken)
}

// ReadPermitAmount reads an amount as a permit-carrying body writes it in unit (the
// inverse of the writing above), in the token's smallest units.
func ReadPermitAmount(s, unit string, decimals uint8) (*big.Int, error) {
	if unit == PermitUnitToken {
		return homechain.ParseAmount(s, decimals)
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 {
		return nil, fmt.Errorf("expected an integer of smallest units")
	}
	return v, nil
}

// MarshalJSON writes the amounts in the request's unit.
func (r TokenPermitRequest) MarshalJSON() ([]byte, error) {
	amount, err := r.permitAmount("amount", r.Amount)
	if err != nil {
		return nil, err
	}
	permitAmount, err := r.permitAmount("permitAmount", r.PermitAmount)
	if err != nil {
		return nil, err
	}
	return json.Marshal(tokenPermitWire{r.Address, amount, permitAmount, r.PermitDeadline, r.PermitV, r.PermitR, r.PermitS})
}

// tokenPermitWire is the token-permit body as sent.
type tokenPermitWire struct {
	Address        string `json:"address"`
	Amount         string `json:"amount"`
	PermitAmount   string `json:"permitAmount"`
	PermitDeadline int64  `json:"permitDeadline"`
	PermitV        int    `json:"permitV"`
	PermitR        string `json:"permitR"`
	PermitS        string `json:"permitS"`
}

// NewTokenPermitRequest builds the request from a signed permit: PermitAmount is the signed
// value (the smallest-unit value scaled by the token's decimals), PermitDeadline the signed
// deadline, amount the business amount; unit says how they are written.
func NewTokenPermitRequest(p wallet.Permit, sig wallet.PermitSignature, amount decimal.Decimal, decimals uint8, unit string) TokenPermitRequest {
	r := TokenPermitRequest{
		Address: p.Domain.VerifyingContract.Hex(), Amount: amount,
		PermitV: int(sig.V), PermitR: sig.R, PermitS: sig.S, Unit: unit, Decimals: decimals,
	}
	if p.Value != nil {
		r.PermitAmount = decimal.NewFromBigInt(p.Value, -int32(decimals))
	}
	if p.Deadline != nil && p.Deadline.IsInt64() {
		r.PermitDeadline = p.Deadline.Int64()
	}
	return r
}

// TokenPermitResult is the result of token-permit. AlreadyPermitted is true when the service
// answered 10011 "exists Allowance": the allowance is in place, which is not a failure.
type TokenPermitResult struct {
	Status           Text   `json:"status"`
	TxHash           string `json:"txHash"`
	AlreadyPermitted bool   `json:"alreadyPermitted"`
	Message          string `json:"message,omitempty"`
}

// PendingRetry is an on-ramp whose bridge leg succeeded and whose swap leg failed: it waits
// to be retried or cancelled, and blocks new on-ramps meanwhile (spec 3.7). The service
// answers null when none waits (evidence §8.9, the public integration on UR's QA, which
// names only the original transaction's hash and has seen it in snake case too).
type PendingRetry struct {
	OriginalTxHash Text `json:"originalTxHash"`
}

// UnmarshalJSON reads originalTxHash, or original_tx_hash as QA has answered.
func (p *PendingRetry) UnmarshalJSON(b []byte) error {
	var w struct {
		Camel Text `json:"originalTxHash"`
		Snake Text `json:"original_tx_hash"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	p.OriginalTxHash = w.Camel
	if p.OriginalTxHash == "" {
		p.OriginalTxHash = w.Snake
	}
	return nil
}

// LivenessResult is the state of the account's liveness check, which an on-ramp quote may
// ask for (needLiveness) and which may lock on-ramps for a while (evidence §8.9, the public
// integration on UR's QA: its names, in snake case; the unlock time's form is not shown).
type LivenessResult struct {
	Result   Text `json:"liveness_result"` // pass, pending or rejected
	Locked   bool `json:"liveness_locked"`
	UnlockAt Text `json:"liveness_unlock_at"`
}

// BankLookup is the answer of an unauthenticated bank look-up (banks, payment-purposes,
// payout-fees): no public source shows its shape, so it is the JSON value the service sent,
// whole (a JSON value other than null), shown escaped and carried verbatim by --json. It
// claims nothing of the fields inside.
type BankLookup struct {
	// Value is the result as sent.
	Value json.RawMessage `json:"value"`
}

// UnmarshalJSON keeps any JSON value but null.
func (b *BankLookup) UnmarshalJSON(data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	if !json.Valid(t) {
		return errors.New("not a JSON value")
	}
	b.Value = append(json.RawMessage(nil), t...)
	return nil
}

// MarshalJSON writes the value as it came.
func (b BankLookup) MarshalJSON() ([]byte, error) {
	if len(b.Value) == 0 {
		return []byte("null"), nil
	}
	return b.Value, nil
}
