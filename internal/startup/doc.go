// Package startup holds no code: its benchmarks measure the whole `purse` process as a user
// starts it (`purse version`: exec, runtime start, command tree, exit) and its peak memory,
// against Foundry's `cast --version` when cast is installed, so "a signer starts as fast as
// cast" is a measured ratio of one run, not a claim.
package startup
