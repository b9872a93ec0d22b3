package endusertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"

	"purse/homechain"
	"purse/wallet"
)

func (s *Server) tokenBySymbol(sym string) (homechain.Token, bool) {
	for _, t := range s.chain.Tokens() {
		if strings.EqualFold(t.Symbol, sym) {
			return t, true
		}
	}
	return homechain.Token{}, false
}

func (s *Server) tokenByAddress(addr common.Address) (homechain.Token, bool) {
	for _, t := range s.chain.Tokens() {
		if t.Address == addr {
			return t, true
		}
	}
	return homechain.Token{}, false
}

// userLocked is the authenticated account with due transitions applied.
func (s *Server) userLocked(req *request) (*account, error) {
	a, err := s.mintedLocked(req.tokenID)
	if err != nil {
		return nil, apiErr(CodeAuth, "unknown tokenId %d: no minted account", req.tokenID)
	}
	if err := s.refreshLocked(req.ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}

func requireLive(a *account, what string) error {
	if a.Status != StatusLive {
		return apiErr(CodeParam, "%s needs a Live account; tokenId %d is %s", what, a.TokenID, StatusName(a.Status))
	}
	return nil
}

// --- none ---

func (s *Server) hTimestamp(*request) (any, error) {
	return s.nowLocked().UnixMilli(), nil
}

func validEmail(e string) bool {
	addr, err := mail.ParseAddress(e)
	return err == nil && addr.Address == e && strings.Contains(e[strings.LastIndexByte(e, '@'):], ".")
}

func (s *Server) hEmailStatus(req *request) (any, error) {
	var body struct {
		Email *string `json:"email"`
	}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.Email == nil || *body.Email == "" {
		return nil, apiErr(CodeParam, "email: required")
	}
	if !validEmail(*body.Email) {
		return nil, apiErr(CodeParam, "email %q: not an email address", *body.Email)
	}
	if _, taken := s.st.Emails[strings.ToLower(*body.Email)]; taken {
		return nil, apiErr(CodeEmailTaken, "email already registered")
	}
	return nil, nil
}

// --- account status ---

type kycFlow struct {
	CurrentStep            int      `json:"currentStep"`
	CurrentStepStr         string   `json:"currentStepStr"`
	CurrentStepActionTypes []string `json:"currentStepActionTypes"`
	FailReason             string   `json:"failReason,omitempty"`
}

type sumsubKycInfo struct {
	UserID                string `json:"userId"`
	LatestKycHasCompleted bool   `json:"latestKycHasCompleted"`
	ReviewStatus          string `json:"reviewStatus"`
	ReviewAnswer          string `json:"reviewAnswer,omitempty"`
	ReviewRejectType      string `json:"reviewRejectType,omitempty"`
}

type accountStatus struct {
	Status                                uint8          `json:"status"`
	StatusStr                             string         `json:"statusStr"`
	KYCFlow                               kycFlow        `json:"kycFlow"`
	SumsubKycInfo                         *sumsubKycInfo `json:"sumsubKycInfo,omitempty"`
	NoviceGuidanceProcessStep             *int           `json:"noviceGuidanceProcessStep,omitempty"`
	NoviceGuidanceProcessStepLatestTimeMs *int64         `json:"noviceGuidanceProcessStepLatestTimeMs,omitempty"`
	CrsInfo                               crsInfo        `json:"crsInfo"`
}

func actionTypes(a *account) []string {
	switch a.KYCStep {
	case StepIDScan:
		return []string{"SUMSUB_SDK"}
	case StepSignFormA:
		return []string{"SIGN_FORM_A"}
	case StepRejected:
		if a.RejectType == "RETRY" {
			return []string{"SUMSUB_SDK_RETRY"}
		}
	}
	return []string{}
}

func (s *Server) hAccountStatus(req *request) (any, error) {
	a := s.st.Accounts[req.tokenID]
	if a == nil {
		a = &account{TokenID: req.tokenID}
	}
	if err := s.refreshLocked(req.ctx, a); err != nil {
		return nil, err
	}
	out := accountStatus{
		Status: a.Status, StatusStr: StatusName(a.Status),
		KYCFlow: kycFlow{CurrentStep: a.KYCStep, CurrentStepStr: stepName(a.KYCStep), CurrentStepActionTypes: actionTypes(a)},
	}
	if a.KYCStep == StepRejected {
		out.KYCFlow.FailReason = a.FailReason
	}
	if a.Minted {
		out.SumsubKycInfo = &sumsubKycInfo{
			UserID: a.ApplicantID, LatestKycHasCompleted: a.ReviewStatus == "completed",
			ReviewStatus: a.ReviewStatus, ReviewAnswer: a.ReviewAnswer, ReviewRejectType: a.RejectType,
		}
	}
	if a.Status == StatusLive {
		step, ms := a.NoviceStep, a.NoviceStepMs
		out.NoviceGuidanceProcessStep, out.NoviceGuidanceProcessStepLatestTimeMs = &step, &ms
	}
	if a.CRS != nil {
		out.CrsInfo = *a.CRS
	}
	return stringResult{out}, nil
}

// --- mint ---

var hexColor = regexp.MustCompile(`^#?[0-9a-fA-F]{6}$`)

// validMintTokenID is the client-generated id rule: 10 digits, not starting with 0, 8 or 9.
func validMintTokenID(id uint64) bool {
	v := strconv.FormatUint(id, 10)
	return len(v) == 10 && v[0] != '0' && v[0] != '8' && v[0] != '9'
}

func parseAddress(field, v string) (common.Address, error) {
	if !isHex0x(v, 40) {
		return common.Address{}, apiErr(CodeParam, "%s %q: expected a 0x-prefixed 20-byte hex address", field, v)
	}
	addr := common.HexToAddress(v)
	lower, upper := strings.ToLower(v[2:]), strings.ToUpper(v[2:])
	if v[2:] != lower && v[2:] != upper && v != addr.Hex() {
		return common.Address{}, apiErr(CodeParam, "%s %q: mixed-case address with a wrong EIP-55 checksum", field, v)
	}
	return addr, nil
}

type mintRequest struct {
	Address         *string `json:"address"`
	LotNumber       *string `json:"lotNumber"`
	CaptchaOutput   *string `json:"captchaOutput"`
	PassToken       *string `json:"passToken"`
	GenTime         *string `json:"genTime"`
	Image           string  `json:"image"`
	BackGroundColor string  `json:"backGroundColor"`
	Land            string  `json:"land"`
	Email           string  `json:"email"`
}

func (s *Server) hMint(req *request) (any, error) {
	if !validMintTokenID(req.tokenID) {
		return nil, apiErr(CodeTokenIDInvalid, "tokenId %d: the id to mint must be a 10-digit number not starting with 0, 8 or 9", req.tokenID)
	}
	if s.cfg.MintTokenIDs == "issued" && !s.st.Issued[req.tokenID] {
		return nil, apiErr(CodeTokenIDInvalid, "tokenId %d does not exist: the service hands out the id to mint (the sandbox: POST /sandbox/mint-token-id)", req.tokenID)
	}
	var body mintRequest
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.Address == nil || *body.Address == "" {
		return nil, apiErr(CodeParam, "address: required")
	}
	owner, err := parseAddress("address", *body.Address)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"lotNumber", body.LotNumber}, {"captchaOutput", body.CaptchaOutput}, {"passToken", body.PassToken}, {"genTime", body.GenTime}} {
		if f.v == nil || *f.v == "" {
			return nil, apiErr(CodeParam, "%s: required (captcha verification fields)", f.name)
		}
	}
	if *body.CaptchaOutput != CaptchaPass {
		return nil, apiErr(CodeCaptcha, "captcha verification failed or expired (the sandbox accepts captchaOutput %q)", CaptchaPass)
	}
	if body.Image != "" {
		if _, err := decodeBase64(body.Image); err != nil {
			return nil, apiErr(CodeParam, "image: expected base64")
		}
	}
	if body.BackGroundColor != "" && !hexColor.MatchString(body.BackGroundColor) {
		return nil, apiErr(CodeParam, "backGroundColor %q: expected a hex colour such as #1a2b3c", body.BackGroundColor)
	}
	if body.Email != "" {
		if !validEmail(body.Email) {
			return nil, apiErr(CodeParam, "email %q: not an email address", body.Email)
		}
		if _, taken := s.st.Emails[strings.ToLower(body.Email)]; taken {
			return nil, apiErr(CodeEmailTaken, "email already registered")
		}
	}
	a := s.st.Accounts[req.tokenID]
	if a != nil && a.Minted {
		if a.Owner == owner {
			return nil, apiErr(CodeTokenUsed, "tokenId %d was already used for minting (to this address)", req.tokenID)
		}
		return nil, apiErr(CodeTokenAddress, "tokenId %d does not match the address %s", req.tokenID, owner.Hex())
	}
	if a != nil && a.Status != StatusNa {
		return nil, apiErr(CodeNotNa, "account status of tokenId %d is %s, not Na", req.tokenID, StatusName(a.Status))
	}
	a, err = s.mintLocked(req.ctx, req.tokenID, owner, body.Email)
	if err != nil {
		return nil, err
	}
	return map[string]any{"tokenId": a.TokenID, "txHash": a.MintTx}, nil
}

