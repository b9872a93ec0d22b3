// Package txs is the Transactions screen of purse's terminal UI: the account's history,
// paged from the server by cursor (only the visible rows are drawn), a filter form with
// every filter of spec 4.6, a detail pane with every field of a record, and an export of
// the current filter to CSV or JSON under PURSE_HOME/exports.
package txs

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"purse/app"
	apphistory "purse/app/history"
	"purse/enduser"
	"purse/internal/visible"
	"purse/tui/kit"
	"purse/tui/table"
	"purse/tui/unlock"
)

// Task slots of the screen.
const (
	slotPage   = "txs.page"
	slotExport = "txs.export"
	slotChart  = "txs.chart"
)

var errNoServices = errors.New("no profile services: start purse with a profile (purse profile use NAME) to read the history")

// DefaultMaxPages bounds the pages kept in memory; scrolling past them drops pages at the
// other end, which are read again by cursor (PrevPage / NextPage) when scrolled back to.
const DefaultMaxPages = 20

type mode int

const (
	modeList mode = iota
	modeDetail
	modeForm
)

// action is a request of the screen to the service.
type action int

const (
	actFirst action = iota
	actNext
	actPrev
	actExportCSV
	actExportJSON
	actChart
)

// pageResult is the answer of a page request. History is the reader the page was read
// with (one signed client), kept for the next pages.
type pageResult struct {
	Act     action
	History *apphistory.Reader
	Page    *enduser.TxPage
}

// exportResult is the answer of an export.
// chartResult is the history summed for the chart.
type chartResult struct {
	History *apphistory.Reader
	Flows   []apphistory.MonthFlow
}

type exportResult struct {
	Act     action
	History *apphistory.Reader
	Path    string
	Count   int
}

// Screen is the Transactions screen.
type Screen struct {
	app  Services // the application layer: every use case the screen runs
	env  *kit.Env
	keys keyMap
	list kit.Actions // the list's keys (declareActions)
	mode mode

	table  table.Model
	detail viewport.Model
	form   *form

	// MaxPages bounds the pages kept (DefaultMaxPages when 0).
	MaxPages int
	// Now is the clock of export file names (time.Now when nil).
	Now func() time.Time

	history *apphistory.Reader // the account's history (one signed client), kept while the profile stays the same
	filter  enduser.TxFilter
	pages   []*enduser.TxPage
	rows    rowSource
	dropped int // records dropped above the first kept page (for the position line)

	pageTask   kit.TaskID
	pageAct    action
	exportTask kit.TaskID
	chartTask  kit.TaskID
	loaded     bool
	err        error
	// toEnd says the user asked for the last record (G): each page read lands on its last
	// row and the next is read, until the history ends or another key is pressed.
	toEnd bool

	detailRec enduser.Transaction
	w, h      int
}

type keyMap struct {
	open, back, filter, refresh, exportCSV, exportJSON, copy, chart key.Binding
}

// declareActions declares the list's keys, each with what it does and why it is off now.
func (s *Screen) declareActions() {
	k := s.keys
	noRecord := func() string {
		if len(s.rows) == 0 {
			return "no record is shown"
		}
		return ""
	}
	exporting := func() string {
		if s.exportTask != 0 {
			return "an export is running"
		}
		return ""
	}
	s.list = kit.Actions{
		{Key: k.open, Do: func() tea.Cmd { s.openDetail(s.rows[s.table.Cursor()]); return nil }, Off: noRecord},
		{Key: k.filter, Do: func() tea.Cmd { s.form.load(s.filter); s.mode = modeForm; return nil }},
		{Key: k.refresh, Do: s.reload},
		{Key: k.copy, Do: func() tea.Cmd { return s.copyHash(s.rows[s.table.Cursor()]) }, Off: noRecord},
		{Key: k.exportCSV, Do: func() tea.Cmd { return s.start(actExportCSV) }, Off: exporting},
		{Key: k.exportJSON, Do: func() tea.Cmd { return s.start(actExportJSON) }, Off: exporting},
		{Key: k.chart, Do: func() tea.Cmd { return s.start(actChart) }, Off: func() string {
			if s.chartTask != 0 {
				return "the chart's history is still being read"
			}
			return ""
		}},
	}
}

