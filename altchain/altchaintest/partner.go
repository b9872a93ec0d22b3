package altchaintest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/gagliardetto/solana-go"
	computebudget "github.com/gagliardetto/solana-go/programs/compute-budget"
	"github.com/gagliardetto/solana-go/programs/system"
	"github.com/shopspring/decimal"

	"purse/altchain"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

// Partner API codes the sandbox answers with (spec 4.4, 7).
const (
	CodeOK       = 0
	CodeAuth     = 10001
	CodeMissing  = 20001
	CodeParse    = 20002
	CodeParam    = 20003
	CodeInternal = 50002
	CodeRPC      = 50003
	// CodeHasAccount is spec 7's answer to a mint for an address that has an account;
	// CodeDuplicateMint the service's own documentation's (Faults.MintDuplicateCode).
	CodeHasAccount    = 30001
	CodeDuplicateMint = 10005
)

// ExchangeRates are the sandbox's USDC → fiat rates.
var ExchangeRates = map[string]decimal.Decimal{
	"EUR": decimal.RequireFromString("0.92"),
	"CHF": decimal.RequireFromString("0.88"),
	"USD": decimal.RequireFromString("1"),
	"CNH": decimal.RequireFromString("7.25"),
}

// Fees of the sandbox quote: 0.5% processing and a flat network fee, in the output
// currency.
var (
	ProcessingFeeRate = decimal.RequireFromString("0.005")
	NetworkFee        = decimal.RequireFromString("0.10")
)

type partnerError struct {
	code int
	msg  string
}

func perr(code int, format string, a ...any) *partnerError {
	return &partnerError{code: code, msg: fmt.Sprintf(format, a...)}
}

// PartnerHandler serves the partner API: POST /v1/altchain/deposit/quote and the onboarding
// routes (POST /v1/mint/nft, /v1/create-access-token-by-network, /v1/idv-status-by-network),
// each path under Config.Names (altchain, idv), with the partner envelope {code, message,
// data}; business errors are HTTP 200 with a non-zero code, and every answer is signed
// (Faults.ResponseSignature).
func (s *Sandbox) PartnerHandler() http.Handler {
	n := s.cfg.Names
	quote, mint := n.Path(altchain.QuotePath), partner.DefaultPath(partner.RouteMint, n)
	idvToken, idvStatus := partner.DefaultPath(partner.RouteIDVToken, n), partner.DefaultPath(partner.RouteIDVStatus, n)
	usdPayin, _ := partner.LookupRoute(partner.RouteApplyUSDPayin)
	routes := map[string]func(r *http.Request, body []byte) (any, *partnerError){
		quote: s.quote, mint: s.mintNFT, idvToken: s.idvToken, idvStatus: s.idvStatus, usdPayin.Path: s.applyUSDPayin,
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serve, ok := routes[r.URL.Path]
		if !ok {
			writeEnvelope(w, http.StatusNotFound, perr(CodeParse, "no route %s %s in the sandbox partner API (it serves POST %s, %s, %s, %s and %s)", r.Method, r.URL.Path,
				quote, mint, idvToken, idvStatus, usdPayin.Path), nil)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeEnvelope(w, http.StatusMethodNotAllowed, perr(CodeParse, "%s: POST only", r.URL.Path), nil)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16+1))
		if err != nil || len(body) > 1<<16 {
			writeEnvelope(w, http.StatusOK, perr(CodeParse, "the body could not be read or is larger than 64 KiB"), nil)
			return
		}
		data, pe := serve(r, body)
		s.mu.Lock()
		mode := s.faults.ResponseSignature
		s.mu.Unlock()
		s.writeSigned(w, mode, pe, data)
	})
}

// ResponseKey signs the sandbox's partner API answers (spec 5.5: x-api-signature and
// x-api-publicKey, EIP-191 over the raw body); ResponseSignerAddress is its address, which
// /sandbox/info announces so a profile can pin it.
var ResponseKey = func() *wallet.EVMKey {
	h := sha256.Sum256([]byte("purse sandbox partner response key"))
	k, err := wallet.ParseEVMKey(hex.EncodeToString(h[:]))
	if err != nil {
		panic(err)
	}
	return k
}()

// Response-signature modes (Faults.ResponseSignature).
const (
	ResponseSigned   = ""         // signed by ResponseKey
	ResponseUnsigned = "none"     // no signature headers
	ResponseForeign  = "foreign"  // signed by another key (Attacker's)
	ResponseTampered = "tampered" // signed by ResponseKey over other bytes than sent
)

