// Package startup holds no code: its benchmarks measure whole `purse` processes as a user
// starts them (`purse version`; `purse sign full-auth` with the key in the agent) and their
// peak memory, against Foundry's `cast --version` and `cast wallet sign` when cast is
// installed, both programs installed the same way and alternated in one loop, so "purse
// starts and signs faster than cast" is a measured ratio of one run, not a claim. The floor
// program (testdata/floor) links the libraries purse is built on and does nothing else: set
// beside cast and purse, it says how much of purse's start-up those libraries take.
package startup
