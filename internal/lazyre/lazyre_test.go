package lazyre

import (
	"sync"
	"testing"
)

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^0x[0-9a-f]{4}$`)
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = re()
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("call %d returned another *regexp.Regexp: the pattern was compiled more than once", i)
		}
	}
	if !re().MatchString("0xbeef") || re().MatchString("0xbeefe") {
		t.Fatal("the compiled pattern does not match as regexp.MustCompile's would")
	}
}

func TestNewPanicsOnFirstUseOfABadPattern(t *testing.T) {
	re := New(`(`) // building the function compiles nothing, so this does not panic yet
	defer func() {
		if recover() == nil {
			t.Fatal("a bad pattern did not panic on first use")
		}
	}()
	re()
}
