package enduser_test

// The client against the sandbox: two sides written independently from the spec, so
// every route here checks one against the other.

import (
	"context"
	"crypto/rand"
	"errors"
	"math/big"
	"net/http/httptest"
	"purse/homechain"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"

	"purse/enduser"
	"purse/enduser/endusertest"
	"purse/wallet"
)

type world struct {
	t      *testing.T
	srv    *endusertest.Server
	url    string
	key    *wallet.EVMKey
	client *enduser.Client
	id     uint64
	// opts are the client's settings beyond the defaults (a profile's routes, names, units).
	opts func(*enduser.Options)
}

func newWorld(t *testing.T) *world { return newWorldWith(t, endusertest.Config{Seed: 7}) }

func newWorldWith(t *testing.T, cfg endusertest.Config) *world { return newWorldOpts(t, cfg, nil) }

// speaking are client options that follow the sandbox's dialect, as a profile made from its
// /sandbox/info would (endusertest.Server.ProfileSettings).
func speaking(d endusertest.Dialect) func(*enduser.Options) {
	return func(o *enduser.Options) {
		o.Names = d.Names()
		o.RouteOverrides = map[string]string{}
		if d.AccountStatusFull {
			o.RouteOverrides[enduser.RouteAccountStatus] = "full"
		}
		if d.OnrampLimitPost {
			o.RouteOverrides[enduser.RouteOnrampLimit] = "POST"
		}
	}
}

func newWorldOpts(t *testing.T, cfg endusertest.Config, opts func(*enduser.Options)) *world {
	t.Helper()
	srv, err := endusertest.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, srv: srv, url: hs.URL, key: wallet.NewEVMKey(k), opts: opts}
	w.client = w.newClient(w.key, "")
	return w
}