// reload reads the history again from the first page.
func (s *Screen) reload() tea.Cmd {
	s.pages, s.dropped = nil, 0
	s.setRows(0)
	s.table.Empty = "Loading the first page…"
	return s.start(actFirst)
}

// Services are what the Transactions screen needs of the application layer (Of gives an
// App's): the session's home (exports go under it) and the account's history, whose reader
// the screen keeps for paging, so one unlock serves every page.
type Services struct {
	Session
	History HistoryService
}

// Of is the Transactions screen's services of the session a.
func Of(a *app.App) Services { return Services{Session: a, History: apphistory.New(a)} }

// Session is the session the screen works in (*app.App is one): its home.
type Session interface{ Home() string }

// HistoryService opens the account's history (apphistory.Service is one).
type HistoryService interface {
	Open(u *app.Unlock) (*apphistory.Reader, error)
}

// New returns the Transactions screen.
func New(env *kit.Env, a Services) kit.Screen { return newScreen(env, a) }

func newScreen(env *kit.Env, a Services) *Screen {
	s := new(Screen)
	s.init(env, a)
	return s
}

// init builds the screen in place: the closures of its keys and parts hold this screen,
// the one a Reset builds again.
func (s *Screen) init(env *kit.Env, a Services) {
	k := env.Keys
	*s = Screen{
		app: a,
		env: env,
		keys: keyMap{
			open:       kit.WithHelp(k.Select, "details"),
			back:       kit.WithHelp(k.Back, "back to the list"),
			filter:     key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
			refresh:    kit.WithHelp(k.Refresh, "reload"),
			exportCSV:  kit.WithHelp(k.Export, "export csv"),
			exportJSON: key.NewBinding(key.WithKeys(strings.ToUpper(k.Export.Keys()[0])), key.WithHelp(strings.ToUpper(k.Export.Keys()[0]), "export json")),
			chart:      key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "chart in/out per month")),
			copy:       kit.WithHelp(k.Copy, "copy tx hash"),
		},
		table:  table.New(env, columns()...),
		detail: viewport.New(),
		form:   newForm(env),
	}
	s.detail.KeyMap = viewport.KeyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown,
		HalfPageUp: key.NewBinding(key.WithDisabled()), HalfPageDown: key.NewBinding(key.WithDisabled()),
		Left: key.NewBinding(key.WithDisabled()), Right: key.NewBinding(key.WithDisabled()),
	}
	s.table.Empty = "Loading the first page…"
	s.declareActions()
}

// columns are the history's columns as every front end names them (apphistory.Columns), all but
// the hash, which the detail pane shows: the widths are the screen's.
func columns() []table.Column {
	widths := map[string]table.Column{"ID": {Width: 6, Right: true}, "TIME": {Width: 23}, "TYPE": {Width: 7}, "DIR": {Width: 3},
		"AMOUNT": {Width: 11, Right: true}, "CUR": {Width: 4}, "STATUS": {Width: 9}, "TITLE": {}}
	var out []table.Column
	for _, name := range apphistory.Columns {
		if c, ok := widths[name]; ok {
			c.Title = name
			out = append(out, c)
		}
	}
	return out
}

// rowSource draws rows on demand: Row is called only for the visible rows.
type rowSource []enduser.Transaction

func (r rowSource) Len() int { return len(r) }

func (r rowSource) Row(i int) []string { return apphistory.Row(r[i]) }

// oneLine makes server text safe for one line: invisible characters become visible.
func oneLine(s string) string { return visible.Line(s) }

// Init implements kit.Screen: it reads the first page.
func (s *Screen) Init() tea.Cmd { return s.startQuiet(actFirst) }

// startQuiet is start for a read the screen starts by itself: a locked key is not asked for
// (unlock.Quiet); r reads with the question.
func (s *Screen) startQuiet(act action) tea.Cmd { return s.begin(act, true) }

