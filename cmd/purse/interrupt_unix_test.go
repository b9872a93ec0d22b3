//go:build !windows

package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"purse/altchain/altchaintest"
	"purse/app"
	"purse/config"
)

// TestHelperPurseProcess is the child of the interrupt tests: purse run in a process of its
// own (a signal goes to a process), with the arguments PURSE_TEST_ARGS carries.
func TestHelperPurseProcess(t *testing.T) {
	args := os.Getenv("PURSE_TEST_ARGS")
	if args == "" {
		t.Skip("run by the interrupt tests")
	}
	os.Exit(run(strings.Split(args, "\x1f"), strings.NewReader(""), os.Stdout, os.Stderr))
}

// purseProcess starts purse with args in a child process (the test's environment: its
// PURSE_HOME and passphrase file) and returns it with its stdout and stderr.
func purseProcess(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperPurseProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PURSE_TEST_ARGS="+strings.Join(args, "\x1f"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, &out, &errb
}

// interrupt sends SIGINT to cmd and returns its exit code and how long it took to end.
func interrupt(t *testing.T, cmd *exec.Cmd) (int, time.Duration) {
	t.Helper()
	return signalWith(t, cmd, os.Interrupt)
}

// signalWith sends sig to the child and waits for it to end.
func signalWith(t *testing.T, cmd *exec.Cmd, sig os.Signal) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("purse did not end within 20 s of SIGINT")
	}
	return cmd.ProcessState.ExitCode(), time.Since(start)
}

// TestInterruptedDepositAfterItsSendIsUnknown: a deposit whose transaction landed while every
// status view lags (so purse keeps polling) is interrupted with SIGINT: it ends at once with
// exit 4, the outcome unknown and the signature and last valid height as --json fields,
// never a plain failure.
func TestInterruptedDepositAfterItsSendIsUnknown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs purse in a child process against the sandbox")
	}
	sb := cliSandbox(t)
	if _, err := sb.Fund(solUser(t).PublicKey(), 1_000_000_000, 50_000_000); err != nil {
		t.Fatal(err)
	}
	if err := sb.SetFaults(altchaintest.Faults{StatusLag: 1 << 20, TransactionLag: 1 << 20}); err != nil {
		t.Fatal(err)
	}
	cmd, out, errb := purseProcess(t, "altchain", "deposit", "--amount", "10", "--output", "EUR", "--yes", "--poll-interval", "20ms", "--json")
	deadline := time.Now().Add(60 * time.Second)
	for len(sb.Deposits()) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the deposit was never sent:\n%s", errb)
		}
		time.Sleep(20 * time.Millisecond)
	}
	sig := sb.Deposits()[0].Signature
	code, took := interrupt(t, cmd)
	var v map[string]any
	firstJSON(t, out.String(), &v)
	if code != exitUnknown || v["exitCode"] != float64(exitUnknown) || v["outcome"] != app.OutcomeUnknown || v["signature"] != sig || v["lastValidBlockHeight"] == nil ||
		!strings.Contains(errb.String(), sig) || strings.Contains(errb.String(), "run the deposit again") {
		t.Fatalf("interrupted after its send: exit %d %v\n%s", code, v, errb)
	}
	t.Logf("ended %v after SIGINT", took)
}

// TestInterruptedReadEndsAtOnce: a command waiting on a service that never answers ends as
// soon as SIGINT comes, exit 130, saying nothing was sent (--json too).
func TestInterruptedReadEndsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs purse in a child process")
	}
	home := keyEnv(t)
	var asked atomic.Int32
	stall := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		select {
		case <-r.Context().Done():
		case <-stall:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stall) })
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(&config.Profile{Name: "slow", UserAPI: srv.URL, Network: "31337"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Use("slow"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	for _, jsonOut := range []bool{false, true} {
		args := []string{"chains"}
		if jsonOut {
			args = append(args, "--json")
		}
		before := asked.Load()
		cmd, out, errb := purseProcess(t, args...)
		for deadline := time.Now().Add(30 * time.Second); asked.Load() == before; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("purse chains never asked the service:\n%s", errb)
			}
		}
		code, took := interrupt(t, cmd)
		if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted (SIGINT): nothing was sent") || took > 5*time.Second {
			t.Fatalf("%v interrupted while it waits for an answer: exit %d after %v\n%s", args, code, took, errb)
		}
		if jsonOut {
			var v map[string]any
			if err := json.Unmarshal(out.Bytes(), &v); err != nil || v["exitCode"] != float64(exitInterrupted) {
				t.Fatalf("--json: %q: %v", out, err)
			}
		}
		t.Logf("%v ended %v after SIGINT", args, took)
	}
	// SIGTERM (a service manager, kill): 128 + 15, as the shells report a signal's end.
	before := asked.Load()
	cmd, _, errb := purseProcess(t, "chains")
	for deadline := time.Now().Add(30 * time.Second); asked.Load() == before; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("purse chains never asked the service:\n%s", errb)
		}
	}
	if code, _ := signalWith(t, cmd, syscall.SIGTERM); code != 143 || !strings.Contains(errb.String(), "interrupted (SIGTERM): nothing was sent") {
		t.Fatalf("after SIGTERM: exit %d\n%s", code, errb)
	}
}
