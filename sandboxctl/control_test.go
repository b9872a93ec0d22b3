package sandboxctl_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"purse/enduser"
	"purse/sandbox"
	"purse/sandboxctl"
)

// mintForTest mints an account for addr through the real end-user API of sb.
func mintForTest(t *testing.T, sb *sandbox.Sandbox, addr string) string {
	t.Helper()
	info := sb.Info()
	c, err := enduser.New(enduser.Options{BaseURL: info.UserAPI, Network: info.Network})
	if err != nil {
		t.Fatal(err)
	}
	// An id the sandbox did not hand out does not exist (10003); an issued one mints.
	if mc, _ := c.WithTokenID(enduser.NewMintTokenID(nil)); mc != nil {
		req := enduser.MintRequest{Address: addr, LotNumber: "sandbox", CaptchaOutput: "sandbox-pass", PassToken: "sandbox", GenTime: strconv.FormatInt(time.Now().Unix(), 10)}
		if _, err := mc.Mint(context.Background(), req); !errors.Is(err, enduser.ErrMintTokenNotFound) {
			t.Fatalf("mint of an id not handed out: %v", err)
		}
	}
	id, err := sandboxctl.NewControl(info.UserAPI).IssueTokenID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	mc, err := c.WithTokenID(id)
	if err != nil {
		t.Fatal(err)
	}
	req := enduser.MintRequest{Address: addr, LotNumber: "sandbox", CaptchaOutput: "sandbox-pass", PassToken: "sandbox", GenTime: strconv.FormatInt(time.Now().Unix(), 10)}
	if _, err := mc.Mint(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	return id
}

type view struct {
	StatusStr    string `json:"statusStr"`
	KYCStepStr   string `json:"kycStepStr"`
	RejectType   string `json:"rejectType"`
	FailReason   string `json:"failReason"`
	ReviewAnswer string `json:"reviewAnswer"`
}

func decodeView(t *testing.T, raw json.RawMessage) view {
	t.Helper()
	var v view
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("state %s: %v", raw, err)
	}
	return v
}

