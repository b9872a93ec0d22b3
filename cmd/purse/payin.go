package main

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"purse/app"
	appaccount "purse/app/account"
	"purse/internal/qrtext"
)

// payinCmd is `purse payin [CURRENCY]`: where the account receives bank transfers (the
// banking profile's deposit bank entries), for EUR with the EPC QR code a banking app scans.
func (a *cli) payinCmd() *cobra.Command {
	var amount string
	var qr bool
	cmd := a.commandArgs("payin [CURRENCY] [--amount A] [--qr]", "Pay-in details: where the account receives bank transfers; for EUR the EPC QR code a banking app scans",
		cobra.MaximumNArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
			var amt *decimal.Decimal
			if amount != "" {
				d, err := decimal.NewFromString(amount)
				if err != nil || d.Sign() <= 0 {
					return usagef("--amount %q: expected a positive decimal amount such as 12.50", amount)
				}
				amt = &d
			}
			svc := appaccount.New(core)
			if len(args) == 0 {
				all, err := svc.PayIns(cmd.Context(), nil, amt)
				if err != nil {
					return err
				}
				return a.print(all, func(w *humanOut) {
					rows := make([][]string, len(all))
					for i, p := range all {
						rows[i] = []string{p.Currency, p.Account, p.BIC, p.Bank, p.Payee}
					}
					w.Table([]string{"CURRENCY", "ACCOUNT", "BIC", "BANK", "PAYEE"}, rows)
				})
			}
			p, err := svc.PayInFor(cmd.Context(), nil, args[0], amt)
			if err != nil {
				return err
			}
			if qr && !a.jsonOut {
				if err := a.payinQR(p); err != nil {
					return err
				}
			}
			return a.printRows(p, [][2]string{{"currency", p.Currency}, {"account", p.Account}, {"BIC", p.BIC}, {"bank", p.Bank}, {"payee", p.Payee},
				{"address", strings.TrimSpace(strings.Join([]string{p.Street, p.PostalCode, p.City, p.Country}, " "))}, {"EPC QR", p.EPCErr}})
		})
	cmd.Flags().StringVar(&amount, "amount", "", "the amount the EUR QR code asks for (EUR 0.01 to 999999999.99; the banking app asks when none)")
	cmd.Flags().BoolVar(&qr, "qr", false, "draw the EPC QR code (EUR) or the account number (other currencies) as a QR code")
	return cmd
}

// payinQR draws the entry's code: the EPC payload for EUR, else the account number.
func (a *cli) payinQR(p appaccount.PayIn) error {
	value := p.EPC
	if p.Currency != "EUR" {
		value = p.Account
	}
	if value == "" {
		return fmt.Errorf("no QR code for %s: %s", p.Currency, p.EPCErr)
	}
	lines, err := qrtext.Lines(value)
	if err != nil {
		return err
	}
	textOut(a.stdout).Rendered(strings.Join(lines, "\n") + "\n")
	return nil
}