// writeSigned writes a partner envelope with the response-signature headers of mode.
func (s *Sandbox) writeSigned(w http.ResponseWriter, mode string, e *partnerError, data any) {
	env := map[string]any{"code": CodeOK, "message": "success", "data": data}
	if e != nil {
		env = map[string]any{"code": e.code, "message": e.msg, "data": nil}
	}
	body, _ := json.Marshal(env)
	body = append(body, '\n')
	signed := body
	key := ResponseKey
	switch mode {
	case ResponseForeign:
		key = foreignResponseKey
	case ResponseTampered:
		signed = append([]byte(" "), body...)
	}
	if mode != ResponseUnsigned {
		if sig, err := wallet.SignPersonal(key, signed); err == nil {
			w.Header().Set("x-api-signature", hexutil.Encode(sig))
			w.Header().Set("x-api-publicKey", key.Address().Hex())
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

var foreignResponseKey = func() *wallet.EVMKey {
	h := sha256.Sum256([]byte("purse sandbox attacker response key"))
	k, _ := wallet.ParseEVMKey(hex.EncodeToString(h[:]))
	return k
}()

func writeEnvelope(w http.ResponseWriter, status int, e *partnerError, data any) {
	env := map[string]any{"code": CodeOK, "message": "success", "data": data}
	if e != nil {
		env = map[string]any{"code": e.code, "message": e.msg, "data": nil}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(env)
}

var (
	sigRe     = regexp.MustCompile(`^0x[0-9a-fA-F]{130}$`)
	addrRe    = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)
	decimalRe = regexp.MustCompile(`^[0-9]{1,19}$`)
)

// checkPartnerAuth verifies partner auth strictly in the configured variant: spec 5.1, or
// UR's documented form (UR-SIG), where X-Api-PublicKey is optional and the signer is who
// the signature recovers to. Every failure is 10001 naming the check.
func (s *Sandbox) checkPartnerAuth(r *http.Request, body []byte) (common.Address, *partnerError) {
	var none common.Address
	sig, dl, pub := r.Header.Get(partner.HeaderAPISignature), r.Header.Get(partner.HeaderAPIDeadline), r.Header.Get(partner.HeaderAPIPublicKey)
	deadline, pe := s.partnerHeaders(sig, dl, pub)
	if pe != nil {
		return none, pe
	}
	key := common.HexToAddress(pub)
	if pub != "" && !s.isPartner(key) {
		return none, perr(CodeAuth, "partner auth: %s %s is not a registered partner key", partner.HeaderAPIPublicKey, key.Hex())
	}
	if !sigRe.MatchString(sig) {
		return none, perr(CodeAuth, "partner auth: %s is not a 0x-prefixed 65-byte hex signature", partner.HeaderAPISignature)
	}
	idName, idHeader := s.cfg.Names.AccountID(), s.cfg.Names.AccountIDHeader()
	if idName == protocol.StandInSvcID {
		idName = ""
	}
	svc, ext := r.Header.Get(idHeader), r.Header.Get(partner.HeaderExternalUserID)
	// by says whether a recovered signer is the caller: the named key, or a registered
	// partner when none is named (UR's form).
	by := func(msg string) (common.Address, bool, error) {
		signer, err := wallet.RecoverPersonal([]byte(msg), sig)
		return signer, err == nil && (signer == key || pub == "" && s.isPartner(signer)), err
	}
	signer, ok, err := by(wallet.PartnerAuthMessage(s.cfg.PartnerAuth, body, idName, svc, ext, deadline))
	if ok {
		return signer, nil
	}
	other := wallet.PartnerAuthSpec
	if s.cfg.PartnerAuth == wallet.PartnerAuthSpec {
		other = wallet.PartnerAuthUR
	}
	if _, ok, _ := by(wallet.PartnerAuthMessage(other, body, idName, svc, ext, deadline)); ok {
		return none, perr(CodeAuth, "partner auth: the signature is over the %s message variant; this service accepts the %s variant only", other, s.cfg.PartnerAuth)
	}
	if err == nil && pub != "" && s.isPartner(signer) {
		return none, perr(CodeAuth, "partner auth: the signature is by %s, not by %s %s", signer.Hex(), partner.HeaderAPIPublicKey, key.Hex())
	}
	return none, perr(CodeAuth, "partner auth: the signature is not from a registered partner key (wrong key, or the body, %s or deadline differ from what was signed)", idHeader)
}

// partnerHeaders checks the partner-auth headers' presence (the public key only in the
// spec's variant) and forms, and the deadline's window; it returns the deadline.
func (s *Sandbox) partnerHeaders(sig, dl, pub string) (int64, *partnerError) {
	required := []struct{ name, v string }{{partner.HeaderAPISignature, sig}, {partner.HeaderAPIDeadline, dl}}
	if s.cfg.PartnerAuth == wallet.PartnerAuthSpec {
		required = append(required, struct{ name, v string }{partner.HeaderAPIPublicKey, pub})
	}
	for _, h := range required {
		if h.v == "" {
			return 0, perr(CodeAuth, "partner auth: header %s is missing", h.name)
		}
	}
	if !decimalRe.MatchString(dl) {
		return 0, perr(CodeAuth, "partner auth: %s %q is not Unix seconds", partner.HeaderAPIDeadline, dl)
	}
	deadline, err := strconv.ParseInt(dl, 10, 64)
	if err != nil {
		return 0, perr(CodeAuth, "partner auth: %s %q is not Unix seconds", partner.HeaderAPIDeadline, dl)
	}
	now := s.clock().Unix()
	if now > deadline {
		return 0, perr(CodeAuth, "partner auth: deadline %d expired %d s ago", deadline, now-deadline)
	}
	if max := int64(protocol.MaxPartnerDeadline.Seconds()); deadline-now > max {
		return 0, perr(CodeAuth, "partner auth: deadline %d is %d s ahead, more than the %d s allowed", deadline, deadline-now, max)
	}
	if pub != "" && !addrRe.MatchString(pub) {
		return 0, perr(CodeAuth, "partner auth: %s %q is not a 0x-prefixed 20-byte address", partner.HeaderAPIPublicKey, pub)
	}
	return deadline, nil
}

type quoteRequest struct {
	SvcID            json.RawMessage `json:"svcId"`
	AltchainAddress  json.RawMessage `json:"altchainAddress"`
	USDCAmount       json.RawMessage `json:"usdcAmount"`
	OutputCurrency   json.RawMessage `json:"outputCurrency"`
	Network          json.RawMessage `json:"network"`
	MinUSDCAmount    json.RawMessage `json:"minUsdcAmount"`
	ComputeUnitPrice json.RawMessage `json:"computeUnitPrice"`
}

// decodeQuoteRequest reads the quote body strictly (10002 for an unknown field), with
// svcId and altchainAddress under the service's names (Config.Names).
func (s *Sandbox) decodeQuoteRequest(body []byte) (quoteRequest, *partnerError) {
	var req quoteRequest
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&fields); err != nil {
		return req, perr(CodeParse, "body: %v", err)
	}
	if dec.More() {
		return req, perr(CodeParse, "body: data after the JSON object")
	}
	slots := map[string]*json.RawMessage{
		s.cfg.Names.AccountID(): &req.SvcID, s.cfg.Names.AltchainField("altchainAddress"): &req.AltchainAddress,
		"usdcAmount": &req.USDCAmount, "outputCurrency": &req.OutputCurrency, "network": &req.Network,
		"minUsdcAmount": &req.MinUSDCAmount, "computeUnitPrice": &req.ComputeUnitPrice,
	}
	for k, v := range fields {
		slot, ok := slots[k]
		if !ok {
			return req, perr(CodeParse, "body: json: unknown field %q", k)
		}
		*slot = v
	}
	return req, nil
}

// optString decodes an optional string member; null and absent give ok false.
func optString(raw json.RawMessage, field string) (string, bool, *partnerError) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", false, nil
	}
	var v string
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", false, perr(CodeParse, "%s: expected a string", field)
	}
	return v, true, nil
}

