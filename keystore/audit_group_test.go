package keystore

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/wallet"
)

// groupSigner opens a store in home with the dev key (file backend, the test scrypt cost)
// and the agent's setting (DeferAuditHead), and returns its audited signer.
func groupSigner(tb testing.TB, home string) (*Store, wallet.EVMSigner) {
	tb.Helper()
	s, err := Open(Options{Home: home, Backend: BackendFile, ScryptN: testScryptN, ScryptP: 1,
		Passphrase: func(Question) ([]byte, error) { return []byte("correct horse"), nil }})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := s.Get("dev"); err != nil {
		if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
			tb.Fatal(err)
		}
	}
	s.DeferAuditHead()
	sig, err := s.EVMSigner("dev", "p")
	if err != nil {
		tb.Fatal(err)
	}
	return s, sig
}

// BenchmarkAuditedSign is audited signatures of one key by concurrent signers, each
// answered only once its record is synced (group commit); ns/op is per signature, and
// sig/s the rate. BenchmarkBareFsync is the same file system's rate of one small append and
// fsync, the floor a signature per fsync would be held to.
// The sealed runs seal the log first (SealAudit): one HMAC and two sha256 per batch.
func BenchmarkAuditedSign(b *testing.B) {
	for _, run := range []struct {
		clients int
		sealed  bool
	}{{1, false}, {8, false}, {64, false}, {1, true}, {64, true}} {
		clients := run.clients
		name := fmt.Sprintf("clients=%d", clients)
		if run.sealed {
			name = "sealed/" + name
		}
		b.Run(name, func(b *testing.B) {
			s, sig := groupSigner(b, b.TempDir())
			if run.sealed {
				if _, err := s.SealAudit(false); err != nil {
					b.Fatal(err)
				}
			}
			defer sig.(interface{ Zero() }).Zero()
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for c := 0; c < clients; c++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						i := next.Add(1)
						if i > int64(b.N) {
							return
						}
						if _, err := sig.SignDigest(wallet.PurposePersonal, common.BigToHash(common.Big1)); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "sig/s")
			s.WaitAudit()
		})
	}
}

func BenchmarkBareFsync(b *testing.B) {
	f, err := os.OpenFile(filepath.Join(b.TempDir(), "fsync"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	line := []byte(strings.Repeat("x", 300) + "\n")
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := f.Write(line); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "fsync/s")
}

// TestAuditGroupHelperProcess is the child of TestAuditKilledMidBatchKeepsEveryAnswer: 32
// signers sign distinct digests as fast as they can and print each digest once its
// signature is answered, until the parent kills the process.
func TestAuditGroupHelperProcess(t *testing.T) {
	home := os.Getenv("PURSE_AUDIT_GROUP_HOME")
	if home == "" {
		t.Skip("helper process only")
	}
	_, sig := groupSigner(t, home)
	var out sync.Mutex
	var n atomic.Uint64
	var wg sync.WaitGroup
	for c := 0; c < 32; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				d := common.BigToHash(new(big.Int).SetUint64(n.Add(1)))
				if _, err := sig.SignDigest(wallet.PurposePersonal, d); err != nil {
					fmt.Fprintln(os.Stdout, "error", err)
					return
				}
				out.Lock()
				fmt.Fprintln(os.Stdout, d.Hex())
				out.Unlock()
			}
		}()
	}
	wg.Wait()
}

// A signer process killed (SIGKILL) in the middle of its group commits: every signature it
// answered is in the log, and the log verifies, or verifies once repair cuts a batch cut off
// mid-write.
func TestAuditKilledMidBatchKeepsEveryAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a signer process")
	}
	home := t.TempDir()
	groupSigner(t, home) // the key, stored before the child starts
	cmd := exec.Command(os.Args[0], "-test.run=^TestAuditGroupHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PURSE_AUDIT_GROUP_HOME="+home)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	answered := map[string]bool{}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "error") {
			t.Fatalf("child: %s", line)
		}
		if strings.HasPrefix(line, "0x") {
			answered[line] = true
		}
		if len(answered) == 2000 {
			if err := cmd.Process.Kill(); err != nil { // SIGKILL on unix
				t.Fatal(err)
			}
			break
		}
	}
	// Lines already written to the pipe before the kill are answers too.
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "0x") {
			answered[line] = true
		}
	}
	_ = cmd.Wait()
	if len(answered) < 2000 {
		t.Fatalf("the child answered only %d signatures before it ended", len(answered))
	}
	s := auditStore(t, home)
	if tail, err := s.IncompleteAuditTail(); err != nil {
		t.Fatal(err)
	} else if tail != nil {
		if _, err := s.RepairAudit(tail); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := s.ListAudit()
	if err != nil {
		t.Fatalf("the log after the kill: %v", err)
	}
	inLog := map[string]bool{}
	for _, r := range recs {
		inLog[r.Digest] = true
	}
	for d := range answered {
		if !inLog[d] {
			t.Fatalf("signature of %s was answered but is not in the log (%d records, %d answers)", d, len(recs), len(answered))
		}
	}
	t.Logf("%d answers, %d records in the log", len(answered), len(recs))
}