// mintLocked mints tokenID for owner (refused with 10005 when the address has an account,
// here or on chain): the account NFT on chain, the account at Tourist and IDScan, the email
// registered, the opening record. The email's form and availability are the caller's.
func (s *Server) mintLocked(ctx context.Context, tokenID uint64, owner common.Address, email string) (*account, error) {
	for _, o := range s.st.Accounts {
		if o.Minted && o.Owner == owner {
			return nil, apiErr(CodeHasAccount, "address %s already has account %d", owner.Hex(), o.TokenID)
		}
	}
	if id, ok, err := s.chain.AccountOf(ctx, owner); err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	} else if ok {
		return nil, apiErr(CodeHasAccount, "address %s already has account %d on chain", owner.Hex(), id)
	}
	tx, err := s.chain.MintAccount(ctx, owner, tokenID)
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	a := s.accountLocked(tokenID, true)
	a.Minted, a.Owner, a.MintTx = true, owner, tx.Hex()
	a.Status, a.KYCStep = StatusTourist, StepIDScan
	a.ReviewStatus = "init"
	a.ApplicantID = applicantID(a.TokenID)
	if email != "" {
		a.Email = email
		s.st.Emails[strings.ToLower(email)] = a.TokenID
	}
	s.dirty = true
	s.addRecordLocked(a, Record{
		Type: "UNKNOWN", Direction: "IN", Currency: "chf", Amount: "0.00", Status: "completed",
		Title: "Account opened", Subtitle: "Account NFT minted", TxHash: tx.Hex(),
		InputAmount: "0", OutputAmount: "0", Fee: "0.00", TransferredAmount: "0.00",
		ToAddress: strings.ToLower(owner.Hex()), Notes: "mint",
	})
	return a, nil
}

// --- IDV ---

type idvRequest struct {
	UserID              string `json:"userId"`
	LevelName           string `json:"levelName"`
	TTL                 *int   `json:"ttl"`
	IsRetryVerification bool   `json:"isRetryVerification"`
	RetryLevel          *int32 `json:"retryLevel"`
	StepType            string `json:"stepType"`
	FailureReason       string `json:"failureReason"`
}

