package txs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	apphistory "purse/app/history"
	"purse/enduser"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

func TestFirstPageThenNextPageWhenNearTheEnd(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	if s.Init() == nil || s.pageTask == 0 || s.pageAct != actFirst {
		t.Fatal("Init must start reading the first page")
	}
	if !strings.Contains(tuitest.Plain(s.View()), "loading the first page") {
		t.Fatalf("no loading state:\n%s", tuitest.Plain(s.View()))
	}
	if cmd := reply(s, actFirst, page(0, 50, false, true)); cmd != nil {
		t.Fatal("50 rows fill the screen: no second request yet")
	}
	if len(s.rows) != 50 || s.loading() {
		t.Fatalf("rows %d loading %v", len(s.rows), s.loading())
	}
	// Moving down to within one screen of the end asks for the next page, once.
	var asked int
	for range 40 {
		if press(s, keyOf(tea.KeyDown)) != nil {
			asked++
		}
	}
	if asked != 1 || s.pageAct != actNext {
		t.Fatalf("next page asked %d times, act %v", asked, s.pageAct)
	}
	// A stale reply (an older request id) changes nothing.
	s.Update(kit.TaskResult[pageResult]{ID: s.pageTask - 1, Value: pageResult{Act: actNext, Page: page(50, 50, true, true)}})
	if len(s.rows) != 50 {
		t.Fatal("a stale reply was applied")
	}
	reply(s, actNext, page(50, 50, true, false))
	if len(s.rows) != 100 || s.table.Cursor() != 40 {
		t.Fatalf("rows %d cursor %d", len(s.rows), s.table.Cursor())
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "records 1-100 in 2 pages · end of history") {
		t.Fatalf("position line:\n%s", v)
	}
	for range 80 {
		if press(s, keyOf(tea.KeyDown)) != nil {
			t.Fatal("the last page has no next page: nothing to ask")
		}
	}
}

func TestWindowDropsPagesAndReadsThemBackByCursor(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.MaxPages = 2
	s.Init()
	reply(s, actFirst, page(0, 30, false, true))
	press(s, runes("G")) // the last record: asks for page 2, and on
	reply(s, actNext, page(30, 30, true, true))
	if s.pageAct != actNext || !s.loading() {
		t.Fatal("the end of page 2 must ask for page 3")
	}
	reply(s, actNext, page(60, 30, true, false)) // the end of the history
	if len(s.pages) != 2 || s.dropped != 30 || s.rows[0].ID != record(30).ID {
		t.Fatalf("window: %d pages, dropped %d, first %d", len(s.pages), s.dropped, s.rows[0].ID)
	}
	if s.rows[s.table.Cursor()].ID != record(89).ID {
		t.Fatalf("the cursor must be on the last record read, is on %d", s.rows[s.table.Cursor()].ID)
	}
	if !strings.Contains(tuitest.Plain(s.View()), "records 31-90 in 2 pages · newer above · end of history") {
		t.Fatalf("position:\n%s", tuitest.Plain(s.View()))
	}
	// Back to the top of what is kept: the dropped page is read again with PrevPage.
	press(s, runes("g"))
	if s.pageAct != actPrev || !s.loading() {
		t.Fatal("the top of a window with dropped pages must ask for the previous page")
	}
	reply(s, actPrev, page(0, 30, false, true))
	if len(s.pages) != 2 || s.dropped != 0 || s.rows[0].ID != record(0).ID || s.rows[s.table.Cursor()].ID != record(30).ID {
		t.Fatalf("after prev: %d pages, dropped %d, first %d, cursor on %d", len(s.pages), s.dropped, s.rows[0].ID, s.rows[s.table.Cursor()].ID)
	}
	if !s.pages[len(s.pages)-1].HasNextPage {
		t.Fatal("the page dropped at the bottom must be readable again")
	}
}

