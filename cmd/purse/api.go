package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	appaccount "purse/app/account"
	apphistory "purse/app/history"
	"purse/app/sandbox"
	"purse/enduser"
	"purse/internal/format"
	"purse/internal/visible"
	"purse/sandboxctl"
)

func addAPICommands(a *cli, root *cobra.Command) {
	account := &cobra.Command{Use: "account", Short: "Account: status, mint, find, email check, identity-verification token"}
	account.AddCommand(a.accountStatusCmd(), a.accountProfileCmd(), a.accountMintCmd(), a.accountFindCmd(), a.emailStatusCmd(), a.idvTokenCmd())
	kyc := &cobra.Command{Use: "kyc", Short: "KYC: Form A; the shared-token handoff, check and submit"}
	kyc.AddCommand(append(a.handoffCmds(), a.formACmd())...)
	tx := &cobra.Command{Use: "tx", Short: "Transaction history"}
	tx.AddCommand(a.txListCmd(), a.txShowCmd())
	// `purse card` alone shows the card, as `purse card show` does.
	show := a.cardCmd("show", "Card info (masked values only)", appaccount.CardRead)
	card := &cobra.Command{Use: "card", Short: "Card: show (masked; the default), issue, block, unblock, currency", Args: cobra.NoArgs, RunE: show.RunE}
	card.AddCommand(show,
		a.cardCmd("issue", "Issue a card (Live, card-eligible, balance meeting the activation amount)", appaccount.CardIssue),
		a.cardCmd("block", "Block the card", appaccount.CardBlock), a.cardCmd("unblock", "Unblock the card", appaccount.CardUnblock), a.cardCurrencyCmd())
	root.AddCommand(account, kyc, tx, card, a.chainsCmd(), a.onrampLimitCmd(), a.balancesCmd(), a.payinCmd(), a.doctorCmd(), a.apiCmd(), a.getCmd())
}

// command is a command with no positional arguments whose run needs the application layer.
func (a *cli) command(use, short string, run func(cmd *cobra.Command, core *app.App) error) *cobra.Command {
	return a.commandArgs(use, short, cobra.NoArgs, func(cmd *cobra.Command, core *app.App, _ []string) error { return run(cmd, core) })
}

// commandArgs is command with positional arguments.
func (a *cli) commandArgs(use, short string, args cobra.PositionalArgs, run func(cmd *cobra.Command, core *app.App, args []string) error) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Args: args, RunE: a.run(run)}
}

// run opens the application layer before a command's body.
func (a *cli) run(body func(cmd *cobra.Command, core *app.App, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		a.client = cmd.CommandPath()
		core, err := a.app()
		if err != nil {
			return err
		}
		return body(cmd, core, args)
	}
}

func (a *cli) accountStatusCmd() *cobra.Command {
	return a.command("status", "Account status, KYC step, vendor review and CRS notice", func(cmd *cobra.Command, core *app.App) error {
		st, err := appaccount.New(core).Status(cmd.Context())
		if err != nil {
			return err
		}
		p := core.Profile()
		kyc := fmt.Sprintf("%s (%d)", st.KYCFlow.CurrentStepStr, st.KYCFlow.CurrentStep)
		if acts := st.KYCFlow.CurrentStepActionTypes; len(acts) > 0 {
			kyc += " — actions: " + strings.Join(acts, ", ")
		}
		v, crs := st.SumsubKYCInfo, st.CRSInfo
		rows := [][2]string{{"account", fmt.Sprintf("%s (profile %s, network %s)", p.TokenID, p.Name, p.Network)},
			{"status", fmt.Sprintf("%s (%d)", st.StatusStr, st.Status)}, {"KYC step", kyc}, {"rejected because", st.KYCFlow.FailReason},
			{"vendor review", strings.TrimSpace(v.ReviewStatus + " " + v.ReviewAnswer + " " + v.ReviewRejectType)}}
		if crs.NeedCRS {
			rows = append(rows, [2]string{"CRS", fmt.Sprintf("self-certification needed before %s: %s", format.Date(time.UnixMilli(int64(crs.RestrictDate))), crs.URL)})
		}
		// The next step is the Account screen's (appaccount.NextFor), worded with commands;
		// as there, a profile on a purse sandbox (sandbox.Service.Detect) gets its control steps.
		_, onSandbox := sandbox.New(core).Detect(cmd.Context())
		next := appaccount.NextFor(p, &st, p.IsSandbox() || onSandbox)
		rows = append(rows, [2]string{"next", nextText(next, st.StatusStr)})
		return a.printRows(struct {
			enduser.AccountStatus
			Next appaccount.Next `json:"next"`
		}{st, next}, rows)
	})
}

