package startup

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

var (
	builds  sync.Map // package path → *build
	workDir string
	devNull *os.File
)

// build is one program of the module built once per test binary.
type build struct {
	once sync.Once
	bin  string
	err  error
}

// work is the folder of this test binary's programs and homes, removed by TestMain.
func work(b testing.TB) string {
	b.Helper()
	if workDir == "" {
		d, err := os.MkdirTemp("", "purse-startup-")
		if err != nil {
			b.Fatal(err)
		}
		workDir = d
	}
	return workDir
}

// purse builds ./cmd/purse once per test binary, as `make build` does (no race detector, no
// coverage), and installs it (installed) next to cast's copy.
func purse(b testing.TB) string { return built(b, "./cmd/purse", "purse") }

// floor is the floor program (testdata/floor: the libraries purse is built on, and nothing
// else), built and installed as purse is.
func floor(b *testing.B) string {
	return built(b, "./internal/startup/testdata/floor", "floor")
}

func built(b testing.TB, pkg, name string) string {
	b.Helper()
	v, _ := builds.LoadOrStore(pkg, new(build))
	p := v.(*build)
	p.once.Do(func() {
		gobin, err := exec.LookPath("go")
		if err != nil {
			p.err = err
			return
		}
		out := filepath.Join(work(b), name+"-built")
		cmd := exec.Command(gobin, "build", "-o", out, pkg)
		cmd.Dir = "../.."
		if msg, err := cmd.CombinedOutput(); err != nil {
			p.err = &buildFailure{err: err, out: string(msg)}
			return
		}
		p.bin, p.err = installed(b, out, name)
	})
	if p.err != nil {
		b.Skipf("cannot build %s: %v", pkg, p.err)
	}
	return p.bin
}

type buildFailure struct {
	err error
	out string
}

func (e *buildFailure) Error() string { return e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	var err error
	if devNull, err = os.OpenFile(os.DevNull, os.O_WRONLY, 0); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if workDir != "" {
		_ = os.RemoveAll(workDir)
	}
	os.Exit(code)
}

var (
	castOnce sync.Once
	castBin  string
	castErr  error
)

// cast is Foundry's cast ($CAST, else on PATH), installed next to purse; "" when there is
// none.
func cast(b *testing.B) string {
	b.Helper()
	castOnce.Do(func() {
		src := os.Getenv("CAST")
		if src == "" {
			src, _ = exec.LookPath("cast")
		}
		if src != "" {
			castBin, castErr = installed(b, src, "cast")
		}
	})
	if castErr != nil {
		b.Fatalf("cast: %v", castErr)
	}
	return castBin
}

// installed copies the program src into the work folder with plain writes, flushes it and
// drops it from the page cache, so both programs compared start from files in the same
// state: as an installed program read from the disk. A file the Go linker has just written
// (through a memory map) stays in the page cache in large pieces that are mapped whole:
// `purse version` then counts ~22 MiB resident instead of ~16 MiB and takes fewer page
// faults, which measures how the file was written, not the program.
func installed(b testing.TB, src, name string) (string, error) {
	return installedIn(work(b), src, name)
}

func installedIn(dir, src, name string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	dst := filepath.Join(dir, name)
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return "", err
	}
	defer out.Close()
	// Plain read/write (no copy_file_range, which would share the source's cached pages).
	if _, err := io.CopyBuffer(struct{ io.Writer }{out}, struct{ io.Reader }{in}, make([]byte, 64<<10)); err != nil {
		return "", err
	}
	if err := out.Sync(); err != nil {
		return "", err
	}
	if err := unix.Fadvise(int(out.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
		return "", fmt.Errorf("drop %s from the page cache: %v", dst, err)
	}
	return dst, out.Close()
}

// timed runs bin once (output to /dev/null: no pipe or copying goroutine in the measure)
// and returns how long it took, start to exit.
func timed(b *testing.B, env []string, bin string, args ...string) time.Duration {
	b.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = devNull, devNull
	start := time.Now()
	if err := cmd.Run(); err != nil {
		out, _ := exec.Command(bin, args...).CombinedOutput()
		b.Fatalf("%s %v: %v\n%s", bin, args, err, out)
	}
	return time.Since(start)
}

// peakRuns is how many runs the peak memory is the largest of.
const peakRuns = 5

