package enduser

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/protocol"
	"purse/wallet"
)

func TestRequestBodiesAndValidation(t *testing.T) {
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.URL.Path {
		case "/api/v2/card-status":
			f.ok(w, map[string]any{"status": 0, "data": map[string]any{"x": 1}})
		case "/api/v1/idv/create-access-token":
			f.ok(w, map[string]any{"token": "_act-sbx-1", "userId": 99})
		case "/api/v2/kyc/submit-form-a":
			w.WriteHeader(http.StatusNoContent)
		}
	}
	c := newClient(t, f.srv.URL, nil)
	ctx := ctxT(t)
	res, err := c.CardStatus(ctx, CardStatusRequest{CardTokenID: "555", Status: CardBlocked})
	if err != nil || res.Status != "0" || string(res.Data) != `{"x":1}` {
		t.Fatalf("card status %+v %v", res, err)
	}
	tok, err := c.IDVAccessToken(ctx, IDVTokenRequest{IsRetryVerification: true, RetryLevel: 2, StepType: "IDENTITY"})
	if err != nil || tok.Token != "_act-sbx-1" || tok.UserID != "99" {
		t.Fatalf("idv %+v %v", tok, err)
	}
	text := "I declare  that\r\nall is true. "
	fa, err := wallet.SignFormA(testSigner(t), text)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SubmitFormA(ctx, FormASubmission{KYCSelfDec: text, KYCSelfDecSign: fa.Signature}); err != nil {
		t.Fatalf("submit form A (204): %v", err)
	}
	want := map[string]string{
		"/api/v2/card-status":             `{"cardTokenId":"555","status":0}`,
		"/api/v1/idv/create-access-token": `{"isRetryVerification":true,"retryLevel":2,"stepType":"IDENTITY"}`,
		"/api/v2/kyc/submit-form-a":       `{"kycSelfDec":"I declare  that\r\nall is true. ","kycSelfDecSign":"` + fa.Signature + `"}`,
	}
	for path, body := range want {
		r := f.requests(path)[0]
		if string(r.Body) != body {
			t.Errorf("%s body %s, want %s", path, r.Body, body)
		}
		verifyFullAuth(t, r, testSigner(t).Address(), f.now(), protocol.DefaultFullAuthWindow)
	}

	n := len(f.requests(""))
	refused := []struct {
		field string
		err   error
	}{
		{"status", func() error { _, err := c.CardStatus(ctx, CardStatusRequest{CardTokenID: "1", Status: 2}); return err }()},
		{"cardTokenId", func() error { _, err := c.CardStatus(ctx, CardStatusRequest{Status: 1}); return err }()},
		{"retryLevel", func() error { _, err := c.IDVAccessToken(ctx, IDVTokenRequest{RetryLevel: 3}); return err }()},
		{"retryLevel", func() error {
			_, err := c.IDVAccessToken(ctx, IDVTokenRequest{IsRetryVerification: true, RetryLevel: 9})
			return err
		}()},
		{"kycSelfDecSign", c.SubmitFormA(ctx, FormASubmission{KYCSelfDec: text, KYCSelfDecSign: "0x1234"})},
		{"kycSelfDec", c.SubmitFormA(ctx, FormASubmission{KYCSelfDecSign: fa.Signature})},
		{"email", func() error { _, err := c.EmailStatus(ctx, "not an email"); return err }()},
		{"address", func() error { _, err := c.Mint(ctx, MintRequest{Address: "0x12"}); return err }()},
	}
	for _, r := range refused {
		var ve *ValidationError
		if !errors.As(r.err, &ve) || ve.Field != r.field {
			t.Errorf("want a ValidationError naming %s, got %v", r.field, r.err)
		}
	}
	if len(f.requests("")) != n {
		t.Error("a refused request reached the server")
	}
}

