// Command benchreport turns `go test -bench -benchmem` output (stdin) into the markdown
// table of docs/benchmarks.md, with the ratios the issues set as targets computed from
// benchmarks of the same run.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ratio is a target of the form numerator / denominator <= max (max 0: report only).
type ratio struct {
	name        string
	numerator   string
	denominator string
	metric      string // "ns/op" unless a benchmark reports something else
	max         float64
}

var ratios = []ratio{
	{"full-auth header signing vs bare crypto.Sign", "wallet.BenchmarkFullAuthSign", "wallet.BenchmarkBareCryptoSign", "ns/op", 1.3},
	{"sandbox: full-auth request vs unauthenticated request (time per request)", "endusertest.BenchmarkFullAuthRoute", "endusertest.BenchmarkUnauthenticatedRoute", "ns/op", 0},
	{"proxy overhead: full-auth call through `purse proxy` vs the same call made directly", "proxy.BenchmarkProxy/proxy", "proxy.BenchmarkProxy/direct", "ns/op", 0},
	{"client overhead: full-auth call vs unauthenticated call", "enduser.BenchmarkClientOverhead/full-auth", "enduser.BenchmarkClientOverhead/no-auth", "ns/op", 0},
	{"transactions screen render: 100,000 vs 100 records", "tui.BenchmarkTransactionsView/records=100000", "tui.BenchmarkTransactionsView/records=100", "ns/op", 1.5},
	{"whole-process start-up: `purse version` vs `cast --version`, each alone", "startup.BenchmarkStartup/purse-version", "startup.BenchmarkStartup/cast-version", "ns/op", 0},
	{"peak memory: `purse version` vs `cast --version`", "startup.BenchmarkStartup/purse-version", "startup.BenchmarkStartup/cast-version", "peak-MiB", 0},
	{"whole-process signature: `purse sign full-auth` (key in the agent) vs `cast wallet sign`, each alone", "startup.BenchmarkAgentSign/purse-agent-sign", "startup.BenchmarkAgentSign/cast-wallet-sign", "ns/op", 0},
	{"peak memory: `purse sign full-auth` (key in the agent) vs `cast wallet sign`", "startup.BenchmarkAgentSign/purse-agent-sign", "startup.BenchmarkAgentSign/cast-wallet-sign", "peak-MiB", 0},
	{"`purse doctor` against a service answering each request 50 ms late: probes side by side vs one at a time", "doctor.BenchmarkDoctorSlowService/side-by-side", "doctor.BenchmarkDoctorSlowService/one-at-a-time", "ns/op", 0.5},
	{"audited signature, 1 signer (group commit) vs one bare append + fsync on the same file system (time per signature / per fsync)", "keystore.BenchmarkAuditedSign/clients=1", "keystore.BenchmarkBareFsync", "ns/op", 0},
	{"audited signature, 8 concurrent signers vs one bare append + fsync", "keystore.BenchmarkAuditedSign/clients=8", "keystore.BenchmarkBareFsync", "ns/op", 0},
	{"audited signature, 64 concurrent signers vs one bare append + fsync", "keystore.BenchmarkAuditedSign/clients=64", "keystore.BenchmarkBareFsync", "ns/op", 0},
}

// limit is an absolute target for one benchmark: metric (ns/op unless set) at most max
// (max 0: report only, for a ratio a benchmark measures itself).
type limit struct {
	name      string
	benchmark string
	max       float64
	metric    string
}

