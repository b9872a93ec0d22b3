package requests

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"purse/enduser"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

// fakeLog is a Service that holds only a request log.
type fakeLog struct{ log *enduser.RequestLog }

func (f fakeLog) RequestLog() *enduser.RequestLog { return f.log }

func newTestScreen(t *testing.T, w, h int) *Screen {
	t.Helper()
	env := tuitest.Env(t, kit.Session{Profile: "sandbox"}, t.TempDir())
	s := newScreen(env, fakeLog{enduser.NewRequestLog(0)})
	s.SetSize(w, h)
	t.Cleanup(s.Close)
	return s
}

func intp(i int) *int { return &i }

// entry i of a synthetic log.
func entry(i int) enduser.Entry {
	routes := []struct{ route, method, path string }{
		{"timestamp", "GET", "/api/v2/timestamp"},
		{"account-status", "POST", "/api/v2/account-status"},
		{"transactions", "POST", "/api/v2/transactions"},
	}
	r := routes[i%len(routes)]
	e := enduser.Entry{
		ID: uint64(i + 1), Time: time.Date(2024, 5, 1, 10, 0, i, 0, time.UTC), Route: r.route, Method: r.method,
		BaseURL: "http://127.0.0.1:8787", Path: r.path, Status: 200, RetCode: intp(0), Latency: time.Duration(i+1) * 1300 * time.Microsecond,
	}
	if r.method == "POST" {
		e.Headers = []enduser.Header{
			{Name: "tokenId", Value: "1234567890"}, {Name: "network", Value: "31337"},
			{Name: "deadline", Value: "1714557900"}, {Name: "sign", Value: "0x1b2c…9f0e"}, {Name: "Content-Type", Value: "application/json"},
		}
		e.RequestBody = fmt.Sprintf(`{"pageSize":%d,"direction":"IN"}`, 20+i)
	}
	e.ResponseBody = `{"retCode":0,"retMsg":"ok","result":{"hasNextPage":true,"note":"tab\there"}}`
	if i == 4 {
		e.Status, e.RetCode, e.Err, e.ResponseBody = 0, nil, "dial tcp 127.0.0.1:8787: connection refused", ""
	}
	if i == 5 {
		e.Status, e.RetCode = 200, intp(10006)
	}
	return e
}

func entries(n int) []enduser.Entry {
	var out []enduser.Entry
	for i := range n {
		out = append(out, entry(i))
	}
	return out
}

func runes(r string) tea.KeyPressMsg { return tuitest.Runes(r) }

func keyOf(code rune, mod ...tea.KeyMod) tea.KeyPressMsg { return tuitest.Key(code, mod...) }

func deliver(t *testing.T, s *Screen, es []enduser.Entry) tea.Cmd {
	t.Helper()
	_, cmd := s.Update(logMsg{to: s, entries: es})
	if cmd == nil {
		t.Fatal("after each delivery the screen must wait for the next entry")
	}
	return cmd
}

func TestInitReadsTheLogAndListsNewestFirst(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	cmd := s.Init()
	if cmd == nil {
		t.Fatal("Init must read the log")
	}
	if s.Init() != nil {
		t.Fatal("a second Init must not subscribe twice")
	}
	m, ok := cmd().(logMsg)
	if !ok || len(m.entries) != 0 {
		t.Fatalf("first read: %#v", m)
	}
	deliver(t, s, entries(6))
	if s.entries[0].ID != 6 || s.entries[5].ID != 1 {
		t.Fatalf("order: %d..%d", s.entries[0].ID, s.entries[5].ID)
	}
	// Another screen's message is not ours.
	other := newTestScreen(t, 80, 24)
	if _, cmd := s.Update(logMsg{to: other, entries: entries(1)}); cmd != nil || len(s.entries) != 6 {
		t.Fatal("a message for another screen was applied")
	}
}

