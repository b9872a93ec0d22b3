//go:build unix

package keystore

import (
	"fmt"
	"math/big"
	"unsafe"

	"golang.org/x/sys/unix"
)

func lockWords(w []big.Word) error {
	if len(w) == 0 {
		return nil
	}
	return lockBytes(unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*int(unsafe.Sizeof(w[0]))))
}

func lockBytes(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if err := unix.Mlock(b); err != nil {
		return fmt.Errorf("mlock: %v (RLIMIT_MEMLOCK or the OS refuses it)", err)
	}
	return nil
}
