package tui

import (
	"strings"
	"testing"

	"purse/tui/kit"
)

// The footer's facts break between facts at a narrow width: a value never leaves its name
// ("network" / "31337" was the 80-column footer), and nothing is dropped.
func TestFooterBreaksBetweenFacts(t *testing.T) {
	facts := []string{"approve?", "profile sandbox", "evm hw", "sol solhw", "account 5018971392", "network 31337"}
	line := strings.Join(facts, " | ")
	got := packFacts(facts, line, 80)
	if len(got) != 2 || got[1] != "network 31337" {
		t.Fatalf("packed %q", got)
	}
	for _, l := range got {
		if kit.Width(l) > 80 {
			t.Fatalf("a line of %d columns: %q", kit.Width(l), l)
		}
	}
	if strings.Join(got, " | ") != line {
		t.Fatalf("packed %q, lost something of %q", got, line)
	}
	held := line + " | unlocked partner 5m (ctrl+l locks)"
	if got := packFacts(facts, held, 60); !strings.HasSuffix(strings.Join(got, " | "), "unlocked partner 5m (ctrl+l locks)") {
		t.Fatalf("the held keys were lost: %q", got)
	}
}
