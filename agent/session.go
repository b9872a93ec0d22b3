package agent

import (
	"fmt"
	"sort"
	"time"
)

// Session approvals: when the display approves a request the policy wanted confirmed, it may
// approve the same client for the same purpose and route for a while, or until the next lock.
// The client is what the kernel says of the process (executable, uid, pid and the process's
// start time), so another program, or a process that got a recycled pid, is asked again. An
// amount limit decides before a session: what a limit sends to the display always goes there.

// SessionAnswer is the display's approval of a session beside its yes: For a duration, or
// UntilLock.
type SessionAnswer struct {
	For       time.Duration `json:"for,omitempty"`
	UntilLock bool          `json:"untilLock,omitempty"`
}

// MaxSession is the longest a session approval lasts short of "until lock".
const MaxSession = 8 * time.Hour

// SessionStatus is one session approval, for `purse agent status`.
type SessionStatus struct {
	Client string    `json:"client"` // what the kernel says of the process (Peer.String)
	Exe    string    `json:"exe"`
	UID    int       `json:"uid"`
	PID    int       `json:"pid"`
	Start  uint64    `json:"start"` // the process's start time (clock ticks after boot)
	Scope  string    `json:"scope"` // the purpose and the routes it covers
	Since  time.Time `json:"since"`
	// Until is when it ends; zero with UntilLock: at the next lock.
	Until     time.Time `json:"until,omitzero"`
	UntilLock bool      `json:"untilLock,omitempty"`
}

type sessionKey struct {
	exe      string
	uid, pid int
	start    uint64
	scope    string
}

// sessionable says whether the kernel said enough of p to tell it from any other process.
func sessionable(p Peer) bool { return p.Known && p.Exe != "" && p.Start != 0 && p.PID > 0 }

func keyOf(p Peer, scope string) sessionKey {
	return sessionKey{exe: p.Exe, uid: p.UID, pid: p.PID, start: p.Start, scope: scope}
}

// Sessionable says whether a session could be granted to p.
func (s *Server) Sessionable(p Peer) bool { return sessionable(p) }

// SessionHolds says whether a session approval covers p's request of scope now, and until
// when in words.
func (s *Server) SessionHolds(p Peer, scope string) (string, bool) {
	if !sessionable(p) {
		return "", false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.sessions[keyOf(p, scope)]
	if !ok {
		return "", false
	}
	if !ss.UntilLock && !s.now().Before(ss.Until) {
		delete(s.sessions, keyOf(p, scope))
		return "", false
	}
	if ss.UntilLock {
		return fmt.Sprintf("approved on the display at %s for this client (%s) and %s until the next lock", ss.Since.UTC().Format(time.RFC3339), p, scope), true
	}
	return fmt.Sprintf("approved on the display at %s for this client (%s) and %s until %s", ss.Since.UTC().Format(time.RFC3339), p, scope, ss.Until.UTC().Format(time.RFC3339)), true
}

// GrantSession records the display's session approval a for p's requests of scope.
func (s *Server) GrantSession(p Peer, scope string, a SessionAnswer) error {
	if !sessionable(p) {
		return fmt.Errorf("no session for %s: the kernel does not say enough of it", p)
	}
	if !a.UntilLock && (a.For <= 0 || a.For > MaxSession) {
		return fmt.Errorf("a session of %s: expected up to %s, or until lock", a.For, MaxSession)
	}
	now := s.now()
	ss := SessionStatus{Client: p.String(), Exe: p.Exe, UID: p.UID, PID: p.PID, Start: p.Start, Scope: scope, Since: now, UntilLock: a.UntilLock}
	if !a.UntilLock {
		ss.Until = now.Add(a.For)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sessions == nil {
		s.sessions = map[sessionKey]SessionStatus{}
	}
	s.sessions[keyOf(p, scope)] = ss
	s.Log.Info("agent: session approved on the display", "client", ss.Client, "scope", scope, "until", ss.Until, "untilLock", ss.UntilLock)
	return nil
}

// sessionList lists the live sessions and drops the ended ones; s.mu is held.
func (s *Server) sessionList() []SessionStatus {
	out := []SessionStatus{}
	now := s.now()
	for k, ss := range s.sessions {
		if !ss.UntilLock && !now.Before(ss.Until) {
			delete(s.sessions, k)
			continue
		}
		out = append(out, ss)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Since.Before(out[j].Since) })
	return out
}
