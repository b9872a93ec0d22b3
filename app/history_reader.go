package app

import (
	"context"
	"iter"
	"time"

	"purse/enduser"
)

// History is what a user reads of the account's history: a page or every page under a
// filter, a record looked up exactly, or a reader that pages, exports and charts. The CLI's
// tx commands and the TUI's Transactions screen call it.
type History struct{ s *App }

// History is the history of the session's profile's account.
func (s *App) History() History { return History{s} }

// HistoryReader reads the account's history with one signed client: a screen keeps it while
// its profile stays, so one unlock serves every page, export and chart. History.Open makes it
// after the check every history read makes (the profile has an account and an EVM key); the
// client itself never leaves package app.
type HistoryReader struct{ c *enduser.Client }

// Open is the history of the profile's account, read with signed requests (the key may need
// u).
func (hs History) Open(u *Unlock) (*HistoryReader, error) {
	c, err := hs.s.accountAPI(u)
	if err != nil {
		return nil, err
	}
	return &HistoryReader{c: c}, nil
}

// accountAPI is the signed client of an account: full-auth calls need an account id and
// the profile's EVM key.
func (s *App) accountAPI(u *Unlock) (*enduser.Client, error) {
	if err := s.requireAccount(); err != nil {
		return nil, err
	}
	return s.api(true, u)
}

// First reads the first page matching f; its cursors lead to the pages around it.
func (h *HistoryReader) First(ctx context.Context, f enduser.TxFilter) (*enduser.TxPage, error) {
	return h.c.Transactions(ctx, f)
}

// Next reads the page after p (enduser.ErrNoNextPage when p is the last).
func (h *HistoryReader) Next(ctx context.Context, p *enduser.TxPage) (*enduser.TxPage, error) {
	return h.c.NextPage(ctx, p)
}

// Prev reads the page before p (enduser.ErrNoPrevPage when p is the first).
func (h *HistoryReader) Prev(ctx context.Context, p *enduser.TxPage) (*enduser.TxPage, error) {
	return h.c.PrevPage(ctx, p)
}

// Records walks every record matching f, page after page (the largest page size: same
// records, fewer requests).
func (h *HistoryReader) Records(ctx context.Context, f enduser.TxFilter) iter.Seq2[enduser.Transaction, error] {
	f.PageSize = enduser.MaxPageSize
	return h.c.All(ctx, f)
}

// Export writes every record matching f to a new file of dir (ExportDir) in format, csv or
// json (exportHistory).
func (h *HistoryReader) Export(ctx context.Context, f enduser.TxFilter, dir, format string, now time.Time) (string, int, error) {
	return exportHistory(ctx, h.c, f, dir, format, now)
}

// Flows sums every record matching f by month and currency (MonthlyFlows), for the chart.
func (h *HistoryReader) Flows(ctx context.Context, f enduser.TxFilter) ([]MonthFlow, error) {
	return MonthlyFlows(h.Records(ctx, f))
}

// HistoryRead is one page of the account's history, or with all every page of it.
type HistoryRead struct {
	Transactions []enduser.Transaction `json:"transactions"`
	// Page is the page read when not all (its HasNextPage says more exist).
	Page *enduser.TxPage `json:"-"`
}

// Read reads the history under the filter: one page, or with all every page. A filter with
// an id or a tx hash is an exact look-up.
func (hs History) Read(ctx context.Context, u *Unlock, f enduser.TxFilter, all bool) (HistoryRead, error) {
	r, err := hs.Open(u)
	if err != nil {
		return HistoryRead{}, err
	}
	var h HistoryRead
	if !all {
		if h.Page, err = r.First(ctx, f); err != nil {
			return HistoryRead{}, err
		}
		h.Transactions = h.Page.Transactions
		return h, nil
	}
	for t, err := range r.c.All(ctx, f) {
		if err != nil {
			return HistoryRead{}, err
		}
		h.Transactions = append(h.Transactions, t)
	}
	return h, nil
}

// Lookup finds records exactly: by record id, or every record of a transaction hash (one of
// them).
func (hs History) Lookup(ctx context.Context, u *Unlock, id int64, txHash string) ([]enduser.Transaction, error) {
	if (id != 0) == (txHash != "") {
		return nil, Usagef("give a record id or a transaction hash, not both or neither")
	}
	c, err := hs.s.accountAPI(u)
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
