package endusertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func decimalFrom(t testing.TB, s string) decimal.Decimal {
	t.Helper()
	d, err := decimal.NewFromString(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// walk pages through the history with a filter, following next cursors from the top and
// then prev cursors back, and returns both id sequences.
func walk(t *testing.T, u *user, filter map[string]any, size int) (forward, backward []int64) {
	t.Helper()
	req := func(extra map[string]any) TxPage {
		body := map[string]any{"pageSize": size}
		for k, v := range filter {
			body[k] = v
		}
		for k, v := range extra {
			body[k] = v
		}
		var p TxPage
		decodeResult(t, mustOK(t, u.post("/api/v2/transactions", body)), &p)
		if p.CurrentPageSize != len(p.Transactions) || len(p.Transactions) > size {
			t.Fatalf("page size %d with %d records (pageSize %d)", p.CurrentPageSize, len(p.Transactions), size)
		}
		if !p.HasNextPage && p.NextCursor != (Cursor{}) || !p.HasPrevPage && p.PrevCursor != (Cursor{}) {
			t.Fatalf("cursor without a page: %+v %+v", p.NextCursor, p.PrevCursor)
		}
		return p
	}
	p := req(nil)
	if p.HasPrevPage {
		t.Fatal("first page has a previous page")
	}
	for {
		for _, r := range p.Transactions {
			forward = append(forward, r.ID)
		}
		if !p.HasNextPage {
			break
		}
		p = req(map[string]any{"cursorTimestamp": p.NextCursor.Timestamp, "cursorId": p.NextCursor.ID})
		if !p.HasPrevPage {
			t.Fatal("a later page has no previous page")
		}
	}
	// Back from the last page.
	for {
		for i := len(p.Transactions) - 1; i >= 0; i-- {
			backward = append(backward, p.Transactions[i].ID)
		}
		if !p.HasPrevPage {
			break
		}
		p = req(map[string]any{"prevCursorTimestamp": p.PrevCursor.Timestamp, "prevCursorId": p.PrevCursor.ID})
		if !p.HasNextPage {
			t.Fatal("a previous page has no next page")
		}
	}
	return forward, backward
}

func TestHistorySeeded(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	e.srv.mu.Lock()
	all := e.srv.historyLocked(e.srv.st.Accounts[tokA])
	e.srv.mu.Unlock()
	if len(all) < 301 { // ≥ 300 seeded + the mint record
		t.Fatalf("history has %d records", len(all))
	}
	seen := map[string]bool{}
	ids := map[int64]bool{}
	intStr := regexp.MustCompile(`^[0-9]+$`)
	for _, r := range all {
		seen["type:"+r.Type] = true
		seen["dir:"+r.Direction] = true
		seen["status:"+r.Status] = true
		seen["cur:"+r.Currency] = true
		if ids[r.ID] {
			t.Fatalf("duplicate id %d", r.ID)
		}
		ids[r.ID] = true
		if (r.Type == "CRD") != (r.MCC != nil) {
			t.Fatalf("mcc on %s record: %v", r.Type, r.MCC)
		}
		if !intStr.MatchString(r.InputAmount) || !intStr.MatchString(r.OutputAmount) {
			t.Fatalf("input/output amounts %q %q", r.InputAmount, r.OutputAmount)
		}
		d := decimalFrom(t, r.Amount)
		if r.Direction == "OUT" && d.Sign() > 0 || r.Direction == "IN" && d.Sign() < 0 {
			t.Fatalf("amount %s with direction %s", r.Amount, r.Direction)
		}
		if r.SvcID != "1234567890" || r.TxHash == "" || r.Fee == "" || r.TransferredAmount == "" {
			t.Fatalf("record fields %+v", r)
		}
	}
	for _, v := range TxTypes {
		if !seen["type:"+v] {
			t.Errorf("no %s record", v)
		}
	}
	for _, v := range TxStatuses {
		if !seen["status:"+v] {
			t.Errorf("no record with status %q", v)
		}
	}
	for _, v := range TxCurrencies {
		if !seen["cur:"+v] {
			t.Errorf("no %s record", v)
		}
	}
	if !seen["dir:IN"] || !seen["dir:OUT"] {
		t.Error("both directions expected")
	}

	// Deterministic per tokenId (and seed): another server builds the same history, another
	// tokenId a different one.
	e2 := newEnv(t, nil)
	u2 := e2.user(devKeyHex, tokA)
	mustOK(t, u2.mint())
	a := mustOK(t, u.post("/api/v2/transactions", map[string]any{"pageSize": 100, "fromTimestamp": 1, "toTimestamp": historyAnchor}))
	b := mustOK(t, u2.post("/api/v2/transactions", map[string]any{"pageSize": 100, "fromTimestamp": 1, "toTimestamp": historyAnchor}))
	if !bytes.Equal(a.Result, b.Result) {
		t.Fatal("seeded history differs between two servers for the same tokenId")
	}
	o := e2.user("", tokB)
	mustOK(t, o.mint())
	c := mustOK(t, o.post("/api/v2/transactions", map[string]any{"pageSize": 100, "fromTimestamp": 1, "toTimestamp": historyAnchor}))
	if bytes.Equal(a.Result, c.Result) {
		t.Fatal("two tokenIds share a history")
	}
}

func TestPaginationVisitsEveryRecordOnce(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	filters := []map[string]any{
		{},
		{"direction": "OUT"},
		{"transactionTypes": []string{"CRD", "FRX"}},
		{"type": "P2P", "currencys": []string{"EUR", "chf"}},
		{"status": "pending", "minAmount": "10000", "maxAmount": 300000}, // 100.00 to 3000.00 in smallest units
		{"direction": "ALL", "tokenSymbol": "USD24"},
	}
	for fi, f := range filters {
		e.srv.mu.Lock()
		_, flt, _, err := parseTxRequest(mustJSON(t, f), e.srv.cfg.TxAmountUnit)
		var want []int64
		for _, r := range e.srv.historyLocked(e.srv.st.Accounts[tokA]) {
			if flt.match(r) {
				want = append(want, r.ID)
			}
		}
		e.srv.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if len(want) < 5 {
			t.Fatalf("filter %v matches only %d records", f, len(want))
		}
		for _, size := range []int{1, 7, 50, 100} {
			if size == 1 && fi > 1 {
				continue // one-record pages are walked for the widest filters only
			}
			t.Run(fmt.Sprintf("%v/%d", f, size), func(t *testing.T) {
				fwd, back := walk(t, u, f, size)
				if fmt.Sprint(fwd) != fmt.Sprint(want) {
					t.Fatalf("forward walk visited %d records, want %d in order", len(fwd), len(want))
				}
				for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
					back[i], back[j] = back[j], back[i]
				}
				if fmt.Sprint(back) != fmt.Sprint(want) {
					t.Fatalf("backward walk visited %d records, want %d", len(back), len(want))
				}
			})
		}
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTransactionFilters(t *testing.T) {
	e := newEnv(t, nil)
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	page := func(body map[string]any) TxPage {
		var p TxPage
		decodeResult(t, mustOK(t, u.post("/api/v2/transactions", body)), &p)
		return p
	}
	if p := page(map[string]any{}); p.CurrentPageSize != 50 || !p.HasNextPage {
		t.Fatalf("default page size %d", p.CurrentPageSize)
	}
	p := page(map[string]any{"pageSize": 100})
	for i := 1; i < len(p.Transactions); i++ {
		a, b := p.Transactions[i-1], p.Transactions[i]
		if a.Timestamp < b.Timestamp || a.Timestamp == b.Timestamp && a.ID < b.ID {
			t.Fatalf("order broken at %d: %d/%d before %d/%d", i, a.Timestamp, a.ID, b.Timestamp, b.ID)
		}
	}
	target := p.Transactions[10]
	if q := page(map[string]any{"id": target.ID}); len(q.Transactions) != 1 || q.Transactions[0].TxHash != target.TxHash {
		t.Fatalf("id lookup %+v", q.Transactions)
	}
	if q := page(map[string]any{"txHash": target.TxHash}); len(q.Transactions) != 1 || q.Transactions[0].ID != target.ID {
		t.Fatalf("txHash lookup %+v", q.Transactions)
	}
	if q := page(map[string]any{"id": 999999}); len(q.Transactions) != 0 || q.HasNextPage || q.HasPrevPage {
		t.Fatalf("missing id %+v", q)
	}
	for _, r := range page(map[string]any{"pageSize": 100, "fromTimestamp": target.Timestamp - 86400*10, "toTimestamp": target.Timestamp}).Transactions {
		if r.Timestamp > target.Timestamp || r.Timestamp < target.Timestamp-86400*10 {
			t.Fatalf("timestamp %d outside the range", r.Timestamp)
		}
	}
	for _, r := range page(map[string]any{"pageSize": 100, "currencys": []string{"CNH"}, "direction": "IN"}).Transactions {
		if r.Currency != "cnh" || r.Direction != "IN" {
			t.Fatalf("currency/direction filter leaked %+v", r)
		}
	}
	for _, r := range page(map[string]any{"pageSize": 100, "chainId": "eip155:56"}).Transactions {
		if r.ChainID != "eip155:56" {
			t.Fatalf("chainId filter leaked %s", r.ChainID)
		}
	}
	// Amounts in smallest units (the default): 1050 is 10.50.
	if n := amountFiltered(t, page(map[string]any{"pageSize": 100, "minAmount": "1050", "maxAmount": "100000"}), "10.5", "1000"); n == 0 {
		t.Fatal("the amount filter matched nothing")
	}
	if q := page(map[string]any{"pageSize": 100, "status": "unknown"}); len(q.Transactions) == 0 {
		t.Fatal("no unknown-status records")
	}
	// The spec's transaction states (3.6) are filter values too: PENDING is the records'
	// pending, a state no legacy record has matches none.
	if q := page(map[string]any{"pageSize": 100, "status": "PENDING"}); len(q.Transactions) == 0 || !strings.EqualFold(q.Transactions[0].Status, "pending") {
		t.Fatalf("status PENDING: %+v", q.Transactions)
	}
	if q := page(map[string]any{"pageSize": 100, "status": "CONFIRMED"}); len(q.Transactions) != 0 {
		t.Fatalf("status CONFIRMED matched %d legacy records", len(q.Transactions))
	}

	bad := []struct {
		body any
		code int
		msg  string
	}{
		{map[string]any{"pageSize": 0}, CodeParam, "pageSize"},
		{map[string]any{"pageSize": 101}, CodeParam, "pageSize"},
		{map[string]any{"type": "CRD", "transactionTypes": []string{"FRX"}}, CodeParam, "mutually exclusive"},
		{map[string]any{"type": "XYZ"}, CodeParam, "transaction type"},
		{map[string]any{"currencys": []string{"gbp"}}, CodeParam, "currencys"},
		{map[string]any{"currencies": []string{"eur"}}, CodeParse, "unknown field \"currencies\""},
		{map[string]any{"direction": "SIDEWAYS"}, CodeParam, "direction"},
		{map[string]any{"status": "done"}, CodeParam, "status"},
		{map[string]any{"minAmount": "abc"}, CodeParse, "minAmount"},
		{map[string]any{"minAmount": "10.5"}, CodeParam, "smallest units"},
		{map[string]any{"minAmount": "30", "maxAmount": "20"}, CodeParam, "greater than"},
		{map[string]any{"fromTimestamp": 1700000000000}, CodeParam, "Unix seconds"},
		{map[string]any{"fromTimestamp": 20, "toTimestamp": 10}, CodeParam, "after toTimestamp"},
		{map[string]any{"id": 5, "txHash": "0x1"}, CodeParam, "mutually exclusive"},
		{map[string]any{"cursorTimestamp": 5}, CodeParam, "go together"},
		{map[string]any{"cursorTimestamp": 5, "cursorId": 1, "prevCursorTimestamp": 5, "prevCursorId": 2}, CodeParam, "not both"},
		{map[string]any{"pageSize": "10"}, CodeParse, "pageSize"},
		{[]byte(`[]`), CodeParse, "JSON object"},
		{[]byte(`{"pageSize":5} {}`), CodeParse, "trailing"},
	}
	for _, c := range bad {
		wantErr(t, u.post("/api/v2/transactions", c.body), c.code, c.msg)
	}
}

// amountFiltered checks that every record of p lies within min..max (token units) and
// returns how many there are.
func amountFiltered(t *testing.T, p TxPage, min, max string) int {
	t.Helper()
	for _, r := range p.Transactions {
		if a := absAmount(r.Amount); a.LessThan(decimalFrom(t, min)) || a.GreaterThan(decimalFrom(t, max)) {
			t.Fatalf("amount filter %s..%s leaked %s", min, max, r.Amount)
		}
	}
	return len(p.Transactions)
}

// The display reading of the amount filter (Config.TxAmountUnit "display"): decimals as the
// records show them, and an integer is whole units.
func TestTransactionAmountFilterDisplayUnit(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.TxAmountUnit = "display" })
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	var p TxPage
	decodeResult(t, mustOK(t, u.post("/api/v2/transactions", map[string]any{"pageSize": 100, "minAmount": "10.5", "maxAmount": "1000"})), &p)
	if amountFiltered(t, p, "10.5", "1000") == 0 {
		t.Fatal("the amount filter matched nothing")
	}
	decodeResult(t, mustOK(t, u.post("/api/v2/transactions", map[string]any{"pageSize": 100, "minAmount": "1050"})), &p)
	amountFiltered(t, p, "1050", "1000000000")
	if _, err := New(Config{TxAmountUnit: "cents"}); err == nil || !strings.Contains(err.Error(), "tx amount unit") {
		t.Fatalf("bad unit: %v", err)
	}
}

// History "none" starts a new account with no demo records: its history is what it did
// (the mint), and nothing dated before it; a History the sandbox does not have is refused.
func TestHistoryNoneStartsEmpty(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.History = HistoryNone })
	u := e.user(devKeyHex, tokA)
	mustOK(t, u.mint())
	var page TxPage
	decodeResult(t, mustOK(t, u.post("/api/v2/transactions", map[string]any{"pageSize": 100})), &page)
	if len(page.Transactions) != 1 || page.Transactions[0].Title != "Account opened" || page.HasNextPage {
		t.Fatalf("history of a new account under history=none: %+v", page.Transactions)
	}
	if _, err := New(Config{History: "empty"}); err == nil || !strings.Contains(err.Error(), `history "empty": expected demo or none`) {
		t.Fatalf("History empty: %v", err)
	}
}