func (s *Screen) maxPages() int {
	if s.MaxPages > 0 {
		return s.MaxPages
	}
	return DefaultMaxPages
}

func (s *Screen) loading() bool { return s.pageTask != 0 }

// start runs act for the user, asking for a passphrase when the key needs one.
func (s *Screen) start(act action) tea.Cmd { return s.begin(act, false) }

// begin runs act; quiet (a page read the screen started by itself) asks for nothing.
func (s *Screen) begin(act action, quiet bool) tea.Cmd {
	sv := s.app
	home := s.env.Home
	if sv.Session != nil {
		home = sv.Home()
	}
	history, filter := s.history, s.filter
	// useHistory is the history the screen keeps (so one unlock serves every page), or the
	// account's opened anew; a missing passphrase is unlock.Start's to ask.
	useHistory := func(u *app.Unlock) (*apphistory.Reader, error) {
		if history != nil {
			return history, nil
		}
		if sv.History == nil {
			return nil, errNoServices
		}
		return sv.History.Open(u)
	}
	switch act {
	case actExportCSV, actExportJSON:
		format, now := "csv", time.Now
		if act == actExportJSON {
			format = "json"
		}
		if s.Now != nil {
			now = s.Now
		}
		dir := app.ExportDir(home)
		id, cmd := unlock.Start(s.env, slotExport, "Exporting transactions ("+format+")", func(ctx context.Context, u *app.Unlock) (exportResult, error) {
			h, err := useHistory(u)
			if err != nil {
				return exportResult{Act: act}, err
			}
			path, n, err := h.Export(ctx, filter, dir, format, now())
			return exportResult{Act: act, History: h, Path: path, Count: n}, err
		})
		s.exportTask = id
		return cmd
	}
	if act == actChart {
		id, cmd := unlock.Start(s.env, slotChart, "Reading the whole history for the chart", func(ctx context.Context, u *app.Unlock) (chartResult, error) {
			h, err := useHistory(u)
			if err != nil {
				return chartResult{}, err
			}
			flows, err := h.Flows(ctx, filter)
			return chartResult{History: h, Flows: flows}, err
		})
		s.chartTask = id
		return cmd
	}
	if (act == actNext || act == actPrev) && len(s.pages) == 0 {
		act = actFirst
	}
	var base *enduser.TxPage
	switch act {
	case actNext:
		base = s.pages[len(s.pages)-1]
	case actPrev:
		base = s.pages[0]
	case actFirst:
		s.err = nil
	}
	label := map[action]string{actFirst: "Loading transactions", actNext: "Loading the next page", actPrev: "Loading the previous page"}[act]
	run := unlock.Start[pageResult]
	if quiet {
		run = unlock.Quiet[pageResult]
	}
	id, cmd := run(s.env, slotPage, label, func(ctx context.Context, u *app.Unlock) (pageResult, error) {
		h, err := useHistory(u)
		if err != nil {
			return pageResult{Act: act}, err
		}
		var p *enduser.TxPage
		switch act {
		case actNext:
			p, err = h.Next(ctx, base)
		case actPrev:
			p, err = h.Prev(ctx, base)
		default:
			p, err = h.First(ctx, filter)
		}
		return pageResult{Act: act, History: h, Page: p}, err
	})
	s.pageTask, s.pageAct = id, act
	return cmd
}

// Update implements kit.Screen.
func (s *Screen) Update(msg tea.Msg) (kit.Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case kit.TaskResult[pageResult]:
		return s, s.onPage(msg)
	case kit.TaskResult[exportResult]:
		return s, s.onExport(msg)
	case kit.TaskResult[chartResult]:
		if msg.ID != s.chartTask {
			return s, nil
		}
		s.chartTask = 0
		if msg.Err != nil {
			return s, nil // the footer shows the error
		}
		if msg.Value.History != nil {
			s.history = msg.Value.History
		}
		return s, kit.Push(newChart(s.env, msg.Value.Flows))
	case tea.KeyPressMsg:
		return s, s.key(msg)
	case tea.PasteMsg:
		// Text for the filter's focused field; a paste never applies or cancels the filter.
		if s.mode == modeForm {
			_, _, cmd := s.form.update(msg)
			return s, cmd
		}
	}
	return s, nil
}

