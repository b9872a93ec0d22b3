package enduser

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/protocol"
)

// historyFake serves n records newest first, paged by cursor like the service: the
// next cursor is the last record of the page; the previous cursor the first (zero on the
// first page).
func historyFake(t *testing.T, n int) *fake {
	type rec struct {
		ID        int64  `json:"id"`
		Timestamp int64  `json:"timestamp"`
		Amount    string `json:"amount"`
		Type      string `json:"type"`
		TxHash    string `json:"txHash"`
	}
	all := make([]rec, n)
	for i := range all {
		all[i] = rec{ID: int64(n - i), Timestamp: 1_700_000_000 + int64(n-i), Amount: "-1.25", Type: "CRD", TxHash: "0x" + strings.Repeat("a", 64)}
	}
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		var req map[string]json.Number
		var q struct {
			PageSize int `json:"pageSize"`
		}
		_ = json.Unmarshal(body, &q)
		d := json.NewDecoder(strings.NewReader(string(body)))
		d.UseNumber()
		var raw map[string]any
		_ = d.Decode(&raw)
		req = map[string]json.Number{}
		for k, v := range raw {
			if n, ok := v.(json.Number); ok {
				req[k] = n
			}
		}
		start := 0
		if id, ok := req["cursorId"]; ok {
			c, _ := id.Int64()
			for i, x := range all {
				if x.ID == c {
					start = i + 1
				}
			}
		}
		if id, ok := req["prevCursorId"]; ok {
			c, _ := id.Int64()
			for i, x := range all {
				if x.ID == c {
					start = max(0, i-q.PageSize)
				}
			}
		}
		end := min(len(all), start+q.PageSize)
		page := all[start:end]
		res := map[string]any{
			"transactions": page, "hasNextPage": end < len(all), "hasPrevPage": start > 0,
			"currentPageSize": len(page), "nextCursor": map[string]any{"timestamp": 0, "id": 0},
			"prevCursor": map[string]any{"timestamp": 0, "id": 0},
		}
		if end < len(all) {
			res["nextCursor"] = map[string]any{"timestamp": page[len(page)-1].Timestamp, "id": page[len(page)-1].ID}
		}
		if start > 0 {
			res["prevCursor"] = map[string]any{"timestamp": page[0].Timestamp, "id": page[0].ID}
		}
		f.ok(w, res)
	}
	return f
}

func bodies(f *fake) []map[string]any {
	var out []map[string]any
	for _, r := range f.requests("/api/v2/transactions") {
		var m map[string]any
		_ = json.Unmarshal(r.Body, &m)
		out = append(out, m)
	}
	return out
}

func TestIteratorWalksEveryRecordOnce(t *testing.T) {
	f := historyFake(t, 300)
	c := newClient(t, f.srv.URL, nil)
	seen := map[int64]int{}
	for tx, err := range c.All(ctxT(t), TxFilter{PageSize: 50, Direction: DirectionAll}) {
		if err != nil {
			t.Fatal(err)
		}
		seen[int64(tx.ID)]++
		if !tx.Amount.Equal(decimal.RequireFromString("-1.25")) {
			t.Fatalf("amount %s", tx.Amount)
		}
	}
	if len(seen) != 300 {
		t.Fatalf("%d distinct records, want 300", len(seen))
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("record %d yielded %d times", id, n)
		}
	}
	bs := bodies(f)
	if len(bs) != 6 {
		t.Fatalf("%d page requests, want 6", len(bs))
	}
	for i, b := range bs {
		_, hasTS := b["cursorTimestamp"]
		_, hasID := b["cursorId"]
		if (i == 0) == (hasTS || hasID) {
			t.Errorf("page %d: cursor fields %v", i, b)
		}
		if _, ok := b["prevCursorTimestamp"]; ok {
			t.Errorf("page %d: prev cursor sent while walking forward", i)
		}
		if b["direction"] != "ALL" || b["pageSize"] != float64(50) {
			t.Errorf("page %d: filter lost: %v", i, b)
		}
	}
	for _, r := range f.requests("/api/v2/transactions") {
		verifyFullAuth(t, r, testSigner(t).Address(), f.now(), protocol.DefaultFullAuthWindow)
	}

	// Breaking out of the loop stops paging.
	n := 0
	for range c.All(ctxT(t), TxFilter{PageSize: 50}) {
		n++
		if n == 60 {
			break
		}
	}
	if got := len(f.requests("/api/v2/transactions")); got != 6+2 {
		t.Errorf("%d requests after an early break, want 8", got)
	}
}

