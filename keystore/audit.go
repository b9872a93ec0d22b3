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
	"time"
)

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
	Prev    string `json:"prev"`
	Hash    string `json:"hash,omitempty"`
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
}

func (b *ChainBreak) Error() string {
	return fmt.Sprintf("audit log line %d: %s", b.Line, b.Reason)
}

const maxAuditLine = 64 << 10

// appendAudit adds one record (Seq, Time, Prev and Hash filled in here) under the process
// mutex and an exclusive file lock, and fsyncs it before returning.
func (s *Store) appendAudit(r AuditRecord) (AuditRecord, error) {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	f, err := os.OpenFile(s.auditPath, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
	}
	defer func() { _ = unlockFile(f) }()

	prev, seq := ZeroHash, uint64(0)
	last, err := lastAuditLine(f)
	if err != nil {
		return AuditRecord{}, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	if last != nil {
		lr, reason := parseAuditLine(last)
		if reason != "" {
			return AuditRecord{}, fmt.Errorf("audit log %s: the last record is damaged (%s); run purse audit verify", s.auditPath, reason)
		}
		prev, seq = lr.Hash, lr.Seq
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
			return nil, errors.New("the last line is incomplete (no newline): run purse audit verify")
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

// readAudit walks the log; fn sees each valid record. It stops at the first break.
func (s *Store) readAudit(fn func(AuditRecord)) (int, error) {
	f, err := os.Open(s.auditPath)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	defer f.Close()
	rd := bufio.NewReaderSize(f, 64<<10)
	prev := ZeroHash
	n := 0
	for {
		line, err := rd.ReadBytes('\n')
		if len(line) == 0 && errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return n, fmt.Errorf("audit log %s: %v", s.auditPath, err)
		}
		lineNo := n + 1
		if !bytes.HasSuffix(line, []byte("\n")) {
			return n, &ChainBreak{Line: lineNo, Reason: "incomplete line (no newline at the end of the file)"}
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
		fn(r)
	}
}

// VerifyAudit walks the whole hash chain. It returns the number of records, and a
// *ChainBreak naming the first broken line when the chain is broken.
func (s *Store) VerifyAudit() (int, error) {
	return s.readAudit(func(AuditRecord) {})
}

// ListAudit returns the records of the audit log, oldest first. A broken chain is an error
// (*ChainBreak); the records before the break are returned with it.
func (s *Store) ListAudit() ([]AuditRecord, error) {
	out := []AuditRecord{}
	_, err := s.readAudit(func(r AuditRecord) { out = append(out, r) })
	return out, err
}