// reportPeak runs bin peakRuns times under GNU time and reports the largest resident set
// size as peak-MiB. getrusage of a child started by this process cannot be used: the child
// shares this process's memory until it executes the program, and Linux keeps the larger of
// that and the program's own peak, so a small program would report this test binary's size.
// GNU time forks a separate child, whose count starts from GNU time's few hundred KiB.
func reportPeak(b *testing.B, env []string, bin string, args ...string) {
	b.Helper()
	gnuTime, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		b.Logf("no /usr/bin/time (Debian package time): the peak memory of %s is not measured", filepath.Base(bin))
		return
	}
	out := filepath.Join(work(b), "peak")
	peakKiB := 0
	for range peakRuns {
		cmd := exec.Command(gnuTime, append([]string{"-f", "%M", "-o", out, bin}, args...)...)
		cmd.Env = env
		cmd.Stdout, cmd.Stderr = devNull, devNull
		if err := cmd.Run(); err != nil {
			b.Fatalf("%s %s %v: %v", gnuTime, bin, args, err)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			b.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
		kib, err := strconv.Atoi(lines[len(lines)-1])
		if err != nil {
			b.Fatalf("GNU time wrote %q", raw)
		}
		peakKiB = max(peakKiB, kib)
	}
	b.ReportMetric(float64(peakKiB)/1024, "peak-MiB")
}

// measure is one program's benchmark: bin run b.N times (after one start that reads it from
// the disk), then its peak memory.
func measure(b *testing.B, env []string, bin string, args ...string) {
	b.Helper()
	timed(b, env, bin, args...)
	for b.Loop() {
		timed(b, env, bin, args...)
	}
	reportPeak(b, env, bin, args...)
}

// alternate runs a and c in turn in one loop, so that each run of a has a run of c at the
// same moment of the machine beside it, and reports the median of the pairs' ratios a/c as
// metric: on a shared machine a few runs take several times their usual time, and a ratio of
// sums moved with wherever those fell.
func alternate(b *testing.B, metric string, a, c func() time.Duration) {
	b.Helper()
	a()
	c()
	var ratios []float64
	for b.Loop() {
		ta := a()
		ratios = append(ratios, float64(ta)/float64(c()))
	}
	slices.Sort(ratios)
	b.ReportMetric(ratios[len(ratios)/2], metric)
}

func skipNoCast(b *testing.B, c string) {
	if c == "" {
		b.Skip("cast is not installed (set CAST or put cast on PATH: npm install --ignore-scripts @foundry-rs/cast-linux-amd64); no ratio is reported")
	}
}

// BenchmarkStartup: purse-version and cast-version alone (time and peak memory of each),
// and purse-vs-cast, which alternates the two in one loop: its purse/cast metric is the
// start-up ratio. floor-vs-cast and purse-vs-floor set the floor program (the libraries
// purse is built on, initialised, and nothing else) beside each: what any program on those
// libraries spends starting, and what purse spends beyond it.
func BenchmarkStartup(b *testing.B) {
	env := os.Environ()
	b.Run("purse-version", func(b *testing.B) { measure(b, env, purse(b), "version") })
	b.Run("cast-version", func(b *testing.B) {
		c := cast(b)
		skipNoCast(b, c)
		measure(b, env, c, "--version")
	})
	b.Run("purse-vs-cast", func(b *testing.B) {
		c := cast(b)
		skipNoCast(b, c)
		p := purse(b)
		alternate(b, "purse/cast",
			func() time.Duration { return timed(b, env, p, "version") },
			func() time.Duration { return timed(b, env, c, "--version") })
	})
	b.Run("floor-vs-cast", func(b *testing.B) {
		c := cast(b)
		skipNoCast(b, c)
		f := floor(b)
		alternate(b, "floor/cast",
			func() time.Duration { return timed(b, env, f) },
			func() time.Duration { return timed(b, env, c, "--version") })
	})
	b.Run("purse-vs-floor", func(b *testing.B) {
		p, f := purse(b), floor(b)
		alternate(b, "purse/floor",
			func() time.Duration { return timed(b, env, p, "version") },
			func() time.Duration { return timed(b, env, f) })
	})
}

// TestInstalledCopyIsExact guards the copy the benchmarks run: byte for byte the source.
func TestInstalledCopyIsExact(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	want := bytes.Repeat([]byte("purse\x00"), 50_000)
	if err := os.WriteFile(src, want, 0o755); err != nil {
		t.Fatal(err)
	}
	dst, err := installedIn(t.TempDir(), src, "copy")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(dst)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the installed copy differs from its source (%v)", err)
	}
}
