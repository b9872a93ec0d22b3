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
	"time"

	"purse/internal/atomicfile"
	"purse/internal/filelock"
	"purse/internal/regular"
)

// ErrAuditIncomplete is a log whose last line was cut off (a crash or a full disk during a
// write). Nothing is signed until `purse audit repair` removes that line.
var ErrAuditIncomplete = errors.New("the last line is incomplete (a write was cut off); nothing can be signed until `purse audit repair` removes it (it shows the line and keeps a copy of the log)")

// ErrAuditBroken is wrapped by a signature refused because a verification found the audit
// chain broken: someone else may have written there, so nothing is signed until the user
// repairs the log or sets it aside (`purse audit repair`).
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
	Prev   string `json:"prev"`
	Hash   string `json:"hash,omitempty"`
}

// ZeroHash is the Prev of the first record.
const ZeroHash = "0x0000000000000000000000000000000000000000000000000000000000000000"

func (r AuditRecord) computeHash() (string, error) {
	r.Hash = ""
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
}

// AuditHeadPath is the file that holds the head of the audit log.
func (s *Store) AuditHeadPath() string { return filepath.Join(s.home, auditHeadName) }

const auditHeadName = "audit.head.json"

// readAuditHead returns the head, nil when there is none yet (a new home, or a log older than
// heads).
func (s *Store) readAuditHead() (*auditHead, error) {
	b, err := regular.ReadFile(s.AuditHeadPath())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit head %s: %v", s.AuditHeadPath(), err)
	}
	var h auditHead
	if err := json.Unmarshal(b, &h); err != nil || h.Count == 0 || len(h.Hash) != len(ZeroHash) {
		return nil, fmt.Errorf("audit head %s: expected {\"count\": N, \"hash\": \"0x...\"}; it was changed outside purse", s.AuditHeadPath())
	}
	return &h, nil
}

func (s *Store) writeAuditHead(r AuditRecord) error {
	b, _ := json.Marshal(auditHead{Count: r.Seq, Hash: r.Hash})
	if err := writeAtomic(s.AuditHeadPath(), append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("audit head: %v", err)
	}
	return nil
}

