package enduser

import (
	"bytes"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// shellArgs runs a command line in bash with curl replaced by a function printing each
// argument NUL-terminated, and returns the arguments: the command parses back exactly.
func shellArgs(t *testing.T, cmdline string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if out, err := exec.Command(bash, "-n", "-c", cmdline).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s\n%s", err, out, cmdline)
	}
	script := "curl() { printf '%s\\0' \"$@\"; }\n" + cmdline
	out, err := exec.Command(bash, "-c", script).Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, cmdline)
	}
	parts := strings.Split(string(out), "\x00")
	return parts[:len(parts)-1]
}

func TestCurlReplaysTheExactRequest(t *testing.T) {
	log := NewRequestLog(8)
	f := newFake(t, nil)
	c := newClient(t, f.srv.URL, func(o *Options) { o.Log = log })
	if _, err := c.EmailStatus(ctxT(t), "o'brien@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Transactions(ctxT(t), TxFilter{TokenSymbol: "USDC"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Call(ctxT(t), RouteOnrampLimit, "a=1&b=%27x%27", nil); err != nil {
		t.Fatal(err)
	}
	entries := log.Snapshot()
	byRoute := map[string]Entry{}
	for _, e := range entries {
		byRoute[e.Route] = e
	}

	em := byRoute[RouteEmailStatus]
	args := shellArgs(t, em.Curl(""))
	want := []string{"-sS", "-X", "POST", f.srv.URL + "/api/v2/email-status", "-H", "Content-Type: application/json", "--data-binary", `{"email":"o'brien@example.com"}`}
	if strings.Join(args, "\n") != strings.Join(want, "\n") {
		t.Errorf("email curl args\n%q\nwant\n%q", args, want)
	}
	if got := string(f.requests("/api/v2/email-status")[len(f.requests("/api/v2/email-status"))-1].Body); got != want[len(want)-1] {
		t.Errorf("body sent %s", got)
	}

	tx := byRoute[RouteTransactions]
	sent := f.requests("/api/v2/transactions")[0]
	args = shellArgs(t, tx.Curl("http://other.example/"))
	if args[3] != "http://other.example/api/v2/transactions" {
		t.Errorf("url %q", args[3])
	}
	hdr := map[string]string{}
	for i := 0; i < len(args)-1; i++ {
		if args[i] == "-H" {
			k, v, _ := strings.Cut(args[i+1], ": ")
			hdr[k] = v
		}
	}
	for _, h := range []string{"tokenId", "network", "hash", "deadline", "sign", "Content-Type"} {
		if hdr[h] != sent.Header.Get(h) {
			t.Errorf("curl header %s=%q, sent %q", h, hdr[h], sent.Header.Get(h))
		}
	}
	if args[len(args)-1] != string(sent.Body) {
		t.Errorf("curl body %q, sent %q", args[len(args)-1], sent.Body)
	}
	// The log shortens sign; the curl carries it whole.
	var logged string
	for _, h := range tx.Headers {
		if h.Name == "sign" {
			logged = h.Value
		}
	}
	full := sent.Header.Get("sign")
	if logged != full[:6]+"…"+full[len(full)-4:] || strings.Contains(tx.TraceLine(), full) {
		t.Errorf("logged sign %q, full %q", logged, full)
	}

	get := byRoute[RouteOnrampLimit]
	args = shellArgs(t, get.Curl(""))
	if args[3] != f.srv.URL+"/api/v1/onramp-limit?a=1&b=%27x%27" || strings.Contains(get.Curl(""), "--data-binary") {
		t.Errorf("GET curl %q", args)
	}

	for _, s := range []string{"", "plain", "it's", "'''", "a\nb", `$(rm -rf /) "x" \ ; | & *`, "ünï\tcode"} {
		got := shellArgs(t, "curl "+ShellQuote(s))
		if len(got) != 1 || got[0] != s {
			t.Errorf("ShellQuote(%q) parses back as %q", s, got)
		}
	}
}