func (s *Server) hIDVToken(req *request) (any, error) {
	var body idvRequest
	if len(req.body) > 0 {
		if err := decodeStrict(req.body, &body); err != nil {
			return nil, err
		}
	}
	if body.TTL != nil && (*body.TTL < 1 || *body.TTL > 86400) {
		return nil, apiErr(CodeParam, "ttl %d: expected 1 to 86400 seconds", *body.TTL)
	}
	if body.RetryLevel != nil {
		if !body.IsRetryVerification {
			return nil, apiErr(CodeParam, "retryLevel is only allowed with isRetryVerification true")
		}
		if *body.RetryLevel < 1 || *body.RetryLevel > 8 {
			return nil, apiErr(CodeParam, "retryLevel %d: expected 1 to 8", *body.RetryLevel)
		}
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if body.UserID != "" && body.UserID != a.ApplicantID {
		return nil, apiErr(CodeParam, "userId %q is not the applicant of tokenId %d", body.UserID, a.TokenID)
	}
	tok, err := s.idvTokenLocked(a)
	if err != nil {
		return nil, err
	}
	return map[string]string{"token": tok, "userId": a.ApplicantID}, nil
}

// idvTokenLocked makes an identity-verification access token for a (the end-user route and
// the partner's by-network route alike): only at IDScan or after a RETRY rejection, which it
// reopens; the vendor review is then pending.
func (s *Server) idvTokenLocked(a *account) (string, error) {
	switch {
	case a.KYCStep == StepIDScan:
	case a.KYCStep == StepRejected && a.RejectType == "RETRY":
		a.KYCStep, a.RejectType, a.FailReason, a.ReviewAnswer = StepIDScan, "", "", ""
		a.ReviewStatus = "init"
	case a.KYCStep == StepRejected:
		return "", apiErr(CodeParam, "identity verification was rejected with FINAL; no retry is possible")
	default:
		return "", apiErr(CodeParam, "identity verification is not expected in step %s", stepName(a.KYCStep))
	}
	if a.ReviewStatus != "pending" {
		a.ReviewStatus = "pending"
		a.ReviewStartedMs = s.nowLocked().UnixMilli()
	}
	a.IDVTokens++
	s.dirty = true
	tok := crypto.Keccak256([]byte(fmt.Sprintf("idv/%d/%s/%d", s.cfg.Seed, a.ApplicantID, a.IDVTokens)))
	return "_act-sbx-" + hexutil.Encode(tok)[2:34], nil
}

// --- Form A ---

// FormAText is the Form A declaration of an account: multi-line UTF-8 with non-ASCII
// characters, one line with a trailing space, ending in a newline. It must be signed exactly.
func FormAText(tokenID uint64, owner common.Address, network string) string {
	return "Form A — Declaration of identity of the beneficial owner\n" +
		"Formulaire A — Déclaration d'identité de l'ayant droit économique\n" +
		"\n" +
		fmt.Sprintf("Account (tokenId): %d\n", tokenID) +
		fmt.Sprintf("Wallet address: %s\n", owner.Hex()) +
		fmt.Sprintf("Network: eip155:%s\n", network) +
		"\n" +
		"The contracting party declares that the beneficial owner of the assets is:\n" +
		fmt.Sprintf("  Name: Sandbox Tester %d \n", tokenID) +
		"  Address: Bahnhofstrasse 1, 8001 Zürich, CHE\n" +
		"Balances may be held in EUR (€), CHF (Fr.) and USD ($).\n" +
		"The contracting party undertakes to inform the bank of any change.\n" +
		"Freundliche Grüße — purse sandbox\n"
}

func (s *Server) hFormAInfo(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	switch {
	case a.KYCStep == StepSignFormA:
	case a.KYCStep == StepReview || a.Status == StatusLive:
		return nil, apiErr(CodeSystem, "Form A not available: already submitted (step %s)", stepName(a.KYCStep))
	default:
		return nil, apiErr(CodeSystem, "Form A not ready (KYC snapshot not ready)")
	}
	a.FormAReads++
	s.dirty = true
	res := map[string]string{"kycSelfDec": FormAText(a.TokenID, a.Owner, s.network)}
	if a.FormAReads%2 == 0 {
		return stringResult{res}, nil
	}
	return res, nil
}

func (s *Server) hSubmitFormA(req *request) (any, error) {
	var body struct {
		KYCSelfDec     *string `json:"kycSelfDec"`
		KYCSelfDecSign *string `json:"kycSelfDecSign"`
	}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.KYCSelfDec == nil || *body.KYCSelfDec == "" {
		return nil, apiErr(CodeParam, "kycSelfDec: required (the exact Form A text)")
	}
	if body.KYCSelfDecSign == nil || *body.KYCSelfDecSign == "" {
		return nil, apiErr(CodeParam, "kycSelfDecSign: required (EIP-191 signature of kycSelfDec)")
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.KYCStep != StepSignFormA {
		return nil, apiErr(CodeParam, "Form A can only be submitted in step SignFormA; the account is in step %s", stepName(a.KYCStep))
	}
	want := FormAText(a.TokenID, a.Owner, s.network)
	if got := *body.KYCSelfDec; got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		return nil, apiErr(CodeParam, "kycSelfDec does not match the Form A text exactly: first difference at byte %d (got %d bytes, expected %d; keccak256 expected %s)", i, len(got), len(want), wallet.FormATextHash(want).Hex())
	}
	if !isHex0x(*body.KYCSelfDecSign, 130) {
		return nil, apiErr(CodeParam, "kycSelfDecSign: expected 0x + 130 hex digits (65 bytes)")
	}
	signer, err := wallet.RecoverPersonal([]byte(want), *body.KYCSelfDecSign)
	if err != nil {
		return nil, apiErr(CodeAuth, "kycSelfDecSign: %v", err)
	}
	if signer != a.Owner {
		return nil, apiErr(CodeAuth, "kycSelfDecSign recovers %s, not the account owner %s", signer.Hex(), a.Owner.Hex())
	}
	a.KYCStep = StepReview
	a.SubmittedMs = s.nowLocked().UnixMilli()
	a.FormASign = *body.KYCSelfDecSign
	s.dirty = true
	return map[string]any{"currentStep": StepReview, "currentStepStr": stepName(StepReview)}, nil
}

// --- money helpers ---

// usdRates are the sandbox's fixed rates: USD per one unit of the token.
var usdRates = map[string]decimal.Decimal{
	"USD24": decimal.NewFromInt(1),
	"EUR24": decimal.RequireFromString("1.08"),
	"CHF24": decimal.RequireFromString("1.12"),
	"CNH24": decimal.RequireFromString("0.14"),
	"USDC":  decimal.NewFromInt(1),
}

func usdRate(sym string) decimal.Decimal {
	if r, ok := usdRates[sym]; ok {
		return r
	}
	return decimal.NewFromInt(1)
}

// Limits of the rolling 30-day window, in CHF.
var (
	limitMax = decimal.NewFromInt(50000)
)

func num(d decimal.Decimal, places int32) json.Number {
	return json.Number(d.StringFixed(places))
}

func (s *Server) fiatUSDLocked(ctx context.Context, owner common.Address) (decimal.Decimal, error) {
	total := decimal.Zero
	for _, t := range s.chain.Tokens() {
		if !t.IsFiat {
			continue
		}
		bal, err := s.chain.BalanceOf(ctx, t.Address, owner)
		if err != nil {
			return total, apiErr(CodeSystem, "chain: %v", err)
		}
		total = total.Add(fromUnits(bal, t.Decimals).Mul(usdRate(t.Symbol)))
	}
	return total, nil
}

var cardActivationUSD = decimal.NewFromInt(1)

type limitWindow struct {
	RestartDate   string      `json:"restartDate"`
	RestartDateMs int64       `json:"restartDateMs"`
	Used          json.Number `json:"used"`
	Available     json.Number `json:"available"`
	Max           json.Number `json:"max"`
}

func (s *Server) limitsLocked(a *account) limitWindow {
	now := s.nowLocked()
	start := time.UnixMilli(a.LiveMs)
	if a.LiveMs == 0 {
		start = now
	}
	restart := start.Add(30 * 24 * time.Hour)
	for !restart.After(now) {
		restart = restart.Add(30 * 24 * time.Hour)
	}
	return limitWindow{
		RestartDate: restart.UTC().Format("2006-01-02"), RestartDateMs: restart.UnixMilli(),
		Used: num(a.limitUsed(), 2), Available: num(limitMax.Sub(a.limitUsed()), 2), Max: num(limitMax, 2),
	}
}

// --- chain configs ---

type tokenItem struct {
	TokenIdentifier     string  `json:"tokenIdentifier"`
	Symbol              string  `json:"symbol"`
	Name                string  `json:"name"`
	LogoURL             string  `json:"logoUrl"`
	Decimals            int     `json:"decimals"`
	DisplayDecimals     int     `json:"displayDecimals"`
	IsFiat              bool    `json:"isFiat"`
	TotalBalance        *string `json:"totalBalance,omitempty"`
	TotalBalanceUSD     *string `json:"totalBalanceUsd,omitempty"`
	IsNative            bool    `json:"isNative"`
	CanDeposit          bool    `json:"canDeposit"`
	CanWithdraw         bool    `json:"canWithdraw"`
	AggregatorSupported bool    `json:"aggregatorSupported"`
	Priority            int     `json:"priority"`
	MinTopUpAmount      string  `json:"minTopUpAmount"`
	MaxTopUpAmount      string  `json:"maxTopUpAmount"`
	MinTopUpAmountUSD   string  `json:"minTopUpAmountUSD"`
	MaxTopUpAmountUSD   string  `json:"maxTopUpAmountUSD"`
	MinFxAmount         string  `json:"minFxAmount"`
	MaxFxAmount         string  `json:"maxFxAmount"`
	MinFxAmountUSD      string  `json:"minFxAmountUSD"`
	MaxFxAmountUSD      string  `json:"maxFxAmountUSD"`
}

type chainItem struct {
	ChainIdentifier           string      `json:"chainIdentifier"`
	ChainName                 string      `json:"chainName"`
	ChainLogoURL              string      `json:"chainLogoUrl"`
	Tokens                    []tokenItem `json:"tokens"`
	NativeToken               tokenItem   `json:"nativeToken"`
	DepositContract           string      `json:"depositContract"`
	EIP7702DelegationContract string      `json:"eip7702DelegationContract"`
	BufferPoolContract        string      `json:"bufferPoolContract"`
}

type tokenActivity struct {
	Symbol     string `json:"symbol"`
	Title      string `json:"title"`
	TargetURL  string `json:"targetUrl"`
	TargetType string `json:"targetType"`
}

type chainConfigs struct {
	Chains                []chainItem     `json:"chains"`
	CanActivateCard       *bool           `json:"canActivateCard,omitempty"`
	CardActivationMessage string          `json:"cardActivationMessage"`
	TokenActivities       []tokenActivity `json:"tokenActivities"`
}

var (
	topUpMinUSD = decimal.NewFromInt(5)
	topUpMaxUSD = decimal.NewFromInt(50000)
	fxMinUSD    = decimal.NewFromInt(1)
)

// inToken converts a USD anchor to token units with 2 places, rounding min up and max down.
func inToken(usd decimal.Decimal, sym string, up bool) string {
	v := usd.Div(usdRate(sym))
	if up {
		return v.RoundCeil(2).StringFixed(2)
	}
	return v.RoundFloor(2).StringFixed(2)
}

func (s *Server) hChainConfigs(req *request) (any, error) {
	var a *account
	if req.authed {
		var err error
		if a, err = s.userLocked(req); err != nil {
			return nil, err
		}
	}
	c := s.chain.Contracts()
	used := decimal.Zero
	if a != nil {
		used = a.limitUsed()
	}
	fxMaxUSD := limitMax.Sub(used).Mul(usdRate("CHF24"))
	ch := chainItem{
		ChainIdentifier: s.CAIP2(), ChainName: "Sandbox home chain",
		ChainLogoURL:              "https://assets.sandbox.invalid/chains/home.png",
		DepositContract:           c.Deposit.Hex(),
		EIP7702DelegationContract: sandboxAddress("eip7702-delegation").Hex(),
		BufferPoolContract:        c.BufferPool.Hex(),
		NativeToken: tokenItem{
			TokenIdentifier: s.CAIP2() + "/slip44:60", Symbol: "ETH", Name: "Sandbox Ether",
			Decimals: 18, DisplayDecimals: 4, IsNative: true, Priority: 99,
			MinTopUpAmount: "0", MaxTopUpAmount: "0", MinTopUpAmountUSD: "0", MaxTopUpAmountUSD: "0",
			MinFxAmount: "0", MaxFxAmount: "0", MinFxAmountUSD: "0", MaxFxAmountUSD: "0",
		},
	}
	fiatUSD := decimal.Zero
	for i, t := range s.chain.Tokens() {
		it := tokenItem{
			TokenIdentifier: s.CAIP2() + "/erc20:" + t.Address.Hex(), Symbol: t.Symbol, Name: t.Name,
			LogoURL:  "https://assets.sandbox.invalid/tokens/" + strings.ToLower(t.Symbol) + ".png",
			Decimals: int(t.Decimals), DisplayDecimals: 2, IsFiat: t.IsFiat,
			CanDeposit: !t.IsFiat, CanWithdraw: t.IsFiat, AggregatorSupported: !t.IsFiat, Priority: i + 1,
			MinTopUpAmount: inToken(topUpMinUSD, t.Symbol, true), MaxTopUpAmount: inToken(topUpMaxUSD, t.Symbol, false),
			MinTopUpAmountUSD: topUpMinUSD.StringFixed(2), MaxTopUpAmountUSD: topUpMaxUSD.StringFixed(2),
			MinFxAmount: inToken(fxMinUSD, t.Symbol, true), MaxFxAmount: inToken(fxMaxUSD, t.Symbol, false),
			MinFxAmountUSD: fxMinUSD.StringFixed(2), MaxFxAmountUSD: fxMaxUSD.StringFixed(2),
		}
		if a != nil {
			bal, err := s.chain.BalanceOf(req.ctx, t.Address, a.Owner)
			if err != nil {
				return nil, apiErr(CodeSystem, "chain: %v", err)
			}
			d := fromUnits(bal, t.Decimals)
			tb := d.StringFixed(int32(t.Decimals))
			usd := d.Mul(usdRate(t.Symbol)).StringFixed(2)
			it.TotalBalance, it.TotalBalanceUSD = &tb, &usd
			if t.IsFiat {
				fiatUSD = fiatUSD.Add(d.Mul(usdRate(t.Symbol)))
			}
		}
		ch.Tokens = append(ch.Tokens, it)
	}
	out := chainConfigs{
		Chains:                []chainItem{ch},
		CardActivationMessage: "Hold at least 1 USD in fiat on the home chain to activate a card.",
		TokenActivities: []tokenActivity{
			{Symbol: "EUR24", Title: "Receive EUR by bank transfer", TargetURL: "https://app.sandbox.invalid/deposit/eur", TargetType: "webview"},
			{Symbol: "USDC", Title: "Deposit USDC", TargetURL: "purse://deposit/usdc", TargetType: "native"},
			{Symbol: "CHF24", Title: "About CHF24", TargetURL: "https://docs.sandbox.invalid/chf24", TargetType: "external"},
		},
	}
	if a != nil {
		can := fiatUSD.GreaterThanOrEqual(cardActivationUSD)
		out.CanActivateCard = &can
	}
	return out, nil
}

// --- on-ramp limit ---

// hOnrampPendingRetry: the sandbox makes no on-ramp, so none waits for a retry (null), as
// the service answers a Live account without one.
func (s *Server) hOnrampPendingRetry(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "the on-ramp retry"); err != nil {
		return nil, err
	}
	return nil, nil
}

