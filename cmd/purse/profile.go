package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/config"
	"purse/enduser"
)

func addProfileCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "profile", Short: "Profiles: which service, chain and keys purse uses"}
	cmd.AddCommand(a.profileListCmd(), a.profileShowCmd(), a.profileAddCmd(), a.profileSetCmd(), a.profileUseCmd(), a.profileRmCmd())
	root.AddCommand(cmd)
}

func (a *cli) profileListCmd() *cobra.Command {
	return a.command("list", "List profiles", func(_ *cobra.Command, core *app.App) error {
		ps, err := core.Profiles()
		if err != nil {
			return err
		}
		type row struct {
			Name    string `json:"name"`
			Active  bool   `json:"active"`
			UserAPI string `json:"userAPI"`
			Network string `json:"network"`
		}
		var rows []row
		var lines [][]string
		for _, p := range ps.List {
			rows = append(rows, row{p.Name, p.Name == ps.Active, p.UserAPI, p.Network})
			lines = append(lines, []string{map[bool]string{true: "*", false: " "}[p.Name == ps.Active], p.Name, p.UserAPI, p.Network})
		}
		return a.print(rows, func(w *humanOut) { w.Table([]string{"", "NAME", "USER API", "NETWORK"}, lines) })
	})
}

func (a *cli) profileShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show [NAME]",
		Short: "Show a profile (default: the active one)",
		Args:  cobra.MaximumNArgs(1),
		RunE: a.run(func(_ *cobra.Command, core *app.App, args []string) error {
			p := core.Profile()
			if len(args) == 1 {
				var err error
				if p, err = core.ProfileNamed(args[0]); err != nil {
					return err
				}
			}
			rows := [][2]string{
				{"name", p.Name}, {"user_api", p.UserAPI}, {"partner_api", p.PartnerAPI}, {"network", p.Network},
				{"evm_rpc", p.EVMRPC}, {"solana_rpc", p.SolanaRPC}, {"solana_cluster", p.SolanaCluster},
				{"account_nft", p.AccountNFT}, {"card_spender", p.CardSpender}, {"deadline_window", p.Window().String()},
				{"evm_key", p.EVMKey}, {"solana_key", p.SolanaKey}, {"partner_key", p.PartnerKey},
				{"partner_auth", p.PartnerAuth}, {"partner_response_key", p.PartnerResponseKey}, {"token_id", p.TokenID}, {"fee_cap_lamports", fmt.Sprint(p.FeeCap())},
				{"proxy_unknown_auth", p.ProxyUnknown()},
			}
			for r, path := range p.Routes {
				rows = append(rows, [2]string{"routes." + r, path})
			}
			for r, path := range p.PartnerRoutes {
				rows = append(rows, [2]string{"partner_routes." + r, path})
			}
			for program, l := range p.Layouts {
				rows = append(rows, [2]string{"altchain_layouts." + program, l})
			}
			for c, pin := range p.Pins {
				rows = append(rows, [2]string{"altchain_pins." + c, fmt.Sprintf("program %s, mint %s, deposit %s", pin.ProgramID, pin.USDCMint, pin.DepositAccount)})
			}
			return a.printRows(&p, rows)
		}),
	}
}

func (a *cli) profileAddCmd() *cobra.Command {
	var sandboxURL string
	// setting name → flag value, in the order app.AddProfile applies them
	fields := [][2]string{{"user_api", ""}, {"network", ""}, {"partner_api", ""}, {"evm_rpc", ""}, {"solana_rpc", ""},
		{"solana_cluster", ""}, {"account_nft", ""}, {"card_spender", ""}, {"deadline_window", ""}}
	cmd := &cobra.Command{
		Use:   "add NAME (--sandbox URL | --user-api URL --network N [flags])",
		Short: "Add a profile, by hand or from a running sandbox",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			home, err := config.EnsureHome()
			if err != nil {
				return err
			}
			// No application layer yet (the profile does not exist): the call to the
			// sandbox is traced through a log of its own.
			log := enduser.NewRequestLog(0)
			a.watch(log, "")
			p, err := app.AddProfile(cmd.Context(), home, args[0], sandboxURL, fields, log)
			if err != nil {
				return err
			}
			return a.print(&p, func(w *humanOut) { w.Printf("added profile %s (%s, network %s)\n", p.Name, p.UserAPI, p.Network) })
		},
	}
	f := cmd.Flags()
	f.StringVar(&sandboxURL, "sandbox", "", "fill the profile from a running sandbox's /sandbox/info (e.g. http://127.0.0.1:8787)")
	for i, help := range []string{"end-user API base URL", "network header value: 5000 mainnet, 5003 testnet", "partner API base URL",
		"home-chain JSON-RPC URL", "Solana JSON-RPC URL", "mainnet, devnet or testnet", "account NFT contract address",
		"card-authorization contract address", "full-auth deadline window (default 5m, at most 20m)"} {
		f.StringVar(&fields[i][1], strings.ReplaceAll(fields[i][0], "_", "-"), "", help)
	}
	return cmd
}

func (a *cli) profileSetCmd() *cobra.Command {
	cmd := a.commandArgs("set KEY=VALUE...", "Change settings of the profile named by --profile (default: the active one)", cobra.MinimumNArgs(1), func(_ *cobra.Command, core *app.App, args []string) error {
		var fields [][2]string
		for _, kv := range args {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return usagef("%q: expected KEY=VALUE", kv)
			}
			fields = append(fields, [2]string{k, v})
		}
		p, err := core.SetProfileFields("", fields...)
		if err != nil {
			return err
		}
		return a.print(&p, func(w *humanOut) { w.Printf("profile %s updated\n", p.Name) })
	})
	cmd.Long = "Settings: " + strings.Join(config.SettingNames(), ", ") + ".\nAn empty value clears a route override."
	return cmd
}

// profileNameCmd runs an action on the profile named by the one argument.
func (a *cli) profileNameCmd(use, short, key, done string, act func(core *app.App, name string) error) *cobra.Command {
	return a.commandArgs(use, short, cobra.ExactArgs(1), func(_ *cobra.Command, core *app.App, args []string) error {
		if err := act(core, args[0]); err != nil {
			return err
		}
		return a.print(map[string]string{key: args[0]}, func(w *humanOut) { w.Println(done + args[0]) })
	})
}

func (a *cli) profileUseCmd() *cobra.Command {
	return a.profileNameCmd("use NAME", "Make a profile the active one", "active", "active profile: ", func(core *app.App, name string) error {
		_, err := core.UseProfile(name)
		return err
	})
}

func (a *cli) profileRmCmd() *cobra.Command {
	return a.profileNameCmd("rm NAME", "Remove a profile (the sandbox profile is reset to its defaults)", "removed", "removed profile ", func(core *app.App, name string) error {
		return core.RemoveProfile(name)
	})
}
