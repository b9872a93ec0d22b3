package keystore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"purse/wallet"
)

func auditStore(t *testing.T, home string) *Store {
	t.Helper()
	s, err := Open(Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func appendN(t *testing.T, s *Store, n int, label string) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := s.appendAudit(AuditRecord{Label: label, Address: devAddress, Purpose: "personal",
			Digest: common.BigToHash(common.Big1).Hex(), Profile: "p"}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAuditConcurrentAppends(t *testing.T) {
	home := t.TempDir()
	stores := []*Store{auditStore(t, home), auditStore(t, home)}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			appendN(t, stores[g%2], 10, fmt.Sprintf("g%d", g))
		}(g)
	}
	wg.Wait()
	n, err := stores[0].VerifyAudit()
	if err != nil || n != 80 {
		t.Fatalf("verify %d %v", n, err)
	}
}

// TestAuditHelperProcess is the child of TestAuditAcrossProcesses.
func TestAuditHelperProcess(t *testing.T) {
	home := os.Getenv("PURSE_AUDIT_HELPER_HOME")
	if home == "" {
		t.Skip("helper process only")
	}
	n, _ := strconv.Atoi(os.Getenv("PURSE_AUDIT_HELPER_N"))
	appendN(t, auditStore(t, home), n, "proc")
}

func TestAuditAcrossProcesses(t *testing.T) {
	home := t.TempDir()
	const procs, each = 3, 25
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for i := 0; i < procs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestAuditHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), "PURSE_AUDIT_HELPER_HOME="+home, "PURSE_AUDIT_HELPER_N="+strconv.Itoa(each))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("%v: %s", err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	n, err := auditStore(t, home).VerifyAudit()
	if err != nil || n != procs*each {
		t.Fatalf("verify %d %v", n, err)
	}
}