// hLivenessResult: pending until the liveness token was fetched (the sandbox's vendor then
// passes it); it locks nothing. The names are the integration's (snake
// case, evidence §8.9).
func (s *Server) hLivenessResult(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "the liveness result"); err != nil {
		return nil, err
	}
	result := "pending"
	if a.Liveness != "" {
		result = a.Liveness
	}
	return map[string]any{"liveness_result": result, "liveness_locked": false, "liveness_unlock_at": nil}, nil
}

func (s *Server) hOnrampLimit(req *request) (any, error) {
	if req.r.Method == http.MethodPost {
		// Dialect.OnrampLimitPost: the public integration sends {}.
		var none struct{}
		if err := decodeStrict(req.body, &none); err != nil {
			return nil, err
		}
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "the on-ramp limit"); err != nil {
		return nil, err
	}
	maxUSD := decimal.NewFromInt(10000)
	mins, maxs := map[string]string{}, map[string]string{}
	for _, c := range TxCurrencies {
		sym := strings.ToUpper(c) + "24"
		mins[strings.ToUpper(c)] = inToken(topUpMinUSD, sym, true)
		maxs[strings.ToUpper(c)] = inToken(maxUSD, sym, false)
	}
	return map[string]any{
		"livenessLocked": false, "livenessLockMins": 0,
		"maxAmounts": maxs, "minAmounts": mins,
		"usdcDepegged": false, "regionLocked": false,
	}, nil
}

