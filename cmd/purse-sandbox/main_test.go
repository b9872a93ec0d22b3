package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"purse/config"
	"strings"
	"testing"

	"purse/enduser/endusertest"
	"purse/sandbox"
)

// --fresh drops what the state folder keeps for the sandbox (and nothing else there); it
// needs a state folder.
func TestFreshDropsTheKeptState(t *testing.T) {
	var stderr strings.Builder
	if code := run([]string{"--fresh"}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "--state") {
		t.Fatalf("--fresh without --state: exit %d, %q", code, stderr.String())
	}
	dir := t.TempDir()
	for _, f := range []string{endusertest.SnapshotFile, sandbox.LedgerFile, filepath.Join(sandbox.EVMDir, "x"), "other"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// A listen address the sandbox refuses: the state is dropped before it starts.
	if code := run([]string{"--fresh", "--state", dir, "--listen", "10.0.0.1:0"}, io.Discard, io.Discard); code != 1 {
		t.Fatalf("exit %d, want 1 (non-loopback listen)", code)
	}
	for _, f := range []string{endusertest.SnapshotFile, sandbox.LedgerFile, sandbox.EVMDir} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("--fresh kept %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "other")); err != nil {
		t.Errorf("--fresh removed a file that is not the sandbox's: %v", err)
	}
}

// --history takes demo or none; another value is refused before anything serves.
func TestHistoryFlagRefusesAnUnknownValue(t *testing.T) {
	var stderr strings.Builder
	if code := run([]string{"--listen", "127.0.0.1:0", "--history", "empty"}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), `history "empty": expected demo or none`) {
		t.Fatalf("--history empty: exit %d, %q", code, stderr.String())
	}
}

// Each setting whose readings the sandbox plays (config.Option.SandboxFlag) is a flag with
// the setting's default, and a value the setting does not have is refused before anything
// serves.
func TestPlayedSettingsAreFlags(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	played := playedSettings(fs)
	n := 0
	for i := range config.Options {
		o := &config.Options[i]
		if o.SandboxFlag == "" {
			continue
		}
		n++
		f := fs.Lookup(o.SandboxFlag)
		if f == nil || f.DefValue != o.Default || played[o.Key] == nil {
			t.Fatalf("%s: flag --%s %+v", o.Key, o.SandboxFlag, f)
		}
		var stderr strings.Builder
		if code := run([]string{"--listen", "127.0.0.1:0", "--" + o.SandboxFlag, "bogus"}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "--"+o.SandboxFlag+": expected") {
			t.Fatalf("--%s bogus: exit %d, %q", o.SandboxFlag, code, stderr.String())
		}
	}
	if n < 3 || len(played) != n {
		t.Fatalf("%d played settings, %d flags", n, len(played))
	}
}
