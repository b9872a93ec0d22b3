package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/altchain"
	"purse/app"
	"purse/app/deposit"
	"purse/app/review"
	"purse/internal/atomicfile"
	"purse/internal/format"
	"purse/internal/visible"
)

func addAltchainCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{
		Use:   "altchain",
		Short: "Solana (alt-chain) USDC deposits: inspect, quote, deposit, balance",
		Long: "Deposit USDC from your Solana wallet and receive fiat. purse validates every pre-built\n" +
			"transaction against the alt-chain checklist (rules A1-H30, and B31, F32, F33 for the\n" +
			"LayerZero send it carries) before it signs, signs with your Solana key only, simulates the\n" +
			"signed bytes with signature verification, shows a review and sends exactly the bytes it showed.",
	}
	cmd.AddCommand(a.altchainInspectCmd(), a.altchainQuoteCmd(), a.altchainDepositCmd(), a.altchainStatusCmd(), a.altchainBalanceCmd())
	root.AddCommand(cmd)
}

// printDeposit writes the review of a quote and its report: the same document the Deposit
// screen shows before it signs.
func printDeposit(w *humanOut, q *altchain.Quote, cluster, currency string, r *altchain.Report) {
	verdict := "ok: the transaction may be signed"
	if r.Rejected() {
		verdict = "REJECTED: the transaction must not be signed"
	}
	w.Println("verdict: " + verdict)
	var b strings.Builder
	_ = review.Write(&b, app.DepositReview("deposit", q, cluster, currency, r))
	w.Rendered(b.String())
}

func (a *cli) altchainInspectCmd() *cobra.Command {
	var user, cluster, amount, minAmount string
	cmd := &cobra.Command{
		Use:   "inspect QUOTE.json --user ADDRESS [--cluster mainnet|devnet|testnet|sandbox]",
		Short: "Validate a deposit quote offline (no network): findings and review facts; exit 3 when rejected",
		Long: "Runs every static rule of the alt-chain checklist on the quote and its pre-built transaction,\n" +
			"without any network access. QUOTE.json is a bare quote or the partner envelope; '-' reads\n" +
			"stdin. The requested amounts come from the file (usdcAmount, minUsdcAmount) or from --amount\n" +
			"and --min-usdc. Exit 0: the transaction may be signed; exit 3: rejected.",
		Args: cobra.ExactArgs(1),
		RunE: a.run(func(_ *cobra.Command, core *app.App, args []string) error {
			in, err := deposit.New(core).Inspect(deposit.Inspection{File: args[0], Stdin: a.stdin, User: user, Amount: amount, MinAmount: minAmount, Cluster: cluster})
			if err != nil {
				return err
			}
			if err := a.print(in.Report.View(in.User), func(w *humanOut) { printDeposit(w, in.Quote, cluster, "", in.Report) }); err != nil {
				return err
			}
			if in.Report.Rejected() {
				return app.Rejection(in.Report, "inspect")
			}
			return nil
		}),
	}
	f := cmd.Flags()
	f.StringVar(&user, "user", "", "the Solana address that would sign (fee payer)")
	f.StringVar(&cluster, "cluster", "", "accept only this cluster: mainnet, devnet, testnet or sandbox (default: any known)")
	f.StringVar(&amount, "amount", "", "the requested USDC amount (when the file does not carry usdcAmount)")
	f.StringVar(&minAmount, "min-usdc", "", "the requested minimum USDC amount (with --amount)")
	_ = cmd.MarkFlagRequired("user")
	return cmd
}

func priceFlag(cmd *cobra.Command, v uint64) *uint64 {
	if cmd.Flags().Changed("compute-unit-price") {
		return &v
	}
	return nil
}