func TestProfileOnrampAndPermitModels(t *testing.T) {
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.URL.Path {
		case "/api/v2/br":
			writeRaw(w, 200, `{"retCode":0,"result":{"tokenId":1234567890,"br":"Ada L","iban":"CH93 0076 2011 6238 5295 7","isCardEligible":true,
				"cards":["555",556],"cardActivation":{"amount":1,"currency":"USD"},"country":"CHE",
				"limits":{"restartDate":"2026-12-01","restartDateMs":1796083200000,"used":"10.05","available":"4989.95","max":5000},
				"contacts":{"EUR":[{"id":"c1","name":"Bob","account":"DE**1234","lastPaymentDate":1767225600000}]},
				"depositBank":{"EUR":{"account":"CH93...","BIC":"UBSWCHZH80A","payee":"Ada L"}}}}`)
		case "/api/v1/onramp-limit":
			writeRaw(w, 200, `{"retCode":0,"result":{"livenessLocked":false,"livenessLockMins":"0","maxAmounts":{"EUR":"1000.00","CHF":"900"},
				"minAmounts":{"EUR":"5.10","CHF":"1000"},"usdcDepegged":false,"regionLocked":false}}`)
		}
	}
	c := newClient(t, f.srv.URL, nil)
	p, err := c.Profile(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if p.TokenID != "1234567890" || len(p.Cards) != 2 || p.Cards[1] != "556" || !p.CardActivation.Amount.Equal(decimal.NewFromInt(1)) ||
		p.Limits.Available.String() != "4989.95" || p.Limits.Max.String() != "5000" || p.Contacts["EUR"][0].ID != "c1" ||
		p.DepositBank["EUR"].BIC != "UBSWCHZH80A" || !p.IsCardEligible {
		t.Errorf("profile %+v", p)
	}
	o, err := c.OnrampLimit(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if b := o.Blockers("eur"); len(b) != 0 {
		t.Errorf("EUR blockers %v", b)
	}
	if b := o.Blockers("CHF"); len(b) != 1 || !strings.Contains(b[0], "below minimum") {
		t.Errorf("CHF blockers %v", b)
	}
	if b := o.Blockers("USD"); len(b) != 1 {
		t.Errorf("USD blockers %v", b)
	}

	// A permit request built from a signed permit carries the signed value and the signed
	// deadline; amounts in smallest units by default (the integrator's practice), in token
	// units as spec 4.6 reads.
	var sig wallet.PermitSignature
	sig.V, sig.R, sig.S = 28, "0x"+strings.Repeat("1", 64), "0x"+strings.Repeat("2", 64)
	var perm wallet.Permit
	perm.Domain.VerifyingContract[19] = 1
	perm.Value = decimal.RequireFromString("1250000").BigInt()
	perm.Deadline = decimal.NewFromInt(1767225600).BigInt()
	req := NewTokenPermitRequest(perm, sig, decimal.RequireFromString("1.25"), 6, "")
	b, _ := json.Marshal(req)
	if string(b) != `{"address":"0x0000000000000000000000000000000000000001","amount":"1250000","permitAmount":"1250000","permitDeadline":1767225600,"permitV":28,"permitR":"0x`+strings.Repeat("1", 64)+`","permitS":"0x`+strings.Repeat("2", 64)+`"}` {
		t.Errorf("permit body %s", b)
	}
	tok := NewTokenPermitRequest(perm, sig, decimal.RequireFromString("1.25"), 6, PermitUnitToken)
	if b, _ := json.Marshal(tok); !strings.Contains(string(b), `"amount":"1.250000","permitAmount":"1.250000"`) {
		t.Errorf("permit body in token units %s", b)
	}
	tok.Amount = decimal.RequireFromString("1.2500001")
	if _, err := json.Marshal(NewTokenPermitRequest(perm, sig, tok.Amount, 6, "")); err == nil {
		t.Error("an amount finer than the token was written")
	}
	if err := checkPermit(req); err != nil {
		t.Errorf("built permit invalid: %v", err)
	}
}

func TestLenientScalars(t *testing.T) {
	var v struct {
		A Int    `json:"a"`
		B Int    `json:"b"`
		C Int    `json:"c"`
		D Text   `json:"d"`
		E Amount `json:"e"`
		F Units  `json:"f"`
		G Amount `json:"g"`
	}
	if err := json.Unmarshal([]byte(`{"a":"42","b":1.767225600e12,"c":"","d":123456789012345678901,"e":null,"f":"1000000000000000000000000","g":"-0.50"}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != 42 || v.B != 1767225600000 || v.C != 0 || v.D != "123456789012345678901" || v.E.Valid || v.F.String() != "1000000000000000000000000" || v.G.String() != "-0.5" {
		t.Errorf("%+v", v)
	}
	for _, bad := range []string{`{"a":"x"}`, `{"a":1.5}`, `{"a":true}`, `{"e":"1.2.3"}`, `{"e":" 1"}`, `{"f":"1.5"}`, `{"g":{}}`} {
		err := json.Unmarshal([]byte(bad), &v)
		var ute *json.UnmarshalTypeError
		if !errors.As(err, &ute) || ute.Field == "" {
			t.Errorf("%s: want a type error naming the field, got %v", bad, err)
		}
	}
}
