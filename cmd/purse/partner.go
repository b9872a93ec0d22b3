package main

import (
	"strconv"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/onboard"
)

func addPartnerCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{Use: "partner", Short: "Partner API routes a tester with a partner key needs to onboard a user: mint, ID-verification token and status, USD pay-in"}
	cmd.AddCommand(a.partnerMintCmd(), a.partnerIDVTokenCmd(), a.partnerIDVStatusCmd(), a.partnerUSDPayinCmd())
	root.AddCommand(cmd)
}

func (a *cli) partnerMintCmd() *cobra.Command {
	var in onboard.MintInput
	cmd := a.command("mint --email E [--hash TEXT] [--consent-ttl 4m] [--yes]",
		"Mint the account of the profile's EVM key through the partner API (/v1/mint/nft): the key signs the consent, the partner key the request", func(cmd *cobra.Command, core *app.App) error {
			if err := onboard.CheckMint(in); err != nil {
				return err
			}
			routes := onboard.New(core)
			plan, err := routes.PrepareMint(cmd.Context(), in)
			if err != nil {
				return err
			}
			if plan.Note != "" {
				a.warn("%s", plan.Note)
			}
			// The signing gate shows the consent and asks, as the signing policy says.
			m, err := routes.Mint(cmd.Context(), plan, nil)
			if err != nil {
				return err
			}
			if m.FromChain {
				a.warn("%s", m.Note)
			}
			return a.print(m, func(w *humanOut) {
				tx := m.TxHash
				if m.FromChain {
					tx = "unknown: found on chain"
				}
				w.Printf("minted account %s for %s (tx %s); stored in profile %s\n", m.TokenID, m.Address, tx, m.Profile)
				if m.SignedBy != "" {
					w.Printf("answer signed by %s\n", m.SignedBy)
				} else if !m.FromChain {
					w.Printf("answer %s\n", app.UnsignedAnswer)
				}
			})
		})
	cmd.Long = "Checks the profile (no account yet, an EVM key whose address owns none on chain, a\n" +
		"partner key and partner API), shows the review of the consent the EVM key signs\n" +
		"(\"I agree to access my profile. \" + keccak256(hash + deadline), at most 5 minutes ahead)\n" +
		"and asks y/N on the terminal as the signing policy says (--yes approves), then signs the request with the\n" +
		"partner key and stores the account id of the answer in the profile. When the answer is\n" +
		"lost or cannot be trusted, the chain settles it; otherwise the outcome is unknown (exit 4)."
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
			t, err := onboard.New(core).IDVToken(cmd.Context(), tokenID, nil)
			if err != nil {
				return err
			}
			return a.printRows(t, [][2]string{{"account", t.TokenID + " (network " + t.Network + ")"}, {"token", t.Token}, signer(t.SignedBy)})
		})
	cmd.Flags().StringVar(&tokenID, "token-id", "", "the account (default: the profile's)")
	return cmd
}

func (a *cli) partnerIDVStatusCmd() *cobra.Command {
	var tokenID string
	cmd := a.command("idv-status [--token-id N]",
		"Read the account's identity-verification vendor record through the partner API (/v1/idv-status-by-network)", func(cmd *cobra.Command, core *app.App) error {
			st, err := onboard.New(core).IDVStatus(cmd.Context(), tokenID, nil)
			if err != nil {
				return err
			}
			rows := [][2]string{{"account", st.TokenID + " (network " + st.Network + ")"}}
			if st.Record.Empty {
				rows = append(rows, [2]string{"record", "none: the service has no verification record this partner may see"})
			}
			for _, f := range st.Fields() {
				rows = append(rows, [2]string{f[0], f[1]})
			}
			rows = append(rows, signer(st.SignedBy))
			return a.printRows(st, rows)
		})
	cmd.Flags().StringVar(&tokenID, "token-id", "", "the account (default: the profile's)")
	return cmd
}

func (a *cli) partnerUSDPayinCmd() *cobra.Command {
	var remark string
	cmd := a.command("usd-payin --remark TEXT",
		"Provision the profile's account's USD IBAN through the partner API (/v1/apply-usd-payin): a Live account, once per user; purse payin USD shows it after", func(cmd *cobra.Command, core *app.App) error {
			r, err := onboard.New(core).ApplyUSDPayin(cmd.Context(), remark, nil)
			if err != nil {
				return err
			}
			rows := [][2]string{{"account", r.TokenID}}
			if r.ApplyID != 0 {
				rows = append(rows, [2]string{"application", strconv.FormatInt(r.ApplyID, 10)})
			}
			if r.Note != "" {
				rows = append(rows, [2]string{"note", r.Note})
			}
			return a.printRows(r, append(rows, signer(r.SignedBy)))
		})
	cmd.Flags().StringVar(&remark, "remark", "", "the application's note (required by the route)")
	return cmd
}

// signer is the row that says who signed a partner answer, or that it was used unsigned.
func signer(signedBy string) [2]string {
	if signedBy == "" {
		return [2]string{"answer", app.UnsignedAnswer}
	}
	return [2]string{"answer signed by", signedBy}
}