// --- banking profile ---

type contact struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Account         string `json:"account"`
	FullAccount     string `json:"fullAccount"`
	Bank            string `json:"bank"`
	Country         string `json:"country"`
	LastPaymentDate int64  `json:"lastPaymentDate"`
}

type depositBank struct {
	Account    string `json:"account"`
	Bank       string `json:"bank"`
	BIC        string `json:"BIC"`
	Payee      string `json:"payee"`
	City       string `json:"city"`
	Street     string `json:"street"`
	PostalCode string `json:"postalCode"`
	Country    string `json:"country"`
}

type profile struct {
	TokenID        uint64                 `json:"tokenId"`
	BR             string                 `json:"br"`
	IBAN           string                 `json:"iban"`
	Email          string                 `json:"email"`
	Mobile         string                 `json:"mobile"`
	DebitCard      string                 `json:"debitCard"`
	IsCardEligible bool                   `json:"isCardEligible"`
	Cards          []string               `json:"cards"`
	CardActivation map[string]any         `json:"cardActivation"`
	Street         string                 `json:"street"`
	PostalCode     string                 `json:"postalCode"`
	City           string                 `json:"city"`
	Country        string                 `json:"country"`
	Limits         limitWindow            `json:"limits"`
	Contacts       map[string][]contact   `json:"contacts"`
	DepositBank    map[string]depositBank `json:"depositBank"`
}

