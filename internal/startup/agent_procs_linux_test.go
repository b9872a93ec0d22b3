package startup

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/wallet"
)

// envLoop makes this test binary a client process of BenchmarkAgentProcessClients: its
// PURSE_BENCH_GOROUTINES goroutines share one agent client (its kept connections) and sign
// until PURSE_BENCH_LOOP signatures are made in all, after a first signature each (the dial,
// the kernel's checks) and a "go" on stdin, so only signing is timed.
const envLoop = "PURSE_BENCH_LOOP"

func init() {
	total, err := strconv.Atoi(os.Getenv(envLoop))
	if err != nil || total <= 0 {
		return
	}
	g, _ := strconv.Atoi(os.Getenv("PURSE_BENCH_GOROUTINES"))
	c := &agent.Client{Path: os.Getenv("PURSE_BENCH_SOCK"), Name: "bench client " + strconv.Itoa(os.Getpid())}
	s := &agent.EVMSigner{C: c, Label: "me", Profile: "sandbox", Addr: common.HexToAddress(os.Getenv("PURSE_BENCH_ADDR"))}
	sign := func() error {
		_, err := wallet.SignFullAuthCall(s, "GET", "form-a-info", nil, time.Now().Add(time.Minute).Unix(), time.Now())
		return err
	}
	fail := func(err error) {
		fmt.Println(`{"err":` + strconv.Quote(err.Error()) + `}`)
		os.Exit(1)
	}
	var wg sync.WaitGroup
	for range g {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := sign(); err != nil {
				fail(err)
			}
		}()
	}
	wg.Wait()
	fmt.Println("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		fail(err)
	}
	var next atomic.Int64
	cpu0 := selfCPU()
	for range g {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(total) {
				if err := sign(); err != nil {
					fail(err)
				}
			}
		}()
	}
	wg.Wait()
	_ = json.NewEncoder(os.Stdout).Encode(clientReport{Signed: total, CPU: selfCPU() - cpu0})
	os.Exit(0)
}

// clientReport is what a client process of the benchmark prints when it is done: the
// signatures it made and the CPU time (user and system, all its threads) they took.
type clientReport struct {
	Signed int           `json:"signed"`
	CPU    time.Duration `json:"cpu"`
}

// selfCPU is this process's CPU time so far, user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procCPU is process pid's CPU time so far (utime and stime of /proc/PID/stat, in the
// kernel's USER_HZ ticks, 100 a second on Linux).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name may hold spaces; the fields after it start past its ')'.
	rest := b[bytes.LastIndexByte(b, ')')+2:]
	f := strings.Fields(string(rest))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields after the name", pid, len(f))
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(u+st) * (time.Second / 100), nil
}

// BenchmarkAgentProcessClients: signatures per second of the real agent (a purse process,
// every record synced before its answer) for 1, 8 and 64 concurrent clients spread over up
// to 8 client processes, each keeping its connections: the agent's throughput as separate
// programs see it, where the kernel, not one Go scheduler, shares the CPUs between the
// clients and the agent's audit writer. ns/op is per signature; agent-cpu-us/sig and
// client-cpu-us/sig are the CPU time the agent process and the client processes spent per
// signature while it was timed, which says how far the CPUs, not the disk, bound the rate
// (the rate cannot pass the CPUs' count over their sum).
func BenchmarkAgentProcessClients(b *testing.B) {
	_, env := agentHome(b)
	home := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PURSE_HOME="); ok {
			home = v
		}
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	st, err := (&agent.Client{Path: agent.SocketPath(home), Name: "bench"}).Status(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	for _, clients := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			procs := min(clients, 8)
			each := max(b.N/procs, 1)
			type proc struct {
				cmd   *exec.Cmd
				stdin io.WriteCloser
				out   *bufio.Reader
			}
			ps := make([]proc, procs)
			for i := range ps {
				cmd := exec.Command(self, "-test.run=^$")
				cmd.Env = append(os.Environ(), envLoop+"="+strconv.Itoa(each), "PURSE_BENCH_GOROUTINES="+strconv.Itoa(clients/procs),
					"PURSE_BENCH_SOCK="+agent.SocketPath(home), "PURSE_BENCH_ADDR=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
				stdin, _ := cmd.StdinPipe()
				stdout, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				ps[i] = proc{cmd, stdin, bufio.NewReader(stdout)}
			}
			for i, p := range ps {
				if line, err := p.out.ReadString('\n'); err != nil || line != "ready\n" {
					b.Fatalf("client process %d: %q %v", i, line, err)
				}
			}
			agent0, err := procCPU(st.PID)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := time.Now()
			for _, p := range ps {
				_, _ = io.WriteString(p.stdin, "go\n")
			}
			var clientCPU time.Duration
			for i, p := range ps {
				line, _ := p.out.ReadString('\n')
				if err := p.cmd.Wait(); err != nil {
					b.Fatalf("client process %d: %v: %s", i, err, line)
				}
				var rep clientReport
				if err := json.Unmarshal([]byte(line), &rep); err != nil || rep.Signed != each {
					b.Fatalf("client process %d reported %q (%v)", i, line, err)
				}
				clientCPU += rep.CPU
			}
			elapsed := time.Since(start)
			b.StopTimer()
			agent1, err := procCPU(st.PID)
			if err != nil {
				b.Fatal(err)
			}
			n := each * procs
			b.ReportMetric(float64((agent1-agent0).Microseconds())/float64(n), "agent-cpu-us/sig")
			b.ReportMetric(float64(clientCPU.Microseconds())/float64(n), "client-cpu-us/sig")
			b.ReportMetric(float64(elapsed.Nanoseconds())/float64(n), "ns/sig")
			b.ReportMetric(float64(n)/elapsed.Seconds(), "sig/s")
		})
	}
}
