//go:build !goexperiment.runtimesecret

package keystore

// eraseAfter runs f; without GOEXPERIMENT=runtimesecret the temporaries it leaves stay as
// garbage until their memory is reused (see erase_on.go).
func eraseAfter(f func()) { f() }

// ErasesTemporaries says whether this build erases the temporaries of a key's decryption.
const ErasesTemporaries = false
