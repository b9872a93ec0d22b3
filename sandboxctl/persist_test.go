package sandboxctl_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"purse/agent"
	"purse/app"
	"purse/app/review"
	appsandbox "purse/app/sandbox"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/sandboxctl"
	"purse/wallet"
)

const devKey = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"

// A sandbox started again from the same state dir still has the onboarded account Live
// (status, balances on the EVM chain, the Solana funding and the partner key), and a reset
// drops all of it.
func TestSandboxStateSurvivesARestartAndResetDropsIt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	signer, err := wallet.ParseEVMKey(devKey)
	if err != nil {
		t.Fatal(err)
	}
	const solAddr = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
	partner := signer.Address().Hex()

	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0", StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	info := sb.Info()
	ctl := sandboxctl.NewControl(info.UserAPI)
	// Onboarded as `purse sandbox ctl onboard` does (app/sandbox's Onboard), which registers
	// the EVM key as the partner key; the Solana key is funded here.
	core := onboarder(t, info)
	on, err := appsandbox.New(core).Onboard(ctx, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	id := on.TokenID
	if _, err := ctl.FundSolana(ctx, solAddr, 2_000_000_000, 100_000_000); err != nil {
		t.Fatal(err)
	}
	if err := sb.Close(); err != nil {
		t.Fatal(err)
	}

	sb, err = sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0", StateDir: dir})
	if err != nil {
		t.Fatalf("start again from %s: %v", dir, err)
	}
	defer sb.Close()
	info = sb.Info()
	ctl = sandboxctl.NewControl(info.UserAPI)
	api, err := enduser.New(enduser.Options{BaseURL: info.UserAPI, Network: info.Network, Signer: signer, TokenID: id})
	if err != nil {
		t.Fatal(err)
	}
	st, err := api.AccountStatus(ctx)
	if err != nil || st.StatusStr != "Live" {
		t.Fatalf("after a restart the account is %q (%v), want Live", st.StatusStr, err)
	}
	eur, _ := sb.Chain.Token("EUR24")
	if bal, err := sb.Chain.BalanceOf(ctx, eur.Address, signer.Address()); err != nil || bal.Int64() != 100000 {
		t.Fatalf("EUR24 on the chain after a restart = %v (%v), want the welcome 1000.00", bal, err)
	}
	sol := sb.Solana.Ledger()
	if len(sol.Partners) != 1 || sol.Partners[0].Hex() != partner {
		t.Fatalf("partner keys after a restart = %v, want %s", sol.Partners, partner)
	}
	if sb.Solana.Lamports(mustSolana(t, solAddr)) != 2_000_000_000 || sb.Solana.USDC(mustSolana(t, solAddr)) != 100_000_000 {
		t.Fatalf("Solana funding after a restart: %d lamports, %d USDC", sb.Solana.Lamports(mustSolana(t, solAddr)), sb.Solana.USDC(mustSolana(t, solAddr)))
	}

	if err := ctl.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if st, err := api.AccountStatus(ctx); err != nil || st.StatusStr != "Na" {
		t.Fatalf("after a reset the account is %q (%v), want Na", st.StatusStr, err)
	}
	// The services were replaced: read them through the sandbox's answers and files.
	raw, err := ctl.FundSolana(ctx, solAddr, 0, 0)
	var bal struct{ Lamports, USDC uint64 }
	if err != nil || json.Unmarshal(raw, &bal) != nil || bal.USDC != 0 || bal.Lamports != 0 {
		t.Fatalf("Solana balance after a reset: %s %v, want none", raw, err)
	}
	b, err := os.ReadFile(filepath.Join(dir, sandbox.LedgerFile))
	if err != nil || strings.Contains(string(b), partner) {
		t.Fatalf("the ledger after a reset still registers the partner key (%v): %s", err, b)
	}
	// The reset sandbox onboards the same key again, as on a fresh start, even from the
	// account id it forgot (a profile that still names it).
	// The restarted sandbox listens elsewhere: the profile follows it, keeping its key and
	// the account id the reset made it forget.
	if _, err := core.UpdateProfile(func(p *config.Profile) error {
		n := info.Profile(p.Name)
		n.EVMKey, n.PartnerKey, n.TokenID = p.EVMKey, p.PartnerKey, p.TokenID
		*p = *n
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if core.Profile().TokenID != id {
		t.Fatalf("the profile names %q, not the forgotten account %s", core.Profile().TokenID, id)
	}
	again, err := appsandbox.New(core).Onboard(ctx, nil, "", nil)
	if err != nil || again.TokenID == id || again.TokenID == "" {
		t.Fatalf("onboarding after a reset from the forgotten account %s: %q, %v", id, again.TokenID, err)
	}
}

// onboarder is the application layer on a new home whose profile "sb" is the sandbox's,
// with the signer's key (the dev key) as its EVM key in the key store.
func onboarder(t *testing.T, info sandboxctl.Info) *app.App {
	t.Helper()
	core, _ := onboarderWith(t, info, app.ApproverFunc(func(context.Context, app.Approval) error { return nil }))
	return core
}

// onboarderWith is onboarder with the signing gate's approver a; it returns the home too.
func onboarderWith(t *testing.T, info sandboxctl.Info, a app.Approver) (*app.App, string) {
	t.Helper()
	t.Setenv("PURSE_KEYSTORE", "file")
	t.Setenv(app.EnvNoAgent, "1")
	home := t.TempDir()
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(keystore.Question) ([]byte, error) { return []byte("pw"), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(devKey)); err != nil {
		t.Fatal(err)
	}
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	p := info.Profile("sb")
	p.EVMKey = "dev"
	if err := st.Put(p); err != nil {
		t.Fatal(err)
	}
	if err := st.Use(p.Name); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	core, err := app.Open(app.Options{Home: home, Prompt: func(string, bool) ([]byte, error) { return []byte("pw"), nil }, Approver: a})
	if err != nil {
		t.Fatal(err)
	}
	return core, home
}

// An onboarding stopped after the mint (Form A not approved) leaves the profile on the new
// account, and the next onboarding takes that account on to Live instead of minting another
// (which the service refuses: the address has one, 10005).
func TestOnboardStoppedAfterTheMintKeepsTheAccount(t *testing.T) {
	ctx := context.Background()
	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	refuseFormA := app.ApproverFunc(func(_ context.Context, a app.Approval) error {
		if a.Review.Kind == review.KindFormA {
			return errors.New("not approved")
		}
		return nil
	})
	core, home := onboarderWith(t, sb.Info(), refuseFormA)
	if err := os.WriteFile(filepath.Join(home, agent.PolicyFile), []byte("[purposes]\nform-a = \"confirm\"\nfull-auth = \"allow\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = appsandbox.New(core).Onboard(ctx, nil, "", nil)
	minted := core.Profile().TokenID
	if err == nil || minted == "" {
		t.Fatalf("a refused Form A: %v, profile token %q", err, minted)
	}
	core, err = app.Open(app.Options{Home: home, Prompt: func(string, bool) ([]byte, error) { return []byte("pw"), nil },
		Approver: app.ApproverFunc(func(context.Context, app.Approval) error { return nil })})
	if err != nil {
		t.Fatal(err)
	}
	on, err := appsandbox.New(core).Onboard(ctx, nil, "", nil)
	if err != nil || on.TokenID != minted || on.Status != "Live" {
		t.Fatalf("the onboarding again: %+v %v (minted %s first)", on, err, minted)
	}
}

func mustSolana(t *testing.T, addr string) solana.PublicKey {
	t.Helper()
	k, err := solana.PublicKeyFromBase58(addr)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
