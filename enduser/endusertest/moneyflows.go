package endusertest

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"purse/homechain"
	"purse/wallet"
)

// The money flows that spend a permit (evidence §4 and "Pitfalls" 8), played strictly: the
// body's every field, the permit's signature for the spender the service's contract
// presents it to (the fiat token itself; the card spender for a payout under the dialect
// payoutCardSpender), the account Live, and the money moved on the home chain by the
// sandbox's contracts, which fail as UR's would.

type transferBody struct {
	ToAccountID  *uint64 `json:"toAccountId"`
	TokenAddress *string `json:"tokenAddress"`
	permitFields
}

type payoutBody struct {
	ContactID    *string `json:"contactId"`
	TokenAddress *string `json:"tokenAddress"`
	PurposeID    *int64  `json:"purposeId"`
	Ref          *string `json:"ref"`
	permitFields
}

// paymentPurposes are the sandbox's payment purposes (the ids payout-with-permit takes).
var paymentPurposes = []struct {
	ID   int64
	Name string
}{{1, "Family support"}, {2, "Goods and services"}, {3, "Salary"}, {4, "Savings and investments"}}

// spendablePermit reads the permit fields of a carrying body and checks them for a fiat
// token and an amount the permit signs exactly (the contracts spend exactly amount).
func (s *Server) spendablePermit(body permitRequest) (permitIn, error) {
	pr, err := s.checkPermitBody(body, "tokenAddress")
	if err != nil {
		return pr, err
	}
	if !pr.token.IsFiat {
		return pr, apiErr(CodeParam, "tokenAddress %s is %s, not a fiat token", pr.token.Address.Hex(), pr.token.Symbol)
	}
	if !pr.permitAmount.Equal(pr.amount) {
		return pr, apiErr(CodeParam, "permitAmount %s differs from amount %s: the contract presents a permit for exactly the amount", pr.permitAmount, pr.amount)
	}
	return pr, nil
}

// checkSignedFor checks that the permit's signature is owner's for spender.
func (s *Server) checkSignedFor(req *request, pr permitIn, owner, spender common.Address, what string) error {
	t := pr.token
	nonce, err := s.chain.Nonce(req.ctx, t.Address, owner)
	if err != nil {
		return apiErr(CodeSystem, "chain: %v", err)
	}
	p := wallet.Permit{
		Domain: wallet.PermitDomain{Name: t.Name, Version: "1", ChainID: new(big.Int).SetUint64(s.chainID), VerifyingContract: t.Address},
		Owner:  owner, Spender: spender, Value: pr.value, Nonce: nonce, Deadline: pr.deadline,
	}
	if got, err := wallet.RecoverPermit(p, pr.sig); err != nil || got != owner {
		return apiErr(CodeAuth, "permit signature does not match the spender %s (%s) for owner %s, token %s, value %s, nonce %s", spender.Hex(), what, owner.Hex(), t.Address.Hex(), pr.value, nonce)
	}
	return nil
}

func (pr permitIn) permitSig() homechain.PermitSig {
	return homechain.PermitSig{Deadline: pr.deadline, V: pr.v, R: pr.r, S: pr.s}
}

// spendOK checks the sender's balance (the contract would revert) before sending.
func (s *Server) spendOK(req *request, pr permitIn, owner common.Address) error {
	bal, err := s.chain.BalanceOf(req.ctx, pr.token.Address, owner)
	if err != nil {
		return apiErr(CodeSystem, "chain: %v", err)
	}
	if bal.Cmp(pr.value) < 0 {
		return apiErr(CodeParam, "amount %s %s exceeds the balance %s", pr.amount, pr.token.Symbol, fromUnits(bal, pr.token.Decimals))
	}
	return nil
}

