package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/money"
)

func addSendCommands(a *cli, root *cobra.Command) { root.AddCommand(a.sendCmd()) }

// sendCmd is `purse send`: the money flows that spend a permit (app/money), one subcommand
// per flow, and the payout contacts they pay.
func (a *cli) sendCmd() *cobra.Command {
	send := &cobra.Command{Use: "send", Short: "Move money out of the account: transfer to another account, payout to a bank contact, cash-out to USDC", Args: cobra.NoArgs}
	transfer := a.sendFlowCmd(money.Transfer, "transfer --to ACCOUNT --token EUR24 --amount 12.34",
		"Transfer fiat to another account of the service (transfer-with-permit; the fiat token spends the permit)")
	payout := a.sendFlowCmd(money.Payout, "payout --contact ID --token CHF24 --amount 20.00 --purpose ID [--ref TEXT]",
		"Pay a bank contact of the banking profile (payout-with-permit; the permit's spender is payout_spender)")
	cashout := a.sendFlowCmd(money.Cashout, "cashout --token EUR24 --amount 50.00 [--slippage-bps 50]",
		"Cash out fiat to USDC in the owner's wallet (quote/onramp, then onramp-with-permit: the buffer pool spends the permit; spec 4.6: coming soon)")
	send.AddCommand(transfer, payout, cashout, a.fxQuoteCmd(), a.contactsCmd())
	return send
}

// sendFlowCmd is one flow's command: its flags are the form's fields.
func (a *cli) sendFlowCmd(flow, use, short string) *cobra.Command {
	form := money.Form{Flow: flow}
	cmd := a.command(use, short, func(cmd *cobra.Command, core *app.App) error {
		pr, out, err := money.New(core).Run(cmd.Context(), money.Run{Form: form, Progress: func(step, detail string) {
			if !a.jsonOut {
				textOut(a.stderr).Printf("purse: %s: %s\n", step, detail)
			}
		}}, nil)
		if err != nil {
			if out.Signature != "" && out.AnswerTx == "" {
				return fmt.Errorf("%w (the permit was signed: %s)", err, out.Signature)
			}
			return err
		}
		return a.print(out, func(w *humanOut) {
			w.Printf("%s\n", out.Summary(pr.Plan))
			if out.Note != "" {
				w.Printf("settled from the chain (the service's answer did not prove it): %s\n", out.Note)
			}
			for _, n := range pr.Plan.Notes {
				w.Printf("note: %s\n", n)
			}
		})
	})
	cmd.Long = short + ".\n" +
		"Reads the token and the owner's balance on chain and checks the form before anything is\n" +
		"signed (a transfer's recipient must exist and be Live on chain; a payout's contact must be\n" +
		"one of the banking profile's in the token's currency, and a CHF payout within the 30-day\n" +
		"limit's available amount). The signing gate then shows the permit with the call that\n" +
		"carries it and asks once (the call goes unasked). Once the call was sent, an answer that\n" +
		"does not prove what the service did is settled from the chain: the token's Transfer out of\n" +
		"the account in a transaction that carries this permit. Exit 0: landed; 1: refused or\n" +
		"failed, nothing moved; 4: unknown, with what identifies the permit (--json: outcome,\n" +
		"permitSignature or txHash, token, spender, nonce, value, deadline)."
	f := cmd.Flags()
	f.StringVar(&form.Token, "token", "", "fiat token symbol (EUR24) or address, from the chain configuration")
	f.StringVar(&form.Amount, "amount", "", "amount in the token's units, e.g. 12.34")
	f.DurationVar(&form.TTL, "ttl", money.TTL, "permit deadline from now (at most 24h)")
	switch flow {
	case money.Transfer:
		f.StringVar(&form.ToAccount, "to", "", "the recipient's account id")
		required(cmd, "to", "token", "amount")
	case money.Cashout:
		f.IntVar(&form.SlippageBps, "slippage-bps", money.DefaultSlippageBps, "the quote's slippage in basis points (0 to 1000: the quote's minimum is what is guaranteed)")
		required(cmd, "token", "amount")
	case money.Payout:
		f.StringVar(&form.Contact, "contact", "", "the contact id (purse send contacts)")
		f.StringVar(&form.PurposeID, "purpose", "", "the payment purpose id")
		f.StringVar(&form.Ref, "ref", "", "the payment reference (at most 140 characters)")
		required(cmd, "contact", "token", "amount", "purpose")
	}
	return cmd
}

func (a *cli) contactsCmd() *cobra.Command {
	return a.commandArgs("contacts [CURRENCY]", "The banking profile's payout contacts (spec 2.5)", cobra.MaximumNArgs(1),
		func(cmd *cobra.Command, core *app.App, args []string) error {
			cur := ""
			if len(args) == 1 {
				cur = args[0]
			}
			rows, err := money.New(core).Contacts(cmd.Context(), nil, cur)
			if err != nil {
				return err
			}
			return a.print(rows, func(w *humanOut) {
				t := make([][]string, len(rows))
				for i, r := range rows {
					last := ""
					if ms := int64(r.LastPaymentDate); ms > 0 {
						last = time.UnixMilli(ms).UTC().Format("2006-01-02")
					}
					t[i] = []string{r.Currency, string(r.ID), r.Name, r.Account, r.Bank, r.Country, last}
				}
				w.Table([]string{"CURRENCY", "ID", "NAME", "ACCOUNT", "BANK", "COUNTRY", "LAST PAID"}, t)
			})
		})
}

// fxQuoteCmd is `purse send fx-quote`: the FX quote of spec 2.8, at the profile's
// routes.fx-quote (no default: no public source shows the path). No FX submission route is
// known for the end-user API, so there is no FX to send.
func (a *cli) fxQuoteCmd() *cobra.Command {
	var from, to, amount string
	cmd := a.command("fx-quote --from EUR --to CHF --amount 100", "Quote an FX between fiat currencies (spec 2.8; the path is the profile's routes.fx-quote, which has no default)",
		func(cmd *cobra.Command, core *app.App) error {
			q, err := money.New(core).QuoteFX(cmd.Context(), nil, from, to, amount)
			if err != nil {
				return err
			}
			return a.printRows(q, [][2]string{{"from", q.InputAmount.String() + " " + string(q.FromCurrency)}, {"to", q.OutputAmount.String() + " " + string(q.ToCurrency)},
				{"rate", q.ExchangeRate.String()}, {"note", "a quote only: no FX submission route is known for the end-user API, so purse sends none"}})
		})
	f := cmd.Flags()
	f.StringVar(&from, "from", "", "the currency sold (EUR)")
	f.StringVar(&to, "to", "", "the currency bought (CHF)")
	f.StringVar(&amount, "amount", "", "the amount sold, in its units")
	required(cmd, "from", "to", "amount")
	return cmd
}
