// Package config holds purse's profiles (TOML under $PURSE_HOME) and the location of
// everything purse writes.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Home is the folder that holds everything purse writes: $PURSE_HOME, or the OS config
// directory + "/purse".
func Home() (string, error) {
	if h := os.Getenv("PURSE_HOME"); h != "" {
		return filepath.Abs(h)
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("PURSE_HOME is not set and the OS config directory is unknown: %v", err)
	}
	return filepath.Join(dir, "purse"), nil
}

// EnsureHome creates the home folder with mode 0700 and refuses one that others can read.
func EnsureHome() (string, error) {
	h, err := Home()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(h, 0o700); err != nil {
		return "", fmt.Errorf("PURSE_HOME %s: %v", h, err)
	}
	st, err := os.Stat(h)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", errors.New("PURSE_HOME " + h + ": not a directory")
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(h, 0o700); err != nil {
			return "", fmt.Errorf("PURSE_HOME %s: mode %o is open to others and cannot be tightened: %v", h, st.Mode().Perm(), err)
		}
	}
	return h, nil
}