func (w *world) newClient(s wallet.EVMSigner, tokenID string) *enduser.Client {
	w.t.Helper()
	o := enduser.Options{BaseURL: w.url, Network: w.srv.Network(), TokenID: tokenID, Signer: s, Log: enduser.NewRequestLog(0), Timeout: 5 * time.Second}
	if w.opts != nil {
		w.opts(&o)
	}
	c, err := enduser.New(o)
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

func captcha(addr, output string) enduser.MintRequest {
	return enduser.MintRequest{Address: addr, LotNumber: "lot", CaptchaOutput: output, PassToken: "pass", GenTime: strconv.FormatInt(time.Now().Unix(), 10)}
}

// mint makes the world's account and points the client at it.
func (w *world) mint(ctx context.Context) {
	w.t.Helper()
	id := enduser.NewMintTokenID(rand.Reader)
	mc, err := w.client.WithTokenID(id)
	if err != nil {
		w.t.Fatal(err)
	}
	res, err := mc.Mint(ctx, captcha(w.key.Address().Hex(), endusertest.CaptchaPass))
	if err != nil {
		w.t.Fatalf("mint: %v", err)
	}
	if string(res.TokenID) != id || !strings.HasPrefix(res.TxHash, "0x") {
		w.t.Fatalf("mint result %+v for %s", res, id)
	}
	w.id, _ = strconv.ParseUint(id, 10, 64)
	w.client = mc
}

func wantCode(t *testing.T, err error, sentinel error, code int) {
	t.Helper()
	var ae *enduser.APIError
	if !errors.As(err, &ae) || ae.Code != code || !errors.Is(err, sentinel) {
		t.Fatalf("want retCode %d, got %v", code, err)
	}
	if ae.Explanation == "" {
		t.Fatalf("retCode %d has no explanation", code)
	}
}

// TestSandboxAccountLifeThroughTheClient runs the account's life through the client, against
// the spec's reading and against the service's observed variants (endusertest.Dialect).
func TestSandboxAccountLifeThroughTheClient(t *testing.T) {
	for name, d := range map[string]endusertest.Dialect{
		"spec":     {},
		"dialects": {NoRetCode: true, CardList: true, NoCard404: true, FrozenFlag: true, AnyHash: true},
		// UR's deployments as the public evidence shows them, with a client set to match.
		"ur": {NoTimestamp: true, AccountStatusFull: true, OnrampLimitPost: true, URNames: true},
	} {
		t.Run(name, func(t *testing.T) {
			accountLife(t, newWorldOpts(t, endusertest.Config{Seed: 7, Dialect: d}, speaking(d)), d)
		})
	}
}

func accountLife(t *testing.T, w *world, d endusertest.Dialect) {
	ctx := context.Background()

	_, err := w.client.Timestamp(ctx)
	var he *enduser.HTTPError
	switch {
	case d.NoTimestamp && (!errors.As(err, &he) || he.Status != 404):
		t.Fatalf("timestamp on a service without the route: %v", err)
	case !d.NoTimestamp && err != nil:
		t.Fatal(err)
	}
	if ok, err := w.client.EmailStatus(ctx, "new@example.com"); err != nil || !ok {
		t.Fatalf("fresh email: %v %v", ok, err)
	}
	if ok, err := w.client.EmailStatus(ctx, "taken@example.com"); err != nil || ok {
		t.Fatalf("taken email: %v %v", ok, err)
	}

	// Mint errors before the account exists.
	bad, _ := w.client.WithTokenID(enduser.NewMintTokenID(rand.Reader))
	_, err = bad.Mint(ctx, captcha(w.key.Address().Hex(), "wrong"))
	wantCode(t, err, enduser.ErrCaptcha, 10010)

	w.mint(ctx)
	again, _ := w.client.WithTokenID(strconv.FormatUint(w.id, 10))
	_, err = again.Mint(ctx, captcha(w.key.Address().Hex(), endusertest.CaptchaPass))
	wantCode(t, err, enduser.ErrTokenUsed, 10007)
	other, _ := w.client.WithTokenID(enduser.NewMintTokenID(rand.Reader))
	_, err = other.Mint(ctx, captcha(w.key.Address().Hex(), endusertest.CaptchaPass))
	wantCode(t, err, enduser.ErrAddressHasAccount, 10005)

	st, err := w.client.AccountStatus(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.StatusStr != "Tourist" || st.KYCFlow.CurrentStep != 2 {
		t.Fatalf("after mint: %+v", st)
	}
	if _, err := w.client.FormAInfo(ctx); err == nil {
		t.Fatal("Form A served before KYC")
	}
	tok, err := w.client.IDVAccessToken(ctx, enduser.IDVTokenRequest{})
	if err != nil || tok.Token == "" {
		t.Fatalf("idv token %+v %v", tok, err)
	}
	if err := w.srv.KYCApprove(w.id); err != nil {
		t.Fatal(err)
	}
	st, _ = w.client.AccountStatus(ctx)
	if st.KYCFlow.CurrentStep != 3 {
		t.Fatalf("after approval: %+v", st.KYCFlow)
	}

	// Form A: the text exactly as served (twice, since every second read is a string result).
	var text string
	for range 2 {
		info, err := w.client.FormAInfo(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if text != "" && info.KYCSelfDec != text {
			t.Fatal("Form A text changed between the object and the string form")
		}
		text = info.KYCSelfDec
	}
	if !strings.Contains(text, "\n") || strings.IndexFunc(text, func(r rune) bool { return r > 127 }) < 0 {
		t.Fatalf("Form A text is not multi-line non-ASCII: %q", text)
	}
	// A signature over a normalised text is refused.
	trimmed, _ := wallet.SignFormA(w.key, strings.TrimSpace(text)+" ")
	if err := w.client.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: text, KYCSelfDecSign: trimmed.Signature}); err == nil {
		t.Fatal("a signature over another text was accepted")
	}
	fa, err := wallet.SignFormA(w.key, text)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.client.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: text, KYCSelfDecSign: fa.Signature}); err != nil {
		t.Fatalf("submit Form A: %v", err)
	}
	if err := w.srv.Advance(w.id); err != nil {
		t.Fatal(err)
	}
	st, _ = w.client.AccountStatus(ctx)
	if st.StatusStr != "Live" {
		t.Fatalf("not Live: %+v", st)
	}

	prof, err := w.client.Profile(ctx)
	if err != nil || !strings.HasPrefix(prof.IBAN, "CH") || !prof.IsCardEligible {
		t.Fatalf("profile %+v %v", prof, err)
	}
	cc, err := w.client.ChainConfigs(ctx)
	if err != nil || len(cc.Chains) != 1 || len(cc.Chains[0].Tokens) < 5 {
		t.Fatalf("chain configs %+v %v", cc, err)
	}
	eur, ok := cc.Chains[0].Token("EUR24")
	if !ok || !eur.TotalBalance.Valid || eur.TotalBalance.Sign() <= 0 || eur.Decimals != 2 {
		t.Fatalf("EUR24 of a Live account: %+v", eur)
	}
	out, err := w.client.ChainConfigsLoggedOut(ctx)
	if err != nil || len(out.Chains) != 1 || out.Chains[0].Tokens[0].TotalBalance.Valid {
		t.Fatalf("logged-out chain configs %+v %v", out, err)
	}
	if lim, err := w.client.OnrampLimit(ctx); err != nil || len(lim.MaxAmounts) == 0 {
		t.Fatalf("onramp limit %+v %v", lim, err)
	}

	// Card: none yet (10009, or HTTP 404), issue, read masked, block, unblock.
	if _, err := w.client.Card(ctx); !errors.Is(err, enduser.ErrNoCard) && !errors.Is(err, enduser.ErrInvalidParam) {
		t.Fatalf("card before issue: %v", err)
	}
	if err := w.client.IssueCard(ctx); err != nil {
		t.Fatalf("issue card: %v", err)
	}
	card, err := w.client.Card(ctx)
	if err != nil || card.TokenID == "" || !strings.Contains(card.Masked.CardNumber, "*") {
		t.Fatalf("card %+v %v", card, err)
	}
	for _, c := range []struct {
		status int
		want   string
	}{{enduser.CardBlocked, "block"}, {enduser.CardActive, "activ"}} {
		if _, err := w.client.CardStatus(ctx, enduser.CardStatusRequest{CardTokenID: string(card.TokenID), Status: c.status}); err != nil {
			t.Fatalf("card-status %d: %v", c.status, err)
		}
		card, _ = w.client.Card(ctx)
		if card.Blocked() != (c.status == enduser.CardBlocked) {
			t.Fatalf("card status %q frozen %v after %d", card.Status, card.Frozen, c.status)
		}
	}
	_, err = w.client.CardStatus(ctx, enduser.CardStatusRequest{CardTokenID: "999", Status: enduser.CardBlocked})
	wantCode(t, err, enduser.ErrInvalidParam, 10009)

	// Permit to the card spender; the repeat answers "already permitted".
	chain := w.srv.Chain()
	var token = chain.Tokens()[0]
	for _, tk := range chain.Tokens() {
		if tk.Symbol == "EUR24" {
			token = tk
		}
	}
	nonce, _ := chain.Nonce(ctx, token.Address, w.key.Address())
	amount := decimal.RequireFromString("25.00")
	p := wallet.Permit{
		Domain: wallet.PermitDomain{Name: token.Name, Version: "1", ChainID: new(big.Int).SetUint64(chain.ChainID()), VerifyingContract: token.Address},
		Owner:  w.key.Address(), Spender: chain.Contracts().CardSpender, Value: big.NewInt(2500), Nonce: nonce,
		Deadline: big.NewInt(time.Now().Add(30 * time.Minute).Unix()),
	}
	ps, err := wallet.SignPermit(w.key, p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := w.client.TokenPermit(ctx, enduser.NewTokenPermitRequest(p, ps, amount, token.Decimals, enduser.PermitUnitSmallest))
	if err != nil || res.AlreadyPermitted || !strings.HasPrefix(res.TxHash, "0x") {
		t.Fatalf("permit %+v %v", res, err)
	}
	if al, _ := chain.Allowance(ctx, token.Address, w.key.Address(), p.Spender); al.Cmp(p.Value) != 0 {
		t.Fatalf("allowance %s", al)
	}
	p.Nonce = new(big.Int).Add(nonce, big.NewInt(1))
	ps, _ = wallet.SignPermit(w.key, p)
	res, err = w.client.TokenPermit(ctx, enduser.NewTokenPermitRequest(p, ps, amount, token.Decimals, enduser.PermitUnitSmallest))
	if err != nil || !res.AlreadyPermitted {
		t.Fatalf("repeated permit: %+v %v", res, err)
	}
}

