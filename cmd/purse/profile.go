package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/profiles"
	"purse/config"
	"purse/enduser"
)

func addProfileCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "profile", Short: "Profiles: which service, chain and keys purse uses"}
	cmd.AddCommand(a.profileListCmd(), a.profileShowCmd(), a.profileAddCmd(), a.profileSetCmd(), a.profileUseCmd(), a.profileRmCmd(), a.profilePresetsCmd())
	root.AddCommand(cmd)
}

func (a *cli) profileListCmd() *cobra.Command {
	return a.command("list", "List profiles", func(_ *cobra.Command, core *app.App) error {
		ps, err := profiles.New(core).List()
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

// shownProfile is `profile show --json`: the profile as stored, every setting with the value
// in effect (defaults included), and what changed since its preset.
type shownProfile struct {
	*config.Profile
	Settings      []config.Setting `json:"settings"`
	PresetChanges []string         `json:"presetChanges,omitempty"`
}

func (a *cli) profileShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show [NAME]",
		Short: "Show a profile (default: the active one): every setting in effect, defaults marked",
		Args:  cobra.MaximumNArgs(1),
		RunE: a.run(func(_ *cobra.Command, core *app.App, args []string) error {
			p := core.Profile()
			if len(args) == 1 {
				var err error
				if p, err = profiles.New(core).Named(args[0]); err != nil {
					return err
				}
			}
			shown := shownProfile{Profile: &p, Settings: app.EffectiveSettings(p), PresetChanges: p.PresetChanges()}
			rows := [][2]string{{"name", p.Name}}
			if p.Preset != "" {
				from := p.Preset
				if len(shown.PresetChanges) > 0 {
					from += " (changed since: " + strings.Join(shown.PresetChanges, ", ") + ")"
				}
				rows = append(rows, [2]string{"preset", from})
			}
			for _, st := range shown.Settings {
				v := st.Value
				if st.Default {
					v += " (default)"
				}
				rows = append(rows, [2]string{st.Key, v})
			}
			return a.printRows(shown, rows)
		}),
	}
}

func (a *cli) profileAddCmd() *cobra.Command {
	var src profiles.Source
	// setting name → flag value, in the order profiles.Add applies them
	fields := [][2]string{{"user_api", ""}, {"network", ""}, {"partner_api", ""}, {"evm_rpc", ""}, {"solana_rpc", ""},
		{"solana_cluster", ""}, {"account_nft", ""}, {"card_spender", ""}, {"deadline_window", ""}}
	cmd := &cobra.Command{
		Use:   "add NAME (--preset " + strings.Join(config.PresetNames(), "|") + " | --sandbox URL | --user-api URL --network N) [flags]",
		Short: "Add a profile: from a preset of the service's deployments, from a running sandbox, or by hand",
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
			p, err := profiles.Add(cmd.Context(), home, args[0], src, fields, log)
			if err != nil {
				return err
			}
			return a.print(&p, func(w *humanOut) {
				w.Printf("added profile %s (%s, network %s)\n", p.Name, p.UserAPI, p.Network)
				if pr, ok := config.PresetNamed(p.Preset); ok {
					for _, u := range pr.Unconfirmed {
						w.Printf("unconfirmed: %s\n", u)
					}
				}
			})
		},
	}
	cmd.Long = "A preset fills every setting the public evidence shows for one of the service's deployments\n" +
		"(`purse profile presets` lists them with their sources); the flags then change what they name.\n" +
		"A profile from --sandbox speaks the dialect that sandbox plays (its /sandbox/info)."
	f := cmd.Flags()
	f.StringVar(&src.SandboxURL, "sandbox", "", "fill the profile from a running sandbox's /sandbox/info (e.g. http://127.0.0.1:8787)")
	f.StringVar(&src.Preset, "preset", "", "fill the profile from a preset: "+strings.Join(config.PresetNames(), ", "))
	for i, help := range []string{"end-user API base URL", "network header value: 5000 mainnet, 5003 testnet", "partner API base URL",
		"home-chain JSON-RPC URL", "Solana JSON-RPC URL", "mainnet, devnet or testnet", "account NFT contract address",
		"card-authorization contract address", "full-auth deadline window (default 5m, at most 20m)"} {
		f.StringVar(&fields[i][1], strings.ReplaceAll(fields[i][0], "_", "-"), "", help)
	}
	return cmd
}

func (a *cli) profilePresetsCmd() *cobra.Command {
	return a.command("presets", "List the presets of the service's deployments: each setting and what is unconfirmed", func(_ *cobra.Command, _ *app.App) error {
		return a.print(config.Presets, func(w *humanOut) {
			for _, pr := range config.Presets {
				w.Printf("%s: %s\n", pr.Name, pr.Title)
				var lines [][]string
				for _, kv := range pr.Settings {
					lines = append(lines, []string{"  " + kv[0], kv[1]})
				}
				w.Table(nil, lines)
				for _, u := range pr.Unconfirmed {
					w.Printf("  unconfirmed: %s\n", u)
				}
			}
			w.Printf("Each value's public source is named beside it in config/presets.go and in docs/service-assumptions.md.\n")
		})
	})
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
		p, err := profiles.New(core).SetFields("", fields...)
		if err != nil {
			return err
		}
		return a.print(&p, func(w *humanOut) { w.Printf("profile %s updated\n", p.Name) })
	})
	cmd.Long = profileSetHelp()
	cmd.ValidArgsFunction = func(_ *cobra.Command, _ []string, typed string) ([]cobra.Completion, cobra.ShellCompDirective) {
		// A key completes to KEY= (a map's to its prefix), so the shell does not add a space.
		return config.Completions(typed), cobra.ShellCompDirectiveNoSpace
	}
	return cmd
}

// profileSetHelp is `profile set`'s long help: every setting (config.Options) with what it is
// for, its values and default, and an example.
func profileSetHelp() string {
	var b strings.Builder
	b.WriteString("An empty value clears a setting (its default applies) or a map's entry.\n\nSettings:\n")
	for i := range config.Options {
		o := &config.Options[i]
		fmt.Fprintf(&b, "  %s\n      %s\n      e.g. purse profile set '%s'\n", o.Key, o.Describe(), o.Example)
	}
	return b.String()
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
		_, err := profiles.New(core).Use(name)
		return err
	})
}

func (a *cli) profileRmCmd() *cobra.Command {
	return a.profileNameCmd("rm NAME", "Remove a profile (the sandbox profile is reset to its defaults)", "removed", "removed profile ", func(core *app.App, name string) error {
		return profiles.New(core).Remove(name)
	})
}
