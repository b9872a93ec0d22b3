package altchain

import "testing"

// BenchmarkInspect measures strict decoding plus every static rule on one transaction.
func BenchmarkInspect(b *testing.B) {
	q, user := baseline(b)
	opts := testOptions()
	b.ReportAllocs()
	for b.Loop() {
		if r := Inspect(q, user, opts); r.Rejected() {
			b.Fatal(r.Err())
		}
	}
}

// BenchmarkSignSerialize measures blockhash replacement, ed25519 signing and serialization.
func BenchmarkSignSerialize(b *testing.B) {
	q, _ := baseline(b)
	k := testSigner(b)
	bh := testKeyHash("fresh")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := SignTransaction(q.Transaction, bh, k); err != nil {
			b.Fatal(err)
		}
	}
}
