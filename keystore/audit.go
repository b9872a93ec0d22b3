package keystore

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"purse/internal/atomicfile"
	"purse/internal/filelock"
	"purse/internal/regular"
)

// ErrAuditIncomplete is a log whose last line was cut off (a crash or a full disk during a
// write). Nothing is signed until `purse audit repair` removes that line.
var ErrAuditIncomplete = errors.New("the last line is incomplete (a write was cut off); nothing can be signed until `purse audit repair` removes it (it shows the line and keeps a copy of the log)")

// ErrAuditBroken is wrapped by a signature refused because the audit chain is broken (found
// by a verification, or by the append's own walk of the chain): someone else may have written
// there, so nothing is signed until the user repairs the log or sets it aside
// (`purse audit repair`).
var ErrAuditBroken = errors.New("the audit log's chain was found broken")

// auditBroken is what a verification that found the chain broken records beside the log
// (audit.broken.json), so that every signature after it refuses without walking the chain
// again; the next verification that finds the chain intact removes it.
type auditBroken struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Found  string `json:"found"` // RFC3339, UTC
}

const auditBrokenName = "audit.broken.json"

func (s *Store) auditBrokenPath() string { return filepath.Join(s.home, auditBrokenName) }

// noteAuditBreak records the outcome of a whole walk of the chain: a break inside it (a record
// changed, removed, inserted or reordered) is kept for the signatures that follow, an intact
// chain clears an earlier one. A log that disagrees with its head, or ends with an incomplete
// line, needs no record: every append checks both itself.
func (s *Store) noteAuditBreak(err error) error {
	var br *ChainBreak
	if errors.As(err, &br) && (br.Head || br.Tail) {
		return err
	}
	if !errors.As(err, &br) {
		if err == nil {
			if rerr := os.Remove(s.auditBrokenPath()); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				return fmt.Errorf("audit log: the chain is intact, but %s could not be removed: %v", s.auditBrokenPath(), rerr)
			}
		}
		return err
	}
	b, _ := json.Marshal(auditBroken{Line: br.Line, Reason: br.Reason, Found: s.now().UTC().Format(time.RFC3339)})
	if werr := writeAtomic(s.auditBrokenPath(), append(b, '\n'), 0o600); werr != nil {
		return fmt.Errorf("%w (and the break could not be recorded for the next signatures: %v)", err, werr)
	}
	return err
}

// checkAuditBreak refuses to sign while a verification's break is recorded.
func (s *Store) checkAuditBreak() error {
	b, err := regular.ReadFile(s.auditBrokenPath())
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	var br auditBroken
	if err != nil || json.Unmarshal(b, &br) != nil {
		return fmt.Errorf("%w (%s cannot be read: %v); run `purse audit verify`, then `purse audit repair`", ErrAuditBroken, s.auditBrokenPath(), err)
	}
	return fmt.Errorf("%w at line %d on %s (%s): a broken chain is a sign that someone else wrote there; `purse audit verify` shows it, `purse audit repair` repairs it or sets the log aside", ErrAuditBroken, br.Line, br.Found, br.Reason)
}

// AuditRecord is one line of the audit log. It says what was signed, never with what secret.
//
// Hash is sha256 of the record's canonical JSON: the encoding/json encoding of the record
// with Hash empty (so omitted), fields in the order below. Prev is the Hash of the record
// before it (ZeroHash for the first), so removing, changing or reordering lines breaks the
// chain.
type AuditRecord struct {
	Seq     uint64 `json:"seq"`
	Time    string `json:"time"` // RFC3339Nano, UTC
	Label   string `json:"label"`
	Address string `json:"address"`
	Purpose string `json:"purpose"`
	Digest  string `json:"digest"` // evm: the 32-byte digest signed; solana: sha256 of the message
	Profile string `json:"profile"`
	// Asset and Amount are what the signature moves, in display units ("EUR24", "25.00"),
	// when the gate determined it (a permit, a deposit): the policy's daily totals are summed
	// from them, so a total survives a restart.
	Asset  string `json:"asset,omitempty"`
	Amount string `json:"amount,omitempty"`
	// Summary says what was signed, in words (the route and what its payload does, the
	// permit's token, value and spender, the deposit's amount and destination), as the
	// signing gate read it from the typed request; shown escaped.
	Summary string `json:"summary,omitempty"`
	// Changes says the signature authorizes what may change the account (a call of a route
	// that changes it, a permit, Form A, a deposit), as the gate judged it; PID is the process
	// that asked for it, as the kernel says (the agent's client) or purse's own. A screen
	// showing the account reloads when another process signed such a change. Records written
	// before these fields hash as they did (omitted when zero).
	Changes bool   `json:"changes,omitempty"`
	PID     int    `json:"pid,omitempty"`
	Prev    string `json:"prev"`
	Hash    string `json:"hash,omitempty"`
	// Seal is set on the last record of every batch written while the log is sealed
	// (audit_seal.go). It is outside the hash, so the chain is the same sealed or not, and the
	// seal covers every record before it through the chain.
	Seal *AuditSeal `json:"seal,omitempty"`
}

