package audit

import (
	"os"
	"time"
)

// Watch follows the audit log for a front end that shows the account (the TUI): every
// signature made in this home is recorded there, whichever process made it (the agent for
// its clients, a CLI in another terminal, a proxy), with what the gate judged of it: whether
// it may change the account and which process asked. A screen that shows the account
// reloads when another process signed such a change for its profile (a `purse card block`
// from another terminal), instead of showing what is no longer true.
type Watch struct {
	a      Service
	size   int64
	mod    time.Time
	seq    uint64
	primed bool
}

// Watch starts following the log from its end.
func (a Service) Watch() *Watch { return &Watch{a: a} }

// Changed says whether, since the last call, a process other than pid signed for profile
// what may change its account; the first call only takes the log's end. The log is read
// again only when its file changed (one stat otherwise).
func (w *Watch) Changed(profile string, pid int) (bool, error) {
	ks, err := w.a.s.AuditLog()
	if err != nil {
		return false, err
	}
	st, err := os.Stat(ks.AuditPath())
	if os.IsNotExist(err) {
		w.primed = true
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if w.primed && st.Size() == w.size && st.ModTime().Equal(w.mod) {
		return false, nil
	}
	recs, err := ks.AuditSince(w.seq)
	if err != nil {
		return false, err
	}
	w.size, w.mod = st.Size(), st.ModTime()
	changed := false
	for _, r := range recs {
		w.seq = max(w.seq, r.Seq)
		changed = changed || w.primed && r.Changes && r.Profile == profile && r.PID != pid
	}
	w.primed = true
	return changed, nil
}
