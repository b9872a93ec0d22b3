package keystore

import (
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/zalando/go-keyring"

	"purse/wallet"
)

func auditRecord(label string) AuditRecord {
	return AuditRecord{Label: label, Address: devAddress, Purpose: "personal", Digest: common.BigToHash(common.Big1).Hex(), Profile: "p"}
}

// seamHead replaces writeHeadFile for the audit head of home until the test ends.
func seamHead(t *testing.T, s *Store, write func(orig func(string, []byte, os.FileMode) error, path string, data []byte, perm os.FileMode) error) {
	t.Helper()
	orig := writeHeadFile
	t.Cleanup(func() { writeHeadFile = orig })
	writeHeadFile = func(path string, data []byte, perm os.FileMode) error {
		if path == s.AuditHeadPath() {
			return write(orig, path, data, perm)
		}
		return orig(path, data, perm)
	}
}

// returns runs f, which must return while its head write is held; release lets that write
// go when it does not (a head written before the append returns), so the test fails rather
// than hangs.
func returns(t *testing.T, release chan struct{}, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the append did not return while its head write was held: the head is not written after it")
	}
}

// waiting fails the test with what when ch yields within 100 ms: what sends on it must still
// be waiting for a head write the test holds.
func waiting[T any](t *testing.T, ch <-chan T, what string) {
	t.Helper()
	select {
	case v := <-ch:
		t.Fatalf("%s (%v)", what, v)
	case <-time.After(100 * time.Millisecond):
	}
}

// Under DeferAuditHead an append returns once its record is synced in the log; the head
// follows while the append's locks are still held, so another store of the home (another
// unlock in the agent, another process) waits for it, and the chain ends in step.
func TestDeferredAuditHeadFollowsTheRecord(t *testing.T) {
	home := t.TempDir()
	s, other := auditStore(t, home), auditStore(t, home)
	s.DeferAuditHead()
	appendN(t, s, 1, "k")
	s.WaitAudit()

	entered, release := make(chan struct{}, 2), make(chan struct{})
	seamHead(t, s, func(orig func(string, []byte, os.FileMode) error, path string, data []byte, perm os.FileMode) error {
		entered <- struct{}{}
		<-release
		return orig(path, data, perm)
	})
	returns(t, release, func() error { _, err := s.appendAudit(auditRecord("k")); return err })
	<-entered // the append returned while its head write waits
	raw, err := os.ReadFile(s.auditPath)
	if n := strings.Count(string(raw), "\n"); err != nil || n != 2 {
		t.Fatalf("the log holds %d records before the head moved (%v), want the 2 appended", n, err)
	}
	if h, err := s.readAuditHead(); err != nil || h.Count != 1 {
		t.Fatalf("head %+v %v: want it one record behind while its write waits", h, err)
	}
	done := make(chan error)
	go func() {
		_, err := other.appendAudit(auditRecord("o"))
		done <- err
	}()
	waiting(t, done, "another store appended while the deferred head write held the log")
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	s.WaitAudit()
	if n, err := s.VerifyAudit(); n != 3 || err != nil {
		t.Fatalf("verify %d %v", n, err)
	}
	if h, err := s.readAuditHead(); err != nil || h.Count != 3 {
		t.Fatalf("head %+v %v, want 3", h, err)
	}
}

// A deferred head write that fails makes the next append write its own head before it
// returns (and refuse when that fails too), as every append did before.
func TestDeferredAuditHeadFailureIsNotLost(t *testing.T) {
	s := auditStore(t, t.TempDir())
	s.DeferAuditHead()
	appendN(t, s, 1, "k")
	s.WaitAudit()

	var mu sync.Mutex
	fail, block := true, (chan struct{})(nil)
	seamHead(t, s, func(orig func(string, []byte, os.FileMode) error, path string, data []byte, perm os.FileMode) error {
		mu.Lock()
		f, b := fail, block
		mu.Unlock()
		if b != nil {
			<-b
		}
		if f {
			return errors.New("no space left on device")
		}
		return orig(path, data, perm)
	})
	if _, err := s.appendAudit(auditRecord("k")); err != nil {
		t.Fatalf("the record was synced; only its head failed, after the append returned: %v", err)
	}
	s.WaitAudit()

	// The next append is synchronous: it does not return while its head write is held.
	mu.Lock()
	fail, block = false, make(chan struct{})
	held := block
	mu.Unlock()
	done := make(chan error)
	go func() {
		_, err := s.appendAudit(auditRecord("k"))
		done <- err
	}()
	waiting(t, done, "the append after a failed head write returned before writing its head")
	close(held)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if h, err := s.readAuditHead(); err != nil || h.Count != 3 {
		t.Fatalf("head %+v %v, want 3 once the head could be written again", h, err)
	}

	// A failure again: the deferred write fails, the next append's own head write fails and
	// it refuses.
	mu.Lock()
	fail, block = true, nil
	mu.Unlock()
	if _, err := s.appendAudit(auditRecord("k")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.appendAudit(auditRecord("k")); err == nil || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("the append after a failed deferred head: %v, want the head's error", err)
	}
}

// Wiping an audited signer waits for its deferred head: an agent that wipes its keys and
// exits leaves the head in step with the log.
func TestZeroWaitsForTheDeferredHead(t *testing.T) {
	keyring.MockInit()
	pass := &fixedPass{pass: "correct horse"}
	s, _ := openTest(t, t.TempDir(), BackendFile, pass, nil)
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	s.DeferAuditHead()
	signer, err := s.EVMSigner("dev", "p")
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	seamHead(t, s, func(orig func(string, []byte, os.FileMode) error, path string, data []byte, perm os.FileMode) error {
		<-release
		return orig(path, data, perm)
	})
	returns(t, release, func() error { _, err := signer.SignDigest(wallet.PurposePersonal, common.Hash{1}); return err })
	zeroed := make(chan struct{})
	go func() {
		signer.(interface{ Zero() }).Zero()
		close(zeroed)
	}()
	waiting(t, zeroed, "Zero returned while the signature's audit head was still being written")
	close(release)
	<-zeroed
	if h, err := s.readAuditHead(); err != nil || h == nil || h.Count != 1 {
		t.Fatalf("head %+v %v after Zero, want 1", h, err)
	}
}