// TestSandboxServerTimeSource: a fresh client's first signed call takes server time from the
// timestamp route, or on a service without it (404) from the logged-out chain configuration's
// timeNow; the clock says which, and the deadline follows the server's (skewed) time either way.
func TestSandboxServerTimeSource(t *testing.T) {
	ctx := context.Background()
	for _, noTimestamp := range []bool{false, true} {
		w := newWorldWith(t, endusertest.Config{Seed: 7, Dialect: endusertest.Dialect{NoTimestamp: noTimestamp}})
		w.mint(ctx)
		w.srv.SetClockSkew(3600)
		var notes []string
		fresh, err := enduser.New(enduser.Options{BaseURL: w.url, Network: w.srv.Network(), TokenID: strconv.FormatUint(w.id, 10), Signer: w.key,
			Log: enduser.NewRequestLog(0), Notice: func(s string) { notes = append(notes, s) }})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fresh.Transactions(ctx, enduser.TxFilter{PageSize: 1}); err != nil {
			t.Fatalf("noTimestamp=%v: %v", noTimestamp, err)
		}
		src := fresh.Clock().SyncedBy()
		want := enduser.TimeSource{Kind: enduser.TimeFromTimestamp, Route: enduser.RouteTimestamp}
		if noTimestamp {
			want = enduser.TimeSource{Kind: enduser.TimeFromEnvelope, Route: enduser.RouteChainConfigs}
		}
		if src.Kind != want.Kind || src.Route != want.Route {
			t.Errorf("noTimestamp=%v: source %+v, want %s of %s", noTimestamp, src, want.Kind, want.Route)
		}
		if off := fresh.Clock().Offset(); off < 59*time.Minute || off > 61*time.Minute {
			t.Errorf("noTimestamp=%v: offset %s, want the sandbox's +1h", noTimestamp, off)
		}
		if len(notes) != 0 {
			t.Errorf("noTimestamp=%v: a notice with a server time at hand: %q", noTimestamp, notes)
		}
	}
}

