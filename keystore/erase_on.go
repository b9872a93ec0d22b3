//go:build goexperiment.runtimesecret

package keystore

import rsecret "runtime/secret"

// eraseAfter runs f so that every temporary it and the libraries it calls leave (the copy of
// the passphrase go-ethereum's KDF makes, the decrypted key file) is erased once it is
// garbage: the stack and registers when f returns, heap allocations at the next collection
// (runtime/secret; linux/amd64 and linux/arm64). What f keeps reachable stays.
func eraseAfter(f func()) { rsecret.Do(f) }

// ErasesTemporaries says whether this build erases the temporaries of a key's decryption
// (built with GOEXPERIMENT=runtimesecret, as `make` builds purse).
const ErasesTemporaries = true
