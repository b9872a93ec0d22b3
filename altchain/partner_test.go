package altchain_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	"purse/altchain/altchaintest"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

func validRequest(t *testing.T) altchain.QuoteRequest {
	return altchain.QuoteRequest{
		SvcID: 4242, AltchainAddress: solKey(t, "partner user").PublicKey().String(), USDCAmount: "12500000",
		OutputCurrency: "EUR", Network: altchain.SandboxGenesisHash[:8],
	}
}

func TestQuoteRequestValidate(t *testing.T) {
	pda, _, err := solana.FindProgramAddress([][]byte{[]byte("pda")}, altchain.DefaultSandboxProgramID)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		edit  func(r *altchain.QuoteRequest)
		field string
	}{
		{"svcId zero", func(r *altchain.QuoteRequest) { r.SvcID = 0 }, "svcId"},
		{"svcId negative", func(r *altchain.QuoteRequest) { r.SvcID = -1 }, "svcId"},
		{"address empty", func(r *altchain.QuoteRequest) { r.AltchainAddress = "" }, "altchainAddress"},
		{"address EVM", func(r *altchain.QuoteRequest) { r.AltchainAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" }, "altchainAddress"},
		{"address off curve", func(r *altchain.QuoteRequest) { r.AltchainAddress = pda.String() }, "altchainAddress"},
		{"amount empty", func(r *altchain.QuoteRequest) { r.USDCAmount = "" }, "usdcAmount"},
		{"amount decimal", func(r *altchain.QuoteRequest) { r.USDCAmount = "12.5" }, "usdcAmount"},
		{"amount below minimum", func(r *altchain.QuoteRequest) { r.USDCAmount = "4999999" }, "usdcAmount"},
		{"amount overflow", func(r *altchain.QuoteRequest) { r.USDCAmount = "18446744073709551616" }, "usdcAmount"},
		{"currency", func(r *altchain.QuoteRequest) { r.OutputCurrency = "GBP" }, "outputCurrency"},
		{"network omitted", func(r *altchain.QuoteRequest) { r.Network = "" }, "network"},
		{"network not base58", func(r *altchain.QuoteRequest) { r.Network = "main-net" }, "network"},
		{"min above amount", func(r *altchain.QuoteRequest) { r.MinUSDCAmount = "12500001" }, "minUsdcAmount"},
		{"min negative", func(r *altchain.QuoteRequest) { r.MinUSDCAmount = "-1" }, "minUsdcAmount"},
	}
	for _, c := range cases {
		r := validRequest(t)
		c.edit(&r)
		err := r.Validate()
		var fe *altchain.FieldError
		if !errors.As(err, &fe) || fe.Field != "request."+c.field || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	for _, edit := range []func(r *altchain.QuoteRequest){
		func(*altchain.QuoteRequest) {},
		func(r *altchain.QuoteRequest) { r.Network = "mainnet" },
		func(r *altchain.QuoteRequest) { r.MinUSDCAmount = "0" },
		func(r *altchain.QuoteRequest) { r.MinUSDCAmount = "12500000"; r.OutputCurrency = "CNH" },
	} {
		r := validRequest(t)
		edit(&r)
		if err := r.Validate(); err != nil {
			t.Errorf("valid request refused: %v", err)
		}
	}
}

func TestQuoteRequestBody(t *testing.T) {
	r := validRequest(t)
	price := uint64(2500)
	r.MinUSDCAmount, r.ComputeUnitPrice = "0", &price
	b, err := r.Body()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"svcId":4242,"altchainAddress":"` + r.AltchainAddress + `","usdcAmount":"12500000","outputCurrency":"EUR","network":"` +
		altchain.SandboxGenesisHash[:8] + `","minUsdcAmount":"0","computeUnitPrice":2500}`
	if string(b) != want {
		t.Fatalf("body\n%s\nwant\n%s", b, want)
	}
	r = validRequest(t)
	if b, _ := r.Body(); strings.Contains(string(b), "minUsdcAmount") || strings.Contains(string(b), "computeUnitPrice") || !strings.Contains(string(b), `"network"`) {
		t.Fatalf("optional fields: %s", b)
	}
}

// TestPartnerClientHeaders checks what goes on the wire: the exact body, the headers of
// spec 5.1, a deadline at most 5 minutes ahead, and a signature over the spec message.
func TestPartnerClientHeaders(t *testing.T) {
	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(r.Context())
		body, _ = io.ReadAll(r.Body)
		_, _ = w.Write([]byte(`{"code":10001,"message":"nope","data":null}`))
	}))
	defer srv.Close()
	now := time.Unix(1_700_000_000, 0)
	for _, v := range []wallet.PartnerAuthVariant{wallet.PartnerAuthSpec, wallet.PartnerAuthUR} {
		pc := &altchain.PartnerClient{BaseURL: srv.URL + "/", Signer: evmKey(t), Variant: v, Now: func() time.Time { return now }}
		_, err := pc.Quote(bg(t), validRequest(t))
		var ae *altchain.APIError
		if !errors.As(err, &ae) || ae.Code != 10001 || !strings.Contains(err.Error(), "not authenticated") {
			t.Fatalf("%s: %v", v, err)
		}
		if got.URL.Path != altchain.QuotePath || got.Method != http.MethodPost || got.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s %s", got.Method, got.URL.Path)
		}
		dl, err := strconv.ParseInt(got.Header.Get(partner.HeaderAPIDeadline), 10, 64)
		if err != nil || dl <= now.Unix() || dl > now.Add(5*time.Minute).Unix() {
			t.Fatalf("deadline %d", dl)
		}
		// The spec's form signs and sends the identity header; UR's form neither (the
		// public integration's /v1/* calls carry none).
		wantSvc := map[wallet.PartnerAuthVariant]string{wallet.PartnerAuthSpec: "4242", wallet.PartnerAuthUR: ""}[v]
		if got.Header.Get(partner.HeaderSvcID) != wantSvc || got.Header.Get(partner.HeaderAPIPublicKey) != evmKey(t).Address().Hex() {
			t.Fatalf("%s: headers %v", v, got.Header)
		}
		r := validRequest(t)
		if want, _ := r.Body(); string(want) != string(body) {
			t.Fatalf("body %s", body)
		}
		msg := wallet.PartnerAuthMessage(v, body, "", wantSvc, "", dl)
		signer, err := wallet.RecoverPersonal([]byte(msg), got.Header.Get(partner.HeaderAPISignature))
		if err != nil || signer != evmKey(t).Address() {
			t.Fatalf("%s: signature does not recover to the partner: %v", v, err)
		}
	}
	// The service's names for the stand-ins: the path, the body's fields, the identity
	// header and the identity's name in the spec form's message.
	names := protocol.Names{SvcID: "urId", Altchain: "solana"}
	pc := &altchain.PartnerClient{BaseURL: srv.URL, Signer: evmKey(t), Names: names, Now: func() time.Time { return now }}
	_, _ = pc.Quote(bg(t), validRequest(t))
	r := validRequest(t)
	want, _ := r.BodyNamed(names)
	if got.URL.Path != "/v1/solana/deposit/quote" || string(body) != string(want) || !strings.HasPrefix(string(body), `{"urId":4242,"solanaAddress":`) || got.Header.Get("X-Ur-Id") != "4242" || got.Header.Get(partner.HeaderSvcID) != "" {
		t.Fatalf("named: %s %s %v", got.URL.Path, body, got.Header)
	}
	dl, _ := strconv.ParseInt(got.Header.Get(partner.HeaderAPIDeadline), 10, 64)
	if signer, err := wallet.RecoverPersonal([]byte(string(body)+"urId:4242externalUserId: "+strconv.FormatInt(dl, 10)), got.Header.Get(partner.HeaderAPISignature)); err != nil || signer != evmKey(t).Address() {
		t.Fatalf("named spec message: %v", err)
	}
	pc = &altchain.PartnerClient{BaseURL: srv.URL, Signer: evmKey(t), Deadline: 6 * time.Minute}
	if _, err := pc.Quote(bg(t), validRequest(t)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("6-minute deadline window: %v", err)
	}
	// An invalid request is refused before anything is signed or sent.
	got = nil
	r = validRequest(t)
	r.Network = ""
	if _, err := (&altchain.PartnerClient{BaseURL: srv.URL, Signer: evmKey(t)}).Quote(bg(t), r); err == nil || got != nil {
		t.Fatalf("sent an invalid request: %v", err)
	}
}

