// Package nobodytest runs a copy of the running test binary as another user (uid and gid
// 65534, "nobody"), so a test can show what the kernel lets another user's process do: reach
// a socket whose file modes were opened on purpose, and be refused by peer credentials alone.
// Only tests import it.
package nobodytest