// nextText words an account's next step with the commands that do it.
func nextText(n appaccount.Next, status string) string {
	t := map[appaccount.Step]string{
		appaccount.NextAddKey:      "add or import an EVM key (purse key new / purse key import) and make it the profile's (purse profile set evm_key=LABEL)",
		appaccount.NextMint:        "mint an account for key " + n.Key + ": purse account mint (if the key has one already, purse account find sets it)",
		appaccount.NextMintAgain:   "the sandbox has no account " + n.Account + " (it started afresh or was reset): purse account mint mints a new one, purse sandbox ctl onboard takes it to Live",
		appaccount.NextNotMinted:   "the account is not minted yet: purse account mint",
		appaccount.NextReadStatus:  "purse account status reads the status",
		appaccount.NextLive:        "the account is Live: purse balances, purse tx list, purse card, purse permit",
		appaccount.NextCRS:         "complete the CRS self-certification at the URL above, then purse account status",
		appaccount.NextRestricted:  "the account is restricted: contact support, then purse account status",
		appaccount.NextClosed:      "the account is " + status + ": contact support",
		appaccount.NextFormA:       "complete the first Form A step in the service's app, then purse account status",
		appaccount.NextIDScan:      "purse account idv-token gives the identity-verification access token; finish the ID scan in the vendor's SDK, then wait for the review (purse account status)",
		appaccount.NextSignFormA:   "purse kyc form-a shows Form A exactly as sent; purse kyc form-a --submit signs it (after its review) and submits it",
		appaccount.NextReview:      "Form A is signed; the account is under review: purse account status reads it again",
		appaccount.NextRetryIDScan: "fix what the reason says, then purse account idv-token for a new access token to retry the ID scan",
		appaccount.NextRejected:    "the review was rejected for good (FINAL): contact support",
		appaccount.NextRefresh:     "purse account status reads it again",
	}[n.Step]
	ctl := map[appaccount.Action]string{
		appaccount.ActionSandboxApprove: "purse sandbox ctl kyc-approve approves the review",
		appaccount.ActionSandboxReject:  "purse sandbox ctl kyc-reject rejects it",
		appaccount.ActionSandboxAdvance: "purse sandbox ctl advance makes it Live now",
	}
	var parts []string
	for _, c := range n.Sandbox {
		parts = append(parts, ctl[c])
	}
	if len(parts) > 0 {
		t += "; sandbox: " + strings.Join(parts, ", ")
	}
	return t
}

func (a *cli) accountProfileCmd() *cobra.Command {
	return a.command("profile", "Banking profile (/api/v2/br): holder, IBAN, card eligibility, limits", func(cmd *cobra.Command, core *app.App) error {
		b, err := appaccount.New(core).BankingProfile(cmd.Context(), nil)
		if err != nil {
			return err
		}
		return a.printRows(b, [][2]string{{"holder", b.BR}, {"IBAN", b.IBAN}, {"card eligible", fmt.Sprint(b.IsCardEligible)},
			{"card activation", format.Amount(b.CardActivation.Amount.Decimal, b.CardActivation.Currency) + " " + b.CardActivation.Currency}, {"limit (30 days)", format.Amount(b.Limits.Used.Decimal, "CHF") + " used of " + format.Amount(b.Limits.Max.Decimal, "CHF") + " CHF"}})
	})
}

