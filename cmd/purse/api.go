package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/sandboxctl"
)

// apiNeeds says what a command needs from the profile before it can call the service.
type apiNeeds struct {
	account bool // a tokenId (basic or full auth)
	signer  bool // the EVM key (full auth)
}

// apiClient builds the end-user client of the selected profile, with the request log
// wired to --trace and --curl.
func (a *cli) apiClient(ctx context.Context, need apiNeeds) (*enduser.Client, *config.Profile, error) {
	p, err := a.activeProfile()
	if err != nil {
		return nil, nil, err
	}
	if need.account && p.TokenID == "" {
		return nil, nil, fmt.Errorf("profile %s has no account id: run `purse account mint` (new account) or `purse account find` (existing one)", p.Name)
	}
	if p.IsSandbox() {
		if err := sandboxctl.Reachable(ctx, p.UserAPI); err != nil {
			return nil, nil, err
		}
	}
	opts := enduser.Options{
		BaseURL: p.UserAPI, Network: p.Network, TokenID: p.TokenID, Window: p.Window(),
		RouteOverrides: p.Routes, Log: enduser.NewRequestLog(0),
	}
	if a.trace {
		opts.Log.Subscribe(enduser.TraceTo(a.stderr))
	}
	if a.curl {
		opts.Log.Subscribe(enduser.CurlTo(a.stderr, p.UserAPI))
	}
	if need.signer {
		if p.EVMKey == "" {
			return nil, nil, fmt.Errorf("profile %s has no EVM key: `purse profile set evm_key=LABEL` (see `purse key list`)", p.Name)
		}
		s, err := a.evmSigner(p.EVMKey)
		if err != nil {
			return nil, nil, err
		}
		opts.Signer = s
	}
	c, err := enduser.New(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("profile %s: %v", p.Name, err)
	}
	return c, p, nil
}

func addAPICommands(a *cli, root *cobra.Command) {
	account := &cobra.Command{Use: "account", Short: "Account: status, mint, email check, identity-verification token"}
	account.AddCommand(a.accountStatusCmd(), a.accountMintCmd(), a.emailStatusCmd(), a.idvTokenCmd())
	kyc := &cobra.Command{Use: "kyc", Short: "KYC: Form A"}
	kyc.AddCommand(a.formACmd())
	tx := &cobra.Command{Use: "tx", Short: "Transaction history"}
	tx.AddCommand(a.txListCmd(), a.txShowCmd())
	card := &cobra.Command{Use: "card", Short: "Card: show (masked), issue, block, unblock"}
	card.AddCommand(a.cardShowCmd(), a.cardIssueCmd(), a.cardStatusCmd("block", enduser.CardBlocked), a.cardStatusCmd("unblock", enduser.CardActive))
	root.AddCommand(account, kyc, tx, card, a.chainsCmd(), a.onrampLimitCmd())
}

func (a *cli) accountStatusCmd() *cobra.Command {
	return &cobra.Command{
		Use: "status", Short: "Account status, KYC step, vendor review and CRS notice", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, p, err := a.apiClient(cmd.Context(), apiNeeds{account: true})
			if err != nil {
				return err
			}
			st, err := c.AccountStatus(cmd.Context())
			if err != nil {
				return err
			}
			return a.print(st, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintf(tw, "account\t%s (profile %s, network %s)\n", p.TokenID, p.Name, p.Network)
				fmt.Fprintf(tw, "status\t%s (%d)\n", st.StatusStr, st.Status)
				fmt.Fprintf(tw, "KYC step\t%s (%d)", st.KYCFlow.CurrentStepStr, st.KYCFlow.CurrentStep)
				if len(st.KYCFlow.CurrentStepActionTypes) > 0 {
					fmt.Fprintf(tw, " — actions: %s", strings.Join(st.KYCFlow.CurrentStepActionTypes, ", "))
				}
				fmt.Fprintln(tw)
				if st.KYCFlow.FailReason != "" {
					fmt.Fprintf(tw, "rejected because\t%s\n", st.KYCFlow.FailReason)
				}
				if v := st.SumsubKYCInfo; v.ReviewStatus != "" {
					fmt.Fprintf(tw, "vendor review\t%s %s %s\n", v.ReviewStatus, v.ReviewAnswer, v.ReviewRejectType)
				}
				if st.CRSInfo.NeedCRS {
					fmt.Fprintf(tw, "CRS\tself-certification needed before %s: %s\n", time.UnixMilli(int64(st.CRSInfo.RestrictDate)).UTC().Format(time.DateOnly), st.CRSInfo.URL)
				}
				tw.Flush()
			})
		},
	}
}

