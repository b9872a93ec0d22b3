package main

import (
	"context"
	"path/filepath"

	"purse/app"
	"purse/config"
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
	if p.IsSandbox() {
		sb, err := sandboxctl.Ensure(ctx, p.UserAPI, filepath.Join(home, SandboxStateDir), filepath.Join(home, "sandbox.log"))
		if err != nil {
			return err
		}
		if sb != nil {
			defer sb.Close()
		}
	}
	return tui.Run(ctx, tui.Options{
		Home:      home,
		App:       services,
		Approvals: approvals,
		Session:   tui.Session{Profile: p.Name, EVMKey: p.EVMKey, SolanaKey: p.SolanaKey, AccountID: p.TokenID, Network: p.Network},
	})
}
