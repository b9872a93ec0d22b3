package main

import (
	"context"
	"path/filepath"

	"purse/app"
	"purse/config"
	"purse/internal/visible"
	"purse/sandboxctl"
	"purse/tui"
)

// SandboxStateDir is the folder of PURSE_HOME where the sandbox started by purse keeps its
// accounts, EVM chain and Solana ledger across restarts.
const SandboxStateDir = "sandbox"

// runTUI opens the terminal UI on the selected profile. On the sandbox profile it first
// starts the sandbox binary when nothing answers at the profile's address, so other
// terminals can use it while the UI runs; it stops with the UI, and its state stays in
// PURSE_HOME for the next start.
func (a *cli) runTUI(ctx context.Context) error {
	home, err := config.EnsureHome()
	if err != nil {
		return err
	}
	// The signing gate asks through the TUI's dialog: the TUI's own signatures, and those of
	// other processes when the TUI started the agent and is its display.
	approvals := app.NewApprovalQueue()
	services, err := app.Open(app.Options{Home: home, Profile: a.profileName(), Client: "purse TUI", Approver: approvals, Exe: selfExe()})
	if err != nil {
		return err
	}
	p := services.Profile()
	var stops []string
	if p.IsSandbox() {
		sb, err := sandboxctl.Ensure(ctx, p.UserAPI, filepath.Join(home, SandboxStateDir), filepath.Join(home, "sandbox.log"))
		if err != nil {
			return err
		}
		if sb != nil {
			what := "the sandbox on " + visible.Line(p.UserAPI) + " (state kept in " + filepath.Join(home, SandboxStateDir) + ")"
			stops = append(stops, what)
			defer func() {
				_ = sb.Close()
				textOut(a.stderr).Printf("purse: stopped %s, which this window started; `purse sandbox` in a terminal of its own keeps one running\n", what)
			}()
		}
	}
	return tui.Run(ctx, tui.Options{
		Home:        home,
		App:         services,
		Approvals:   approvals,
		Session:     tui.Session{Profile: p.Name, EVMKey: p.EVMKey, SolanaKey: p.SolanaKey, AccountID: p.TokenID, Network: p.Network},
		StopsWithMe: stops,
	})
}
