package enduser

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestLoggingTransportRecordsAnotherAPIsCalls: a call through the transport is in the log
// under its route's name, with what was sent and what came back, its signature shortened
// (and its curl command saying it does not replay the call), and the caller reads the whole
// answer as if the transport were not there.
func TestLoggingTransportRecordsAnotherAPIsCalls(t *testing.T) {
	answer := `{"code":0,"data":{"quote":"` + strings.Repeat("q", 100) + `"}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if string(b) != `{"usdcAmount":"12500000"}` || r.Header.Get("X-Api-Signature") != "0x"+strings.Repeat("ab", 65) {
			http.Error(w, "the request changed on the way", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, answer)
	}))
	defer srv.Close()
	log := NewRequestLog(0)
	hc := &http.Client{Transport: &LoggingTransport{Log: log, Shorten: []string{"X-Api-Signature"},
		Route: func(r *http.Request, body []byte) string { return "partner " + r.URL.Path + " " + string(body[:1]) }}}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/altchain/deposit/quote?x=1", strings.NewReader(`{"usdcAmount":"12500000"}`))
	req.Header.Set("X-Api-Signature", "0x"+strings.Repeat("ab", 65))
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(got) != answer {
		t.Fatalf("the caller's answer: %d %s", resp.StatusCode, got)
	}
	es := log.Snapshot()
	if len(es) != 1 {
		t.Fatalf("%d entries", len(es))
	}
	e := es[0]
	if e.Route != "partner /v1/altchain/deposit/quote {" || e.Method != "POST" || e.Path != "/v1/altchain/deposit/quote?x=1" || e.Status != 200 ||
		e.RequestBody != `{"usdcAmount":"12500000"}` || e.ResponseBody != answer || e.Latency <= 0 {
		t.Fatalf("entry %+v", e)
	}
	for _, h := range e.Headers {
		if h.Name == "X-Api-Signature" && h.Value != "0xabab…abab" {
			t.Fatalf("the signature is kept whole: %q", h.Value)
		}
	}
	if c := e.Curl(""); strings.Contains(c, strings.Repeat("ab", 65)) || !strings.Contains(c, "X-Api-Signature is shortened in the log; this command does not replay the call") {
		t.Fatalf("curl:\n%s", c)
	}

	// A call that never got an answer is in the log with its error.
	dead := &http.Client{Transport: &LoggingTransport{Log: log, Route: func(*http.Request, []byte) string { return "solana getHealth" }}}
	if _, err := dead.Get("http://127.0.0.1:1/"); err == nil {
		t.Fatal("a dead port answered")
	}
	if es := log.Snapshot(); len(es) != 2 || es[1].Route != "solana getHealth" || es[1].Err == "" || es[1].Status != 0 {
		t.Fatalf("the failed call: %+v", es[len(es)-1])
	}
}