// ZeroHash is the Prev of the first record.
const ZeroHash = "0x0000000000000000000000000000000000000000000000000000000000000000"

func (r AuditRecord) computeHash() (string, error) {
	r.Hash, r.Seal = "", nil
	b, err := json.Marshal(r)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return "0x" + hex.EncodeToString(sum[:]), nil
}

// ChainBreak is the first place the audit chain is broken.
type ChainBreak struct {
	Line   int    // 1-based line number in audit.jsonl
	Reason string // what is wrong
	// Head is a log that disagrees with its head (cut, emptied, deleted or replaced) while its
	// own chain holds; ResetAuditHead accepts it as it is.
	Head bool
	// Tail is an incomplete last line (a write cut off); RepairAudit removes it.
	Tail bool
	// ByKey is a break only a verification key found (a seal or a sealing state that is not
	// the key's, a sealed log gone): with a key the user typed it may be the key that is
	// wrong, so such a break is shown, not recorded for the signatures that follow.
	ByKey bool
}

func (b *ChainBreak) Error() string {
	return fmt.Sprintf("audit log line %d: %s", b.Line, b.Reason)
}

const maxAuditLine = 64 << 10

// auditHead is the last record's seq and hash, kept in a small file beside the log and
// rewritten after every append. The chain alone cannot tell a log cut after its last good
// line (or deleted) from a shorter one; the head can. A crash between the append and the head
// leaves the head one record behind, which still names a record of the chain.
type auditHead struct {
	Count uint64 `json:"count"`
	Hash  string `json:"hash"`
	// Seal is the sealing state of a sealed log: the epoch and key the next batch is sealed
	// with (audit_seal.go). Count is 0 (and Hash ZeroHash) only in the head `purse audit seal`
	// writes for an empty log.
	Seal *headSeal `json:"seal,omitempty"`
}

// AuditHeadPath is the file that holds the head of the audit log.
func (s *Store) AuditHeadPath() string { return filepath.Join(s.home, auditHeadName) }

const auditHeadName = "audit.head.json"

// readAuditHead returns the head, nil when there is none yet (a new home, or a log older than
// heads).
func (s *Store) readAuditHead() (*auditHead, error) {
	h, _, err := s.readAuditHeadSum()
	return h, err
}

// readAuditHeadSum is readAuditHead with the sha256 of the file's bytes.
func (s *Store) readAuditHeadSum() (*auditHead, [32]byte, error) {
	b, err := regular.ReadFile(s.AuditHeadPath())
	if errors.Is(err, os.ErrNotExist) {
		return nil, [32]byte{}, nil
	}
	defer wipe(b)
	if err != nil {
		return nil, [32]byte{}, fmt.Errorf("audit head %s: %v", s.AuditHeadPath(), err)
	}
	h, err := s.parseAuditHead(b)
	return h, sha256.Sum256(b), err
}

func (s *Store) parseAuditHead(b []byte) (*auditHead, error) {
	hf, err := parseHeadFile(b)
	h := hf.head
	if err != nil || h == nil || len(h.Hash) != len(ZeroHash) ||
		(h.Count == 0 && (h.Seal == nil || h.Hash != ZeroHash)) || !h.Seal.valid() {
		return nil, fmt.Errorf("audit head %s: expected {\"count\": N, \"hash\": \"0x...\"} and, on a sealed log, \"seal\": {\"epoch\": N, \"key\": 64 hex digits}; it was changed outside purse", s.AuditHeadPath())
	}
	return h, nil
}

