//go:build linux || darwin

package keystore

import (
	"os"

	"golang.org/x/sys/unix"
)

// logStamp is what the kernel says of an open file: which file it is, its size and when it
// last changed (a time no unprivileged process can set).
type logStamp struct {
	ok              bool
	dev, ino        uint64
	size            int64
	ctimeS, ctimeNs int64
}

func fileStamp(f *os.File) logStamp {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return logStamp{}
	}
	return logStamp{ok: true, dev: uint64(st.Dev), ino: uint64(st.Ino), size: st.Size, ctimeS: int64(st.Ctim.Sec), ctimeNs: int64(st.Ctim.Nsec)}
}
