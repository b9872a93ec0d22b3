package endusertest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/wallet"
)

const tokA, tokB = 1234567890, 2345678901

func TestTimestampAndEmailStatus(t *testing.T) {
	e := newEnv(t, nil)
	r := mustOK(t, e.do(http.MethodGet, "/api/v1/timestamp", nil, nil))
	if string(r.Result) != strconv.FormatInt(testStart.UnixMilli(), 10) || r.TimeNow != testStart.UnixMilli() {
		t.Fatalf("timestamp result %s timeNow %d, want %d", r.Result, r.TimeNow, testStart.UnixMilli())
	}
	mustOK(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":"free@example.com"}`), nil))
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":"Taken@example.com"}`), nil), CodeEmailTaken, "already registered")
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":"not-an-email"}`), nil), CodeParam, "not an email")
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":`), nil), CodeParse, "body")
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"mail":"a@b.ch"}`), nil), CodeParse, "unknown field")

	// An email given at mint is registered.
	u := e.user(devKeyHex, tokA)
	body, _ := json.Marshal(map[string]string{"address": u.key.Address().Hex(), "lotNumber": "l", "captchaOutput": CaptchaPass, "passToken": "p", "genTime": "1", "email": "new@example.com"})
	mustOK(t, e.do(http.MethodPost, "/api/v1/mint", body, u.basic()))
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":"new@example.com"}`), nil), CodeEmailTaken, "already registered")
}

func TestRoutingErrors(t *testing.T) {
	e := newEnv(t, nil)
	r := e.do(http.MethodGet, "/api/v9/nothing", nil, nil)
	if r.Status != http.StatusNotFound || r.RetCode != CodeSystem {
		t.Fatalf("unknown route: HTTP %d retCode %d", r.Status, r.RetCode)
	}
	r = e.do(http.MethodDelete, "/api/v2/card", nil, nil)
	if r.Status != http.StatusMethodNotAllowed || r.RetCode != CodeParse {
		t.Fatalf("wrong method: HTTP %d retCode %d", r.Status, r.RetCode)
	}
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	// POST with a body but without Content-Type: application/json.
	b := []byte(`{"pageSize":5}`)
	h := u.signed(b, 300)
	req, _ := http.NewRequest(http.MethodPost, e.ts.URL+"/api/v2/transactions", strings.NewReader(string(b)))
	for k, v := range h {
		req.Header[k] = []string{v}
	}
	res, err := e.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var env resp
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	wantErr(t, env, CodeParse, "Content-Type")
}

func TestBasicAuthErrors(t *testing.T) {
	e := newEnv(t, nil)
	cases := []struct {
		name string
		hdr  map[string]string
		code int
		msg  string
	}{
		{"missing tokenId", map[string]string{"network": "31337"}, CodeParse, "missing header tokenId"},
		{"malformed tokenId", map[string]string{"tokenId": "12ab", "network": "31337"}, CodeParse, "malformed header tokenId"},
		{"missing network", map[string]string{"tokenId": "1234567890"}, CodeParse, "missing header network"},
		{"malformed network", map[string]string{"tokenId": "1234567890", "network": "eip155:31337"}, CodeParse, "malformed header network"},
		{"network mismatch", map[string]string{"tokenId": "1234567890", "network": "5003"}, CodeAuth, "network mismatch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantErr(t, e.do(http.MethodGet, "/api/v2/account-status", nil, c.hdr), c.code, c.msg)
		})
	}
	// An unknown tokenId reads as Na.
	r := mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, map[string]string{"tokenId": "1234567890", "network": "31337"}))
	var st accountStatus
	decodeResult(t, r, &st)
	if st.Status != StatusNa || st.StatusStr != "Na" {
		t.Fatalf("unknown tokenId: %+v", st)
	}
}

