package doctor

import (
	"context"
	"testing"

	"purse/app"
	"purse/sandbox"
)

// BenchmarkDoctor is one run of every probe against the sandbox (in-process, loopback) with a
// Live account and a partner key: 24 probes, 28 requests to the end-user API and 6 to the
// partner API, the home chain's reads, and 18 signatures through the signing gate.
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
