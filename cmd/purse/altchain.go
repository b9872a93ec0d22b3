package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"purse/altchain"
	"purse/app"
	"purse/config"
	"purse/internal/atomicfile"
)

func addAltchainCommands(a *cli, root *cobra.Command) {
	cmd := &cobra.Command{
		Use:   "altchain",
		Short: "Solana (alt-chain) USDC deposits: inspect, quote, deposit, balance",
		Long: "Deposit USDC from your Solana wallet and receive fiat. purse validates every pre-built\n" +
			"transaction against the alt-chain checklist (rules A1-H30) before it signs, signs with your\n" +
			"Solana key only, simulates the signed bytes with signature verification, shows a review and\n" +
			"sends exactly the bytes it showed.",
	}
	cmd.AddCommand(a.altchainInspectCmd(), a.altchainQuoteCmd(), a.altchainDepositCmd(), a.altchainBalanceCmd())
	root.AddCommand(cmd)
}

// altchainOptions are the known clusters (mainnet, devnet, testnet, sandbox) with the
// profile's pins and fee cap; only, when set, keeps that one cluster.
func altchainOptions(p *config.Profile, only string) (*altchain.Options, error) {
	all := append(altchain.DefaultClusters(), altchain.SandboxCluster())
	var out []altchain.ClusterInfo
	for _, c := range all {
		if only != "" && c.ProfileName() != only && c.Name != only {
			continue
		}
		if p != nil {
			pin := p.Pins[c.ProfileName()]
			var err error
			if c, err = c.Pinned(pin.ProgramID, pin.USDCMint, pin.DepositAccount, p.FeeCap()); err != nil {
				return nil, fmt.Errorf("profile %s: %v", p.Name, err)
			}
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, usagef("--cluster: expected mainnet, devnet, testnet or sandbox, got %q", only)
	}
	return &altchain.Options{Clusters: out}, nil
}

func printQuote(w io.Writer, q *altchain.Quote, currency string) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, v) }
	if q.HasRequested {
		row("deposit", altchain.FormatUnits(q.USDCAmount, 6)+" USDC (min "+altchain.FormatUnits(q.MinUSDCAmount, 6)+")")
	}
	dec := func(d *decimal.Decimal) string {
		if d == nil {
			return "-"
		}
		return d.String() + " " + currency
	}
	if q.OutputAmount != nil {
		row("you receive", dec(q.OutputAmount))
		row("before fees", dec(q.OutputAmountBeforeFee))
		if q.ExchangeRate != nil {
			row("exchange rate", q.ExchangeRate.String())
		}
		row("processing fee", dec(q.ProcessingFee))
		row("network fee", dec(q.NetworkFee))
		row("total fee", dec(q.TotalFee))
	}
	row("native fee", fmt.Sprintf("%s SOL (%d lamports; %d with buffer)", altchain.FormatUnits(q.NativeFeeLamportsWithBuffer, 9), q.NativeFeeLamports, q.NativeFeeLamportsWithBuffer))
	row("network", q.Network)
	row("program", q.ProgramID.String())
	row("usdc mint", q.USDCMint.String())
	row("deposit account", q.DepositUSDCAccount.String())
	row("fee receiver", q.FeeReceiver.String())
	row("dst eid", strconv.FormatUint(uint64(q.DstEid), 10))
	row("evm output token", q.EVMOutputToken.String())
	row("valid until block", strconv.FormatUint(q.LastValidBlockHeight, 10))
	if q.Transaction == nil {
		row("transaction", "none")
	} else {
		row("transaction", fmt.Sprintf("%d bytes (unsigned v0)", len(q.Transaction)))
	}
	tw.Flush()
}

