package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"purse/internal/atomicfile"
)

// leaveTemps leaves what a crash in the middle of each of purse's atomic writes under the home
// leaves (the profiles, the key index, a key file, the audit head, the recorded audit break,
// the copy an audit repair keeps, a history export), old enough to be stale, and returns them.
func leaveTemps(t *testing.T, home string) []string {
	t.Helper()
	temps := []string{
		filepath.Join(home, ".profiles.toml.tmp-1804289383"),
		filepath.Join(home, ".keys.json.tmp-846930886"),
		filepath.Join(home, "keys", ".main.json.tmp-1681692777"),
		filepath.Join(home, ".audit.head.json.tmp-1714636915"),
		filepath.Join(home, ".audit.broken.json.tmp-1957747793"),
		filepath.Join(home, ".audit.jsonl.broken-20260102T030405.000000000Z.tmp-424238335"),
		filepath.Join(home, "exports", ".transactions-20260102-030405.csv.tmp-719885386"),
	}
	if err := os.MkdirAll(filepath.Join(home, "exports"), 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for _, p := range temps {
		// A key file being written holds the (encrypted) key: what the sweep removes is never
		// printed, so a marker here must not reach any output.
		if err := os.WriteFile(p, []byte(`{"crypto":"temp-secret-marker"}`), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	return temps
}

// What an interrupted atomic write leaves under the home is removed by the next start (any
// command that opens the key store says what it removed) and by `purse key doctor`; files
// that only look like temporary files, and a symbolic link named like one, are left alone.
func TestStaleTempFilesAreRemoved(t *testing.T) {
	home := keyEnv(t)
	if _, errOut, code := purse(t, "", "key", "new", "--label", "main", "--kind", "evm"); code != exitOK {
		t.Fatalf("setup: %s", errOut)
	}
	if _, errOut, code := purse(t, "", "--yes", "sign", "personal", "--key", "main", "--message", "hi"); code != exitOK {
		t.Fatalf("setup: %s", errOut)
	}
	old := time.Now().Add(-time.Hour)
	// Not the project's: another program's temporary file, a name purse never writes, and a
	// link named like a temporary file of the profiles pointing at a file outside the home.
	outside := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(outside, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(outside, old, old)
	links := []string{filepath.Join(home, ".profiles.toml.tmp-99"), filepath.Join(home, "keys", ".main.json.tmp-98")}
	for _, link := range links {
		if err := os.Symlink(outside, link); err != nil {
			t.Fatal(err)
		}
	}
	// A save of the profiles under way in another purse, as old as any leftover: kept.
	saving, err := atomicfile.Begin(filepath.Join(home, "profiles.toml"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer saving.Abort()
	_ = os.Chtimes(saving.Name(), old, old)
	foreign := []string{filepath.Join(home, ".notes.txt.tmp-1"), filepath.Join(home, ".profiles.toml.tmp-x1"), filepath.Join(home, "keys", ".bad label.json.tmp-1")}
	for _, p := range foreign {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		_ = os.Chtimes(p, old, old)
	}

	// At start: any command that opens the key store.
	temps := leaveTemps(t, home)
	out, errOut, code := purse(t, "", "key", "list")
	if code != exitOK || !strings.Contains(errOut, "removed 7 temporary files") || strings.Contains(out+errOut, "temp-secret-marker") {
		t.Fatalf("start: %d %q %q", code, out, errOut)
	}
	for _, p := range temps {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after the start", p)
		}
	}
	// The same again through the doctor, which lists each in --json.
	temps = leaveTemps(t, home)
	out, errOut, code = purse(t, "", "key", "doctor", "--json")
	var res []doctorResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitOK || strings.Contains(out+errOut, "temp-secret-marker") {
		t.Fatalf("doctor: %d %s %s %v", code, out, errOut, err)
	}
	removed := map[string]bool{}
	for _, r := range res {
		if r.Problem == "temp" && r.Repaired == "delete-file" {
			removed[r.Path] = true
		}
	}
	for _, p := range temps {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) || !removed[p] {
			t.Errorf("%s: not removed and reported by the doctor (%v): %s", p, err, out)
		}
	}
	for _, r := range res {
		if r.Path == saving.Name() && (r.Repaired != "" || r.Error != "" || !strings.Contains(r.Detail, "kept: a running purse is writing it")) {
			t.Errorf("the save under way: %+v", r)
		}
	}
	for _, p := range append(append(foreign, links...), saving.Name()) {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s is not the project's temporary file, but it was removed", p)
		}
	}
	if b, err := os.ReadFile(outside); err != nil || string(b) != "keep me" {
		t.Errorf("the link's target changed: %q %v", b, err)
	}
	// In words: each removed file, and the write under way, which is no problem.
	leaveTemps(t, home)
	out, errOut, code = purse(t, "", "key", "doctor")
	if code != exitOK || strings.Count(out, "\n  removed\n") != 7 || !strings.Contains(out, "kept: a running purse is writing it") ||
		!strings.Contains(out, "consistent") || strings.Contains(out+errOut, "temp-secret-marker") {
		t.Fatalf("doctor in words: %d %s %s", code, out, errOut)
	}
	// The save that was kept completes.
	if _, err := saving.Write([]byte("active = \"sandbox\"\n")); err != nil {
		t.Fatal(err)
	}
	if err := saving.Commit(); err != nil {
		t.Fatal(err)
	}
}
