package enduser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"purse/internal/lazyre"
)

// Page sizes of the transaction history (spec 4.3, 8).
const (
	DefaultPageSize = 50
	MaxPageSize     = 100
)

// How the history filter's minAmount and maxAmount are written (Options.TxAmountUnit).
const (
	// TxAmountSmallest: integer smallest units of the fiat tokens ("1050" for 10.50), as
	// spec 4.4 writes the legacy filters' amounts and the service's other amounts are sent.
	TxAmountSmallest = "smallest"
	// TxAmountDisplay: decimal strings as the records show amounts ("10.50").
	TxAmountDisplay = "display"
)

// TxAmountDecimals are the decimals of the amounts the history filter compares: every fiat
// token of the service has 2 (URC Fiat24Token.decimals()).
const TxAmountDecimals = 2

// Directions of the transactions filter.
const (
	DirectionIn  = "IN"
	DirectionOut = "OUT"
	DirectionAll = "ALL"
)

// TxFilter holds every filter of the transactions route (spec 4.6). Zero values are not
// sent. Type and TransactionTypes are exclusive; ID and TxHash are exclusive exact lookups.
type TxFilter struct {
	PageSize         int              // 1..100; 0 means 50
	FromTimestamp    int64            // as the service counts record timestamps (Unix seconds)
	ToTimestamp      int64            //
	Type             string           // one of TransactionTypes
	TransactionTypes []string         // each one of TransactionTypes
	Currencies       []string         // sent as "currencys", lowercased
	Direction        string           // IN, OUT or ALL
	MinAmount        *decimal.Decimal // in the token's units, at most TxAmountDecimals decimals
	MaxAmount        *decimal.Decimal
	Status           string // one of TxStatuses
	ChainID          string // CAIP-2
	TokenSymbol      string
	ID               int64  // exact lookup by record id
	TxHash           string // exact lookup by transaction hash
}

// Cursor marks a page boundary.
type Cursor struct {
	Timestamp Int `json:"timestamp"`
	ID        Int `json:"id"`
}

// IsZero reports a zero cursor (which means "no page there").
func (c Cursor) IsZero() bool { return c.Timestamp == 0 && c.ID == 0 }

// TxPage is one page of history. Use NextPage / PrevPage to move; they follow the flags.
type TxPage struct {
	Transactions    []Transaction `json:"transactions"`
	HasNextPage     bool          `json:"hasNextPage"`
	HasPrevPage     bool          `json:"hasPrevPage"`
	NextCursor      Cursor        `json:"nextCursor"`
	PrevCursor      Cursor        `json:"prevCursor"`
	CurrentPageSize Int           `json:"currentPageSize"`

	filter TxFilter // the filter that produced the page, without cursors
}

// Filter is the filter that produced the page.
func (p *TxPage) Filter() TxFilter { return p.filter }

// txWire is the request body, field names exactly as the service spells them.
type txWire struct {
	PageSize            int      `json:"pageSize"`
	FromTimestamp       int64    `json:"fromTimestamp,omitempty"`
	ToTimestamp         int64    `json:"toTimestamp,omitempty"`
	Type                string   `json:"type,omitempty"`
	TransactionTypes    []string `json:"transactionTypes,omitempty"`
	Currencys           []string `json:"currencys,omitempty"`
	Direction           string   `json:"direction,omitempty"`
	MinAmount           string   `json:"minAmount,omitempty"`
	MaxAmount           string   `json:"maxAmount,omitempty"`
	Status              string   `json:"status,omitempty"`
	ChainID             string   `json:"chainId,omitempty"`
	TokenSymbol         string   `json:"tokenSymbol,omitempty"`
	CursorTimestamp     *int64   `json:"cursorTimestamp,omitempty"`
	CursorID            *int64   `json:"cursorId,omitempty"`
	PrevCursorTimestamp *int64   `json:"prevCursorTimestamp,omitempty"`
	PrevCursorID        *int64   `json:"prevCursorId,omitempty"`
	ID                  int64    `json:"id,omitempty"`
	TxHash              string   `json:"txHash,omitempty"`
}

var (
	caip2RE    = lazyre.New(`^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$`)
	currencyRE = lazyre.New(`^[A-Za-z0-9]{2,12}$`)
	symbolRE   = lazyre.New(`^[A-Za-z0-9._-]{1,32}$`)
	txHashRE   = lazyre.New(`^[0-9A-Za-z]{32,128}$`) // EVM 0x-hex or base58
)