func canonicalUint(s string) (uint64, bool) {
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// quote authenticates, validates and answers one quote request.
func (s *Sandbox) quote(r *http.Request, body []byte) (any, *partnerError) {
	caller, pe := s.checkPartnerAuth(r, body)
	if pe != nil {
		return nil, pe
	}
	req, pe := s.decodeQuoteRequest(body)
	if pe != nil {
		return nil, pe
	}
	in, pe := s.quoteInput(r, &req)
	if pe != nil {
		return nil, pe
	}
	// The user belongs to this partner.
	if s.cfg.UserUnderPartner != nil && !s.cfg.UserUnderPartner(caller, in.svcID) {
		return nil, perr(CodeParam, "svcId %d: not a user under this partner", in.svcID)
	}
	if pe := s.quoteAmounts(&req, &in); pe != nil {
		return nil, pe
	}
	if pe := s.quoteNetwork(&req); pe != nil {
		return nil, pe
	}
	q, pe := s.buildQuote(in)
	if pe != nil {
		return nil, pe
	}
	before := decimal.New(int64(in.amount/1_000_000), 0).Add(decimal.New(int64(in.amount%1_000_000), -6)).Mul(in.rate).Round(2)
	processing := before.Mul(ProcessingFeeRate).Round(2)
	total := processing.Add(NetworkFee)
	out := before.Sub(total)
	if out.IsNegative() {
		out = decimal.Zero
	}
	fixed := func(d decimal.Decimal) *decimal.Decimal { d = d.Round(2); return &d }
	s.mu.Lock()
	s.quoted[in.user] = quoteMeta{svcID: in.svcID, currency: in.currency, output: out}
	s.mu.Unlock()
	rate := in.rate
	q.OutputAmount, q.OutputAmountBeforeFee, q.ExchangeRate = fixed(out), fixed(before), &rate
	q.ProcessingFee, q.NetworkFee, q.TotalFee = fixed(processing), fixed(NetworkFee), fixed(total)
	w := q.Wire()
	// The service's answer carries no requested amounts or currency: those are what purse records.
	w.USDCAmount, w.MinUSDCAmount, w.OutputCurrency = "", "", ""
	return &w, nil
}

// quoteIn is a quote request as the sandbox has read it.
type quoteIn struct {
	svcID             int64
	user              solana.PublicKey
	currency          string
	rate              decimal.Decimal
	amount            uint64
	amountStr, minStr string
	computeUnitPrice  uint64
}

// quoteInput reads who asks (svcId, under the service's name for it, and the header that
// repeats it), for which wallet and into which currency.
func (s *Sandbox) quoteInput(r *http.Request, req *quoteRequest) (quoteIn, *partnerError) {
	var in quoteIn
	idName, idHeader := s.cfg.Names.AccountID(), s.cfg.Names.AccountIDHeader()
	if len(req.SvcID) == 0 || string(req.SvcID) == "null" {
		return in, perr(CodeParam, "%s: missing", idName)
	}
	n, err := strconv.ParseInt(string(req.SvcID), 10, 64)
	if err != nil || n <= 0 {
		return in, perr(CodeParam, "%s %s: expected a positive integer", idName, req.SvcID)
	}
	in.svcID = n
	if h := r.Header.Get(idHeader); h != "" && h != strconv.FormatInt(in.svcID, 10) {
		return in, perr(CodeParam, "%s %q differs from the body's %s %d", idHeader, h, idName, in.svcID)
	}
	addr, ok, pe := optString(req.AltchainAddress, s.cfg.Names.AltchainField("altchainAddress"))
	if pe != nil {
		return in, pe
	}
	user, err := solana.PublicKeyFromBase58(addr)
	if !ok || err != nil || user.String() != addr || !solana.IsOnCurve(user[:]) {
		return in, perr(CodeParam, "altchainAddress %q: expected a base58 Solana wallet address", addr)
	}
	in.user = user
	cur, _, pe := optString(req.OutputCurrency, "outputCurrency")
	if pe != nil {
		return in, pe
	}
	rate, ok := ExchangeRates[cur]
	if !ok {
		return in, perr(CodeParam, "outputCurrency %q: unsupported (EUR, CHF, USD, CNH)", cur)
	}
	in.currency, in.rate = cur, rate
	return in, nil
}

// quoteAmounts reads usdcAmount, minUsdcAmount and computeUnitPrice.
func (s *Sandbox) quoteAmounts(req *quoteRequest, in *quoteIn) *partnerError {
	amountStr, ok, pe := optString(req.USDCAmount, "usdcAmount")
	if pe != nil {
		return perr(CodeParam, "usdcAmount: expected a smallest-unit integer string")
	}
	amount, valid := canonicalUint(amountStr)
	if !ok || !valid {
		return perr(CodeParam, "usdcAmount %q: expected a smallest-unit integer string", amountStr)
	}
	if amount < altchain.MinUSDCAmount {
		return perr(CodeParam, "usdcAmount %d: below the minimum of 5 USDC (5000000)", amount)
	}
	minStr, hasMin, pe := optString(req.MinUSDCAmount, "minUsdcAmount")
	if pe != nil {
		return perr(CodeParam, "minUsdcAmount: expected a numeric string")
	}
	if hasMin {
		if v, valid := canonicalUint(minStr); !valid || v > amount {
			return perr(CodeParam, "minUsdcAmount %q: expected a numeric string not greater than usdcAmount", minStr)
		}
	}
	in.amount, in.amountStr, in.minStr = amount, amountStr, minStr
	in.computeUnitPrice = uint64(DefaultComputeUnitPrice)
	if raw := req.ComputeUnitPrice; len(raw) > 0 && string(raw) != "null" {
		str := string(raw)
		if strings.HasPrefix(str, `"`) {
			_ = json.Unmarshal(raw, &str)
		}
		v, valid := canonicalUint(str)
		if !valid {
			return perr(CodeParam, "computeUnitPrice %s: expected an integer (micro-lamports per compute unit)", raw)
		}
		in.computeUnitPrice = v
	}
	return nil
}

// quoteNetwork reads the network: omitted means devnet (spec 4.4), which the sandbox does not
// serve.
func (s *Sandbox) quoteNetwork(req *quoteRequest) *partnerError {
	network, hasNetwork, pe := optString(req.Network, "network")
	if pe != nil {
		return pe
	}
	if !hasNetwork || network == "" {
		return perr(CodeInternal, "no chain configuration for network devnet (the default when network is omitted); the sandbox serves %s", s.Network())
	}
	if len(network) < altchain.SandboxNetworkLen || !strings.HasPrefix(altchain.SandboxGenesisHash, network) {
		return perr(CodeInternal, "no chain configuration for network %q; the sandbox serves %s", network, s.Network())
	}
	return nil
}

// buildQuote builds the quote and its transaction as the service would, with the faults
// injected for the next quote (taken now).
func (s *Sandbox) buildQuote(in quoteIn) (*altchain.Quote, *partnerError) {
	s.mu.Lock()
	f := s.faults
	s.faults.ExpireNextQuote, s.faults.MaliciousNextQuote, s.faults.FailNextQuote = false, "", 0
	cur0 := s.heightLocked()
	bh := s.blockhashLocked(cur0)
	if f.ExpireNextQuote {
		bh = s.blockhashLocked(cur0 - BlockhashLifetime - 50)
	}
	s.mu.Unlock()
	if f.FailNextQuote != 0 {
		return nil, perr(f.FailNextQuote, "injected failure: %s", map[int]string{CodeInternal: "missing chain configuration", CodeRPC: "Solana RPC unavailable"}[f.FailNextQuote])
	}
	outToken := EVMOutputToken
	if s.cfg.OutputToken != nil {
		t, ok := s.cfg.OutputToken(in.currency)
		if !ok {
			return nil, perr(CodeInternal, "no chain configuration: the home chain has no %s token", in.currency)
		}
		outToken = t
	}
	nf := s.cfg.NativeFeeLamports
	program := quoteProgram(f)
	q := &altchain.Quote{
		Network: s.Network(), ProgramID: program, OApp: OApp, EndpointProgramID: EndpointProgramID,
		DstEid: DstEid, USDCMint: altchain.SandboxUSDCMint, DepositUSDCAccount: altchain.SandboxDepositAccount,
		FeeReceiver: altchain.SandboxFeeReceiver, EVMOutputToken: outToken,
		NativeFeeLamports: nf, NativeFeeLamportsWithBuffer: nf + nf/5,
		Rules:                altchain.QuoteRules{OnlyUSDC: true, SwapDataMustBeEmpty: true, JupiterRemainingAccountsLenMustBeZero: true, UserMustHaveUSDCAta: true, FeePayerMustBeUser: true},
		LastValidBlockHeight: bh.LastValidBlockHeight,
	}
	if err := q.SetRequested(in.amountStr, in.minStr); err != nil {
		return nil, perr(CodeParam, "%v", err)
	}
	var raw []byte
	var err error
	switch {
	case program == LayerZeroProgramID:
		raw, err = s.buildLayerZero(f.MaliciousNextQuote, q, in.user, bh.Hash, in.computeUnitPrice)
	case f.MaliciousNextQuote != "":
		raw, err = buildMalicious(f.MaliciousNextQuote, q, in.user, bh.Hash)
	case program == OpaqueProgramID:
		raw, err = buildOpaque(q, in.user, bh.Hash, in.computeUnitPrice)
	default:
		raw, err = altchain.BuildDeposit(q, in.user, bh.Hash, DefaultComputeUnitLimit, in.computeUnitPrice, buildOptions())
	}
	if err != nil {
		var re *altchain.RejectedError
		if errors.As(err, &re) {
			return nil, perr(CodeParam, "computeUnitPrice %d: the transaction cannot be built: %v", in.computeUnitPrice, err)
		}
		return nil, perr(CodeRPC, "quote failure: %v", err)
	}
	q.Transaction = raw
	return q, nil
}

// quoteProgram is the deposit program the next quote is for: the one the faults choose, and
// LayerZero's for the malicious quotes that are LayerZero deposits whatever was chosen.
func quoteProgram(f Faults) solana.PublicKey {
	switch f.MaliciousNextQuote {
	case MaliciousSwapNonce, MaliciousUserTokenAccount, MaliciousUserOwnedAccount:
		return LayerZeroProgramID
	}
	switch f.QuoteProgram {
	case QuoteOpaqueProgram:
		return OpaqueProgramID
	case QuoteLayerZeroProgram:
		return LayerZeroProgramID
	}
	return altchain.DefaultSandboxProgramID
}

// buildOptions are the sandbox cluster without a priority-fee cap: the service builds
// what it is asked for; the cap is purse's to enforce.
func buildOptions() *altchain.Options {
	sb := altchain.SandboxCluster()
	sb.Pins.FeeCapLamports = math.MaxUint64
	return &altchain.Options{Clusters: []altchain.ClusterInfo{sb}}
}

// buildOpaque builds the opaque program's deposit as the service would: the requested
// amounts, the buffered native fee.
func buildOpaque(q *altchain.Quote, user solana.PublicKey, bh solana.Hash, price uint64) ([]byte, error) {
	acc, err := altchain.ExpectedDepositAccounts(q, user)
	if err != nil {
		return nil, err
	}
	args := altchain.DepositArgs{USDCAmount: q.USDCAmount, MinUSDCAmount: q.MinUSDCAmount, NativeFeeLamports: q.NativeFeeLamportsWithBuffer, DstEid: q.DstEid, EVMOutputToken: q.EVMOutputToken}
	tx, err := solana.NewTransaction([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(DefaultComputeUnitLimit).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(price).Build(),
		opaqueInstruction(acc, args),
	}, bh, solana.TransactionPayer(user))
	if err != nil {
		return nil, err
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	return tx.MarshalBinary()
}

// buildMalicious builds a deposit that must never be signed.
func buildMalicious(kind string, q *altchain.Quote, user solana.PublicKey, bh solana.Hash) ([]byte, error) {
	acc, err := altchain.ExpectedDepositAccounts(q, user)
	if err != nil {
		return nil, err
	}
	args := altchain.DepositArgs{USDCAmount: q.USDCAmount, MinUSDCAmount: q.MinUSDCAmount, NativeFeeLamports: q.NativeFeeLamportsWithBuffer, DstEid: q.DstEid, EVMOutputToken: q.EVMOutputToken}
	limit, price := uint32(DefaultComputeUnitLimit), uint64(DefaultComputeUnitPrice)
	var extra []solana.Instruction
	switch kind {
	case MaliciousExtraTransfer:
		extra = append(extra, system.NewTransferInstruction(1_000_000_000, user, Attacker).Build())
	case MaliciousSwapDeposit:
		if acc.DepositUSDC, err = altchain.AssociatedTokenAddress(Attacker, q.USDCMint, solana.TokenProgramID); err != nil {
			return nil, err
		}
	case MaliciousDrainFee:
		price = 1_000_000_000_000 // 0.4 SOL of priority fee at 400,000 units
	case MaliciousOverdraw:
		args.USDCAmount += 1_000_000
	default:
		return nil, fmt.Errorf("unknown malicious kind %q", kind)
	}
	dep := altchain.NewDepositInstruction(q.ProgramID, acc, args)
	if q.ProgramID == OpaqueProgramID {
		dep = opaqueInstruction(acc, args)
	}
	ixs := append([]solana.Instruction{
		computebudget.NewSetComputeUnitLimitInstruction(limit).Build(),
		computebudget.NewSetComputeUnitPriceInstruction(price).Build(),
		dep,
	}, extra...)
	tx, err := solana.NewTransaction(ixs, bh, solana.TransactionPayer(user))
	if err != nil {
		return nil, err
	}
	tx.Message.SetVersion(solana.MessageVersionV0)
	return tx.MarshalBinary()
}