// TestPermitAmountUnitVariants: the client's unit must match the service's; a mismatch is
// refused (the amounts do not read as the signed value), never relayed for another value.
func TestPermitAmountUnitVariants(t *testing.T) {
	ctx := context.Background()
	for _, server := range []string{enduser.PermitUnitSmallest, enduser.PermitUnitToken} {
		w := newWorldWith(t, endusertest.Config{Seed: 7, PermitAmountUnit: server})
		w.mint(ctx)
		if err := w.srv.SetStatus(w.id, 5); err != nil {
			t.Fatal(err)
		}
		chain := w.srv.Chain()
		var token homechain.Token
		for _, tk := range chain.Tokens() {
			if tk.Symbol == "EUR24" {
				token = tk
			}
		}
		for i, client := range []string{enduser.PermitUnitSmallest, enduser.PermitUnitToken} {
			nonce, _ := chain.Nonce(ctx, token.Address, w.key.Address())
			p := wallet.Permit{
				Domain: wallet.PermitDomain{Name: token.Name, Version: "1", ChainID: new(big.Int).SetUint64(chain.ChainID()), VerifyingContract: token.Address},
				Owner:  w.key.Address(), Spender: chain.Contracts().CardSpender, Value: big.NewInt(int64(2500 * (i + 1))), Nonce: nonce,
				Deadline: big.NewInt(time.Now().Add(30 * time.Minute).Unix()),
			}
			ps, _ := wallet.SignPermit(w.key, p)
			amount := decimal.NewFromBigInt(p.Value, -2)
			_, err := w.client.TokenPermit(ctx, enduser.NewTokenPermitRequest(p, ps, amount, token.Decimals, client))
			if (err == nil) != (client == server) {
				t.Errorf("server %s, client %s: %v", server, client, err)
			}
		}
	}
}

func TestSandboxFullAuthRejectsForeignKeyAndAccount(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.mint(ctx)
	k2, _ := crypto.GenerateKey()
	intruder := w.newClient(wallet.NewEVMKey(k2), strconv.FormatUint(w.id, 10))
	_, err := intruder.Profile(ctx)
	wantCode(t, err, enduser.ErrAuth, 10001)
	if !strings.Contains(err.Error(), "own") {
		t.Fatalf("the sandbox should say the signer does not own the account: %v", err)
	}
	wrongNet, err := enduser.New(enduser.Options{BaseURL: w.url, Network: "5003", TokenID: strconv.FormatUint(w.id, 10), Signer: w.key})
	if err != nil {
		t.Fatal(err)
	}
	_, err = wrongNet.AccountStatus(ctx)
	wantCode(t, err, enduser.ErrAuth, 10001)
}

