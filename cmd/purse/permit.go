package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/review"
	"purse/homechain"
)

func addPermitCommands(a *cli, root *cobra.Command) { root.AddCommand(a.permitCmd()) }

// permitOutput is what `purse permit --json` prints.
type permitOutput struct {
	Token            string `json:"token"`
	TokenAddress     string `json:"tokenAddress"`
	Spender          string `json:"spender"`
	Role             string `json:"role"`
	Amount           string `json:"amount"`
	PermitAmount     string `json:"permitAmount"`
	Value            string `json:"value"`
	Nonce            string `json:"nonce"`
	Deadline         int64  `json:"deadline"`
	Digest           string `json:"digest"`
	Signature        string `json:"signature"`
	TxHash           string `json:"txHash"`
	AlreadyPermitted bool   `json:"alreadyPermitted"`
	Allowance        string `json:"allowance"`
}

// confirmYes asks a y/N question on the terminal; only y or yes proceeds.
func confirmYes(tty terminal, question, declined string) error {
	fmt.Fprintf(tty, "%s [y/N]: ", question)
	line, err := bufio.NewReader(tty).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("confirmation: no answer (%v); %s", err, declined)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return nil
	}
	return errors.New("declined; " + declined)
}

// reviewTerminal opens the terminal a signature is reviewed on, unless yes skips the review.
func reviewTerminal(yes bool) (terminal, error) {
	if yes {
		return nil, nil
	}
	tty, err := openTerminal()
	if err != nil {
		return nil, usagef("no terminal to review on (%v); pass --yes to go on without the question; nothing was signed", err)
	}
	return tty, nil
}

func (a *cli) permitCmd() *cobra.Command {
	var form app.PermitForm
	var spender string
	var ttl time.Duration
	var yes bool
	cmd := &cobra.Command{
		Use:   "permit --token SYMBOL|ADDR --amount 25.00 [--permit-amount X] --spender card|deposit|bufferpool|0x... [--ttl 30m] [--yes]",
		Short: "Sign an EIP-2612 permit read from the chain, submit it (token-permit) and show the allowance",
		Long: "Resolves the token from the chain configuration, reads name, version, nonce and\n" +
			"DOMAIN_SEPARATOR from the profile's evm_rpc (refusing, exit 3, when the rebuilt domain\n" +
			"differs), shows the review of the typed data and asks y/N on the terminal (--yes skips\n" +
			"the question), signs with the profile's EVM key, submits through token-permit and reads\n" +
			"the allowance. Spenders: card (profile card_spender), deposit (depositContract),\n" +
			"bufferpool (bufferPoolContract) or an explicit address.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if ttl <= 0 || ttl > app.MaxPermitTTL {
				return usagef("--ttl: expected a duration above 0 and at most %s, got %s", app.MaxPermitTTL, ttl)
			}
			form.Role, form.Address = app.ParseSpender(spender)
			// The question needs a terminal: make sure there is one before anything is read or signed.
			tty, err := reviewTerminal(yes)
			if err != nil {
				return err
			}
			if tty != nil {
				defer tty.Close()
			}
			core, err := a.app()
			if err != nil {
				return err
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
				if err := confirmYes(tty, "Sign this permit?", "nothing was signed"); err != nil {
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
			tok, p, res, dec := plan.Token, pr.Permit, sub.Result, int32(plan.Token.Decimals)
			out := permitOutput{
				Token: tok.Symbol, TokenAddress: tok.Address.Hex(), Spender: plan.Spender.Hex(), Role: plan.Role,
				Amount: plan.Amount.StringFixed(dec), PermitAmount: plan.PermitAmount.StringFixed(dec),
				Value: p.Value.String(), Nonce: p.Nonce.String(), Deadline: p.Deadline.Int64(),
				Digest: sub.Sig.Digest, Signature: sub.Sig.Signature, TxHash: res.TxHash, AlreadyPermitted: res.AlreadyPermitted,
				Allowance: sub.Allowance.String(),
			}
			return a.print(out, func(w io.Writer) {
				if res.AlreadyPermitted {
					fmt.Fprintf(w, "already permitted: %s (%s) may already move at least %s %s (10011)\n", plan.Role, out.Spender, out.PermitAmount, tok.Symbol)
				} else {
					fmt.Fprintf(w, "permit submitted: tx %s (status %s)\n", res.TxHash, res.Status)
				}
				fmt.Fprintf(w, "allowance of %s %s: %s %s (%s smallest units)\n", plan.Role, out.Spender, homechain.FormatSmallest(sub.Allowance, tok.Decimals), tok.Symbol, sub.Allowance)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&form.TokenName, "token", "", "token symbol (EUR24) or address, from the chain configuration")
	f.StringVar(&form.Amount, "amount", "", "business amount in the token's units, e.g. 25.00")
	f.StringVar(&form.PermitAmount, "permit-amount", "", "signed value in the token's units (default: --amount)")
	f.StringVar(&spender, "spender", "", "card, deposit, bufferpool or a 0x address")
	f.DurationVar(&ttl, "ttl", app.PermitTTL, "permit deadline from now (at most 24h)")
	f.BoolVar(&yes, "yes", false, "sign without asking on the terminal")
	required(cmd, "token", "amount", "spender")
	return cmd
}
