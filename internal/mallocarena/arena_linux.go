//go:build linux && cgo

package mallocarena

// glibc gives every thread that calls malloc an arena of its own: a 64 MiB reservation,
// mapped and trimmed on the thread's first call. With cgo linked (libsecp256k1), each of the
// runtime's threads makes one while the process starts: four reservations and their trims
// in a `purse version`, about 0.4 ms of its CPU time (perf stat). purse's C code allocates a
// signing context once, so one arena serves it. A C constructor runs before the Go runtime
// starts its threads; Go code would run too late.

/*
#include <malloc.h>

__attribute__((constructor)) static void purseOneMallocArena(void) { mallopt(M_ARENA_MAX, 1); }
*/
import "C"