func TestMint(t *testing.T) {
	e := newEnv(t, nil)
	a := e.user(devKeyHex, tokA)
	b := e.user("", tokB)

	for _, id := range []uint64{123456789, 8123456789, 9123456789, 12345678901} {
		c := e.user("", id)
		wantErr(t, c.mint(), CodeTokenIDInvalid, "10-digit")
	}
	mintBody := func(addr, captcha string, drop string) []byte {
		m := map[string]string{"address": addr, "lotNumber": "lot", "captchaOutput": captcha, "passToken": "pt", "genTime": "17"}
		delete(m, drop)
		out, _ := json.Marshal(m)
		return out
	}
	for _, f := range []string{"lotNumber", "captchaOutput", "passToken", "genTime", "address"} {
		wantErr(t, e.do(http.MethodPost, "/api/v1/mint", mintBody(a.key.Address().Hex(), CaptchaPass, f), a.basic()), CodeParam, f)
	}
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", mintBody(a.key.Address().Hex(), "wrong", ""), a.basic()), CodeCaptcha, "captcha")
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", mintBody("0x1234", CaptchaPass, ""), a.basic()), CodeParam, "address")
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", []byte(`{"address":"`+a.key.Address().Hex()+`","lotNumber":"l","captchaOutput":"sandbox-pass","passToken":"p","genTime":"1","backGroundColor":"blue"}`), a.basic()), CodeParam, "backGroundColor")
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", []byte(`{"address":"`+a.key.Address().Hex()+`","lotNumber":"l","captchaOutput":"sandbox-pass","passToken":"p","genTime":"1","image":"!!"}`), a.basic()), CodeParam, "image")

	r := mustOK(t, a.mint())
	var mr struct {
		TokenID uint64 `json:"tokenId"`
		TxHash  string `json:"txHash"`
	}
	decodeResult(t, r, &mr)
	if mr.TokenID != tokA || !isHex0x(mr.TxHash, 64) {
		t.Fatalf("mint result %s", r.Result)
	}
	if id, ok, _ := e.chain.AccountOf(t.Context(), a.key.Address()); !ok || id != tokA {
		t.Fatalf("chain: account of owner = %d %v", id, ok)
	}
	wantErr(t, a.mint(), CodeTokenUsed, "already used")
	// Same tokenId, another address.
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", mintBody(b.key.Address().Hex(), CaptchaPass, ""), a.basic()), CodeTokenAddress, "does not match")
	// Another tokenId, an address that already has an account.
	wantErr(t, e.do(http.MethodPost, "/api/v1/mint", mintBody(a.key.Address().Hex(), CaptchaPass, ""), b.basic()), CodeHasAccount, "already has account")
	// tokenId put in a non-Na status before mint.
	e.control("set-status", map[string]any{"tokenId": tokB, "status": "Blocked"})
	wantErr(t, b.mint(), CodeNotNa, "not Na")

	var st accountStatus
	stRes := mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, a.basic()))
	if stRes.Result[0] != '"' {
		t.Fatalf("account-status result must be a JSON string, got %s", stRes.Result)
	}
	decodeResult(t, stRes, &st)
	if st.Status != StatusTourist || st.StatusStr != "Tourist" || st.KYCFlow.CurrentStep != StepIDScan || st.KYCFlow.CurrentStepStr != "IDScan" {
		t.Fatalf("after mint: %+v", st)
	}
	if st.SumsubKycInfo == nil || st.SumsubKycInfo.ReviewStatus != "init" || st.NoviceGuidanceProcessStep != nil {
		t.Fatalf("after mint: %s", stRes.Result)
	}
	// The mint adds a record to the seeded history.
	var page TxPage
	decodeResult(t, mustOK(t, a.post("/api/v2/transactions", map[string]any{"pageSize": 1})), &page)
	if page.Transactions[0].TxHash != mr.TxHash || page.Transactions[0].Title != "Account opened" {
		t.Fatalf("newest record %+v, want the mint", page.Transactions[0])
	}
}

