package keystore

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/zalando/go-keyring"
)

// logRecords reads every line of the log as a record, unchecked (as an attacker reads it).
func logRecords(t *testing.T, s *Store) []AuditRecord {
	t.Helper()
	b, err := os.ReadFile(s.auditPath)
	if err != nil {
		t.Fatal(err)
	}
	var out []AuditRecord
	for _, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		var r AuditRecord
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// forgeLog writes recs as the log with their chain recomputed (seq, prev, hash), as a
// program that knows the format does, and points the head at the last one with state.
func forgeLog(t *testing.T, s *Store, recs []AuditRecord, state *headSeal) {
	t.Helper()
	prev := ZeroHash
	var buf []byte
	for i := range recs {
		r := &recs[i]
		r.Seq, r.Prev = uint64(i+1), prev
		h, err := r.computeHash()
		if err != nil {
			t.Fatal(err)
		}
		r.Hash, prev = h, h
		line, _ := json.Marshal(r)
		buf = append(append(buf, line...), '\n')
	}
	if err := os.WriteFile(s.auditPath, buf, 0o600); err != nil {
		t.Fatal(err)
	}
	last := AuditRecord{Hash: ZeroHash}
	if len(recs) > 0 {
		last = recs[len(recs)-1]
	}
	b, _ := json.Marshal(auditHead{Count: last.Seq, Hash: last.Hash, Seal: state})
	if err := os.WriteFile(s.AuditHeadPath(), b, 0o600); err != nil {
		t.Fatal(err)
	}
	_ = os.Remove(s.auditBrokenPath())
}

func headState(t *testing.T, s *Store) *headSeal {
	t.Helper()
	h, err := s.readAuditHead()
	if err != nil || h == nil || h.Seal == nil {
		t.Fatalf("head %+v: %v; want a sealing state", h, err)
	}
	return h.Seal
}

// appendBatch writes records as one batch of the group commit (one seal for all of them).
func appendBatch(t *testing.T, s *Store, n int) {
	t.Helper()
	batch := make([]*pendingAudit, n)
	for i := range batch {
		batch[i] = &pendingAudit{r: AuditRecord{Label: "k", Address: devAddress, Purpose: "personal", Digest: ZeroHash, Profile: "p"}, done: make(chan struct{})}
	}
	s.auditMu.Lock()
	s.commitAudit(batch)
	for _, p := range batch {
		if p.err != nil {
			t.Fatal(p.err)
		}
	}
}

// sealedStore is a file-backend home with 3 records from before sealing, the seal record,
// and then batches of 1, 3 and 1 records: 9 records, seals of epochs 0 to 3.
func sealedStore(t *testing.T) (*Store, []byte) {
	t.Helper()
	s, _ := openTest(t, t.TempDir(), BackendFile, nil, nil)
	appendN(t, s, 3, "k")
	st, err := s.SealAudit(false)
	if err != nil {
		t.Fatal(err)
	}
	if st.InKeyring || st.Record.Seq != 4 || st.Record.Seal == nil || st.Record.Seal.Epoch != 0 || st.Fingerprint != SealFingerprint(st.Key) {
		t.Fatalf("seal start %+v", st)
	}
	appendN(t, s, 1, "k")
	appendBatch(t, s, 3)
	appendN(t, s, 1, "k")
	return s, st.Key
}

func TestAuditSealRoundTrip(t *testing.T) {
	s, key := sealedStore(t)
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.appendAudit(AuditRecord{Purpose: "personal", Label: "k"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	recs := logRecords(t, s)
	if len(recs) != 25 {
		t.Fatalf("%d records", len(recs))
	}
	for _, i := range []int{0, 1, 2, 5, 6} {
		if recs[i].Seal != nil {
			t.Fatalf("record %d sealed: only the last of a batch is", i+1)
		}
	}
	last := recs[len(recs)-1]
	if last.Seal == nil {
		t.Fatal("the log's last record carries no seal")
	}
	if st := headState(t, s); st.Epoch != last.Seal.Epoch+1 {
		t.Fatalf("head at epoch %d, last seal %d", st.Epoch, last.Seal.Epoch)
	}
	n, info, err := s.VerifyAuditSealed(key)
	if err != nil || n != 25 || !info.Checked || info.KeyFrom != SealKeyGiven || info.From != 4 || info.To != 25 || info.Epoch != last.Seal.Epoch || info.Fingerprint != SealFingerprint(key) {
		t.Fatalf("verify with the key: %d %+v %v", n, info, err)
	}
	// Without a key (none given, none in the keyring) only the order is checked, and it says so.
	n, info, err = s.VerifyAuditSealed(nil)
	if err != nil || n != 25 || info.Checked || !info.Sealed {
		t.Fatalf("verify without a key: %d %+v %v", n, info, err)
	}
	// Another key is not this log's.
	other := append([]byte(nil), key...)
	other[0] ^= 1
	if _, _, err := s.VerifyAuditSealed(other); err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "the key given (fingerprint "+SealFingerprint(other)) {
		t.Fatalf("verified with another key: %v", err)
	}
	// A key the user gives may be the wrong one: what only it found is shown, and does not
	// stop the signatures that follow.
	if _, err := s.appendAudit(AuditRecord{Purpose: "personal"}); err != nil {
		t.Fatalf("a wrong key given stopped signing: %v", err)
	}
	if _, err := s.SealAudit(false); !errors.Is(err, ErrAuditSealed) {
		t.Fatalf("sealed twice: %v", err)
	}
	// The key shown is the user's; no file of the home holds it.
	hexKey := hex.EncodeToString(key)
	ents, _ := os.ReadDir(s.home)
	for _, e := range ents {
		if b, _ := os.ReadFile(s.home + "/" + e.Name()); bytes.Contains(b, []byte(hexKey)) {
			t.Fatalf("%s holds the verification key", e.Name())
		}
	}
}

// Each attack is what a program of the same user does with the files, holding the head's
// current key (it can read it); withKey is the verification's verdict with the user's key,
// without the one without it (nil: the attack passes a check of the order alone, which is
// what the key is for).
func TestAuditSealCatchesRewrites(t *testing.T) {
	cases := []struct {
		name    string
		attack  func(t *testing.T, s *Store)
		without string // "" : passes without the key
		withKey string
	}{
		{"a record changed, the chain recomputed and sealed again with the head's key", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			recs[1].Purpose = "permit"
			st := headState(t, s)
			forgeLog(t, s, recs, st)
			reseal(t, s, st)
		}, "", "line 4: the seal of epoch 0 is not the verification key's"},
		{"a record from before sealing changed, the chain recomputed, sealed again", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			recs[0].Profile = "other"
			st := headState(t, s)
			forgeLog(t, s, recs, st)
			reseal(t, s, st)
		}, "", "line 4: the seal of epoch 0"},
		{"seals and sealing state stripped, the chain recomputed", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			for i := range recs {
				recs[i].Seal = nil
			}
			forgeLog(t, s, recs[:3], nil)
		}, "", "line 1: the log carries no sealing state"},
		{"log and head deleted", func(t *testing.T, s *Store) {
			_ = os.Remove(s.auditPath)
			_ = os.Remove(s.AuditHeadPath())
		}, "", "line 1: the log carries no sealing state"},
		{"log deleted, head kept", func(t *testing.T, s *Store) {
			_ = os.Remove(s.auditPath)
		}, "the log is empty or missing", "the log is empty or missing"},
		{"last batch cut, head pointed at the new end, state kept", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			forgeLog(t, s, recs[:8], headState(t, s))
		}, "missing tail", "missing tail"},
		{"two batches cut, head pointed at the new end, state's epoch set back with the key it held", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			st := headState(t, s)
			st.Epoch = recs[4].Seal.Epoch + 1
			forgeLog(t, s, recs[:5], st)
		}, "", "the sealing state's key is not the one the verification key gives for epoch 2"},
		{"the sealed record cut from a batch of three", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			forgeLog(t, s, recs[:7], headState(t, s))
		}, "records 6 to 7 follow the last seal", "records 6 to 7 follow the last seal"},
		{"state removed from the head", func(t *testing.T, s *Store) {
			forgeLog(t, s, logRecords(t, s), nil)
		}, "its head carries no sealing state", "its head carries no sealing state"},
		{"a seal moved to another record", func(t *testing.T, s *Store) {
			recs := logRecords(t, s)
			recs[5].Seal, recs[7].Seal = recs[7].Seal, nil
			forgeLog(t, s, recs, headState(t, s))
		}, "", "line 6: the seal of epoch 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, key := sealedStore(t)
			c.attack(t, s)
			_, info, err := s.VerifyAuditSealed(nil)
			switch {
			case c.without == "" && err != nil:
				t.Fatalf("without the key: %v", err)
			case c.without != "" && (err == nil || !strings.Contains(err.Error(), c.without)):
				t.Fatalf("without the key: %v, want %q", err, c.without)
			case info.Checked:
				t.Fatal("checked without a key")
			}
			_ = os.Remove(s.auditBrokenPath())
			_, info, err = s.VerifyAuditSealed(key)
			if err == nil || !strings.Contains(err.Error(), c.withKey) || !info.Checked {
				t.Fatalf("with the key: %v, want %q", err, c.withKey)
			}
			var br *ChainBreak
			if errors.As(err, &br) && br.Head {
				t.Fatal("a sealed log's break offered to be accepted as it is")
			}
			if _, err := s.ResetAuditHead(); err == nil {
				t.Fatal("a sealed log that lost records was accepted as it is")
			}
		})
	}
}

