package keystore

import (
	"fmt"
	"os"

	"purse/internal/atomicfile"
)

// writeAtomic is the project's one atomic writer; a variable so tests can make a write fail.
var writeAtomic = atomicfile.Write

// syncDir makes a rename durable. Some platforms cannot fsync a folder; that is not an error.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// ensurePrivateDir creates dir with mode 0700, or tightens an existing one.
func ensurePrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("folder %s: %v", dir, err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("folder %s: %v", dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("folder %s: expected a directory", dir)
	}
	if st.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("folder %s: cannot set mode 0700: %v", dir, err)
		}
	}
	return nil
}