func TestFullAuthNegatives(t *testing.T) {
	e := newEnv(t, nil)
	a := e.user(devKeyHex, tokA)
	b := e.user("", tokB)
	mustOK(t, a.mint())
	mustOK(t, b.mint())
	body := []byte(`{"pageSize":5}`)
	const path = "/api/v2/transactions"

	mustOK(t, e.do(http.MethodPost, path, body, a.signed(body, 300)))
	mustOK(t, e.do(http.MethodPost, path, body, a.signed(body, 1200)))

	with := func(h map[string]string, k, v string) map[string]string {
		out := map[string]string{}
		for kk, vv := range h {
			out[kk] = vv
		}
		if v == "" {
			delete(out, k)
		} else {
			out[k] = v
		}
		return out
	}
	good := a.signed(body, 300)
	cases := []struct {
		name string
		body []byte
		hdr  map[string]string
		code int
		msg  string
	}{
		{"expired deadline", body, a.signed(body, -1), CodeAuth, "deadline expired"},
		{"deadline equal to now", body, a.signed(body, 0), CodeAuth, "deadline expired"},
		{"deadline over 20 minutes", body, a.signed(body, 1201), CodeAuth, "deadline too far"},
		{"tampered body", []byte(`{"pageSize":6}`), good, CodeAuth, "hash mismatch"},
		{"uppercase hash", body, with(good, "hash", "0x"+strings.ToUpper(good["hash"][2:])), CodeAuth, "hash mismatch"},
		{"wrong key", body, func() map[string]string { h := b.signed(body, 300); h["tokenId"] = "1234567890"; return h }(), CodeAuth, "signature mismatch"},
		{"another user's tokenId", body, with(good, "tokenId", strconv.Itoa(tokB)), CodeAuth, "signature mismatch"},
		{"unknown tokenId", body, with(good, "tokenId", "3456789012"), CodeAuth, "unknown tokenId"},
		{"missing sign", body, with(good, "sign", ""), CodeParse, "missing header sign"},
		{"missing hash", body, with(good, "hash", ""), CodeParse, "missing header hash"},
		{"missing deadline", body, with(good, "deadline", ""), CodeParse, "missing header deadline"},
		{"malformed hash", body, with(good, "hash", "0x1234"), CodeParse, "malformed header hash"},
		{"malformed deadline", body, with(good, "deadline", "soon"), CodeParse, "malformed header deadline"},
		{"malformed sign", body, with(good, "sign", "0xzz"), CodeParse, "malformed header sign"},
		{"bad recovery byte", body, with(good, "sign", good["sign"][:130]+"05"), CodeAuth, "signature invalid"},
		{"network mismatch", body, with(good, "network", "5000"), CodeAuth, "network mismatch"},
		{"missing tokenId", body, with(good, "tokenId", ""), CodeParse, "missing header tokenId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantErr(t, e.do(http.MethodPost, path, c.body, c.hdr), c.code, c.msg)
		})
	}
	t.Run("GET signs the raw query", func(t *testing.T) {
		h := a.signed([]byte("x=1"), 300)
		mustOK(t, e.do(http.MethodGet, "/api/v2/br?x=1", nil, h))
		wantErr(t, e.do(http.MethodGet, "/api/v2/br?x=2", nil, h), CodeAuth, "hash mismatch")
		wantErr(t, e.do(http.MethodGet, "/api/v2/br", nil, h), CodeAuth, "hash mismatch")
	})
}

