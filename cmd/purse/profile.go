package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/config"
)

// profiles loads the profile store of PURSE_HOME.
func (a *cli) profiles() (*config.Store, error) {
	home, err := config.EnsureHome()
	if err != nil {
		return nil, err
	}
	return config.Load(home)
}

// activeProfile is the profile named by --profile, else the active one.
func (a *cli) activeProfile() (*config.Profile, error) {
	s, err := a.profiles()
	if err != nil {
		return nil, err
	}
	return s.Get(a.profile)
}

// saveProfile stores changes made to one profile (key labels, discovered account id).
func (a *cli) saveProfile(p *config.Profile) error {
	s, err := a.profiles()
	if err != nil {
		return err
	}
	if err := s.Put(p); err != nil {
		return err
	}
	return s.Save()
}

func addProfileCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "profile", Short: "Profiles: which service, chain and keys purse uses"}
	cmd.AddCommand(a.profileListCmd(), a.profileShowCmd(), a.profileAddCmd(), a.profileSetCmd(), a.profileUseCmd(), a.profileRmCmd())
	root.AddCommand(cmd)
}

func (a *cli) profileListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List profiles",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			s, err := a.profiles()
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
			for _, n := range s.Names() {
				p, _ := s.Get(n)
				rows = append(rows, row{n, n == s.Active, p.UserAPI, p.Network})
			}
			return a.print(rows, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintln(tw, "\tNAME\tUSER API\tNETWORK")
				for _, r := range rows {
					mark := " "
					if r.Active {
						mark = "*"
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", mark, r.Name, r.UserAPI, r.Network)
				}
				tw.Flush()
			})
		},
	}
}

func (a *cli) profileShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show [NAME]",
		Short: "Show a profile (default: the active one)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := a.profiles()
			if err != nil {
				return err
			}
			name := a.profile
			if len(args) == 1 {
				name = args[0]
			}
			p, err := s.Get(name)
			if err != nil {
				return err
			}
			return a.print(p, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				for _, kv := range [][2]string{
					{"name", p.Name}, {"user_api", p.UserAPI}, {"partner_api", p.PartnerAPI}, {"network", p.Network},
					{"evm_rpc", p.EVMRPC}, {"solana_rpc", p.SolanaRPC}, {"solana_cluster", p.SolanaCluster},
					{"account_nft", p.AccountNFT}, {"card_spender", p.CardSpender}, {"deadline_window", p.Window().String()},
					{"evm_key", p.EVMKey}, {"solana_key", p.SolanaKey}, {"partner_key", p.PartnerKey},
					{"partner_auth", p.PartnerAuth}, {"token_id", p.TokenID}, {"fee_cap_lamports", fmt.Sprint(p.FeeCap())},
				} {
					fmt.Fprintf(tw, "%s\t%s\n", kv[0], kv[1])
				}
				for r, path := range p.Routes {
					fmt.Fprintf(tw, "routes.%s\t%s\n", r, path)
				}
				for c, pin := range p.Pins {
					fmt.Fprintf(tw, "altchain_pins.%s\tprogram %s, mint %s, deposit %s\n", c, pin.ProgramID, pin.USDCMint, pin.DepositAccount)
				}
				tw.Flush()
			})
		},
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
			if sandboxURL != "" && (fields[0][1] != "" || fields[1][1] != "") {
				return usagef("--sandbox fills user-api and network itself; give one or the other")
			}
			if sandboxURL == "" && (fields[0][1] == "" || fields[1][1] == "") {
				return usagef("add needs --sandbox URL, or --user-api and --network")
			}
			home, err := config.EnsureHome()
			if err != nil {
				return err
			}
			p, err := app.AddProfile(cmd.Context(), home, args[0], sandboxURL, fields)
			if err != nil {
				return err
			}
			return a.print(&p, func(w io.Writer) { fmt.Fprintf(w, "added profile %s (%s, network %s)\n", p.Name, p.UserAPI, p.Network) })
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
	return &cobra.Command{
		Use:   "set KEY=VALUE...",
		Short: "Change settings of the profile named by --profile (default: the active one)",
		Long:  "Settings: " + strings.Join(config.SettingNames(), ", ") + ".\nAn empty value clears a route override.",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := a.profiles()
			if err != nil {
				return err
			}
			p, err := s.Get(a.profile)
			if err != nil {
				return err
			}
			for _, kv := range args {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return usagef("%q: expected KEY=VALUE", kv)
				}
				if err := p.Set(k, v); err != nil {
					return usageErr{err}
				}
			}
			if err := s.Put(p); err != nil {
				return err
			}
			if err := s.Save(); err != nil {
				return err
			}
			return a.print(p, func(w io.Writer) { fmt.Fprintf(w, "profile %s updated\n", p.Name) })
		},
	}
}

func (a *cli) profileUseCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "use NAME",
		Short: "Make a profile the active one",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := a.profiles()
			if err != nil {
				return err
			}
			if err := s.Use(args[0]); err != nil {
				return usageErr{err}
			}
			if err := s.Save(); err != nil {
				return err
			}
			return a.print(map[string]string{"active": args[0]}, func(w io.Writer) { fmt.Fprintf(w, "active profile: %s\n", args[0]) })
		},
	}
}

func (a *cli) profileRmCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rm NAME",
		Short: "Remove a profile (the sandbox profile is reset to its defaults)",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := a.profiles()
			if err != nil {
				return err
			}
			if err := s.Remove(args[0]); err != nil {
				return usageErr{err}
			}
			if err := s.Save(); err != nil {
				return err
			}
			return a.print(map[string]string{"removed": args[0]}, func(w io.Writer) { fmt.Fprintf(w, "removed profile %s\n", args[0]) })
		},
	}
}
