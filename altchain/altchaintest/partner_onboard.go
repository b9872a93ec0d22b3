package altchaintest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/ethereum/go-ethereum/common"

	"purse/protocol"
	"purse/wallet"
)

// Accounts is what the partner API's onboarding routes need of the service's accounts (the
// end-user sandbox is one). A ServiceError is answered with its code; another error is
// 50002.
type Accounts interface {
	// Network is the home chain id the accounts live on: the by-network calls' network.
	Network() string
	// MintForPartner mints an account for owner with partner as its wallet provider and
	// returns its id and mint transaction; an address that has an account is refused with
	// duplicateCode.
	MintForPartner(ctx context.Context, partner, owner common.Address, email string, duplicateCode int) (tokenID uint64, txHash string, err error)
	// IDVTokenForPartner makes the vendor access token of an account partner minted.
	IDVTokenForPartner(ctx context.Context, partner common.Address, tokenID uint64) (string, error)
	// IDVStatusForPartner is the vendor KYC status record (spec 2.13) partner may see; nil
	// when there is none.
	IDVStatusForPartner(ctx context.Context, partner common.Address, tokenID uint64) (map[string]any, error)
	// ApplyUSDPayinForPartner provisions the account's USD IBAN (spec 4.4) and returns the
	// application's id.
	ApplyUSDPayinForPartner(ctx context.Context, partner common.Address, tokenID uint64, remark string) (int64, error)
}

// ServiceError is an account-side refusal with the partner code to answer and the message.
type ServiceError interface {
	error
	ServiceCode() int
	ServiceMessage() string
}

// accountErr answers an error of the account side.
func accountErr(err error) *partnerError {
	var se ServiceError
	if errors.As(err, &se) {
		return perr(se.ServiceCode(), "%s", se.ServiceMessage())
	}
	return perr(CodeInternal, "accounts: %v", err)
}

// decodeStrings decodes a body of string members: a body that is not one JSON object of the
// named members, or a member that is not a string, is 20002; an absent or empty member is
// missing.
func decodeStrings(body []byte, names ...string) (map[string]string, []string, *partnerError) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil || dec.More() || raw == nil {
		return nil, nil, perr(CodeParse, "body: expected one JSON object")
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	for k := range raw {
		if !known[k] {
			return nil, nil, perr(CodeParse, "body: unknown field %q", k)
		}
	}
	out := map[string]string{}
	var missing []string
	for _, n := range names {
		v, ok := raw[n]
		if !ok || string(v) == "null" {
			missing = append(missing, n)
			continue
		}
		var str string
		if err := json.Unmarshal(v, &str); err != nil {
			return nil, nil, perr(CodeParse, "%s: expected a string, got %s", n, v)
		}
		if str == "" {
			missing = append(missing, n)
		}
		out[n] = str
	}
	return out, missing, nil
}

// mintNFT serves POST /v1/mint/nft: the partner's auth, then the user's consent (the
// full-auth construction over hash and deadline, by evmAddress, at most 300 seconds ahead).
func (s *Sandbox) mintNFT(r *http.Request, body []byte) (any, *partnerError) {
	caller, pe := s.checkPartnerAuth(r, body)
	if pe != nil {
		return nil, pe
	}
	f, missing, pe := decodeStrings(body, "email", "evmAddress", "signature", "hash", "deadline")
	if pe != nil {
		return nil, pe
	}
	if len(missing) > 0 {
		return nil, perr(CodeMissing, "missing required field %s (email, evmAddress, signature, hash and deadline are required strings)", missing[0])
	}
	if !addrRe.MatchString(f["evmAddress"]) {
		return nil, perr(CodeParam, "evmAddress %q: expected a 0x-prefixed 20-byte address", f["evmAddress"])
	}
	owner := common.HexToAddress(f["evmAddress"])
	if !decimalRe.MatchString(f["deadline"]) {
		return nil, perr(CodeParam, "deadline %q: expected Unix seconds as a decimal string", f["deadline"])
	}
	deadline, _ := strconv.ParseInt(f["deadline"], 10, 64)
	now := s.clock().Unix()
	max := int64(protocol.MaxMintConsentWindow.Seconds())
	switch {
	case deadline <= now:
		return nil, perr(CodeParam, "deadline %d: the consent expired %d s ago", deadline, now-deadline)
	case deadline-now > max:
		return nil, perr(CodeParam, "deadline %d: %d s ahead, more than the %d s a consent may last", deadline, deadline-now, max)
	}
	if !sigRe.MatchString(f["signature"]) {
		return nil, perr(CodeParam, "signature: expected a 0x-prefixed 65-byte hex signature")
	}
	if signer, err := wallet.RecoverFullAuth(f["hash"], f["deadline"], f["signature"]); err != nil || signer != owner {
		return nil, perr(CodeParam, "signature: not the consent of evmAddress %s over hash and deadline", owner.Hex())
	}
	if s.cfg.Accounts == nil {
		return nil, perr(CodeInternal, "the sandbox partner API has no account service to mint in")
	}
	s.mu.Lock()
	dup := s.faults.MintDuplicateCode
	s.mu.Unlock()
	if dup == 0 {
		dup = CodeHasAccount
	}
	id, tx, err := s.cfg.Accounts.MintForPartner(r.Context(), caller, owner, f["email"], dup)
	if err != nil {
		return nil, accountErr(err)
	}
	return map[string]any{"tokenId": id, "txHash": tx}, nil
}