// The status filter's values (spec 3.6): the records' own statuses, and the transaction
// states the spec names beside them; TxStatuses is both.
var (
	RecordStatuses = []string{"pending", "completed", "rejected", "unknown"}
	TxStates       = []string{"INIT", "PENDING", "CONFIRMED", "FAILED", "PENDING_DROP", "DROPPED", "REJECTED", "UNKNOWN"}
	TxStatuses     = append(slices.Clip(RecordStatuses), TxStates...)
)

// TxStatusOf is the status filter value a user typed: one of TxStatuses as written (PENDING,
// the transaction state, and pending, the record status, are both values), else in any case
// a record status (pending, completed, rejected, unknown) in lower case, else a transaction
// state of spec 3.6 in upper case; false when it is neither.
func TxStatusOf(typed string) (string, bool) {
	if slices.Contains(TxStatuses, typed) {
		return typed, true
	}
	for _, v := range TxStatuses {
		if strings.EqualFold(v, typed) {
			return v, true
		}
	}
	return typed, false
}

// Validate checks the filter as the client sends it; errors name the field.
func (f TxFilter) Validate() error {
	_, err := f.wire(TxAmountSmallest)
	return err
}

// wire is the request body; unit is how amounts are written (TxAmountSmallest or
// TxAmountDisplay). Each part of the filter is checked and written in turn, in the order the
// errors name the fields.
func (f TxFilter) wire(unit string) (txWire, error) {
	var w txWire
	for _, part := range []func(*txWire) error{
		f.wirePage, f.wireTypes, f.wireCurrencies,
		func(w *txWire) error { return f.wireAmounts(w, unit) },
		f.wireMatches, f.wireLookup,
	} {
		if err := part(&w); err != nil {
			return txWire{}, err
		}
	}
	return w, nil
}

// badFilter is a filter field that cannot be sent.
func badFilter(field, format string, args ...any) error {
	return invalid(RouteTransactions, field, format, args...)
}

// wirePage writes the page size and the time range.
func (f TxFilter) wirePage(w *txWire) error {
	w.PageSize = f.PageSize
	switch {
	case f.PageSize == 0:
		w.PageSize = DefaultPageSize
	case f.PageSize < 1 || f.PageSize > MaxPageSize:
		return badFilter("pageSize", "expected 1..%d (0 for the default %d), got %d", MaxPageSize, DefaultPageSize, f.PageSize)
	}
	if f.FromTimestamp < 0 {
		return badFilter("fromTimestamp", "expected a Unix time ≥ 0, got %d", f.FromTimestamp)
	}
	if f.ToTimestamp < 0 {
		return badFilter("toTimestamp", "expected a Unix time ≥ 0, got %d", f.ToTimestamp)
	}
	if f.FromTimestamp != 0 && f.ToTimestamp != 0 && f.FromTimestamp > f.ToTimestamp {
		return badFilter("fromTimestamp", "%d is after toTimestamp %d", f.FromTimestamp, f.ToTimestamp)
	}
	w.FromTimestamp, w.ToTimestamp = f.FromTimestamp, f.ToTimestamp
	return nil
}

// wireTypes writes the record type, one (type) or several (transactionTypes), never both.
func (f TxFilter) wireTypes(w *txWire) error {
	if f.Type != "" && len(f.TransactionTypes) > 0 {
		return badFilter("type", "type and transactionTypes are exclusive: send one of them")
	}
	if f.Type != "" && !slices.Contains(TransactionTypes, f.Type) {
		return badFilter("type", "expected one of %s, got %q", strings.Join(TransactionTypes, ", "), f.Type)
	}
	w.Type = f.Type
	for i, t := range f.TransactionTypes {
		if !slices.Contains(TransactionTypes, t) {
			return badFilter(fmt.Sprintf("transactionTypes[%d]", i), "expected one of %s, got %q", strings.Join(TransactionTypes, ", "), t)
		}
	}
	w.TransactionTypes = f.TransactionTypes
	return nil
}

// wireCurrencies writes the currencies (lower case) and the direction.
func (f TxFilter) wireCurrencies(w *txWire) error {
	for i, c := range f.Currencies {
		if !currencyRE().MatchString(c) {
			return badFilter(fmt.Sprintf("currencys[%d]", i), "expected a currency code such as eur, got %q", c)
		}
		w.Currencys = append(w.Currencys, strings.ToLower(c))
	}
	switch f.Direction {
	case "", DirectionIn, DirectionOut, DirectionAll:
		w.Direction = f.Direction
		return nil
	}
	return badFilter("direction", "expected IN, OUT or ALL, got %q", f.Direction)
}

