package altchaintest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/altchain"
	purseconfig "purse/config"
	"purse/partner"
	"purse/protocol"
	"purse/wallet"
)

// signedRequest is a quote request whose parts a test can spoil one at a time.
type signedRequest struct {
	body     []byte
	signer   wallet.EVMSigner
	variant  wallet.PartnerAuthVariant
	svcID    string // X-Svc-Id as signed and sent
	deadline int64
	// overrides applied after signing
	headers map[string]string
	drop    string
	// sentBody replaces the body after signing
	sentBody []byte
}

func (e *env) validBody(t *testing.T) map[string]any {
	t.Helper()
	return map[string]any{
		"svcId": e.svcID, "altchainAddress": e.user.PublicKey().String(), "usdcAmount": "12500000",
		"outputCurrency": "EUR", "network": e.sb.Network(),
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (e *env) post(t *testing.T, r signedRequest) (code int, msg string, data json.RawMessage) {
	t.Helper()
	if r.signer == nil {
		r.signer = partnerKey(t)
	}
	if r.variant == "" {
		r.variant = wallet.PartnerAuthSpec
	}
	if r.deadline == 0 {
		r.deadline = time.Now().Add(2 * time.Minute).Unix()
	}
	auth, err := wallet.SignPartnerAuth(r.signer, wallet.PartnerCall{Variant: r.variant, Payload: r.body, SvcID: r.svcID, Deadline: r.deadline}, time.Unix(r.deadline, 0).Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	body := r.body
	if r.sentBody != nil {
		body = r.sentBody
	}
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+"/partner"+altchain.QuotePath, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	h := map[string]string{
		partner.HeaderAPISignature: auth.Signature, partner.HeaderAPIDeadline: strconv.FormatInt(r.deadline, 10),
		partner.HeaderAPIPublicKey: auth.PublicKey, partner.HeaderSvcID: r.svcID, "Content-Type": "application/json",
	}
	for k, v := range r.headers {
		h[k] = v
	}
	if r.drop != "" {
		delete(h, r.drop)
	}
	for k, v := range h {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d", resp.StatusCode)
	}
	var env struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	return env.Code, env.Message, env.Data
}

func TestQuoteAuthFailuresAre10001(t *testing.T) {
	e := newEnv(t, Config{})
	body := mustJSON(t, e.validBody(t))
	svc := strconv.FormatInt(e.svcID, 10)
	now := time.Now()
	stranger := otherEVMKey(t, "stranger")
	registered2 := otherEVMKey(t, "second partner")
	e2 := newEnv(t, Config{PartnerKeys: []common.Address{partnerKey(t).Address(), registered2.Address()}})
	cases := []struct {
		name string
		env  *env
		req  signedRequest
		want string
	}{
		{"missing signature", e, signedRequest{body: body, svcID: svc, drop: partner.HeaderAPISignature}, "X-Api-Signature is missing"},
		{"missing deadline", e, signedRequest{body: body, svcID: svc, drop: partner.HeaderAPIDeadline}, "X-Api-Deadline is missing"},
		{"missing public key", e, signedRequest{body: body, svcID: svc, drop: partner.HeaderAPIPublicKey}, "X-Api-PublicKey is missing"},
		{"deadline not a number", e, signedRequest{body: body, svcID: svc, headers: map[string]string{partner.HeaderAPIDeadline: "soon"}}, "is not Unix seconds"},
		{"deadline in milliseconds", e, signedRequest{body: body, svcID: svc, deadline: now.Add(time.Minute).UnixMilli()}, "s ahead"},
		{"expired deadline", e, signedRequest{body: body, svcID: svc, deadline: now.Add(-time.Second).Unix()}, "expired"},
		{"deadline too far", e, signedRequest{body: body, svcID: svc, deadline: now.Add(5*time.Minute + 5*time.Second).Unix()}, "more than the 300 s allowed"},
		{"unregistered key", e, signedRequest{body: body, svcID: svc, signer: stranger}, "not a registered partner key"},
		{"malformed public key", e, signedRequest{body: body, svcID: svc, headers: map[string]string{partner.HeaderAPIPublicKey: "0x1234"}}, "not a 0x-prefixed 20-byte address"},
		{"malformed signature", e, signedRequest{body: body, svcID: svc, headers: map[string]string{partner.HeaderAPISignature: "0xdeadbeef"}}, "not a 0x-prefixed 65-byte hex signature"},
		{"signature by a stranger claiming a registered key", e, signedRequest{body: body, svcID: svc, signer: stranger,
			headers: map[string]string{partner.HeaderAPIPublicKey: partnerKey(t).Address().Hex()}}, "not from a registered partner key"},
		{"signature by another registered partner", e2, signedRequest{body: body, svcID: svc, signer: registered2,
			headers: map[string]string{partner.HeaderAPIPublicKey: partnerKey(t).Address().Hex()}}, "not by X-Api-PublicKey"},
		{"wrong variant (ur to a spec sandbox)", e, signedRequest{body: body, svcID: svc, variant: wallet.PartnerAuthUR}, "ur message variant"},
		{"body changed after signing", e, signedRequest{body: body, svcID: svc, sentBody: bytes.Replace(body, []byte("12500000"), []byte("92500000"), 1)}, "not from a registered partner key"},
		{"X-Svc-Id changed after signing", e, signedRequest{body: body, svcID: svc, headers: map[string]string{partner.HeaderSvcID: "4243"}}, "not from a registered partner key"},
		{"deadline changed after signing", e, signedRequest{body: body, svcID: svc, deadline: now.Add(time.Minute).Unix(),
			headers: map[string]string{partner.HeaderAPIDeadline: strconv.FormatInt(now.Add(2*time.Minute).Unix(), 10)}}, "not from a registered partner key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, msg, _ := c.env.post(t, c.req)
			if code != CodeAuth || !strings.Contains(msg, c.want) {
				t.Fatalf("code %d message %q, want 10001 with %q", code, msg, c.want)
			}
		})
	}

	// A sandbox speaking UR's form refuses the spec variant, and takes UR's with or without
	// X-Api-PublicKey (optional there: UR-SIG), from a registered key only.
	el := newEnv(t, Config{PartnerAuth: wallet.PartnerAuthUR})
	if code, msg, _ := el.post(t, signedRequest{body: body, svcID: svc}); code != CodeAuth || !strings.Contains(msg, "spec message variant") {
		t.Fatalf("spec to a ur sandbox: %d %q", code, msg)
	}
	if code, msg, _ := el.post(t, signedRequest{body: body, svcID: svc, variant: wallet.PartnerAuthUR}); code != CodeOK {
		t.Fatalf("ur to a ur sandbox: %d %q", code, msg)
	}
	if code, msg, _ := el.post(t, signedRequest{body: body, variant: wallet.PartnerAuthUR, drop: partner.HeaderAPIPublicKey}); code != CodeOK {
		t.Fatalf("ur without X-Api-PublicKey: %d %q", code, msg)
	}
	if code, msg, _ := el.post(t, signedRequest{body: body, variant: wallet.PartnerAuthUR, drop: partner.HeaderAPIPublicKey, signer: stranger}); code != CodeAuth || !strings.Contains(msg, "not from a registered partner key") {
		t.Fatalf("ur without X-Api-PublicKey by a stranger: %d %q", code, msg)
	}
}

// TestQuoteUnderTheServiceNames: a sandbox configured with the service's names for the
// stand-ins serves the quote at its path and reads its field names; the client speaks them
// when told (PartnerClient.Names), and the spec's names are refused there.
func TestQuoteUnderTheServiceNames(t *testing.T) {
	names := protocol.Names{SvcID: "urId", Altchain: "solana"}
	for _, variant := range []wallet.PartnerAuthVariant{wallet.PartnerAuthSpec, wallet.PartnerAuthUR} {
		e := newEnv(t, Config{PartnerAuth: variant, Names: names})
		e.partner.Names = names
		res, err := e.partner.Quote(context.Background(), e.request("10000000"))
		if err != nil || res.Quote == nil {
			t.Fatalf("%s with the service's names: %v", variant, err)
		}
		e.partner.Names = protocol.Names{SvcID: "urId"} // the path's stand-in kept
		_, err = e.partner.Quote(context.Background(), e.request("10000000"))
		if err == nil || !strings.Contains(err.Error(), "no route POST /v1/altchain/deposit/quote") {
			t.Fatalf("%s at /v1/altchain/...: %v", variant, err)
		}
		// svcId kept: the spec form's message names the identity (svcId: and X-Svc-Id), so
		// the signature fails first; UR's form signs no identity, and the body is refused.
		e.partner.Names = protocol.Names{Altchain: "solana"}
		_, err = e.partner.Quote(context.Background(), e.request("10000000"))
		want := `unknown field "svcId"`
		if variant == wallet.PartnerAuthSpec {
			want = "X-Ur-Id or deadline differ"
		}
		var ae *altchain.APIError
		if !errors.As(err, &ae) || !strings.Contains(ae.Message, want) {
			t.Fatalf("%s with svcId: %v, want %q", variant, err, want)
		}
	}
}

func TestQuoteParameterErrors(t *testing.T) {
	e := newEnv(t, Config{UserUnderPartner: func(p common.Address, svc int64) bool { return svc != 777 }})
	pda, _, err := solana.FindProgramAddress([][]byte{[]byte("x")}, altchain.DefaultSandboxProgramID)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		change map[string]any
		code   int
		want   string
	}{
		{"svcId zero", map[string]any{"svcId": 0}, CodeParam, "svcId"},
		{"svcId negative", map[string]any{"svcId": -5}, CodeParam, "svcId"},
		{"svcId a string", map[string]any{"svcId": "4242"}, CodeParam, "svcId"},
		{"svcId missing", map[string]any{"svcId": nil}, CodeParam, "svcId: missing"},
		{"address malformed", map[string]any{"altchainAddress": "not-base58!"}, CodeParam, "altchainAddress"},
		{"address too short", map[string]any{"altchainAddress": "abc"}, CodeParam, "altchainAddress"},
		{"address off the curve", map[string]any{"altchainAddress": pda.String()}, CodeParam, "altchainAddress"},
		{"currency unsupported", map[string]any{"outputCurrency": "GBP"}, CodeParam, "unsupported"},
		{"currency lowercase", map[string]any{"outputCurrency": "eur"}, CodeParam, "unsupported"},
		{"user not under the partner", map[string]any{"svcId": 777}, CodeParam, "not a user under this partner"},
		{"amount below 5 USDC", map[string]any{"usdcAmount": "4999999"}, CodeParam, "below the minimum"},
		{"amount in display units", map[string]any{"usdcAmount": "12.5"}, CodeParam, "usdcAmount"},
		{"amount a number", map[string]any{"usdcAmount": 12500000}, CodeParam, "usdcAmount"},
		{"amount leading zero", map[string]any{"usdcAmount": "012500000"}, CodeParam, "usdcAmount"},
		{"min above amount", map[string]any{"minUsdcAmount": "12500001"}, CodeParam, "minUsdcAmount"},
		{"min not numeric", map[string]any{"minUsdcAmount": "abc"}, CodeParam, "minUsdcAmount"},
		{"compute price negative", map[string]any{"computeUnitPrice": -1}, CodeParam, "computeUnitPrice"},
		{"network omitted means devnet", map[string]any{"network": nil}, CodeInternal, "devnet"},
		{"network devnet", map[string]any{"network": "devnet"}, CodeInternal, "no chain configuration"},
		{"network mainnet", map[string]any{"network": "mainnet"}, CodeInternal, "no chain configuration"},
		{"unknown field", map[string]any{"memo": "x"}, CodeParse, "unknown field"},
	}
	svc := strconv.FormatInt(e.svcID, 10)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := e.validBody(t)
			for k, v := range c.change {
				if v == nil {
					delete(b, k)
				} else {
					b[k] = v
				}
			}
			sv := svc
			if n, ok := b["svcId"].(int); ok {
				sv = strconv.Itoa(n)
			}
			code, msg, _ := e.post(t, signedRequest{body: mustJSON(t, b), svcID: sv})
			if code != c.code || !strings.Contains(msg, c.want) {
				t.Fatalf("code %d message %q, want %d with %q", code, msg, c.code, c.want)
			}
		})
	}
	t.Run("X-Svc-Id differs from svcId", func(t *testing.T) {
		code, msg, _ := e.post(t, signedRequest{body: mustJSON(t, e.validBody(t)), svcID: "99"})
		if code != CodeParam || !strings.Contains(msg, "differs") {
			t.Fatalf("%d %q", code, msg)
		}
	})
	t.Run("not JSON", func(t *testing.T) {
		code, _, _ := e.post(t, signedRequest{body: []byte("svcId=1"), svcID: svc})
		if code != CodeParse {
			t.Fatalf("code %d", code)
		}
	})
	t.Run("injected 50003", func(t *testing.T) {
		if err := e.sb.SetFaults(Faults{FailNextQuote: CodeRPC}); err != nil {
			t.Fatal(err)
		}
		code, _, _ := e.post(t, signedRequest{body: mustJSON(t, e.validBody(t)), svcID: svc})
		if code != CodeRPC {
			t.Fatalf("code %d", code)
		}
		if code, _, _ := e.post(t, signedRequest{body: mustJSON(t, e.validBody(t)), svcID: svc}); code != CodeOK {
			t.Fatalf("fault not consumed: %d", code)
		}
	})
}