func TestPagingSendsCursorsOnlyWhenFlagsSaySo(t *testing.T) {
	f := historyFake(t, 120)
	c := newClient(t, f.srv.URL, nil)
	ctx := ctxT(t)
	p1, err := c.Transactions(ctx, TxFilter{PageSize: 50, Type: "CRD"})
	if err != nil {
		t.Fatal(err)
	}
	if !p1.HasNextPage || p1.HasPrevPage || len(p1.Transactions) != 50 || p1.CurrentPageSize != 50 {
		t.Fatalf("page 1: next %v prev %v n %d", p1.HasNextPage, p1.HasPrevPage, len(p1.Transactions))
	}
	before := len(f.requests(""))
	if _, err := c.PrevPage(ctx, p1); !errors.Is(err, ErrNoPrevPage) {
		t.Errorf("PrevPage on the first page: %v", err)
	}
	zero := *p1
	zero.HasPrevPage = true // flag set but a zero cursor: still no previous page
	if _, err := c.PrevPage(ctx, &zero); !errors.Is(err, ErrNoPrevPage) {
		t.Errorf("PrevPage with a zero cursor: %v", err)
	}
	if len(f.requests("")) != before {
		t.Fatal("a refused PrevPage reached the server")
	}
	p2, err := c.NextPage(ctx, p1)
	if err != nil {
		t.Fatal(err)
	}
	p3, err := c.NextPage(ctx, p2)
	if err != nil {
		t.Fatal(err)
	}
	if p3.HasNextPage || len(p3.Transactions) != 20 {
		t.Fatalf("page 3: next %v n %d", p3.HasNextPage, len(p3.Transactions))
	}
	before = len(f.requests(""))
	if _, err := c.NextPage(ctx, p3); !errors.Is(err, ErrNoNextPage) {
		t.Errorf("NextPage on the last page: %v", err)
	}
	if len(f.requests("")) != before {
		t.Fatal("a refused NextPage reached the server")
	}
	back, err := c.PrevPage(ctx, p3)
	if err != nil {
		t.Fatal(err)
	}
	if back.Transactions[0].ID != p2.Transactions[0].ID {
		t.Errorf("PrevPage of page 3 starts at %d, want %d", back.Transactions[0].ID, p2.Transactions[0].ID)
	}
	bs := bodies(f)
	last := bs[len(bs)-1]
	if last["prevCursorId"] != float64(p3.PrevCursor.ID) || last["prevCursorTimestamp"] != float64(p3.PrevCursor.Timestamp) {
		t.Errorf("prev cursor body %v", last)
	}
	if _, ok := last["cursorId"]; ok {
		t.Errorf("next cursor sent with PrevPage: %v", last)
	}
	second := bs[1]
	if second["cursorId"] != float64(p1.NextCursor.ID) || second["cursorTimestamp"] != float64(p1.NextCursor.Timestamp) || second["type"] != "CRD" {
		t.Errorf("next cursor body %v", second)
	}
}

