package doctor

import (
	"context"
	"testing"

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