func TestControlDrivesTheSandbox(t *testing.T) {
	ctx := context.Background()
	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	c := sandboxctl.NewControl(sb.Info().UserAPI + "/")
	if c.BaseURL() != sb.Info().UserAPI {
		t.Fatalf("base %q", c.BaseURL())
	}

	info, err := c.Info(ctx)
	if err != nil || !reflect.DeepEqual(info, sb.Info()) {
		t.Fatalf("info %+v %v", info, err)
	}

	a := mintForTest(t, sb, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	raw, err := c.State(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if v := decodeView(t, raw); v.StatusStr != "Tourist" || v.KYCStepStr != "IDScan" {
		t.Fatalf("after mint %+v", v)
	}

	// advance with nothing waiting is refused with the sandbox's message, typed.
	_, err = c.Advance(ctx, a)
	var ce *sandboxctl.ControlError
	if !errors.As(err, &ce) || ce.RetCode == 0 || !strings.Contains(ce.Message, "nothing is waiting") || ce.NextStep() == "" {
		t.Fatalf("advance with nothing waiting: %v", err)
	}

	raw, err = c.KYCReject(ctx, a, "blurred photo", false)
	if err != nil {
		t.Fatal(err)
	}
	if v := decodeView(t, raw); v.KYCStepStr != "Rejected" || v.RejectType != "RETRY" || v.FailReason != "blurred photo" {
		t.Fatalf("after reject %+v", v)
	}

	b := mintForTest(t, sb, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
	raw, err = c.KYCApprove(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	if v := decodeView(t, raw); v.KYCStepStr != "SignFormA" || v.ReviewAnswer != "GREEN" {
		t.Fatalf("after approve %+v", v)
	}
	c2 := mintForTest(t, sb, "0x90F79bf6EB2c4f870365E785982E1f101E93b906")
	raw, err = c.KYCReject(ctx, c2, "", true)
	if err != nil {
		t.Fatal(err)
	}
	if v := decodeView(t, raw); v.RejectType != "FINAL" {
		t.Fatalf("final reject %+v", v)
	}

	// A one-shot 503 hits the next API call only.
	if _, err := c.SetFaults(ctx, sandboxctl.Faults{HTTPStatus: 503, Count: 1}); err != nil {
		t.Fatal(err)
	}
	api, _ := enduser.New(enduser.Options{BaseURL: sb.Info().UserAPI, Network: sb.Info().Network, TokenID: b})
	if _, err := api.AccountStatus(ctx); !errors.Is(err, enduser.ErrGatewayOutage) {
		t.Fatalf("with the fault: %v", err)
	}
	if _, err := api.AccountStatus(ctx); err != nil {
		t.Fatalf("after the one-shot fault: %v", err)
	}
	if _, err := c.SetFaults(ctx, sandboxctl.Faults{HTTPStatus: 503}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ClearFaults(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := api.AccountStatus(ctx); err != nil {
		t.Fatalf("after clearing: %v", err)
	}
	if _, err := c.SetFaults(ctx, sandboxctl.Faults{HTTPStatus: 404}); !errors.As(err, &ce) || ce.RetCode == 0 {
		t.Fatalf("a fault the sandbox refuses: %v", err)
	}

	raw, err = c.ClockSkew(ctx, 120)
	if err != nil {
		t.Fatal(err)
	}
	var skew struct {
		Seconds int64 `json:"seconds"`
	}
	if json.Unmarshal(raw, &skew) != nil || skew.Seconds != 120 {
		t.Fatalf("skew %s", raw)
	}
	raw, err = c.State(ctx, "")
	if err != nil || !strings.Contains(string(raw), `"skewSeconds":120`) {
		t.Fatalf("overview %s %v", raw, err)
	}

	for _, bad := range []string{"", "abc", "0"} {
		if _, err := c.KYCApprove(ctx, bad); err == nil || !strings.Contains(err.Error(), "token id") {
			t.Errorf("token id %q: %v", bad, err)
		}
	}
	if _, err := c.State(ctx, "12x"); err == nil {
		t.Error("a malformed token id reached the sandbox")
	}
	if _, err := sandboxctl.Do(c, ctx, "POST", "no-such-route", map[string]any{}); !errors.As(err, &ce) || ce.HTTPStatus != 404 || !strings.Contains(ce.NextStep(), "control surface") {
		t.Fatalf("unknown route: %v", err)
	}
}

func TestControlUnreachable(t *testing.T) {
	c := sandboxctl.NewControl("http://127.0.0.1:1")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := c.Info(ctx); err == nil || !strings.Contains(err.Error(), "sandbox control info") {
		t.Fatalf("unreachable: %v", err)
	}
}

// TestInfoSetsOnlyTheDialect: whatever answers /sandbox/info may be anyone's server (a
// process on the sandbox's port, a profile's remote URL), so its settings may say how the
// service speaks and nothing else: one that names the signing key, the account, a contract
// or how answers are trusted is refused, and no profile is made of it.
func TestInfoSetsOnlyTheDialect(t *testing.T) {
	info := func(settings map[string]string) string {
		b, _ := json.Marshal(sandboxctl.Info{UserAPI: "http://127.0.0.1:1", Network: "31337", Settings: settings})
		return string(b)
	}
	var answer string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(answer))
	}))
	defer srv.Close()
	c := sandboxctl.NewControl(srv.URL)
	answer = info(map[string]string{"partner_auth": "ur", "tx_amount_unit": "display", "routes.onramp-limit": "POST", "names.svcId": "urId"})
	got, err := c.Info(context.Background())
	if err != nil {
		t.Fatalf("a dialect: %v", err)
	}
	if p := got.Profile("p"); p.PartnerAuth != "ur" || p.Routes["onramp-limit"] != "POST" {
		t.Fatalf("the dialect was not taken: %+v", p)
	}
	for _, k := range []string{"evm_key", "solana_key", "partner_key", "token_id", "partner_unsigned_answers", "card_spender", "account_nft", "partner_response_key", "evm_rpc"} {
		answer = info(map[string]string{"partner_auth": "ur", k: "chosen-by-the-server"})
		if _, err := c.Info(context.Background()); err == nil || !strings.Contains(err.Error(), "setting "+k) {
			t.Errorf("info setting %s: %v", k, err)
		}
	}
}
