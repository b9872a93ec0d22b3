package history

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
	"time"

	"purse/enduser"
	"purse/internal/format"
)

// exportHistory reads every page of the filter (the largest page size: same records, fewer
// requests) with h and writes them to a new file transactions-<UTC time>.<format> of dir,
// mode 0600 (the history is personal data), through the atomic writer: a failed export
// leaves no file, and an existing file is never replaced (the core names the file, so that
// its start-up sweep knows it). It returns the path and the count.
func exportHistory(ctx context.Context, h *Reader, f enduser.TxFilter, dir, format string, now time.Time) (string, int, error) {
	if format != "csv" && format != "json" {
		return "", 0, fmt.Errorf("export format: expected csv or json, got %q", format)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", 0, fmt.Errorf("export folder %s: %w", dir, err)
	}
	f.PageSize = enduser.MaxPageSize
	var buf bytes.Buffer
	var n int
	var err error
	if format == "csv" {
		n, err = CSV(&buf, h.c.All(ctx, f), nil)
	} else {
		n, err = transactionsJSON(&buf, h.c.All(ctx, f), now)
	}
	if err != nil {
		return "", 0, err
	}
	path, err := h.s.WriteExport(dir, format, now, buf.Bytes())
	if err != nil {
		return "", 0, err
	}
	return path, n, nil
}

// CSV writes records as CSV: a header of every field's JSON name, in wire
// order, with "timeUTC" after "timestamp" (the same instant as RFC 3339, which spreadsheets
// and people read; the Unix seconds stay as the service sent them), and one row per record. Every front end's CSV of the history is this one. cell,
// when not nil, is how a front end shows each value (escaped, on a terminal); nil writes
// every value exactly, as a file or a program needs it.
func CSV(w io.Writer, records iter.Seq2[enduser.Transaction, error], cell func(string) string) (int, error) {
	cw := csv.NewWriter(w)
	var header []string
	for _, f := range enduser.TransactionFields(enduser.Transaction{}) {
		header = append(header, f[0])
		if f[0] == "timestamp" {
			header = append(header, "timeUTC")
		}
	}
	if err := cw.Write(header); err != nil {
		return 0, err
	}
	n := 0
	for t, err := range records {
		if err != nil {
			return n, err
		}
		var row []string
		for _, fl := range enduser.TransactionFields(t) {
			v := fl[1]
			if cell != nil {
				v = cell(v)
			}
			row = append(row, v)
			if fl[0] == "timestamp" {
				at := ""
				if t.Timestamp > 0 {
					at = time.Unix(int64(t.Timestamp), 0).UTC().Format(time.RFC3339)
				}
				row = append(row, at)
			}
		}
		if err := cw.Write(row); err != nil {
			return n, err
		}
		n++
	}
	cw.Flush()
	return n, cw.Error()
}

// Records turns a page's records into the sequence CSV reads.
func Records(txs []enduser.Transaction) iter.Seq2[enduser.Transaction, error] {
	return func(yield func(enduser.Transaction, error) bool) {
		for _, t := range txs {
			if !yield(t, nil) {
				return
			}
		}
	}
}

// transactionsJSON writes {"exportedAt", "count", "transactions"}, the shape of `purse tx
// list --all --json` plus the export time.
func transactionsJSON(w io.Writer, records iter.Seq2[enduser.Transaction, error], now time.Time) (int, error) {
	txs := []enduser.Transaction{}
	for t, err := range records {
		if err != nil {
			return 0, err
		}
		txs = append(txs, t)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	err := enc.Encode(struct {
		ExportedAt   time.Time             `json:"exportedAt"`
		Count        int                   `json:"count"`
		Transactions []enduser.Transaction `json:"transactions"`
	}{now.UTC(), len(txs), txs})
	return len(txs), err
}

// Columns are the columns of the history as a table, named the same in every front end:
// the CLI's `tx list` shows them all, the Transactions screen all but the hash (its detail
// pane shows it). Row fills them.
var Columns = []string{"ID", "TIME", "TYPE", "DIR", "AMOUNT", "CUR", "STATUS", "TITLE", "TX HASH"}

// Row is a record under Columns, as a person reads it: the time in one UTC form, the
// amount with its currency's decimals (12.5 EUR as 12.50, never a digit dropped), the
// currency upper case. --json and CSV keep the wire values.
func Row(t enduser.Transaction) []string {
	at := ""
	if t.Timestamp > 0 {
		at = format.Unix(int64(t.Timestamp))
	}
	amount := ""
	if t.Amount.Valid {
		amount = format.Amount(t.Amount.Decimal, t.Currency)
	}
	return []string{strconv.FormatInt(int64(t.ID), 10), at, t.Type, t.Direction, amount,
		strings.ToUpper(strings.TrimSpace(t.Currency)), t.Status, t.Title, t.TxHash}
}

// Details is every field of a record by its wire name, as `tx show` and the Transactions
// screen's detail pane list it: the values as sent, the timestamp followed by its UTC time.
func Details(t enduser.Transaction) [][2]string {
	fields := enduser.TransactionFields(t)
	for i, f := range fields {
		if f[0] == "timestamp" && t.Timestamp > 0 {
			fields[i][1] += " (" + format.Unix(int64(t.Timestamp)) + ")"
		}
	}
	return fields
}
