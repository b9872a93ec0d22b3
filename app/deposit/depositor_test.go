package deposit

import (
	"context"
	"os"
	"path/filepath"
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

// depositor is a Live account on a sandbox of its own whose Solana key (user) holds 1 SOL
// and 50 USDC: the session (signing in the process, or through an agent whose display is a),
// the sandbox and the home.
type depositor struct {
	s    *app.App
	a    *apptest.Approver
	sb   *sandbox.Sandbox
	home string
	u    *app.Unlock
	user solana.PublicKey
}

// newDepositor mints the account on a fresh sandbox under policy (a policy file's text; ""
// keeps the defaults), its keys "me" (EVM, also the partner key) and "sol" (Solana).
func newDepositor(t *testing.T, inAgent bool, policy string) depositor {
	t.Helper()
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
	if policy != "" {
		if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte(policy), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	a := &apptest.Approver{}
	s := apptest.Open(t, home, a, inAgent, "deposit test")
	plan, err := appaccount.New(s).CheckMint(ctx, tokenID, sandboxctl.Captcha(time.Now()), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := appaccount.New(s).Mint(ctx, plan); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
		t.Fatal(err)
	}
	return depositor{s: s, a: a, sb: sb, home: home, u: &app.Unlock{Passphrase: []byte("pw")}, user: user}
}