func TestLookupsAndPageShapes(t *testing.T) {
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		var q struct {
			ID     int64  `json:"id"`
			TxHash string `json:"txHash"`
		}
		_ = json.Unmarshal(body, &q)
		switch {
		case q.ID == 7:
			// A string-encoded result with the pagination markers beside it.
			writeRaw(w, 200, `{"retCode":0,"result":"{\"transactions\":[{\"id\":\"7\",\"amount\":\"+3\",\"inputAmount\":\"1000000\",\"fee\":\"0.5 EUR\",\"crdMultiToken\":[{\"token\":\"EUR\",\"amount\":\"1.5\"}]}]}","hasNextPage":false}`)
		case q.TxHash != "":
			writeRaw(w, 200, `{"retCode":0,"result":[{"id":1,"txHash":"`+q.TxHash+`"},{"id":2,"txHash":"`+q.TxHash+`"}]}`)
		default:
			f.ok(w, map[string]any{"transactions": []any{}})
		}
	}
	c := newClient(t, f.srv.URL, nil)
	tx, err := c.TransactionByID(ctxT(t), 7)
	if err != nil {
		t.Fatal(err)
	}
	if tx.ID != 7 || tx.Amount.String() != "3" || tx.InputAmount.String() != "1000000" || tx.Fee != "0.5 EUR" || tx.CrdMultiToken[0].Amount.String() != "1.5" {
		t.Errorf("record %+v", tx)
	}
	if _, ok := tx.FeeDecimal(); ok {
		t.Error("free-text fee read as a decimal")
	}
	if _, err := c.TransactionByID(ctxT(t), 8); !errors.Is(err, ErrTransactionMissing) {
		t.Errorf("missing id: %v", err)
	}
	hash := "0x" + strings.Repeat("b", 64)
	txs, err := c.TransactionsByHash(ctxT(t), hash)
	if err != nil || len(txs) != 2 {
		t.Fatalf("by hash: %d %v", len(txs), err)
	}
	bs := bodies(f)
	if string(mustJSON(bs[0])) != `{"id":7,"pageSize":50}` || bs[2]["txHash"] != hash {
		t.Errorf("lookup bodies %v", bs)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestFilterValidationNamesTheField(t *testing.T) {
	one, two := decimal.NewFromInt(1), decimal.NewFromInt(2)
	third, negative := decimal.RequireFromString("0.333"), decimal.NewFromInt(-1)
	cases := []struct {
		field string
		f     TxFilter
	}{
		{"pageSize", TxFilter{PageSize: 101}},
		{"pageSize", TxFilter{PageSize: -1}},
		{"fromTimestamp", TxFilter{FromTimestamp: -1}},
		{"toTimestamp", TxFilter{ToTimestamp: -5}},
		{"fromTimestamp", TxFilter{FromTimestamp: 10, ToTimestamp: 5}},
		{"type", TxFilter{Type: "CRD", TransactionTypes: []string{"FRX"}}},
		{"type", TxFilter{Type: "XYZ"}},
		{"transactionTypes[1]", TxFilter{TransactionTypes: []string{"CRD", "crd"}}},
		{"currencys[0]", TxFilter{Currencies: []string{"e u r"}}},
		{"direction", TxFilter{Direction: "in"}},
		{"minAmount", TxFilter{MinAmount: &two, MaxAmount: &one}},
		{"minAmount", TxFilter{MinAmount: &third}},
		{"maxAmount", TxFilter{MaxAmount: &negative}},
		{"status", TxFilter{Status: "done"}},
		{"status", TxFilter{Status: "Pending"}},
		{"chainId", TxFilter{ChainID: "5003"}},
		{"tokenSymbol", TxFilter{TokenSymbol: "US DC"}},
		{"id", TxFilter{ID: -3}},
		{"id", TxFilter{ID: 3, TxHash: "0x" + strings.Repeat("a", 64)}},
		{"txHash", TxFilter{TxHash: "0xzz"}},
	}
	f := newFake(t, nil)
	c := newClient(t, f.srv.URL, nil)
	for _, tc := range cases {
		_, err := c.Transactions(ctxT(t), tc.f)
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Field != tc.field || ve.Route != RouteTransactions {
			t.Errorf("%+v: error %v, want one naming %s", tc.f, err, tc.field)
		}
	}
	if len(f.requests("")) != 0 {
		t.Error("an invalid filter reached the server")
	}
	ok := TxFilter{PageSize: 100, FromTimestamp: 1, ToTimestamp: 2, TransactionTypes: []string{"CRD", "ONR"}, Currencies: []string{"EUR"},
		Direction: DirectionIn, MinAmount: &one, MaxAmount: &two, Status: "completed", ChainID: "eip155:5003", TokenSymbol: "USDC"}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid filter: %v", err)
	}
	w, _ := ok.wire(TxAmountSmallest)
	if got := string(mustJSON(w)); got != `{"pageSize":100,"fromTimestamp":1,"toTimestamp":2,"transactionTypes":["CRD","ONR"],"currencys":["eur"],"direction":"IN","minAmount":"100","maxAmount":"200","status":"completed","chainId":"eip155:5003","tokenSymbol":"USDC"}` {
		t.Errorf("wire body %s", got)
	}
	w, _ = ok.wire(TxAmountDisplay)
	if w.MinAmount != "1" || w.MaxAmount != "2" {
		t.Errorf("display amounts %q %q", w.MinAmount, w.MaxAmount)
	}
}

func TestIteratorStopsOnRepeatedCursorAndErrors(t *testing.T) {
	f := newFake(t, nil)
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) {
		f.ok(w, map[string]any{"transactions": []any{map[string]any{"id": 1}}, "hasNextPage": true, "nextCursor": map[string]any{"timestamp": 5, "id": 1}})
	}
	c := newClient(t, f.srv.URL, nil)
	var errs []error
	n := 0
	for _, err := range c.All(ctxT(t), TxFilter{}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "repeated the cursor") || n != 2 {
		t.Errorf("repeated cursor: %d records, errors %v", n, errs)
	}
	f.handle = func(w http.ResponseWriter, r *http.Request, body []byte) { writeRaw(w, 503, "") }
	errs = nil
	for _, err := range c.All(ctxT(t), TxFilter{}) {
		errs = append(errs, err)
	}
	if len(errs) != 1 || !errors.Is(errs[0], ErrGatewayOutage) {
		t.Errorf("outage: %v", errs)
	}
}

// Every status the filter lists can be chosen: a record status and the transaction state of
// the same word (pending, PENDING) are told apart as written; any other case finds the
// record status first.
func TestEveryTxStatusCanBeChosen(t *testing.T) {
	for _, v := range TxStatuses {
		if got, ok := TxStatusOf(v); !ok || got != v {
			t.Errorf("%s chooses %q (%v)", v, got, ok)
		}
	}
	for typed, want := range map[string]string{"Pending": "pending", "confirmed": "CONFIRMED", "pending_drop": "PENDING_DROP"} {
		if got, ok := TxStatusOf(typed); !ok || got != want {
			t.Errorf("%s chooses %q (%v), want %s", typed, got, ok, want)
		}
	}
	if _, ok := TxStatusOf("done"); ok {
		t.Error("done is no status")
	}
}
