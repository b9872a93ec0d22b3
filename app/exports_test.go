package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestExportNamesNeverOverwrite(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	var paths []string
	for i := range 3 {
		p, err := writeExport(dir, "csv", now, []byte{byte('a' + i)})
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
	}
	want := "transactions-20240501-100000.csv transactions-20240501-100000-2.csv transactions-20240501-100000-3.csv"
	if strings.Join(paths, " ") != want {
		t.Fatalf("names %v", paths)
	}
	st, _ := os.Stat(filepath.Join(dir, paths[0]))
	if b, _ := os.ReadFile(filepath.Join(dir, paths[0])); string(b) != "a" || st.Mode().Perm() != 0o600 {
		t.Fatalf("first export %q, mode %v", b, st.Mode())
	}
	// The names the start-up sweep takes for an export's, and only those.
	for _, p := range paths {
		if !isExportName(p) {
			t.Errorf("%s is not taken for an export's name", p)
		}
	}
	for _, other := range []string{"transactions-20240501-100000.txt", "transactions-2024-05-01.csv", "transactions-20240501-100000-1.csv",
		"transactions-20240501-100000-x.json", "notes.csv", "transactions-20240501-100000--2.csv"} {
		if isExportName(other) {
			t.Errorf("%s is taken for an export's name", other)
		}
	}
}
