//go:build linux && cgo

package mallocarena

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// mallocArenas counts glibc's per-thread malloc arenas in this process's mappings: a
// read-write start of at most 1 MiB at a 64 MiB boundary, its reserved rest (no access)
// reaching the next boundary.
func mallocArenas(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	const heap = 64 << 20
	type mapping struct {
		lo, hi uint64
		perm   string
		anon   bool
	}
	var ms []mapping
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		lo, hi, _ := strings.Cut(f[0], "-")
		l, err1 := strconv.ParseUint(lo, 16, 64)
		h, err2 := strconv.ParseUint(hi, 16, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("maps line %q", line)
		}
		ms = append(ms, mapping{l, h, f[1], len(f) < 6})
	}
	n := 0
	for i := 0; i+1 < len(ms); i++ {
		a, r := ms[i], ms[i+1]
		if a.anon && r.anon && a.perm == "rw-p" && r.perm == "---p" && a.lo%heap == 0 &&
			a.hi-a.lo <= 1<<20 && r.lo == a.hi && r.hi == a.lo+heap {
			n++
		}
	}
	return n
}

// The threads the runtime starts share glibc's one arena: eight threads
// that exist at once make no arena of their own.
func TestThreadsMakeNoMallocArenaOfTheirOwn(t *testing.T) {
	before := mallocArenas(t)
	const threads = 8
	var started, release sync.WaitGroup
	started.Add(threads)
	release.Add(1)
	for range threads {
		go func() {
			runtime.LockOSThread()
			started.Done()
			release.Wait()
		}()
	}
	started.Wait()
	after := mallocArenas(t)
	release.Done()
	if after != before {
		t.Fatalf("malloc arenas: %d before %d threads, %d with them; want no new one", before, threads, after)
	}
}
