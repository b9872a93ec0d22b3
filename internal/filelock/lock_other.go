//go:build !unix && !windows

package filelock

import "os"

// On platforms without advisory file locks, Lock and Unlock do nothing: callers serialise
// inside the process themselves, and purse does not run several processes there.
func Lock(*os.File) error { return nil }

// TryLock cannot tell whether another process holds f: it says so (ErrUnsupported).
func TryLock(*os.File) (bool, error) { return false, ErrUnsupported }

// Unlock does nothing (see Lock).
func Unlock(*os.File) error { return nil }
