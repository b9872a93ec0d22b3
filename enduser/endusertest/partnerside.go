package endusertest

import (
	"context"
	"errors"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// The partner API's onboarding routes (spec 4.4: the partner mint, the vendor token and
// status by network) act on these accounts. The partner sandbox (altchaintest) serves them
// and calls the methods below, which answer with the partner API's codes (spec 7; read
// with ServiceCode) where the end-user routes answer retCodes.

// Partner API codes of the onboarding routes.
const (
	partnerCodeParam = 20003
	partnerCodeChain = 50003
)

// ServiceCode and ServiceMessage are the error's code and message as the API that called
// answers them (altchaintest.ServiceError).
func (e *APIError) ServiceCode() int       { return e.Code }
func (e *APIError) ServiceMessage() string { return e.Msg }

// MintForPartner mints an account for owner on behalf of partner, which becomes the
// account's wallet provider: the service picks the account id (as it does for the end-user
// mint beforehand). An address that has an account is refused with duplicateCode (30001 in
// spec 7, 10005 in the service's own documentation); a malformed or registered email with
// 20003; a chain failure with 50003.
func (s *Server) MintForPartner(ctx context.Context, partner, owner common.Address, email string, duplicateCode int) (tokenID uint64, txHash string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !validEmail(email) {
		return 0, "", apiErr(partnerCodeParam, "email %q: not an email address", email)
	}
	if _, taken := s.st.Emails[strings.ToLower(email)]; taken {
		return 0, "", apiErr(partnerCodeParam, "email %q is already registered", email)
	}
	id, err := s.issueTokenIDLocked()
	if err != nil {
		return 0, "", s.finishLocked(err)
	}
	a, err := s.mintLocked(ctx, id, owner, email)
	if err != nil {
		code := partnerCodeChain
		if ae := (*APIError)(nil); errors.As(err, &ae) && ae.Code == CodeHasAccount {
			code = duplicateCode
		}
		return 0, "", s.finishLocked(asPartner(code, err))
	}
	a.WalletProvider = partner
	return a.TokenID, a.MintTx, s.finishLocked(nil)
}

// partnerAccountLocked is tokenID's minted account, refreshed (20003 when there is none).
func (s *Server) partnerAccountLocked(ctx context.Context, tokenID uint64) (*account, error) {
	a := s.st.Accounts[tokenID]
	if a == nil || !a.Minted {
		return nil, apiErr(partnerCodeParam, "tokenId %d: no minted account", tokenID)
	}
	if err := s.refreshLocked(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}

// IDVTokenForPartner makes the vendor access token of tokenID for partner: only for an
// account whose wallet provider is the partner (spec 4.4), at the identity-verification
// step (20003 otherwise). The record it starts is the partner's.
func (s *Server) IDVTokenForPartner(ctx context.Context, partner common.Address, tokenID uint64) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.partnerAccountLocked(ctx, tokenID)
	if err != nil {
		return "", s.finishLocked(err)
	}
	if a.WalletProvider != partner {
		return "", s.finishLocked(apiErr(partnerCodeParam, "tokenId %d is not owned by this partner: its wallet provider is %s", tokenID, providerName(a.WalletProvider)))
	}
	tok, err := s.idvTokenLocked(a)
	if err != nil {
		return "", s.finishLocked(asPartner(partnerCodeParam, err))
	}
	a.IDVPartner = partner
	return tok, s.finishLocked(nil)
}

// asPartner answers an end-user refusal with a partner code, keeping its message.
func asPartner(code int, err error) error {
	msg := err.Error()
	if ae := (*APIError)(nil); errors.As(err, &ae) {
		msg = ae.Msg
	}
	return apiErr(code, "%s", msg)
}

func providerName(a common.Address) string {
	if a == (common.Address{}) {
		return "none (the user minted it)"
	}
	return a.Hex()
}

// IDVStatusForPartner is tokenID's vendor KYC status record (spec 2.13) as partner may see
// it: nil when there is none, or when another partner started it (spec 4.4: only the
// partner's records and records of no partner are shown).
func (s *Server) IDVStatusForPartner(ctx context.Context, partner common.Address, tokenID uint64) (map[string]any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.partnerAccountLocked(ctx, tokenID)
	if err != nil {
		return nil, s.finishLocked(err)
	}
	if a.IDVTokens == 0 || (a.IDVPartner != common.Address{} && a.IDVPartner != partner) {
		return nil, s.finishLocked(nil)
	}
	rec := map[string]any{
		"type": "applicantPending", "reviewStatus": a.ReviewStatus, "levelName": "id-and-liveness",
		"applicantId": a.ApplicantID, "applicantType": "individual", "createdAtMs": a.ReviewStartedMs,
	}
	if a.ReviewStatus == "completed" {
		rec["type"], rec["reviewAnswer"] = "applicantReviewed", a.ReviewAnswer
	}
	if a.ReviewAnswer == "RED" {
		rec["reviewRejectType"], rec["rejectLabels"] = a.RejectType, []string{rejectLabel(a.RejectType)}
	}
	return rec, s.finishLocked(nil)
}

// rejectLabel is a vendor reject label of the kind a rejection carries.
func rejectLabel(rejectType string) string {
	if rejectType == "FINAL" {
		return "FORGERY"
	}
	return "DOCUMENT_PAGE_MISSING"
}

// ApplyUSDPayinForPartner provisions tokenID's USD IBAN for partner (spec 4.4: synchronous
// for a Live account, one USD IBAN per user): the banking profile's deposit banks gain a
// USD entry. A second application is refused (20003), as an account not Live is.
func (s *Server) ApplyUSDPayinForPartner(ctx context.Context, partner common.Address, tokenID uint64, remark string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.partnerAccountLocked(ctx, tokenID)
	if err != nil {
		return 0, s.finishLocked(err)
	}
	if a.Status != StatusLive {
		return 0, s.finishLocked(apiErr(partnerCodeParam, "tokenId %d is not Live: a USD IBAN is provisioned for Live accounts", tokenID))
	}
	if a.USDPayinApplyID != 0 {
		return 0, s.finishLocked(apiErr(partnerCodeParam, "tokenId %d has a USD IBAN already (application %d): one per user", tokenID, a.USDPayinApplyID))
	}
	a.USDPayinApplyID = int64(tokenID%1_000_000) + 7_000_000
	s.dirty = true
	return a.USDPayinApplyID, s.finishLocked(nil)
}