// reseal seals every sealed record again with the key the head held, at its own epoch: the
// best a program that read the head can do.
func reseal(t *testing.T, s *Store, st *headSeal) {
	t.Helper()
	key, _ := hex.DecodeString(st.Key)
	recs := logRecords(t, s)
	for i := range recs {
		if recs[i].Seal != nil {
			recs[i].Seal.MAC = sealMAC(key, recs[i].Seal.Epoch, recs[i])
		}
	}
	forgeLog(t, s, recs, st)
}

// A head write lost after a batch (a crash, a failed deferred write) leaves the state at the
// last seal's epoch: the next append evolves it once and the log verifies with the key, in
// the process that appended and in a new one. Any other state stops signing.
func TestAuditSealAfterALostHeadWrite(t *testing.T) {
	s, key := sealedStore(t)
	before, _ := os.ReadFile(s.AuditHeadPath())
	appendN(t, s, 1, "k")
	if err := os.WriteFile(s.AuditHeadPath(), before, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.VerifyAuditSealed(key); err != nil {
		t.Fatalf("a head one batch behind: %v", err)
	}
	appendN(t, s, 1, "k")
	appendN(t, auditStore(t, s.home), 2, "k")
	if n, _, err := s.VerifyAuditSealed(key); err != nil || n != 13 {
		t.Fatalf("%d %v", n, err)
	}
}

func TestAuditSealStopsSigningOnAStateItCannotExtend(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(h *auditHead)
		want   string
	}{
		{"state removed", func(h *auditHead) { h.Seal = nil }, "its head carries no sealing state"},
		{"state's epoch moved on", func(h *auditHead) { h.Seal.Epoch += 3 }, "missing tail"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := sealedStore(t)
			// Only the head is changed, as another program writes it.
			h, err := s.readAuditHead()
			if err != nil {
				t.Fatal(err)
			}
			c.change(h)
			b, _ := json.Marshal(h)
			if err := os.WriteFile(s.AuditHeadPath(), b, 0o600); err != nil {
				t.Fatal(err)
			}
			for _, p := range []*Store{s, auditStore(t, s.home)} {
				if _, err := p.appendAudit(AuditRecord{Purpose: "personal"}); err == nil || !errors.Is(err, ErrAuditBroken) || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("appended: %v", err)
				}
			}
			if n := countLines(t, s); n != 9 {
				t.Fatalf("%d lines after refused appends", n)
			}
		})
	}
}

