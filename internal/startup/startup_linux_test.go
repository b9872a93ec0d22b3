package startup

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
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

// BenchmarkStartup: purse-version and cast-version alone (time and peak memory of each),
// and purse-vs-cast, which alternates the two in one loop so that a slower or busier moment
// of the machine weighs on both: its purse/cast metric is the start-up ratio.
func BenchmarkStartup(b *testing.B) {
	b.Run("purse-version", func(b *testing.B) { run(b, purse(b), "version") })
	c := cast()
	skip := func(b *testing.B) {
		if c == "" {
			b.Skip("cast is not installed (set CAST or put cast on PATH: npm install --ignore-scripts @foundry-rs/cast-linux-amd64); no ratio is reported")
		}
	}
	b.Run("cast-version", func(b *testing.B) {
		skip(b)
		run(b, c, "--version")
	})
	b.Run("purse-vs-cast", func(b *testing.B) {
		skip(b)
		p := purse(b)
		var tp, tc time.Duration
		for b.Loop() {
			tp += timed(b, p, "version")
			tc += timed(b, c, "--version")
		}
		b.ReportMetric(float64(tp)/float64(tc), "purse/cast")
	})
}

// timed runs bin once and returns how long it took, start to exit.
func timed(b *testing.B, bin string, args ...string) time.Duration {
	b.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s %v: %v", bin, args, err)
	}
	return time.Since(start)
}
