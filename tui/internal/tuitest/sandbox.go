package tuitest

import (
	"context"
	"testing"
	"time"

	"purse/app"
	appsandbox "purse/app/sandbox"
	"purse/config"
	"purse/enduser"
	"purse/keystore"
	"purse/sandbox"
	"purse/sandboxctl"
	"purse/tui/kit"
	"purse/wallet"
)

// StartSandbox runs the in-process sandbox on a free loopback port until the test ends.
func StartSandbox(tb testing.TB) *sandbox.Sandbox {
	tb.Helper()
	sb, err := sandbox.Start(context.Background(), sandbox.Config{Listen: "127.0.0.1:0"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = sb.Close() })
	return sb
}

// SandboxServices: file keys, an in-process sandbox and a new home whose active profile
// "sb" is the sandbox's (sandboxctl.Info.Profile).
func SandboxServices(tb testing.TB) (*sandbox.Sandbox, *app.App) {
	tb.Helper()
	FileKeys(tb)
	sb := StartSandbox(tb)
	home := tb.TempDir()
	WriteProfile(tb, home, sb.Info().Profile("sb"))
	return sb, Services(tb, home)
}

// Mint mints a new account (Tourist) for signer through api, with the captcha the sandbox
// accepts, and returns its token id.
func Mint(tb testing.TB, ctx context.Context, api *enduser.Client, signer wallet.EVMSigner) string {
	tb.Helper()
	tokenID, err := sandboxctl.NewControl(api.BaseURL()).IssueTokenID(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	mc, err := api.WithTokenID(tokenID)
	if err != nil {
		tb.Fatal(err)
	}
	req := sandboxctl.Captcha(time.Now())
	req.Address = signer.Address().Hex()
	if _, err := mc.Mint(ctx, req); err != nil {
		tb.Fatalf("mint: %v", err)
	}
	return tokenID
}

// TouristServices starts the in-process sandbox, makes an EVM key label in a light-scrypt
// file keystore (passphrase pass) in a new home, points the home's default profile at the
// sandbox's user API with that key and mints it an account (which comes with seeded
// records). It returns the TUI's services and the account's token id.
func TouristServices(tb testing.TB, ctx context.Context, label, pass string) (*app.App, string) {
	tb.Helper()
	home := tb.TempDir()
	sb := StartSandbox(tb)
	ks := Keystore(tb, home, pass)
	if _, err := ks.New(label, keystore.KindEVM); err != nil {
		tb.Fatal(err)
	}
	sv := Services(tb, home)
	info := sb.Info()
	if _, err := sv.UpdateProfile(func(p *config.Profile) error {
		for k, v := range map[string]string{"user_api": info.UserAPI, "network": info.Network, "evm_key": label} {
			if err := p.Set(k, v); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	// The mint is the sandbox's setting up, not the code under test: its own client, signing
	// with the key straight from the key store.
	p := sv.Profile()
	signer, err := ks.EVMSigner(label, p.Name)
	if err != nil {
		tb.Fatal(err)
	}
	api, err := enduser.New(enduser.Options{BaseURL: p.UserAPI, Network: p.Network, Signer: signer})
	if err != nil {
		tb.Fatal(err)
	}
	tokenID := Mint(tb, ctx, api, signer)
	if _, err := sv.UpdateProfile(func(p *config.Profile) error { return p.Set("token_id", tokenID) }); err != nil {
		tb.Fatal(err)
	}
	return sv, tokenID
}

// Live is a running sandbox with the dev key's account Live, and the Env of a screen on it.
type Live struct {
	Sandbox *sandbox.Sandbox
	Env     *kit.Env
	App     *app.App // the application layer the screens under test receive
	Home    string
	TokenID string
}

// LiveSandbox runs the in-process sandbox, imports the dev key as "dev" into a light-scrypt
// file keystore (passphrase pass), makes profile "sb" point at the sandbox and takes the dev
// key's account to Live through the real API, as `purse sandbox ctl onboard` does
// (app/sandbox's Onboard: mint, KYC approval, Form A, activation; the dev key registered as
// the partner key). The Env's session is the profile's, its services those the TUI uses.
func LiveSandbox(tb testing.TB, pass string) *Live {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	tb.Cleanup(cancel)
	home := tb.TempDir()
	ks := Keystore(tb, home, pass)
	if _, err := ks.ImportHex("dev", keystore.KindEVM, []byte(DevKey)); err != nil {
		tb.Fatal(err)
	}
	sb := StartSandbox(tb)
	info := sb.Info()
	p := info.Profile("sb")
	p.EVMKey = "dev"
	WriteProfile(tb, home, p)
	sv := Services(tb, home)
	o, err := appsandbox.New(sv).Onboard(ctx, &app.Unlock{Passphrase: []byte(pass)}, "", nil)
	if err != nil {
		tb.Fatalf("onboard: %v", err)
	}
	env := EnvContext(ctx, kit.Session{Profile: p.Name, EVMKey: "dev", AccountID: o.TokenID, Network: p.Network}, home)
	return &Live{Sandbox: sb, Env: env, App: sv, Home: home, TokenID: o.TokenID}
}
