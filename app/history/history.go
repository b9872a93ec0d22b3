// Package history is what a user reads of the account's history: a page or every page under
// a filter (ParseFilter reads one as typed), a record looked up exactly, or a Reader that
// pages, exports (CSV or JSON, to a new file of app.ExportDir) and sums the completed records
// by month for a chart. Every front end shows records the same way (Columns, Row, Details,
// CSV). The CLI's tx commands and the TUI's Transactions screen call it. It reaches the
// application core only through its port (app/internal/port).
package history

import (
	"context"
	"iter"
	"time"

	"purse/app"
	"purse/app/internal/port"
	"purse/enduser"
)

// Service is the history of a session's profile's account.
type Service struct{ s port.History }

// New is the history of the session core's profile's account.
func New(core *app.App) Service {
	s, _ := port.HistoryOf(core) // nil for a nil core: every use then fails, as on a nil App
	return Service{s}
}

// Reader reads the account's history with one signed client: a screen keeps it while its
// profile stays, so one unlock serves every page, export and chart. Service.Open makes it
// after the check every history read makes (the profile has an account and an EVM key); the
// client itself never leaves package history.
type Reader struct {
	c *enduser.Client
	s port.History
}

// Open is the history of the profile's account, read with signed requests (the key may need
// u).
func (sv Service) Open(u *app.Unlock) (*Reader, error) {
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return nil, err
	}
	return &Reader{c: c, s: sv.s}, nil
}

// First reads the first page matching f; its cursors lead to the pages around it.
func (h *Reader) First(ctx context.Context, f enduser.TxFilter) (*enduser.TxPage, error) {
	return h.c.Transactions(ctx, f)
}

// Next reads the page after p (enduser.ErrNoNextPage when p is the last).
func (h *Reader) Next(ctx context.Context, p *enduser.TxPage) (*enduser.TxPage, error) {
	return h.c.NextPage(ctx, p)
}

// Prev reads the page before p (enduser.ErrNoPrevPage when p is the first).
func (h *Reader) Prev(ctx context.Context, p *enduser.TxPage) (*enduser.TxPage, error) {
	return h.c.PrevPage(ctx, p)
}

// Records walks every record matching f, page after page (the largest page size: same
// records, fewer requests).
func (h *Reader) Records(ctx context.Context, f enduser.TxFilter) iter.Seq2[enduser.Transaction, error] {
	f.PageSize = enduser.MaxPageSize
	return h.c.All(ctx, f)
}

// Export writes every record matching f to a new file of dir (app.ExportDir) in format,
// csv or json (exportHistory).
func (h *Reader) Export(ctx context.Context, f enduser.TxFilter, dir, format string, now time.Time) (string, int, error) {
	return exportHistory(ctx, h, f, dir, format, now)
}

// Flows sums every record matching f by month and currency (monthlyFlows), for the chart.
func (h *Reader) Flows(ctx context.Context, f enduser.TxFilter) ([]MonthFlow, error) {
	return monthlyFlows(h.Records(ctx, f))
}

// Read is one page of the account's history, or with all every page of it.
type Read struct {
	Transactions []enduser.Transaction `json:"transactions"`
	// Page is the page read when not all (its HasNextPage says more exist).
	Page *enduser.TxPage `json:"-"`
}

// Read reads the history under the filter: one page, or with all every page. A filter with
// an id or a tx hash is an exact look-up.
func (sv Service) Read(ctx context.Context, u *app.Unlock, f enduser.TxFilter, all bool) (Read, error) {
	r, err := sv.Open(u)
	if err != nil {
		return Read{}, err
	}
	var h Read
	if !all {
		if h.Page, err = r.First(ctx, f); err != nil {
			return Read{}, err
		}
		h.Transactions = h.Page.Transactions
		return h, nil
	}
	for t, err := range r.c.All(ctx, f) {
		if err != nil {
			return Read{}, err
		}
		h.Transactions = append(h.Transactions, t)
	}
	return h, nil
}

// Lookup finds records exactly: by record id, or every record of a transaction hash (one of
// them).
func (sv Service) Lookup(ctx context.Context, u *app.Unlock, id int64, txHash string) ([]enduser.Transaction, error) {
	if (id != 0) == (txHash != "") {
		return nil, app.Usagef("give a record id or a transaction hash, not both or neither")
	}
	c, err := sv.s.AccountAPI(true, u)
	if err != nil {
		return nil, err
	}
	if txHash != "" {
		return c.TransactionsByHash(ctx, txHash)
	}
	t, err := c.TransactionByID(ctx, id)
	if err != nil {
		return nil, err
	}
	return []enduser.Transaction{t}, nil
}
