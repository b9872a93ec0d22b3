package main

import (
	"context"

	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"

	"golang.org/x/term"

	"purse/app"
	"purse/config"
	"purse/sandboxctl"
	"purse/tui"
)

// runTUI opens the terminal UI on the selected profile. On the sandbox profile it first
// starts the sandbox binary when nothing answers at the profile's address, so other
// terminals can use it while the UI runs; it stops with the UI.
func (a *cli) runTUI(ctx context.Context) error {
	home, err := config.EnsureHome()
	if err != nil {
		return err
	}
	p, err := a.activeProfile()
	if err != nil {
		return err
	}
	if p.IsSandbox() {
		sb, err := ensureSandbox(ctx, p, home)
		if err != nil {
			return err
		}
		if sb != nil {
			defer sb.Close()
		}
	}
	services, err := app.New(home, p.Name, nil)
	if err != nil {
		return err
	}
	return tui.Run(ctx, tui.Options{
		Home:    home,
		App:     services,
		Session: tui.Session{Profile: p.Name, EVMKey: p.EVMKey, SolanaKey: p.SolanaKey, AccountID: p.TokenID, Network: p.Network},
	})
}

// ensureSandbox starts purse-sandbox at the profile's address unless something answers
// there already (another `purse sandbox`, or a TUI in another terminal). Its log goes to
// PURSE_HOME/sandbox.log, never to the terminal the UI draws on. It returns nil when it
// started nothing.
func ensureSandbox(ctx context.Context, p *config.Profile, home string) (*sandboxctl.Process, error) {
	if sandboxctl.Reachable(ctx, p.UserAPI) == nil {
		return nil, nil
	}
	u, err := url.Parse(p.UserAPI)
	if err != nil {
		return nil, fmt.Errorf("profile %s user_api: %v", p.Name, err)
	}
	logf, err := os.OpenFile(filepath.Join(home, "sandbox.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sandbox log: %v", err)
	}
	sb, err := sandboxctl.Launch(ctx, sandboxctl.LaunchOptions{Listen: u.Host, Log: logf})
	if err != nil {
		logf.Close()
		return nil, fmt.Errorf("starting the sandbox on %s: %w (is another program using the port? `purse profile set user_api=...` moves it; its log is %s)", u.Host, err, logf.Name())
	}
	return sb, nil
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
