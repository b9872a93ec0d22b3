package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/permit"
	"purse/internal/format"
)

func addPermitCommands(a *cli, root *cobra.Command) { root.AddCommand(a.permitCmd()) }

func (a *cli) permitCmd() *cobra.Command {
	var form permit.Form
	var spender string
	var ttl time.Duration
	cmd := a.command("permit --token SYMBOL|ADDR --amount 25.00 [--permit-amount X] [--ttl 30m]",
		"Sign an EIP-2612 card-spend permit read from the chain, submit it (token-permit) and show the allowance", func(cmd *cobra.Command, core *app.App) error {
			// app/permit refuses every spender but the card's before anything is read.
			form.Role = strings.ToLower(strings.TrimSpace(spender))
			pr, sub, err := permit.New(core).Run(cmd.Context(), permit.Run{Form: form, TTL: ttl, Progress: func(step, detail string) {
				if !a.jsonOut {
					textOut(a.stderr).Printf("purse: %s: %s\n", step, detail)
				}
			}}, nil)
			if err != nil {
				if sub.Sig != nil && sub.Result.TxHash == "" {
					return fmt.Errorf("%w (the permit was signed: %s)", err, sub.Sig.Signature)
				}
				return err
			}
			plan := pr.Plan
			out := sub.Outcome(pr)
			return a.print(out, func(w *humanOut) {
				switch {
				case out.Unneeded:
					w.Printf("already permitted: %s (%s) may move exactly %s %s already; nothing was signed or sent\n", out.Role, out.Spender, out.PermitAmount, out.Token)
				case out.AlreadyPermitted:
					w.Printf("already permitted: %s (%s) may already move at least %s %s (10011)\n", out.Role, out.Spender, out.PermitAmount, out.Token)
				case out.Note != "":
					w.Printf("permit landed, as the chain shows (the service's answer did not prove it): %s\n", out.Note)
				default:
					w.Printf("permit submitted: tx %s (status %s)\n", out.TxHash, sub.Result.Status)
				}
				w.Printf("allowance of %s %s: %s %s (%s smallest units)\n", out.Role, out.Spender, format.Units(sub.Allowance, int32(plan.Token.Decimals)), out.Token, out.Allowance)
			})
		})
	cmd.Long = "Resolves the token from the chain configuration, reads name, version, nonce and\n" +
		"DOMAIN_SEPARATOR from the profile's evm_rpc (refusing, exit 3, when the rebuilt domain\n" +
		"differs), then the signing gate shows the review of the typed data and asks y/N on the\n" +
		"terminal as the signing policy says (--yes approves), signs with the profile's EVM key,\n" +
		"submits through token-permit and reads the allowance. The spender is the card-authorization\n" +
		"contract (profile card_spender): token-permit relays the card-spend permit only; a permit\n" +
		"for another spender is signed offline with `purse sign permit`.\n" +
		"Once the permit was sent, an answer that does not prove what the service did is settled from\n" +
		"the chain (the owner's nonce, the allowance, the named transaction's receipt). Exit 0: the\n" +
		"permit took effect or was already in place; 1: refused before relaying, or failed (nothing\n" +
		"approved; a 10011 answer under a smaller allowance says how to raise it); 4: unknown, with\n" +
		"what identifies the permit (--json: outcome, permitSignature or txHash, token, owner,\n" +
		"spender, nonce, value, deadline)."
	f := cmd.Flags()
	f.StringVar(&form.TokenName, "token", "", "token symbol (EUR24) or address, from the chain configuration")
	f.StringVar(&form.Amount, "amount", "", "business amount in the token's units, e.g. 25.00")
	f.StringVar(&form.PermitAmount, "permit-amount", "", "signed value in the token's units (default: --amount)")
	f.StringVar(&spender, "spender", app.RoleCard, "card (the only spender token-permit relays)")
	f.DurationVar(&ttl, "ttl", permit.TTL, "permit deadline from now (at most 24h)")
	required(cmd, "token", "amount")
	return cmd
}
