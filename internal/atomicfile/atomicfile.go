// Package atomicfile is purse's one way to put a file on disk: the key store's index and
// key files, the profiles, the sandbox's snapshot and every export go through it, so "a
// crash leaves the old file or the new one, never half of either" is true everywhere or
// nowhere. A file is written beside its target, fsynced, renamed (or linked, for a file
// that must not replace another) over it, and then the folder is fsynced so the rename
// itself survives a power cut.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is wrapped by WriteNew for a path that exists.
var ErrExists = fmt.Errorf("already exists; refusing to overwrite it: %w", fs.ErrExist)

// Write replaces path with data (mode perm). On any error the temporary file is removed
// and path is unchanged.
func Write(path string, data []byte, perm os.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %v", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// WriteNew creates path with data (mode perm) and never replaces an existing file: the
// synced temporary file is hard-linked to path, which fails when path exists, so there is
// no moment where another writer's file could be overwritten or a half file be seen.
func WriteNew(path string, data []byte, perm os.FileMode) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s %w", path, ErrExists)
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s %w", path, ErrExists)
		}
		return fmt.Errorf("write %s: %v; nothing was written", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// CreateExclusive creates path (O_EXCL, mode perm before any byte is written) and writes data
// into it, for a file that holds a secret and must exist nowhere else: no temporary file is
// made beside it, so a crash can leave at most a partial file at path, where the user asked
// for one. On any error the file is removed. An existing path, even a dangling symbolic link,
// is never opened (ErrExists).
func CreateExclusive(path string, data []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s %w", path, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("write %s: %v; nothing was written", path, err)
	}
	fail := func(err error) error {
		_ = f.Close()
		_ = os.Remove(path)
		return fmt.Errorf("write %s: %v; the file was removed", path, err)
	}
	if err := f.Chmod(perm); err != nil { // the umask may have narrowed it; never widened
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(path)
		return fmt.Errorf("write %s: %v; the file was removed", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// writeTemp writes data to a synced temporary file beside path and returns its name.
func writeTemp(path string, data []byte, perm os.FileMode) (string, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("write %s: %v", path, err)
	}
	tmp := f.Name()
	fail := func(err error) (string, error) {
		_ = f.Close()
		_ = os.Remove(tmp)
		return "", fmt.Errorf("write %s: %v", path, err)
	}
	if err := f.Chmod(perm); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(tmp)
		return "", fmt.Errorf("write %s: %v", path, err)
	}
	return tmp, nil
}

// syncDir makes a rename or link durable. Some platforms cannot fsync a folder; that is
// not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
