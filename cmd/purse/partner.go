package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/internal/visible"
)

func addPartnerCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "partner", Short: "Partner API routes a tester with a partner key needs to onboard a user: mint, ID-verification token and status"}
	cmd.AddCommand(a.partnerMintCmd(), a.partnerIDVTokenCmd(), a.partnerIDVStatusCmd())
	root.AddCommand(cmd)
}

func (a *cli) partnerMintCmd() *cobra.Command {
	var in app.PartnerMintInput
	cmd := a.command("mint --email E [--hash TEXT] [--consent-ttl 4m]",
		"Mint the account of the profile's EVM key through the partner API (/v1/mint/nft): the key signs the consent, the partner key the request", func(cmd *cobra.Command, core *app.App) error {
			m, err := core.PartnerMint(cmd.Context(), in, nil)
			if err != nil {
				return err
			}
			if m.Note != "" {
				a.warn("%s", visible.Line(m.Note))
			}
			return a.print(m, func(w io.Writer) {
				tx := m.TxHash
				if m.FromChain {
					tx = "unknown: found on chain"
				}
				fmt.Fprintf(w, "minted account %s for %s (tx %s); stored in profile %s\n", visible.Line(m.TokenID), m.Address, visible.Line(tx), m.Profile)
				fmt.Fprintf(w, "consent: \"%s\", valid until %s\n", visible.Line(m.Request.Hash), m.Request.Deadline)
				if m.SignedBy != "" {
					fmt.Fprintf(w, "answer signed by %s\n", m.SignedBy)
				}
			})
		})
	f := cmd.Flags()
	f.StringVar(&in.Email, "email", "", "the user's email address (required): the service registers it with the account")
	f.StringVar(&in.Hash, "hash", "", "the consent text the user signs (default: \"purse: mint the account of ADDRESS\")")
	f.DurationVar(&in.TTL, "consent-ttl", 0, "how long the consent lasts, at most 5m (default 4m, a margin for clock skew)")
	return cmd
}

func (a *cli) partnerIDVTokenCmd() *cobra.Command {
	var tokenID string
	cmd := a.command("idv-token [--token-id N]",
		"Get the account's identity-verification access token through the partner API (/v1/create-access-token-by-network): for an account the partner minted", func(cmd *cobra.Command, core *app.App) error {
			t, err := core.PartnerIDVToken(cmd.Context(), tokenID, nil)
			if err != nil {
				return err
			}
			return a.printRows(t, [][2]string{{"account", t.TokenID + " (network " + t.Network + ")"}, {"token", visible.Line(t.Token)}, {"answer signed by", t.SignedBy}})
		})
	cmd.Flags().StringVar(&tokenID, "token-id", "", "the account (default: the profile's)")
	return cmd
}

func (a *cli) partnerIDVStatusCmd() *cobra.Command {
	var tokenID string
	cmd := a.command("idv-status [--token-id N]",
		"Read the account's identity-verification vendor record through the partner API (/v1/idv-status-by-network)", func(cmd *cobra.Command, core *app.App) error {
			st, err := core.PartnerIDVStatus(cmd.Context(), tokenID, nil)
			if err != nil {
				return err
			}
			rows := [][2]string{{"account", st.TokenID + " (network " + st.Network + ")"}}
			if st.Record.Empty {
				rows = append(rows, [2]string{"record", "none: the service has no verification record this partner may see"})
			}
			for _, f := range st.Fields() {
				rows = append(rows, [2]string{f[0], visible.Line(f[1])})
			}
			rows = append(rows, [2]string{"answer signed by", st.SignedBy})
			return a.printRows(st, rows)
		})
	cmd.Flags().StringVar(&tokenID, "token-id", "", "the account (default: the profile's)")
	return cmd
}
