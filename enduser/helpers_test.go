package enduser

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/wallet"
)

const testKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

const testTokenID = "1234567890"

func testSigner(t testing.TB) *wallet.EVMKey {
	t.Helper()
	k, err := wallet.ParseEVMKey(testKey)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// recorded is one request as the fake server received it.
type recorded struct {
	Method   string
	Path     string
	RawQuery string
	Header   http.Header
	Body     []byte
}

// fake is an end-user service double: it answers the timestamp route itself (at its own,
// possibly skewed, time) and hands every other request to handle.
type fake struct {
	t      *testing.T
	skew   time.Duration
	handle func(w http.ResponseWriter, r *http.Request, body []byte)

	mu   sync.Mutex
	reqs []recorded
	srv  *httptest.Server
}

func newFake(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, body []byte)) *fake {
	f := &fake{t: t, handle: handle}
	f.srv = httptest.NewServer(f)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) now() time.Time { return time.Now().Add(f.skew) }

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, recorded{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), body})
	f.mu.Unlock()
	if r.URL.Path == "/api/v1/timestamp" {
		ms := f.now().UnixMilli()
		writeJSON(w, 200, map[string]any{"retCode": 0, "retMsg": "OK", "result": map[string]any{"timestamp": ms}, "timeNow": ms})
		return
	}
	if f.handle == nil {
		f.ok(w, map[string]any{})
		return
	}
	f.handle(w, r, body)
}

// ok writes a success envelope stamped with the fake's time.
func (f *fake) ok(w http.ResponseWriter, result any) {
	writeJSON(w, 200, map[string]any{"retCode": 0, "retMsg": "OK", "result": result, "timeNow": f.now().UnixMilli()})
}

func (f *fake) requests(path string) []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []recorded
	for _, r := range f.reqs {
		if path == "" || r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func writeRaw(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

func newClient(t testing.TB, baseURL string, mod func(*Options)) *Client {
	t.Helper()
	o := Options{BaseURL: baseURL, Network: NetworkTestnet, TokenID: testTokenID, Signer: testSigner(t), Timeout: 5 * time.Second}
	if mod != nil {
		mod(&o)
	}
	c, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// verifyFullAuth checks the full-auth headers of a received request: the hash is keccak of
// the exact payload received, the signature recovers to signer, the deadline is window
// after server time.
func verifyFullAuth(t *testing.T, r recorded, signer common.Address, serverNow time.Time, window time.Duration) {
	t.Helper()
	verifyBasicAuth(t, r)
	payload := r.Body
	if r.Method == http.MethodGet {
		payload = []byte(r.RawQuery)
	}
	hash, deadline, sign := r.Header.Get("hash"), r.Header.Get("deadline"), r.Header.Get("sign")
	if want := wallet.PayloadHash(payload); hash != want {
		t.Errorf("%s %s: hash %s, want keccak of the received payload %q = %s", r.Method, r.Path, hash, payload, want)
	}
	addr, err := wallet.RecoverFullAuth(hash, deadline, sign)
	if err != nil {
		t.Fatalf("%s: recover: %v", r.Path, err)
	}
	if addr != signer {
		t.Errorf("%s: signed by %s, want %s", r.Path, addr, signer)
	}
	d, err := strconv.ParseInt(deadline, 10, 64)
	if err != nil {
		t.Fatalf("deadline %q: %v", deadline, err)
	}
	want := serverNow.Add(window).Unix()
	if d < want-3 || d > want+3 {
		t.Errorf("%s: deadline %d, want server time + %s = %d (±3 s)", r.Path, d, window, want)
	}
}

func verifyBasicAuth(t *testing.T, r recorded) {
	t.Helper()
	if got := r.Header.Get("tokenId"); got != testTokenID {
		t.Errorf("%s: tokenId header %q, want %q", r.Path, got, testTokenID)
	}
	if got := r.Header.Get("network"); got != NetworkTestnet {
		t.Errorf("%s: network header %q, want %q", r.Path, got, NetworkTestnet)
	}
}

func verifyNoAuth(t *testing.T, r recorded) {
	t.Helper()
	for _, h := range []string{"tokenId", "network", "hash", "deadline", "sign"} {
		if v := r.Header.Get(h); v != "" {
			t.Errorf("%s: header %s=%q on a no-auth call", r.Path, h, v)
		}
	}
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}