func (a *cli) accountMintCmd() *cobra.Command {
	var req enduser.MintRequest
	var email, tokenID string
	cmd := a.command("mint [--email E] [--token-id N] [--lot-number ... --captcha-output ... --pass-token ... --gen-time ...]",
		"Mint the account NFT of the profile's EVM key (the sandbox accepts captcha output sandbox-pass)", func(cmd *cobra.Command, core *app.App) error {
			if tokenID == "" {
				pr, err := appaccount.New(core).ProposeTokenID(cmd.Context())
				if err != nil {
					return err
				}
				tokenID = pr.TokenID
				a.note("note: account id %s %s", tokenID, pr.Note)
			}
			if p := core.Profile(); p.IsSandbox() {
				req = sandboxctl.FillCaptcha(req, time.Now())
			}
			// The checks and the mint are the Account screen's (account.Service.CheckMint, Mint).
			plan, err := appaccount.New(core).CheckMint(cmd.Context(), tokenID, req, email)
			if err != nil {
				return err
			}
			if !plan.EmailOK {
				return usagef("--email: %s is already registered (10019)", email)
			}
			if strings.HasPrefix(plan.ChainNote, "the chain was not checked") {
				a.warn("%s", plan.ChainNote)
			}
			m, err := appaccount.New(core).Mint(cmd.Context(), plan)
			if err != nil {
				return err
			}
			out := map[string]string{"tokenId": m.TokenID, "txHash": m.TxHash, "address": m.Address, "profile": m.Profile.Name}
			return a.print(out, func(w *humanOut) {
				w.Printf("minted account %s for %s (tx %s); stored in profile %s\n", m.TokenID, m.Address, m.TxHash, m.Profile.Name)
			})
		})
	f := cmd.Flags()
	f.StringVar(&email, "email", "", "check that this email is still available first")
	f.StringVar(&tokenID, "token-id", "", "the account id the service gave for the mint (default: a sandbox's, or a generated one with mint_token_id=generate)")
	f.StringVar(&req.LotNumber, "lot-number", "", "captcha lotNumber")
	f.StringVar(&req.CaptchaOutput, "captcha-output", "", "captcha captchaOutput")
	f.StringVar(&req.PassToken, "pass-token", "", "captcha passToken")
	f.StringVar(&req.GenTime, "gen-time", "", "captcha genTime")
	return cmd
}

func (a *cli) accountFindCmd() *cobra.Command {
	var key string
	cmd := a.command("find [--key LABEL]", "Find the account NFT of the EVM key on the home chain and store its id in the profile", func(cmd *cobra.Command, core *app.App) error {
		d, err := appaccount.New(core).Find(cmd.Context(), key)
		if err != nil {
			return err
		}
		return a.printRows(d, [][2]string{{"account", d.TokenID}, {"owner", d.Address + " (key " + d.Key + ")"}, {"stored in profile", d.Profile}})
	})
	cmd.Flags().StringVar(&key, "key", "", "EVM key label (default: the profile's evm_key); stored as evm_key when found")
	return cmd
}

func (a *cli) emailStatusCmd() *cobra.Command {
	return a.commandArgs("email-status EMAIL", "Whether an email is still available for a new account", cobra.ExactArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
		ok, err := appaccount.New(core).EmailStatus(cmd.Context(), args[0])
		if err != nil {
			return err
		}
		word := map[bool]string{true: "is available", false: "is already registered"}[ok]
		return a.print(map[string]any{"email": args[0], "available": ok}, func(w *humanOut) { w.Println(args[0], word) })
	})
}

func (a *cli) idvTokenCmd() *cobra.Command {
	var req enduser.IDVTokenRequest
	cmd := a.command("idv-token", "Get an identity-verification SDK access token (20-minute TTL)", func(cmd *cobra.Command, core *app.App) error {
		t, err := appaccount.New(core).IDVToken(cmd.Context(), nil, req)
		if err != nil {
			return err
		}
		return a.printRows(t, [][2]string{{"token:", t.Token}, {"userId:", string(t.UserID)}})
	})
	f := cmd.Flags()
	f.StringVar(&req.LevelName, "level", "", "vendor level name")
	f.IntVar(&req.TTL, "ttl-seconds", 0, "token TTL in seconds")
	f.StringVar(&req.UserID, "user-id", "", "vendor user id")
	f.BoolVar(&req.IsRetryVerification, "retry", false, "a retry of a rejected verification")
	f.Int32Var(&req.RetryLevel, "retry-level", 0, "retry level 1-8 (with --retry)")
	f.StringVar(&req.StepType, "step-type", "", "the step to redo, e.g. IDENTITY")
	f.StringVar(&req.FailureReason, "failure-reason", "", "why the earlier verification failed")
	return cmd
}

