//go:build unix

package sandbox

import (
	"context"
	"io"
	"math/big"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/internal/diskuse"
)

// idleWindow is how long BenchmarkIdle leaves the sandbox alone.
const idleWindow = 10 * time.Second

// BenchmarkIdle keeps a sandbox's state in a folder, drives a short session (accounts
// minted and funded on the EVM, end-user API reads), then leaves it alone for idleWindow:
// idle-core-% is the CPU the process used meanwhile as a share of one core, state-MiB the
// disk the state folder takes after the sandbox stopped (blocks allocated, so a
// preallocated file counts at its full size).
func BenchmarkIdle(b *testing.B) {
	for range b.N {
		dir := b.TempDir()
		ctx := context.Background()
		sb, err := Start(ctx, Config{Listen: "127.0.0.1:0", StateDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		usd, _ := sb.Chain.Token("USD24")
		for i := range 10 {
			owner := common.BigToAddress(big.NewInt(int64(0x5a0000 + i)))
			if _, err := sb.Chain.MintAccount(ctx, owner, uint64(900_000+i)); err != nil {
				b.Fatal(err)
			}
			if _, err := sb.Chain.Fund(ctx, usd.Address, owner, big.NewInt(100_00)); err != nil {
				b.Fatal(err)
			}
			resp, err := http.Get(sb.Info().UserAPI + "/api/v1/timestamp")
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		before, start := cpuTime(b), time.Now()
		time.Sleep(idleWindow)
		used, took := cpuTime(b)-before, time.Since(start)
		if err := sb.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(100*used.Seconds()/took.Seconds(), "idle-core-%")
		b.ReportMetric(float64(allocated(b, dir))/(1<<20), "state-MiB")
	}
}

// cpuTime is the user and system time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// allocated is the disk space the files under dir take (diskuse.Allocated).
func allocated(b *testing.B, dir string) int64 {
	n, err := diskuse.Allocated(dir)
	if err != nil {
		b.Fatal(err)
	}
	return n
}
