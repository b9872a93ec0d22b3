package app

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"purse/enduser"
	"purse/internal/atomicfile"
	"purse/internal/format"
)

// ExportDir is where history exports go: PURSE_HOME/exports.
func ExportDir(home string) string { return filepath.Join(home, "exports") }

// exportHistory reads every page of the filter (the largest page size: same records, fewer
// requests) and writes them to a new file transactions-<UTC time>.<format> of dir, mode
// 0600 (the history is personal data), through the atomic writer: a failed export leaves
// no file, and an existing file is never replaced. It returns the path and the count.
func exportHistory(ctx context.Context, c *enduser.Client, f enduser.TxFilter, dir, format string, now time.Time) (string, int, error) {
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
		n, err = TransactionsCSV(&buf, c.All(ctx, f), nil)
	} else {
		n, err = transactionsJSON(&buf, c.All(ctx, f), now)
	}
	if err != nil {
		return "", 0, err
	}
	path, err := writeExport(dir, format, now, buf.Bytes())
	if err != nil {
		return "", 0, err
	}
	return path, n, nil
}

// exportPrefix and exportStamp name an export: transactions-<UTC time>[-N].<csv|json>.
const (
	exportPrefix = "transactions-"
	exportStamp  = "20060102-150405"
)

// isExportName tells the names writeExport gives (the start-up sweep removes what an export
// killed half-way left in ExportDir, and nothing else).
func isExportName(name string) bool {
	ext := filepath.Ext(name)
	if ext != ".csv" && ext != ".json" {
		return false
	}
	rest, ok := strings.CutPrefix(strings.TrimSuffix(name, ext), exportPrefix)
	if !ok || len(rest) < len(exportStamp) {
		return false
	}
	if _, err := time.Parse(exportStamp, rest[:len(exportStamp)]); err != nil {
		return false
	}
	n := rest[len(exportStamp):]
	if n == "" {
		return true
	}
	i, err := strconv.Atoi(strings.TrimPrefix(n, "-"))
	return strings.HasPrefix(n, "-") && err == nil && i > 1
}

// writeExport writes data to a new file transactions-<UTC time>.<ext> of dir, adding -2,
// -3, ... when an export of the same second exists; it never replaces a file.
func writeExport(dir, ext string, now time.Time, data []byte) (string, error) {
	base := exportPrefix + now.UTC().Format(exportStamp)
	for i := 1; i < 100; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		path := filepath.Join(dir, name+"."+ext)
		err := atomicfile.WriteNew(path, data, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("export file %s: %w", path, err)
		}
		return path, nil
	}
	return "", fmt.Errorf("export folder %s: too many exports named %s-*", dir, base)
}

// TransactionsCSV writes records as CSV: a header of every field's JSON name, in wire
// order, and one row per record. Every front end's CSV of the history is this one. cell,
// when not nil, is how a front end shows each value (escaped, on a terminal); nil writes
// every value exactly, as a file or a program needs it.
func TransactionsCSV(w io.Writer, records iter.Seq2[enduser.Transaction, error], cell func(string) string) (int, error) {
	cw := csv.NewWriter(w)
	var header []string
	for _, f := range enduser.TransactionFields(enduser.Transaction{}) {
		header = append(header, f[0])
	}
	if err := cw.Write(header); err != nil {
		return 0, err
	}
	n := 0
	for t, err := range records {
		if err != nil {
			return n, err
		}
		fields := enduser.TransactionFields(t)
		row := make([]string, len(fields))
		for i, fl := range fields {
			if row[i] = fl[1]; cell != nil {
				row[i] = cell(fl[1])
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

// Records turns a page's records into the sequence TransactionsCSV reads.
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

// TxColumns are the columns of the history as a table, named the same in every front end:
// the CLI's `tx list` shows them all, the Transactions screen all but the hash (its detail
// pane shows it). TxRow fills them.
var TxColumns = []string{"ID", "TIME", "TYPE", "DIR", "AMOUNT", "CUR", "STATUS", "TITLE", "TX HASH"}

// TxRow is a record under TxColumns, as a person reads it: the time in one UTC form, the
// amount with its currency's decimals (12.5 EUR as 12.50, never a digit dropped), the
// currency upper case. --json and CSV keep the wire values.
func TxRow(t enduser.Transaction) []string {
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

// TxDetails is every field of a record by its wire name, as `tx show` and the Transactions
// screen's detail pane list it: the values as sent, the timestamp followed by its UTC time.
func TxDetails(t enduser.Transaction) [][2]string {
	fields := enduser.TransactionFields(t)
	for i, f := range fields {
		if f[0] == "timestamp" && t.Timestamp > 0 {
			fields[i][1] += " (" + format.Unix(int64(t.Timestamp)) + ")"
		}
	}
	return fields
}
