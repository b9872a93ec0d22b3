// Package requests is the Requests screen of purse's terminal UI: every end-user API call
// of the session (app.App.Log) with method, path, status, retCode and latency; a
// detail with the headers (the sign value shortened, as the log keeps it), the request and
// response bodies, and the call as a curl command, which c copies (with the full sign).
//
// New entries arrive through RequestLog.Subscribe, not by polling: the subscriber only
// does a non-blocking send on a channel of capacity one (it runs in the goroutine of the
// API call and must never block), so a burst of calls coalesces into one wake-up; a
// tea.Cmd waits on that channel and answers with a fresh Snapshot. The list changes the
// moment a call ends, and an idle session costs nothing (a tick would redraw the UI every
// interval whether or not anything was called).
//
// g reads any read route of the route table (enduser.Route.Readable, through the Reader it
// was given): the result decoded into the route's model, field by field, and as sent; the
// call itself joins the list like every other.
package requests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/tui/dialog"
	"purse/tui/kit"
	"purse/tui/table"
	"purse/tui/unlock"
)

// logMsg carries the log's entries to the screen that asked for them.
type logMsg struct {
	to      *Screen
	entries []enduser.Entry
}

// Screen is the Requests screen.
type Screen struct {
	app   Service // the application layer: every use case the screen runs
	env   *kit.Env
	table table.Model
	view  viewport.Model
	// listKeys are the list's keys, detailKeys the open call's, each with why it is off now.
	listKeys, detailKeys kit.Actions

	log     *enduser.RequestLog
	notify  chan struct{}
	done    chan struct{}
	cancel  func()
	entries []enduser.Entry // newest first, one per row (a folded poll: its newest call)
	folded  []int           // how many calls each row stands for

	detail bool
	sel    enduser.Entry
	pretty bool
	w, h   int

	// reads makes the reads g offers (nil: none); readKeys are the keys of a reading shown,
	// reading the one shown (nil: the detail is a call's), readTask the read running.
	reads    Reader
	readKeys kit.Actions
	routes   []enduser.Route
	reading  *enduser.Reading
	readTask kit.TaskID
}

// Service is what the Requests screen needs of the application layer (*app.App is one).
type Service interface {
	RequestLog() *enduser.RequestLog
}

// Reader is what the screen's reads need of the application layer (app/account's Service
// is one).
type Reader interface {
	Reads() []enduser.Route
	Read(ctx context.Context, u *app.Unlock, name string) (enduser.Reading, error)
}

// New returns the Requests screen; reads makes the reads g offers (nil: none).
func New(env *kit.Env, a Service, reads Reader) kit.Screen {
	s := newScreen(env, a)
	s.reads = reads
	return s
}

// idReadRoute is the route list's dialog id; slotRead the reads' task slot.
const (
	idReadRoute = "requests/read-route"
	slotRead    = "requests/read"
)

func newScreen(env *kit.Env, a Service) *Screen {
	k := env.Keys
	s := &Screen{
		app: a,
		env: env,
		table: table.New(env,
			table.Column{Title: "#", Width: 4, Right: true},
			table.Column{Title: "Time", Width: 8},
			table.Column{Title: "Method", Width: 6},
			table.Column{Title: "Call"},
			table.Column{Title: "Status", Width: 6, Right: true},
			table.Column{Title: "retCode", Width: 7, Right: true},
			table.Column{Title: "Latency", Width: 8, Right: true},
		),
		view: viewport.New(),
	}
	s.view.KeyMap = viewport.KeyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: key.NewBinding(key.WithDisabled()), HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left: key.NewBinding(key.WithDisabled()), Right: key.NewBinding(key.WithDisabled()),
	}
	s.table.Empty = "No calls yet in this session: the other screens' API calls appear here as they are made."
	if a != nil {
		s.log = a.RequestLog()
	}
	s.declareActions()
	return s
}