// RedactSigned takes out the signature and what it covers, everywhere an entry shows its
// headers, and leaves the log itself and an unsigned entry as they are.
func TestRedactSignedLeavesNoSignature(t *testing.T) {
	log := NewRequestLog(8)
	f := newFake(t, nil)
	c := newClient(t, f.srv.URL, func(o *Options) { o.Log = log })
	if _, err := c.Transactions(ctxT(t), TxFilter{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.EmailStatus(ctxT(t), "a@example.com"); err != nil {
		t.Fatal(err)
	}
	byRoute := map[string]Entry{}
	for _, e := range log.Snapshot() {
		byRoute[e.Route] = e
	}
	sent := f.requests("/api/v2/transactions")[0].Header
	tx, redacted := byRoute[RouteTransactions].RedactSigned()
	if !redacted {
		t.Fatal("a full-auth entry had nothing to redact")
	}
	shown := tx.Curl("") + tx.TraceLine()
	for _, h := range tx.FullHeaders() {
		shown += h.Name + ": " + h.Value + "\n"
	}
	for _, name := range SignedHeaders {
		if v := sent.Get(name); v == "" || strings.Contains(shown, v) {
			t.Fatalf("%s %q shown after redaction:\n%s", name, v, shown)
		}
		if !strings.Contains(shown, name+": "+Redacted) {
			t.Fatalf("%s not marked redacted:\n%s", name, shown)
		}
	}
	if !strings.HasPrefix(tx.Curl(""), "# the signed headers (hash, deadline, sign) are redacted") || !strings.Contains(shown, "tokenId: "+sent.Get("tokenId")) {
		t.Fatalf("curl %s", tx.Curl(""))
	}
	// The log keeps the signature for the user's own --curl, and an unsigned call is as it was.
	if !strings.Contains(byRoute[RouteTransactions].Curl(""), sent.Get("sign")) {
		t.Fatal("redacting a copy changed the log")
	}
	if em, redacted := byRoute[RouteEmailStatus].RedactSigned(); redacted || em.Curl("") != byRoute[RouteEmailStatus].Curl("") {
		t.Fatalf("unsigned entry redacted: %s", em.Curl(""))
	}
}

func TestRequestLogRingSubscribeAndRedaction(t *testing.T) {
	log := NewRequestLog(3)
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.URL.Path == "/api/v2/card" {
			writeRaw(w, 200, `{"retCode":0,"result":"{\"cardToken\":\"SECRET-TOKEN\",\"status\":\"Active\"}","cardToken":"SECRET2"}`)
			return
		}
		writeRaw(w, 200, `{"retCode":10009,"retMsg":"bad","timeNow":1767225600000}`)
	}
	c := newClient(t, f.srv.URL, func(o *Options) { o.Log = log; o.NoAutoSync = true })
	var mu sync.Mutex
	var got []Entry
	cancel := log.Subscribe(func(e Entry) { mu.Lock(); got = append(got, e); mu.Unlock() })
	var trace, curls bytes.Buffer
	cancelTrace := log.Subscribe(TraceTo(&trace))
	defer cancelTrace()
	cancelCurl := log.Subscribe(CurlTo(&curls, ""))
	defer cancelCurl()

	card, err := c.Card(ctxT(t))
	if err != nil || card.CardToken != "SECRET-TOKEN" {
		t.Fatalf("card %+v %v", card, err)
	}
	for range 4 {
		_, _ = c.AccountStatus(ctxT(t))
	}
	cancel()
	_, _ = c.AccountStatus(ctxT(t))

	mu.Lock()
	n := len(got)
	mu.Unlock()
	if n != 5 {
		t.Errorf("subscriber saw %d entries, want 5 (cancelled before the 6th)", n)
	}
	snap := log.Snapshot()
	if len(snap) != 3 || log.Len() != 3 || snap[0].ID != 4 || snap[2].ID != 6 {
		t.Fatalf("ring: %d entries, ids %d..%d", len(snap), snap[0].ID, snap[len(snap)-1].ID)
	}
	e := snap[2]
	if e.Route != RouteAccountStatus || e.Method != "GET" || e.Path != "/api/v2/account-status" || e.Status != 200 ||
		e.RetCode == nil || *e.RetCode != 10009 || e.Err == "" || e.Latency <= 0 || e.Time.IsZero() {
		t.Errorf("entry %+v", e)
	}
	if !strings.Contains(e.TraceLine(), "account-status GET /api/v2/account-status -> HTTP 200 retCode=10009") {
		t.Errorf("trace line %q", e.TraceLine())
	}
	mu.Lock()
	cardEntry := got[0]
	mu.Unlock()
	if strings.Contains(cardEntry.ResponseBody, "SECRET") || !strings.Contains(cardEntry.ResponseBody, "[redacted]") {
		t.Errorf("card token logged: %s", cardEntry.ResponseBody)
	}
	if lines := strings.Count(trace.String(), " -> "); lines != 6 {
		t.Errorf("%d trace lines, want 6:\n%s", lines, trace.String())
	}
	// --trace prints the request headers, the sign value whole (issue 11 case 18).
	if !strings.Contains(trace.String(), "\n  > tokenId: ") || !strings.Contains(trace.String(), "\n  > network: ") {
		t.Errorf("trace prints no headers:\n%s", trace.String())
	}
	signs := 0
	for _, h := range cardEntry.FullHeaders() {
		if h.Name == "sign" {
			signs++
			if len(h.Value) != 132 || !strings.Contains(trace.String(), "  > sign: "+h.Value+"\n") {
				t.Errorf("trace lacks the full sign header %q:\n%s", h.Value, trace.String())
			}
		}
	}
	if signs != 1 {
		t.Errorf("the card call (full auth) has %d sign headers", signs)
	}
	if strings.Count(curls.String(), "curl -sS") != 6 {
		t.Errorf("curl hook output:\n%s", curls.String())
	}
	// Concurrent calls with a log and a subscriber stay race-free.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = c.AccountStatus(ctxT(t))
			_ = log.Snapshot()
		}()
	}
	wg.Wait()
	if log.Len() != 3 {
		t.Errorf("ring grew to %d", log.Len())
	}
}

func TestRedactCardToken(t *testing.T) {
	cases := map[string]string{
		`{"cardToken":"abc"}`:                                     `{"cardToken":"[redacted]"}`,
		`{"cardToken" : "a\"b"}`:                                  `{"cardToken" : "[redacted]"}`,
		`{"result":"{\"cardToken\":\"xyz\"}"}`:                    `{"result":"{\"cardToken\":\"[redacted]\"}"}`,
		`{"other":"cardToken","cardToken":"q"}`:                   `{"other":"cardToken","cardToken":"[redacted]"}`,
		`{"result":"{\"cardToken\":\"a\\\"b\\\\c\\n\",\"x\":1}"}`: `{"result":"{\"cardToken\":\"[redacted]\",\"x\":1}"}`,
		`{"masked":{"cardNumber":"**** 1234"}}`:                   `{"masked":{"cardNumber":"**** 1234"}}`,
	}
	for in, want := range cases {
		if got := RedactCardToken(in); got != want {
			t.Errorf("RedactCardToken(%s) = %s, want %s", in, got, want)
		}
	}
}