func TestAccountLifeNaToLive(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	other := e.user("", tokB)
	status := func() accountStatus {
		var st accountStatus
		decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, u.basic())), &st)
		return st
	}
	if st := status(); st.Status != StatusNa || st.KYCFlow.CurrentStep != StepUnknown {
		t.Fatalf("before mint: %+v", st)
	}
	mustOK(t, u.mint())
	wantErr(t, u.get("/api/v2/kyc/form-a-info", ""), CodeSystem, "Form A not ready (KYC snapshot not ready)")

	var idv struct{ Token, UserID string }
	decodeResult(t, mustOK(t, u.post("/api/v1/idv/create-access-token", map[string]any{"levelName": "basic-kyc", "ttl": 1200})), &idv)
	if !strings.HasPrefix(idv.Token, "_act-sbx-") || idv.UserID == "" {
		t.Fatalf("idv token %+v", idv)
	}
	wantErr(t, u.post("/api/v1/idv/create-access-token", map[string]any{"retryLevel": 2}), CodeParam, "retryLevel")
	wantErr(t, u.post("/api/v1/idv/create-access-token", map[string]any{"ttl": 0}), CodeParam, "ttl")
	wantErr(t, u.post("/api/v1/idv/create-access-token", map[string]any{"userId": "someone-else"}), CodeParam, "userId")
	if st := status(); st.SumsubKycInfo.ReviewStatus != "pending" || st.KYCFlow.CurrentStep != StepIDScan {
		t.Fatalf("after idv token: %+v", st)
	}
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": "x", "kycSelfDecSign": "0x00"}), CodeParam, "step SignFormA")

	e.control("kyc-approve", map[string]any{"tokenId": strconv.Itoa(tokA)})
	st := status()
	if st.KYCFlow.CurrentStep != StepSignFormA || st.SumsubKycInfo.ReviewAnswer != "GREEN" || !st.SumsubKycInfo.LatestKycHasCompleted {
		t.Fatalf("after approve: %+v", st)
	}

	// Form A: object on the first read, JSON string on the second.
	r1 := mustOK(t, u.get("/api/v2/kyc/form-a-info", ""))
	r2 := mustOK(t, u.get("/api/v2/kyc/form-a-info", ""))
	if r1.Result[0] != '{' || r2.Result[0] != '"' {
		t.Fatalf("form-a-info results %s / %s: want object then string", r1.Result[:1], r2.Result[:1])
	}
	var fa1, fa2 struct {
		KYCSelfDec string `json:"kycSelfDec"`
	}
	decodeResult(t, r1, &fa1)
	decodeResult(t, r2, &fa2)
	text := fa1.KYCSelfDec
	if text != fa2.KYCSelfDec || !strings.Contains(text, "Form A — ") || !strings.Contains(text, "Grüße") || !strings.Contains(text, "€") ||
		!strings.Contains(text, strconv.Itoa(tokA)) || !strings.Contains(text, u.key.Address().Hex()) || !strings.Contains(text, "\n") {
		t.Fatalf("form A text:\n%s", text)
	}
	sig, err := wallet.SignFormA(u.key, text)
	if err != nil {
		t.Fatal(err)
	}
	trimmed, err := wallet.SignFormA(u.key, strings.TrimSpace(text))
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": strings.TrimSpace(text), "kycSelfDecSign": trimmed.Signature}), CodeParam, "does not match the Form A text exactly")
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": strings.ReplaceAll(text, "\n", "\r\n"), "kycSelfDecSign": sig.Signature}), CodeParam, "exactly")
	otherSig, _ := wallet.SignFormA(other.key, text)
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": text, "kycSelfDecSign": otherSig.Signature}), CodeAuth, "not the account owner")
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": text, "kycSelfDecSign": "0x1234"}), CodeParam, "kycSelfDecSign")
	wantErr(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": text}), CodeParam, "kycSelfDecSign: required")
	mustOK(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": text, "kycSelfDecSign": sig.Signature}))
	if st := status(); st.KYCFlow.CurrentStep != StepReview || st.Status != StatusTourist {
		t.Fatalf("after Form A: %+v", st)
	}
	wantErr(t, u.get("/api/v2/kyc/form-a-info", ""), CodeSystem, "already submitted")
	wantErr(t, u.get("/api/v1/onramp-limit", ""), CodeParam, "Live")

	e.control("advance", map[string]any{"tokenId": tokA})
	st = status()
	if st.Status != StatusLive || st.StatusStr != "Live" || st.NoviceGuidanceProcessStep == nil || *st.NoviceGuidanceProcessStepLatestTimeMs != testStart.UnixMilli() {
		t.Fatalf("after advance: %+v", st)
	}
	if s, _ := e.chain.AccountStatus(tokA); s != StatusLive {
		t.Fatalf("chain status %d", s)
	}
	if balance(t, e, "EUR24", u).Int64() != 100000 {
		t.Fatalf("EUR24 funding %s", balance(t, e, "EUR24", u))
	}
	var p profile
	decodeResult(t, mustOK(t, u.get("/api/v2/br", "")), &p)
	if !strings.HasPrefix(p.IBAN, "CH") || len(p.IBAN) != 21 || !validIBAN(p.IBAN) || !p.IsCardEligible || p.Country != "CHE" ||
		p.Limits.Max.String() != "50000.00" || p.DepositBank["EUR"].Account != p.IBAN || len(p.Cards) != 0 {
		t.Fatalf("profile %+v", p)
	}
	var lim map[string]any
	decodeResult(t, mustOK(t, u.get("/api/v1/onramp-limit", "")), &lim)
	for _, k := range []string{"livenessLocked", "livenessLockMins", "maxAmounts", "minAmounts", "usdcDepegged", "regionLocked"} {
		if _, ok := lim[k]; !ok {
			t.Fatalf("onramp-limit lacks %s: %v", k, lim)
		}
	}
	if lim["minAmounts"].(map[string]any)["EUR"] != "4.63" {
		t.Fatalf("EUR min on-ramp %v, want 4.63 (5 USD at 1.08)", lim["minAmounts"])
	}
	wantErr(t, e.do(http.MethodPost, "/sandbox/advance", []byte(`{"tokenId":1234567890}`), nil), CodeParam, "nothing is waiting")
}

func TestControlAdvanceNothing(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	r := e.do(http.MethodPost, "/sandbox/advance", []byte(`{"tokenId":1234567890}`), nil)
	wantErr(t, r, CodeParam, "nothing is waiting")
	wantErr(t, e.do(http.MethodPost, "/sandbox/kyc-approve", []byte(`{"tokenId":999}`), nil), CodeParam, "no minted account")
	wantErr(t, e.do(http.MethodPost, "/sandbox/set-status", []byte(`{"tokenId":1234567890,"status":"Frozen"}`), nil), CodeParse, "Frozen")
	wantErr(t, e.do(http.MethodGet, "/sandbox/nothing", nil, nil), CodeSystem, "no such control route")
}

func validIBAN(iban string) bool {
	s := iban[4:] + iban[:4]
	rem := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			rem = (rem*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			rem = (rem*100 + int(c-'A'+10)) % 97
		default:
			return false
		}
	}
	return rem == 1
}