func (s *Server) hBR(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("Sandbox Tester %d", a.TokenID)
	p := profile{
		TokenID: a.TokenID, BR: name, IBAN: a.IBAN, Email: a.Email, Mobile: "+41 79 000 00 00",
		DebitCard: "Visa Debit", IsCardEligible: a.CardEligible && a.Status == StatusLive, Cards: []string{},
		CardActivation: map[string]any{"amount": num(cardActivationUSD, 0), "currency": "USD"},
		Street:         "Bahnhofstrasse 1", PostalCode: "8001", City: "Zürich", Country: "CHE",
		Limits:      s.limitsLocked(a),
		Contacts:    contactsOf(a),
		DepositBank: map[string]depositBank{},
	}
	if a.Card != nil {
		p.Cards = append(p.Cards, strconv.FormatUint(a.Card.TokenID, 10))
	}
	if a.Status == StatusLive {
		for _, cur := range []string{"EUR", "CHF"} {
			p.DepositBank[cur] = depositBank{
				Account: a.IBAN, Bank: "Sandbox Bank AG", BIC: "SBXXCHZZ", Payee: name,
				City: "Zürich", Street: "Bahnhofstrasse 1", PostalCode: "8001", Country: "CHE",
			}
		}
		if a.USDPayinApplyID != 0 {
			// The USD IBAN the partner's application provisioned (spec 2.5, 4.4).
			p.DepositBank["USD"] = depositBank{
				Account: swissIBAN(a.TokenID + 500_000_000_000), Bank: "Sandbox Bank AG", BIC: "SBXXCHZZ", Payee: name,
				City: "Zürich", Street: "Bahnhofstrasse 1", PostalCode: "8001", Country: "CHE",
			}
		}
	}
	return p, nil
}

// --- card ---

func cardTokenID(tokenID, seed uint64) uint64 {
	return (tokenID*7919+seed)%900_000_000 + 100_000_000
}

func (s *Server) hCardIssue(req *request) (any, error) {
	var body struct{}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "issuing a card"); err != nil {
		return nil, err
	}
	if !a.CardEligible {
		return nil, apiErr(CodeParam, "tokenId %d is not card eligible", a.TokenID)
	}
	if a.Card != nil {
		return nil, apiErr(CodeParam, "a card already exists (one card per user)")
	}
	fiat, err := s.fiatUSDLocked(req.ctx, a.Owner)
	if err != nil {
		return nil, err
	}
	if fiat.LessThan(cardActivationUSD) {
		return nil, apiErr(CodeParam, "balance %s USD is below the card activation amount %s USD", fiat.StringFixed(2), cardActivationUSD)
	}
	id := cardTokenID(a.TokenID, s.cfg.Seed)
	a.Card = &card{
		TokenID: id, ExternalID: fmt.Sprintf("crd_%x", crypto.Keccak256([]byte(fmt.Sprintf("card/%d", id)))[:8]),
		Last4: fmt.Sprintf("%04d", id%10000), Status: "Active", Currency: "EUR", IssuedMs: s.nowLocked().UnixMilli(),
	}
	s.dirty = true
	s.addCardRecordLocked(a, "Card issued")
	return nil, nil
}

func (s *Server) addCardRecordLocked(a *account, title string) {
	mcc := 0
	s.addRecordLocked(a, Record{
		Type: "CRD", Direction: "OUT", Currency: strings.ToLower(a.Card.Currency), Amount: "0.00", Status: "completed",
		Title: title, Subtitle: "Card •••• " + a.Card.Last4, MCC: &mcc, CrdCurrency: a.Card.Currency,
		InputAmount: "0", OutputAmount: "0", Fee: "0.00", TransferredAmount: "0.00",
		Token: a.Card.Currency + "24", Notes: "card " + a.Card.ExternalID,
	})
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := cryptoRand(b); err != nil {
		return strings.Repeat("0", 2*n)
	}
	return hexutil.Encode(b)[2:]
}

func (s *Server) hCardRead(req *request) (any, error) {
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.Card == nil {
		err := apiErr(CodeParam, "no card issued for tokenId %d (POST /api/v2/card issues one)", a.TokenID)
		if s.cfg.Dialect.NoCard404 {
			return nil, &statusError{http.StatusNotFound, err}
		}
		return nil, err
	}
	c := a.Card
	lim := s.limitsLocked(a)
	card := unwrapped{
		"security": map[string]bool{
			"contactlessEnabled": true, "withdrawalEnabled": true, "internetPurchaseEnabled": true, "overallLimitsEnabled": true,
		},
		"currencies": cardCurrencies,
		"tokenId":    c.TokenID,
		"limits": map[string]any{
			"account":          lim,
			"withdrawal":       map[string]json.Number{"used": num(decimal.Zero, 2), "max": num(decimal.NewFromInt(1000), 2)},
			"internetPurchase": map[string]json.Number{"used": num(decimal.Zero, 2), "max": num(decimal.NewFromInt(5000), 2)},
		},
		"cardDesign": "sandbox-blue",
		"cardHolder": fmt.Sprintf("SANDBOX TESTER %d", a.TokenID),
		"status":     c.Status,
		"currency":   c.Currency,
		"masked":     map[string]string{"cardNumber": "**** **** **** " + c.Last4, "cvv2": "***", "expiry": "**/**"},
		"cardToken":  "ct_" + randomHex(16),
		"activeTokens": []map[string]any{
			{"id": fmt.Sprintf("dwt_%d", c.TokenID), "type": "apple_pay", "createdAt": c.IssuedMs},
		},
		"externalId": c.ExternalID,
	}
	if s.cfg.Dialect.FrozenFlag {
		card["frozen"] = c.Status == "Blocked"
		card["status"] = "Active"
	}
	if s.cfg.Dialect.CardList {
		return map[string]any{"cards": []any{map[string]any(card)}}, nil
	}
	return card, nil
}

