package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/review"
	"purse/homechain"
	"purse/internal/prompt"
)

func addPermitCommands(a *cli, root *cobra.Command) { root.AddCommand(a.permitCmd()) }

func (a *cli) permitCmd() *cobra.Command {
	var form app.PermitForm
	var spender string
	var ttl time.Duration
	var yes bool
	cmd := a.command("permit --token SYMBOL|ADDR --amount 25.00 [--permit-amount X] [--ttl 30m] [--yes]",
		"Sign an EIP-2612 card-spend permit read from the chain, submit it (token-permit) and show the allowance", func(cmd *cobra.Command, core *app.App) error {
			ctx := cmd.Context()
			if ttl <= 0 || ttl > app.MaxPermitTTL {
				return usagef("--ttl: expected a duration above 0 and at most %s, got %s", app.MaxPermitTTL, ttl)
			}
			if strings.ToLower(strings.TrimSpace(spender)) != app.RoleCard {
				return usagef("--spender: token-permit relays the card-spend permit only (the card spender, profile card_spender), got %q; sign a permit for another spender offline with `purse sign permit`", spender)
			}
			form.Role = app.RoleCard
			// The question needs a terminal: make sure there is one before anything is read or signed.
			tty, err := prompt.Review(yes)
			if err != nil {
				return err
			}
			if tty != nil {
				defer tty.Close()
			}
			// The Permit screen's calls: context, checked form, permit read from the chain.
			pc, err := core.LoadPermitContext(ctx)
			if err != nil {
				return err
			}
			plan, err := app.CheckPermit(pc, form)
			if err != nil {
				return err
			}
			pr, err := core.PreparePermit(ctx, pc.Owner, plan, time.Now().Add(ttl))
			if err != nil {
				return err
			}
			rv := app.PermitReview("permit", pr)
			switch {
			case tty != nil:
				_ = review.Write(tty, rv)
				if err := prompt.YesNo(tty, "Sign this permit?", "nothing was signed"); err != nil {
					return err
				}
			case !a.jsonOut:
				_ = review.Write(a.stderr, rv)
			}
			sub, err := core.SubmitPermit(ctx, nil, pr, nil)
			if err != nil {
				if sub.Sig != nil && sub.Result.TxHash == "" {
					return fmt.Errorf("%w (the permit was signed: %s)", err, sub.Sig.Signature)
				}
				return err
			}
			out := sub.Outcome(pr)
			return a.print(out, func(w io.Writer) {
				if out.AlreadyPermitted {
					fmt.Fprintf(w, "already permitted: %s (%s) may already move at least %s %s (10011)\n", out.Role, out.Spender, out.PermitAmount, out.Token)
				} else {
					fmt.Fprintf(w, "permit submitted: tx %s (status %s)\n", out.TxHash, sub.Result.Status)
				}
				fmt.Fprintf(w, "allowance of %s %s: %s %s (%s smallest units)\n", out.Role, out.Spender, homechain.FormatSmallest(sub.Allowance, plan.Token.Decimals), out.Token, out.Allowance)
			})
		})
	cmd.Long = "Resolves the token from the chain configuration, reads name, version, nonce and\n" +
		"DOMAIN_SEPARATOR from the profile's evm_rpc (refusing, exit 3, when the rebuilt domain\n" +
		"differs), shows the review of the typed data and asks y/N on the terminal (--yes skips\n" +
		"the question), signs with the profile's EVM key, submits through token-permit and reads\n" +
		"the allowance. The spender is the card-authorization contract (profile card_spender):\n" +
		"token-permit relays the card-spend permit only; a permit for another spender is signed\n" +
		"offline with `purse sign permit`."
	f := cmd.Flags()
	f.StringVar(&form.TokenName, "token", "", "token symbol (EUR24) or address, from the chain configuration")
	f.StringVar(&form.Amount, "amount", "", "business amount in the token's units, e.g. 25.00")
	f.StringVar(&form.PermitAmount, "permit-amount", "", "signed value in the token's units (default: --amount)")
	f.StringVar(&spender, "spender", app.RoleCard, "card (the only spender token-permit relays)")
	f.DurationVar(&ttl, "ttl", app.PermitTTL, "permit deadline from now (at most 24h)")
	f.BoolVar(&yes, "yes", false, "sign without asking on the terminal")
	required(cmd, "token", "amount")
	return cmd
}
