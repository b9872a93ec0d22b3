package deposit

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/app/apptest"
)

// The review of a deposit, in the process and on the agent's display, names the fiat it
// becomes (the output token read on the home chain) and what the simulation of the signed
// bytes does to the wallet's SOL and USDC (issue 21: the agent's review dropped the fiat
// currency, and no review showed the simulation's balance changes). Declined, nothing is sent.
func TestDepositReviewShowsCurrencyAndBalancesBothWays(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	for _, inAgent := range []bool{false, true} {
		name := "in the process"
		if inAgent {
			name = "through the agent"
		}
		t.Run(name, func(t *testing.T) {
			d := newDepositor(t, inAgent, "")
			s, a, sb, u, user := d.s, d.a, d.sb, d.u, d.user
			ctx := context.Background()
			_, err := New(s).Run(ctx, Run{Input: QuoteInput{Amount: 12_500_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, u)
			if !errors.Is(err, agent.ErrDenied) || a.Count() != 1 {
				t.Fatalf("declined deposit: %v (asked %d)", err, a.Count())
			}
			if n := len(sb.Solana.Deposits()); n != 0 {
				t.Fatalf("a declined deposit was sent (%d deposits)", n)
			}
			rv := a.Last().Review
			txt := apptest.ReviewText(rv)
			if !strings.Contains(rv.Title, "deposit 12.500000 USDC → EUR") {
				t.Errorf("the review's title does not name the fiat: %q", rv.Title)
			}
			if v, _ := apptest.FieldOf(rv, "Deposit", "you receive"); !strings.Contains(v, " EUR") {
				t.Errorf("you receive %q: no currency", v)
			}
			usdc, note := apptest.FieldOf(rv, "Your balances (simulation of the signed transaction)", "USDC")
			if usdc != "50.000000 → 37.500000 USDC" || !strings.Contains(note, "−12500000 smallest units") {
				t.Errorf("USDC: %q %q\n%s", usdc, note, txt)
			}
			solv, note := apptest.FieldOf(rv, "Your balances (simulation of the signed transaction)", "SOL")
			if !strings.HasPrefix(solv, "1.000000000 → 0.99") || !strings.Contains(note, "wallet "+user.String()) {
				t.Errorf("SOL: %q %q\n%s", solv, note, txt)
			}
		})
	}
}