func (s *Screen) onPage(msg kit.TaskResult[pageResult]) tea.Cmd {
	if msg.ID != s.pageTask {
		return nil
	}
	s.pageTask = 0
	if errors.Is(msg.Err, kit.ErrCancelled) || errors.Is(msg.Err, app.ErrNeedsUnlock) {
		if msg.Value.Act == actFirst {
			s.table.Empty = "Not read: the key is locked. Press r to read it (it asks for the passphrase)."
		}
		return nil
	}
	if msg.Err != nil {
		s.err = msg.Err // the footer shows it with what to do next
		if msg.Value.Act == actFirst {
			s.table.Empty = "The history could not be read (see below). Press r to retry."
		}
		return nil
	}
	s.history = msg.Value.History
	s.err = nil
	p := msg.Value.Page
	switch msg.Value.Act {
	case actFirst:
		s.pages, s.dropped = []*enduser.TxPage{p}, 0
		s.loaded = true
		s.setRows(0)
		s.table.Empty = "No records match the filter. Press / to change it."
		return s.maybeFetch(true, false)
	case actNext:
		s.pages = append(s.pages, p)
		cur := s.table.Cursor()
		if len(s.pages) > s.maxPages() {
			n := len(s.pages[0].Transactions)
			s.pages = s.pages[1:]
			s.dropped += n
			cur -= n
		}
		if s.toEnd {
			cur = len(s.rows) + len(p.Transactions) // clamped to the new last row
		}
		s.setRows(cur)
		if !p.HasNextPage {
			s.toEnd = false
		}
		return s.maybeFetch(true, false)
	case actPrev:
		s.pages = append([]*enduser.TxPage{p}, s.pages...)
		s.dropped = max(s.dropped-len(p.Transactions), 0)
		cur := s.table.Cursor() + len(p.Transactions)
		if len(s.pages) > s.maxPages() {
			s.pages = s.pages[:len(s.pages)-1]
		}
		s.setRows(cur)
		return s.maybeFetch(false, true)
	}
	return nil
}

func (s *Screen) onExport(msg kit.TaskResult[exportResult]) tea.Cmd {
	if msg.ID != s.exportTask {
		return nil
	}
	s.exportTask = 0
	if msg.Err != nil {
		return nil // the footer shows the error
	}
	if msg.Value.History != nil {
		s.history = msg.Value.History
	}
	return kit.Status(fmt.Sprintf("Exported %d records to %s", msg.Value.Count, msg.Value.Path))
}

// setRows rebuilds the rows from the kept pages and selects row cur.
func (s *Screen) setRows(cur int) {
	var rows rowSource
	for _, p := range s.pages {
		rows = append(rows, p.Transactions...)
	}
	s.rows = rows
	s.table.SetSource(rows)
	s.table.SetCursor(cur)
}

// maybeFetch reads the next page when the cursor nears the end of what is loaded, or the
// previous one when it nears the top and pages were dropped there.
func (s *Screen) maybeFetch(next, prev bool) tea.Cmd {
	if s.loading() || len(s.pages) == 0 {
		return nil
	}
	if next && s.table.NearEnd() && s.pages[len(s.pages)-1].HasNextPage {
		return s.start(actNext)
	}
	first := s.pages[0]
	if prev && s.table.Cursor() < s.tableRows() && first.HasPrevPage && !first.PrevCursor.IsZero() {
		return s.start(actPrev)
	}
	return nil
}

