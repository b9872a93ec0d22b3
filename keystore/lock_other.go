//go:build !unix && !windows

package keystore

import "os"

// On platforms without advisory file locks, appends are serialised inside the process only
// (Store's mutexes); purse does not run several processes there.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }
