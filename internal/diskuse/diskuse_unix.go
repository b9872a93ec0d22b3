//go:build unix

// Package diskuse measures the disk space a folder takes, as du counts it: the sandbox's
// idle benchmark and the end-to-end test hold the sandbox's state folder to a target.
package diskuse

import (
	"io/fs"
	"path/filepath"
	"syscall"
)

// Allocated is the disk space the files under dir take (512-byte blocks, as du counts):
// a preallocated, sparse or truncated file counts what it holds on disk, not its length.
func Allocated(dir string) (int64, error) {
	var total int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			total += int64(st.Blocks) * 512
		}
		return nil
	})
	return total, err
}
