package enduser

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"purse/internal/lazyre"
)

// Defaults of the request log.
const (
	// DefaultLogCapacity holds a session's calls, the home chain's JSON-RPC reads included (a
	// Balances read is a dozen), so a session's first API call is still listed late in it.
	DefaultLogCapacity = 1024
	// MaxLoggedBody bounds each body kept in an Entry.
	MaxLoggedBody = 64 << 10
)

// Header is one request header as sent.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Entry is one call of the request log. Headers show the sign value shortened
// (0x1234…abcd); Curl restores the full value, because a tester needs it to replay the call.
// A card's display token (cardToken) is redacted from response bodies.
type Entry struct {
	ID                    uint64        `json:"id"`
	Time                  time.Time     `json:"time"`
	Route                 string        `json:"route"`
	Method                string        `json:"method"`
	BaseURL               string        `json:"baseUrl"`
	Path                  string        `json:"path"` // path + "?" + raw query when there is one
	Status                int           `json:"status"`
	RetCode               *int          `json:"retCode,omitempty"`
	Latency               time.Duration `json:"latency"`
	Headers               []Header      `json:"headers"`
	RequestBody           string        `json:"requestBody,omitempty"`
	RequestBodyTruncated  bool          `json:"requestBodyTruncated,omitempty"`
	ResponseBody          string        `json:"responseBody,omitempty"`
	ResponseBodyTruncated bool          `json:"responseBodyTruncated,omitempty"`
	Err                   string        `json:"error,omitempty"`

	sign     string // the full sign header, for Curl only
	hasBody  bool
	redacted bool // RedactSigned took the signed headers' values out
	// shortened names headers the log keeps only shortened (another API's signature,
	// LoggingTransport): the curl command cannot replay the call.
	shortened []string
}

// Redacted replaces the value of a header RedactSigned takes out.
const Redacted = "[redacted]"

// SignedHeaders are the headers of a full-auth signature: the signature and the hash and
// deadline it covers. With the body they replay the call until the deadline.
var SignedHeaders = []string{"hash", "deadline", "sign"}

// RedactSigned is e with the values of its signed headers replaced by Redacted, for a
// reader that has not shown it is the user who made the call: its Headers, FullHeaders and
// Curl then carry no signature, and its Curl says it does not replay the call. It reports
// whether e had a signed header.
func (e Entry) RedactSigned() (Entry, bool) {
	headers := make([]Header, len(e.Headers))
	for i, h := range e.Headers {
		for _, name := range SignedHeaders {
			if strings.EqualFold(h.Name, name) {
				h.Value, e.redacted = Redacted, true
			}
		}
		headers[i] = h
	}
	e.Headers, e.sign = headers, ""
	return e, e.redacted
}

func newEntry(c *Client, r Route, rq request, hdr, extra map[string][]string, sign string) *Entry {
	e := &Entry{
		Time: time.Now(), Route: r.Name, Method: r.Method, BaseURL: c.baseStr,
		Path: c.base.Path + r.Path, sign: sign, hasBody: rq.body != nil,
	}
	if rq.rawQuery != "" {
		e.Path += "?" + rq.rawQuery
	}
	for _, name := range []string{"tokenId", "network", "hash", "deadline", "sign", "Content-Type"} {
		v, ok := hdr[name]
		if !ok || len(v) == 0 {
			continue
		}
		val := v[0]
		if name == "sign" {
			val = ShortSign(val)
		}
		e.Headers = append(e.Headers, Header{Name: name, Value: val})
	}
	// A proxied client's own headers go out too, so the curl replay carries them.
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, v := range extra[name] {
			e.Headers = append(e.Headers, Header{Name: name, Value: v})
		}
	}
	e.RequestBody, e.RequestBodyTruncated = bound(rq.body)
	return e
}

func (e *Entry) setResponse(raw []byte) {
	e.ResponseBody, e.ResponseBodyTruncated = bound(raw)
	e.ResponseBody = RedactCardToken(e.ResponseBody)
}

