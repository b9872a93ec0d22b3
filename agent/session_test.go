package agent

import (
	"log/slog"
	"testing"
	"time"
)

// A session approval is for one process as the kernel names it: the same executable, uid,
// pid and start time. Another executable, another start time (a recycled pid) or another pid
// is asked again; a peer the kernel says too little of gets none; it ends at its time and on
// every lock.
func TestSessionApprovalIsForOneProcess(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := &Server{Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }, Policy: DefaultPolicy(), keys: map[string]*held{}}
	me := Peer{UID: 1000, PID: 4242, Exe: "/usr/bin/purse", Known: true, Start: 777}
	if err := s.GrantSession(me, "personal", SessionAnswer{For: 10 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.SessionHolds(me, "personal"); !ok {
		t.Fatal("the same process is not covered")
	}
	recycled := me
	recycled.Start = 778
	otherExe := me
	otherExe.Exe = "/tmp/evil"
	otherPID := me
	otherPID.PID = 4243
	for name, p := range map[string]Peer{"a recycled pid": recycled, "another executable": otherExe, "another pid": otherPID} {
		if _, ok := s.SessionHolds(p, "personal"); ok {
			t.Errorf("%s inherits the session", name)
		}
	}
	if _, ok := s.SessionHolds(me, "full-auth card-status"); ok {
		t.Error("another purpose is covered")
	}
	if err := s.GrantSession(Peer{UID: 1000, PID: 1, Known: true, Exe: "/x"}, "personal", SessionAnswer{For: time.Minute}); err == nil {
		t.Error("a session for a process whose start time is unknown")
	}
	if err := s.GrantSession(me, "personal", SessionAnswer{For: MaxSession + time.Second}); err == nil {
		t.Error("a session over the longest")
	}
	if st := s.status(); len(st.Sessions) != 1 || st.Sessions[0].Start != 777 || st.Sessions[0].Until != now.Add(10*time.Minute) {
		t.Fatalf("status: %+v", st.Sessions)
	}
	now = now.Add(10 * time.Minute)
	if _, ok := s.SessionHolds(me, "personal"); ok {
		t.Error("an ended session holds")
	}
	if err := s.GrantSession(me, "personal", SessionAnswer{UntilLock: true}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(24 * time.Hour)
	if _, ok := s.SessionHolds(me, "personal"); !ok {
		t.Fatal("a session until lock ended before the lock")
	}
	s.LockAll()
	if _, ok := s.SessionHolds(me, "personal"); ok || len(s.status().Sessions) != 0 {
		t.Error("a lock left the session")
	}
}