func (a *cli) accountMintCmd() *cobra.Command {
	var req enduser.MintRequest
	var email, tokenID string
	cmd := &cobra.Command{
		Use:   "mint [--email E] [--token-id N] [--lot-number ... --captcha-output ... --pass-token ... --gen-time ...]",
		Short: "Mint the account NFT of the profile's EVM key (the sandbox accepts captcha output sandbox-pass)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			core, err := a.app()
			if err != nil {
				return err
			}
			if tokenID == "" {
				tokenID = enduser.NewMintTokenID(rand.Reader)
			}
			if p := core.Profile(); p.IsSandbox() {
				fillSandboxCaptcha(&req)
			}
			// The checks and the mint are the Account screen's (app.CheckMint, app.Mint).
			plan, err := core.CheckMint(ctx, tokenID, req, email)
			var mf *app.MintField
			if errors.As(err, &mf) {
				flag := map[string]string{"token id": "--token-id", "lotNumber": "--lot-number", "captchaOutput": "--captcha-output", "passToken": "--pass-token", "genTime": "--gen-time"}[mf.Field]
				return usagef("%s: %v", flag, mf.Err)
			}
			if err != nil {
				return err
			}
			if !plan.EmailOK {
				return fmt.Errorf("--email: %s is already registered (10019)", email)
			}
			if strings.HasPrefix(plan.ChainNote, "the chain was not checked") {
				a.warn("%s", plan.ChainNote)
			}
			m, err := core.Mint(ctx, plan)
			if err != nil {
				return err
			}
			out := map[string]string{"tokenId": m.TokenID, "txHash": m.TxHash, "address": m.Address, "profile": m.Profile.Name}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "minted account %s for %s (tx %s); stored in profile %s\n", m.TokenID, m.Address, m.TxHash, m.Profile.Name)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&email, "email", "", "check that this email is still available first")
	f.StringVar(&tokenID, "token-id", "", "the account id to mint (default: a fresh 10-digit id)")
	f.StringVar(&req.LotNumber, "lot-number", "", "captcha lotNumber")
	f.StringVar(&req.CaptchaOutput, "captcha-output", "", "captcha captchaOutput")
	f.StringVar(&req.PassToken, "pass-token", "", "captcha passToken")
	f.StringVar(&req.GenTime, "gen-time", "", "captcha genTime")
	return cmd
}

// fillSandboxCaptcha fills the captcha fields the sandbox accepts, where the user gave none.
func fillSandboxCaptcha(r *enduser.MintRequest) {
	c := sandboxctl.Captcha(time.Now())
	for _, f := range []struct {
		dst *string
		v   string
	}{{&r.LotNumber, c.LotNumber}, {&r.CaptchaOutput, c.CaptchaOutput}, {&r.PassToken, c.PassToken}, {&r.GenTime, c.GenTime}} {
		if *f.dst == "" {
			*f.dst = f.v
		}
	}
}

func (a *cli) emailStatusCmd() *cobra.Command {
	return &cobra.Command{
		Use: "email-status EMAIL", Short: "Whether an email is still available for a new account", Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, _, err := a.apiClient(cmd.Context(), apiNeeds{})
			if err != nil {
				return err
			}
			ok, err := c.EmailStatus(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return a.print(map[string]any{"email": args[0], "available": ok}, func(w io.Writer) {
				if ok {
					fmt.Fprintf(w, "%s is available\n", args[0])
				} else {
					fmt.Fprintf(w, "%s is already registered\n", args[0])
				}
			})
		},
	}
}

func (a *cli) idvTokenCmd() *cobra.Command {
	var req enduser.IDVTokenRequest
	cmd := &cobra.Command{
		Use: "idv-token", Short: "Get an identity-verification SDK access token (20-minute TTL)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			core, err := a.app()
			if err != nil {
				return err
			}
			t, err := core.IDVToken(cmd.Context(), nil, req)
			if err != nil {
				return err
			}
			return a.print(t, func(w io.Writer) { fmt.Fprintf(w, "token:  %s\nuserId: %s\n", t.Token, t.UserID) })
		},
	}
	cmd.Flags().StringVar(&req.LevelName, "level", "", "vendor level name")
	cmd.Flags().IntVar(&req.TTL, "ttl-seconds", 0, "token TTL in seconds")
	return cmd
}

