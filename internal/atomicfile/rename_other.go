//go:build !windows

package atomicfile

// renameOpen: an open file can be renamed (and linked) here, so the temporary file stays open
// and locked until it has its final name.
const renameOpen = true