var limits = []limit{
	{"Solana decode + static validation per transaction", "altchain.BenchmarkInspect", 100_000, "ns/op"},
	{"peak memory of the whole `purse version` process", "startup.BenchmarkStartup/purse-version", 20, "peak-MiB"},
	{"peak memory of the whole `purse sign full-auth` process (key in the agent)", "startup.BenchmarkAgentSign/purse-agent-sign", 20, "peak-MiB"},
	{"whole-process start-up: `purse version` / `cast --version`, alternated in one loop", "startup.BenchmarkStartup/purse-vs-cast", 0.8, "purse/cast"},
	{"start-up floor: the libraries purse is built on, initialised and nothing else (internal/startup/testdata/floor) / `cast --version`, alternated in one loop", "startup.BenchmarkStartup/floor-vs-cast", 0, "floor/cast"},
	{"what purse adds to the floor: `purse version` / the floor program, alternated in one loop", "startup.BenchmarkStartup/purse-vs-floor", 0, "purse/floor"},
	{"proxy overhead: through `purse proxy` / direct, the same full-auth call alternated in one loop", "proxy.BenchmarkProxy/proxy-vs-direct", 0, "proxy/direct"},
	{"whole-process signature: `purse sign full-auth` with the key in the agent / `cast wallet sign` with a raw key, alternated in one loop", "startup.BenchmarkAgentSign/purse-agent-vs-cast", 0.8, "purse/cast"},
	{"the agent under 1,000 concurrent requests from 10 processes (ns per 1,000; every one signed, audit chain verified)", "startup.BenchmarkAgentConcurrent", 0, "ns/op"},
	{"audited signatures of one key by 64 concurrent signers, each answered once its record is synced (ns per signature: 100,000 is the issue's 10,000 signatures/s)", "keystore.BenchmarkAuditedSign/clients=64", 100_000, "ns/op"},
	{"an idle sandbox's CPU after a short session, as a share of one core (10 s untouched)", "sandbox.BenchmarkIdle", 1, "idle-core-%"},
	{"the sandbox's state folder on disk after that session (blocks allocated)", "sandbox.BenchmarkIdle", 20, "state-MiB"},
}

type result struct {
	pkg, name string
	metrics   map[string]float64
	samples   map[string][]float64
}

