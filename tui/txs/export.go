package txs

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"purse/enduser"
)

// exportDir is where exports go: PURSE_HOME/exports.
func exportDir(home string) string { return filepath.Join(home, "exports") }

// export walks every page of the filter (client.All) into a new file of dir named
// transactions-<UTC timestamp>.<format> and returns its path and the record count. The
// records are read with the largest page size (same records, fewer requests). A failed
// export leaves no file behind.
func export(ctx context.Context, c *enduser.Client, f enduser.TxFilter, dir, format string, now time.Time) (string, int, error) {
	if format != "csv" && format != "json" {
		return "", 0, fmt.Errorf("export format: expected csv or json, got %q", format)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", 0, fmt.Errorf("export folder %s: %w", dir, err)
	}
	file, path, err := createExport(dir, now, format)
	if err != nil {
		return "", 0, err
	}
	f.PageSize = enduser.MaxPageSize
	var n int
	if format == "csv" {
		n, err = writeCSV(ctx, file, c, f)
	} else {
		n, err = writeJSON(ctx, file, c, f, now)
	}
	if cerr := file.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export file %s: %w", path, cerr)
	}
	if err != nil {
		os.Remove(path)
		return "", 0, err
	}
	return path, n, nil
}

// createExport creates a new file (mode 0600: the history is personal data), adding -2,
// -3, ... when an export of the same second exists.
func createExport(dir string, now time.Time, ext string) (*os.File, string, error) {
	base := "transactions-" + now.UTC().Format("20060102-150405")
	for i := 1; i < 100; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		path := filepath.Join(dir, name+"."+ext)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", fmt.Errorf("export file %s: %w", path, err)
		}
		return f, path, nil
	}
	return nil, "", fmt.Errorf("export folder %s: too many exports named %s-*", dir, base)
}

// csvHeader is the JSON names of every field of a record, in wire order.
func csvHeader() []string {
	var out []string
	for _, f := range enduser.TransactionFields(enduser.Transaction{}) {
		out = append(out, f[0])
	}
	return out
}

func writeCSV(ctx context.Context, w io.Writer, c *enduser.Client, f enduser.TxFilter) (int, error) {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader()); err != nil {
		return 0, err
	}
	n := 0
	for t, err := range c.All(ctx, f) {
		if err != nil {
			return n, err
		}
		fields := enduser.TransactionFields(t)
		row := make([]string, len(fields))
		for i, fl := range fields {
			row[i] = fl[1]
		}
		if err := cw.Write(row); err != nil {
			return n, err
		}
		n++
	}
	cw.Flush()
	return n, cw.Error()
}

// writeJSON writes {"exportedAt", "count", "transactions"}, the shape of `purse tx list
// --all --json` plus the export time.
func writeJSON(ctx context.Context, w io.Writer, c *enduser.Client, f enduser.TxFilter, now time.Time) (int, error) {
	txs := []enduser.Transaction{}
	for t, err := range c.All(ctx, f) {
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
