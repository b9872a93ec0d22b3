package keystore

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeAtomic replaces path with data: a temporary file in the same folder, fsync, rename,
// fsync of the folder. On any error the temporary file is removed and path is unchanged.
// It is a variable so tests can make a write fail.
var writeAtomic = func(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %v", path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		_ = f.Close()
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %v", path, err)
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
		return fmt.Errorf("write %s: %v", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %v", path, err)
	}
	syncDir(dir)
	return nil
}

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