func (s *Screen) key(k tea.KeyPressMsg) tea.Cmd {
	switch s.mode {
	case modeForm:
		res, tf, cmd := s.form.update(k)
		switch res {
		case formCancelled:
			s.mode = modeList
		case formApplied:
			s.mode = modeList
			s.filter = tf
			s.pages, s.dropped = nil, 0
			s.setRows(0)
			s.table.Empty = "Loading the first page…"
			return s.start(actFirst)
		}
		return cmd
	case modeDetail:
		switch {
		case key.Matches(k, s.keys.back):
			s.mode = modeList
			return nil
		case key.Matches(k, s.keys.copy):
			return s.copyHash(s.detailRec)
		case key.Matches(k, s.env.Keys.Top):
			s.detail.GotoTop()
			return nil
		case key.Matches(k, s.env.Keys.Bottom):
			s.detail.GotoBottom()
			return nil
		}
		var cmd tea.Cmd
		s.detail, cmd = s.detail.Update(k)
		return cmd
	}
	if cmd, ok := s.list.Handle(k); ok {
		s.toEnd = false
		return cmd
	}
	// G goes to the last record of the history: the pages still on the server are read,
	// each landing on its last row; any other key stops that.
	s.toEnd = key.Matches(k, s.env.Keys.Bottom) && len(s.pages) > 0 && s.pages[len(s.pages)-1].HasNextPage
	before := s.table.Cursor()
	s.table, _ = s.table.Update(k)
	after := s.table.Cursor()
	return s.maybeFetch(after >= before, after <= before)
}

func (s *Screen) copyHash(t enduser.Transaction) tea.Cmd {
	if t.TxHash == "" {
		return kit.Status(fmt.Sprintf("Record %d has no transaction hash.", t.ID))
	}
	return kit.Copy("transaction hash", t.TxHash)
}

// openDetail shows every field of t (enduser.TransactionFields) in the scrollable pane.
func (s *Screen) openDetail(t enduser.Transaction) {
	s.detailRec = t
	s.mode = modeDetail
	s.detail.SetContent(s.detailContent())
	s.detail.GotoTop()
}

func (s *Screen) detailContent() string {
	st := s.env.Styles
	const labelW = 18
	valW := max(s.w-labelW-1, 8)
	var b strings.Builder
	for i, f := range apphistory.Details(s.detailRec) {
		if i > 0 {
			b.WriteByte('\n')
		}
		v, _ := visible.Escape(f[1])
		if v == "" {
			b.WriteString(st.Label.Render(kit.Pad(f[0], labelW)) + " " + st.Muted.Render("(empty)"))
			continue
		}
		var parts []string
		for _, line := range strings.Split(v, "\n") {
			parts = append(parts, kit.Wrap(line, valW)...)
		}
		for j, p := range parts {
			if j == 0 {
				b.WriteString(st.Label.Render(kit.Pad(f[0], labelW)) + " " + st.Value.Render(p))
			} else {
				b.WriteString("\n" + st.Gutter.Render(kit.Pad(st.Marks.Wrap, labelW)) + " " + st.Value.Render(p))
			}
		}
	}
	return b.String()
}

// tableRows is how many record rows the table shows.
func (s *Screen) tableRows() int { return max(s.h-2-2, 1) }

// Reset implements kit.ProfileBound: the screen as new; the signed client of the other
// profile is dropped (the settings tests set stay).
func (s *Screen) Reset() {
	maxPages, now, w, h := s.MaxPages, s.Now, s.w, s.h
	s.init(s.env, s.app)
	s.MaxPages, s.Now = maxPages, now
	s.SetSize(w, h)
}

// SetSize implements kit.Screen.
func (s *Screen) SetSize(w, h int) {
	s.w, s.h = w, h
	s.table.SetSize(w, max(h-2, 3))
	s.detail.SetWidth(w)
	s.detail.SetHeight(max(h-2, 1))
	if s.mode == modeDetail {
		s.detail.SetContent(s.detailContent())
	}
	s.form.setSize(w, h)
}

// View implements kit.Screen.
func (s *Screen) View() string {
	switch s.mode {
	case modeForm:
		return s.form.view()
	case modeDetail:
		return s.detailView()
	}
	st := s.env.Styles
	return st.Muted.Render(kit.Truncate("Filter: "+describe(s.filter), s.w)) + "\n" +
		kit.Truncate(s.position(), s.w) + "\n" + s.table.View()
}

