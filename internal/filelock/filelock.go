// Package filelock is purse's one advisory lock on an open file: the key index and the audit
// log are serialised across processes with it, and a file being written atomically is held
// with it so no other purse takes it for what a crash left (internal/atomicfile).
//
// The lock belongs to the open file (flock on Unix, LockFileEx on Windows): another open of
// the same file, in this process or another, does not get it, and it goes when the file is
// closed or its process ends, however it ends.
package filelock

import "errors"

// ErrUnsupported is returned by TryLock on a platform without file locks.
var ErrUnsupported = errors.New("file locks are not supported on this platform")