var lineRe = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+(.*)$`)

// conditions are what the run shared the machine with, for the report's reader.
type conditions struct {
	loadBefore, loadAfter, note string
}

func main() {
	out := flag.String("o", "docs/benchmarks.md", "markdown file to write")
	var c conditions
	flag.StringVar(&c.loadBefore, "load-before", "", "/proc/loadavg when the run started")
	flag.StringVar(&c.loadAfter, "load-after", "", "/proc/loadavg when it ended")
	flag.StringVar(&c.note, "note", "", "what else ran on the machine meanwhile, in words")
	flag.Parse()
	results, raw, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
	if len(results) == 0 {
		fmt.Fprintln(os.Stderr, "benchreport: no benchmark results on stdin")
		os.Exit(1)
	}
	md, failed := render(results, raw, c)
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, []byte(md), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
	fmt.Print(md)
	if failed {
		fmt.Fprintln(os.Stderr, "benchreport: a ratio target was missed")
		os.Exit(1)
	}
}

func parse(r io.Reader) (map[string]result, []string, error) {
	results := map[string]result{}
	var raw []string
	pkg := ""
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = p[strings.LastIndex(p, "/")+1:]
			continue
		}
		m := lineRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		raw = append(raw, line)
		fields := strings.Fields(m[3])
		key := pkg + "." + m[1]
		res, ok := results[key]
		if !ok {
			res = result{pkg: pkg, name: m[1], metrics: map[string]float64{}, samples: map[string][]float64{}}
		}
		for i := 0; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			res.samples[fields[i+1]] = append(res.samples[fields[i+1]], v)
			res.metrics[fields[i+1]] = median(res.samples[fields[i+1]])
		}
		results[key] = res
	}
	return results, raw, sc.Err()
}

// median of the -count repetitions, so one descheduled repetition does not move a ratio.
func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func render(results map[string]result, raw []string, c conditions) (string, bool) {
	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmarks\n\nWritten by `make bench` on %s (one run on this machine; each figure is the median of the run's `-count` repetitions, and every ratio divides two benchmarks of that same run).\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	b.WriteString("## Conditions\n\n")
	fmt.Fprintf(&b, "- %d CPUs (%s/%s).\n", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	if c.loadBefore != "" || c.loadAfter != "" {
		fmt.Fprintf(&b, "- Load average (1, 5, 15 min) at the start: %s; at the end: %s.\n", orUnknown(c.loadBefore), orUnknown(c.loadAfter))
	}
	if c.note != "" {
		fmt.Fprintf(&b, "- %s\n", c.note)
	}
	b.WriteString("- Whole processes (package startup): purse is built as `make build` builds it; purse and cast are copied with plain writes into one folder and dropped from the page cache, so both start as installed programs read from the disk (a binary the Go linker has just written is mapped in larger pieces: more resident memory, fewer page faults); output goes to /dev/null; peak memory is GNU time's maximum resident set size of 5 runs (a child of the test binary would report the test binary's size).\n\n")
	b.WriteString("## Targets\n\n| ratio | numerator | denominator | value | target |\n|---|---|---|---|---|\n")
	failed := false
	for _, r := range ratios {
		n, okN := results[r.numerator]
		d, okD := results[r.denominator]
		if !okN || !okD || d.metrics[r.metric] == 0 {
			fmt.Fprintf(&b, "| %s | %s | %s | not measured in this run | %s |\n", r.name, r.numerator, r.denominator, target(r))
			continue
		}
		v := n.metrics[r.metric] / d.metrics[r.metric]
		status := ""
		if r.max > 0 {
			if v <= r.max {
				status = " (met)"
			} else {
				status = " (MISSED)"
				failed = true
			}
		}
		fmt.Fprintf(&b, "| %s | %s %s | %s %s | %.3f | %s%s |\n", r.name, num(n.metrics, r.metric), r.metric, num(d.metrics, r.metric), r.metric, v, target(r), status)
	}
	for _, l := range limits {
		r, ok := results[l.benchmark]
		if !ok {
			fmt.Fprintf(&b, "| %s | %s | | not measured in this run | %s |\n", l.name, l.benchmark, l.target())
			continue
		}
		v, ok := r.metrics[l.metric]
		if !ok {
			fmt.Fprintf(&b, "| %s | %s reports no %s | | not measured in this run | %s |\n", l.name, l.benchmark, l.metric, l.target())
			continue
		}
		if l.max == 0 {
			fmt.Fprintf(&b, "| %s | %s %s | | absolute | reported |\n", l.name, strconv.FormatFloat(v, 'f', -1, 64), l.metric)
			continue
		}
		status := " (met)"
		if v > l.max {
			status, failed = " (MISSED)", true
		}
		fmt.Fprintf(&b, "| %s | %s %s | | absolute | ≤ %g %s%s |\n", l.name, strconv.FormatFloat(v, 'f', -1, 64), l.metric, l.max, l.metric, status)
	}
	b.WriteString("\n## All results\n\n| package | benchmark | ns/op | B/op | allocs/op | other |\n|---|---|---|---|---|---|\n")
	keys := make([]string, 0, len(results))
	for k := range results {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		r := results[k]
		var other []string
		for m, v := range r.metrics {
			if m != "ns/op" && m != "B/op" && m != "allocs/op" {
				other = append(other, fmt.Sprintf("%s %s", strconv.FormatFloat(v, 'f', -1, 64), m))
			}
		}
		sort.Strings(other)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", r.pkg, r.name, num(r.metrics, "ns/op"), num(r.metrics, "B/op"), num(r.metrics, "allocs/op"), strings.Join(other, ", "))
	}
	b.WriteString("\n## Raw output\n\n```\n" + strings.Join(raw, "\n") + "\n```\n")
	return b.String(), failed
}

func orUnknown(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}

func (l limit) target() string {
	if l.max == 0 {
		return "reported"
	}
	return fmt.Sprintf("≤ %g %s", l.max, l.metric)
}

func target(r ratio) string {
	if r.max == 0 {
		return "reported"
	}
	return fmt.Sprintf("≤ %.1f", r.max)
}

func num(m map[string]float64, k string) string {
	v, ok := m[k]
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