func TestFilterFormValidatesAndNamesTheField(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	reply(s, actFirst, page(0, 10, false, false))
	press(s, runes("/"))
	if !s.InputFocused() || s.mode != modeForm {
		t.Fatal("/ opens the form with a focused input")
	}
	// Single letters are text now: q and e go into the field.
	typeText(s, "500")
	// shown under the field as it is typed, before any submit
	if e := s.form.live.Error(fPageSize); !strings.Contains(e, "500") || !strings.Contains(tuitest.Plain(s.View()), "ERROR page size: ") {
		t.Fatalf("page size 500 must show on its field as it is typed: %q\n%s", e, tuitest.Plain(s.View()))
	}
	press(s, keyOf(tea.KeyTab))
	press(s, keyOf('s', tea.ModCtrl))
	if s.mode != modeForm || s.form.fields[s.form.focus].key != fPageSize {
		t.Fatalf("page size 500: mode %v focus %s", s.mode, s.form.fields[s.form.focus].key)
	}
	press(s, keyOf('r', tea.ModCtrl))
	if strings.Contains(tuitest.Plain(s.View()), "ERROR") {
		t.Fatalf("ctrl+r clears the fields and their errors:\n%s", tuitest.Plain(s.View()))
	}
	press(s, keyOf(tea.KeyDown), keyOf(tea.KeyDown), keyOf(tea.KeyDown)) // type
	typeText(s, "ctu")
	press(s, keyOf(tea.KeyTab)) // types
	typeText(s, "CRD, P2P")
	press(s, keyOf('s', tea.ModCtrl))
	if e := s.form.live.Error(fType); !strings.Contains(e, "exclusive") || s.form.fields[s.form.focus].key != fType {
		t.Fatalf("type with types: err %q focus %s", e, s.form.fields[s.form.focus].key)
	}
	press(s, keyOf('r', tea.ModCtrl))
	s.form.setFocus(s.form.index(fMin))
	typeText(s, "ten")
	if !strings.Contains(tuitest.Plain(s.View()), "ERROR min amount: expected a decimal amount") {
		t.Fatalf("bad amount:\n%s", tuitest.Plain(s.View()))
	}
	press(s, keyOf('r', tea.ModCtrl))
	s.form.setFocus(s.form.index(fFrom))
	typeText(s, "2024-05-02")
	press(s, keyOf(tea.KeyTab))
	typeText(s, "2024-05-01")
	press(s, keyOf('s', tea.ModCtrl))
	if s.mode != modeForm || !s.form.live.Invalid() {
		t.Fatal("from after to must be refused")
	}
	press(s, keyOf('r', tea.ModCtrl))
	s.form.setFocus(s.form.index(fDirection))
	typeText(s, "in")
	press(s, keyOf(tea.KeyTab, tea.ModShift)) // currencies
	typeText(s, "EUR chf")
	before := s.pageTask
	cmd := press(s, keyOf('s', tea.ModCtrl))
	if cmd == nil || s.mode != modeList || s.pageTask == before || s.pageAct != actFirst {
		t.Fatal("a valid filter reloads from the first page")
	}
	if s.filter.Direction != enduser.DirectionIn || strings.Join(s.filter.Currencies, ",") != "EUR,chf" {
		t.Fatalf("filter %+v", s.filter)
	}
	if !strings.Contains(tuitest.Plain(s.View()), "Filter: currencies EUR,chf · direction IN") {
		t.Fatalf("summary:\n%s", tuitest.Plain(s.View()))
	}
	// Reopening shows the applied filter; esc keeps it.
	press(s, runes("/"))
	if got := s.form.fields[s.form.index(fDirection)].in.Value(); got != "IN" {
		t.Fatalf("form not filled from the filter: %q", got)
	}
	press(s, keyOf(tea.KeyEsc))
	if s.mode != modeList || s.filter.Direction != "IN" {
		t.Fatal("esc must keep the applied filter")
	}
}