// reportView is a Report as JSON.
type reportView struct {
	Verdict             string            `json:"verdict"`
	Online              bool              `json:"online"`
	User                string            `json:"user"`
	Findings            []findingView     `json:"findings"`
	FeePayer            string            `json:"feePayer,omitempty"`
	Signatures          int               `json:"signatures"`
	RecentBlockhash     string            `json:"recentBlockhash,omitempty"`
	LookupTables        []string          `json:"lookupTables,omitempty"`
	ComputeUnitLimit    uint32            `json:"computeUnitLimit"`
	ComputeUnitPrice    uint64            `json:"computeUnitPrice"`
	PriorityFeeLamports uint64            `json:"priorityFeeLamports"`
	PriorityFeeOverflow bool              `json:"priorityFeeOverflow,omitempty"`
	BaseFeeLamports     uint64            `json:"baseFeeLamports"`
	NativeFeeLamports   uint64            `json:"nativeFeeLamports"`
	TotalCostLamports   uint64            `json:"totalCostLamports"`
	Deposit             *depositView      `json:"deposit,omitempty"`
	Instructions        []instructionView `json:"instructions"`
}

type findingView struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

type depositView struct {
	USDCAmount        string `json:"usdcAmount"`
	MinUSDCAmount     string `json:"minUsdcAmount"`
	NativeFeeLamports uint64 `json:"nativeFeeLamports"`
	DstEid            uint32 `json:"dstEid"`
	EVMOutputToken    string `json:"evmOutputToken"`
}

type instructionView struct {
	Index       int           `json:"index"`
	Program     string        `json:"program"`
	ProgramName string        `json:"programName,omitempty"`
	Summary     string        `json:"summary,omitempty"`
	Data        string        `json:"data"`
	Accounts    []accountView `json:"accounts"`
}

type accountView struct {
	Index      int    `json:"index"`
	Key        string `json:"key,omitempty"`
	Role       string `json:"role,omitempty"`
	Signer     bool   `json:"signer"`
	Writable   bool   `json:"writable"`
	FromLookup bool   `json:"fromLookup,omitempty"`
}

func viewReport(r *altchain.Report, user solana.PublicKey) reportView {
	v := reportView{
		Verdict: string(r.Verdict), Online: r.Online, User: user.String(), Findings: []findingView{},
		Signatures: r.Signatures, ComputeUnitLimit: r.ComputeUnitLimit, ComputeUnitPrice: r.ComputeUnitPrice,
		PriorityFeeLamports: r.PriorityFeeLamports, PriorityFeeOverflow: r.PriorityFeeOverflow,
		BaseFeeLamports: r.BaseFeeLamports, NativeFeeLamports: r.NativeFeeLamports, TotalCostLamports: r.TotalCostLamports,
		Instructions: []instructionView{},
	}
	if !r.FeePayer.IsZero() {
		v.FeePayer = r.FeePayer.String()
	}
	if !r.RecentBlockhash.IsZero() {
		v.RecentBlockhash = r.RecentBlockhash.String()
	}
	for _, t := range r.LookupTables {
		v.LookupTables = append(v.LookupTables, t.String())
	}
	for _, f := range r.Findings {
		v.Findings = append(v.Findings, findingView{f.Rule, f.Severity.String(), f.Message})
	}
	if d := r.Deposit; d != nil {
		v.Deposit = &depositView{strconv.FormatUint(d.USDCAmount, 10), strconv.FormatUint(d.MinUSDCAmount, 10), d.NativeFeeLamports, d.DstEid, d.EVMOutputToken.String()}
	}
	for _, ix := range r.Instructions {
		iv := instructionView{Index: ix.Index, Program: ix.Program.String(), ProgramName: ix.ProgramName, Summary: ix.Summary,
			Data: hex.EncodeToString(ix.Data), Accounts: []accountView{}}
		for _, acc := range ix.Accounts {
			av := accountView{Index: acc.Index, Role: acc.Role, Signer: acc.Signer, Writable: acc.Writable, FromLookup: acc.FromLookup}
			if acc.Resolved {
				av.Key = acc.Key.String()
			}
			iv.Accounts = append(iv.Accounts, av)
		}
		v.Instructions = append(v.Instructions, iv)
	}
	return v
}