// writeAuditHead moves the head to r with the sealing state seal (nil: the log is not
// sealed), and remembers what it wrote, so the next append of this process knows the head as
// its own (auditLastRecord).
func (s *Store) writeAuditHead(r AuditRecord, seal *headSeal) error {
	return s.writeAuditHeadAfter(r, seal, false)
}

// writeAuditHeadAfter is writeAuditHead; ours says the file was found to hold the head this
// process last wrote, under the lock held since, so its slot is known without a read.
func (s *Store) writeAuditHeadAfter(r AuditRecord, seal *headSeal, ours bool) error {
	// The new head goes in the slot the current one is not in (audit_head.go).
	slot, gen := 0, uint64(1)
	if ours {
		slot, gen = 1-s.headSlot, s.headGen+1
	} else if cur, err := regular.ReadFile(s.AuditHeadPath()); err == nil {
		if hf, err := parseHeadFile(cur); err == nil && hf.slot >= 0 {
			slot, gen = 1-hf.slot, hf.gen+1
		}
		wipe(cur)
	}
	b := headFileBytes(auditHead{Count: r.Seq, Hash: r.Hash, Seal: seal}, gen, slot)
	if err := writeHeadFile(s.AuditHeadPath(), b, 0o600); err != nil {
		s.auditHeadSum = [32]byte{}
		return fmt.Errorf("audit head: %v", err)
	}
	s.auditHeadSum, s.headSlot, s.headGen = sha256.Sum256(b), slot, gen
	wipe(b)
	return nil
}

// check says how the log's last record (nil: the log is empty or missing) disagrees with
// the head; "" when it does not.
func (h *auditHead) check(last *AuditRecord) string {
	switch {
	case h == nil, last == nil && h.Count == 0:
		return ""
	case last == nil:
		return fmt.Sprintf("the log is empty or missing, but its head ("+auditHeadName+") says %d records ending in %s (the log was deleted or emptied)", h.Count, h.Hash)
	case last.Seq == h.Count && last.Hash == h.Hash, last.Seq == h.Count+1 && last.Prev == h.Hash:
		return ""
	case last.Seq < h.Count:
		return fmt.Sprintf("truncated: the log ends at record %d, its head ("+auditHeadName+") says %d records ending in %s; records %d to %d are missing", last.Seq, h.Count, h.Hash, last.Seq+1, h.Count)
	}
	return fmt.Sprintf("the log ends at record %d (hash %s), which is not the chain its head ("+auditHeadName+") names (%d records ending in %s): the log was cut and written again", last.Seq, last.Hash, h.Count, h.Hash)
}

// deferredHead is DeferAuditHead's state, guarded by Store.auditMu: on, and the error of the
// last head written after its append returned.
type deferredHead struct {
	on  bool
	err error
}

// DeferAuditHead makes every later append of this store return as soon as its record is in
// the log and synced, and move the head (audit.head.json) afterwards, still holding the
// process mutex and the log's file lock, so the next append, a repair or another process
// waits for it. A long-running signer (the agent) sets it: the head is a second file written
// through a temporary file, two fsyncs and a rename, about half of what the agent took to
// answer a signature, and a head one record behind the log is what a crash between the two
// writes leaves anyway, which every check accepts (auditHead.check). A head write that fails
// makes the next append write its own head before it returns, and refuse when that fails
// too, as every append did before; WaitAudit waits for a pending write.
func (s *Store) DeferAuditHead() {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	s.deferred.on = true
}

// WaitAudit returns once no head write of this store is pending (taking the mutex that a
// pending write holds is the wait).
func (s *Store) WaitAudit() {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
}

// pendingAudit is one record waiting in the queue of a group commit: its answer (out, err)
// is set, and done closed, once the batch it was written in is synced; lead tells a waiter
// woken before that to commit the next batch itself.
type pendingAudit struct {
	r    AuditRecord
	out  AuditRecord
	err  error
	lead bool
	done chan struct{}
}

