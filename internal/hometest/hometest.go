// Package hometest copies a purse home folder as a user's backup does (`cp -a`), for the
// tests of what a copy of a home may do with the original's keys.
package hometest

import (
	"os"
	"path/filepath"
	"testing"
)

// Copy copies the folder from to to (which must not exist): folders, regular files with
// their modes and times, symbolic links as links. Sockets and pipes (the agent's socket) are
// left out, as cp -a cannot copy them into anything that works either.
func Copy(tb testing.TB, from, to string) {
	tb.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, st.Mode().Perm())
		case st.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case !st.Mode().IsRegular():
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, st.Mode().Perm()); err != nil {
			return err
		}
		return os.Chtimes(dst, st.ModTime(), st.ModTime())
	})
	if err != nil {
		tb.Fatalf("copying %s to %s: %v", from, to, err)
	}
}
