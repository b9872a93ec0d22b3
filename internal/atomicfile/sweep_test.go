package atomicfile

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTempTarget(t *testing.T) {
	for name, want := range map[string]string{
		".keys.json.tmp-123":                                   "keys.json",
		".profiles.toml.tmp-4294967295":                        "profiles.toml",
		".a.tmp-b.json.tmp-7":                                  "a.tmp-b.json",
		".audit.jsonl.broken-20260102T030405.000000000Z.tmp-1": "audit.jsonl.broken-20260102T030405.000000000Z",
		"keys.json.tmp-1":                                      "", // no leading dot
		".keys.json.tmp-":                                      "", // no digits
		".keys.json.tmp-12x":                                   "",
		"..tmp-1":                                              "",
		".tmp-1":                                               "",
		".keys.json":                                           "",
	} {
		got, ok := TempTarget(name)
		if got != want || ok != (want != "") {
			t.Errorf("TempTarget(%q) = %q %v, want %q", name, got, ok, want)
		}
	}
	p, err := Begin(filepath.Join(t.TempDir(), "x.json"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Abort()
	if got, ok := TempTarget(filepath.Base(p.Name())); !ok || got != "x.json" {
		t.Fatalf("Begin's own name %q reads as %q %v", p.Name(), got, ok)
	}
}

func backdate(t *testing.T, paths ...string) {
	t.Helper()
	old := time.Now().Add(-2 * StaleAfter)
	for _, p := range paths {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

func sweepOf(t *testing.T, dir string, owns func(string) bool) map[string]Leftover {
	t.Helper()
	ls, err := Sweep(dir, owns)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Leftover{}
	for _, l := range ls {
		out[filepath.Base(l.Path)] = l
	}
	return out
}

// Sweep removes what a crash left and keeps a file being written (its writer holds the
// lock), a file written a moment ago, and whatever only looks like a temporary file.
func TestSweepRemovesOnlyStaleLeftovers(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	owns := func(target string) bool { return target == "state.json" || target == "other.json" }
	write := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	crashed := write(".state.json.tmp-11")
	young := write(".state.json.tmp-22")
	notOwned := write(".notes.json.tmp-33")
	notDigits := write(".state.json.tmp-4x")
	if err := os.Mkdir(filepath.Join(dir, ".other.json.tmp-55"), 0o700); err != nil {
		t.Fatal(err)
	}
	// A link named like a leftover, to an old file elsewhere: never followed, never removed.
	precious := filepath.Join(elsewhere, "precious")
	if err := os.WriteFile(precious, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, ".other.json.tmp-66")
	haveLink := os.Symlink(precious, link) == nil
	// A write under way: Begin holds the lock until Commit.
	p, err := Begin(filepath.Join(dir, "state.json"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Write([]byte("new state")); err != nil {
		t.Fatal(err)
	}
	backdate(t, crashed, notOwned, notDigits, precious, p.Name())

	got := sweepOf(t, dir, owns)
	if l := got[filepath.Base(crashed)]; !l.Removed || l.Target != filepath.Join(dir, "state.json") {
		t.Errorf("the crash's leftover: %+v", l)
	}
	if _, err := os.Lstat(crashed); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the crash's leftover is still there: %v", err)
	}
	if l := got[filepath.Base(young)]; l.Removed || !strings.Contains(l.Kept, "a write may still be under way") {
		t.Errorf("a file written a moment ago: %+v", l)
	}
	if l := got[filepath.Base(p.Name())]; l.Removed || !l.InUse || l.Kept != "a running purse is writing it" {
		t.Errorf("a file being written: %+v", l)
	}
	if len(got) != 3 {
		t.Errorf("sweep listed %d files, want the 3 of ours: %+v", len(got), got)
	}
	for _, p := range []string{young, notOwned, notDigits, filepath.Join(dir, ".other.json.tmp-55")} {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
	if haveLink {
		if _, err := os.Lstat(link); err != nil {
			t.Error("the link was removed")
		}
		if b, err := os.ReadFile(precious); err != nil || string(b) != "keep" {
			t.Errorf("the link's target: %q %v", b, err)
		}
	}
	// The write that was kept completes.
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "state.json")); err != nil || string(b) != "new state" {
		t.Fatalf("after the commit: %q %v", b, err)
	}
	if _, err := os.Lstat(p.Name()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the committed temporary file is still there")
	}
	if got, err := Sweep(filepath.Join(dir, "missing"), owns); err != nil || got != nil {
		t.Fatalf("a folder that does not exist: %+v %v", got, err)
	}
}

// The writer is another process: while it writes, its file is kept whatever its age; once it
// is killed in the middle of a write, what it left is removed.
func TestSweepAcrossProcesses(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "state.json")
	owns := func(n string) bool { return n == "state.json" }
	start := func() (*exec.Cmd, *os.File, string) {
		t.Helper()
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), "ATOMICFILE_WRITER="+target)
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			t.Fatalf("the writer said nothing: %v", err)
		}
		return cmd, in.(*os.File), strings.TrimSpace(line)
	}

	cmd, in, tmp := start()
	backdate(t, tmp)
	if l := sweepOf(t, dir, owns)[filepath.Base(tmp)]; l.Removed || l.Kept != "a running purse is writing it" {
		t.Errorf("another process's write under way: %+v", l)
	}
	_ = in.Close() // the writer commits
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the writer: %v", err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "from the writer" {
		t.Fatalf("the kept write did not complete: %q %v", b, err)
	}

	cmd, in, tmp = start()
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	_ = in.Close()
	backdate(t, tmp)
	if l := sweepOf(t, dir, owns)[filepath.Base(tmp)]; !l.Removed {
		t.Errorf("a killed writer's file: %+v", l)
	}
	if _, err := os.Lstat(tmp); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a killed writer's file is still there")
	}
}

// TestMain doubles as the writer of TestSweepAcrossProcesses: it begins a write, prints the
// temporary file's name, and commits when its standard input closes.
func TestMain(m *testing.M) {
	if target := os.Getenv("ATOMICFILE_WRITER"); target != "" {
		p, err := Begin(target, 0o600)
		if err != nil {
			os.Exit(3)
		}
		if _, err := p.Write([]byte("from the writer")); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString(p.Name() + "\n")
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		if err := p.Commit(); err != nil {
			os.Exit(4)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
