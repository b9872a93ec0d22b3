package endusertest

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"purse/wallet"
)

const devKeyHex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

// testStart is the fake clock's start: after the seeded histories' anchor.
var testStart = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	t     testing.TB
	srv   *Server
	ts    *httptest.Server
	clock *fakeClock
	chain *MemChain
}

func newEnv(t testing.TB, mod func(*Config)) *env {
	t.Helper()
	clk := &fakeClock{t: testStart}
	chain := NewMemChain(31337)
	chain.SetClock(clk.Now)
	cfg := Config{Seed: 7, Chain: chain, Clock: clk.Now}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &env{t: t, srv: srv, ts: ts, clock: clk, chain: chain}
}

type resp struct {
	Status  int             `json:"-"`
	Raw     []byte          `json:"-"`
	RetCode int             `json:"retCode"`
	RetMsg  string          `json:"retMsg"`
	Result  json.RawMessage `json:"result"`
	TimeNow int64           `json:"timeNow"`
}

func (e *env) do(method, pathQuery string, body []byte, hdr map[string]string) resp {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, e.ts.URL+pathQuery, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header[k] = []string{v} // exact header names, as the spec writes them
	}
	res, err := e.ts.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	out := resp{Status: res.StatusCode, Raw: raw}
	if len(raw) > 0 && res.Header.Get("Content-Type") == "application/json" {
		if err := json.Unmarshal(raw, &out); err != nil {
			e.t.Fatalf("%s %s: undecodable body %s: %v", method, pathQuery, raw, err)
		}
	}
	return out
}

// control posts to the /sandbox/ surface and requires success.
func (e *env) control(path string, body any) resp {
	e.t.Helper()
	b, _ := json.Marshal(body)
	r := e.do(http.MethodPost, "/sandbox/"+path, b, nil)
	if r.RetCode != 0 {
		e.t.Fatalf("control %s: %d %s", path, r.RetCode, r.RetMsg)
	}
	return r
}

type user struct {
	e       *env
	key     *wallet.EVMKey
	tokenID uint64
}

func (e *env) user(keyHex string, tokenID uint64) *user {
	e.t.Helper()
	var k *wallet.EVMKey
	if keyHex == "" {
		pk, err := crypto.GenerateKey()
		if err != nil {
			e.t.Fatal(err)
		}
		k = wallet.NewEVMKey(pk)
	} else {
		var err error
		if k, err = wallet.ParseEVMKey(keyHex); err != nil {
			e.t.Fatal(err)
		}
	}
	return &user{e: e, key: k, tokenID: tokenID}
}

func (u *user) basic() map[string]string {
	return map[string]string{"tokenId": strconv.FormatUint(u.tokenID, 10), "network": "31337"}
}

// signed builds full-auth headers for a payload with the deadline window from server time.
func (u *user) signed(payload []byte, window int64) map[string]string {
	u.e.t.Helper()
	fa, err := wallet.SignFullAuth(u.key, payload, u.e.srv.Now().Unix()+window, u.e.srv.Now())
	if err != nil {
		u.e.t.Fatal(err)
	}
	h := u.basic()
	h["hash"], h["deadline"], h["sign"] = fa.Hash, strconv.FormatInt(fa.Deadline, 10), fa.Sign
	return h
}

func (u *user) get(path, query string) resp {
	u.e.t.Helper()
	pq := path
	if query != "" {
		pq += "?" + query
	}
	return u.e.do(http.MethodGet, pq, nil, u.signed([]byte(query), 300))
}

func (u *user) post(path string, body any) resp {
	u.e.t.Helper()
	b, ok := body.([]byte)
	if !ok {
		var err error
		if b, err = json.Marshal(body); err != nil {
			u.e.t.Fatal(err)
		}
	}
	return u.e.do(http.MethodPost, path, b, u.signed(b, 300))
}

func (u *user) mint() resp {
	u.e.t.Helper()
	body, _ := json.Marshal(map[string]string{
		"address": u.key.Address().Hex(), "lotNumber": "lot-1", "captchaOutput": CaptchaPass,
		"passToken": "pass", "genTime": "1700000000",
	})
	return u.e.do(http.MethodPost, "/api/v1/mint", body, u.basic())
}

// live walks the user from Na to Live through the API and the control surface.
func (u *user) live() {
	t := u.e.t
	t.Helper()
	if _, ok := u.e.srv.AccountByAddress(u.key.Address()); !ok {
		mustOK(t, u.mint())
	}
	mustOK(t, u.post("/api/v1/idv/create-access-token", map[string]any{}))
	u.e.control("kyc-approve", map[string]any{"tokenId": u.tokenID})
	var fa struct {
		KYCSelfDec string `json:"kycSelfDec"`
	}
	decodeResult(t, mustOK(t, u.get("/api/v2/kyc/form-a-info", "")), &fa)
	sig, err := wallet.SignFormA(u.key, fa.KYCSelfDec)
	if err != nil {
		t.Fatal(err)
	}
	mustOK(t, u.post("/api/v2/kyc/submit-form-a", map[string]string{"kycSelfDec": fa.KYCSelfDec, "kycSelfDecSign": sig.Signature}))
	u.e.control("advance", map[string]any{"tokenId": u.tokenID})
}

func mustOK(t testing.TB, r resp) resp {
	t.Helper()
	if r.Status != http.StatusOK || r.RetCode != 0 {
		t.Fatalf("expected success, got HTTP %d retCode %d %q (%s)", r.Status, r.RetCode, r.RetMsg, r.Raw)
	}
	return r
}

func wantErr(t testing.TB, r resp, code int, msgPart string) {
	t.Helper()
	if r.RetCode != code || !strings.Contains(r.RetMsg, msgPart) {
		t.Fatalf("expected retCode %d with %q, got HTTP %d retCode %d %q", code, msgPart, r.Status, r.RetCode, r.RetMsg)
	}
}

// decodeResult decodes result, unwrapping a JSON-encoded string result.
func decodeResult(t testing.TB, r resp, v any) {
	t.Helper()
	raw := []byte(r.Result)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		raw = []byte(s)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("result %s: %v", r.Result, err)
	}
}

func balance(t testing.TB, e *env, sym string, u *user) *big.Int {
	t.Helper()
	tok, ok := e.srv.tokenBySymbol(sym)
	if !ok {
		t.Fatalf("no token %s", sym)
	}
	b, err := e.chain.BalanceOf(t.Context(), tok.Address, u.key.Address())
	if err != nil {
		t.Fatal(err)
	}
	return b
}
