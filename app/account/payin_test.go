package account_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"purse/app"
	"purse/app/account"
	"purse/app/apptest"
)

// The pay-in details are the banking profile's deposit bank entries, read signed in the
// process and through the agent; the EUR entry carries the EPC QR payload (with the amount
// when one is given); a currency the account has none for is refused naming those it has.
func TestPayInsBothWays(t *testing.T) {
	bothWays(t, func(t *testing.T, s *app.App, u *app.Unlock, _ *apptest.Approver) {
		ctx := context.Background()
		all, err := account.New(s).PayIns(ctx, u, nil)
		if err != nil || len(all) != 2 || all[0].Currency != "CHF" || all[1].Currency != "EUR" || all[0].EPC != "" {
			t.Fatalf("pay-ins: %+v %v", all, err)
		}
		eur := all[1]
		if want := "BCD\n002\n1\nSCT\n" + eur.BIC + "\n" + eur.Payee + "\n" + eur.Account; eur.EPC != want || eur.EPCErr != "" {
			t.Fatalf("EPC payload %q, want %q (%s)", eur.EPC, want, eur.EPCErr)
		}
		amt := decimal.RequireFromString("12.5")
		if p, err := account.New(s).PayInFor(ctx, u, "eur", &amt); err != nil || !strings.HasSuffix(p.EPC, "\nEUR12.50") {
			t.Fatalf("with an amount: %q %v", p.EPC, err)
		}
		var adv *app.Advice
		if _, err := account.New(s).PayInFor(ctx, u, "usd", nil); !errors.As(err, &adv) || !strings.Contains(err.Error(), `no pay-in details for "usd" (it has CHF, EUR)`) {
			t.Fatalf("usd: %v", err)
		}
	})
}
