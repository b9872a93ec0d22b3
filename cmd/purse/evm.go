package main

import (
	"errors"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/money"
	"purse/app/review"
)

func addEVMCommands(a *cli, root *cobra.Command) {
	evm := &cobra.Command{Use: "evm", Short: "Deposit USDC from the owner's wallet on the home chain (the EVM crypto deposit)", Args: cobra.NoArgs}
	evm.AddCommand(a.evmDepositCmd())
	root.AddCommand(evm)
}

// evmDepositCmd is `purse evm deposit`: app/money's EVM deposit.
func (a *cli) evmDepositCmd() *cobra.Command {
	var form money.DepositForm
	cmd := a.command("deposit --amount USDC --output EUR|CHF|USD|CNH",
		"Deposit USDC from the owner's wallet to the account (depositTokenViaUsdc at the chain configuration's depositContract)",
		func(cmd *cobra.Command, core *app.App) error {
			pl, out, err := money.New(core).Deposit(cmd.Context(), money.DepositRun{Form: form, Progress: func(step, detail string) {
				if !a.jsonOut {
					textOut(a.stderr).Printf("purse: %s: %s\n", step, detail)
				}
			}}, nil)
			var rf *app.Refusal
			if errors.As(err, &rf) && rf.Review != nil && !a.jsonOut {
				_ = review.Write(a.stderr, *rf.Review)
			}
			if err != nil {
				return err
			}
			return a.print(out, func(w *humanOut) {
				w.Printf("%s\n", out.Summary())
				if out.Note != "" {
					w.Printf("note: %s\n", out.Note)
				}
				for _, n := range pl.Notes {
					w.Printf("note: %s\n", n)
				}
			})
		})
	cmd.Long = cmd.Short + ".\n" +
		"Reads the chain configuration's depositContract (it must be the profile's deposit_contract\n" +
		"when that is set), checks it holds code and takes the configuration's USDC, the amount\n" +
		"against its limits and the wallet's USDC, quotes its messaging fee (deposit_dst_eid), and\n" +
		"builds an approve of exactly the amount (when the allowance falls short) and the deposit,\n" +
		"simulated together from the owner's key. The signing gate shows both and asks once; the\n" +
		"deposit is then signed unasked, exactly as shown, after the approve is mined. The outcome\n" +
		"comes from the receipts and the account's records (the credit, by the deposit's hash).\n" +
		"Exit 0: deposited; 1: refused or failed, nothing deposited; 4: unknown, with the\n" +
		"transaction's hash and nonce (--json: outcome, approveTx, depositTx, nonce, amount)."
	f := cmd.Flags()
	f.StringVar(&form.Amount, "amount", "", "USDC to deposit (decimal, at most 6 decimals)")
	f.StringVar(&form.Output, "output", "", "fiat the account is credited in: EUR, CHF, USD or CNH (or a fiat token)")
	required(cmd, "amount", "output")
	return cmd
}