func (a *cli) altchainQuoteCmd() *cobra.Command {
	var amount, output, minAmount, out string
	var price uint64
	cmd := &cobra.Command{
		Use:   "quote --amount USDC --output EUR|CHF|USD|CNH [--min-usdc X] [--compute-unit-price N] [--out FILE]",
		Short: "Ask the partner API for a deposit quote (partner-signed) and print it",
		Long: "Requests POST /v1/altchain/deposit/quote signed with the profile's partner key (partner_key,\n" +
			"variant partner_auth). svcId is the profile's token_id, the user its Solana key, and network\n" +
			"is always sent (never the service's silent devnet default). --json prints the quote in a form\n" +
			"`purse altchain inspect` and `deposit --quote-file` read back; --out writes it to a file.",
		Args: cobra.NoArgs,
		RunE: a.run(func(cmd *cobra.Command, core *app.App, _ []string) error {
			amt, mn, err := deposit.ParseAmounts(amount, minAmount)
			if err != nil {
				return err
			}
			if mn != 0 {
				a.warn("--min-usdc %s %s", minAmount, app.MinUSDCRule)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			dq, err := deposit.New(core).Quote(ctx, deposit.QuoteInput{Amount: amt, MinAmount: mn, Currency: output, Price: priceFlag(cmd, price)}, nil)
			if err != nil {
				return err
			}
			q := dq.Quote
			view := q.Wire()
			if out != "" {
				b, _ := json.MarshalIndent(view, "", "  ")
				if err := atomicfile.Write(out, append(b, '\n'), 0o600); err != nil {
					return fmt.Errorf("--out %s: %v", out, err)
				}
			}
			r := altchain.Inspect(q, dq.Setup.User, dq.Setup.Opts)
			return a.print(view, func(w *humanOut) {
				printDeposit(w, q, dq.Setup.Profile.SolanaCluster, strings.ToUpper(output), r)
			})
		}),
	}
	f := cmd.Flags()
	f.StringVar(&amount, "amount", "", "USDC to deposit (decimal, at most 6 decimals; at least 5)")
	f.StringVar(&output, "output", "", "fiat currency to receive: EUR, CHF, USD or CNH")
	f.StringVar(&minAmount, "min-usdc", "", "minimum USDC after fees (optional; omit or 0 for USDC-only deposits)")
	f.Uint64Var(&price, "compute-unit-price", 0, "priority fee price in micro-lamports per compute unit (optional)")
	f.StringVar(&out, "out", "", "also write the quote JSON to this file")
	_ = cmd.MarkFlagRequired("amount")
	_ = cmd.MarkFlagRequired("output")
	return cmd
}

func (a *cli) altchainDepositCmd() *cobra.Command {
	var amount, output, minAmount, quoteFile string
	var price uint64
	var poll, timeout time.Duration
	cmd := &cobra.Command{
		Use:   "deposit --amount USDC --output EUR|CHF|USD|CNH [--quote-file F] [--yes]",
		Short: "Deposit USDC: quote, validate, sign with your Solana key only, simulate, review, send, confirm",
		Long: "The whole deposit: the quote (from the partner API, or --quote-file from a partner app) is\n" +
			"decoded strictly and validated against the cluster (rules A1-F33 with the profile's pins and fee\n" +
			"cap; a writable account nothing names offline is resolved on the chain, B31); a fresh blockhash is\n" +
			"fetched; the signing gate (in this process, or in the agent) checks the quote again, signs with the\n" +
			"profile's Solana key only, simulates the signed bytes with signature verification (G27-G29) and\n" +
			"shows the review with the amounts, every fee and account and the simulation; it asks y/N on the\n" +
			"terminal as the signing policy says (--yes approves; through an agent, its display asks); the same\n" +
			"bytes are sent and re-broadcast while the blockhash is valid until confirmed (H30). A rejected\n" +
			"validation exits 3 and releases no signature.",
		Args: cobra.NoArgs,
		RunE: a.run(func(cmd *cobra.Command, core *app.App, _ []string) error {
			amt, mn, err := deposit.ParseAmounts(amount, minAmount)
			if err != nil {
				return err
			}
			if mn != 0 {
				a.warn("--min-usdc %s %s", minAmount, app.MinUSDCRule)
			}
			if quoteFile == "" && output == "" {
				return usagef("--output: expected EUR, CHF, USD or CNH (or --quote-file)")
			}
			if poll <= 0 || timeout <= 0 {
				return usagef("--poll-interval and --timeout must be positive")
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			last := "" // the first event of each step is printed
			progress := func(ev deposit.Event) {
				if ev.Step != "" && ev.Step != last && ev.Detail != "" {
					last = ev.Step
					textOut(a.stderr).Printf("[%d/%d] %s: %s\n", slices.Index(deposit.Steps, ev.Step)+1, len(deposit.Steps), ev.Step, ev.Detail)
				}
			}
			run := deposit.Run{
				Input:    deposit.QuoteInput{Amount: amt, MinAmount: mn, Currency: output, Price: priceFlag(cmd, price), File: quoteFile, Stdin: a.stdin},
				Poll:     poll,
				Progress: progress,
			}
			res, err := deposit.New(core).Run(ctx, run, nil)
			var rf *app.Refusal
			if errors.As(err, &rf) && rf.Review != nil {
				_ = review.Write(a.stderr, *rf.Review)
			}
			if err != nil {
				return err
			}
			return a.print(res, func(w *humanOut) {
				arrives := ""
				if res.Receive != "" {
					arrives = " → " + visible.Line(res.Receive) + " on the account (the quote's amount)"
				}
				w.Printf("deposited %s USDC%s: %s (%s)\n", format.Uint(amt, format.USDCDecimals), arrives, res.Signature, res.ConfirmationStatus)
			})
		}),
	}
	f := cmd.Flags()
	f.StringVar(&amount, "amount", "", "USDC to deposit (decimal, at most 6 decimals; at least 5)")
	f.StringVar(&output, "output", "", "fiat currency to receive: EUR, CHF, USD or CNH")
	f.StringVar(&minAmount, "min-usdc", "", "minimum USDC after fees (optional)")
	f.Uint64Var(&price, "compute-unit-price", 0, "priority fee price in micro-lamports per compute unit (optional)")
	f.StringVar(&quoteFile, "quote-file", "", "use this quote (bare or envelope; '-' is stdin) instead of asking the partner API")
	f.DurationVar(&poll, "poll-interval", 2*time.Second, "how often to poll the signature status")
	f.DurationVar(&timeout, "timeout", 5*time.Minute, "stop waiting after this long (a deposit that may have landed is then reported with its signature, exit 4)")
	f.DurationVar(&a.solanaTimeout, "rpc-timeout", altchain.DefaultRPCTimeout, "bound of one Solana RPC call")
	_ = cmd.MarkFlagRequired("amount")
	return cmd
}

func (a *cli) altchainStatusCmd() *cobra.Command {
	var lastValid uint64
	cmd := &cobra.Command{
		Use:   "status SIGNATURE [--last-valid-block-height N]",
		Short: "What the cluster says of a deposit's signature: landed, failed, pending, not landed or unknown",
		Long: "Asks the profile's Solana cluster for the block height, the signature's status (searching its\n" +
			"history) and, once the height is past the transaction's last valid block height (printed with an\n" +
			"unknown outcome), getTransaction. It is \"not landed\" only when a node past that height finds no\n" +
			"trace of it both ways; a read that fails or comes from a node behind leaves it unknown.\n" +
			"Exit 0: landed; 1: failed or not landed (safe to deposit again); 4: pending or unknown.",
		Args: cobra.ExactArgs(1),
		RunE: a.run(func(cmd *cobra.Command, core *app.App, args []string) error {
			ctx, cancel := context.WithTimeout(cmd.Context(), 30*time.Second)
			defer cancel()
			st, err := deposit.New(core).Check(ctx, args[0], lastValid)
			if err != nil {
				return err
			}
			rows := [][2]string{{"signature", st.Signature}, {"outcome", st.Outcome}, {"meaning", st.Meaning}, {"block height", fmt.Sprint(st.BlockHeight)}}
			if st.ConfirmationStatus != "" {
				rows = append(rows, [2]string{"confirmation", st.ConfirmationStatus})
			}
			if st.Err != "" {
				rows = append(rows, [2]string{"error", st.Err})
			}
			if err := a.printRows(st, rows); err != nil {
				return err
			}
			a.printed = true
			switch st.Outcome {
			case app.OutcomeLanded:
				return nil
			case app.OutcomeFailed, app.OutcomeNotLanded:
				return fmt.Errorf("%s: %s", st.Signature, st.Meaning)
			}
			return &app.OutcomeError{Outcome: app.OutcomeUnknown, IDName: "signature", ID: st.Signature, Err: fmt.Errorf("%s: %s", st.Signature, st.Meaning)}
		}),
	}
	cmd.Flags().Uint64Var(&lastValid, "last-valid-block-height", 0, "the transaction's last valid block height (from the deposit's output)")
	cmd.Flags().DurationVar(&a.solanaTimeout, "rpc-timeout", altchain.DefaultRPCTimeout, "bound of one Solana RPC call")
	return cmd
}

func (a *cli) altchainBalanceCmd() *cobra.Command {
	return a.command("balance", "SOL and USDC of the profile's Solana key", func(cmd *cobra.Command, core *app.App) error {
		ctx, cancel := context.WithTimeout(cmd.Context(), 30*time.Second)
		defer cancel()
		v, err := deposit.New(core).SolanaBalance(ctx)
		if err != nil {
			return err
		}
		a.warnIf(v.Warning)
		usdc := v.USDC
		if !v.HasUSDC {
			usdc += " (no USDC account " + v.USDCAccount + ")"
		}
		return a.printRows(v, [][2]string{{"address", v.Address + " (" + v.Cluster + ")"}, {"SOL", v.SOL}, {"USDC", usdc}})
	})
}
