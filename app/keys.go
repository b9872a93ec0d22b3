package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"purse/config"
	"purse/internal/atomicfile"
	"purse/keystore"
)

// What of the keys the core keeps, since more than key management uses it: reading a secret
// file (key imports, the audit log's verification key, a share token), the check of an
// export's path (key exports, the audit seal's key file), the sweep of temporary files the
// key store's first opening does, and the account look-up of a key (Account.Find). Key
// management itself is app/keys.

// maxSecretFile bounds the files a secret is read from.
const maxSecretFile = 1 << 20

// readSecret reads a key file the user named ("-": stdin, when there is one) through
// ReadInput. Errors name the field and the file, never the content.
func readSecret(field, path string, stdin io.Reader) ([]byte, error) {
	b, err := ReadInput(field, path, stdin, maxSecretFile)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		name := path
		if path == "-" {
			name = "standard input"
		}
		return nil, fieldErr(field, "%s is empty", name)
	}
	return b, nil
}

// ExpandHome replaces a leading "~/" with the user's home folder.
func ExpandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return p
}

// sweepTemps removes the stale temporary files of every atomic write purse makes in the home:
// the key store's (index, key files, audit head and break, a repair's copy of the log), the
// profiles' and the history exports'. A temporary file a running purse is writing is never
// one of them (atomicfile.Sweep). The sandbox sweeps its own state folder when it starts.
func (s *App) sweepTemps(ks *keystore.Store) ([]atomicfile.Leftover, error) {
	keys, err := ks.SweepTemps()
	profiles, perr := config.SweepTemps(s.home)
	exports, eerr := atomicfile.Sweep(ExportDir(s.home), isExportName)
	return append(append(keys, profiles...), exports...), errors.Join(err, perr, eerr)
}

// noticeTemps says in one line which temporary files the start-up sweep removed, and in
// another which it could not (a file a write may still be under way in is no news).
func (s *App) noticeTemps(temps []atomicfile.Leftover, err error) {
	var removed, failed []string
	for _, l := range temps {
		switch {
		case l.Removed:
			removed = append(removed, s.inHome(l.Path))
		case !l.InUse:
			failed = append(failed, fmt.Sprintf("%s (%s)", s.inHome(l.Path), l.Kept))
		}
	}
	if n := len(removed); n > 0 {
		what := "temporary files"
		if n == 1 {
			what = "temporary file"
		}
		s.warn(fmt.Sprintf("purse: removed %d %s interrupted writes left in %s: %s", n, what, s.home, strings.Join(removed, ", ")))
	}
	if err != nil {
		failed = append(failed, OneLine(err))
	}
	if len(failed) > 0 {
		s.warn(fmt.Sprintf("purse: temporary files interrupted writes left in %s could not be removed: %s; `purse key doctor` lists them", s.home, strings.Join(failed, ", ")))
	}
}

// inHome is path relative to the home, for a short line.
func (s *App) inHome(path string) string {
	if rel, err := filepath.Rel(s.home, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// CheckNewFile fails when path is empty or already exists: exports never replace a file.
func CheckNewFile(path string) error {
	path = ExpandHome(path)
	if path == "" {
		return fieldErr("file", "expected the path of a new file")
	}
	if _, err := os.Lstat(path); err == nil {
		return fieldErr("file", "%s already exists; refusing to overwrite it", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return &FieldError{Field: "file", Err: err}
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fieldErr("file", "the folder %s does not exist", filepath.Dir(path))
	}
	return nil
}
