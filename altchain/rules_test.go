package altchain

import (
	"strings"
	"testing"
)

// checklist is every rule id of the pre-sign checklist, by section.
var checklist = map[string][]string{
	"A": {"A1", "A2", "A3", "A4", "A5"},
	"B": {"B6", "B7", "B8", "B9", "B10", "B31"},
	"C": {"C11", "C12", "C13", "C14", "C15", "C16"},
	"D": {"D17", "D18", "D19", "D20", "D21"},
	"E": {"E22", "E23"},
	"F": {"F24", "F25", "F26", "F32", "F33"},
	"G": {"G27", "G28", "G29"},
	"H": {"H30"},
}

// TestEveryRuleHasOneHome: every checklist id is in the table, every entry either checks
// or names the function that applies it, and each section's entries sit in that section's
// slice (so in that section's file).
func TestEveryRuleHasOneHome(t *testing.T) {
	sections := map[string][]Rule{"A": rulesA, "B": rulesB, "C": rulesC, "D": rulesD, "E": rulesE, "F": rulesF, "G": rulesG, "H": rulesH}
	n := 0
	for sec, ids := range checklist {
		for _, id := range ids {
			n++
			got := RulesByID(id)
			if len(got) == 0 {
				t.Errorf("%s is not in the rule table", id)
			}
			for _, r := range got {
				if (r.check == nil) == (r.Where == "") {
					t.Errorf("%s (%s): an entry either checks or names where the rule is applied", id, r.Title)
				}
				if r.Title == "" {
					t.Errorf("%s has no title", id)
				}
			}
		}
		for _, r := range sections[sec] {
			if !strings.HasPrefix(r.ID, sec) {
				t.Errorf("rule %s is in section %s's table", r.ID, sec)
			}
		}
	}
	// The checklist's 30 rules and the LayerZero ones added after it (B31, F32, F33).
	if n != 33 {
		t.Fatalf("the checklist has 33 rules, this test lists %d", n)
	}
	for _, r := range Rules {
		if _, ok := checklist[r.ID[:1]]; !ok {
			t.Errorf("rule %s is not a checklist id", r.ID)
		}
	}
	if g := RulesByID("G28"); len(g) != 1 || !strings.Contains(g[0].Where, "SimulateSigned") {
		t.Fatalf("where is G28? %+v", g)
	}
}
