// Package regular opens the files purse reads (a key to import, a message to sign, the audit
// log, the key index) only when they are regular files. A named pipe would make the read
// wait for a writer that may never come (and a hostile local process could put one where
// purse expects its log); a device or a socket is not a file a user means. The open itself
// never waits: it is non-blocking, and the file's type is checked on the open descriptor, so
// nothing can be swapped in between.
package regular

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is wrapped by the errors of a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// Open opens path for reading; see OpenFile.
func Open(path string) (*os.File, error) { return OpenFile(path, os.O_RDONLY, 0) }

// OpenFile is os.OpenFile for a regular file only: anything else is closed again and the
// error names the path and what it is (a named pipe, a device, a socket, a folder).
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		_ = f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, Kind(st.Mode()))}
	}
	return f, nil
}

// ReadFile reads a regular file whole, as os.ReadFile does.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Kind says what a file of mode m is, in words.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO): reading it would wait for whatever writes into it"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file (" + m.Type().String() + ")"
}
