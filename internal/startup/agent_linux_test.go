package startup

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/agent"
	"purse/wallet"
)

// The agent's benchmarks, against the real binaries: a whole `purse sign full-auth` process
// with the key unlocked in the agent, next to `cast wallet sign` with a raw key; and 1,000
// concurrent requests from many processes, none lost, the audit chain intact.

// benchKey is a throwaway test key (Foundry's first dev account).
const benchKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

// benchPolicy allows exactly what the benchmarks sign, so the agent's gate signs without a
// display: full-auth calls of the two routes below (the payload of each fits no stricter
// route).
const benchPolicy = `[purposes]
full-auth = "allow"

[routes]
form-a-info = "allow"
transactions = "allow"
`

// agentHome makes a PURSE_HOME with the key imported into a key file and an agent holding
// it unlocked under benchPolicy; the agent is stopped when b ends.
func agentHome(b testing.TB) (bin string, env []string) {
	b.Helper()
	bin = purse(b)
	home, err := os.MkdirTemp(work(b), "home")
	if err != nil {
		b.Fatal(err)
	}
	pass := filepath.Join(home, "pass")
	if err := os.WriteFile(pass, []byte("bench-passphrase\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(benchPolicy), 0o600); err != nil {
		b.Fatal(err)
	}
	// The clients are this test binary, not purse: they talk to the agent only when its
	// executable is named (a client checks what answers on the socket with the kernel).
	b.Setenv(agent.EnvAgentExe, bin)
	b.Setenv(agent.EnvRuntimeDir, "")
	base := append(os.Environ(), "PURSE_HOME="+home, "PURSE_KEYSTORE=file", "PURSE_AGENT_SOCK=")
	withPass := append(base, "PURSE_PASSPHRASE_FILE="+pass)
	must := func(stdin string, args ...string) {
		cmd := exec.Command(bin, args...)
		cmd.Env = withPass
		cmd.Stdin = strings.NewReader(stdin)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("purse %v: %v\n%s", args, err, out)
		}
	}
	must(benchKey+"\n", "key", "import", "--label", "me", "--kind", "evm", "--private-key-file", "-")
	must("", "agent", "start", "--detach")
	b.Cleanup(func() {
		cmd := exec.Command(bin, "agent", "stop")
		cmd.Env = base
		_ = cmd.Run()
		_ = os.RemoveAll(home)
	})
	must("", "agent", "unlock", "me")
	// The measured processes get no passphrase: a signature that did not come from the
	// agent would fail rather than decrypt the key file in the process.
	return bin, base
}

func signArgs() []string {
	return []string{"sign", "full-auth", "--key", "me", "--token-id", "1234", "--network", "5003", "--method", "GET", "--route", "form-a-info", "--json"}
}

// BenchmarkAgentSign: purse-agent-sign (a whole `purse sign full-auth`, the key in the
// agent) and cast-wallet-sign (`cast wallet sign` of a message of the same length with the
// raw key) alone, time and peak memory; and purse-agent-vs-cast, which alternates the two:
// its purse/cast metric is the ratio.
func BenchmarkAgentSign(b *testing.B) {
	bin, env := agentHome(b)
	msg := wallet.ConsentPrefix + "0x" + strings.Repeat("ab", 32)
	castArgs := []string{"wallet", "sign", "--private-key", benchKey, msg}
	b.Run("purse-agent-sign", func(b *testing.B) { measure(b, env, bin, signArgs()...) })
	b.Run("cast-wallet-sign", func(b *testing.B) {
		c := cast(b)
		skipNoCast(b, c)
		measure(b, os.Environ(), c, castArgs...)
	})
	b.Run("purse-agent-vs-cast", func(b *testing.B) {
		c := cast(b)
		skipNoCast(b, c)
		alternate(b, "purse/cast",
			func() time.Duration { return timed(b, env, bin, signArgs()...) },
			func() time.Duration { return timed(b, os.Environ(), c, castArgs...) })
	})
}

// envClient makes this test binary a client process of the concurrency benchmark: it sends
// PURSE_BENCH_CLIENT concurrent requests and prints the signatures as JSON.
const envClient = "PURSE_BENCH_CLIENT"

func init() {
	n, err := strconv.Atoi(os.Getenv(envClient))
	if err != nil || n <= 0 {
		return
	}
	c := &agent.Client{Path: os.Getenv("PURSE_BENCH_SOCK"), Name: "bench client " + strconv.Itoa(os.Getpid())}
	addr := common.HexToAddress(os.Getenv("PURSE_BENCH_ADDR"))
	// The profile is the home's default one: the agent's gate reads it for the review.
	s := &agent.EVMSigner{C: c, Label: "me", Profile: "sandbox", Addr: addr}
	sigs := make([]string, n)
	errs := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fa, err := wallet.SignFullAuthCall(s, "POST", "transactions", []byte(fmt.Sprintf(`{"pageSize":%d,"txHash":"pid-%d"}`, i%100+1, os.Getpid())), time.Now().Add(time.Minute).Unix(), time.Now())
			if err != nil {
				errs[i] = err.Error()
				return
			}
			sigs[i] = fa.Sign
		}()
	}
	wg.Wait()
	_ = json.NewEncoder(os.Stdout).Encode(map[string][]string{"sigs": sigs, "errs": errs})
	os.Exit(0)
}

// BenchmarkAgentConcurrent: 1,000 requests at once from 10 processes of 100 each, per op.
// Every one must come back signed by the key (none lost), the agent must count exactly
// them, and the audit chain must verify with one record more per signature.
func BenchmarkAgentConcurrent(b *testing.B) {
	const procs, each = 10, 100
	bin, env := agentHome(b)
	home := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PURSE_HOME="); ok {
			home = v
		}
	}
	addr := common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
	sock := agent.SocketPath(home)
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	ctl := &agent.Client{Path: sock}
	signedBefore := func() int {
		st, err := ctl.Status(context.Background())
		if err != nil || len(st.Keys) != 1 {
			b.Fatalf("status: %v %+v", err, st)
		}
		return st.Keys[0].Signed
	}
	total := 0
	start := signedBefore()
	for b.Loop() {
		var wg sync.WaitGroup
		outs := make([][]byte, procs)
		for p := range procs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := exec.Command(self, "-test.run=^$")
				cmd.Env = append(os.Environ(), envClient+"="+strconv.Itoa(each), "PURSE_BENCH_SOCK="+sock, "PURSE_BENCH_ADDR="+addr.Hex())
				out, err := cmd.Output()
				if err != nil {
					b.Errorf("client process %d: %v", p, err)
				}
				outs[p] = out
			}()
		}
		wg.Wait()
		for p, out := range outs {
			var v struct{ Sigs, Errs []string }
			if err := json.Unmarshal(out, &v); err != nil {
				b.Fatalf("client process %d: %v: %s", p, err, out)
			}
			for i, e := range v.Errs {
				if e != "" || v.Sigs[i] == "" {
					b.Fatalf("client %d request %d lost: %s", p, i, e)
				}
			}
			total += len(v.Sigs)
		}
	}
	if got := signedBefore() - start; got != total {
		b.Fatalf("the agent signed %d, the clients got %d", got, total)
	}
	cmd := exec.Command(bin, "audit", "verify", "--json")
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("audit verify: %v\n%s", err, out)
	}
	var v struct {
		Records int  `json:"records"`
		OK      bool `json:"ok"`
	}
	if err := json.Unmarshal(out, &v); err != nil || !v.OK || v.Records != total {
		b.Fatalf("audit verify: %s (want %d records)", out, total)
	}
	b.ReportMetric(float64(procs*each), "requests/op")
}