func bound(b []byte) (string, bool) {
	if len(b) <= MaxLoggedBody {
		return string(b), false
	}
	cut := MaxLoggedBody
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut]), true
}

// ShortSign shortens a signature for display: 0x1234…abcd.
func ShortSign(s string) string {
	if len(s) <= 12 {
		return s
	}
	return s[:6] + "…" + s[len(s)-4:]
}

// cardTokenRE matches a cardToken value in JSON; cardTokenEscRE the same inside a
// JSON-encoded string result, where quotes and backslashes are escaped once more.
var (
	cardTokenRE    = lazyre.New(`("cardToken"\s*:\s*")(?:[^"\\]|\\.)*(")`)
	cardTokenEscRE = lazyre.New(`(\\"cardToken\\"\s*:\s*\\")(?:\\\\\\\\|\\\\\\"|\\\\[^"\\]|[^"\\])*(\\")`)
)

// RedactCardToken replaces every cardToken value in a JSON text with "[redacted]": the
// display token must never be stored or logged (spec 4.3).
func RedactCardToken(s string) string {
	if !strings.Contains(s, "cardToken") {
		return s
	}
	s = cardTokenRE().ReplaceAllString(s, "${1}[redacted]${2}")
	return cardTokenEscRE().ReplaceAllString(s, "${1}[redacted]${2}")
}

// TraceLine is a one-line summary: time, route, method, path, status, retCode, latency.
func (e Entry) TraceLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %s -> ", e.Time.UTC().Format("2006-01-02T15:04:05.000Z"), e.Route, e.Method, e.Path)
	if e.Status == 0 {
		b.WriteString("no response")
	} else {
		fmt.Fprintf(&b, "HTTP %d", e.Status)
	}
	if e.RetCode != nil {
		fmt.Fprintf(&b, " retCode=%d", *e.RetCode)
	}
	fmt.Fprintf(&b, " %s", e.Latency.Round(time.Microsecond))
	if e.Err != "" {
		fmt.Fprintf(&b, " error=%q", e.Err)
	}
	return b.String()
}

// FullHeaders are the request's headers with the full sign value (the log's Headers shorten
// it). A signature is no secret, but it is a credential until its deadline: only the CLI's
// --trace and --curl, which a tester asks for, write it out.
func (e Entry) FullHeaders() []Header {
	headers := make([]Header, len(e.Headers))
	for i, h := range e.Headers {
		if h.Name == "sign" && e.sign != "" {
			h.Value = e.sign
		}
		headers[i] = h
	}
	return headers
}

// Curl is an equivalent ready-to-run curl command, for baseURL (the entry's own base URL
// when empty). Unlike the log's headers it carries the full sign value; every argument is
// single-quoted with shell escaping, and the body goes out byte for byte with --data-binary.
// A body the log truncated, or a redacted entry (RedactSigned), cannot be replayed: the
// command then starts with a comment saying so.
func (e Entry) Curl(baseURL string) string {
	if baseURL == "" {
		baseURL = e.BaseURL
	}
	baseURL = strings.TrimRight(baseURL, "/")
	var b strings.Builder
	if e.RequestBodyTruncated {
		b.WriteString("# the request body was truncated in the log; this command does not replay it exactly\n")
	}
	if e.redacted {
		b.WriteString("# the signed headers (" + strings.Join(SignedHeaders, ", ") + ") are redacted; this command does not replay the call\n")
	}
	if len(e.shortened) > 0 {
		b.WriteString("# " + strings.Join(e.shortened, ", ") + " is shortened in the log; this command does not replay the call\n")
	}
	headers := e.FullHeaders()
	var body *string
	if e.hasBody {
		body = &e.RequestBody
	}
	b.WriteString(CurlCommand(e.Method, baseURL+e.Path, headers, body))
	return b.String()
}

