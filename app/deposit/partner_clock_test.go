package deposit

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/app/apptest"
	"purse/app/onboard"
	"purse/internal/testhome"
	"purse/keystore"
	"purse/sandbox"
)

// A service whose clock runs five minutes ahead of this machine's (both APIs: the sandbox's
// one clock): a partner mint and a deposit quote, each the first call of a fresh command, are
// signed with deadlines from the service's time and accepted by the service, through the
// gate in this process and in the agent (whose own clock is this machine's, within
// wallet.ClockSlack). Deadlines from this machine's clock would have expired there.
func TestPartnerCallsUnderAServiceClockAhead(t *testing.T) {
	const skew = 5 * time.Minute
	apptest.BothWays(t, func(t *testing.T, inAgent bool) {
		home, err := os.MkdirTemp("", "pc")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(home) })
		sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = sb.Close() })
		t.Cleanup(app.SetScryptCost(1<<4, 1))
		ks := testhome.FileStore(t, home, map[string]keystore.Kind{"me": keystore.KindEVM, "pk": keystore.KindEVM, "sol": keystore.KindSolana})
		pk, _ := ks.Get("pk")
		sb.Solana.RegisterPartner(common.HexToAddress(pk.Address))
		p := sb.Info().Profile("sb")
		p.EVMKey, p.PartnerKey, p.SolanaKey = "me", "pk", "sol"
		testhome.UseProfile(t, home, p)
		sb.EndUser.SetClockSkew(int64(skew / time.Second))

		approve := &apptest.Approver{Answer: func(app.Approval) error { return nil }}
		open := func() *app.App {
			var s *app.App
			var err error
			if inAgent {
				s, err = app.Open(app.Options{Home: home, Client: "partner clock test"})
			} else {
				s, err = app.Open(app.Options{Home: home, Approver: approve})
			}
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		if inAgent {
			apptest.ServeAgentWith(t, home, approve.Display())
		} else {
			t.Setenv(app.EnvNoAgent, "1")
		}
		ctx := context.Background()
		pw := &app.Unlock{Passphrase: []byte("pw")}
		s := open()
		plan, err := onboard.New(s).PrepareMint(ctx, onboard.MintInput{Email: "skew@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		if ahead := time.Until(time.Unix(plan.Deadline, 0)); ahead < skew {
			t.Fatalf("the consent's deadline is %s ahead of this machine's clock: not from the service's time", ahead)
		}
		m, err := onboard.New(s).Mint(ctx, plan, pw)
		if err != nil || m.TokenID == "" {
			t.Fatalf("partner mint: %+v %v", m, err)
		}
		// The quote, the first call of another command.
		q, err := New(open()).Quote(ctx, QuoteInput{Amount: 10_000_000, Currency: "EUR"}, pw)
		if err != nil || q.SignedBy == "" {
			t.Fatalf("quote: %+v %v", q, err)
		}
	})
}
