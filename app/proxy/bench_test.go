package proxy

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
)

// BenchmarkProxy is the proxy's overhead per request: the same full-auth transactions call
// on the same sandbox, signed by the same key, made directly through the end-user client
// ("direct") and by an HTTP client through the proxy ("proxy"). "proxy-vs-direct"
// alternates the two in one loop, so that a busier moment of the machine weighs on both:
// its proxy/direct metric is the overhead as a ratio.
func BenchmarkProxy(b *testing.B) {
	e := newProxyEnv(b, nil)
	px, err := New(e.app, Options{Unlock: &app.Unlock{Passphrase: []byte("pw")}})
	if err != nil {
		b.Fatal(err)
	}
	ps := httptest.NewServer(px)
	b.Cleanup(ps.Close)
	sess, _ := port.Of(e.app)
	api, err := enduser.New(sess.UserOptions(e.app.Profile(), px.signer))
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"pageSize":5}`)
	ctx := context.Background()
	direct := func() {
		if _, err := api.Call(ctx, enduser.RouteTransactions, "", body); err != nil {
			b.Fatal(err)
		}
	}
	client := &http.Client{}
	proxied := func() {
		resp, err := client.Post(ps.URL+"/api/v2/transactions", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(got, []byte(`{"retCode":0`)) {
			b.Fatalf("HTTP %d %s", resp.StatusCode, got)
		}
	}
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			direct()
		}
	})
	b.Run("proxy", func(b *testing.B) {
		for b.Loop() {
			proxied()
		}
	})
	b.Run("proxy-vs-direct", func(b *testing.B) {
		var tp, td time.Duration
		for b.Loop() {
			t0 := time.Now()
			proxied()
			t1 := time.Now()
			direct()
			tp, td = tp+t1.Sub(t0), td+time.Since(t1)
		}
		b.ReportMetric(float64(tp)/float64(td), "proxy/direct")
	})
}
