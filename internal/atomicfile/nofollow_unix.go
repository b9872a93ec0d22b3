//go:build unix

package atomicfile

import "syscall"

// oNoFollow makes the sweep's open fail on a symbolic link put in place of a file it saw.
const oNoFollow = syscall.O_NOFOLLOW
