package enduser

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// LoggingTransport records every HTTP call it carries in a RequestLog, as the end-user
// client records its own: the partner API's calls (a deposit quote) and the Solana RPC's,
// so --trace, --curl and the Requests screen show every call a deposit makes. Route names a
// call in the log ("partner /v1/altchain/deposit/quote", "solana getLatestBlockhash").
// A header named in Shorten (another API's signature) is kept only shortened, as the sign
// header is in Headers; that entry's curl command says it does not replay the call.
type LoggingTransport struct {
	Base    http.RoundTripper // nil: http.DefaultTransport
	Log     *RequestLog
	Route   func(r *http.Request, body []byte) string
	Shorten []string
}

// RoundTrip implements http.RoundTripper. The request body is read (the caller's is small:
// a JSON document) and given back whole; the answer is recorded as it is read, bounded like
// every logged body, when its body is closed or read to the end.
func (t *LoggingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	var sent []byte
	if r.Body != nil && r.Body != http.NoBody {
		b, err := io.ReadAll(r.Body)
		_ = r.Body.Close()
		if err != nil {
			return nil, err
		}
		sent = b
		r = r.Clone(r.Context())
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	}
	e := Entry{Time: time.Now(), Method: r.Method, BaseURL: r.URL.Scheme + "://" + r.URL.Host, Path: r.URL.EscapedPath()}
	if r.URL.RawQuery != "" {
		e.Path += "?" + r.URL.RawQuery
	}
	if t.Route != nil {
		e.Route = t.Route(r, sent)
	}
	names := make([]string, 0, len(r.Header))
	for name := range r.Header {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, v := range r.Header[name] {
			if slices.ContainsFunc(t.Shorten, func(s string) bool { return strings.EqualFold(s, name) }) {
				v = ShortSign(v)
				e.shortened = append(e.shortened, name)
			}
			e.Headers = append(e.Headers, Header{Name: name, Value: v})
		}
	}
	resp, err := base.RoundTrip(r)
	if err != nil {
		e.Err, e.Latency = err.Error(), time.Since(e.Time)
		t.Log.Record(e, sent, nil)
		return nil, err
	}
	e.Status = resp.StatusCode
	resp.Body = &loggedBody{rc: resp.Body, done: func(got []byte, readErr error) {
		e.Latency = time.Since(e.Time)
		if readErr != nil && readErr != io.EOF {
			e.Err = readErr.Error()
		}
		t.Log.Record(e, sent, got)
	}}
	return resp, nil
}

// loggedBody keeps what the caller reads of an answer (up to MaxLoggedBody and a byte, so the
// log knows it was cut) and hands it to done once, at the end or on Close.
type loggedBody struct {
	rc   io.ReadCloser
	buf  bytes.Buffer
	once sync.Once
	done func([]byte, error)
}

func (b *loggedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if room := MaxLoggedBody + 1 - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(n, room)])
	}
	if err != nil {
		b.finish(err)
	}
	return n, err
}

func (b *loggedBody) Close() error {
	err := b.rc.Close()
	b.finish(nil)
	return err
}

func (b *loggedBody) finish(err error) {
	b.once.Do(func() { b.done(b.buf.Bytes(), err) })
}
