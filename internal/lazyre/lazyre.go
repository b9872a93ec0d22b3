// Package lazyre compiles a package's regular expressions on first use instead of at
// start-up. Every package-level regexp.MustCompile runs in every `purse` command, whether or
// not the command needs it, and a pattern with a counted repetition ({64}, {130}) compiles to
// that many copies: GODEBUG=inittrace=1 showed such patterns as the largest share of the
// project's own package initialisation.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr the first time it is called (panicking on a bad
// pattern, as regexp.MustCompile does) and returns the same *regexp.Regexp ever after; it is
// safe for concurrent use.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
