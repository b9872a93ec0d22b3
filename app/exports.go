package app

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"purse/internal/atomicfile"
)

// The history's exports are app/history's; their files' names stay with the core, whose
// start-up sweep removes what an export killed half-way left and must know them (isExportName
// is the other side of writeExport).

// ExportDir is where history exports go: PURSE_HOME/exports.
func ExportDir(home string) string { return filepath.Join(home, "exports") }

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