// auditQueue is the group commit's queue, guarded by its own mutex (never held across I/O):
// leading is set while some append is committing a batch.
type auditQueue struct {
	mu      sync.Mutex
	waiting []*pendingAudit
	leading bool
}

// appendAudit adds one record (Seq, Time, Prev and Hash filled in here) and returns once it
// is in the log and synced. Concurrent appends of a store are committed together (group
// commit): the first one in leads, takes every record queued so far as one batch, writes it
// with one write and one fsync under the process mutex and the log's file lock, answers each
// of them, and hands the lead to the first record that queued meanwhile, so no answer waits
// for more than the batch before its own. The head moves to the batch's last record (after
// the answers, under DeferAuditHead).
func (s *Store) appendAudit(r AuditRecord) (AuditRecord, error) {
	p := &pendingAudit{r: r, done: make(chan struct{})}
	q := &s.auditQ
	q.mu.Lock()
	q.waiting = append(q.waiting, p)
	if q.leading {
		q.mu.Unlock()
		<-p.done
		if !p.lead {
			return p.out, p.err
		}
		q.mu.Lock()
	}
	q.leading = true
	q.mu.Unlock()
	// The batch is taken once the process mutex is held (a deferred head write of the batch
	// before may hold it): whatever queues meanwhile goes in this batch, not the next.
	s.auditMu.Lock()
	q.mu.Lock()
	batch := q.waiting
	q.waiting = nil
	q.mu.Unlock()

	s.commitAudit(batch)

	q.mu.Lock()
	if len(q.waiting) > 0 {
		next := q.waiting[0]
		next.lead = true
		close(next.done)
	} else {
		q.leading = false
	}
	q.mu.Unlock()
	return p.out, p.err
}

// commitAudit writes batch as consecutive records of the chain and answers each of them. It
// is called with s.auditMu held and gives it back (or to the deferred head write).
func (s *Store) commitAudit(batch []*pendingAudit) {
	out, err := s.writeAuditBatch(batch)
	for i, p := range batch {
		if err != nil {
			p.err = err
		} else {
			p.out = out[i]
		}
		if !p.lead {
			close(p.done)
		}
	}
}

