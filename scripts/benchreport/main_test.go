package main

import (
	"strings"
	"testing"
)

const sample = `pkg: purse/internal/startup
BenchmarkStartup/purse-version-2   	      30	   4000000 ns/op	        15.00 peak-MiB
BenchmarkStartup/purse-version-2   	      30	   5000000 ns/op	        15.50 peak-MiB
BenchmarkStartup/purse-version-2   	      30	   9000000 ns/op	        15.25 peak-MiB
BenchmarkStartup/cast-version-2    	      30	   5000000 ns/op	        14.70 peak-MiB
BenchmarkStartup/purse-vs-cast-2   	      15	   9000000 ns/op	         0.7500 purse/cast
BenchmarkStartup/purse-vs-cast-2   	      15	   9000000 ns/op	         0.9000 purse/cast
BenchmarkStartup/purse-vs-cast-2   	      15	   9000000 ns/op	         0.8500 purse/cast
BenchmarkAgentSign/purse-agent-sign-2	  20	   8000000 ns/op	        21.00 peak-MiB
`

func TestReportMediansTargetsAndConditions(t *testing.T) {
	results, raw, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if got := results["startup.BenchmarkStartup/purse-version"].metrics["ns/op"]; got != 5000000 {
		t.Fatalf("median of 4, 5 and 9 ms: %v", got)
	}
	md, failed := render(results, raw, conditions{loadBefore: "3.1 2.9 2.5", loadAfter: "4.0 3.2 2.6", note: "two test suites ran meanwhile"})
	if !failed {
		t.Fatal("a median ratio of 0.85 against ≤ 0.8 and a peak of 21 MiB against ≤ 20 passed")
	}
	for _, want := range []string{
		"| 0.85 purse/cast | | absolute | ≤ 0.8 purse/cast (MISSED) |",
		"| 21 peak-MiB | | absolute | ≤ 20 peak-MiB (MISSED) |",
		"| 15.25 peak-MiB | | absolute | ≤ 20 peak-MiB (met) |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	for _, want := range []string{"at the start: 3.1 2.9 2.5; at the end: 4.0 3.2 2.6", "two test suites ran meanwhile", "not measured in this run"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}
