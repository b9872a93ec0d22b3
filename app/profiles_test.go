package app

import (
	"testing"

	"purse/config"
)

// MovingForTest counts delta more (or, negative, fewer) signed fund-moving requests of a
// being sent and settled, as a deposit or permit does: profiles_switch_test.go, an external
// test file of this binary (it calls app/profiles, which imports app), holds a switch to it.
func MovingForTest(a *App, delta int32) { a.moving.Add(delta) }

// BenchmarkFollowProfileUnchanged is what the TUI pays every 2 seconds and at each screen
// shown while no other process changes the profiles file: one stat.
func BenchmarkFollowProfileUnchanged(b *testing.B) { benchFollow(b, false) }

// BenchmarkFollowProfileChanged is a look that finds the file rewritten: it reads and parses
// it again.
func BenchmarkFollowProfileChanged(b *testing.B) { benchFollow(b, true) }

// benchFollow measures the session's follow (app/profiles' Follow is it, through the port).
func benchFollow(b *testing.B, rewritten bool) {
	s, err := New(b.TempDir(), "", nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("deadline_window", "4m") }); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if rewritten {
			s.profileFile = nil // as after another process's write
		}
		if _, changed, err := s.followProfile(); changed || err != nil {
			b.Fatal(changed, err)
		}
	}
}
