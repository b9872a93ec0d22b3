package sandboxctl

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// script writes an executable shell script standing in for purse-sandbox.
func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), Binary)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFindBinaryNamesItWhenMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := FindBinary()
	if err == nil {
		// the test binary's folder holds no purse-sandbox, and PATH is empty
		t.Fatal("found a sandbox binary in an empty PATH")
	}
	if !strings.Contains(err.Error(), Binary) || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("the error does not say what to do: %v", err)
	}
	dir := filepath.Dir(script(t, "exit 0"))
	t.Setenv("PATH", dir)
	if p, err := FindBinary(); err != nil || p != filepath.Join(dir, Binary) {
		t.Fatalf("on PATH: %q %v", p, err)
	}
}

func TestLaunchReadsTheAnnouncementAndStops(t *testing.T) {
	bin := script(t, `echo '{"userAPI":"http://127.0.0.1:9","network":"31337"}'; trap 'exit 0' INT; while :; do sleep 0.05; done`)
	p, err := Launch(context.Background(), LaunchOptions{Listen: "127.0.0.1:9", Binary: bin})
	if err != nil {
		t.Fatal(err)
	}
	if p.Info.UserAPI != "http://127.0.0.1:9" || p.Info.Network != "31337" {
		t.Fatalf("info %+v", p.Info)
	}
	done := make(chan error, 1)
	go func() { done <- p.Close() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("close: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the sandbox did not stop")
	}
	select {
	case <-p.Done():
	default:
		t.Fatal("Done is open after Close")
	}
}

func TestLaunchRefusesWhatIsNotASandbox(t *testing.T) {
	for name, body := range map[string]string{
		"exits":   "echo 'cannot listen' >&2; exit 1",
		"garbage": "echo 'hello'; sleep 1",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Launch(context.Background(), LaunchOptions{Listen: "127.0.0.1:9", Binary: script(t, body)})
			if err == nil {
				t.Fatal("launched")
			}
			if !strings.Contains(err.Error(), Binary) {
				t.Fatalf("the error does not name the binary: %v", err)
			}
		})
	}
}

// Ensure starts the sandbox on its state folder, so a restart keeps the accounts.
func TestEnsureKeepsTheStateInTheGivenFolder(t *testing.T) {
	argsFile := filepath.Join(t.TempDir(), "args")
	bin := script(t, `echo "$@" > '`+argsFile+`'; echo '{"userAPI":"http://127.0.0.1:9","network":"31337"}'; trap 'exit 0' INT; while :; do sleep 0.05; done`)
	t.Setenv("PATH", filepath.Dir(bin))
	state := filepath.Join(t.TempDir(), "sandbox")
	p, err := Ensure(context.Background(), "http://127.0.0.1:9", state, filepath.Join(t.TempDir(), "sandbox.log"))
	if err != nil {
		t.Fatal(err)
	}
	if p == nil {
		t.Skip("something answers at 127.0.0.1:9")
	}
	defer p.Close()
	b, err := os.ReadFile(argsFile)
	if err != nil || !strings.Contains(string(b), "--state "+state) || strings.Contains(string(b), "--fresh") {
		t.Fatalf("purse-sandbox ran with %q (%v), want --state %s and no --fresh", b, err, state)
	}
}

// Serve ends without an error when its context ends (Ctrl-C on `purse sandbox`) and the
// sandbox stops cleanly on the interrupt.
func TestServeStopsCleanlyWhenCancelled(t *testing.T) {
	bin := script(t, `echo '{"userAPI":"http://127.0.0.1:9","network":"31337"}'; trap 'exit 0' INT; while :; do sleep 0.05; done`)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, LaunchOptions{Listen: "127.0.0.1:9", Binary: bin}, func(Info) { cancel() })
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve after a cancel: %v, want nil", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Serve did not return")
	}
}