func (s *Store) writeAuditBatch(batch []*pendingAudit) ([]AuditRecord, error) {
	// release gives back what this batch holds; a deferred head write takes it over.
	release := s.auditMu.Unlock
	defer func() { release() }()
	if err := s.checkAuditBreak(); err != nil {
		return nil, err
	}
	flags := os.O_RDWR | os.O_APPEND
	if _, err := os.Lstat(s.auditPath); errors.Is(err, os.ErrNotExist) {
		// Only a log without a head may be started afresh; creating it here would hide a
		// deletion.
		head, err := s.readAuditHead()
		if err != nil {
			return nil, fmt.Errorf("%v; run purse audit verify", err)
		}
		if reason := head.check(nil); reason != "" {
			return nil, fmt.Errorf("audit log %s: %s; run purse audit verify (purse audit repair can take the log as it is)", s.auditPath, reason)
		}
		if head == nil {
			if err := s.checkNoSealedLogGone(); err != nil {
				return nil, err
			}
		}
		flags |= os.O_CREATE
	}
	f, err := regular.OpenFile(s.auditPath, flags, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	release = func() { _ = f.Close(); s.auditMu.Unlock() }
	if err := filelock.Lock(f); err != nil {
		return nil, fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
	}
	release = func() { _ = filelock.Unlock(f); _ = f.Close(); s.auditMu.Unlock() }

	prev, seq := ZeroHash, uint64(0)
	last, head, err := s.auditLastRecord(f)
	ours := s.headOurs
	if err != nil {
		return nil, err
	}
	if last != nil {
		prev, seq = last.Hash, last.Seq
	}
	sealer, err := head.sealer(last)
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	now := s.now().UTC().Format(time.RFC3339Nano)
	out := make([]AuditRecord, len(batch))
	var buf []byte
	for i, p := range batch {
		r := p.r
		seq++
		r.Seq, r.Time, r.Prev, r.Hash, r.Seal = seq, now, prev, "", nil
		if r.Hash, err = r.computeHash(); err != nil {
			return nil, err
		}
		if i == len(batch)-1 {
			r.Seal = sealer.seal(r)
		}
		line, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		buf = append(append(buf, line...), '\n')
		out[i], prev = r, r.Hash
	}
	if _, err := f.Write(buf); err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	r := out[len(out)-1]
	s.auditSeen, s.auditLast = fileStamp(f), &r
	next := sealer.next()
	if s.deferred.on && s.deferred.err == nil {
		done := release
		release = func() {}
		go func() {
			defer done()
			s.deferred.err = s.writeAuditHeadAfter(r, next, ours)
		}()
		return out, nil
	}
	if err := s.writeAuditHeadAfter(r, next, ours); err != nil {
		return nil, err
	}
	s.deferred.err = nil
	return out, nil
}

// auditLastRecord returns the last record of the log f (nil: empty) once it knows the chain
// up to it is intact and agrees with its head. The whole chain is walked unless the kernel
// says the log is the very file this process left after its last append (identity, size and
// change time, which no process can set back), so a record changed anywhere in the log
// stops the next signature whether or not a verification ran, and whether or not its note
// (audit.broken.json) is still there; an agent walks the log once, then only when another
// process wrote it. A change written within the same tick of the file system's clock as the
// last append and of the same size is left to verify (the change time's granularity).
func (s *Store) auditLastRecord(f *os.File) (*AuditRecord, *auditHead, error) {
	s.headOurs = false
	if st := fileStamp(f); st.ok && st == s.auditSeen && s.auditLast != nil {
		head, sum, err := s.readAuditHeadSum()
		if err != nil {
			return nil, nil, fmt.Errorf("%v; run purse audit verify", err)
		}
		// A head this process wrote, byte for byte (its sealing state too), names the last
		// record; any other (one that a failed deferred write left a batch behind, or
		// someone else's) is judged by a walk.
		if head != nil && sum == s.auditHeadSum && head.Count == s.auditLast.Seq && head.Hash == s.auditLast.Hash {
			s.headOurs = true
			return s.auditLast, head, nil
		}
	}
	s.auditSeen, s.auditLast = logStamp{}, nil
	w, err := s.walkAudit(nil, func(AuditRecord) {})
	var br *ChainBreak
	switch {
	case errors.As(err, &br) && br.Tail:
		return nil, nil, fmt.Errorf("audit log %s: %w", s.auditPath, ErrAuditIncomplete)
	case errors.As(err, &br) && br.Head:
		return nil, nil, fmt.Errorf("audit log %s: %s; run purse audit verify (purse audit repair can take the log as it is)", s.auditPath, br.Reason)
	case err != nil:
		return nil, nil, fmt.Errorf("audit log %s: %w: %w; nothing is signed on a chain that cannot be extended honestly: run purse audit verify, then purse audit repair (it cuts junk after the last good record, or sets the log aside, keeping a copy)", s.auditPath, ErrAuditBroken, s.noteAuditBreak(err))
	}
	return w.last, w.head, nil
}

// parseAuditLine decodes one line strictly and checks its own hash. reason is "" when fine.
func parseAuditLine(line []byte) (AuditRecord, string) {
	var r AuditRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, "bad JSON: " + err.Error()
	}
	if dec.More() {
		return r, "bad JSON: more than one value on the line"
	}
	if r.Hash == "" {
		return r, "bad record: no hash"
	}
	if _, err := time.Parse(time.RFC3339Nano, r.Time); err != nil {
		return r, fmt.Sprintf("bad record: time %q is not RFC3339", r.Time)
	}
	h, err := r.computeHash()
	if err != nil {
		return r, "bad record: " + err.Error()
	}
	if h != r.Hash {
		return r, fmt.Sprintf("hash mismatch: the record hashes to %s, the line says %s (the record was changed)", h, r.Hash)
	}
	return r, ""
}

// readAudit walks the log; fn sees each valid record. It stops at the first break. A log
// shorter than its head, or another chain than the head names, or a missing log with a head,
// is a break too.
func (s *Store) readAudit(fn func(AuditRecord)) (int, error) {
	w, err := s.walkAudit(nil, fn)
	return w.n, err
}