// printReport writes the review facts and the findings.
func printReport(w io.Writer, r *altchain.Report) {
	verdict := "ok: the transaction may be signed"
	if r.Rejected() {
		verdict = "REJECTED: the transaction must not be signed"
	}
	fmt.Fprintln(w, "verdict: "+verdict)
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, v) }
	if !r.FeePayer.IsZero() {
		row("fee payer", r.FeePayer.String())
	}
	if d := r.Deposit; d != nil {
		row("deposit", altchain.FormatUnits(d.USDCAmount, 6)+" USDC (min "+altchain.FormatUnits(d.MinUSDCAmount, 6)+")")
		row("native fee", fmt.Sprintf("%s SOL (%d lamports)", altchain.FormatUnits(d.NativeFeeLamports, 9), d.NativeFeeLamports))
	}
	row("base fee", fmt.Sprintf("%d lamports (%d signature)", r.BaseFeeLamports, r.Signatures))
	prio := fmt.Sprintf("%d lamports (limit %d × price %d µlamports)", r.PriorityFeeLamports, r.ComputeUnitLimit, r.ComputeUnitPrice)
	if r.PriorityFeeOverflow {
		prio = "overflows 64 bits"
	}
	row("priority fee", prio)
	row("total SOL cost", fmt.Sprintf("%s SOL (%d lamports)", altchain.FormatUnits(r.TotalCostLamports, 9), r.TotalCostLamports))
	tw.Flush()
	for _, ix := range r.Instructions {
		name := ix.ProgramName
		if name == "" {
			name = ix.Program.String()
		}
		fmt.Fprintf(w, "instruction %d: %s", ix.Index, name)
		if ix.Summary != "" {
			fmt.Fprintf(w, ": %s", ix.Summary)
		}
		fmt.Fprintln(w)
		for _, acc := range ix.Accounts {
			key := "(unresolved lookup-table account)"
			if acc.Resolved {
				key = acc.Key.String()
			}
			flags := ""
			if acc.Signer {
				flags += "s"
			}
			if acc.Writable {
				flags += "w"
			}
			fmt.Fprintf(w, "    #%-3d %-44s %-2s %s\n", acc.Index, key, flags, acc.Role)
		}
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "findings: none")
		return
	}
	fmt.Fprintln(w, "findings:")
	tw = tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, f := range r.Findings {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", f.Rule, f.Severity, f.Message)
	}
	tw.Flush()
}