func TestDelayedTransitions(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.ReviewDelay = 30 * time.Second; c.ActivationDelay = time.Minute })
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	mustOK(t, u.post("/api/v1/idv/create-access-token", []byte(`{}`)))
	e.clock.Advance(29 * time.Second)
	wantErr(t, u.get("/api/v2/kyc/form-a-info", ""), CodeSystem, "not ready")
	e.clock.Advance(time.Second)
	var fa struct {
		KYCSelfDec string `json:"kycSelfDec"`
	}
	decodeResult(t, mustOK(t, u.get("/api/v2/kyc/form-a-info", "")), &fa)
	sig, _ := wallet.SignFormA(u.key, fa.KYCSelfDec)
	mustOK(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": fa.KYCSelfDec, "kycSelfDecSign": sig.Signature}))
	e.clock.Advance(59 * time.Second)
	if v, _ := e.srv.State(tokA); v.Status != StatusTourist {
		t.Fatalf("activated early: %+v", v)
	}
	e.clock.Advance(time.Second)
	if v, _ := e.srv.State(tokA); v.Status != StatusLive || v.IBAN == "" {
		t.Fatalf("not activated after the delay: %+v", v)
	}
}

func TestKYCRejectAndCRS(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	mustOK(t, u.post("/api/v1/idv/create-access-token", map[string]any{}))
	e.control("kyc-reject", map[string]any{"tokenId": tokA, "reason": "Blurry document", "final": false})
	var st accountStatus
	decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, u.basic())), &st)
	if st.KYCFlow.CurrentStep != StepRejected || st.KYCFlow.CurrentStepStr != "Rejected" || st.KYCFlow.FailReason != "Blurry document" ||
		st.SumsubKycInfo.ReviewAnswer != "RED" || st.SumsubKycInfo.ReviewRejectType != "RETRY" {
		t.Fatalf("after reject: %+v %+v", st.KYCFlow, st.SumsubKycInfo)
	}
	// A retry token restarts the vendor step.
	mustOK(t, u.post("/api/v1/idv/create-access-token", map[string]any{"isRetryVerification": true, "retryLevel": 2}))
	decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, u.basic())), &st)
	if st.KYCFlow.CurrentStep != StepIDScan || st.SumsubKycInfo.ReviewStatus != "pending" {
		t.Fatalf("after retry: %+v", st)
	}
	e.control("kyc-reject", map[string]any{"tokenId": tokA, "reason": "Sanctions", "final": true})
	wantErr(t, u.post("/api/v1/idv/create-access-token", map[string]any{}), CodeParam, "FINAL")

	e.control("crs-required", map[string]any{"tokenId": tokA})
	decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, u.basic())), &st)
	if !st.CrsInfo.NeedCrs || st.CrsInfo.RestrictDate != testStart.Add(30*24*time.Hour).UnixMilli() || st.CrsInfo.URL == "" {
		t.Fatalf("crs %+v", st.CrsInfo)
	}
	for _, s := range []struct {
		in   any
		want uint8
	}{{"SoftBlocked", 1}, {3, 3}, {"closed", 4}} {
		e.control("set-status", map[string]any{"tokenId": tokA, "status": s.in})
		decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v2/account-status", nil, u.basic())), &st)
		if st.Status != s.want || st.StatusStr != StatusName(s.want) {
			t.Fatalf("set-status %v: %+v", s.in, st)
		}
		if cs, _ := e.chain.AccountStatus(tokA); cs != s.want {
			t.Fatalf("chain status %d, want %d", cs, s.want)
		}
	}
}