func (s *Server) hTransfer(req *request) (any, error) {
	var body transferBody
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	if body.ToAccountID == nil || *body.ToAccountID == 0 {
		return nil, apiErr(CodeParam, "toAccountId: required (the recipient's account id)")
	}
	pr, err := s.spendablePermit(permitRequest{body.TokenAddress, body.permitFields})
	if err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "a transfer"); err != nil {
		return nil, err
	}
	to := *body.ToAccountID
	if to == a.TokenID {
		return nil, apiErr(CodeParam, "toAccountId %d is the sender's own account", to)
	}
	if r := s.st.Accounts[to]; r == nil || !r.Minted || r.Status != StatusLive {
		return nil, apiErr(CodeParam, "toAccountId %d is not a Live account", to)
	}
	if err := s.checkSignedFor(req, pr, a.Owner, pr.token.Address, "the fiat token itself"); err != nil {
		return nil, err
	}
	if err := s.spendOK(req, pr, a.Owner); err != nil {
		return nil, err
	}
	tx, err := s.chain.TransferByAccountID(req.ctx, pr.token.Address, a.Owner, to, pr.value, pr.permitSig())
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	r := s.st.Accounts[to]
	cur := strings.ToLower(strings.TrimSuffix(pr.token.Symbol, "24"))
	amount := pr.amount.StringFixed(int32(pr.token.Decimals))
	base := Record{
		Type: "P2P", Currency: cur, Amount: amount, Status: "completed", TxHash: tx.Hex(),
		Token: pr.token.Symbol, TokenAddress: pr.token.Address.Hex(), InputAmount: pr.value.String(), OutputAmount: pr.value.String(),
		Fee: "0.00", TransferredAmount: amount, FromAddress: strings.ToLower(a.Owner.Hex()), ToAddress: strings.ToLower(r.Owner.Hex()),
	}
	out, in := base, base
	out.Direction, out.Title, out.Subtitle = "OUT", "Transfer", fmt.Sprintf("to account %d", to)
	in.Direction, in.Title, in.Subtitle = "IN", "Transfer", fmt.Sprintf("from account %d", a.TokenID)
	s.addRecordLocked(a, out)
	s.addRecordLocked(r, in)
	return map[string]string{"status": "success", "txHash": tx.Hex()}, nil
}

func (s *Server) hPayout(req *request) (any, error) {
	var body payoutBody
	if err := decodeStrict(req.body, &body); err != nil {
		return nil, err
	}
	switch {
	case body.ContactID == nil || *body.ContactID == "":
		return nil, apiErr(CodeParam, "contactId: required (a contact of the banking profile)")
	case body.PurposeID == nil:
		return nil, apiErr(CodeParam, "purposeId: required (see /api/v1/payment-purposes)")
	case body.Ref == nil:
		return nil, apiErr(CodeParam, "ref: required (may be empty)")
	}
	pr, err := s.spendablePermit(permitRequest{body.TokenAddress, body.permitFields})
	if err != nil {
		return nil, err
	}
	a, err := s.userLocked(req)
	if err != nil {
		return nil, err
	}
	if err := requireLive(a, "a payout"); err != nil {
		return nil, err
	}
	cur := strings.TrimSuffix(pr.token.Symbol, "24")
	ct, ok := findContact(a, cur, *body.ContactID)
	if !ok {
		return nil, apiErr(CodeParam, "contactId %q is not a %s contact of the account", *body.ContactID, cur)
	}
	if !validPurpose(*body.PurposeID) {
		return nil, apiErr(CodeParam, "purposeId %d is not a payment purpose", *body.PurposeID)
	}
	chf, err := a.withinLimit(pr)
	if err != nil {
		return nil, err
	}
	spender, what := pr.token.Address, "the fiat token itself"
	if s.cfg.Dialect.PayoutCardSpender {
		spender, what = s.chain.Contracts().CardSpender, "the card spender"
	}
	if err := s.checkSignedFor(req, pr, a.Owner, spender, what); err != nil {
		return nil, err
	}
	if err := s.spendOK(req, pr, a.Owner); err != nil {
		return nil, err
	}
	contactNo, _ := strconv.ParseUint(ct.ID, 10, 64)
	var tx common.Hash
	if s.cfg.Dialect.PayoutCardSpender {
		if tx, err = s.chain.Permit(req.ctx, pr.token.Address, a.Owner, spender, pr.value, pr.deadline, pr.v, pr.r, pr.s); err == nil {
			tx, err = s.chain.Pull(req.ctx, spender, pr.token.Address, a.Owner, pr.value)
		}
	} else {
		tx, err = s.chain.ClientPayout(req.ctx, pr.token.Address, a.Owner, pr.value, contactNo, uint64(*body.PurposeID), *body.Ref, pr.permitSig())
	}
	if err != nil {
		return nil, apiErr(CodeSystem, "chain: %v", err)
	}
	a.LimitUsed = a.limitUsed().Add(chf).String()
	s.dirty = true
	amount := pr.amount.StringFixed(int32(pr.token.Decimals))
	s.addRecordLocked(a, Record{
		Type: "CWD", Direction: "OUT", Currency: strings.ToLower(cur), Amount: amount, Status: "completed", TxHash: tx.Hex(),
		Title: "Payout", Subtitle: "to " + ct.Name, Reference: *body.Ref, BankAccount: ct.FullAccount,
		Token: pr.token.Symbol, TokenAddress: pr.token.Address.Hex(), InputAmount: pr.value.String(), OutputAmount: pr.value.String(),
		Fee: "0.00", TransferredAmount: amount, FromAddress: strings.ToLower(a.Owner.Hex()),
	})
	return map[string]string{"status": "success", "txHash": tx.Hex()}, nil
}