// check says how the log's last record (nil: the log is empty or missing) disagrees with
// the head; "" when it does not.
func (h *auditHead) check(last *AuditRecord) string {
	switch {
	case h == nil:
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

// appendAudit adds one record (Seq, Time, Prev and Hash filled in here) under the process
// mutex and an exclusive file lock, fsyncs it, and moves the head to it (after it returns,
// under DeferAuditHead).
func (s *Store) appendAudit(r AuditRecord) (AuditRecord, error) {
	s.auditMu.Lock()
	// release gives back what this append holds; a deferred head write takes it over.
	release := s.auditMu.Unlock
	defer func() { release() }()
	if err := s.checkAuditBreak(); err != nil {
		return AuditRecord{}, err
	}
	flags := os.O_RDWR | os.O_APPEND
	if _, err := os.Lstat(s.auditPath); errors.Is(err, os.ErrNotExist) {
		// Only a log without a head may be started afresh; creating it here would hide a
		// deletion.
		head, err := s.readAuditHead()
		if err != nil {
			return AuditRecord{}, fmt.Errorf("%v; run purse audit verify", err)
		}
		if reason := head.check(nil); reason != "" {
			return AuditRecord{}, fmt.Errorf("audit log %s: %s; run purse audit verify (purse audit repair can take the log as it is)", s.auditPath, reason)
		}
		flags |= os.O_CREATE
	}
	f, err := regular.OpenFile(s.auditPath, flags, 0o600)
	if err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	release = func() { _ = f.Close(); s.auditMu.Unlock() }
	if err := filelock.Lock(f); err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
	}
	release = func() { _ = filelock.Unlock(f); _ = f.Close(); s.auditMu.Unlock() }

	prev, seq := ZeroHash, uint64(0)
	last, err := lastAuditLine(f)
	if err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	var lastRec *AuditRecord
	if last != nil {
		lr, reason := parseAuditLine(last)
		if reason != "" {
			return AuditRecord{}, fmt.Errorf("audit log %s: the last record is damaged (%s); run purse audit verify", s.auditPath, reason)
		}
		prev, seq = lr.Hash, lr.Seq
		lastRec = &lr
	}
	head, err := s.readAuditHead()
	if err != nil {
		return AuditRecord{}, fmt.Errorf("%v; run purse audit verify", err)
	}
	if reason := head.check(lastRec); reason != "" {
		return AuditRecord{}, fmt.Errorf("audit log %s: %s; run purse audit verify (purse audit repair can take the log as it is)", s.auditPath, reason)
	}
	r.Seq = seq + 1
	r.Time = s.now().UTC().Format(time.RFC3339Nano)
	r.Prev = prev
	r.Hash = ""
	if r.Hash, err = r.computeHash(); err != nil {
		return AuditRecord{}, err
	}
	line, err := json.Marshal(r)
	if err != nil {
		return AuditRecord{}, err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if err := f.Sync(); err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if s.deferred.on && s.deferred.err == nil {
		done := release
		release = func() {}
		go func() {
			defer done()
			s.deferred.err = s.writeAuditHead(r)
		}()
		return r, nil
	}
	if err := s.writeAuditHead(r); err != nil {
		return AuditRecord{}, err
	}
	s.deferred.err = nil
	return r, nil
}

// lastAuditLine returns the last line of f without its newline (nil for an empty file).
func lastAuditLine(f *os.File) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size == 0 {
		return nil, nil
	}
	var buf []byte
	off := size
	for {
		n := int64(4096)
		if n > off {
			n = off
		}
		off -= n
		b := make([]byte, n)
		if _, err := f.ReadAt(b, off); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		buf = append(b, buf...)
		if buf[len(buf)-1] != '\n' {
			return nil, ErrAuditIncomplete
		}
		if i := bytes.LastIndexByte(buf[:len(buf)-1], '\n'); i >= 0 {
			return buf[i+1 : len(buf)-1], nil
		}
		if off == 0 {
			return buf[:len(buf)-1], nil
		}
		if len(buf) > maxAuditLine {
			return nil, errors.New("the last line is longer than any record: run purse audit verify")
		}
	}
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
	head, err := s.readAuditHead()
	if err != nil {
		return 0, &ChainBreak{Line: 1, Reason: err.Error(), Head: true}
	}
	f, err := regular.Open(s.auditPath)
	if errors.Is(err, os.ErrNotExist) {
		if reason := head.check(nil); reason != "" {
			return 0, &ChainBreak{Line: 1, Reason: reason, Head: true}
		}
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	rd := bufio.NewReaderSize(f, 64<<10)
	prev := ZeroHash
	n := 0
	var last *AuditRecord
	atHead := "" // the hash of the record the head counts to
	for {
		line, err := rd.ReadBytes('\n')
		if len(line) == 0 && errors.Is(err, io.EOF) {
			switch {
			case head == nil:
			case last == nil || last.Seq < head.Count:
				return n, &ChainBreak{Line: n + 1, Reason: head.check(last), Head: true}
			case atHead != head.Hash:
				return n, &ChainBreak{Line: int(head.Count), Head: true, Reason: fmt.Sprintf("record %d (hash %s) is not the one the head %s names (%s): the log was cut and written again",
					head.Count, atHead, s.AuditHeadPath(), head.Hash)}
			}
			return n, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return n, fmt.Errorf("audit log %s: %v", s.auditPath, err)
		}
		lineNo := n + 1
		if !bytes.HasSuffix(line, []byte("\n")) {
			return n, &ChainBreak{Line: lineNo, Tail: true, Reason: "incomplete line (no newline at the end of the file: a write was cut off); `purse audit repair` removes it"}
		}
		r, reason := parseAuditLine(bytes.TrimSuffix(line, []byte("\n")))
		if reason != "" {
			return n, &ChainBreak{Line: lineNo, Reason: reason}
		}
		if r.Prev != prev {
			return n, &ChainBreak{Line: lineNo, Reason: fmt.Sprintf("prev mismatch: expected %s (the hash of line %d), found %s (a record was removed, inserted or reordered)", prev, lineNo-1, r.Prev)}
		}
		if r.Seq != uint64(lineNo) {
			return n, &ChainBreak{Line: lineNo, Reason: fmt.Sprintf("seq gap: expected seq %d, found %d", lineNo, r.Seq)}
		}
		prev = r.Hash
		n++
		last = &r
		if head != nil && r.Seq == head.Count {
			atHead = r.Hash
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
func (s *Store) ListAudit() ([]AuditRecord, error) {
	out := []AuditRecord{}
	_, err := s.readAudit(func(r AuditRecord) { out = append(out, r) })
	return out, s.noteAuditBreak(err)
}

// AuditTail is the incomplete last line of the audit log: a write cut off by a crash or a
// full disk. It holds what was being recorded, never a secret.
type AuditTail struct {
	Path   string
	Offset int64  // where the line starts: the log's size once it is removed
	Line   []byte // the bytes after the last newline
}

// IncompleteAuditTail returns the incomplete last line of the log, nil when the log ends with
// a newline (or does not exist).
func (s *Store) IncompleteAuditTail() (*AuditTail, error) {
	f, err := regular.Open(s.auditPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	return s.auditTail(f)
}

func (s *Store) auditTail(f *os.File) (*AuditTail, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	size := st.Size()
	n := min(size, int64(maxAuditLine)+1)
	b := make([]byte, n)
	if _, err := f.ReadAt(b, size-n); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if n == 0 || b[n-1] == '\n' {
		return nil, nil
	}
	i := bytes.LastIndexByte(b, '\n')
	if i < 0 && n < size {
		return nil, fmt.Errorf("audit log %s: the last line is longer than any record (%d bytes without a newline); it is not a cut-off record, so it is left for you to inspect", s.auditPath, maxAuditLine)
	}
	return &AuditTail{Path: s.auditPath, Offset: size - n + int64(i+1), Line: b[i+1:]}, nil
}

// RepairAudit removes the incomplete last line want (as IncompleteAuditTail returned it and
// the user confirmed): it first copies the whole log to a new file beside it, then cuts the
// log at want.Offset. It refuses when the log has changed since. It returns the copy's path.
func (s *Store) RepairAudit(want *AuditTail) (string, error) {
	if want == nil {
		return "", errors.New("audit repair: the log has no incomplete last line; nothing to repair")
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
	got, err := s.auditTail(f)
	if err != nil {
		return "", err
	}
	if got == nil || got.Offset != want.Offset || !bytes.Equal(got.Line, want.Line) {
		return "", fmt.Errorf("audit log %s: it changed since its last line was shown; nothing was changed, run purse audit repair again", s.auditPath)
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
		return backup, fmt.Errorf("audit log %s: cannot cut the incomplete line (%v); a copy is at %s", s.auditPath, err, backup)
	}
	if err := f.Sync(); err != nil {
		return backup, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	return backup, nil
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
