package enduser

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// memoryTransport answers every request from memory: the benchmark measures the client's
// own work (building, signing, logging, decoding), not the network.
type memoryTransport struct{ body []byte }

func (m memoryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	return &http.Response{
		StatusCode: 200, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader(m.body)),
		ContentLength: int64(len(m.body)), Request: r,
	}, nil
}

func benchClient(b *testing.B, log *RequestLog) *Client {
	ms := strconv.FormatInt(time.Now().UnixMilli(), 10)
	body := []byte(`{"retCode":0,"retMsg":"OK","timeNow":` + ms + `,"result":{"chains":[{"chainIdentifier":"eip155:5003","chainName":"Home",` +
		`"nativeToken":"MNT","tokens":[{"symbol":"USDC","decimals":6,"totalBalance":"1234.567891","minTopUpAmount":"5","maxTopUpAmount":"10000"},` +
		`{"symbol":"EUR","decimals":2,"isFiat":true,"totalBalance":"99.95"}]}],"canActivateCard":true}}`)
	c, err := New(Options{
		BaseURL: "http://sandbox.invalid", Network: NetworkTestnet, TokenID: testTokenID, Signer: testSigner(b),
		HTTPClient: &http.Client{Transport: memoryTransport{body: body}}, Log: log, NoAutoSync: true,
	})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkClientOverhead is the client's per-call cost without the network: the same
// chain-configs call and answer, signed with full auth versus sent logged out (no auth);
// the difference is the full-auth signature. "logged" adds the request log.
func BenchmarkClientOverhead(b *testing.B) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		log  bool
		call func(*Client) error
	}{
		{"full-auth", false, func(c *Client) error { _, err := c.ChainConfigs(ctx); return err }},
		{"no-auth", false, func(c *Client) error { _, err := c.ChainConfigsLoggedOut(ctx); return err }},
		{"full-auth-logged", true, func(c *Client) error { _, err := c.ChainConfigs(ctx); return err }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var log *RequestLog
			if tc.log {
				log = NewRequestLog(0)
			}
			c := benchClient(b, log)
			b.ReportAllocs()
			for b.Loop() {
				if err := tc.call(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