func TestParseTime(t *testing.T) {
	cases := []struct {
		in    string
		end   bool
		want  int64
		fails bool
	}{
		{"1714557600", false, 1714557600, false},
		{"2024-05-01", false, 1714521600, false},
		{"2024-05-01", true, 1714521600 + 86399, false},
		{"2024-05-01 10:00", false, 1714557600, false},
		{"2024-05-01T10:00:00Z", false, 1714557600, false},
		{"yesterday", false, 0, true},
	}
	for _, c := range cases {
		got, err := apphistory.ParseTime(c.in, c.end)
		if (err != nil) != c.fails || got != c.want {
			t.Errorf("apphistory.ParseTime(%q, %v) = %d, %v", c.in, c.end, got, err)
		}
	}
}

func TestDetailShowsEveryFieldAndCopiesTheHash(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	reply(s, actFirst, page(0, 10, false, false))
	press(s, keyOf(tea.KeyDown), keyOf(tea.KeyEnter))
	if s.mode != modeDetail {
		t.Fatal("enter opens the detail")
	}
	rec := record(1)
	for _, f := range enduser.TransactionFields(rec) {
		if !strings.Contains(tuitest.Plain(s.detailContent()), f[0]) {
			t.Errorf("field %s missing from the detail", f[0])
		}
	}
	unwrapped := strings.ReplaceAll(tuitest.Plain(s.detailContent()), "\n"+kit.Pad(s.env.Styles.Marks.Wrap, 18)+" ", "")
	if !strings.Contains(unwrapped, "txHash             "+rec.TxHash) {
		t.Fatal("the detail must show the full tx hash")
	}
	msgs := tuitest.Flatten(press(s, runes("c")))
	if len(msgs) != 1 || msgs[0].(kit.CopyMsg).Value != rec.TxHash {
		t.Fatalf("copy: %#v", msgs)
	}
	press(s, runes("G"))
	if s.detail.AtTop() {
		t.Fatal("G scrolls the detail to the end")
	}
	press(s, keyOf(tea.KeyEsc))
	if s.mode != modeList {
		t.Fatal("esc returns to the list")
	}
}

func TestCancelledUnlockSaysHowToRetry(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	if _, cmd := s.Update(kit.TaskResult[pageResult]{ID: s.pageTask, Value: pageResult{Act: actFirst}, Err: kit.ErrCancelled}); cmd != nil || s.err != nil || s.loading() {
		t.Fatal("a cancelled passphrase is not an error and leaves nothing running")
	}
	if v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " "); !strings.Contains(v, "Press r") {
		t.Fatalf("the empty table must say how to try again:\n%s", v)
	}
}

func TestErrorsLeaveAHint(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	s.Update(kit.TaskResult[pageResult]{ID: s.pageTask, Value: pageResult{Act: actFirst}, Err: errors.New("dial tcp: connection refused")})
	v := tuitest.Plain(s.View())
	if !strings.Contains(v, "could not be read") || !strings.Contains(v, "Press r to retry") {
		t.Fatalf("error view:\n%s", v)
	}
	if press(s, runes("r")) == nil || s.pageAct != actFirst {
		t.Fatal("r reloads")
	}
}

func TestExportResultIsReported(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	if press(s, runes("x")) == nil || s.exportTask == 0 {
		t.Fatal("e starts an export")
	}
	if st := tuitest.Flatten(press(s, runes("X")))[0].(kit.StatusMsg); !strings.Contains(st.Text, "an export is running") {
		t.Fatalf("second export: %q", st.Text)
	}
	_, cmd := s.Update(kit.TaskResult[exportResult]{ID: s.exportTask, Value: exportResult{Act: actExportCSV, Path: "/h/exports/t.csv", Count: 12}})
	if st := tuitest.Flatten(cmd)[0].(kit.StatusMsg); st.Text != "Exported 12 records to /h/exports/t.csv" {
		t.Fatalf("status %q", st.Text)
	}
}

func TestExportWithoutServicesFailsWithAHint(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	msgs := tuitest.Flatten(press(s, runes("X")))
	r := msgs[0].(kit.TaskResult[exportResult])
	if r.Err == nil || !strings.Contains(r.Err.Error(), "profile") {
		t.Fatalf("err %v", r.Err)
	}
	if entries, _ := os.ReadDir(filepath.Join(s.env.Home, "exports")); len(entries) != 0 {
		t.Fatal("a failed export left a file")
	}
}

