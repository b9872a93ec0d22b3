package deposit

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"purse/agent"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/wallet"
)

// A deposit's USDC is held against the deposit limits: within them the policy's line signs
// unasked (and the audit record says the USDC it moved); over the limit with the day's
// total it is asked; over the cap it is refused before anything is signed (no audit record).
// In the process and through the agent.
func TestGateDepositAmountLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole sandbox")
	}
	for _, inAgent := range []bool{false, true} {
		name := "in the process"
		if inAgent {
			name = "through the agent"
		}
		t.Run(name, func(t *testing.T) {
			d := newDepositor(t, inAgent, "[purposes]\nsolana-tx = \"allow\"\n[limits.deposit]\nUSDC = \"10\"\n[caps.deposit]\nUSDC = \"20\"\n")
			s, a, home, u := d.s, d.a, d.home, d.u
			ctx := context.Background()
			deposit := func(units uint64) error {
				_, err := New(s).Run(ctx, Run{Input: QuoteInput{Amount: units, Currency: "EUR"}, Poll: 10 * time.Millisecond}, u)
				return err
			}
			if err := deposit(6_000_000); err != nil || a.Count() != 0 {
				t.Fatalf("6 USDC within the limit: %v (asked %d)", err, a.Count())
			}
			// The quote's partner signature comes first; the deposit's is the last record.
			if rec := lastAudit(t, home); rec.Purpose != string(wallet.PurposeSolanaTx) || rec.Asset != "USDC" || rec.Amount != "6" {
				t.Fatalf("the audit record: %+v", rec)
			}
			if rec := lastAudit(t, home); !strings.HasPrefix(rec.Summary, "Solana deposit: 6.000000 USDC into ") {
				t.Fatalf("the audit record's summary: %q", rec.Summary)
			}
			if err := deposit(5_000_000); !errors.Is(err, agent.ErrDenied) || a.Count() != 1 || !strings.Contains(a.Last().Line, `limits.deposit.USDC = "10"`) {
				t.Fatalf("5 more, 11 today: %v (asked %d)", err, a.Count())
			}
			solanaRecords := func() int {
				ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile})
				if err != nil {
					t.Fatal(err)
				}
				recs, err := ks.ListAudit()
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for _, r := range recs {
					if r.Purpose == string(wallet.PurposeSolanaTx) {
						n++
					}
				}
				return n
			}
			before := solanaRecords()
			if err := deposit(15_000_000); !errors.Is(err, agent.ErrDenied) || a.Count() != 1 || !strings.Contains(err.Error(), `caps.deposit.USDC = "20"`) {
				t.Fatalf("15 more, 21 today: %v (asked %d)", err, a.Count())
			}
			if solanaRecords() != before {
				t.Fatal("a capped deposit was signed (audited)")
			}
		})
	}
}

// lastAudit is the last record of home's audit log.
func lastAudit(t *testing.T, home string) keystore.AuditRecord {
	t.Helper()
	recs := testhome.AuditRecords(t, home)
	if len(recs) == 0 {
		t.Fatal("audit: no records")
	}
	return recs[len(recs)-1]
}
