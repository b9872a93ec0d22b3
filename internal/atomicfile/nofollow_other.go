//go:build !unix

package atomicfile

// oNoFollow: no such open flag here; the sweep compares the file it opened with the one it
// saw (os.SameFile) instead.
const oNoFollow = 0