func (a *cli) formACmd() *cobra.Command {
	var sign, submit bool
	cmd := a.command("form-a [--sign] [--submit]", "Show the Form A text exactly as received and its textHash; --sign signs it, --submit signs and submits", func(cmd *cobra.Command, core *app.App) error {
		info, err := appaccount.New(core).FormA(cmd.Context(), nil)
		if err != nil {
			return err
		}
		out := appaccount.SignedFormA{Text: info.KYCSelfDec, TextHash: info.TextHash()}
		if sign || submit {
			if out, err = appaccount.New(core).SignFormA(cmd.Context(), nil, info.KYCSelfDec, submit); err != nil {
				return err
			}
		}
		return a.print(out, func(w *humanOut) {
			// Never raw: a control code in server text would act on the terminal (clear it,
			// conceal a sentence) instead of being read.
			w.Printf("----- Form A (exactly as received) -----\n")
			escaped := w.Text(out.Text)
			w.Printf("\n----- end -----\ntextHash:  %s\n", out.TextHash)
			if escaped > 0 {
				w.Printf("note:      %d invisible, control or invalid character(s) are shown as control pictures (␉ ␍ ␛), ⟨U+XXXX⟩ or ⟨0xNN⟩\n", escaped)
			}
			if out.Signature != "" {
				w.Printf("signature: %s\n", out.Signature)
			}
			if out.Submitted {
				w.Println("submitted: KYC moves to review")
			}
		})
	})
	cmd.Flags().BoolVar(&sign, "sign", false, "sign the exact text with the profile's EVM key")
	cmd.Flags().BoolVar(&submit, "submit", false, "sign and submit")
	return cmd
}

// handoffCmds are the external-wallet shared-token routes: handoff, check, submit.
func (a *cli) handoffCmds() []*cobra.Command {
	var file string
	handoff := a.command("handoff --share-token-file F", "Hand the partner's verified applicant over with a share token ('-' reads stdin)", func(cmd *cobra.Command, core *app.App) error {
		v, err := appaccount.New(core).ShareTokenHandoff(cmd.Context(), nil, appaccount.ShareToken{File: file, Stdin: a.stdin})
		if v.Status == "" {
			return err
		}
		_ = a.printRows(v, [][2]string{{"verdict", v.Status}, {"attempt", fmt.Sprint(int64(v.Attempt))}, {"applicant", string(v.ApplicantID)}, {"missing", strings.Join(v.MissingFields, ", ")}})
		return err
	})
	handoff.Flags().StringVar(&file, "share-token-file", "", "file holding the share token ('-' = stdin; never an argument)")
	check := a.command("check", "The handoff session: state, complete, missing fields", func(cmd *cobra.Command, core *app.App) error {
		c, err := appaccount.New(core).KYCCheck(cmd.Context(), nil)
		if err != nil {
			return err
		}
		return a.printRows(c, [][2]string{{"state", c.State}, {"complete", fmt.Sprint(c.Complete)}, {"missing", strings.Join(c.MissingFields, ", ")}})
	})
	submit := a.command("submit", "Submit the handoff session (check complete, Form A signed)", func(cmd *cobra.Command, core *app.App) error {
		r, err := appaccount.New(core).KYCSubmit(cmd.Context(), nil)
		if err != nil {
			return err
		}
		return a.printRows(r, [][2]string{{"state", r.State}, {"queued", fmt.Sprint(r.Queued)}, {"awaiting penny", fmt.Sprint(r.AwaitingPenny)}})
	})
	return []*cobra.Command{handoff, check, submit}
}

func (a *cli) chainsCmd() *cobra.Command {
	return a.command("chains", "Chain configuration: chains, tokens, balances, bounds, card activation", func(cmd *cobra.Command, core *app.App) error {
		cc, err := appaccount.NewChains(core).Configs(cmd.Context(), nil)
		if err != nil {
			return err
		}
		return a.print(cc, func(w *humanOut) {
			for _, ch := range cc.Chains {
				w.Printf("%s (%s)\n  deposit contract:     %s\n  buffer-pool contract: %s\n", ch.ChainName, ch.ChainIdentifier, ch.DepositContract, ch.BufferPoolContract)
				var rows [][]string
				for _, t := range ch.Tokens {
					places := app.TokenPlaces(t)
					rows = append(rows, []string{"", t.Symbol, t.Name, strconv.Itoa(int(t.Decimals)), app.AmountOr(t.TotalBalance, places, "-"),
						app.Bounds(t.MinTopUpAmount, t.MaxTopUpAmount, places), app.Bounds(t.MinFxAmount, t.MaxFxAmount, places), t.TokenIdentifier})
				}
				w.Table([]string{"", "SYMBOL", "NAME", "DECIMALS", "BALANCE", "TOP-UP MIN – MAX", "FX MIN – MAX", "ADDRESS"}, rows)
			}
			if appaccount.New(core).LoggedIn() {
				w.Printf("card activation: %v — %s\n", cc.CanActivateCard, cc.CardActivationMessage)
			} else {
				w.Println("(logged out: no balances; set evm_key and token_id in the profile)")
			}
		})
	})
}