func TestSandboxClockSkewIsAbsorbed(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.mint(ctx)
	// The server runs 40 minutes ahead: deadlines from the local clock would be expired.
	w.srv.SetClockSkew(40 * 60)
	if _, err := w.client.Timestamp(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.client.Profile(ctx); err != nil {
		t.Fatalf("full-auth call with a skewed server: %v", err)
	}
	if off := w.client.Clock().Offset(); off < 39*time.Minute || off > 41*time.Minute {
		t.Fatalf("clock offset %s", off)
	}
}

func TestSandboxTransactionsPagingBothWays(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.mint(ctx)
	for _, f := range []enduser.TxFilter{{PageSize: 37}, {PageSize: 100, Direction: "OUT"}, {PageSize: 10, Currencies: []string{"EUR", "chf"}}} {
		seen := map[int64]bool{}
		var order []int64
		page, err := w.client.Transactions(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			for _, tx := range page.Transactions {
				if seen[int64(tx.ID)] {
					t.Fatalf("%+v: record %d twice", f, tx.ID)
				}
				seen[int64(tx.ID)] = true
				order = append(order, int64(tx.ID))
				if f.Direction != "" && tx.Direction != f.Direction {
					t.Fatalf("direction filter leaked %s", tx.Direction)
				}
			}
			if !page.HasNextPage {
				break
			}
			if page, err = w.client.NextPage(ctx, page); err != nil {
				t.Fatal(err)
			}
		}
		if f.PageSize == 37 && len(seen) < 300 {
			t.Fatalf("history has %d records, want at least 300", len(seen))
		}
		// And back: every page once more, in reverse page order.
		back := 0
		for page.HasPrevPage {
			if page, err = w.client.PrevPage(ctx, page); err != nil {
				t.Fatal(err)
			}
			back += len(page.Transactions)
		}
		if want := len(order) - lastPageLen(len(order), f.PageSize); back != want {
			t.Fatalf("%+v: walked back %d records, want %d", f, back, want)
		}
		n := 0
		for tx, err := range w.client.All(ctx, f) {
			if err != nil {
				t.Fatal(err)
			}
			if !seen[int64(tx.ID)] {
				t.Fatalf("iterator found %d the pages did not", tx.ID)
			}
			n++
		}
		if n != len(seen) {
			t.Fatalf("iterator %d, pages %d", n, len(seen))
		}
	}
	one, err := w.client.TransactionByID(ctx, 1)
	if err == nil && one.ID != 1 {
		t.Fatalf("lookup by id returned %d", one.ID)
	}
}

func lastPageLen(total, size int) int {
	if total%size == 0 {
		return size
	}
	return total % size
}

func TestSandboxFaultsGiveTypedErrors(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.mint(ctx)
	cases := []struct {
		name  string
		f     endusertest.Faults
		check func(error) bool
	}{
		{"503", endusertest.Faults{HTTPStatus: 503}, func(err error) bool { return errors.Is(err, enduser.ErrGatewayOutage) }},
		{"500", endusertest.Faults{HTTPStatus: 500}, func(err error) bool { var h *enduser.HTTPError; return errors.As(err, &h) }},
		{"error envelope", endusertest.Faults{ErrorCode: 10001, ErrorMsg: "gateway says no"}, func(err error) bool { return errors.Is(err, enduser.ErrAuth) }},
		{"truncated", endusertest.Faults{TruncateJSON: true}, func(err error) bool { var d *enduser.DecodeError; return errors.As(err, &d) }},
		{"result as string", endusertest.Faults{ResultAsString: true}, func(err error) bool { return err == nil }},
		// The banking profile must return data: an empty answer is an error, not an empty profile.
		{"204", endusertest.Faults{NoContent: true}, func(err error) bool { return errors.Is(err, enduser.ErrEmptyAnswer) }},
	}
	for _, c := range cases {
		c.f.Route = "/api/v2/br"
		c.f.Count = 1
		if err := w.srv.SetFaults(c.f); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { _, err := w.client.Profile(ctx); done <- err }()
		select {
		case err := <-done:
			if !c.check(err) {
				t.Errorf("%s: %v", c.name, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: hung", c.name)
		}
		if _, err := w.client.Profile(ctx); err != nil {
			t.Fatalf("%s: the fault did not clear after one request: %v", c.name, err)
		}
	}
	// Latency beyond the client's timeout is a timeout, not a hang.
	fast, _ := enduser.New(enduser.Options{BaseURL: w.url, Network: w.srv.Network(), TokenID: strconv.FormatUint(w.id, 10), Signer: w.key, Timeout: 200 * time.Millisecond})
	if err := w.srv.SetFaults(endusertest.Faults{LatencyMs: 1000, Count: 1, Route: "/api/v2/br"}); err != nil {
		t.Fatal(err)
	}
	_, err := fast.Profile(ctx)
	if !errors.Is(err, enduser.ErrTimeout) {
		t.Fatalf("latency: %v", err)
	}
}

// TestShareTokenHandoff: the external-wallet shared-token routes with each verdict (spec 3.8):
// incomplete (missing fields, nothing moves), passed (Form A next), terminal (the session
// ends), a reused token refused, and submit only after the check and Form A.
func TestShareTokenHandoff(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.mint(ctx)
	if _, err := w.client.KYCCheck(ctx); err == nil || !strings.Contains(err.Error(), "NO_ACTIVE_SESSION") {
		t.Fatalf("check before any handoff: %v", err)
	}
	inc, _ := w.srv.IssueShareToken(w.id, "incomplete", []string{"documentExpiry"}, 0)
	v, err := w.client.ReuseShareToken(ctx, inc)
	if err != nil || v.Status != enduser.VerdictIncomplete || v.Code != 20004 || len(v.MissingFields) != 1 || v.MissingFields[0] != "documentExpiry" || v.Attempt != 1 {
		t.Fatalf("incomplete: %+v %v", v, err)
	}
	if c, err := w.client.KYCCheck(ctx); err != nil || c.Complete || c.State != "PartnerDataIngestion" {
		t.Fatalf("check after incomplete: %+v %v", c, err)
	}
	if _, err := w.client.ReuseShareToken(ctx, inc); err == nil || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("reused token: %v", err)
	}
	ok, _ := w.srv.IssueShareToken(w.id, "passed", nil, 0)
	if v, err = w.client.ReuseShareToken(ctx, ok); err != nil || v.Status != enduser.VerdictPassed || v.ApplicantID == "" || v.Attempt != 2 {
		t.Fatalf("passed: %+v %v", v, err)
	}
	if c, err := w.client.KYCCheck(ctx); err != nil || !c.Complete || c.State != "SignFormA" {
		t.Fatalf("check after passed: %+v %v", c, err)
	}
	if _, err := w.client.KYCSubmit(ctx); err == nil || !strings.Contains(err.Error(), "Form A is not signed") {
		t.Fatalf("submit before Form A: %v", err)
	}
	info, err := w.client.FormAInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fa, _ := wallet.SignFormA(w.key, info.KYCSelfDec)
	if err := w.client.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: info.KYCSelfDec, KYCSelfDecSign: fa.Signature}); err != nil {
		t.Fatal(err)
	}
	if r, err := w.client.KYCSubmit(ctx); err != nil || r.State != "Submitting" || r.Queued {
		t.Fatalf("submit: %+v %v", r, err)
	}

	other := newWorld(t)
	other.mint(ctx)
	term, _ := other.srv.IssueShareToken(other.id, "terminal", nil, 30011)
	if v, err := other.client.ReuseShareToken(ctx, term); err != nil || v.Status != enduser.VerdictTerminal || v.Code != 30011 {
		t.Fatalf("terminal: %+v %v", v, err)
	}
	again, _ := other.srv.IssueShareToken(other.id, "passed", nil, 0)
	if _, err := other.client.ReuseShareToken(ctx, again); err == nil || !strings.Contains(err.Error(), "NO_ACTIVE_SESSION") {
		t.Fatalf("handoff after a terminal verdict: %v", err)
	}
}
