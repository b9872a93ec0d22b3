package auditlog

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"purse/app/audit"
	"purse/internal/visible/visibletest"
	"purse/keystore"
	"purse/tui/internal/tuitest"
	"purse/tui/kit"
)

type fakeLog struct {
	log      audit.Log
	err      error
	verified int
}

func (f *fakeLog) Check(verify bool) (audit.Log, error) {
	if verify {
		f.verified++
		return audit.Log{Path: f.log.Path, Verified: true, Count: len(f.log.Records), Break: f.log.Break}, f.err
	}
	return f.log, f.err
}

func run(t *testing.T, s *Screen, cmd tea.Cmd) {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command")
	}
	for _, m := range tuitest.Flatten(cmd) {
		s.Update(m)
	}
}

// The Audit screen lists every signature newest first with what it was for (escaped), shows
// one record whole on enter, and v verifies the chain, saying what it found; a broken chain
// is an error naming where.
func TestAuditScreen(t *testing.T) {
	f := &fakeLog{log: audit.Log{Path: "/home/audit.jsonl", Records: []keystore.AuditRecord{
		{Seq: 2, Time: "2026-11-29T18:23:23.123456789Z", Label: "me", Address: "0xabc", Purpose: "full-auth", Profile: "sb",
			Summary: "full-auth: POST /api/v2/card-status: blocks the card " + visibletest.Text, Digest: "0xd1", Changes: true, PID: 4242},
		{Seq: 1, Time: "2026-11-29T18:20:00Z", Label: "me", Purpose: "permit", Summary: "permit: 10.00 EUR24 to the card"},
	}}}
	env := kit.NewEnv(context.Background(), kit.Session{}, "", nil)
	s := New(env, f)
	s.SetSize(100, 20)
	run(t, s, s.Init())
	v := tuitest.Plain(s.View())
	for _, want := range []string{"2 signature(s) of this home", "2026-11-29 18:23:23", "full-auth: POST /api/v2/card-status", "permit: 10.00 EUR24", "read, not verified"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the list lacks %q:\n%s", want, v)
		}
	}
	visibletest.Verify(t, "audit list", v)
	s.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	v = strings.Join(strings.Fields(tuitest.Plain(s.View())), " ")
	for _, want := range []string{"digest 0xd1", "changes yes", "asked by process 4242", "time 2026-11-29 18:23:23 UTC"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the record lacks %q:\n%s", want, v)
		}
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	_, cmd := s.Update(tea.KeyPressMsg{Code: 'v', Text: "v"})
	run(t, s, cmd)
	if v := tuitest.Plain(s.View()); f.verified != 1 || !strings.Contains(v, "verified: 2 records, chain intact") {
		t.Fatalf("after v:\n%s", v)
	}
	f.err = errors.New("audit log: unreadable")
	_, cmd = s.Update(tea.KeyPressMsg{Code: 'v', Text: "v"})
	run(t, s, cmd)
	if v := tuitest.Plain(s.View()); !strings.Contains(v, "ERROR: audit log: unreadable") {
		t.Fatalf("a failed verification:\n%s", v)
	}
}