// CurlCommand is a ready-to-run curl command: every argument single-quoted with shell
// escaping, the body (when not nil) sent byte for byte with --data-binary.
func CurlCommand(method, url string, headers []Header, body *string) string {
	var b strings.Builder
	b.WriteString("curl -sS -X ")
	b.WriteString(ShellQuote(method))
	b.WriteByte(' ')
	b.WriteString(ShellQuote(url))
	for _, h := range headers {
		b.WriteString(" -H ")
		b.WriteString(ShellQuote(h.Name + ": " + h.Value))
	}
	if body != nil {
		b.WriteString(" --data-binary ")
		b.WriteString(ShellQuote(*body))
	}
	return b.String()
}

// ShellQuote quotes s for a POSIX shell: single quotes, with each ' written as '\”.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// RequestLog keeps the latest calls in memory (a bounded ring). It is safe for concurrent
// use. Subscribers are called after each call, in the calling goroutine, in subscription
// order; they must not block.
type RequestLog struct {
	mu    sync.Mutex
	buf   []Entry
	next  int
	full  bool
	seq   uint64
	subID int
	subs  map[int]func(Entry)
	order []int
}

// NewRequestLog keeps at most capacity entries (DefaultLogCapacity when ≤ 0).
func NewRequestLog(capacity int) *RequestLog {
	if capacity <= 0 {
		capacity = DefaultLogCapacity
	}
	return &RequestLog{buf: make([]Entry, capacity), subs: map[int]func(Entry){}}
}

// Record adds the call of another client of the same server (the sandbox's control surface),
// so --trace, --curl and the request screen show every call a command makes. The response
// body is bounded and redacted as the client's own are.
func (l *RequestLog) Record(e Entry, requestBody, responseBody []byte) {
	e.RequestBody, e.RequestBodyTruncated = bound(requestBody)
	e.hasBody = requestBody != nil
	e.setResponse(responseBody)
	l.add(e)
}

func (l *RequestLog) add(e Entry) {
	l.mu.Lock()
	l.seq++
	e.ID = l.seq
	l.buf[l.next] = e
	l.next++
	if l.next == len(l.buf) {
		l.next = 0
		l.full = true
	}
	subs := make([]func(Entry), 0, len(l.order))
	for _, id := range l.order {
		subs = append(subs, l.subs[id])
	}
	l.mu.Unlock()
	for _, fn := range subs {
		fn(e)
	}
}

// Snapshot returns the kept entries, oldest first.
func (l *RequestLog) Snapshot() []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Entry
	if l.full {
		out = append(out, l.buf[l.next:]...)
	}
	return append(out, l.buf[:l.next]...)
}

// Len is the number of kept entries.
func (l *RequestLog) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.full {
		return len(l.buf)
	}
	return l.next
}

// Subscribe calls fn with every new entry until the returned cancel function is called.
func (l *RequestLog) Subscribe(fn func(Entry)) (cancel func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.subID++
	id := l.subID
	l.subs[id] = fn
	l.order = append(l.order, id)
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			delete(l.subs, id)
			for i, v := range l.order {
				if v == id {
					l.order = append(l.order[:i:i], l.order[i+1:]...)
					break
				}
			}
		})
	}
}

// TraceTo returns a subscriber that writes each entry's TraceLine and its request headers
// (the full sign value, as --curl has it) to w: the CLI's --trace to stderr. Writes are
// serialised.
func TraceTo(w io.Writer) func(Entry) {
	var mu sync.Mutex
	return func(e Entry) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(w, e.TraceLine())
		for _, h := range e.FullHeaders() {
			fmt.Fprintf(w, "  > %s: %s\n", h.Name, h.Value)
		}
	}
}

// CurlTo returns a subscriber that writes each entry's Curl command to w (the CLI's
// --curl to stderr), for baseURL (each entry's own when empty).
func CurlTo(w io.Writer, baseURL string) func(Entry) {
	var mu sync.Mutex
	return func(e Entry) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(w, e.Curl(baseURL))
	}
}