func TestQuoteAnswerCarriesEverySpecField(t *testing.T) {
	e := newEnv(t, Config{})
	b := e.validBody(t)
	b["minUsdcAmount"] = "0"
	b["computeUnitPrice"] = 5000
	code, msg, data := e.post(t, signedRequest{body: mustJSON(t, b), svcID: strconv.FormatInt(e.svcID, 10)})
	if code != CodeOK {
		t.Fatalf("%d %s", code, msg)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"network", "programId", "oapp", "endpointProgramId", "dstEid", "usdcMint", "depositUsdcAccount",
		"feeReceiver", "evmOutputToken", "nativeFeeLamports", "nativeFeeLamportsWithBuffer", "rules", "transaction",
		"lastValidBlockHeight", "outputAmount", "outputAmountBeforeFee", "exchangeRate", "processingFee", "networkFee", "totalFee"} {
		if _, ok := m[f]; !ok {
			t.Errorf("field %s missing", f)
		}
	}
	q, err := altchain.ParseQuote(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := q.SetRequested("12500000", "0"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(altchain.SandboxGenesisHash, q.Network) || q.NativeFeeLamportsWithBuffer != q.NativeFeeLamports*12/10 {
		t.Fatalf("network %s, fees %d/%d", q.Network, q.NativeFeeLamports, q.NativeFeeLamportsWithBuffer)
	}
	if q.LastValidBlockHeight != e.sb.BlockHeight()+BlockhashLifetime {
		t.Fatalf("lastValidBlockHeight %d at height %d", q.LastValidBlockHeight, e.sb.BlockHeight())
	}
	if q.OutputAmount.String() != "11.34" || q.OutputAmountBeforeFee.String() != "11.5" || q.TotalFee.String() != "0.16" {
		t.Fatalf("amounts %s %s %s", q.OutputAmount, q.OutputAmountBeforeFee, q.TotalFee)
	}
	r := altchain.Inspect(q, e.user.PublicKey(), Options())
	if r.Rejected() || r.ComputeUnitLimit < 400_000 || r.ComputeUnitPrice != 5000 || r.Deposit == nil || r.Deposit.USDCAmount != 12_500_000 {
		t.Fatalf("inspection: %+v", r)
	}
}

// TestAnswerSignature: the sandbox signs its answers (spec 5.5) with ResponseKey, whose
// address the embedded profile pins; the client refuses an answer signed over other bytes
// always, a foreign one when a key is pinned, and an unsigned one unless the profile says
// warn (partner_unsigned_answers), which lets it through marked Unsigned.
func TestAnswerSignature(t *testing.T) {
	if got := ResponseKey.Address().Hex(); got != purseconfig.SandboxPartnerResponseKey {
		t.Fatalf("purseconfig.SandboxPartnerResponseKey is %s, the sandbox signs with %s", purseconfig.SandboxPartnerResponseKey, got)
	}
	e := newEnv(t, Config{BlockTime: time.Hour})
	pinned := ResponseKey.Address()
	for _, c := range []struct {
		mode     string
		pin      *common.Address
		warn     bool
		signedBy string
		refused  string
	}{
		{ResponseSigned, nil, false, pinned.Hex(), ""},
		{ResponseSigned, &pinned, false, pinned.Hex(), ""},
		{ResponseUnsigned, nil, false, "", "carries no x-api-signature"},
		{ResponseUnsigned, &pinned, false, "", "carries no x-api-signature"},
		{ResponseUnsigned, &pinned, true, "", ""},
		{ResponseForeign, nil, false, foreignResponseKey.Address().Hex(), ""},
		{ResponseForeign, &pinned, false, "", "not by the service key"},
		{ResponseForeign, &pinned, true, "", "not by the service key"},
		{ResponseTampered, nil, false, "", "not by x-api-publicKey"},
		{ResponseTampered, &pinned, true, "", "not by x-api-publicKey"},
	} {
		f := e.sb.Faults()
		f.ResponseSignature = c.mode
		if err := e.sb.SetFaults(f); err != nil {
			t.Fatal(err)
		}
		e.partner.ResponseKey, e.partner.WarnUnsigned = c.pin, c.warn
		res, err := e.partner.Quote(context.Background(), e.request("10000000"))
		switch {
		case c.refused != "":
			if !errors.Is(err, partner.ErrResponseSignature) || !strings.Contains(err.Error(), c.refused) || res.Quote != nil {
				t.Errorf("%q pinned=%v warn=%v: %v, want a refusal saying %q", c.mode, c.pin != nil, c.warn, err, c.refused)
			}
		case err != nil || res.SignedBy != c.signedBy || res.Unsigned != (c.signedBy == ""):
			t.Errorf("%q pinned=%v warn=%v: %v, signed by %q (unsigned %v), want %q", c.mode, c.pin != nil, c.warn, err, res.SignedBy, res.Unsigned, c.signedBy)
		}
	}
	// An unsigned refusal of the service is reported as what it says, not as a signature
	// problem: nothing of it is used either way.
	f := e.sb.Faults()
	f.ResponseSignature, f.FailNextQuote = ResponseUnsigned, CodeRPC
	if err := e.sb.SetFaults(f); err != nil {
		t.Fatal(err)
	}
	e.partner.ResponseKey, e.partner.WarnUnsigned = &pinned, false
	var ae *altchain.APIError
	if _, err := e.partner.Quote(context.Background(), e.request("10000000")); !errors.As(err, &ae) || ae.Code != CodeRPC || !strings.Contains(err.Error(), "unsigned") {
		t.Errorf("an unsigned 50003: %v", err)
	}
}