func (s *Server) hCardStatus(req *request) (any, error) {
	var body struct {
		CardTokenID *string `json:"cardTokenId"`
		Status      *int    `json:"status"`
	}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.CardTokenID == nil || *body.CardTokenID == "" {
		return nil, apiErr(CodeParam, "cardTokenId: required (the card's tokenId from GET /api/v2/card, as a string)")
	}
	if body.Status == nil {
		return nil, apiErr(CodeParam, "status: required (0 blocked, 1 active)")
	}
	if *body.Status != 0 && *body.Status != 1 {
		return nil, apiErr(CodeParam, "status %d: expected 0 (blocked) or 1 (active)", *body.Status)
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.Card == nil {
		return nil, apiErr(CodeParam, "no card issued for tokenId %d", a.TokenID)
	}
	if *body.CardTokenID != strconv.FormatUint(a.Card.TokenID, 10) {
		return nil, apiErr(CodeParam, "cardTokenId %q is not the card's tokenId (see GET /api/v2/card)", *body.CardTokenID)
	}
	want := "Active"
	if *body.Status == 0 {
		want = "Blocked"
	}
	if a.Card.Status != want {
		a.Card.Status = want
		s.dirty = true
		title := "Card unblocked"
		if want == "Blocked" {
			title = "Card blocked"
		}
		s.addCardRecordLocked(a, title)
	}
	return map[string]any{
		"status": *body.Status,
		"data":   map[string]string{"cardTokenId": *body.CardTokenID, "cardStatus": want, "externalId": a.Card.ExternalID},
	}, nil
}

// cardCurrencies are the currencies a sandbox card offers (its currencies[]).
var cardCurrencies = []string{"EUR", "CHF", "USD"}

// hCardCurrency sets the card's currency (evidence §3: the body names the card by its
// externalId; a tokenId in its place is refused, as the integrator warns).
func (s *Server) hCardCurrency(req *request) (any, error) {
	var body struct {
		CardExternalID *string `json:"cardExternalId"`
		Currency       *string `json:"currency"`
	}
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.CardExternalID == nil || *body.CardExternalID == "" {
		return nil, apiErr(CodeParam, "cardExternalId: required (the card's externalId from GET /api/v2/card)")
	}
	if body.Currency == nil || *body.Currency == "" {
		return nil, apiErr(CodeParam, "currency: required (one of the card's currencies)")
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if a.Card == nil {
		return nil, apiErr(CodeParam, "no card issued for tokenId %d", a.TokenID)
	}
	if *body.CardExternalID != a.Card.ExternalID {
		if *body.CardExternalID == strconv.FormatUint(a.Card.TokenID, 10) {
			return nil, apiErr(CodeParam, "cardExternalId %q is the card's tokenId: this route takes its externalId (see GET /api/v2/card)", *body.CardExternalID)
		}
		return nil, apiErr(CodeParam, "cardExternalId %q is not the card's externalId (see GET /api/v2/card)", *body.CardExternalID)
	}
	if !slices.Contains(cardCurrencies, *body.Currency) {
		return nil, apiErr(CodeParam, "currency %q: the card offers %s", *body.Currency, strings.Join(cardCurrencies, ", "))
	}
	if a.Card.Currency != *body.Currency {
		from := a.Card.Currency
		a.Card.Currency = *body.Currency
		s.dirty = true
		s.addCardRecordLocked(a, "Card currency "+from+" → "+*body.Currency)
	}
	return nil, nil
}

// --- token permit ---

type permitRequest struct {
	Address *string `json:"address"`
	permitFields
}

// permitFields are the permit's fields of every body that carries one.
type permitFields struct {
	Amount         *string `json:"amount"`
	PermitAmount   *string `json:"permitAmount"`
	PermitDeadline *int64  `json:"permitDeadline"`
	PermitV        *int    `json:"permitV"`
	PermitR        *string `json:"permitR"`
	PermitS        *string `json:"permitS"`
}

func parseAmount(field, v string, decimals uint8) (decimal.Decimal, *big.Int, error) {
	d, err := decimal.NewFromString(v)
	if err != nil || strings.ContainsAny(v, "eE") {
		return d, nil, apiErr(CodeParam, "%s %q: expected a decimal string such as \"12.50\"", field, v)
	}
	if d.Sign() <= 0 {
		return d, nil, apiErr(CodeParam, "%s %q: expected a positive amount", field, v)
	}
	u, err := toUnits(d, decimals)
	if err != nil {
		return d, nil, apiErr(CodeParam, "%s %q: more than %d decimals for this token (never rounded)", field, v, decimals)
	}
	return d, u, nil
}

// parsePermitAmount reads a token-permit amount in the unit the sandbox is configured for
// (Config.PermitAmountUnit): an integer of smallest units, or a decimal in token units.
func (s *Server) parsePermitAmount(field, v string, decimals uint8) (decimal.Decimal, *big.Int, error) {
	if s.cfg.PermitAmountUnit == "token" {
		return parseAmount(field, v, decimals)
	}
	u, ok := new(big.Int).SetString(v, 10)
	if !ok || u.Sign() <= 0 || strings.HasPrefix(v, "+") || (len(v) > 1 && v[0] == '0') {
		return decimal.Decimal{}, nil, apiErr(CodeParam, "%s %q: expected a positive integer of the token's smallest units, such as \"2500\" for 25.00 with 2 decimals", field, v)
	}
	return decimal.NewFromBigInt(u, -int32(decimals)), u, nil
}

func (s *Server) hTokenPermit(req *request) (any, error) {
	pr, err := s.readPermit(req)
	if err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "a token permit"); err != nil {
		return nil, err
	}
	t, value := pr.token, pr.value
	role, spender, err := s.permitSpender(req, pr, a.Owner)
	if err != nil {
		return nil, err
	}
	allowance, err := s.chain.Allowance(req.ctx, t.Address, a.Owner, spender)
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	if allowance.Cmp(value) >= 0 || s.cfg.Dialect.ExistingAllowance && allowance.Sign() > 0 {
		return nil, apiErr(CodeAllowance, "exists Allowance: %s spender %s already has %s (the permit signs %s)", role, spender.Hex(), allowance, value)
	}
	tx, err := s.relayPermit(req, pr, a.Owner, spender)
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	permitAmount, amount := pr.permitAmount, pr.amount
	cur := strings.ToLower(strings.TrimSuffix(t.Symbol, "24"))
	s.addRecordLocked(a, Record{
		Type: "UNKNOWN", Direction: "OUT", Currency: cur, Amount: "0.00", Status: "completed",
		Title: "Token permit", Subtitle: fmt.Sprintf("%s %s for the %s contract", permitAmount.String(), t.Symbol, role),
		TxHash: tx.Hex(), Token: t.Symbol, TokenAddress: t.Address.Hex(),
		InputAmount: "0", OutputAmount: value.String(), Fee: "0.00", TransferredAmount: "0.00",
		FromAddress: strings.ToLower(a.Owner.Hex()), ToAddress: strings.ToLower(spender.Hex()),
		Notes: "permit " + role + " " + amount.String(),
	})
	return map[string]string{"status": "success", "txHash": tx.Hex()}, nil
}

// permitIn is a token-permit body as the sandbox has read it.
type permitIn struct {
	token                homechain.Token
	amount, permitAmount decimal.Decimal
	value, deadline      *big.Int
	v                    uint8
	r, s                 [32]byte
	sig                  string
}

// readPermit reads and checks a token-permit body: every field there, a token of the home
// chain, amounts in the configured unit with the permit covering the amount, a deadline
// after server time and a signature of the right form.
func (s *Server) readPermit(req *request) (permitIn, error) {
	var body permitRequest
	if err := decodeStrict(req.body, &body); err != nil {
		return permitIn{}, err
	}
	return s.checkPermitBody(body, "address")
}

// checkPermitBody checks the permit fields of a body that carries one; tokenKey is the
// body's name for the token's address.
func (s *Server) checkPermitBody(body permitRequest, tokenKey string) (permitIn, error) {
	for _, f := range []struct {
		name string
		ok   bool
	}{
		{tokenKey, body.Address != nil && *body.Address != ""}, {"amount", body.Amount != nil && *body.Amount != ""},
		{"permitAmount", body.PermitAmount != nil && *body.PermitAmount != ""}, {"permitDeadline", body.PermitDeadline != nil},
		{"permitV", body.PermitV != nil}, {"permitR", body.PermitR != nil && *body.PermitR != ""},
		{"permitS", body.PermitS != nil && *body.PermitS != ""},
	} {
		if !f.ok {
			return permitIn{}, apiErr(CodeParam, "%s: required", f.name)
		}
	}
	tokenAddr, err := parseAddress(tokenKey, *body.Address)
	if err != nil {
		return permitIn{}, err
	}
	t, ok := s.tokenByAddress(tokenAddr)
	if !ok {
		return permitIn{}, apiErr(CodeParam, "%s %s is not a token of the home chain", tokenKey, tokenAddr.Hex())
	}
	pr := permitIn{token: t}
	if pr.amount, _, err = s.parsePermitAmount("amount", *body.Amount, t.Decimals); err != nil {
		return permitIn{}, err
	}
	if pr.permitAmount, pr.value, err = s.parsePermitAmount("permitAmount", *body.PermitAmount, t.Decimals); err != nil {
		return permitIn{}, err
	}
	if pr.permitAmount.LessThan(pr.amount) {
		return permitIn{}, apiErr(CodeParam, "permitAmount %s does not cover amount %s", pr.permitAmount, pr.amount)
	}
	now := s.nowLocked().Unix()
	if *body.PermitDeadline <= now {
		return permitIn{}, apiErr(CodeParam, "permitDeadline %d is not after server time %d", *body.PermitDeadline, now)
	}
	if *body.PermitV < 0 || *body.PermitV > 255 {
		return permitIn{}, apiErr(CodeParam, "permitV %d: expected 27 or 28", *body.PermitV)
	}
	if pr.sig, err = wallet.SplitSignature(uint8(*body.PermitV), *body.PermitR, *body.PermitS); err != nil {
		return permitIn{}, apiErr(CodeParam, "%v", err)
	}
	pr.deadline, pr.v = big.NewInt(*body.PermitDeadline), uint8(*body.PermitV)
	copy(pr.r[:], common.FromHex(*body.PermitR))
	copy(pr.s[:], common.FromHex(*body.PermitS))
	return pr, nil
}

// permitSpender is the spender the permit's signature is for, among those token-permit
// relays: the card-spend permit only, to the card-authorization contract (the service's
// contracts and the public integration agree).
func (s *Server) permitSpender(req *request, pr permitIn, owner common.Address) (string, common.Address, error) {
	t := pr.token
	nonce, err := s.chain.Nonce(req.ctx, t.Address, owner)
	if err != nil {
		return "", common.Address{}, apiErr(CodeSystem, "chain: %v", err)
	}
	c := s.chain.Contracts()
	spenders := []struct {
		role string
		addr common.Address
	}{{"card", c.CardSpender}}
	for _, sp := range spenders {
		if sp.addr == (common.Address{}) {
			continue
		}
		p := wallet.Permit{
			Domain: wallet.PermitDomain{Name: t.Name, Version: "1", ChainID: new(big.Int).SetUint64(s.chainID), VerifyingContract: t.Address},
			Owner:  owner, Spender: sp.addr, Value: pr.value, Nonce: nonce, Deadline: pr.deadline,
		}
		if got, err := wallet.RecoverPermit(p, pr.sig); err == nil && got == owner {
			return sp.role, sp.addr, nil
		}
	}
	return "", common.Address{}, apiErr(CodeAuth, "permit signature does not match the card spender %s (token-permit relays the card-spend permit only) for owner %s, token %s (%q), value %s, nonce %s, chainId %d",
		c.CardSpender.Hex(), owner.Hex(), t.Address.Hex(), t.Name, pr.value, nonce, s.chainID)
}

// relayPermit sends the permit on chain as the service's relayer does, or as a careless one
// the faults ask for.
func (s *Server) relayPermit(req *request, pr permitIn, owner, spender common.Address) (common.Hash, error) {
	t := pr.token
	relay, careless := s.chain.Permit, relayFault(req.ctx)
	if careless == RelayUnchecked {
		relay = s.chain.PermitUnchecked
	}
	tx, err := relay(req.ctx, t.Address, owner, spender, pr.value, pr.deadline, pr.v, pr.r, pr.s)
	if err == nil && careless == RelayAgain {
		// The same permit sent again reverts (its nonce is used); the answer names it.
		tx, err = s.chain.PermitUnchecked(req.ctx, t.Address, owner, spender, pr.value, pr.deadline, pr.v, pr.r, pr.s)
	}
	return tx, err
}
