package txs

import (
	"context"
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/shopspring/decimal"

	"purse/app"
	"purse/enduser"
	"purse/tui/dialog"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

const testPass = "correct horse"

// sandboxEnv is the Env of tuitest.TouristServices (key "alice", passphrase testPass): an
// account minted on the in-process sandbox, which comes with 300+ seeded records.
func sandboxEnv(t *testing.T) (*kit.Env, *app.App) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	sv, tokenID := tuitest.TouristServices(t, ctx, "alice", testPass)
	env := tuitest.EnvContext(ctx, kit.Session{Profile: "sandbox", EVMKey: "alice", AccountID: tokenID}, sv.Home())
	return env, sv
}

// TestHistoryAgainstTheSandbox: the first page (after the passphrase dialog), paging
// forward and back by cursor, the IN filter, the detail's txHash and a CSV export of the
// filter with every matching record.
func TestHistoryAgainstTheSandbox(t *testing.T) {
	env, sv := sandboxEnv(t)
	s := newScreen(env, Of(sv))
	s.MaxPages = 2
	s.SetSize(80, 24)

	// The key is in an encrypted file: the screen's own first read asks nothing and says how
	// to read; r asks, then reads the first page.
	for _, m := range tuitest.Flatten(s.Init()) {
		if r, ok := m.(kit.TaskReply); ok {
			s.env.Tasks.Finish(r.Ref())
		}
		s.Update(m)
	}
	if v := strings.Join(strings.Fields(tuitest.Plain(s.View())), " "); !strings.Contains(v, "the key is locked") || !strings.Contains(v, "Press r to read it") || len(s.pages) != 0 {
		t.Fatalf("the first read with the key locked:\n%s", v)
	}
	msgs := drive(t, s, press(s, tuitest.Runes("r")))
	if len(msgs) != 1 {
		t.Fatalf("want the passphrase dialog, got %#v", msgs)
	}
	d, ok := msgs[0].(kit.PushDialogMsg).Dialog.(*dialog.Passphrase)
	if !ok {
		t.Fatalf("want the passphrase dialog, got %#v", msgs[0])
	}
	for _, r := range testPass {
		d.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	_, cmd := d.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	drive(t, s, cmd)
	if len(s.pages) != 1 || len(s.rows) != enduser.DefaultPageSize || !s.pages[0].HasNextPage || s.history == nil {
		t.Fatalf("first page: %d pages, %d rows", len(s.pages), len(s.rows))
	}
	first := append([]enduser.Transaction(nil), s.pages[0].Transactions...)

	// Forward: page down until a third page pushes the first out of the window.
	for i := 0; i < 20 && s.dropped == 0; i++ {
		drive(t, s, press(s, keyOf(tea.KeyPgDown)))
	}
	if s.dropped != enduser.DefaultPageSize || len(s.pages) != 2 {
		t.Fatalf("after paging forward: dropped %d, %d pages", s.dropped, len(s.pages))
	}
	seen := map[enduser.Int]bool{}
	for _, r := range first {
		seen[r.ID] = true
	}
	for _, r := range s.rows {
		if seen[r.ID] {
			t.Fatalf("record %d appears on two pages", r.ID)
		}
	}
	// Back: the top of the window reads the dropped page again with the previous cursor.
	drive(t, s, press(s, runes("g")))
	if s.dropped != 0 {
		t.Fatalf("after paging back: dropped %d", s.dropped)
	}
	for i, r := range first {
		if s.rows[i].ID != r.ID {
			t.Fatalf("row %d: %d, want %d (the first page read back by cursor)", i, s.rows[i].ID, r.ID)
		}
	}

	// Filter direction IN through the form.
	press(s, runes("/"))
	s.form.setFocus(s.form.index(fDirection))
	typeText(s, "in")
	drive(t, s, press(s, keyOf('s', tea.ModCtrl)))
	if s.mode != modeList || len(s.rows) == 0 {
		t.Fatalf("filter: mode %v, %d rows, err %q", s.mode, len(s.rows), s.form.err)
	}
	for _, r := range s.rows {
		if r.Direction != enduser.DirectionIn {
			t.Fatalf("the IN filter let record %d (%s) through", r.ID, r.Direction)
		}
	}

	// Detail of the third record shows its txHash.
	press(s, keyOf(tea.KeyDown), keyOf(tea.KeyDown), keyOf(tea.KeyEnter))
	sel := s.rows[2]
	if s.mode != modeDetail || sel.TxHash == "" || !strings.Contains(s.detailContent(), sel.TxHash[:40]) {
		t.Fatalf("detail of %d lacks its txHash %q", sel.ID, sel.TxHash)
	}
	press(s, keyOf(tea.KeyEsc))

	// Export: every IN record, one CSV row each.
	msgs = drive(t, s, press(s, runes("x")))
	if len(msgs) != 1 {
		t.Fatalf("export messages %#v", msgs)
	}
	status := msgs[0].(kit.StatusMsg).Text
	want := 0
	for r, err := range s.history.Records(context.Background(), enduser.TxFilter{Direction: enduser.DirectionIn}) {
		if err != nil {
			t.Fatal(err)
		}
		if r.Direction == enduser.DirectionIn {
			want++
		}
	}
	path := strings.TrimSpace(status[strings.LastIndex(status, " to ")+4:])
	if want < 100 || !strings.HasPrefix(status, "Exported "+strconv.Itoa(want)+" records to ") || filepath.Dir(path) != filepath.Join(sv.Home(), "exports") {
		t.Fatalf("status %q, want %d records under PURSE_HOME/exports", status, want)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	dir := slices.Index(rows[0], "direction")
	if len(rows) != want+1 || dir < 0 || rows[0][dir+1] != "txHash" {
		t.Fatalf("csv: %d rows (want %d + header), header %v", len(rows), want, rows[0])
	}
	for _, r := range rows[1:] {
		if r[dir] != enduser.DirectionIn {
			t.Fatalf("exported a record that is not IN: %v", r)
		}
	}

	// JSON export of the same filter.
	msgs = drive(t, s, press(s, runes("X")))
	if st := msgs[0].(kit.StatusMsg).Text; !strings.HasPrefix(st, "Exported "+strconv.Itoa(want)+" records to ") || !strings.HasSuffix(st, ".json") {
		t.Fatalf("json export: %q", st)
	}

	// The chart of the same filter: every completed IN record summed into its month.
	msgs = drive(t, s, press(s, runes("M")))
	if len(msgs) != 1 {
		t.Fatalf("chart messages %#v", msgs)
	}
	ch, ok := msgs[0].(kit.PushDialogMsg).Dialog.(*chart)
	if !ok {
		t.Fatalf("want the chart dialog, got %#v", msgs[0])
	}
	var sumIn decimal.Decimal
	for r, err := range s.history.Records(context.Background(), enduser.TxFilter{Direction: enduser.DirectionIn}) {
		if err != nil {
			t.Fatal(err)
		}
		if r.Status == "completed" && r.Currency != "" {
			sumIn = sumIn.Add(r.Amount.Abs())
		}
	}
	var got decimal.Decimal
	for _, f := range ch.flows {
		got = got.Add(f.In)
		if !f.Out.IsZero() {
			t.Fatalf("an IN filter charted money out: %+v", f)
		}
	}
	if !got.Equal(sumIn) || got.IsZero() {
		t.Fatalf("charted %s in, the records hold %s", got, sumIn)
	}
}

// TestHistoryChecksTheAccount: the screen reads the history through the application
// layer's history, which makes the check the CLI's history read makes: a profile without an
// account gets the error naming what to do, and nothing is sent (its user_api answers
// nothing: a request would fail as unreachable instead).
func TestHistoryChecksTheAccount(t *testing.T) {
	sv := tuitest.OfflineServices(t)
	env := tuitest.Env(t, kit.Session{Profile: "t"}, sv.Home())
	s := newScreen(env, Of(sv))
	s.SetSize(80, 24)
	var got error
	for _, m := range tuitest.Flatten(s.Init()) {
		if r, ok := m.(kit.TaskResult[pageResult]); ok {
			got = r.Err
			s.Update(m)
		}
	}
	var ue *app.UsageError
	if !errors.As(got, &ue) || !strings.Contains(got.Error(), "profile t has no account id") {
		t.Fatalf("want the account check's error, got %v", got)
	}
	if s.history != nil || s.err != got || !strings.Contains(s.table.Empty, "could not be read") {
		t.Fatalf("the screen keeps no history and shows the error: %v %v %q", s.history, s.err, s.table.Empty)
	}
	if n := sv.Log.Len(); n != 0 {
		t.Fatalf("%d requests sent; the check sends none", n)
	}
}