// With the keys in the OS keyring, a copy of the verification key is kept there, beside
// them: a verification checks the seals with no key given, and sees a sealed log deleted
// with its head. Sealing anew over that copy needs --replace.
func TestAuditSealKeyInTheKeyring(t *testing.T) {
	keyring.MockInit()
	s, _ := openTest(t, t.TempDir(), BackendOS, &fixedPass{pass: "correct horse"}, nil)
	if _, err := s.New("k", KindEVM); err != nil {
		t.Fatal(err)
	}
	appendN(t, s, 2, "k")
	st, err := s.SealAudit(false)
	if err != nil || !st.InKeyring {
		t.Fatalf("%+v %v", st, err)
	}
	appendN(t, s, 2, "k")
	n, info, err := s.VerifyAuditSealed(nil)
	if err != nil || n != 5 || !info.Checked || info.KeyFrom != SealKeyKeyring || info.Fingerprint != st.Fingerprint {
		t.Fatalf("%d %+v %v", n, info, err)
	}
	_ = os.Remove(s.auditPath)
	_ = os.Remove(s.AuditHeadPath())
	// The next signature refuses to start a new log over it, with or without a verification
	// run before it, in this process and a new one.
	for _, p := range []*Store{s, openAgain(t, s)} {
		if _, err := p.appendAudit(AuditRecord{Purpose: "personal"}); !errors.Is(err, ErrAuditBroken) || !strings.Contains(err.Error(), "--replace") {
			t.Fatalf("signed over a deleted sealed log: %v", err)
		}
	}
	if _, _, err := s.VerifyAuditSealed(nil); err == nil || !strings.Contains(err.Error(), "deleted or replaced together with its head") {
		t.Fatalf("deleted log: %v", err)
	}
	_ = os.Remove(s.auditBrokenPath())
	if _, err := s.SealAudit(false); err == nil || !strings.Contains(err.Error(), "--replace") {
		t.Fatalf("sealed over the keyring's key: %v", err)
	}
	st2, err := s.SealAudit(true)
	if err != nil || bytes.Equal(st2.Key, st.Key) {
		t.Fatalf("replace: %v", err)
	}
	if _, info, err := s.VerifyAuditSealed(nil); err != nil || info.Fingerprint != st2.Fingerprint {
		t.Fatalf("after replace: %+v %v", info, err)
	}
}

func openAgain(t *testing.T, s *Store) *Store {
	t.Helper()
	p, _ := openTest(t, s.home, s.requested, nil, nil)
	return p
}
