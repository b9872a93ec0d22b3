package startup

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

var (
	buildOnce sync.Once
	purseBin  string
	buildErr  error
	buildDir  string
)

// purse builds ./cmd/purse once per test binary, as `make build` does (no race detector,
// no coverage), into a temporary folder removed by TestMain.
func purse(b *testing.B) string {
	b.Helper()
	buildOnce.Do(func() {
		gobin, err := exec.LookPath("go")
		if err != nil {
			buildErr = err
			return
		}
		if buildDir, buildErr = os.MkdirTemp("", "purse-startup-"); buildErr != nil {
			return
		}
		purseBin = filepath.Join(buildDir, "purse")
		cmd := exec.Command(gobin, "build", "-o", purseBin, "./cmd/purse")
		cmd.Dir = "../.."
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = &buildFailure{err: err, out: string(out)}
		}
	})
	if buildErr != nil {
		b.Skipf("cannot build purse: %v", buildErr)
	}
	return purseBin
}

type buildFailure struct {
	err error
	out string
}

func (e *buildFailure) Error() string { return e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		_ = os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// cast is Foundry's cast: $CAST, else on PATH.
func cast() string {
	if p := os.Getenv("CAST"); p != "" {
		return p
	}
	p, _ := exec.LookPath("cast")
	return p
}

// run starts bin with args b.N times and reports the largest peak resident set size of
// one run (getrusage's ru_maxrss, KiB on Linux) as peak-MiB.
func run(b *testing.B, bin string, args ...string) {
	b.Helper()
	var peakKiB int64
	for b.Loop() {
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Run(); err != nil {
			b.Fatalf("%s %v: %v", bin, args, err)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peakKiB = max(peakKiB, ru.Maxrss)
		}
	}
	b.ReportMetric(float64(peakKiB)/1024, "peak-MiB")
}

// BenchmarkStartup: purse-version and cast-version run in the same benchmark, so the
// ratio benchreport computes divides two figures of one run on one machine.
func BenchmarkStartup(b *testing.B) {
	b.Run("purse-version", func(b *testing.B) { run(b, purse(b), "version") })
	b.Run("cast-version", func(b *testing.B) {
		c := cast()
		if c == "" {
			b.Skip("cast is not installed (set CAST or put cast on PATH: npm install --ignore-scripts @foundry-rs/cast-linux-amd64); no ratio is reported")
		}
		run(b, c, "--version")
	})
}
