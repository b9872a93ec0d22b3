// Package mallocarena, imported for its side effect by purse's main package, gives the
// process one glibc malloc arena (Linux with cgo; elsewhere it does nothing).
package mallocarena