func (a *cli) onrampLimitCmd() *cobra.Command {
	return a.command("onramp-limit", "On-ramp limits and blockers (Live accounts)", func(cmd *cobra.Command, core *app.App) error {
		l, err := appaccount.New(core).OnrampLimit(cmd.Context(), nil)
		if err != nil {
			return err
		}
		return a.print(l, func(w *humanOut) {
			var rows [][]string
			for cur, max := range l.MaxAmounts {
				rows = append(rows, []string{cur, format.Amount(l.MinAmounts[cur].Decimal, cur), format.Amount(max.Decimal, cur), strings.Join(l.Blockers(cur), ", ")})
			}
			w.Table([]string{"CURRENCY", "MIN", "MAX", "BLOCKERS"}, rows)
		})
	})
}

func (a *cli) balancesCmd() *cobra.Command {
	return a.command("balances", "On-chain balances of the profile's EVM key for every token of the home chain", func(cmd *cobra.Command, core *app.App) error {
		snap, err := appaccount.NewChains(core).HomeBalances(cmd.Context())
		if err != nil {
			return err
		}
		type row struct {
			Symbol   string `json:"symbol"`
			Address  string `json:"address"`
			Decimals uint8  `json:"decimals"`
			Amount   string `json:"amount"`
			Raw      string `json:"raw"`
		}
		rows, lines := []row{}, [][]string{}
		for _, b := range snap.Ordered {
			r := row{b.Token.Symbol, b.Token.Address.Hex(), b.Token.Decimals, format.Units(b.Smallest, int32(b.Token.Decimals)), b.Smallest.String()}
			rows, lines = append(rows, r), append(lines, []string{r.Symbol, r.Amount, r.Raw, r.Address})
		}
		out := map[string]any{"owner": snap.Owner.Hex(), "chain": snap.HomeID, "balances": rows}
		return a.print(out, func(w *humanOut) {
			w.Printf("balances of %s on %s\n", snap.Owner.Hex(), snap.HomeID)
			w.Table([]string{"SYMBOL", "AMOUNT", "RAW", "ADDRESS"}, lines)
		})
	})
}

// bindTxFilter binds the history filter's flags (apphistory.Fields) and returns their reader
// (apphistory.ParseFilter; an error names the flag).
func bindTxFilter(cmd *cobra.Command) func() (enduser.TxFilter, error) {
	vals, flags := map[string]*string{}, map[string]string{}
	for _, f := range apphistory.Fields {
		if f.Flag != "" {
			vals[f.Key], flags[f.Key] = cmd.Flags().String(f.Flag, "", f.Label+": "+f.Hint), f.Flag
		}
	}
	return func() (enduser.TxFilter, error) {
		m := map[string]string{}
		for k, v := range vals {
			m[k] = *v
		}
		tf, err := apphistory.ParseFilter(m)
		if fe := (*app.FieldError)(nil); errors.As(err, &fe) && flags[fe.Field] != "" {
			return tf, usagef("--%s: %v", flags[fe.Field], fe.Err)
		}
		return tf, err
	}
}

