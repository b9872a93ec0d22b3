package homechain_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"purse/homechain"
	"purse/wallet"
)

// BenchmarkPermitEndToEnd is one permit as a flow does it against the sandbox chain: read
// name, version, DOMAIN_SEPARATOR and nonce over JSON-RPC HTTP and check the domain (read),
// sign with the dev key (sign), relay permit() and wait until it is mined (submit+mine).
// "full" reports where the time of each op goes (read-µs/op, sign-µs/op, mine-µs/op);
// "read" and "sign" measure those steps alone.
//
// Each mined permit is one block, and the sandbox's block timestamps advance at least one
// second per block, so the deadline is far ahead to survive -count and -benchtime.
func BenchmarkPermitEndToEnd(b *testing.B) {
	ctx := context.Background()
	c := dial(b)
	s := newSigner(b, devKey)
	tk := token(b, "USD24")
	spender := sandbox.Contracts().CardSpender
	deadline := big.NewInt(time.Now().Add(365 * 24 * time.Hour).Unix())
	value := big.NewInt(100)

	b.Run("full", func(b *testing.B) {
		var read, sign, mine time.Duration
		b.ReportAllocs()
		for b.Loop() {
			t0 := time.Now()
			p, err := c.PreparePermit(ctx, tk.Address, s.Address(), spender, value, deadline)
			if err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			sig, err := wallet.SignPermit(s, p)
			if err != nil {
				b.Fatal(err)
			}
			t2 := time.Now()
			if _, err := relay(ctx, p, sig); err != nil {
				b.Fatal(err)
			}
			t3 := time.Now()
			read += t1.Sub(t0)
			sign += t2.Sub(t1)
			mine += t3.Sub(t2)
		}
		n := float64(b.N)
		b.ReportMetric(float64(read.Microseconds())/n, "read-µs/op")
		b.ReportMetric(float64(sign.Microseconds())/n, "sign-µs/op")
		b.ReportMetric(float64(mine.Microseconds())/n, "mine-µs/op")
	})
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.PreparePermit(ctx, tk.Address, s.Address(), spender, value, deadline); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sign", func(b *testing.B) {
		p, err := c.PreparePermit(ctx, tk.Address, s.Address(), spender, value, deadline)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := wallet.SignPermit(s, p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkToSmallest is the exact decimal conversion of an amount.
func BenchmarkToSmallest(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := homechain.ParseAmount("123456.78", 2); err != nil {
			b.Fatal(err)
		}
	}
}