func validPurpose(id int64) bool {
	for _, p := range paymentPurposes {
		if p.ID == id {
			return true
		}
	}
	return false
}

// contactsOf are the account's payout contacts by currency: one EUR and one CHF contact once
// it is Live.
func contactsOf(a *account) map[string][]contact {
	out := map[string][]contact{}
	if a.Status != StatusLive {
		return out
	}
	out["EUR"] = []contact{{
		ID: strconv.FormatUint(a.TokenID*10+1, 10), Name: "Erika Mustermann", Account: "DE89 **** **** 3000",
		FullAccount: "DE89370400440532013000", Bank: "Commerzbank", Country: "DEU",
		LastPaymentDate: historyAnchor * 1000,
	}}
	out["CHF"] = []contact{{
		ID: strconv.FormatUint(a.TokenID*10+2, 10), Name: "Hans Muster", Account: "CH93 **** **** **** 2957 5",
		FullAccount: "CH9300762011623852957", Bank: "Sandbox Kantonalbank", Country: "CHE",
		LastPaymentDate: historyAnchor * 1000,
	}}
	return out
}

func findContact(a *account, currency, id string) (contact, bool) {
	for _, c := range contactsOf(a)[currency] {
		if c.ID == id {
			return c, true
		}
	}
	return contact{}, false
}

// limitUsed is the CHF the account used of its 30-day window.
func (a *account) limitUsed() decimal.Decimal {
	d, err := decimal.NewFromString(a.LimitUsed)
	if err != nil {
		return decimal.Zero
	}
	return d
}

// withinLimit is the payout's CHF value, refused above the 30-day window's available amount
// (spec 2.5: one outgoing transaction may not exceed it).
func (a *account) withinLimit(pr permitIn) (decimal.Decimal, error) {
	chf := pr.amount.Mul(usdRate(pr.token.Symbol)).Div(usdRate("CHF24")).RoundCeil(2)
	if avail := limitMax.Sub(a.limitUsed()); chf.GreaterThan(avail) {
		return chf, apiErr(CodeParam, "amount %s %s (%s CHF) exceeds the 30-day limit's available %s CHF", pr.amount, pr.token.Symbol, chf, avail.StringFixed(2))
	}
	return chf, nil
}

// The bank look-ups (no auth; HT-API calls them). Their answers' shapes are the sandbox's
// own: no public source shows UR's, and purse reads them as opaque JSON (enduser.BankLookup).

func (s *Server) hBanks(*request) (any, error) {
	return []map[string]string{
		{"bic": "UBSWCHZH80A", "name": "UBS Switzerland AG", "country": "CH"},
		{"bic": "DEUTDEFFXXX", "name": "Deutsche Bank AG", "country": "DE"},
		{"bic": "CHASUS33XXX", "name": "JPMorgan Chase Bank, N.A.", "country": "US"},
	}, nil
}

func (s *Server) hPaymentPurposes(*request) (any, error) {
	out := make([]map[string]any, len(paymentPurposes))
	for i, p := range paymentPurposes {
		out[i] = map[string]any{"id": p.ID, "name": p.Name}
	}
	return out, nil
}

// hPayoutFees: the sandbox charges no payout fee (its payout records say Fee 0.00).
func (s *Server) hPayoutFees(*request) (any, error) {
	return []map[string]string{{"currency": "CHF", "fee": "0.00"}, {"currency": "EUR", "fee": "0.00"}, {"currency": "USD", "fee": "0.00"}, {"currency": "CNH", "fee": "0.00"}}, nil
}