// wireAmounts writes minAmount and maxAmount in unit.
func (f TxFilter) wireAmounts(w *txWire, unit string) error {
	for _, a := range []struct {
		field string
		v     *decimal.Decimal
		dst   *string
	}{{"minAmount", f.MinAmount, &w.MinAmount}, {"maxAmount", f.MaxAmount, &w.MaxAmount}} {
		if a.v == nil {
			continue
		}
		if a.v.Sign() < 0 || !a.v.Equal(a.v.Truncate(TxAmountDecimals)) {
			return badFilter(a.field, "expected an amount ≥ 0 with at most %d decimals (fiat tokens have %d), got %s", TxAmountDecimals, TxAmountDecimals, a.v)
		}
		if unit == TxAmountDisplay {
			*a.dst = a.v.String()
		} else {
			*a.dst = a.v.Shift(TxAmountDecimals).Truncate(0).String()
		}
	}
	if f.MinAmount != nil && f.MaxAmount != nil && f.MinAmount.GreaterThan(*f.MaxAmount) {
		return badFilter("minAmount", "%s is above maxAmount %s", f.MinAmount, f.MaxAmount)
	}
	return nil
}

// wireMatches writes the status, chain and token the records must have.
func (f TxFilter) wireMatches(w *txWire) error {
	if f.Status != "" && !slices.Contains(TxStatuses, f.Status) {
		return badFilter("status", "expected one of %s, got %q", strings.Join(TxStatuses, ", "), f.Status)
	}
	w.Status = f.Status
	if f.ChainID != "" && !caip2RE().MatchString(f.ChainID) {
		return badFilter("chainId", "expected a CAIP-2 chain ID such as eip155:5000, got %q", f.ChainID)
	}
	w.ChainID = f.ChainID
	if f.TokenSymbol != "" && !symbolRE().MatchString(f.TokenSymbol) {
		return badFilter("tokenSymbol", "expected a token symbol such as USDC, got %q", f.TokenSymbol)
	}
	w.TokenSymbol = f.TokenSymbol
	return nil
}

// wireLookup writes the one record looked up, by id or by transaction hash.
func (f TxFilter) wireLookup(w *txWire) error {
	if f.ID < 0 {
		return badFilter("id", "expected a positive record id, got %d", f.ID)
	}
	if f.ID != 0 && f.TxHash != "" {
		return badFilter("id", "id and txHash are exclusive lookups: send one of them")
	}
	if f.TxHash != "" && !txHashRE().MatchString(strings.TrimPrefix(f.TxHash, "0x")) {
		return badFilter("txHash", "expected a transaction hash (0x-hex or base58), got %q", f.TxHash)
	}
	w.ID, w.TxHash = f.ID, f.TxHash
	return nil
}

// Transactions reads the first page of history matching the filter (route "transactions",
// full auth).
func (c *Client) Transactions(ctx context.Context, f TxFilter) (*TxPage, error) {
	w, err := f.wire(c.txUnit)
	if err != nil {
		return nil, err
	}
	return c.txPage(ctx, f, w)
}

// NextPage reads the page after p, sending cursorTimestamp/cursorId from p.NextCursor. It
// sends nothing and returns ErrNoNextPage when p.HasNextPage is false.
func (c *Client) NextPage(ctx context.Context, p *TxPage) (*TxPage, error) {
	if p == nil || !p.HasNextPage {
		return nil, ErrNoNextPage
	}
	w, err := p.filter.wire(c.txUnit)
	if err != nil {
		return nil, err
	}
	ts, id := int64(p.NextCursor.Timestamp), int64(p.NextCursor.ID)
	w.CursorTimestamp, w.CursorID = &ts, &id
	return c.txPage(ctx, p.filter, w)
}

// PrevPage reads the page before p, sending prevCursorTimestamp/prevCursorId from
// p.PrevCursor. It sends nothing and returns ErrNoPrevPage when p.HasPrevPage is false or
// the previous cursor is zero (a zero cursor means no previous page).
func (c *Client) PrevPage(ctx context.Context, p *TxPage) (*TxPage, error) {
	if p == nil || !p.HasPrevPage || p.PrevCursor.IsZero() {
		return nil, ErrNoPrevPage
	}
	w, err := p.filter.wire(c.txUnit)
	if err != nil {
		return nil, err
	}
	ts, id := int64(p.PrevCursor.Timestamp), int64(p.PrevCursor.ID)
	w.PrevCursorTimestamp, w.PrevCursorID = &ts, &id
	return c.txPage(ctx, p.filter, w)
}

