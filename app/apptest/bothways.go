package apptest

import "testing"

// BothWays runs f twice, as the subtests every both-ways test names the same: with the
// signatures made in this process (inAgent false), and by a live agent (true).
func BothWays(t *testing.T, f func(t *testing.T, inAgent bool)) {
	t.Helper()
	t.Run("in the process", func(t *testing.T) { f(t, false) })
	t.Run("through the agent", func(t *testing.T) { f(t, true) })
}