// TestEndKeyReadsOnToTheLastRecord: G with more pages on the server reads them, landing on
// the last row of each, until the history ends: it lands on the last record, not mid-list.
func TestEndKeyReadsOnToTheLastRecord(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	reply(s, actFirst, page(0, 50, false, true))
	press(s, runes("G"))
	if !s.loading() || s.pageAct != actNext || !s.toEnd {
		t.Fatal("G with more on the server reads the next page")
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "reading on to the last record") {
		t.Fatalf("the position line says where it goes:\n%s", v)
	}
	reply(s, actNext, page(50, 50, true, true))
	if s.table.Cursor() != 99 || s.pageAct != actNext || !s.loading() {
		t.Fatalf("after the second page the cursor is on row %d (want the last, 99), and the third is read", s.table.Cursor())
	}
	reply(s, actNext, page(100, 30, true, false))
	if s.table.Cursor() != 129 || s.loading() || s.toEnd {
		t.Fatalf("at the end of the history the cursor is on row %d (want 129)", s.table.Cursor())
	}
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "end of history") || !strings.Contains(v, "row 130 of 130") {
		t.Fatalf("the last record:\n%s", v)
	}
	// Another key stops the walk: k moves up and the next page lands where it was.
	s.Reset()
	s.Init()
	reply(s, actFirst, page(0, 50, false, true))
	press(s, runes("G"))
	press(s, runes("k"))
	at := s.table.Cursor()
	reply(s, actNext, page(50, 50, true, true))
	if s.toEnd || s.table.Cursor() != at {
		t.Fatalf("after k the walk stops: cursor %d, want %d", s.table.Cursor(), at)
	}
}

// TestResetDropsTheClient: on a profile switch the router resets the screen; the next read
// signs with a new client, never the other profile's.
func TestResetDropsTheClient(t *testing.T) {
	s := newTestScreen(t, 80, 24)
	s.Init()
	reply(s, actFirst, page(0, 10, false, false))
	s.history = new(apphistory.Reader) // the history a read keeps (its signed client) for the next pages
	if len(s.rows) != 10 {
		t.Fatal("a read keeps its rows")
	}
	s.Reset()
	if s.history != nil || len(s.rows) != 0 || s.loaded || s.w != 80 {
		t.Fatal("a reset screen holds nothing of the other profile")
	}
	if s.Init() == nil || s.pageAct != actFirst {
		t.Fatal("a reset screen reads the first page again")
	}
}

// TestGolden: views as plain text. Update with go test ./tui/txs -run TestGolden -update
func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		setup func(s *Screen)
	}{
		{"loading", func(*Screen) {}},
		{"list", func(s *Screen) {
			reply(s, actFirst, page(0, 50, false, true))
			press(s, keyOf(tea.KeyDown), keyOf(tea.KeyDown), keyOf(tea.KeyDown))
		}},
		{"detail", func(s *Screen) {
			reply(s, actFirst, page(0, 50, false, true))
			press(s, keyOf(tea.KeyDown), keyOf(tea.KeyEnter))
		}},
		{"filter_error", func(s *Screen) {
			reply(s, actFirst, page(0, 50, false, true))
			press(s, runes("/"))
			s.form.setFocus(s.form.index(fDirection))
			typeText(s, "sideways")
			press(s, keyOf('s', tea.ModCtrl))
		}},
		{"empty", func(s *Screen) {
			s.filter.Direction = "OUT"
			s.filter.Status = "rejected"
			reply(s, actFirst, &enduser.TxPage{})
		}},
	}
	for _, c := range cases {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, sz[0], sz[1]), func(t *testing.T) {
				s := newTestScreen(t, sz[0], sz[1])
				s.Init()
				c.setup(s)
				v := tuitest.Plain(s.View())
				checkWidth(t, v, sz[0])
				teatest.RequireEqualOutput(t, []byte(v))
			})
		}
	}
}