// declareActions declares the keys of the list and of the open call: c and V act on the call
// under the cursor, or on the one open.
func (s *Screen) declareActions() {
	k := s.env.Keys
	curl := kit.WithHelp(k.Copy, "copy as curl")
	whole := key.NewBinding(key.WithKeys("V"), key.WithHelp("V", "show the curl command whole"))
	cursor := func() enduser.Entry { return s.entries[s.table.Cursor()] }
	pretty := kit.Action{Key: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pretty/raw bodies")), Do: func() tea.Cmd {
		s.pretty = !s.pretty
		s.view.SetContent(s.content())
		return nil
	}}
	s.listKeys = kit.Actions{
		{Key: kit.WithHelp(k.Select, "details"), Do: s.open, Off: s.noCall},
		{Key: curl, Do: func() tea.Cmd { return kit.Copy("curl command", cursor().Curl("")) }, Off: s.noCall},
		{Key: whole, Do: func() tea.Cmd { return kit.ShowFull("curl command", cursor().Curl("")) }, Off: s.noCall},
		{Key: key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "read a route")), Do: s.chooseRead, Off: s.noReads},
	}
	s.readKeys = kit.Actions{
		{Key: kit.WithHelp(k.Copy, "copy the result"), Do: func() tea.Cmd { return kit.Copy("result", string(s.reading.Result)) }},
		pretty,
		{Key: kit.WithHelp(k.Back, "back to the list"), Do: func() tea.Cmd { s.detail, s.reading = false, nil; return nil }},
		{Key: k.Top, Do: func() tea.Cmd { s.view.GotoTop(); return nil }, FullOnly: true},
		{Key: k.Bottom, Do: func() tea.Cmd { s.view.GotoBottom(); return nil }, FullOnly: true},
	}
	s.detailKeys = kit.Actions{
		{Key: curl, Do: func() tea.Cmd { return kit.Copy("curl command", s.sel.Curl("")) }},
		{Key: whole, Do: func() tea.Cmd { return kit.ShowFull("curl command", s.sel.Curl("")) }},
		pretty,
		{Key: kit.WithHelp(k.Back, "back to the list"), Do: func() tea.Cmd { s.detail = false; return nil }},
		{Key: k.Top, Do: func() tea.Cmd { s.view.GotoTop(); return nil }, FullOnly: true},
		{Key: k.Bottom, Do: func() tea.Cmd { s.view.GotoBottom(); return nil }, FullOnly: true},
	}
}

func (s *Screen) noCall() string {
	if len(s.entries) == 0 {
		return "no call yet in this session"
	}
	return ""
}

func (s *Screen) noReads() string {
	if s.reads == nil {
		return "no reads: the TUI was started without a profile"
	}
	return ""
}

// chooseRead lists the read routes as the profile sends them.
func (s *Screen) chooseRead() tea.Cmd {
	s.routes = s.reads.Reads()
	items := make([]string, len(s.routes))
	for i, r := range s.routes {
		items[i] = fmt.Sprintf("%s · %s %s → %s", r.Name, r.Method, r.Path, r.Model())
	}
	return kit.Push(dialog.NewList(s.env, idReadRoute, "Read a route", items, 0, "read it"))
}

// read makes the read route name (a passphrase is asked when its key needs one).
func (s *Screen) read(name string) tea.Cmd {
	reads := s.reads
	id, cmd := unlock.Start(s.env, slotRead, "Reading "+name, func(ctx context.Context, u *app.Unlock) (enduser.Reading, error) {
		return reads.Read(ctx, u, name)
	})
	s.readTask = id
	return cmd
}

// showReading opens the reading in the detail pane.
func (s *Screen) showReading(rd enduser.Reading) {
	s.reading, s.detail = &rd, true
	s.view.SetContent(s.content())
	s.view.GotoTop()
}

// open shows the detail of the call under the cursor.
func (s *Screen) open() tea.Cmd {
	s.sel = s.entries[s.table.Cursor()]
	s.detail, s.reading = true, nil
	s.view.SetContent(s.content())
	s.view.GotoTop()
	return nil
}

// Init implements kit.Screen: it subscribes to the log and reads what it already holds.
func (s *Screen) Init() tea.Cmd {
	if s.log == nil || s.cancel != nil {
		return nil
	}
	s.notify, s.done = make(chan struct{}, 1), make(chan struct{})
	notify := s.notify
	s.cancel = s.log.Subscribe(func(enduser.Entry) {
		select {
		case notify <- struct{}{}:
		default: // a wake-up is already pending; its Snapshot will include this entry
		}
	})
	log := s.log
	return func() tea.Msg { return logMsg{to: s, entries: log.Snapshot()} }
}

