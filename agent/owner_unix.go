//go:build unix

package agent

import (
	"fmt"
	"os"
	"syscall"
)

const oNoFollow = syscall.O_NOFOLLOW

// ownedByUser refuses a file another user owns.
func ownedByUser(st os.FileInfo) error {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("its owner cannot be read")
	}
	if uid := int(sys.Uid); uid != os.Getuid() {
		return fmt.Errorf("is owned by uid %d, not by this user (uid %d)", uid, os.Getuid())
	}
	return nil
}
