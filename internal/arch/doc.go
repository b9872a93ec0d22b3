// Package arch holds no code: its test checks the dependency rules of design.md §1 over
// `go list`, so a change that breaks one (a screen importing a screen, the sandbox linked
// into the signer) fails `make test` instead of waiting for a reviewer to notice.
package arch