// auditWalk is how far a walk of the log got: n records of an intact chain, ending at byte
// end of the log (the start of the first line that broke it), and the head it was read
// against.
type auditWalk struct {
	n    int
	end  int64
	last *AuditRecord
	head *auditHead
	// atHead is the hash of the record the head counts to, "" until the walk reaches it.
	atHead string
	// lastSeal is the last sealed record (nil: none yet); sealed counts the seals.
	lastSeal *AuditRecord
	sealed   int
	// firstSealed is the seq of the first sealed record.
	firstSealed uint64
}

// walkAudit walks the chain, and the seals in it: their order always, their MACs when v (a
// verification key's walk) is given. A log that is sealed, or whose head carries a sealing
// state, is never taken as it is after a break of its head (Head is cleared): what is
// missing from a sealed log is evidence, and only a set-aside keeps it.
func (s *Store) walkAudit(v *sealVerifier, fn func(AuditRecord)) (auditWalk, error) {
	w, err := s.walkChain(v, fn)
	var br *ChainBreak
	if errors.As(err, &br) && br.Head && (w.sealed > 0 || (w.head != nil && w.head.Seal != nil)) {
		br.Head = false
		br.Reason += "; the log is sealed, so it is not accepted as it is: `purse audit repair` sets it aside, then `purse audit seal --replace` seals a new one"
	}
	return w, err
}