// byNetwork authenticates a network-scoped vendor call and reads its {tokenId, network}:
// either missing is 20002 (spec 4.4), a tokenId that is no account id 20003, a network the
// sandbox does not serve 50002 (no configuration for it).
func (s *Sandbox) byNetwork(r *http.Request, body []byte) (common.Address, uint64, *partnerError) {
	var none common.Address
	caller, pe := s.checkPartnerAuth(r, body)
	if pe != nil {
		return none, 0, pe
	}
	f, missing, pe := decodeStrings(body, "tokenId", "network")
	if pe != nil {
		return none, 0, pe
	}
	if len(missing) > 0 {
		return none, 0, perr(CodeParse, "missing %s (tokenId and network are required strings)", missing[0])
	}
	if s.cfg.Accounts == nil {
		return none, 0, perr(CodeInternal, "the sandbox partner API has no account service")
	}
	if err := protocol.CheckTokenID(f["tokenId"]); err != nil {
		return none, 0, perr(CodeParam, "tokenId: %v", err)
	}
	if f["network"] != s.cfg.Accounts.Network() {
		return none, 0, perr(CodeInternal, "no configuration for network %q; the sandbox serves %s", f["network"], s.cfg.Accounts.Network())
	}
	id, _ := strconv.ParseUint(f["tokenId"], 10, 64)
	return caller, id, nil
}

// idvToken serves POST /v1/create-access-token-by-network.
func (s *Sandbox) idvToken(r *http.Request, body []byte) (any, *partnerError) {
	caller, id, pe := s.byNetwork(r, body)
	if pe != nil {
		return nil, pe
	}
	tok, err := s.cfg.Accounts.IDVTokenForPartner(r.Context(), caller, id)
	if err != nil {
		return nil, accountErr(err)
	}
	return map[string]string{"token": tok}, nil
}

// idvStatus serves POST /v1/idv-status-by-network: the record, or an empty object.
func (s *Sandbox) idvStatus(r *http.Request, body []byte) (any, *partnerError) {
	caller, id, pe := s.byNetwork(r, body)
	if pe != nil {
		return nil, pe
	}
	rec, err := s.cfg.Accounts.IDVStatusForPartner(r.Context(), caller, id)
	if err != nil {
		return nil, accountErr(err)
	}
	if rec == nil {
		rec = map[string]any{}
	}
	return rec, nil
}

// applyUSDPayin serves POST /v1/apply-usd-payin: the partner's auth, then {svcId (int64),
// remark (string)}, both required, the account id under the service's name for svcId.
func (s *Sandbox) applyUSDPayin(r *http.Request, body []byte) (any, *partnerError) {
	caller, pe := s.checkPartnerAuth(r, body)
	if pe != nil {
		return nil, pe
	}
	idName := s.cfg.Names.AccountID()
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil || dec.More() || raw == nil {
		return nil, perr(CodeParse, "body: expected one JSON object")
	}
	for k := range raw {
		if k != idName && k != "remark" {
			return nil, perr(CodeParse, "body: unknown field %q (%s and remark)", k, idName)
		}
	}
	var id uint64
	if err := json.Unmarshal(raw[idName], &id); err != nil || id == 0 {
		return nil, perr(CodeParse, "%s: required, an integer account id", idName)
	}
	var remark string
	if err := json.Unmarshal(raw["remark"], &remark); err != nil || remark == "" {
		return nil, perr(CodeParse, "remark: required, a string")
	}
	if s.cfg.Accounts == nil {
		return nil, perr(CodeInternal, "the sandbox partner API has no account service")
	}
	applyID, err := s.cfg.Accounts.ApplyUSDPayinForPartner(r.Context(), caller, id, remark)
	if err != nil {
		return nil, accountErr(err)
	}
	return map[string]any{"applyId": applyID}, nil
}
