package keystore

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// The head moves by one slot written in place: after a write the file holds the new head
// and nothing of the one before, not even its sealing key, so a key read from the file today
// still gives none of an earlier epoch.
func TestHeadFileHoldsOnlyTheLatestHead(t *testing.T) {
	s, key := sealedStore(t)
	for range 3 {
		before := headState(t, s)
		appendN(t, s, 1, "k")
		b, err := os.ReadFile(s.AuditHeadPath())
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != 2*headSlot {
			t.Fatalf("head file of %d bytes, want two slots", len(b))
		}
		after := headState(t, s)
		if after.Key == before.Key || bytes.Contains(b, []byte(before.Key)) || !bytes.Contains(b, []byte(after.Key)) {
			t.Fatalf("the head file keeps the key of the epoch before, or lacks the new one")
		}
	}
	if _, _, err := s.VerifyAuditSealed(key); err != nil {
		t.Fatal(err)
	}
}

// A crash while a slot is written leaves the other slot's head, a batch behind, which the
// checks accept; a crash after the new slot is synced but before the old one is blanked
// leaves both, and the later generation is the head.
func TestHeadSlotsSurviveACrashMidWrite(t *testing.T) {
	a := auditHead{Count: 4, Hash: "0x" + string(bytes.Repeat([]byte("a"), 64))}
	b := auditHead{Count: 7, Hash: "0x" + string(bytes.Repeat([]byte("b"), 64))}
	first := headFileBytes(a, 5, 0)
	next := headFileBytes(b, 6, 1)
	// Synced new slot, old slot not yet blanked: both whole.
	both := append(append([]byte(nil), first[:headSlot]...), next[headSlot:]...)
	if hf, err := parseHeadFile(both); err != nil || hf.head.Count != 7 || hf.gen != 6 || hf.slot != 1 {
		t.Fatalf("both slots whole: %+v %v", hf, err)
	}
	// The new slot torn at every point of its JSON: the old head is read.
	body := bytes.TrimRight(next[headSlot:], " \n")
	for cut := 1; cut < len(body); cut++ {
		torn := append([]byte(nil), first...)
		copy(torn[headSlot:], body[:cut])
		hf, err := parseHeadFile(torn)
		if err != nil || hf.head.Count != 4 || hf.slot != 0 {
			t.Fatalf("torn at %d: %+v %v", cut, hf, err)
		}
	}
	// A slot whose JSON is whole but was changed does not check.
	changed := bytes.Replace(both, []byte(`"count":7`), []byte(`"count":9`), 1)
	if hf, err := parseHeadFile(changed); err != nil || hf.head.Count != 4 {
		t.Fatalf("a changed slot: %+v %v", hf, err)
	}
	// Nothing whole at all is an error, not an empty head.
	blank := bytes.Repeat([]byte{' '}, 2*headSlot)
	blank[headSlot-1], blank[2*headSlot-1] = '\n', '\n'
	copy(blank, body[:10])
	if _, err := parseHeadFile(blank); err == nil {
		t.Fatal("a head file with no whole slot was read")
	}
}

// A head of one JSON value (an older purse's, or one a person wrote) is read as it is, and
// the next append replaces it with the two slots.
func TestOneValueHeadIsReadAndReplaced(t *testing.T) {
	s, _ := openTest(t, t.TempDir(), BackendFile, nil, nil)
	appendN(t, s, 2, "k")
	h, err := s.readAuditHead()
	if err != nil || h == nil {
		t.Fatal(h, err)
	}
	one, _ := json.Marshal(h)
	if err := os.WriteFile(s.AuditHeadPath(), append(one, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	p := auditStore(t, s.home)
	if got, err := p.readAuditHead(); err != nil || *got != *h {
		t.Fatalf("one-value head: %+v %v", got, err)
	}
	appendN(t, p, 1, "k")
	if b, _ := os.ReadFile(s.AuditHeadPath()); len(b) != 2*headSlot {
		t.Fatalf("head file of %d bytes after an append, want two slots", len(b))
	}
	if n, err := p.VerifyAudit(); err != nil || n != 3 {
		t.Fatalf("%d %v", n, err)
	}
}