func TestCursorStaysOnTheSameCall(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	deliver(t, s, entries(3))
	// On the newest call, the newest stays selected as calls arrive.
	deliver(t, s, entries(4))
	if s.entries[s.table.Cursor()].ID != 4 {
		t.Fatalf("cursor on %d, want the newest", s.entries[s.table.Cursor()].ID)
	}
	s.Update(keyOf(tea.KeyDown))
	s.Update(keyOf(tea.KeyDown))
	deliver(t, s, entries(6))
	if got := s.entries[s.table.Cursor()].ID; got != 2 {
		t.Fatalf("cursor moved to %d, want call 2", got)
	}
}

func TestSubscriberNeverBlocksAndCloseReleasesTheWait(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	wait := deliver(t, s, nil)
	// Two pending wake-ups coalesce into one: the channel has room for one, the second
	// send falls through instead of blocking.
	s.notify <- struct{}{}
	select {
	case s.notify <- struct{}{}:
		t.Fatal("the channel must hold one wake-up only")
	default:
	}
	if m, ok := wait().(logMsg); !ok || m.to != s {
		t.Fatalf("wake-up: %#v", m)
	}
	wait = deliver(t, s, nil)
	done := make(chan tea.Msg, 1)
	go func() { done <- wait() }()
	s.Close()
	select {
	case m := <-done:
		if m != nil {
			t.Fatalf("after Close the wait returns nothing, got %#v", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not release the waiting command")
	}
	if _, cmd := s.Update(logMsg{to: s, entries: entries(2)}); cmd != nil {
		t.Fatal("a closed screen must not wait again")
	}
}

func TestDetailHeadersBodiesAndCurl(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	deliver(t, s, entries(3))
	s.Update(keyOf(tea.KeyEnter))
	if !s.detail || s.sel.ID != 3 {
		t.Fatalf("enter opens call 3, detail %v sel %d", s.detail, s.sel.ID)
	}
	c := s.content()
	for _, want := range []string{"sign: 0x1b2c…9f0e", "tokenId: 1234567890", `{"pageSize":22,"direction":"IN"}`, `"note":"tab\there"`, "curl -sS -X 'POST' 'http://127.0.0.1:8787/api/v2/transactions'", "HTTP 200 · retCode 0"} {
		if !strings.Contains(c, want) {
			t.Errorf("detail lacks %q:\n%s", want, c)
		}
	}
	s.Update(runes("p"))
	if !strings.Contains(s.content(), "\n      \"hasNextPage\": true,") || !strings.Contains(s.content(), "pretty") {
		t.Fatalf("pretty bodies:\n%s", s.content())
	}
	_, cmd := s.Update(runes("c"))
	if m := cmd().(kit.CopyMsg); !strings.HasPrefix(m.Value, "curl -sS -X 'POST'") || m.Value != s.sel.Curl("") {
		t.Fatalf("copy: %#v", m)
	}
	s.Update(runes("G"))
	if s.view.AtTop() {
		t.Fatal("G scrolls to the end")
	}
	s.Update(keyOf(tea.KeyEsc))
	if s.detail {
		t.Fatal("esc returns to the list")
	}
	// c in the list copies the selected call too.
	_, cmd = s.Update(runes("c"))
	if m := cmd().(kit.CopyMsg); m.Value != s.entries[0].Curl("") {
		t.Fatalf("copy from the list: %#v", m)
	}
	// V shows the curl command whole, outside the frame (issue 12 item 9).
	_, cmd = s.Update(runes("V"))
	if m, ok := cmd().(kit.ShowFullMsg); !ok || m.Value != s.entries[0].Curl("") {
		t.Fatalf("V: %#v", m)
	}
}

// TestOffKeysSayWhy: before any call, enter, c and V are off: the full help says why, and
// enter only says it (no detail opens); once a call is logged, enter opens it.
func TestOffKeysSayWhy(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	const none = "no call yet in this session"
	if got := tuitest.HelpOf(s.FullHelp(), "enter"); got != "enter details (off: "+none+")" {
		t.Fatalf("full help of enter: %q", got)
	}
	_, cmd := s.Update(keyOf(tea.KeyEnter))
	if msgs := tuitest.Flatten(cmd); len(msgs) != 1 || tuitest.NotNow(cmd) != "enter details: not now, "+none+"." {
		t.Fatalf("enter with no call must only say why: %#v", msgs)
	}
	if s.detail {
		t.Fatal("an off enter opened a detail")
	}
	deliver(t, s, entries(1))
	if got := tuitest.HelpOf(s.FullHelp(), "enter"); got != "enter details" {
		t.Fatalf("full help of enter with a call: %q", got)
	}
	s.Update(keyOf(tea.KeyEnter))
	if !s.detail || s.sel.ID != 1 {
		t.Fatalf("enter must open call 1: detail %v sel %d", s.detail, s.sel.ID)
	}
}

func TestFailedCallShowsItsError(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	deliver(t, s, entries(5))
	if !strings.Contains(tuitest.Plain(s.View()), "failed") {
		t.Fatalf("a call without response shows as failed:\n%s", tuitest.Plain(s.View()))
	}
	s.Update(keyOf(tea.KeyEnter))
	if c := s.content(); !strings.Contains(c, "connection refused") || !strings.Contains(c, "no response") {
		t.Fatalf("detail of a failed call:\n%s", c)
	}
}

func TestWithoutServices(t *testing.T) {
	env := tuitest.Env(t, kit.Session{}, "")
	s := newScreen(env, nil)
	s.SetSize(80, 24)
	if s.Init() != nil {
		t.Fatal("nothing to subscribe to")
	}
	if !strings.Contains(tuitest.Plain(s.View()), "No request log") {
		t.Fatalf("view:\n%s", tuitest.Plain(s.View()))
	}
	if _, cmd := s.Update(runes("c")); cmd().(kit.StatusMsg).Text == "" {
		t.Fatal("c without calls says so")
	}
}

// TestGolden: views as plain text (tuitest.RequireGolden). Update with go test ./tui/requests -run TestGolden -update
func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, s *Screen)
	}{
		{"empty", func(*testing.T, *Screen) {}},
		{"list", func(t *testing.T, s *Screen) {
			deliver(t, s, entries(7))
			s.Update(keyOf(tea.KeyDown))
		}},
		{"detail", func(t *testing.T, s *Screen) {
			deliver(t, s, entries(7))
			s.Update(keyOf(tea.KeyDown))
			s.Update(keyOf(tea.KeyEnter))
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				s := newTestScreen(t, sz[0], sz[1])
				s.Init()
				c.setup(t, s)
				v := tuitest.Plain(s.View())
				for _, l := range strings.Split(v, "\n") {
					if lipgloss.Width(l) > sz[0] {
						t.Errorf("line wider than %d: %q", sz[0], l)
					}
				}
				teatest.RequireEqualOutput(t, []byte(v))
			})
		}
	}
}