func TestVerifyAuditReportsFirstBreak(t *testing.T) {
	fresh := func(t *testing.T) (*Store, [][]byte) {
		s := auditStore(t, t.TempDir())
		appendN(t, s, 4, "k")
		b, _ := os.ReadFile(s.auditPath)
		return s, bytes.SplitAfter(b, []byte("\n"))[:4]
	}
	write := func(t *testing.T, s *Store, lines [][]byte) {
		if err := os.WriteFile(s.auditPath, bytes.Join(lines, nil), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rehash := func(t *testing.T, line []byte, edit func(r *AuditRecord)) []byte {
		var r AuditRecord
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		edit(&r)
		r.Hash, _ = r.computeHash()
		b, _ := json.Marshal(r)
		return append(b, '\n')
	}
	for _, c := range []struct {
		name   string
		tamper func(t *testing.T, lines [][]byte) [][]byte
		line   int
		reason string
	}{
		{"bad json", func(t *testing.T, l [][]byte) [][]byte { l[1] = []byte("{not json\n"); return l }, 2, "bad JSON"},
		{"unknown field", func(t *testing.T, l [][]byte) [][]byte {
			l[2] = bytes.Replace(l[2], []byte(`{"seq"`), []byte(`{"secret":"x","seq"`), 1)
			return l
		}, 3, "bad JSON"},
		{"changed digest", func(t *testing.T, l [][]byte) [][]byte {
			l[1] = bytes.Replace(l[1], []byte(`"purpose":"personal"`), []byte(`"purpose":"permit"`), 1)
			return l
		}, 2, "hash mismatch"},
		{"removed line", func(t *testing.T, l [][]byte) [][]byte { return append(l[:1], l[2:]...) }, 2, "prev mismatch"},
		{"swapped lines", func(t *testing.T, l [][]byte) [][]byte { l[2], l[3] = l[3], l[2]; return l }, 3, "prev mismatch"},
		{"seq gap", func(t *testing.T, l [][]byte) [][]byte {
			l[1] = rehash(t, l[1], func(r *AuditRecord) { r.Seq = 7 })
			return l
		}, 2, "seq gap: expected seq 2, found 7"},
		{"incomplete last line", func(t *testing.T, l [][]byte) [][]byte { l[3] = l[3][:20]; return l }, 4, "incomplete line"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, lines := fresh(t)
			write(t, s, c.tamper(t, lines))
			_, err := s.VerifyAudit()
			var br *ChainBreak
			if !errors.As(err, &br) || br.Line != c.line || !strings.Contains(br.Reason, c.reason) {
				t.Fatalf("got %v, want line %d %q", err, c.line, c.reason)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("audit log line %d: ", c.line)) {
				t.Errorf("message %q", err)
			}
			// A damaged tail stops further signatures.
			if c.line == 4 {
				if _, err := s.appendAudit(AuditRecord{Purpose: "personal"}); err == nil {
					t.Error("appended after a damaged last line")
				}
			}
		})
	}
	s, _ := fresh(t)
	recs, err := s.ListAudit()
	if err != nil || len(recs) != 4 || recs[3].Seq != 4 {
		t.Fatalf("list %v %v", len(recs), err)
	}
	empty := auditStore(t, t.TempDir())
	if n, err := empty.VerifyAudit(); n != 0 || err != nil {
		t.Fatalf("empty log: %d %v", n, err)
	}
	if recs, err := empty.ListAudit(); err != nil || recs == nil || len(recs) != 0 {
		t.Fatalf("empty list: %v %v", recs, err)
	}
}

func TestAuditRecordNeverHoldsTheKey(t *testing.T) {
	var r AuditRecord
	b, _ := json.Marshal(r)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for k := range m {
		switch k {
		case "seq", "time", "label", "address", "purpose", "digest", "profile", "prev":
		default:
			t.Errorf("unexpected field %q", k)
		}
	}
	_ = wallet.PurposePermit
}

// The head beside the log catches what the chain cannot: lines cut off the end, a deleted
// log, a log cut and written again (issue 11 case 4).
func TestAuditHeadCatchesTruncationAndDeletion(t *testing.T) {
	fresh := func(t *testing.T, n int) (*Store, []byte) {
		s := auditStore(t, t.TempDir())
		appendN(t, s, n, "k")
		b, _ := os.ReadFile(s.auditPath)
		return s, b
	}
	lines := func(b []byte, n int) []byte { return bytes.Join(bytes.SplitAfter(b, []byte("\n"))[:n], nil) }
	wantBreak := func(t *testing.T, s *Store, line int, reason ...string) {
		t.Helper()
		_, err := s.VerifyAudit()
		var br *ChainBreak
		if !errors.As(err, &br) || br.Line != line {
			t.Fatalf("verify: %v, want a break at line %d", err, line)
		}
		for _, r := range reason {
			if !strings.Contains(br.Reason, r) {
				t.Errorf("reason %q lacks %q", br.Reason, r)
			}
		}
		if _, err := s.ListAudit(); !errors.As(err, &br) {
			t.Errorf("list: %v", err)
		}
		if _, err := s.appendAudit(AuditRecord{Purpose: "personal"}); err == nil || !strings.Contains(err.Error(), "run purse audit verify") {
			t.Errorf("appended after the break: %v", err)
		}
	}

	t.Run("truncated", func(t *testing.T) {
		s, b := fresh(t, 4)
		_ = os.WriteFile(s.auditPath, lines(b, 2), 0o600)
		wantBreak(t, s, 3, "truncated", "ends at record 2", "says 4 records", "records 3 to 4 are missing")
	})
	t.Run("emptied", func(t *testing.T) {
		s, _ := fresh(t, 2)
		_ = os.WriteFile(s.auditPath, nil, 0o600)
		wantBreak(t, s, 1, "empty or missing", "says 2 records")
	})
	t.Run("deleted", func(t *testing.T) {
		s, _ := fresh(t, 3)
		_ = os.Remove(s.auditPath)
		wantBreak(t, s, 1, "empty or missing", "says 3 records", "deleted")
		if _, err := os.Stat(s.auditPath); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the refused append created the log: %v", err)
		}
	})
	t.Run("cut and written again", func(t *testing.T) {
		s, _ := fresh(t, 2)
		other, b := fresh(t, 5)
		_ = other
		_ = os.WriteFile(s.auditPath, b, 0o600)
		wantBreak(t, s, 2, "is not the one the head")
	})
	t.Run("head one behind after a crash", func(t *testing.T) {
		s, _ := fresh(t, 3)
		recs, _ := s.ListAudit()
		if err := s.writeAuditHead(recs[1], nil); err != nil {
			t.Fatal(err)
		}
		if n, err := s.VerifyAudit(); n != 3 || err != nil {
			t.Fatalf("verify %d %v", n, err)
		}
		appendN(t, s, 1, "k")
		h, err := s.readAuditHead()
		if err != nil || h.Count != 4 {
			t.Fatalf("head %+v %v", h, err)
		}
	})
	t.Run("log older than heads", func(t *testing.T) {
		s, _ := fresh(t, 2)
		_ = os.Remove(s.AuditHeadPath())
		if n, err := s.VerifyAudit(); n != 2 || err != nil {
			t.Fatalf("verify %d %v", n, err)
		}
		appendN(t, s, 1, "k")
		if h, err := s.readAuditHead(); err != nil || h.Count != 3 {
			t.Fatalf("head %+v %v", h, err)
		}
	})
	t.Run("damaged head", func(t *testing.T) {
		s, _ := fresh(t, 2)
		_ = os.WriteFile(s.AuditHeadPath(), []byte("{}"), 0o600)
		wantBreak(t, s, 1, "audit head", "changed outside purse")
	})
}