// wait blocks (in its own goroutine, as every tea.Cmd) until the log has a new entry.
func (s *Screen) wait() tea.Cmd {
	notify, done, log := s.notify, s.done, s.log
	return func() tea.Msg {
		select {
		case <-notify:
			return logMsg{to: s, entries: log.Snapshot()}
		case <-done:
			return nil
		}
	}
}

// Close ends the subscription and releases the waiting command (for tests and for a
// router that removes screens).
func (s *Screen) Close() {
	if s.cancel != nil {
		s.cancel()
		close(s.done)
		s.cancel = nil
	}
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case logMsg:
		if msg.to != s || s.cancel == nil {
			return s, nil
		}
		s.setEntries(msg.entries)
		return s, s.wait()
	case dialog.ListResult:
		if msg.ID != idReadRoute || msg.Cancelled || msg.Index >= len(s.routes) {
			return s, nil
		}
		return s, s.read(s.routes[msg.Index].Name)
	case kit.TaskResult[enduser.Reading]:
		// An error is the router's to show on the footer; a closed prompt sent nothing.
		if msg.ID == s.readTask && msg.Err == nil {
			s.showReading(msg.Value)
		}
		return s, nil
	case tea.KeyPressMsg:
		return s, s.key(msg)
	}
	return s, nil
}

// foldedOf is how many calls the row of entry id stands for.
func (s *Screen) foldedOf(id uint64) int {
	for i, e := range s.entries {
		if e.ID == id {
			return s.folded[i]
		}
	}
	return 1
}

// setEntries shows the entries newest first; the cursor stays on the same call, or on the
// newest one when it was there.
func (s *Screen) setEntries(oldestFirst []enduser.Entry) {
	var keep uint64
	if len(s.entries) > 0 && s.table.Cursor() > 0 {
		keep = s.entries[s.table.Cursor()].ID
	}
	s.entries, s.folded = s.entries[:0:0], s.folded[:0:0]
	for i := len(oldestFirst) - 1; i >= 0; i-- {
		e := oldestFirst[i]
		if n := len(s.entries); n > 0 && samePoll(s.entries[n-1], e) {
			s.folded[n-1]++ // an older call of the same poll, under its newest
			continue
		}
		s.entries, s.folded = append(s.entries, e), append(s.folded, 1)
	}
	s.table.SetSource(rows{s.entries, s.folded})
	cur := 0
	if keep != 0 {
		for i, e := range s.entries {
			if e.ID == keep {
				cur = i
				break
			}
		}
	}
	s.table.SetCursor(cur)
}

// pollMethods are the JSON-RPC reads a flow repeats while it waits (a deposit's status, a
// transaction's receipt): consecutive calls of one of them fold into one row, so the call
// that sent something is not buried under its polls.
var pollMethods = map[string]bool{
	"solana getSignatureStatuses": true, "solana getBlockHeight": true, "solana getSlot": true, "solana getTransaction": true,
	"evm eth_getTransactionReceipt": true, "evm eth_blockNumber": true, "evm eth_getTransactionByHash": true,
}

// samePoll says whether older folds under newer: the same poll, with the same outcome.
func samePoll(newer, older enduser.Entry) bool {
	return pollMethods[newer.Route] && newer.Route == older.Route && newer.BaseURL == older.BaseURL &&
		newer.Status == older.Status && (newer.Err == "") == (older.Err == "")
}

// callOf is what the list names a call by: the path of an API call, the method of a JSON-RPC
// call (its path is the node's, the same for every call).
func callOf(e enduser.Entry) string {
	if strings.HasPrefix(e.Route, "solana ") || strings.HasPrefix(e.Route, "evm ") {
		return e.Route
	}
	return e.Path
}

type rows struct {
	entries []enduser.Entry
	folded  []int
}

func (r rows) Len() int { return len(r.entries) }

func (r rows) Row(i int) []string {
	e := r.entries[i]
	status := "-"
	switch {
	case e.Status != 0:
		status = strconv.Itoa(e.Status)
	case e.Err != "":
		status = "failed"
	}
	ret := ""
	if e.RetCode != nil {
		ret = strconv.Itoa(*e.RetCode)
	}
	call := callOf(e)
	if n := r.folded[i]; n > 1 {
		call += fmt.Sprintf(" ×%d", n)
	}
	return []string{strconv.FormatUint(e.ID, 10), e.Time.UTC().Format("15:04:05"), e.Method, call, status, ret, latency(e.Latency)}
}