func (a *cli) formACmd() *cobra.Command {
	var sign, submit bool
	cmd := &cobra.Command{
		Use:   "form-a [--sign] [--submit]",
		Short: "Show the Form A text exactly as received and its textHash; --sign signs it, --submit signs and submits",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			core, err := a.app()
			if err != nil {
				return err
			}
			info, err := core.FormA(ctx, nil)
			if err != nil {
				return err
			}
			out := struct {
				Text      string `json:"kycSelfDec"`
				TextHash  string `json:"textHash"`
				Signature string `json:"signature,omitempty"`
				Submitted bool   `json:"submitted"`
			}{Text: info.KYCSelfDec, TextHash: info.TextHash()}
			if sign || submit {
				fa, err := core.SignFormA(ctx, nil, info.KYCSelfDec, submit)
				out.Signature, out.Submitted = fa.Signature, fa.Submitted
				if err != nil {
					return err
				}
			}
			return a.print(out, func(w io.Writer) {
				fmt.Fprintf(w, "----- Form A (exactly as received) -----\n%s\n----- end -----\ntextHash:  %s\n", out.Text, out.TextHash)
				if out.Signature != "" {
					fmt.Fprintf(w, "signature: %s\n", out.Signature)
				}
				if out.Submitted {
					fmt.Fprintln(w, "submitted: KYC moves to review")
				}
			})
		},
	}
	cmd.Flags().BoolVar(&sign, "sign", false, "sign the exact text with the profile's EVM key")
	cmd.Flags().BoolVar(&submit, "submit", false, "sign and submit")
	return cmd
}

func (a *cli) chainsCmd() *cobra.Command {
	return &cobra.Command{
		Use: "chains", Short: "Chain configuration: chains, tokens, balances, bounds, card activation", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := a.activeProfile()
			if err != nil {
				return err
			}
			loggedIn := p.TokenID != "" && p.EVMKey != ""
			c, _, err := a.apiClient(cmd.Context(), apiNeeds{account: loggedIn, signer: loggedIn})
			if err != nil {
				return err
			}
			var cc enduser.ChainConfigs
			if loggedIn {
				cc, err = c.ChainConfigs(cmd.Context())
			} else {
				cc, err = c.ChainConfigsLoggedOut(cmd.Context())
			}
			if err != nil {
				return err
			}
			return a.print(cc, func(w io.Writer) {
				for _, ch := range cc.Chains {
					fmt.Fprintf(w, "%s (%s)\n  deposit contract:     %s\n  buffer-pool contract: %s\n", ch.ChainName, ch.ChainIdentifier, ch.DepositContract, ch.BufferPoolContract)
					tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
					fmt.Fprintln(tw, "  SYMBOL\tNAME\tDECIMALS\tBALANCE\tTOP-UP MIN..MAX\tFX MIN..MAX\tADDRESS")
					for _, t := range ch.Tokens {
						fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\t%s..%s\t%s..%s\t%s\n", t.Symbol, t.Name, t.Decimals, t.TotalBalance, t.MinTopUpAmount, t.MaxTopUpAmount, t.MinFxAmount, t.MaxFxAmount, t.TokenIdentifier)
					}
					tw.Flush()
				}
				if loggedIn {
					fmt.Fprintf(w, "card activation: %v — %s\n", cc.CanActivateCard, cc.CardActivationMessage)
				} else {
					fmt.Fprintln(w, "(logged out: no balances; set evm_key and token_id in the profile)")
				}
			})
		},
	}
}

func (a *cli) onrampLimitCmd() *cobra.Command {
	return &cobra.Command{
		Use: "onramp-limit", Short: "On-ramp limits and blockers (Live accounts)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, _, err := a.apiClient(cmd.Context(), apiNeeds{account: true, signer: true})
			if err != nil {
				return err
			}
			l, err := c.OnrampLimit(cmd.Context())
			if err != nil {
				return err
			}
			return a.print(l, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintln(tw, "CURRENCY\tMIN\tMAX\tBLOCKERS")
				for cur, max := range l.MaxAmounts {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", cur, l.MinAmounts[cur], max, strings.Join(l.Blockers(cur), ", "))
				}
				tw.Flush()
			})
		},
	}
}

// txFlags are the filters of spec 4.6 as flags.
type txFlags struct {
	pageSize                   int
	from, to                   int64
	typ, status, chain, symbol string
	types, currencies          []string
	direction                  string
	minAmount, maxAmount       string
}

