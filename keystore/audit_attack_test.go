package keystore

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// A record changed in the middle of the log stops the very next signature, with no
// verification run and no audit.broken.json to read: in a new process (the CLI) and in one
// that appended before the change (the agent). The old append read only the last line.
func TestAuditChangedRecordStopsTheNextSignature(t *testing.T) {
	tamper := func(t *testing.T, s *Store) {
		t.Helper()
		b, err := os.ReadFile(s.auditPath)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		lines[1] = bytes.Replace(lines[1], []byte(`"purpose":"personal"`), []byte(`"purpose":"Personal"`), 1)
		if err := os.WriteFile(s.auditPath, bytes.Join(lines, nil), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(s.auditBrokenPath()); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	refused := func(t *testing.T, s *Store) {
		t.Helper()
		_, err := s.appendAudit(AuditRecord{Purpose: "personal"})
		if err == nil || !errors.Is(err, ErrAuditBroken) || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "purse audit repair") {
			t.Fatalf("appended on a changed chain: %v", err)
		}
		if n := countLines(t, s); n != 4 {
			t.Fatalf("the log has %d lines after a refused append", n)
		}
	}
	t.Run("new process", func(t *testing.T) {
		home := t.TempDir()
		appendN(t, auditStore(t, home), 4, "k")
		s := auditStore(t, home)
		tamper(t, s)
		refused(t, s)
		_ = os.Remove(s.auditBrokenPath())
		refused(t, auditStore(t, home))
	})
	t.Run("same process", func(t *testing.T) {
		s := auditStore(t, t.TempDir())
		appendN(t, s, 4, "k")
		tamper(t, s)
		// A write in the same tick of a coarse file system clock as the append keeps the
		// change time (the residue the README names); a real change comes a tick later.
		for i := 0; i < 100 && stampOf(t, s) == s.auditSeen; i++ {
			time.Sleep(time.Millisecond)
			b, _ := os.ReadFile(s.auditPath)
			_ = os.WriteFile(s.auditPath, b, 0o600)
		}
		refused(t, s)
	})
}

func stampOf(t *testing.T, s *Store) logStamp {
	t.Helper()
	f, err := os.Open(s.auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return fileStamp(f)
}

func countLines(t *testing.T, s *Store) int {
	t.Helper()
	b, err := os.ReadFile(s.auditPath)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\n"))
}

// 10 MB of junk appended after the chain (with newlines or without) blocks signing, and the
// repair cuts exactly it, keeping a copy; signing goes on. The old repair refused a line
// longer than a record and had no cut for junk with newlines.
func TestAuditRepairCutsJunkAfterTheLastGoodRecord(t *testing.T) {
	for _, c := range []struct {
		name string
		junk []byte
	}{
		{"one line", bytes.Repeat([]byte("x"), 10<<20)},
		{"lines", bytes.Repeat([]byte("junk junk junk\n"), (10<<20)/15)},
		{"after a newline", append([]byte("\n"), bytes.Repeat([]byte{0}, 10<<20)...)},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := auditStore(t, t.TempDir())
			appendN(t, s, 3, "k")
			good, _ := os.ReadFile(s.auditPath)
			f, err := os.OpenFile(s.auditPath, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write(c.junk); err != nil {
				t.Fatal(err)
			}
			_ = f.Close()
			if _, err := s.appendAudit(AuditRecord{Purpose: "personal"}); err == nil {
				t.Fatal("appended after junk")
			}
			tail, err := s.IncompleteAuditTail()
			if err != nil || tail == nil || tail.Offset != int64(len(good)) || !bytes.Equal(tail.Line, c.junk) {
				t.Fatalf("tail: %v (offset %v)", err, tail != nil && tail.Offset == int64(len(good)))
			}
			backup, err := s.RepairAudit(tail)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(backup); !bytes.Equal(b, append(append([]byte{}, good...), c.junk...)) {
				t.Fatal("the copy is not the log as it was")
			}
			if b, _ := os.ReadFile(s.auditPath); !bytes.Equal(b, good) {
				t.Fatal("the repair cut something else")
			}
			appendN(t, s, 1, "k")
			if n, err := s.VerifyAudit(); n != 4 || err != nil {
				t.Fatalf("after repair: %d %v", n, err)
			}
		})
	}
}

// A cut never removes a record: not one the head names (a changed record inside the chain),
// nor a line that is a record by its own hash.
func TestAuditRepairNeverCutsARecord(t *testing.T) {
	s := auditStore(t, t.TempDir())
	appendN(t, s, 3, "k")
	b, _ := os.ReadFile(s.auditPath)
	_ = os.WriteFile(s.auditPath, bytes.Replace(b, []byte(`"seq":2,`), []byte(`"seq":9,`), 1), 0o600)
	if tail, err := s.IncompleteAuditTail(); tail != nil || err != nil {
		t.Fatalf("a changed record inside the chain was offered for a cut: %+v %v", tail, err)
	}
	if _, err := s.RepairAudit(&AuditTail{Offset: 0}); err == nil {
		t.Fatal("repaired a changed record")
	}

	s = auditStore(t, t.TempDir())
	appendN(t, s, 3, "k")
	lines := bytes.SplitAfter(b, []byte("\n"))
	// A record of another chain after junk: cutting would drop it unseen.
	f, _ := os.OpenFile(s.auditPath, os.O_WRONLY|os.O_APPEND, 0)
	_, _ = f.Write(append([]byte("junk\n"), lines[0]...))
	_ = f.Close()
	if tail, err := s.IncompleteAuditTail(); tail != nil || err != nil {
		t.Fatalf("a record after junk was offered for a cut: %+v %v", tail, err)
	}
}