func (s *Store) walkChain(v *sealVerifier, fn func(AuditRecord)) (auditWalk, error) {
	var w auditWalk
	head, err := s.readAuditHead()
	if err != nil {
		return w, &ChainBreak{Line: 1, Reason: err.Error(), Head: true}
	}
	w.head = head
	if head != nil && head.Count == 0 {
		w.atHead = ZeroHash
	}
	f, err := regular.Open(s.auditPath)
	if errors.Is(err, os.ErrNotExist) {
		if reason := head.check(nil); reason != "" {
			return w, &ChainBreak{Line: 1, Reason: reason, Head: true}
		}
		return w, w.sealsAtEnd(v)
	}
	if err != nil {
		return w, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	// ReadSlice bounds a line by the buffer, so junk without newlines costs no more memory
	// than a record may take.
	rd := bufio.NewReaderSize(f, maxAuditLine+1)
	prev := ZeroHash
	for {
		line, err := rd.ReadSlice('\n')
		if len(line) == 0 && errors.Is(err, io.EOF) {
			switch {
			case head == nil:
			case head.Count > 0 && (w.last == nil || w.last.Seq < head.Count):
				return w, &ChainBreak{Line: w.n + 1, Reason: head.check(w.last), Head: true}
			case w.atHead != head.Hash:
				return w, &ChainBreak{Line: int(head.Count), Head: true, Reason: fmt.Sprintf("record %d (hash %s) is not the one the head %s names (%s): the log was cut and written again",
					head.Count, w.atHead, s.AuditHeadPath(), head.Hash)}
			}
			return w, w.sealsAtEnd(v)
		}
		lineNo := w.n + 1
		if errors.Is(err, bufio.ErrBufferFull) {
			return w, &ChainBreak{Line: lineNo, Reason: fmt.Sprintf("a line longer than any record (over %d bytes without a newline)", maxAuditLine)}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return w, fmt.Errorf("audit log %s: %v", s.auditPath, err)
		}
		if !bytes.HasSuffix(line, []byte("\n")) {
			return w, &ChainBreak{Line: lineNo, Tail: true, Reason: "incomplete line (no newline at the end of the file: a write was cut off); `purse audit repair` removes it"}
		}
		r, reason := parseAuditLine(bytes.TrimSuffix(line, []byte("\n")))
		if reason != "" {
			return w, &ChainBreak{Line: lineNo, Reason: reason}
		}
		if r.Prev != prev {
			return w, &ChainBreak{Line: lineNo, Reason: fmt.Sprintf("prev mismatch: expected %s (the hash of line %d), found %s (a record was removed, inserted or reordered)", prev, lineNo-1, r.Prev)}
		}
		if r.Seq != uint64(lineNo) {
			return w, &ChainBreak{Line: lineNo, Reason: fmt.Sprintf("seq gap: expected seq %d, found %d", lineNo, r.Seq)}
		}
		if br := w.checkSeal(v, r); br != nil {
			return w, br
		}
		prev = r.Hash
		w.n++
		w.end += int64(len(line))
		w.last = &r
		if head != nil && r.Seq == head.Count {
			w.atHead = r.Hash
		}
		fn(r)
	}
}

// VerifyAudit walks the whole hash chain. It returns the number of records, and a
// *ChainBreak naming the first broken line when the chain is broken.
// The outcome is recorded: a break makes every later signature refuse (ErrAuditBroken) until a
// verification finds the chain intact again (after a repair) or the log is set aside.
func (s *Store) VerifyAudit() (int, error) {
	n, err := s.readAudit(func(AuditRecord) {})
	return n, s.noteAuditBreak(err)
}

// ListAudit returns the records of the audit log, oldest first. A broken chain is an error
// (*ChainBreak); the records before the break are returned with it.
// AuditSince lists the records after seq, oldest first, read as ListAudit reads them (up
// to a break of the chain).
func (s *Store) AuditSince(seq uint64) ([]AuditRecord, error) {
	var out []AuditRecord
	_, err := s.readAudit(func(r AuditRecord) {
		if r.Seq > seq {
			out = append(out, r)
		}
	})
	return out, s.noteAuditBreak(err)
}

func (s *Store) ListAudit() ([]AuditRecord, error) {
	out := []AuditRecord{}
	_, err := s.readAudit(func(r AuditRecord) { out = append(out, r) })
	return out, s.noteAuditBreak(err)
}

// AuditTail is what follows the last good record of the audit log: an incomplete line (a
// write cut off by a crash or a full disk) or junk written after the chain. It holds what
// was being recorded, never a secret.
type AuditTail struct {
	Path   string
	Offset int64  // where it starts (the end of the last good record): the log's size once it is cut
	Line   []byte // every byte after Offset
}

// maxAuditCut bounds what a repair reads to show and keep: more than this after the last
// good record is left for a person to inspect.
const maxAuditCut = 256 << 20

// IncompleteAuditTail returns what a repair may cut after the last good record of the log,
// nil when nothing may be cut: the log ends with a good record (or does not exist), or the
// break is one a cut would hide. A cut never removes a record the head names (a record
// changed inside the chain, a log cut short: the log is set aside whole or accepted as it
// is), nor a line that is a record by its own hash (a changed last record is a person's to
// judge).
func (s *Store) IncompleteAuditTail() (*AuditTail, error) {
	w, err := s.walkAudit(nil, func(AuditRecord) {})
	var br *ChainBreak
	if !errors.As(err, &br) || br.Head {
		if err != nil && !errors.As(err, &br) {
			return nil, err
		}
		return nil, nil
	}
	if h := w.head; h != nil && (uint64(w.n) < h.Count || w.atHead != h.Hash) {
		return nil, nil
	}
	f, err := regular.Open(s.auditPath)
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if st.Size()-w.end > maxAuditCut {
		return nil, fmt.Errorf("audit log %s: %d bytes follow the last good record (line %d), more than a repair reads (%d); they are left for you to inspect", s.auditPath, st.Size()-w.end, w.n, maxAuditCut)
	}
	rest := make([]byte, st.Size()-w.end)
	if _, err := f.ReadAt(rest, w.end); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	for _, line := range bytes.Split(rest, []byte("\n")) {
		if _, reason := parseAuditLine(line); reason == "" {
			return nil, nil
		}
	}
	return &AuditTail{Path: s.auditPath, Offset: w.end, Line: rest}, nil
}

// RepairAudit cuts what follows the last good record, want (as IncompleteAuditTail returned
// it and the user confirmed): it first copies the whole log to a new file beside it, then
// cuts the log at want.Offset. It refuses when the log has changed since. It returns the
// copy's path.
func (s *Store) RepairAudit(want *AuditTail) (string, error) {
	if want == nil {
		return "", errors.New("audit repair: nothing follows the last good record of the log; nothing to repair")
	}
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	f, err := regular.OpenFile(s.auditPath, os.O_RDWR, 0)
	if err != nil {
		return "", fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	if err := filelock.Lock(f); err != nil {
		return "", fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
	}
	defer func() { _ = filelock.Unlock(f) }()
	got, err := s.IncompleteAuditTail()
	if err != nil {
		return "", err
	}
	if got == nil || got.Offset != want.Offset || !bytes.Equal(got.Line, want.Line) {
		return "", fmt.Errorf("audit log %s: it changed since what follows its last good record was shown; nothing was changed, run purse audit repair again", s.auditPath)
	}
	backup := s.brokenCopy(s.auditPath)
	whole, err := io.ReadAll(io.NewSectionReader(f, 0, want.Offset+int64(len(want.Line))))
	if err == nil {
		err = atomicfile.WriteNew(backup, whole, 0o600)
	}
	if err != nil {
		return "", fmt.Errorf("audit repair: cannot keep a copy of the log at %s (%v); nothing was changed", backup, err)
	}
	if err := f.Truncate(want.Offset); err != nil {
		return backup, fmt.Errorf("audit log %s: cannot cut what follows the last good record (%v); a copy is at %s", s.auditPath, err, backup)
	}
	if err := f.Sync(); err != nil {
		return backup, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	s.auditSeen = logStamp{}
	// The break the cut removed was recorded by the append it stopped; what the chain is now
	// replaces it.
	_, err = s.readAudit(func(AuditRecord) {})
	return backup, s.noteAuditBreak(err)
}

// ResetAuditHead accepts a log that disagrees with its head (the user confirmed, after seeing
// the break): the head is moved to a new file beside it, so the evidence stays, and the next
// signature starts a new head from the log's last record. It refuses when the log and its
// head agree, or when the chain itself is broken. It returns where the old head is kept.
func (s *Store) ResetAuditHead() (string, error) {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	if f, err := regular.OpenFile(s.auditPath, os.O_RDWR, 0); err == nil {
		defer f.Close()
		if err := filelock.Lock(f); err != nil {
			return "", fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
		}
		defer func() { _ = filelock.Unlock(f) }()
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	_, err := s.readAudit(func(AuditRecord) {})
	var br *ChainBreak
	if !errors.As(err, &br) || !br.Head {
		if err == nil {
			return "", errors.New("audit repair: the log agrees with its head; nothing to accept")
		}
		return "", fmt.Errorf("audit repair: %v; only a log that disagrees with its head can be accepted as it is", err)
	}
	backup := s.brokenCopy(s.AuditHeadPath())
	if err := os.Link(s.AuditHeadPath(), backup); err != nil {
		return "", fmt.Errorf("audit repair: cannot keep the head at %s (%v); nothing was changed", backup, err)
	}
	if err := os.Remove(s.AuditHeadPath()); err != nil {
		return backup, fmt.Errorf("audit repair: %v", err)
	}
	syncDir(s.home)
	return backup, nil
}

// SetAsideAudit starts a new audit log after a break the user judged (a record changed inside
// the chain, which is never repaired): the log and its head are renamed beside themselves
// (audit.jsonl.broken-TIME, audit.head.json.broken-TIME), evidence kept as it was, and the
// recorded break is cleared. It refuses while the chain is intact. It returns the log's copy.
func (s *Store) SetAsideAudit() (string, error) {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	if _, err := s.readAudit(func(AuditRecord) {}); err == nil {
		return "", errors.New("audit repair: the chain is intact; nothing to set aside")
	}
	kept := s.brokenCopy(s.auditPath)
	if err := os.Rename(s.auditPath, kept); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("audit repair: cannot set %s aside (%v); nothing was changed", s.auditPath, err)
	}
	if err := os.Rename(s.AuditHeadPath(), s.brokenCopy(s.AuditHeadPath())); err != nil && !errors.Is(err, os.ErrNotExist) {
		return kept, fmt.Errorf("audit repair: the log is at %s, but its head could not be set aside: %v", kept, err)
	}
	if err := os.Remove(s.auditBrokenPath()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return kept, fmt.Errorf("audit repair: the log is at %s, but %v", kept, err)
	}
	syncDir(s.home)
	return kept, nil
}

// brokenMark and brokenStamp name the copy a repair keeps (see brokenCopy).
const (
	brokenMark  = ".broken-"
	brokenStamp = "20060102T150405.000000000Z"
)

// brokenCopy names the copy a repair keeps of path: beside it, stamped with the time.
func (s *Store) brokenCopy(path string) string {
	return path + brokenMark + s.now().UTC().Format(brokenStamp)
}
