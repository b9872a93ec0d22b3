package permit

import (
	"context"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/tui/kit"
	"purse/tui/svc"
	"purse/wallet"
)

// The well-known development key (anvil/hardhat account 0) the CLI tests onboard too.
const (
	devKey     = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	devAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	passphrase = "pw"
)

type sandboxEnv struct {
	sb      *sandbox.Sandbox
	env     *kit.Env
	home    string
	tokenID string
}

// startSandbox runs the in-process sandbox, imports the dev key into a light-scrypt file
// keystore, makes profile "sb" point at the sandbox and walks the dev key's account to Live
// through the real API (mint, KYC approval, Form A, activation).
func startSandbox(t *testing.T) *sandboxEnv {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	home := t.TempDir()
	t.Setenv("PURSE_KEYSTORE", "file")
	ks, err := keystore.Open(keystore.Options{Home: home, Backend: keystore.BackendFile, ScryptN: 1 << 4, ScryptP: 1,
		Passphrase: func(string, bool) ([]byte, error) { return []byte(passphrase), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(devKey)); err != nil {
		t.Fatal(err)
	}
	sb, err := sandbox.Start(ctx, sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	info := sb.Info()
	st, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	p := config.SandboxProfile(sb.Addr())
	p.Name, p.Network, p.AccountNFT, p.CardSpender, p.EVMKey = "sb", info.Network, info.AccountNFT, info.CardSpender, "dev"

	signer, err := ks.EVMSigner("dev", "sb")
	if err != nil {
		t.Fatal(err)
	}
	api, err := enduser.New(enduser.Options{BaseURL: p.UserAPI, Network: p.Network, Signer: signer})
	if err != nil {
		t.Fatal(err)
	}
	tokenID := enduser.NewMintTokenID(nil)
	mc, err := api.WithTokenID(tokenID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mc.Mint(ctx, enduser.MintRequest{Address: signer.Address().Hex(), LotNumber: "sandbox", CaptchaOutput: "sandbox-pass",
		PassToken: "sandbox", GenTime: strconv.FormatInt(time.Now().Unix(), 10)}); err != nil {
		t.Fatalf("mint: %v", err)
	}
	id, _ := strconv.ParseUint(tokenID, 10, 64)
	if err := sb.EndUser.KYCApprove(id); err != nil {
		t.Fatal(err)
	}
	fa, err := mc.FormAInfo(ctx)
	if err != nil {
		t.Fatalf("form A: %v", err)
	}
	sig, err := wallet.SignFormA(signer, fa.KYCSelfDec)
	if err != nil {
		t.Fatal(err)
	}
	if err := mc.SubmitFormA(ctx, enduser.FormASubmission{KYCSelfDec: fa.KYCSelfDec, KYCSelfDecSign: sig.Signature}); err != nil {
		t.Fatalf("form A submit: %v", err)
	}
	if err := sb.EndUser.Advance(id); err != nil {
		t.Fatal(err)
	}
	p.TokenID = tokenID
	if err := st.Add(p); err != nil {
		t.Fatal(err)
	}
	if err := st.Use("sb"); err != nil {
		t.Fatal(err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	services, err := svc.New(home, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	env := kit.NewEnv(ctx, kit.Session{Profile: "sb", EVMKey: "dev", AccountID: tokenID, Network: p.Network}, home, nil, lipgloss.NewRenderer(io.Discard))
	env.Svc = services
	return &sandboxEnv{sb: sb, env: env, home: home, tokenID: tokenID}
}

// TestCardSpenderFromTheEmbeddedSandbox: the embedded sandbox profile names no contracts,
// so the card role takes the card spender from the loopback sandbox at its user_api (and
// says so); a profile of another name, or one that sets card_spender, never asks.
func TestCardSpenderFromTheEmbeddedSandbox(t *testing.T) {
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	want := sb.Info().CardSpender
	load := func(t *testing.T, p *config.Profile) Context {
		t.Helper()
		home := t.TempDir()
		st, err := config.Load(home)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Put(p); err != nil {
			t.Fatal(err)
		}
		if err := st.Use(p.Name); err != nil {
			t.Fatal(err)
		}
		if err := st.Save(); err != nil {
			t.Fatal(err)
		}
		services, err := svc.New(home, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := LoadContext(context.Background(), services)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	// The embedded sandbox profile names the card spender the sandbox deploys.
	c := load(t, config.SandboxProfile(sb.Addr()))
	if c.CardSpender != want {
		t.Fatalf("embedded sandbox profile: card spender %q, want %s", c.CardSpender, want)
	}
	c.OwnerErr = nil // the profile has no EVM key here; the owner does not matter to the spender
	pl, err := Check(c, Form{Token: 0, Amount: "1", Role: RoleCard})
	if err != nil || pl.Spender.Hex() != want {
		t.Fatalf("plan %+v %v", pl, err)
	}
	set := config.SandboxProfile(sb.Addr())
	set.CardSpender = "0x00000000000000000000000000000000000000a1"
	if c := load(t, set); c.CardSpender != set.CardSpender {
		t.Fatalf("the profile's card_spender was replaced: %q", c.CardSpender)
	}
}