// An incomplete last line blocks signing with an error that names the repair; the repair
// keeps a copy and cuts only that line (issue 11 case 4).
func TestAuditRepairIncompleteLine(t *testing.T) {
	s := auditStore(t, t.TempDir())
	appendN(t, s, 3, "k")
	good, _ := os.ReadFile(s.auditPath)
	broken := append(append([]byte{}, good...), `{"seq":4,"time":"2026-`...)
	if err := os.WriteFile(s.auditPath, broken, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.appendAudit(AuditRecord{Purpose: "personal"}); err == nil || !strings.Contains(err.Error(), "`purse audit repair` removes it") {
		t.Fatalf("append: %v", err)
	}
	if _, err := s.VerifyAudit(); err == nil || !strings.Contains(err.Error(), "line 4: incomplete line") || !strings.Contains(err.Error(), "purse audit repair") {
		t.Fatalf("verify: %v", err)
	}
	tail, err := s.IncompleteAuditTail()
	if err != nil || tail == nil || tail.Offset != int64(len(good)) || string(tail.Line) != `{"seq":4,"time":"2026-` {
		t.Fatalf("tail %+v %v", tail, err)
	}
	stale := &AuditTail{Offset: tail.Offset, Line: []byte("other")}
	if _, err := s.RepairAudit(stale); err == nil || !strings.Contains(err.Error(), "changed since") {
		t.Fatalf("stale repair: %v", err)
	}
	backup, err := s.RepairAudit(tail)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(backup); err != nil || !bytes.Equal(b, broken) || !strings.HasPrefix(backup, s.auditPath+".broken-") {
		t.Fatalf("backup %s: %v", backup, err)
	}
	if b, _ := os.ReadFile(s.auditPath); !bytes.Equal(b, good) {
		t.Fatalf("repaired log %q", b)
	}
	appendN(t, s, 1, "k")
	if n, err := s.VerifyAudit(); n != 4 || err != nil {
		t.Fatalf("after repair: %d %v", n, err)
	}
	if tail, err := s.IncompleteAuditTail(); tail != nil || err != nil {
		t.Fatalf("complete log: %+v %v", tail, err)
	}

	// A log that is one incomplete line.
	one := auditStore(t, t.TempDir())
	_ = os.WriteFile(one.auditPath, []byte(`{"seq":1`), 0o600)
	tail, err = one.IncompleteAuditTail()
	if err != nil || tail == nil || tail.Offset != 0 {
		t.Fatalf("single line: %+v %v", tail, err)
	}
	if _, err := one.RepairAudit(tail); err != nil {
		t.Fatal(err)
	}
	appendN(t, one, 1, "k")
}

// A log that disagrees with its head can be accepted as it is (the head is kept aside); a log
// whose own chain is broken, or that agrees with its head, cannot.
func TestResetAuditHead(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(s *Store, b []byte)
		after  int
	}{
		{"truncated", func(s *Store, b []byte) { _ = os.WriteFile(s.auditPath, bytes.SplitAfter(b, []byte("\n"))[0], 0o600) }, 1},
		{"deleted", func(s *Store, _ []byte) { _ = os.Remove(s.auditPath) }, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := auditStore(t, t.TempDir())
			appendN(t, s, 3, "k")
			b, _ := os.ReadFile(s.auditPath)
			head, _ := os.ReadFile(s.AuditHeadPath())
			c.damage(s, b)
			kept, err := s.ResetAuditHead()
			if err != nil {
				t.Fatal(err)
			}
			if k, _ := os.ReadFile(kept); !bytes.Equal(k, head) || !strings.HasPrefix(kept, s.AuditHeadPath()+".broken-") {
				t.Fatalf("kept head %s: %q", kept, k)
			}
			if n, err := s.VerifyAudit(); n != c.after || err != nil {
				t.Fatalf("verify %d %v", n, err)
			}
			appendN(t, s, 1, "k")
			if n, err := s.VerifyAudit(); n != c.after+1 || err != nil {
				t.Fatalf("verify after a signature %d %v", n, err)
			}
		})
	}
	s := auditStore(t, t.TempDir())
	appendN(t, s, 2, "k")
	if _, err := s.ResetAuditHead(); err == nil || !strings.Contains(err.Error(), "agrees with its head") {
		t.Fatalf("intact: %v", err)
	}
	b, _ := os.ReadFile(s.auditPath)
	_ = os.WriteFile(s.auditPath, bytes.Replace(b, []byte(`"purpose":"personal"`), []byte(`"purpose":"permit"`), 1), 0o600)
	if _, err := s.ResetAuditHead(); err == nil || !strings.Contains(err.Error(), "hash mismatch") {
		t.Fatalf("tampered: %v", err)
	}
}