func TestChainConfigs(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	var anon chainConfigs
	decodeResult(t, mustOK(t, e.do(http.MethodGet, "/api/v3/config/chain-configs", nil, nil)), &anon)
	if anon.CanActivateCard != nil || len(anon.Chains) != 1 || anon.Chains[0].ChainIdentifier != "eip155:31337" || anon.Chains[0].ChainName != "Sandbox home chain" {
		t.Fatalf("anonymous chain-configs %+v", anon)
	}
	if len(anon.Chains[0].Tokens) != 5 {
		t.Fatalf("tokens %d", len(anon.Chains[0].Tokens))
	}
	for _, tk := range anon.Chains[0].Tokens {
		if tk.TotalBalance != nil || tk.TotalBalanceUSD != nil || tk.DisplayDecimals != 2 {
			t.Fatalf("anonymous token %+v", tk)
		}
	}
	// Partial auth headers are an error, not a logged-out read.
	wantErr(t, e.do(http.MethodGet, "/api/v3/config/chain-configs", nil, map[string]string{"network": "31337"}), CodeParse, "missing header tokenId")

	u.live()
	var cc chainConfigs
	r := mustOK(t, u.get("/api/v3/config/chain-configs", ""))
	decodeResult(t, r, &cc)
	if cc.CanActivateCard == nil || !*cc.CanActivateCard || cc.CardActivationMessage == "" || len(cc.TokenActivities) == 0 {
		t.Fatalf("logged-in chain-configs %s", r.Result)
	}
	ch := cc.Chains[0]
	if ch.DepositContract != e.chain.Contracts().Deposit.Hex() || ch.BufferPoolContract != e.chain.Contracts().BufferPool.Hex() || !ch.NativeToken.IsNative {
		t.Fatalf("chain item %+v", ch)
	}
	bySym := map[string]tokenItem{}
	for _, tk := range ch.Tokens {
		bySym[tk.Symbol] = tk
	}
	eur := bySym["EUR24"]
	if eur.Name != "Fiat24 EUR" || eur.Decimals != 2 || !eur.IsFiat || *eur.TotalBalance != "1000.00" || *eur.TotalBalanceUSD != "1080.00" ||
		eur.MinTopUpAmount != "4.63" || eur.MinFxAmountUSD != "1.00" || !eur.CanWithdraw {
		t.Fatalf("EUR24 %+v", eur)
	}
	usdc := bySym["USDC"]
	if usdc.Decimals != 6 || usdc.IsFiat || *usdc.TotalBalance != "0.000000" || !usdc.CanDeposit {
		t.Fatalf("USDC %+v", usdc)
	}
}

func TestRecordDeposit(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	if err := e.srv.RecordDeposit(tokA, "CHF", decimalFrom(t, "12.345"), 13_500_000, "0xabc", "eip155:1"); err == nil {
		t.Fatal("excess precision accepted")
	}
	if err := e.srv.RecordDeposit(tokA, "chf", decimalFrom(t, "12.34"), 13_500_000, "0xabc", "eip155:1"); err != nil {
		t.Fatal(err)
	}
	if b := balance(t, e, "CHF24", u); b.Int64() != 1234 {
		t.Fatalf("CHF24 balance %s", b)
	}
	var page TxPage
	decodeResult(t, mustOK(t, u.post("/api/v2/transactions", map[string]any{"txHash": "0xabc"})), &page)
	if len(page.Transactions) != 1 || page.Transactions[0].Type != "CTU" || page.Transactions[0].Amount != "12.34" || page.Transactions[0].ChainID != "eip155:1" {
		t.Fatalf("deposit record %+v", page.Transactions)
	}
	// The record's amounts are each its token's smallest units (spec 2.13): the 13.5 USDC
	// paid in, the 12.34 CHF credited out.
	if r := page.Transactions[0]; r.InputToken != "USDC" || r.InputAmount != "13500000" || r.OutputAmount != "1234" {
		t.Fatalf("input %s %s, output %s", r.InputToken, r.InputAmount, r.OutputAmount)
	}
	if v, ok := e.srv.AccountByAddress(u.key.Address()); !ok || v.TokenID != tokA {
		t.Fatalf("AccountByAddress %+v %v", v, ok)
	}
	if e.srv.Network() != "31337" || e.srv.Chain().ChainID() != 31337 || e.srv.CAIP2() != "eip155:31337" {
		t.Fatal(e.srv.Network())
	}
	e.srv.RegisterEmail("Later@Example.com")
	wantErr(t, e.do(http.MethodPost, "/api/v2/email-status", []byte(`{"email":"later@example.com"}`), nil), CodeEmailTaken, "already registered")
}