func (t *txFlags) bind(cmd *cobra.Command) {
	f := cmd.Flags()
	f.IntVar(&t.pageSize, "page-size", 0, "records per page, 1-100 (default 50)")
	f.Int64Var(&t.from, "from", 0, "from Unix seconds")
	f.Int64Var(&t.to, "to", 0, "to Unix seconds")
	f.StringVar(&t.typ, "type", "", "one type: CTU FRX P2P CTF CSW ONR CRD CDP CWD UNKNOWN")
	f.StringSliceVar(&t.types, "types", nil, "several types (exclusive with --type)")
	f.StringSliceVar(&t.currencies, "currency", nil, "currencies, e.g. eur,chf")
	f.StringVar(&t.direction, "direction", "", "IN, OUT or ALL")
	f.StringVar(&t.status, "status", "", "pending, completed, rejected or unknown")
	f.StringVar(&t.chain, "chain-id", "", "CAIP-2 chain id")
	f.StringVar(&t.symbol, "token", "", "token symbol")
	f.StringVar(&t.minAmount, "min-amount", "", "minimum amount (decimal)")
	f.StringVar(&t.maxAmount, "max-amount", "", "maximum amount (decimal)")
}

func (t *txFlags) filter() (enduser.TxFilter, error) {
	f := enduser.TxFilter{
		PageSize: t.pageSize, FromTimestamp: t.from, ToTimestamp: t.to, Type: t.typ, TransactionTypes: t.types,
		Currencies: t.currencies, Direction: strings.ToUpper(t.direction), Status: t.status, ChainID: t.chain, TokenSymbol: t.symbol,
	}
	for _, m := range []struct {
		flag, v string
		dst     **decimal.Decimal
	}{{"--min-amount", t.minAmount, &f.MinAmount}, {"--max-amount", t.maxAmount, &f.MaxAmount}} {
		if m.v == "" {
			continue
		}
		d, err := decimal.NewFromString(m.v)
		if err != nil {
			return f, usagef("%s: expected a decimal amount such as 12.50, got %q", m.flag, m.v)
		}
		*m.dst = &d
	}
	if err := f.Validate(); err != nil {
		return f, usageErr{err}
	}
	return f, nil
}

func (a *cli) txListCmd() *cobra.Command {
	var tf txFlags
	var all bool
	var format string
	cmd := &cobra.Command{
		Use: "list [filters] [--all] [--format table|json|csv]", Short: "List transactions (one page, or every page with --all)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.jsonOut {
				format = "json"
			}
			if format != "table" && format != "json" && format != "csv" {
				return usagef("--format: expected table, json or csv, got %q", format)
			}
			f, err := tf.filter()
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			c, _, err := a.apiClient(ctx, apiNeeds{account: true, signer: true})
			if err != nil {
				return err
			}
			var txs []enduser.Transaction
			var page *enduser.TxPage
			if all {
				for t, err := range c.All(ctx, f) {
					if err != nil {
						return err
					}
					txs = append(txs, t)
				}
			} else {
				page, err = c.Transactions(ctx, f)
				if err != nil {
					return err
				}
				txs = page.Transactions
			}
			switch format {
			case "json":
				if page != nil {
					return a.printJSON(page)
				}
				return a.printJSON(map[string]any{"transactions": txs, "count": len(txs)})
			case "csv":
				_, err := app.TransactionsCSV(a.stdout, app.Records(txs))
				return err
			}
			writeTxTable(a.stdout, txs)
			if page != nil && page.HasNextPage {
				fmt.Fprintf(a.stdout, "(more: --all walks every page)\n")
			}
			return nil
		},
	}
	tf.bind(cmd)
	cmd.Flags().BoolVar(&all, "all", false, "walk every page")
	cmd.Flags().StringVar(&format, "format", "table", "table, json or csv")
	return cmd
}

// printJSON writes v as JSON whatever --json says (for --format json).
func (a *cli) printJSON(v any) error {
	saved := a.jsonOut
	a.jsonOut = true
	defer func() { a.jsonOut = saved }()
	return a.print(v, nil)
}

var txColumns = []string{"id", "time", "type", "direction", "amount", "currency", "status", "title", "txHash"}

func txRow(t enduser.Transaction) []string {
	return []string{
		strconv.FormatInt(int64(t.ID), 10), time.Unix(int64(t.Timestamp), 0).UTC().Format("2006-01-02 15:04"), t.Type, t.Direction,
		t.Amount.String(), t.Currency, t.Status, t.Title, t.TxHash,
	}
}

