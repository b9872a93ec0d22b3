// Package atomicfile is purse's one way to put a file on disk: the key store's index and
// key files, the profiles, the sandbox's snapshot and every export go through it, so "a
// crash leaves the old file or the new one, never half of either" is true everywhere or
// nowhere. A file is written beside its target, fsynced, renamed (or linked, for a file
// that must not replace another) over it, and then the folder is fsynced so the rename
// itself survives a power cut.
//
// What a crash leaves instead is a temporary file beside the target (".NAME.tmp-DIGITS").
// Its writer holds a lock on it (internal/filelock) from its creation until it is renamed
// away, so Sweep can tell a leftover (old, and nobody holds it) from a file another process
// is writing right now.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"purse/internal/filelock"
)

// ErrExists is wrapped by WriteNew for a path that exists.
var ErrExists = fmt.Errorf("already exists; refusing to overwrite it: %w", fs.ErrExist)

// Write replaces path with data (mode perm). On any error the temporary file is removed
// and path is unchanged.
func Write(path string, data []byte, perm os.FileMode) error {
	p, err := Begin(path, perm)
	if err != nil {
		return err
	}
	if _, err := p.Write(data); err != nil {
		p.Abort()
		return fmt.Errorf("write %s: %v", path, err)
	}
	return p.Commit()
}

// WriteNew creates path with data (mode perm) and never replaces an existing file: the
// synced temporary file is hard-linked to path, which fails when path exists, so there is
// no moment where another writer's file could be overwritten or a half file be seen.
func WriteNew(path string, data []byte, perm os.FileMode) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s %w", path, ErrExists)
	}
	p, err := Begin(path, perm)
	if err != nil {
		return err
	}
	if _, err := p.Write(data); err != nil {
		p.Abort()
		return fmt.Errorf("write %s: %v; nothing was written", path, err)
	}
	return p.CommitNew()
}

// Pending is a file being written: a locked temporary file beside its target that becomes
// the target on Commit (or CommitNew) and is removed on Abort or on any error.
type Pending struct {
	f    *os.File
	path string
	tmp  string
}

// Begin starts writing path: it creates the temporary file ".NAME.tmp-DIGITS" beside it with
// mode perm and locks it until Commit, CommitNew or Abort.
func Begin(path string, perm os.FileMode) (*Pending, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tempMark+"*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %v", path, err)
	}
	p := &Pending{f: f, path: path, tmp: f.Name()}
	if err := filelock.Lock(f); err != nil {
		p.Abort()
		return nil, fmt.Errorf("write %s: cannot lock %s: %v", path, p.tmp, err)
	}
	if err := f.Chmod(perm); err != nil {
		p.Abort()
		return nil, fmt.Errorf("write %s: %v", path, err)
	}
	return p, nil
}

// Name is the temporary file's path.
func (p *Pending) Name() string { return p.tmp }

// Write appends b to the temporary file.
func (p *Pending) Write(b []byte) (int, error) {
	if p.f == nil {
		return 0, fmt.Errorf("write %s: already committed or aborted", p.path)
	}
	return p.f.Write(b)
}

// Abort removes the temporary file; the target is unchanged.
func (p *Pending) Abort() {
	if p.f != nil {
		_ = p.f.Close()
		p.f = nil
	}
	_ = os.Remove(p.tmp)
}

// Commit replaces the target with what was written.
func (p *Pending) Commit() error {
	err := p.publish(func() error { return os.Rename(p.tmp, p.path) })
	if err != nil {
		_ = os.Remove(p.tmp)
		return fmt.Errorf("write %s: %v", p.path, err)
	}
	syncDir(filepath.Dir(p.path))
	return nil
}

// CommitNew makes what was written the target, which must not exist (ErrExists).
func (p *Pending) CommitNew() error {
	err := p.publish(func() error { return os.Link(p.tmp, p.path) })
	_ = os.Remove(p.tmp)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s %w", p.path, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("write %s: %v; nothing was written", p.path, err)
	}
	syncDir(filepath.Dir(p.path))
	return nil
}

// publish syncs the temporary file and runs rename or link on it, holding its lock through
// the rename where an open file can be renamed (every platform but Windows): a sweep never
// sees the file unlocked while it still has its temporary name.
func (p *Pending) publish(op func() error) error {
	f := p.f
	if f == nil {
		return errors.New("already committed or aborted")
	}
	p.f = nil
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	if !renameOpen {
		if err := f.Close(); err != nil {
			return err
		}
		return op()
	}
	err := op()
	// The data was synced before the rename; this close only lets go of the lock.
	_ = f.Close()
	return err
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

// syncDir makes a rename or link durable. Some platforms cannot fsync a folder; that is
// not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
