package doctor

import (
	"context"
	"testing"
	"time"

	"purse/app"
	"purse/sandbox"
)

// BenchmarkDoctor is one run of every probe against the sandbox (in-process, loopback) with a
// Live account and a partner key: the doctor's 24 probes and one per route probe the route
// table declares, their requests to the end-user and partner APIs, the home chain's reads,
// and the signatures through the signing gate.
func BenchmarkDoctor(b *testing.B) {
	e := newDoctorEnv(b, "", sandbox.Config{})
	s, err := app.Open(app.Options{Home: e.home})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for b.Loop() {
		if rep, err := Run(ctx, s, pw); err != nil || rep.Summary.Confirmed != len(rep.Probes) {
			b.Fatalf("%v %+v", err, rep.Summary)
		}
	}
}

// BenchmarkDoctorSlowService is a run against a service and node that answer each request
// 50 ms late, its probes one at a time, then side by side as purse runs them.
func BenchmarkDoctorSlowService(b *testing.B) {
	e := newDoctorEnv(b, "", sandbox.Config{})
	e.slow(b, 50*time.Millisecond)
	s, err := app.Open(app.Options{Home: e.home})
	if err != nil {
		b.Fatal(err)
	}
	defer func(n int) { parallel = n }(parallel)
	for _, c := range []struct {
		name string
		n    int
	}{{"one-at-a-time", 1}, {"side-by-side", parallel}} {
		b.Run(c.name, func(b *testing.B) {
			parallel = c.n
			for b.Loop() {
				if rep, err := Run(context.Background(), s, pw); err != nil || rep.Summary.Confirmed != len(rep.Probes) {
					b.Fatalf("%v %+v", err, rep.Summary)
				}
			}
		})
	}
}
