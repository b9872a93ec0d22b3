package deposit

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/app"
	appaccount "purse/app/account"
	"purse/app/apptest"
	"purse/config"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
	"purse/sandboxctl"
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
			sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { sb.Close() })
			// Short: the agent's socket goes in it.
			home, err := os.MkdirTemp("", "pd")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(home) })
			t.Cleanup(app.SetScryptCost(1<<4, 1))
			ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "sol": keystore.KindSolana})
			me, _ := ks.Get("me")
			sol, _ := ks.Get("sol")
			user := solana.MustPublicKeyFromBase58(sol.Address)
			sb.Solana.RegisterPartner(common.HexToAddress(me.Address))
			if _, err := sb.Solana.Fund(user, 1_000_000_000, 50_000_000); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			tokenID, err := sandboxctl.NewControl(sb.Info().UserAPI).IssueTokenID(ctx)
			if err != nil {
				t.Fatal(err)
			}
			p := sb.Info().Profile("t")
			p.EVMKey, p.PartnerKey, p.SolanaKey = "me", "me", "sol"
			testhome.UseProfile(t, home, p)
			a := &apptest.Approver{}
			var s *app.App
			if inAgent {
				apptest.ServeAgentWith(t, home, a.Display())
				s, err = app.Open(app.Options{Home: home, Client: "deposit test"})
			} else {
				t.Setenv(app.EnvNoAgent, "1")
				s, err = app.Open(app.Options{Home: home, Approver: a})
			}
			if err != nil {
				t.Fatal(err)
			}
			u := &app.Unlock{Passphrase: []byte("pw")}
			captcha := sandboxctl.Captcha(time.Now())
			plan, err := appaccount.New(s).CheckMint(ctx, tokenID, captcha, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := appaccount.New(s).Mint(ctx, plan); err != nil {
				t.Fatal(err)
			}
			if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
				t.Fatal(err)
			}
			_, err = New(s).Run(ctx, Run{Input: QuoteInput{Amount: 12_500_000, Currency: "EUR"}, Poll: 10 * time.Millisecond}, u)
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