func (a *cli) txListCmd() *cobra.Command {
	var all bool
	var format string
	var filter func() (enduser.TxFilter, error)
	cmd := a.command("list [filters] [--all] [--format table|csv]", "List transactions (one page, or every page with --all)", func(cmd *cobra.Command, core *app.App) error {
		// JSON is chosen one way everywhere, the global --json; --format picks what a person
		// or a spreadsheet reads.
		switch {
		case format == "json":
			return usagef("--format json: use the global --json (every command's JSON output)")
		case format != "table" && format != "csv":
			return usagef("--format: expected table or csv, got %q (JSON: --json)", format)
		case a.jsonOut && cmd.Flags().Changed("format"):
			return usagef("--json and --format %s: choose one output", format)
		case a.jsonOut:
			format = "json"
		}
		f, err := filter()
		if err != nil {
			return err
		}
		h, err := apphistory.New(core).Read(cmd.Context(), nil, f, all)
		if err != nil {
			return err
		}
		switch {
		case format == "csv":
			// Exact to a file or a program; on a terminal each value is shown escaped (a
			// newline in a field as ␊), still CSV, so the service's text never acts on it.
			var cell func(string) string
			if isTerminal(a.stdout) {
				cell = visible.Line
			}
			_, err := apphistory.CSV(a.stdout, apphistory.Records(h.Transactions), cell)
			return err
		case format == "json" && h.Page != nil:
			return a.print(h.Page, nil)
		case format == "json":
			return a.print(map[string]any{"transactions": h.Transactions, "count": len(h.Transactions)}, nil)
		}
		w := textOut(a.stdout)
		writeTxTable(w, h.Transactions)
		if h.Page != nil && h.Page.HasNextPage {
			w.Printf("(more: --all walks every page)\n")
		}
		return nil
	})
	filter = bindTxFilter(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "walk every page")
	cmd.Flags().StringVar(&format, "format", "table", "table or csv (JSON: the global --json)")
	return cmd
}

func writeTxTable(w *humanOut, txs []enduser.Transaction) {
	var rows [][]string
	for _, t := range txs {
		rows = append(rows, apphistory.Row(t))
	}
	w.Table(apphistory.Columns, rows)
}

func (a *cli) txShowCmd() *cobra.Command {
	var txHash string
	cmd := a.commandArgs("show ID | --tx-hash H", "Show one transaction with every field", cobra.MaximumNArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
		var id int64
		if len(args) == 1 {
			n, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || n <= 0 {
				return usagef("ID: expected a positive record id, got %q", args[0])
			}
			id = n
		}
		txs, err := apphistory.New(core).Lookup(cmd.Context(), nil, id, txHash)
		if err != nil {
			return err
		}
		var v any = txs
		if len(txs) == 1 {
			v = txs[0]
		}
		return a.print(v, func(w *humanOut) {
			for i, t := range txs {
				if i > 0 {
					w.Println()
				}
				var rows [][]string
				for _, kv := range apphistory.Details(t) {
					rows = append(rows, kv[:])
				}
				w.Table(nil, rows)
			}
		})
	})
	cmd.Flags().StringVar(&txHash, "tx-hash", "", "look up by transaction hash")
	return cmd
}

// cardCmd runs one card operation through the application layer (the Card screen's call):
// block and unblock read the card first for its token id.
func (a *cli) cardCmd(verb, short, op string) *cobra.Command {
	return a.command(verb, short, func(cmd *cobra.Command, core *app.App) error {
		info, err := appaccount.NewCard(core).Run(cmd.Context(), nil, op, "")
		var ie *appaccount.CardIssueError
		if errors.As(err, &ie) {
			return fmt.Errorf("%w; issuing needs %s", err, strings.Join(ie.Needs, "; "))
		}
		if err != nil {
			return err
		}
		return a.printCard(info, op != appaccount.CardRead)
	})
}

// cardCurrencyCmd is `purse card currency CODE`: the card's currency, one of those it lists.
func (a *cli) cardCurrencyCmd() *cobra.Command {
	return a.commandArgs("currency CODE", "Set the card's currency to one it lists (purse card shows them)", cobra.ExactArgs(1),
		func(cmd *cobra.Command, core *app.App, args []string) error {
			info, err := appaccount.NewCard(core).SetCurrency(cmd.Context(), nil, args[0])
			if err != nil {
				return err
			}
			return a.printCard(info, true)
		})
}

// printCard prints the card an operation read after it, saying first what it did (changed).
func (a *cli) printCard(info appaccount.CardInfo, changed bool) error {
	if info.Card == nil {
		return fmt.Errorf("no card on this account (%v): `purse card issue` first", info.NoCard)
	}
	c := *info.Card
	if info.Done != "" && changed {
		a.note("%s", info.Done)
	}
	return a.printRows(c, [][2]string{{"status", string(c.Status)}, {"card", c.Masked.CardNumber + "  cvv " + c.Masked.CVV2 + "  exp " + c.Masked.Expiry},
		{"holder", string(c.CardHolder)}, {"currency", c.Currency}, {"currencies", strings.Join(c.Currencies, ", ")}, {"card token id", string(c.TokenID)}})
}