func writeTxTable(w io.Writer, txs []enduser.Transaction) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, strings.ToUpper(strings.Join(txColumns, "\t")))
	for _, t := range txs {
		fmt.Fprintln(tw, strings.Join(txRow(t), "\t"))
	}
	tw.Flush()
}

func (a *cli) txShowCmd() *cobra.Command {
	var txHash string
	cmd := &cobra.Command{
		Use: "show ID | --tx-hash H", Short: "Show one transaction with every field", Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) == 1) == (txHash != "") {
				return usagef("give a record id or --tx-hash, not both or neither")
			}
			ctx := cmd.Context()
			c, _, err := a.apiClient(ctx, apiNeeds{account: true, signer: true})
			if err != nil {
				return err
			}
			var txs []enduser.Transaction
			if txHash != "" {
				txs, err = c.TransactionsByHash(ctx, txHash)
			} else {
				id, perr := strconv.ParseInt(args[0], 10, 64)
				if perr != nil || id <= 0 {
					return usagef("ID: expected a positive record id, got %q", args[0])
				}
				var t enduser.Transaction
				t, err = c.TransactionByID(ctx, id)
				txs = []enduser.Transaction{t}
			}
			if err != nil {
				return err
			}
			if len(txs) == 0 {
				return errors.New("no transaction found")
			}
			if len(txs) == 1 {
				return a.print(txs[0], func(w io.Writer) { writeTxDetail(w, txs[0]) })
			}
			return a.print(txs, func(w io.Writer) {
				for _, t := range txs {
					writeTxDetail(w, t)
					fmt.Fprintln(w)
				}
			})
		},
	}
	cmd.Flags().StringVar(&txHash, "tx-hash", "", "look up by transaction hash")
	return cmd
}

func writeTxDetail(w io.Writer, t enduser.Transaction) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, kv := range enduser.TransactionFields(t) {
		fmt.Fprintf(tw, "%s\t%s\n", kv[0], kv[1])
	}
	tw.Flush()
}

// card runs one card operation through the application layer (the Card screen's call).
func (a *cli) card(ctx context.Context, op, cardTokenID string) (app.CardInfo, error) {
	core, err := a.app()
	if err != nil {
		return app.CardInfo{}, err
	}
	info, err := core.Card(ctx, nil, op, cardTokenID)
	var ie *app.CardIssueError
	if errors.As(err, &ie) {
		return info, fmt.Errorf("%w; issuing needs %s", err, strings.Join(ie.Needs, "; "))
	}
	if err == nil && info.Card == nil && op != app.CardIssue {
		return info, fmt.Errorf("no card on this account (%v): `purse card issue` first", info.NoCard)
	}
	return info, err
}

func (a *cli) cardShowCmd() *cobra.Command {
	return &cobra.Command{
		Use: "show", Short: "Card info (masked values only)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			info, err := a.card(cmd.Context(), app.CardRead, "")
			if err != nil {
				return err
			}
			card := *info.Card
			return a.print(card, func(w io.Writer) {
				tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
				fmt.Fprintf(tw, "status\t%s\ncard\t%s  cvv %s  exp %s\nholder\t%s\ncurrency\t%s\ncard token id\t%s\n", card.Status, card.Masked.CardNumber, card.Masked.CVV2, card.Masked.Expiry, card.CardHolder, card.Currency, card.TokenID)
				tw.Flush()
			})
		},
	}
}

func (a *cli) cardIssueCmd() *cobra.Command {
	return &cobra.Command{
		Use: "issue", Short: "Issue a card (Live, card-eligible, balance meeting the activation amount)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, err := a.card(cmd.Context(), app.CardIssue, ""); err != nil {
				return err
			}
			return a.print(map[string]bool{"issued": true}, func(w io.Writer) { fmt.Fprintln(w, "card issued: `purse card show`") })
		},
	}
}

func (a *cli) cardStatusCmd(verb string, status int) *cobra.Command {
	op := map[int]string{enduser.CardBlocked: app.CardBlock, enduser.CardActive: app.CardUnblock}[status]
	return &cobra.Command{
		Use: verb, Short: verb + " the card", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			info, err := a.card(ctx, app.CardRead, "")
			if err != nil {
				return err
			}
			if info, err = a.card(ctx, op, string(info.Card.TokenID)); err != nil {
				return err
			}
			res := map[string]string{"status": string(info.Card.Status), "cardTokenId": string(info.Card.TokenID)}
			return a.print(res, func(w io.Writer) { fmt.Fprintf(w, "card %s: %sed\n", info.Card.Masked.CardNumber, verb) })
		},
	}
}