// A JSON-RPC call is listed by its method, not the node's path; consecutive polls of the same
// read with the same outcome fold into one row under the newest (the send they follow is not
// buried), and the detail says how many it stands for.
func TestRPCCallsByMethodAndPollsFolded(t *testing.T) {
	s := newTestScreen(t, 120, 30)
	s.Init()
	var es []enduser.Entry
	add := func(route string, status int) {
		e := entry(len(es))
		e.Method, e.Path, e.Route, e.Status, e.BaseURL, e.Err, e.RetCode = "POST", "/solana", route, status, "http://127.0.0.1:1", "", nil
		es = append(es, e)
	}
	add("solana getLatestBlockhash", 200)
	add("solana sendTransaction", 200)
	for range 12 {
		add("solana getSignatureStatuses", 200)
	}
	add("solana getSignatureStatuses", 502)
	add("evm eth_getTransactionReceipt", 200)
	deliver(t, s, es)
	v := tuitest.Plain(s.View())
	for _, want := range []string{"solana sendTransaction", "solana getSignatureStatuses ×12", "solana getLatestBlockhash", "evm eth_getTransactionReceipt"} {
		if !strings.Contains(v, want) {
			t.Errorf("the list lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "/solana") || len(s.entries) != 5 {
		t.Fatalf("%d rows:\n%s", len(s.entries), v)
	}
	if n := s.foldedOf(s.entries[2].ID); n != 12 || s.entries[2].Route != "solana getSignatureStatuses" || s.entries[2].Status != 200 {
		t.Fatalf("row 2 stands for %d calls: %+v", n, s.entries[2])
	}
}
