package endusertest

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"testing"

	"purse/wallet"
)

// The pair measures requests/s through the handler on a loopback httptest server, serially,
// for a full-auth GET (payload hash + signature recovery + account lookup, then the banking
// profile) and for the unauthenticated timestamp GET. Requests are signed before the timer starts, so the numbers are the
// server's cost (plus loopback HTTP), not the client's signing.

const benchN = 512

func benchEnv(b *testing.B) (*env, *user) {
	e := newEnv(b, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(b, u.mint())
	return e, u
}

func runBench(b *testing.B, e *env, reqs []*http.Request) {
	client := e.ts.Client()
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		res, err := client.Do(reqs[i%len(reqs)])
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !bytes.HasPrefix(body, []byte(`{"retCode":0`)) {
			b.Fatalf("HTTP %d %s", res.StatusCode, body)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

func BenchmarkFullAuthRoute(b *testing.B) {
	e, u := benchEnv(b)
	reqs := make([]*http.Request, benchN)
	for i := range reqs {
		// Distinct queries so every request carries a fresh signature (no caching possible).
		query := "n=" + strconv.Itoa(i)
		fa, err := wallet.SignFullAuth(u.key, []byte(query), e.srv.Now().Unix()+600, e.srv.Now())
		if err != nil {
			b.Fatal(err)
		}
		r, _ := http.NewRequest(http.MethodGet, e.ts.URL+"/api/v2/br?"+query, nil)
		for k, v := range u.basic() {
			r.Header[k] = []string{v}
		}
		r.Header["hash"], r.Header["deadline"], r.Header["sign"] = []string{fa.Hash}, []string{strconv.FormatInt(fa.Deadline, 10)}, []string{fa.Sign}
		reqs[i] = r
	}
	runBench(b, e, reqs)
}

func BenchmarkUnauthenticatedRoute(b *testing.B) {
	e, _ := benchEnv(b)
	reqs := make([]*http.Request, benchN)
	for i := range reqs {
		reqs[i], _ = http.NewRequest(http.MethodGet, e.ts.URL+"/api/v1/timestamp", nil)
	}
	runBench(b, e, reqs)
}
