package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"purse/internal/filelock"
	"purse/internal/regular"
)

// tempMark separates a temporary file's target from the random digits os.CreateTemp adds.
const tempMark = ".tmp-"

// StaleAfter is how long a temporary file must have been left unchanged before Sweep removes
// it, even when nobody holds its lock. A writer locks its file an instant after creating it
// (and, on Windows, lets go an instant before the rename): this bound covers those instants,
// a platform without file locks, and a purse older than the lock, whose write takes
// milliseconds. A leftover waits at most this long for the next sweep.
const StaleAfter = time.Minute

// TempTarget returns the name of the file a temporary file of this package was going to
// become (".NAME.tmp-DIGITS" → "NAME"); ok is false for any other name.
func TempTarget(name string) (target string, ok bool) {
	i := strings.LastIndex(name, tempMark)
	if !strings.HasPrefix(name, ".") || i < 2 {
		return "", false
	}
	digits := name[i+len(tempMark):]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	return name[1:i], true
}

// Leftover is a temporary file Sweep found: removed, or kept and why.
type Leftover struct {
	Path    string `json:"path"`
	Target  string `json:"target"` // the file it was going to become
	Removed bool   `json:"removed"`
	// InUse: kept because a write may be under way (a running purse holds it, or it is
	// younger than StaleAfter). Kept says why any file was kept.
	InUse bool   `json:"inUse,omitempty"`
	Kept  string `json:"kept,omitempty"`
}

// Sweep removes the stale temporary files in dir whose target owns accepts: regular files
// only (a symbolic link, a folder or a pipe with such a name is not one of ours and is never
// opened), unchanged for StaleAfter, whose lock nobody holds. It lists each file it found,
// removed or kept; a file that became something else meanwhile is left out. Nothing outside
// dir is looked at.
func Sweep(dir string, owns func(target string) bool) ([]Leftover, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("folder %s: %v", dir, err)
	}
	var out []Leftover
	removed := false
	for _, d := range ents {
		target, ok := TempTarget(d.Name())
		if !ok || !d.Type().IsRegular() || !owns(target) {
			continue
		}
		l := Leftover{Path: filepath.Join(dir, d.Name()), Target: filepath.Join(dir, target)}
		var found bool
		if l.Kept, l.InUse, found = removeStale(l.Path); !found {
			continue
		}
		l.Removed = l.Kept == ""
		removed = removed || l.Removed
		out = append(out, l)
	}
	if removed {
		syncDir(dir)
	}
	return out, nil
}

// removeStale removes path when it is a stale temporary file, or says why it stays (inUse: a
// write may be under way); found is false when path is gone or no longer a regular file.
func removeStale(path string) (kept string, inUse, found bool) {
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() {
		return "", false, false
	}
	if age := time.Since(st.ModTime()); age < StaleAfter {
		return fmt.Sprintf("written %s ago, a write may still be under way (removed once left for %s and held by no purse)", age.Round(time.Second), StaleAfter), true, true
	}
	f, err := regular.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", false, false
		}
		return fmt.Sprintf("cannot open it: %v", err), false, true
	}
	if fst, err := f.Stat(); err != nil || !os.SameFile(st, fst) {
		_ = f.Close()
		return "", false, false
	}
	free, err := filelock.TryLock(f)
	// Closing lets go of the lock at once: the writer that held it, if any, is gone, and no
	// other writer ever opens this name (os.CreateTemp makes a new one each time).
	_ = f.Close()
	switch {
	case errors.Is(err, filelock.ErrUnsupported):
		// No locks here: the age alone says the write is over (see StaleAfter).
	case err != nil:
		return fmt.Sprintf("cannot tell whether a running purse is writing it: %v", err), false, true
	case !free:
		return "a running purse is writing it", true, true
	}
	if now, err := os.Lstat(path); err != nil || !os.SameFile(st, now) {
		return "", false, false
	}
	if err := os.Remove(path); errors.Is(err, fs.ErrNotExist) {
		return "", false, false
	} else if err != nil {
		return fmt.Sprintf("cannot remove it: %v", err), false, true
	}
	return "", false, true
}
