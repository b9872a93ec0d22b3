//go:build linux && cgo

package main

// glibc gives every thread that calls malloc an arena of its own, a 64 MiB reservation
// mapped and trimmed on the thread's first call; with cgo linked (libsecp256k1) each of the
// runtime's threads makes one while the process starts (about 0.4 ms of a `purse version`
// in BenchmarkStartup). purse's C code allocates a signing context once, so one arena
// serves it; the constructor runs before the Go runtime starts its threads.

/*
#include <malloc.h>

__attribute__((constructor)) static void purseOneMallocArena(void) { mallopt(M_ARENA_MAX, 1); }
*/
import "C"
