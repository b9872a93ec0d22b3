package endusertest

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"purse/wallet"
)

func TestCard(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	wantErr(t, u.post("/api/v2/card", map[string]any{}), CodeParam, "Live")
	wantErr(t, u.get("/api/v2/card", ""), CodeParam, "no card")
	u.live()
	wantErr(t, u.post("/api/v2/card", map[string]any{"currency": "EUR"}), CodeParse, "unknown field")
	wantErr(t, u.post("/api/v2/card", []byte{}), CodeParse, "empty body")
	r := mustOK(t, u.post("/api/v2/card", []byte(`{}`)))
	if string(r.Result) != "null" {
		t.Fatalf("card issue result %s", r.Result)
	}
	wantErr(t, u.post("/api/v2/card", []byte(`{}`)), CodeParam, "already exists")

	type cardRead struct {
		RetCode    int    `json:"retCode"`
		TimeNow    int64  `json:"timeNow"`
		TokenID    uint64 `json:"tokenId"`
		Status     string `json:"status"`
		ExternalID string `json:"externalId"`
		CardToken  string `json:"cardToken"`
		Masked     struct {
			CardNumber, Cvv2, Expiry string
		} `json:"masked"`
		Security     map[string]bool  `json:"security"`
		Limits       map[string]any   `json:"limits"`
		ActiveTokens []map[string]any `json:"activeTokens"`
	}
	read := func() (cardRead, resp) {
		r := mustOK(t, u.get("/api/v2/card", ""))
		if r.Result != nil {
			t.Fatalf("card read must be unwrapped, got result %s", r.Result)
		}
		var c cardRead
		decodeResult(t, resp{Result: r.Raw}, &c)
		return c, r
	}
	c, raw := read()
	if c.TokenID == 0 || c.TokenID == tokA || c.Status != "Active" || c.ExternalID == "" || c.TimeNow != testStart.UnixMilli() ||
		!strings.HasPrefix(c.Masked.CardNumber, "**** **** **** ") || len(c.Masked.CardNumber) != 19 || c.Masked.Cvv2 != "***" || c.Masked.Expiry != "**/**" ||
		!c.Security["contactlessEnabled"] || c.Limits["account"] == nil || len(c.ActiveTokens) != 1 {
		t.Fatalf("card read %s", raw.Raw)
	}
	c2, _ := read()
	if c2.CardToken == c.CardToken {
		t.Fatal("cardToken must be fresh on every read")
	}
	var p profile
	decodeResult(t, mustOK(t, u.get("/api/v2/br", "")), &p)
	if len(p.Cards) != 1 || p.Cards[0] != strconv.FormatUint(c.TokenID, 10) {
		t.Fatalf("profile cards %v", p.Cards)
	}

	cardID := strconv.FormatUint(c.TokenID, 10)
	wantErr(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": strconv.Itoa(tokA), "status": 0}), CodeParam, "not the card's tokenId")
	wantErr(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": c.TokenID, "status": 0}), CodeParse, "cardTokenId")
	wantErr(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": cardID, "status": 2}), CodeParam, "status 2")
	wantErr(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": cardID}), CodeParam, "status: required")

	before := len(e.srv.mustState(t, tokA).Added)
	var cs struct {
		Status int               `json:"status"`
		Data   map[string]string `json:"data"`
	}
	decodeResult(t, mustOK(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": cardID, "status": 0})), &cs)
	if cs.Status != 0 || cs.Data["cardStatus"] != "Blocked" {
		t.Fatalf("card-status result %+v", cs)
	}
	if c, _ := read(); c.Status != "Blocked" {
		t.Fatalf("blocked card reads %s", c.Status)
	}
	mustOK(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": cardID, "status": 1}))
	if c, _ := read(); c.Status != "Active" {
		t.Fatalf("unblocked card reads %s", c.Status)
	}
	added := e.srv.mustState(t, tokA).Added[before:]
	if len(added) != 2 || added[0].Title != "Card blocked" || added[1].Title != "Card unblocked" || added[0].Type != "CRD" || added[0].MCC == nil {
		t.Fatalf("card records %+v", added)
	}
}

func (s *Server) mustState(t testing.TB, id uint64) AccountView {
	t.Helper()
	v, err := s.State(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestCardNeedsBalance(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.Chain = noFundChain{NewMemChain(31337)} })
	u := e.user(devKeyHex, tokA)
	u.live()
	wantErr(t, u.post("/api/v2/card", []byte(`{}`)), CodeParam, "below the card activation")
	var cc chainConfigs
	decodeResult(t, mustOK(t, u.get("/api/v3/config/chain-configs", "")), &cc)
	if cc.CanActivateCard == nil || *cc.CanActivateCard {
		t.Fatal("canActivateCard must be false without fiat")
	}
}

// noFundChain drops activation funding so the card balance rule can be tested.
type noFundChain struct{ *MemChain }

func (noFundChain) Fund(_ context.Context, _, _ common.Address, _ *big.Int) (common.Hash, error) {
	return common.Hash{}, nil
}

type permitCase struct {
	token   string
	spender common.Address
	value   int64
	nonce   int64
	amount  string
	permit  string
	dl      int64
}

func (u *user) permitBody(t *testing.T, c permitCase) map[string]any {
	t.Helper()
	tok, _ := u.e.srv.tokenBySymbol(c.token)
	dl := c.dl
	if dl == 0 {
		dl = testStart.Unix() + 600
	}
	p := wallet.Permit{
		Domain: wallet.PermitDomain{Name: tok.Name, Version: "1", ChainID: big.NewInt(31337), VerifyingContract: tok.Address},
		Owner:  u.key.Address(), Spender: c.spender, Value: big.NewInt(c.value), Nonce: big.NewInt(c.nonce), Deadline: big.NewInt(dl),
	}
	sig, err := wallet.SignPermit(u.key, p)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{
		"address": tok.Address.Hex(), "amount": c.amount, "permitAmount": c.permit, "permitDeadline": dl,
		"permitV": sig.V, "permitR": sig.R, "permitS": sig.S,
	}
}

// TestTokenPermit: token-permit relays the card-spend permit only, with amounts in smallest
// units by default (Config.PermitAmountUnit).
func TestTokenPermit(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	ct := e.chain.Contracts()
	first := permitCase{token: "EUR24", spender: ct.CardSpender, value: 5000, amount: "4000", permit: "5000"}
	wantErr(t, u.post("/api/v1/token-permit", u.permitBody(t, first)), CodeParam, "Live")
	u.live()

	var res struct{ Status, TxHash string }
	decodeResult(t, mustOK(t, u.post("/api/v1/token-permit", u.permitBody(t, first))), &res)
	if res.Status != "success" || !isHex0x(res.TxHash, 64) {
		t.Fatalf("permit result %+v", res)
	}
	eur, _ := e.srv.tokenBySymbol("EUR24")
	if a, _ := e.chain.Allowance(t.Context(), eur.Address, u.key.Address(), ct.CardSpender); a.Int64() != 5000 {
		t.Fatalf("allowance %s", a)
	}
	if n, _ := e.chain.Nonce(t.Context(), eur.Address, u.key.Address()); n.Int64() != 1 {
		t.Fatalf("nonce %s", n)
	}
	// The same signature again: the nonce moved on, nothing recovers the owner.
	wantErr(t, u.post("/api/v1/token-permit", u.permitBody(t, first)), CodeAuth, "does not match the card spender")
	// A fresh permit for no more than the existing allowance.
	wantErr(t, u.post("/api/v1/token-permit", u.permitBody(t, permitCase{token: "EUR24", spender: ct.CardSpender, value: 5000, nonce: 1, amount: "5000", permit: "5000"})), CodeAllowance, "exists Allowance")
	// USDC with 6 decimals, for the card spender.
	mustOK(t, u.post("/api/v1/token-permit", u.permitBody(t, permitCase{token: "USDC", spender: ct.CardSpender, value: 1_123_456, amount: "1123456", permit: "1123456"})))

	bad := []struct {
		c    permitCase
		mod  func(map[string]any)
		code int
		msg  string
	}{
		{permitCase{token: "EUR24", spender: ct.BufferPool, value: 6000, nonce: 1, amount: "6000", permit: "6000"}, nil, CodeAuth, "card-spend permit only"},
		{permitCase{token: "EUR24", spender: ct.Deposit, value: 6000, nonce: 1, amount: "6000", permit: "6000"}, nil, CodeAuth, "card-spend permit only"},
		{permitCase{token: "EUR24", spender: common.HexToAddress("0x1111111111111111111111111111111111111111"), value: 100, nonce: 1, amount: "100", permit: "100"}, nil, CodeAuth, "does not match the card spender"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "1.00"}, nil, CodeParam, "smallest units"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "200", permit: "100"}, nil, CodeParam, "does not cover"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100", dl: testStart.Unix() - 1}, nil, CodeParam, "permitDeadline"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { m["address"] = "0x2222222222222222222222222222222222222222" }, CodeParam, "not a token"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { m["permitV"] = 1 }, CodeParam, "permitV"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { m["permitR"] = "0x12" }, CodeParam, "permitR"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { delete(m, "permitS") }, CodeParam, "permitS: required"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { m["permitAmount"] = 1 }, CodeParse, "permitAmount"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "100", permit: "100"}, func(m map[string]any) { m["amount"] = "1e2" }, CodeParam, "amount"},
		{permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "0100", permit: "100"}, nil, CodeParam, "amount"},
	}
	for _, b := range bad {
		body := u.permitBody(t, b.c)
		if b.mod != nil {
			b.mod(body)
		}
		wantErr(t, u.post("/api/v1/token-permit", body), b.code, b.msg)
	}
	var page TxPage
	decodeResult(t, mustOK(t, u.post("/api/v2/transactions", map[string]any{"txHash": res.TxHash})), &page)
	if len(page.Transactions) != 1 || !strings.Contains(page.Transactions[0].Notes, "permit card") {
		t.Fatalf("permit record %+v", page.Transactions)
	}
}

// TestTokenPermitInTokenUnits: configured for spec 4.6's decimal strings, the sandbox reads
// "50.00" and refuses the integrator's "5000" (read as 5000.00: not the signed value).
func TestTokenPermitInTokenUnits(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.PermitAmountUnit = "token" })
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	u.live()
	ct := e.chain.Contracts()
	wantErr(t, u.post("/api/v1/token-permit", u.permitBody(t, permitCase{token: "EUR24", spender: ct.CardSpender, value: 5000, amount: "5000", permit: "5000"})), CodeAuth, "does not match the card spender")
	mustOK(t, u.post("/api/v1/token-permit", u.permitBody(t, permitCase{token: "EUR24", spender: ct.CardSpender, value: 5000, amount: "40.00", permit: "50.00"})))
	wantErr(t, u.post("/api/v1/token-permit", u.permitBody(t, permitCase{token: "EUR24", spender: ct.CardSpender, value: 100, nonce: 1, amount: "1", permit: "1.001"})), CodeParam, "more than 2 decimals")
}

func TestMemChainPermitRejectsBadSigner(t *testing.T) {
	c := NewMemChain(31337)
	c.SetClock(func() time.Time { return testStart })
	k, _ := wallet.ParseEVMKey(devKeyHex)
	tok := c.Tokens()[1]
	p := wallet.Permit{
		Domain: wallet.PermitDomain{Name: tok.Name, Version: "1", ChainID: big.NewInt(31337), VerifyingContract: tok.Address},
		Owner:  k.Address(), Spender: c.Contracts().CardSpender, Value: big.NewInt(10), Nonce: big.NewInt(0), Deadline: big.NewInt(testStart.Unix() + 60),
	}
	sig, err := wallet.SignPermit(k, p)
	if err != nil {
		t.Fatal(err)
	}
	var r, s [32]byte
	copy(r[:], common.FromHex(sig.R))
	copy(s[:], common.FromHex(sig.S))
	other := common.HexToAddress("0x3333333333333333333333333333333333333333")
	if _, err := c.Permit(t.Context(), tok.Address, other, p.Spender, p.Value, p.Deadline, sig.V, r, s); err == nil || !strings.Contains(err.Error(), "InvalidSigner") {
		t.Fatalf("wrong owner accepted: %v", err)
	}
	if _, err := c.Permit(t.Context(), tok.Address, k.Address(), p.Spender, p.Value, big.NewInt(testStart.Unix()-1), sig.V, r, s); err == nil {
		t.Fatal("expired permit accepted")
	}
	if _, err := c.Permit(t.Context(), tok.Address, k.Address(), p.Spender, p.Value, p.Deadline, sig.V, r, s); err != nil {
		t.Fatal(err)
	}
	if n, _ := c.Nonce(t.Context(), tok.Address, k.Address()); n.Int64() != 1 {
		t.Fatalf("nonce %s", n)
	}
	if _, err := c.MintAccount(t.Context(), k.Address(), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := c.MintAccount(t.Context(), k.Address(), 2); err == nil {
		t.Fatal("second account for one owner")
	}
}

// TestDialects: the service's observed variants, each played by the sandbox on request:
// successes without retCode, the card as {cards:[…]}, "no card" as HTTP 404, a blocked card
// as frozen:true, and a full-auth hash that is any string (checked only through the
// signature over hash+deadline).
func TestDialects(t *testing.T) {
	e := newEnv(t, func(c *Config) {
		c.Dialect = Dialect{NoRetCode: true, CardList: true, NoCard404: true, FrozenFlag: true, AnyHash: true}
	})
	u := e.user(devKeyHex, tokA)
	u.live()
	r := u.get("/api/v2/card", "")
	if r.Status != http.StatusNotFound {
		t.Fatalf("no card: HTTP %d %s", r.Status, r.Raw)
	}
	r = mustOK(t, u.get("/api/v2/account-status", ""))
	if strings.Contains(string(r.Raw), `"retCode"`) {
		t.Fatalf("a success with retCode: %s", r.Raw)
	}
	mustOK(t, u.post("/api/v2/card", map[string]any{}))
	var list struct {
		Cards []struct {
			TokenID json.Number `json:"tokenId"`
			Status  string      `json:"status"`
			Frozen  bool        `json:"frozen"`
		} `json:"cards"`
	}
	decodeResult(t, mustOK(t, u.get("/api/v2/card", "")), &list)
	if len(list.Cards) != 1 || list.Cards[0].Frozen {
		t.Fatalf("card list %s", mustOK(t, u.get("/api/v2/card", "")).Raw)
	}
	mustOK(t, u.post("/api/v2/card-status", map[string]any{"cardTokenId": list.Cards[0].TokenID.String(), "status": 0}))
	decodeResult(t, mustOK(t, u.get("/api/v2/card", "")), &list)
	if !list.Cards[0].Frozen || list.Cards[0].Status != "Active" {
		t.Fatalf("blocked card: %+v", list.Cards[0])
	}

	// Any string as hash: the integration's literal "CardReq", signed over hash+deadline.
	deadline := strconv.FormatInt(e.srv.Now().Unix()+300, 10)
	_, msg := wallet.ConsentMessage("CardReq", deadline)
	// The integration's tool signs the consent text itself; purse's signer makes consent
	// messages only from a payload, so the test signs the digest as that tool would.
	sig, err := u.key.SignDigest(wallet.PurposeFullAuth, wallet.PersonalHash([]byte(msg)))
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	h := u.basic()
	h["hash"], h["deadline"], h["sign"] = "CardReq", deadline, hexutil.Encode(sig)
	mustOK(t, e.do(http.MethodGet, "/api/v2/card", nil, h))
	// Strict (the default) refuses it.
	strict := newEnv(t, nil)
	su := strict.user(devKeyHex, tokA)
	mustOK(t, su.mint())
	h = su.basic()
	h["hash"], h["deadline"], h["sign"] = "CardReq", deadline, hexutil.Encode(sig)
	wantErr(t, strict.do(http.MethodGet, "/api/v2/kyc/form-a-info", nil, h), CodeParse, "malformed header hash")
}