func (s *Screen) detailView() string {
	st := s.env.Styles
	t := s.detailRec
	head := fmt.Sprintf("Record %d", t.ID)
	if t.Title != "" {
		head += " · " + oneLine(t.Title)
	}
	pos := fmt.Sprintf("%d%% · esc back · c copy tx hash", int(s.detail.ScrollPercent()*100))
	return st.Title.Render(kit.Truncate(head, s.w)) + "\n" + s.detail.View() + "\n" + st.Muted.Render(kit.Truncate(pos, s.w))
}

// position says what is loaded and whether the server has more.
func (s *Screen) position() string {
	switch {
	case !s.loaded && s.err != nil:
		return s.env.Styles.Marks.Error + " the first page could not be read"
	case !s.loaded:
		return s.env.Styles.Marks.Busy + " loading the first page"
	}
	n := len(s.rows)
	if n == 0 {
		return "0 records"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "records %d-%d in %d page", s.dropped+1, s.dropped+n, len(s.pages))
	if len(s.pages) != 1 {
		b.WriteByte('s')
	}
	if s.pages[0].HasPrevPage && s.dropped > 0 {
		b.WriteString(" · newer above")
	}
	if s.pages[len(s.pages)-1].HasNextPage {
		b.WriteString(" · more on the server")
	} else {
		b.WriteString(" · end of history")
	}
	if s.loading() && s.toEnd {
		b.WriteString(" · " + s.env.Styles.Marks.Busy + " reading on to the last record")
	} else if s.loading() {
		b.WriteString(" · " + s.env.Styles.Marks.Busy + " loading")
	}
	return b.String()
}

// describe is a one-line summary of the filter as the wire names it.
func describe(f enduser.TxFilter) string {
	var parts []string
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, k+" "+v)
		}
	}
	if f.PageSize != 0 {
		add("pageSize", strconv.Itoa(f.PageSize))
	}
	add("from", formatTime(f.FromTimestamp))
	add("to", formatTime(f.ToTimestamp))
	add("type", f.Type)
	add("types", strings.Join(f.TransactionTypes, ","))
	add("currencies", strings.Join(f.Currencies, ","))
	add("direction", f.Direction)
	add("min", decText(f.MinAmount))
	add("max", decText(f.MaxAmount))
	add("status", f.Status)
	add("chainId", f.ChainID)
	add("token", f.TokenSymbol)
	if f.ID != 0 {
		add("id", strconv.FormatInt(f.ID, 10))
	}
	add("txHash", f.TxHash)
	if len(parts) == 0 {
		return "none (newest first) · / to filter · x/X export csv/json"
	}
	return strings.Join(parts, " · ")
}

// Title implements kit.Screen.
func (s *Screen) Title() string    { return "Transactions" }
func (s *Screen) ID() kit.ScreenID { return kit.ScreenTransactions }

// ShortHelp implements kit.Screen.
func (s *Screen) ShortHelp() []key.Binding {
	switch s.mode {
	case modeForm:
		return s.form.shortHelp()
	case modeDetail:
		return []key.Binding{s.env.Keys.Up, s.env.Keys.Down, s.keys.copy, s.keys.back}
	}
	return s.list.Short()
}

// FullHelp implements kit.Screen: in the list every action, those off now with the reason.
func (s *Screen) FullHelp() [][]key.Binding {
	switch s.mode {
	case modeForm:
		return [][]key.Binding{s.form.help()}
	case modeDetail:
		k := s.env.Keys
		return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {s.keys.copy, s.keys.back}}
	}
	return [][]key.Binding{s.list.Full(), s.env.Keys.Movement()}
}

// InputFocused implements kit.Screen: true while the filter form is open.
// Retries implements kit.Retrier: in the list, r loads the history again from the first
// page.
func (s *Screen) Retries(slot string) bool { return slot == slotPage && s.mode == modeList }

func (s *Screen) InputFocused() bool { return s.mode == modeForm }

// AccountChanged implements kit.AccountFollower: the history from its first page again.
func (s *Screen) AccountChanged() tea.Cmd {
	s.pages, s.dropped = nil, 0
	s.setRows(0)
	return s.startQuiet(actFirst)
}