// TestPartnerClientAgainstSandbox covers the success path and each service code the
// sandbox answers, with the client's explanation.
func TestPartnerClientAgainstSandbox(t *testing.T) {
	sb, srv := sandbox(t, altchaintest.Config{UserUnderPartner: func(_ common.Address, svc int64) bool { return svc != 13 }})
	pc := &altchain.PartnerClient{BaseURL: srv.URL + "/partner", Signer: evmKey(t), HTTP: srv.Client()}
	req := validRequest(t)
	req.MinUSDCAmount = "0"
	res, err := pc.Quote(bg(t), req)
	if err != nil {
		t.Fatal(err)
	}
	q := res.Quote
	if !q.HasRequested || q.USDCAmount != 12_500_000 || q.MinUSDCAmount != 0 || q.Transaction == nil || q.ExchangeRate == nil {
		t.Fatalf("quote %+v", q)
	}
	if r := altchain.Inspect(q, solKey(t, "partner user").PublicKey(), altchaintest.Options()); r.Rejected() {
		t.Fatalf("sandbox quote rejected: %v", r.Findings)
	}

	codes := []struct {
		name string
		edit func(r *altchain.QuoteRequest)
		pre  func()
		code int64
		why  string
	}{
		{"20003 user not under partner", func(r *altchain.QuoteRequest) { r.SvcID = 13 }, nil, 20003, "user not under this partner"},
		{"50002 devnet", func(r *altchain.QuoteRequest) { r.Network = "devnet" }, nil, 50002, "chain configuration"},
		{"50003 injected", func(*altchain.QuoteRequest) {}, func() { _ = sb.SetFaults(altchaintest.Faults{FailNextQuote: 50003}) }, 50003, "retry later"},
	}
	for _, c := range codes {
		r := validRequest(t)
		c.edit(&r)
		if c.pre != nil {
			c.pre()
		}
		_, err := pc.Quote(bg(t), r)
		var ae *altchain.APIError
		if !errors.As(err, &ae) || ae.Code != c.code || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// 10001: an unregistered key.
	stranger, _ := wallet.ParseEVMKey("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	_, err = (&altchain.PartnerClient{BaseURL: srv.URL + "/partner", Signer: stranger}).Quote(bg(t), validRequest(t))
	var ae *altchain.APIError
	if !errors.As(err, &ae) || ae.Code != 10001 || !strings.Contains(ae.Message, "not a registered partner key") {
		t.Errorf("10001: %v", err)
	}
	// The wrong variant: the sandbox accepts only the one it is configured for.
	_, err = (&altchain.PartnerClient{BaseURL: srv.URL + "/partner", Signer: evmKey(t), Variant: wallet.PartnerAuthUR}).Quote(bg(t), validRequest(t))
	if !errors.As(err, &ae) || ae.Code != 10001 || !strings.Contains(ae.Message, "variant") {
		t.Errorf("wrong variant: %v", err)
	}
	// An HTTP 404 is an error, not a quote.
	_, err = (&altchain.PartnerClient{BaseURL: srv.URL + "/nowhere", Signer: evmKey(t)}).Quote(bg(t), validRequest(t))
	if err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
}