func latency(d time.Duration) string {
	if d < time.Millisecond {
		return d.Round(time.Microsecond).String()
	}
	return d.Round(100 * time.Microsecond).String()
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	if s.detail {
		keys := s.detailKeys
		if s.reading != nil {
			keys = s.readKeys
		}
		if cmd, ok := keys.Handle(k); ok {
			return cmd
		}
		var cmd tea.Cmd
		s.view, cmd = s.view.Update(k)
		return cmd
	}
	if cmd, ok := s.listKeys.Handle(k); ok {
		return cmd
	}
	s.table, _ = s.table.Update(k)
	return nil
}

// content is the detail of the selected call (summary, headers, bodies and curl), or the
// reading shown.
func (s *Screen) content() string {
	if s.reading != nil {
		return s.readingContent()
	}
	st := s.env.Styles
	e := s.sel
	w := max(s.w, 10)
	var b strings.Builder
	line := func(label, value string) {
		v, _ := visible.Escape(value)
		for i, p := range kit.Wrap(v, max(w-11, 4)) {
			if i == 0 {
				b.WriteString(st.Label.Render(kit.Pad(label, 10)) + " " + p + "\n")
			} else {
				b.WriteString(st.Gutter.Render(kit.Pad(st.Marks.Wrap, 10)) + " " + p + "\n")
			}
		}
	}
	line("call", e.Method+" "+e.Path)
	line("route", e.Route)
	if n := s.foldedOf(e.ID); n > 1 {
		line("folded", fmt.Sprintf("the newest of %d calls of this poll in a row, with the same outcome (one row in the list)", n))
	}
	line("base URL", e.BaseURL)
	line("time", format.Time(e.Time))
	status := "no response"
	if e.Status != 0 {
		status = "HTTP " + strconv.Itoa(e.Status)
	}
	if e.RetCode != nil {
		status += " · retCode " + strconv.Itoa(*e.RetCode)
	}
	line("status", status+" · "+latency(e.Latency))
	if e.Err != "" {
		line(st.Marks.Error, e.Err)
	}
	b.WriteString("\n" + st.Bold.Render("Headers") + st.Muted.Render(" (sign shortened; the curl command carries it whole)") + "\n")
	if len(e.Headers) == 0 {
		b.WriteString(st.Muted.Render("  (none)") + "\n")
	}
	for _, h := range e.Headers {
		s.block(&b, h.Name+": "+h.Value)
	}
	s.body(&b, "Request body", e.RequestBody, e.RequestBodyTruncated)
	s.body(&b, "Response body", e.ResponseBody, e.ResponseBodyTruncated)
	b.WriteString("\n" + st.Bold.Render("As curl") + st.Muted.Render(" (c copies it)") + "\n")
	for _, l := range strings.Split(e.Curl(""), "\n") {
		s.block(&b, l)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// readingContent is the reading shown: the route, the result field by field as its model
// decodes it, and the result as sent.
func (s *Screen) readingContent() string {
	st := s.env.Styles
	rd := s.reading
	var b strings.Builder
	fields := rd.Fields()
	width := 0
	for _, f := range fields {
		width = max(width, len(f[0]))
	}
	width = min(width, max(s.w/3, 8))
	b.WriteString(st.Bold.Render("Decoded as "+rd.Route.Model()) + st.Muted.Render(fmt.Sprintf(" (%s auth; the call is in the list)", rd.Route.Auth)) + "\n")
	if fields == nil {
		b.WriteString(st.Muted.Render("  none: the service answered without data (null or an empty success)") + "\n")
	}
	for _, f := range fields {
		// One line each: a newline in the service's text is shown as its control picture.
		name, v := visible.Line(f[0]), visible.Line(f[1])
		if v == "" {
			v = st.Muted.Render("-")
		}
		for i, p := range kit.Wrap(v, max(s.w-width-3, 4)) {
			label := kit.Pad(kit.Truncate(name, width), width)
			if i > 0 {
				label = st.Gutter.Render(kit.Pad(st.Marks.Wrap, width))
			}
			b.WriteString("  " + st.Label.Render(label) + " " + p + "\n")
		}
	}
	s.body(&b, "Result as sent", string(rd.Result), false)
	return strings.TrimSuffix(b.String(), "\n")
}

// body writes a body verbatim (or indented when pretty is on and it is JSON), with
// invisible characters made visible and every character kept.
func (s *Screen) body(b *strings.Builder, title, text string, truncated bool) {
	st := s.env.Styles
	note := fmt.Sprintf(" (%d bytes", len(text))
	if truncated {
		note += ", truncated by the log"
	}
	if s.pretty {
		note += ", pretty"
	}
	note += ")"
	b.WriteString("\n" + st.Bold.Render(title) + st.Muted.Render(note) + "\n")
	if text == "" {
		b.WriteString(st.Muted.Render("  (empty)") + "\n")
		return
	}
	if s.pretty {
		var out bytes.Buffer
		if json.Indent(&out, []byte(text), "", "  ") == nil {
			text = out.String()
		}
	}
	for _, l := range strings.Split(text, "\n") {
		s.block(b, l)
	}
}

// block writes one line of text indented by two columns, wrapped without losing characters.
func (s *Screen) block(b *strings.Builder, text string) {
	st := s.env.Styles
	v, _ := visible.Escape(text)
	for i, p := range kit.Wrap(v, max(s.w-2, 4)) {
		if i == 0 {
			b.WriteString("  " + st.Verbatim.Render(p) + "\n")
		} else {
			b.WriteString(st.Gutter.Render(kit.Pad(st.Marks.Wrap, 2)) + st.Verbatim.Render(p) + "\n")
		}
	}
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.table.SetSize(w, max(h-1, 3))
	s.view.SetWidth(w)
	s.view.SetHeight(max(h-2, 1))
	if s.detail {
		s.view.SetContent(s.content())
	}
}

// View implements kit.Screen.
func (s *Screen) View() string {
	st := s.env.Styles
	if s.detail && s.reading != nil {
		r := s.reading.Route
		head := fmt.Sprintf("Read %s · %s %s", r.Name, r.Method, r.Path)
		foot := fmt.Sprintf("%d%% · esc back · c copy the result · p pretty/raw", int(s.view.ScrollPercent()*100))
		return st.Title.Render(kit.Truncate(head, s.w)) + "\n" + s.view.View() + "\n" + st.Muted.Render(kit.Truncate(foot, s.w))
	}
	if s.detail {
		head := fmt.Sprintf("Call #%d · %s %s", s.sel.ID, s.sel.Method, s.sel.Path)
		foot := fmt.Sprintf("%d%% · esc back · c copy as curl · p pretty/raw", int(s.view.ScrollPercent()*100))
		return st.Title.Render(kit.Truncate(head, s.w)) + "\n" + s.view.View() + "\n" + st.Muted.Render(kit.Truncate(foot, s.w))
	}
	intro := "Every API call of this session, newest first (UTC) · enter details · c curl"
	if s.log == nil {
		intro = "No request log: start purse with a profile to record the session's calls."
	}
	return st.Muted.Render(kit.Truncate(intro, s.w)) + "\n" + s.table.View()
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Requests" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenRequests }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	if s.detail && s.reading != nil {
		return append([]key.Binding{s.env.Keys.Down}, s.readKeys.Short()...)
	}
	if s.detail {
		return append([]key.Binding{s.env.Keys.Down}, s.detailKeys.Short()...)
	}
	return append([]key.Binding{s.env.Keys.Down}, s.listKeys.Short()...)
}

// FullHelp implements kit.Screen: every key of the view, those off now with the reason.
func (s *Screen) FullHelp() [][]key.Binding {
	k := s.env.Keys
	if s.detail && s.reading != nil {
		return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown}, s.readKeys.Full()}
	}
	if s.detail {
		// top and bottom are the detail's own keys (its table); the viewport moves by the rest.
		return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown}, s.detailKeys.Full()}
	}
	return [][]key.Binding{k.Movement(), s.listKeys.Full()}
}

// InputFocused implements kit.Screen: the screen has no text input.
func (s *Screen) InputFocused() bool { return false }
