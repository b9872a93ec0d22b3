package wallet

import (
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The full-auth header costs three keccaks and a string build on top of one secp256k1
// signature; these two benchmarks run side by side so `make bench` can report the ratio.

var benchPayload = []byte(`{"pageSize":50,"direction":"ALL","currencys":["eur","chf"]}`)

func BenchmarkFullAuthSign(b *testing.B) {
	s := devSigner(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SignFullAuth(s, benchPayload, 1790000000, before(1790000000)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBareCryptoSign(b *testing.B) {
	k := devSigner(b).Private()
	digest := crypto.Keccak256(benchPayload)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := crypto.Sign(digest, k); err != nil {
			b.Fatal(err)
		}
	}
}