func rejection(r *altchain.Report, what string) error {
	rej := r.Rejections()
	parts := make([]string, 0, len(rej))
	for _, f := range rej {
		parts = append(parts, f.Rule+" "+f.Message)
	}
	return rejectedf("%s: %d rule(s) rejected the transaction: %s", what, len(rej), strings.Join(parts, "; "))
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
		RunE: func(_ *cobra.Command, args []string) error {
			u, err := solana.PublicKeyFromBase58(user)
			if err != nil || u.String() != user {
				return usagef("--user: expected the Solana address that will sign (base58), got %q", user)
			}
			if minAmount != "" && amount == "" {
				return usagef("--min-usdc goes with --amount")
			}
			amt, mn, err := usdcFlags(amount, minAmount)
			if err != nil {
				return err
			}
			// The profile only contributes pins and the fee cap: a local file read.
			p, err := a.activeProfile()
			if err != nil {
				return err
			}
			opts, err := altchainOptions(p, cluster)
			if err != nil {
				return err
			}
			q, err := app.ReadQuote(args[0], a.stdin)
			if err != nil {
				return err
			}
			if amount != "" {
				if err := app.CheckRequested(q, amt, mn); err != nil {
					return err
				}
			}
			r := altchain.Inspect(q, u, opts)
			if err := a.print(viewReport(r, u), func(w io.Writer) { printReport(w, r) }); err != nil {
				return err
			}
			if r.Rejected() {
				return rejection(r, "inspect")
			}
			return nil
		},
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
		RunE: func(cmd *cobra.Command, _ []string) error {
			amt, mn, err := usdcFlags(amount, minAmount)
			if err != nil {
				return err
			}
			core, err := a.app()
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			dq, err := core.FetchDepositQuote(ctx, app.QuoteInput{Amount: amt, MinAmount: mn, Currency: output, Price: priceFlag(cmd, price)}, nil)
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
			return a.print(view, func(w io.Writer) {
				printQuote(w, q, strings.ToUpper(output))
				if r.Rejected() {
					fmt.Fprintf(w, "offline inspection: REJECTED (%d rule(s)); see `purse altchain inspect`\n", len(r.Rejections()))
				} else {
					fmt.Fprintln(w, "offline inspection: ok")
				}
			})
		},
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

// progress prints one step of the deposit flow to stderr.
type progress struct {
	w     io.Writer
	n     int
	total int
	last  string
}

func (p *progress) step(name, format string, args ...any) {
	p.n = max(p.n, stepNumber(name))
	p.last = name
	fmt.Fprintf(p.w, "[%d/%d] %s: %s\n", p.n, p.total, name, fmt.Sprintf(format, args...))
}

// event prints the first event of each step the application layer begins.
func (p *progress) event(ev app.DepositEvent) {
	if ev.Step == "" || ev.Step == p.last || ev.Detail == "" {
		return
	}
	p.step(ev.Step, "%s", ev.Detail)
}

func stepNumber(name string) int {
	for i, s := range app.DepositSteps {
		if s == name {
			return i + 1
		}
	}
	return 0
}

// usdcFlags reads --amount (at least the minimum deposit when given) and --min-usdc.
func usdcFlags(amount, minAmount string) (amt, mn uint64, err error) {
	if amount != "" {
		if amt, err = app.ParseDepositAmount("--amount", amount); err != nil {
			return 0, 0, err
		}
	}
	if minAmount != "" {
		if mn, err = altchain.ParseUSDC(minAmount); err != nil {
			return 0, 0, usagef("--min-usdc: %v", err)
		}
	}
	return amt, mn, nil
}

type depositResult struct {
	Signature          string `json:"signature"`
	ConfirmationStatus string `json:"confirmationStatus"`
	User               string `json:"user"`
	USDCAmount         string `json:"usdcAmount"`
	TotalCostLamports  uint64 `json:"totalCostLamports"`
	Blockhash          string `json:"blockhash"`
	LastValidHeight    uint64 `json:"lastValidBlockHeight"`
}

func (a *cli) altchainDepositCmd() *cobra.Command {
	var amount, output, minAmount, quoteFile string
	var price uint64
	var yes bool
	var poll, timeout time.Duration
	cmd := &cobra.Command{
		Use:   "deposit --amount USDC --output EUR|CHF|USD|CNH [--quote-file F] [--yes]",
		Short: "Deposit USDC: quote, validate, sign with your Solana key only, simulate, review, send, confirm",
		Long: "The whole deposit: the quote (from the partner API, or --quote-file from a partner app) is\n" +
			"decoded strictly and validated against the cluster (rules A1-F26 with the profile's pins and fee\n" +
			"cap); a fresh blockhash is fetched; the transaction is signed with the profile's Solana key only\n" +
			"and the signed bytes are simulated with signature verification (G27-G29); the review shows the\n" +
			"amounts, every fee and account and asks y/N on the terminal (--yes skips it; without a terminal\n" +
			"and without --yes nothing is done); the same bytes are sent and re-broadcast while the blockhash\n" +
			"is valid until confirmed (H30). A rejected validation exits 3 and signs nothing.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			amt, mn, err := usdcFlags(amount, minAmount)
			if err != nil {
				return err
			}
			if quoteFile == "" && output == "" {
				return usagef("--output: expected EUR, CHF, USD or CNH (or --quote-file)")
			}
			if poll <= 0 || timeout <= 0 {
				return usagef("--poll-interval and --timeout must be positive")
			}
			var tty terminal
			if !yes {
				if tty, err = openTerminal(); err != nil {
					return usagef("no terminal to review the deposit on (%v); pass --yes to send without the prompt; nothing was signed", err)
				}
				defer tty.Close()
			}
			core, err := a.app()
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			pr := &progress{w: a.stderr, total: len(app.DepositSteps)}
			if quoteFile != "" {
				pr.step(app.StepQuote, "reading %s", quoteFile)
			} else {
				pr.step(app.StepQuote, "asking the partner API for %s USDC → %s", altchain.FormatUnits(amt, 6), strings.ToUpper(output))
			}
			dq, err := core.FetchDepositQuote(ctx, app.QuoteInput{Amount: amt, MinAmount: mn, Currency: output, Price: priceFlag(cmd, price), File: quoteFile, Stdin: a.stdin}, nil)
			if err != nil {
				return err
			}
			pr.step(app.StepDecode, "strict decode: %d-byte unsigned transaction from %s", len(dq.Quote.Transaction), dq.Source)
			// The gate: validation, fresh blockhash, signature by the Solana key only and
			// simulation of the signed bytes, all inside the application layer.
			pd, err := core.PrepareDeposit(ctx, dq, nil, func(ev app.DepositEvent) { pr.event(ev) })
			if pd != nil && pd.Report != nil && pd.Report.Rejected() {
				printReport(a.stderr, pd.Report)
				what := "validate: nothing was signed"
				if se := (*app.StepError)(nil); errors.As(err, &se) && se.Step == app.StepSimulate {
					what = "simulate: nothing was sent"
				}
				return rejection(pd.Report, what)
			}
			if err != nil {
				return err
			}
			p, r := pd.Prepared, pd.Prepared.Report
			pr.step(app.StepReview, "what will be sent")
			printQuote(a.stderr, dq.Quote, strings.ToUpper(output))
			printReport(a.stderr, r)
			if !yes {
				fmt.Fprintf(tty, "Send this deposit of %s USDC (total SOL cost %s)? [y/N]: ", altchain.FormatUnits(dq.Quote.USDCAmount, 6), altchain.FormatUnits(r.TotalCostLamports, 9))
				line, _ := bufio.NewReader(tty).ReadString('\n')
				if ans := strings.ToLower(strings.TrimSpace(line)); ans != "y" && ans != "yes" {
					return errors.New("review: declined; the signed transaction was not sent")
				}
			}
			pr.step(app.StepSend, "signature %s", p.Signature)
			sent, err := core.SendDeposit(ctx, p, poll, nil)
			if errors.Is(err, altchain.ErrBlockhashExpired) {
				return fmt.Errorf("confirm: the blockhash expired (block height past %d) before the deposit was confirmed; it did not land; run the deposit again for a new quote and blockhash", p.LastValidBlockHeight)
			}
			if err != nil {
				return err
			}
			st := sent.Status
			pr.step(app.StepConfirm, "%s", st.ConfirmationStatus)
			res := depositResult{Signature: p.Signature.String(), ConfirmationStatus: st.ConfirmationStatus, User: dq.Setup.User.String(),
				USDCAmount: strconv.FormatUint(dq.Quote.USDCAmount, 10), TotalCostLamports: r.TotalCostLamports,
				Blockhash: p.Blockhash.String(), LastValidHeight: p.LastValidBlockHeight}
			return a.print(res, func(w io.Writer) {
				fmt.Fprintf(w, "deposited %s USDC: %s (%s)\n", altchain.FormatUnits(dq.Quote.USDCAmount, 6), p.Signature, st.ConfirmationStatus)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&amount, "amount", "", "USDC to deposit (decimal, at most 6 decimals; at least 5)")
	f.StringVar(&output, "output", "", "fiat currency to receive: EUR, CHF, USD or CNH")
	f.StringVar(&minAmount, "min-usdc", "", "minimum USDC after fees (optional)")
	f.Uint64Var(&price, "compute-unit-price", 0, "priority fee price in micro-lamports per compute unit (optional)")
	f.StringVar(&quoteFile, "quote-file", "", "use this quote (bare or envelope; '-' is stdin) instead of asking the partner API")
	f.BoolVar(&yes, "yes", false, "send without the y/N review prompt")
	f.DurationVar(&poll, "poll-interval", 2*time.Second, "how often to poll the signature status")
	f.DurationVar(&timeout, "timeout", 5*time.Minute, "give up after this long")
	_ = cmd.MarkFlagRequired("amount")
	return cmd
}

func (a *cli) altchainBalanceCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "balance",
		Short: "SOL and USDC of the profile's Solana key",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			core, err := a.app()
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			v, err := core.SolanaBalance(ctx)
			if err != nil {
				return err
			}
			if v.Warning != "" {
				a.warn("%s", v.Warning)
			}
			return a.print(v, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintf(tw, "address\t%s (%s)\n", v.Address, v.Cluster)
				fmt.Fprintf(tw, "SOL\t%s\n", v.SOL)
				usdc := v.USDC
				if !v.HasUSDC {
					usdc += " (no USDC account " + v.USDCAccount + ")"
				}
				fmt.Fprintf(tw, "USDC\t%s\n", usdc)
				tw.Flush()
			})
		},
	}
}