func (c *Client) txPage(ctx context.Context, f TxFilter, w txWire) (*TxPage, error) {
	resp, err := c.call(ctx, RouteTransactions, c.level(RouteTransactions), w, nil)
	if err != nil {
		return nil, err
	}
	page, err := decodeTxPage(resp)
	if err != nil {
		return nil, err
	}
	page.filter = f
	return page, nil
}

// decodeTxPage reads {transactions, hasNextPage, ...} from the result; the pagination
// markers are also looked for beside the result, and a bare array is a single page.
func decodeTxPage(resp *Response) (*TxPage, error) {
	page := &TxPage{}
	res := bytes.TrimSpace(resp.Result)
	if len(res) == 0 {
		return nil, &DecodeError{Route: resp.Route, Status: resp.Status, Err: ErrEmptyAnswer, Body: excerpt(resp.Body)}
	}
	if res[0] == '[' {
		if err := decodeResult(resp, &page.Transactions); err != nil {
			return nil, err
		}
		return page, nil
	}
	if err := decodeResult(resp, page); err != nil {
		return nil, err
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(res, &keys) == nil {
		if _, ok := keys["hasNextPage"]; !ok {
			var outer struct {
				HasNextPage     bool   `json:"hasNextPage"`
				HasPrevPage     bool   `json:"hasPrevPage"`
				NextCursor      Cursor `json:"nextCursor"`
				PrevCursor      Cursor `json:"prevCursor"`
				CurrentPageSize Int    `json:"currentPageSize"`
			}
			if json.Unmarshal(resp.Body, &outer) == nil {
				page.HasNextPage, page.HasPrevPage = outer.HasNextPage, outer.HasPrevPage
				page.NextCursor, page.PrevCursor = outer.NextCursor, outer.PrevCursor
				page.CurrentPageSize = outer.CurrentPageSize
			}
		}
	}
	return page, nil
}

// TransactionByID looks one record up by id; ErrTransactionMissing when none matches.
func (c *Client) TransactionByID(ctx context.Context, id int64) (Transaction, error) {
	if id <= 0 {
		return Transaction{}, invalid(RouteTransactions, "id", "expected a positive record id, got %d", id)
	}
	page, err := c.Transactions(ctx, TxFilter{ID: id})
	if err != nil {
		return Transaction{}, err
	}
	for _, t := range page.Transactions {
		if int64(t.ID) == id {
			return t, nil
		}
	}
	return Transaction{}, fmt.Errorf("%w: id %d", ErrTransactionMissing, id)
}

// TransactionsByHash looks records up by transaction hash (one hash may carry several
// records); ErrTransactionMissing when none matches.
func (c *Client) TransactionsByHash(ctx context.Context, txHash string) ([]Transaction, error) {
	if txHash == "" {
		return nil, invalid(RouteTransactions, "txHash", "expected a transaction hash, got an empty string")
	}
	page, err := c.Transactions(ctx, TxFilter{TxHash: txHash})
	if err != nil {
		return nil, err
	}
	if len(page.Transactions) == 0 {
		return nil, fmt.Errorf("%w: txHash %s", ErrTransactionMissing, txHash)
	}
	return page.Transactions, nil
}

// All walks every page matching the filter, oldest request first, yielding each record
// once. It stops at the first error (yielded with a zero Transaction), when the consumer
// stops, or when the server repeats a cursor (which would loop forever).
func (c *Client) All(ctx context.Context, f TxFilter) iter.Seq2[Transaction, error] {
	return func(yield func(Transaction, error) bool) {
		page, err := c.Transactions(ctx, f)
		seen := map[Cursor]bool{}
		for {
			if err != nil {
				yield(Transaction{}, err)
				return
			}
			for _, t := range page.Transactions {
				if !yield(t, nil) {
					return
				}
			}
			if !page.HasNextPage {
				return
			}
			if seen[page.NextCursor] {
				yield(Transaction{}, fmt.Errorf("%s: the server repeated the cursor {timestamp %d, id %d}; stopping instead of looping",
					RouteTransactions, page.NextCursor.Timestamp, page.NextCursor.ID))
				return
			}
			seen[page.NextCursor] = true
			page, err = c.NextPage(ctx, page)
		}
	}
}
