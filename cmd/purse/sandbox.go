package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"purse/app"
	"purse/app/sandbox"
	"purse/config"
	"purse/sandboxctl"
)

func addSandboxCommands(a *cli, root *cobra.Command) {
	var o sandboxctl.LaunchOptions
	var history string
	cmd := &cobra.Command{
		Use:   "sandbox [--listen 127.0.0.1:8787] [--state DIR] [--fresh]",
		Short: "Run every sandbox service in the foreground (end-user API, partner API, EVM, Solana)",
		Long: "Runs the strict sandbox (the purse-sandbox program, found beside purse or on PATH) on\n" +
			"loopback and prints one JSON line with every URL and the network value. Other terminals\n" +
			"use it through the embedded `sandbox` profile, or through\n" +
			"`purse profile add NAME --sandbox URL`. Stop it with Ctrl-C.\n\n" +
			"Its accounts, EVM chain and Solana ledger stay in $PURSE_HOME/sandbox across restarts\n" +
			"(the terminal UI's sandbox uses the same folder); --fresh drops them first, --state ''\n" +
			"keeps nothing.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			o.Log = a.stderr
			if cmd.Flags().Changed("history") {
				o.Args = append(o.Args, "--history", history)
			}
			if !cmd.Flags().Changed("state") {
				home, err := config.EnsureHome()
				if err != nil {
					return err
				}
				o.StateDir = filepath.Join(home, SandboxStateDir)
			}
			if o.Fresh && o.StateDir == "" {
				return usagef("--fresh: nothing is kept with --state ''; drop one of them")
			}
			return sandboxctl.Serve(ctx, o, func(info sandboxctl.Info) {
				_ = writeJSON(a.stdout, info, "")
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Listen, "listen", config.DefaultSandboxAddr, "loopback host:port")
	f.StringVar(&o.StateDir, "state", "", "keep the sandbox in this folder across restarts (default $PURSE_HOME/sandbox; '' keeps nothing)")
	f.BoolVar(&o.Fresh, "fresh", false, "drop the kept accounts, EVM chain and Solana ledger and start afresh")
	f.DurationVar(&o.ReviewDelay, "review-delay", 0, "approve the KYC vendor review by itself after this long (0: only when purse sandbox ctl kyc-approve asks)")
	f.DurationVar(&o.ActivationDelay, "activation-delay", 0, "go Live by itself this long after Form A (0: only when purse sandbox ctl advance asks)")
	f.StringVar(&history, "history", "demo", "what a new account's history starts with: demo (300+ generated records, dated before the account) or none (only what the account does)")
	cmd.AddCommand(a.sandboxCtlCmd())
	root.AddCommand(cmd)
}

func (a *cli) sandboxCtlCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "ctl", Short: "Control the running sandbox: KYC decisions, states, faults, clock, one-step onboarding"}
	var tokenID string
	cmd.PersistentFlags().StringVar(&tokenID, "token-id", "", "account to act on (default: the profile's)")
	// onAccount runs one step of the application layer's sandbox on the account and prints
	// the sandbox's answer.
	onAccount := func(use, short string, nargs int, call func(ctx context.Context, sb sandbox.Service, id string, args []string) (json.RawMessage, error)) *cobra.Command {
		return a.commandArgs(use, short, cobra.ExactArgs(nargs), func(cmd *cobra.Command, core *app.App, args []string) error {
			res, err := call(cmd.Context(), sandbox.New(core), tokenID, args)
			if err != nil {
				return err
			}
			return a.printRaw(res)
		})
	}
	var reason string
	var final bool
	reject := onAccount("kyc-reject", "Reject the vendor review", 0, func(ctx context.Context, sb sandbox.Service, id string, _ []string) (json.RawMessage, error) {
		return sb.KYCReject(ctx, id, reason, final)
	})
	reject.Flags().StringVar(&reason, "reason", "document unreadable", "reject reason shown to the user")
	reject.Flags().BoolVar(&final, "final", false, "a FINAL rejection (default RETRY)")
	cmd.AddCommand(
		onAccount("kyc-approve", "Approve the vendor review (KYC moves to SignFormA)", 0, func(ctx context.Context, sb sandbox.Service, id string, _ []string) (json.RawMessage, error) {
			return sb.KYCApprove(ctx, id)
		}),
		reject,
		onAccount("advance", "Skip the current delay (review → SignFormA, Review → Live)", 0, func(ctx context.Context, sb sandbox.Service, id string, _ []string) (json.RawMessage, error) {
			adv, err := sb.Advance(ctx, id)
			return adv.Raw, err
		}),
		onAccount("set-status STATUS", "Set the account status (Na, SoftBlocked, Tourist, Blocked, Closed, Live or 0-5)", 1, func(ctx context.Context, sb sandbox.Service, id string, args []string) (json.RawMessage, error) {
			return sb.SetStatus(ctx, id, args[0])
		}),
		onAccount("crs-required", "Require the CRS self-certification (crsInfo.needCrs)", 0, func(ctx context.Context, sb sandbox.Service, id string, _ []string) (json.RawMessage, error) {
			return sb.CRSRequired(ctx, id)
		}),
		onAccount("state", "The sandbox's view of the account", 0, func(ctx context.Context, sb sandbox.Service, id string, _ []string) (json.RawMessage, error) {
			return sb.State(ctx, id)
		}),
		a.sandboxFaultsCmd(), a.sandboxSkewCmd(), a.sandboxOnboardCmd(), a.sandboxRegisterPartnerCmd(), a.sandboxLedgerCmd(),
	)
	return cmd
}

// printRaw prints the sandbox's JSON answer as it came (indented), whatever --json says.
func (a *cli) printRaw(raw json.RawMessage) error {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		v = string(raw)
	}
	a.jsonOut = true
	return a.print(v, nil)
}

func (a *cli) sandboxFaultsCmd() *cobra.Command {
	var f sandboxctl.Faults
	var clear bool
	cmd := a.command("faults [--clear] [--route P] [--count N] [--rate PCT] [--latency-ms N] [--http-status 5xx | --error-code N --error-msg M | --ret-code N [--ret-msg M] | "+
		"--result-as-string | --truncate-json | --no-content | --phantom-tx-hash | --duplicate | --relay again|unchecked] [--after-execute]",
		"Inject faults into the end-user API (one kind at a time; --clear removes them)", func(cmd *cobra.Command, core *app.App) error {
			res, err := sandbox.New(core).SetFaults(cmd.Context(), f)
			if err != nil {
				return err
			}
			return a.printRaw(res)
		})
	// What is asked is checked before anything is opened or sent; no flag at all would send
	// no fault, which clears them: that is --clear's to say.
	cmd.PreRunE = func(cmd *cobra.Command, _ []string) error {
		faults := 0
		cmd.Flags().Visit(func(fl *pflag.Flag) {
			if fl.Name != "clear" && cmd.LocalFlags().Lookup(fl.Name) != nil {
				faults++
			}
		})
		switch {
		case clear && faults > 0:
			return usagef("--clear takes no other fault flag")
		case !clear && faults == 0:
			return usagef("expected a fault flag (see --help), or --clear to remove every fault")
		}
		return nil
	}
	fl := cmd.Flags()
	fl.BoolVar(&clear, "clear", false, "remove every fault")
	fl.StringVar(&f.Route, "route", "", "only this path, e.g. /api/v2/br")
	fl.IntVar(&f.Count, "count", 0, "only the next N matching requests")
	fl.IntVar(&f.RatePercent, "rate", 0, "only this percentage of matching requests")
	fl.IntVar(&f.LatencyMs, "latency-ms", 0, "delay each answer")
	fl.IntVar(&f.HTTPStatus, "http-status", 0, "answer with this 5xx status")
	fl.IntVar(&f.ErrorCode, "error-code", 0, "answer {error_code, error_msg}")
	fl.StringVar(&f.ErrorMsg, "error-msg", "", "message of --error-code")
	fl.BoolVar(&f.ResultAsString, "result-as-string", false, "re-encode result as a JSON string")
	fl.BoolVar(&f.TruncateJSON, "truncate-json", false, "cut the JSON body in half")
	fl.BoolVar(&f.NoContent, "no-content", false, "answer HTTP 204 with no body")
	fl.IntVar(&f.RetCode, "ret-code", 0, "answer the envelope {retCode, retMsg}")
	fl.StringVar(&f.RetMsg, "ret-msg", "", "message of --ret-code")
	fl.BoolVar(&f.AfterExecute, "after-execute", false, "with --http-status or --ret-code: execute the request first (its answer is lost)")
	fl.BoolVar(&f.PhantomTxHash, "phantom-tx-hash", false, "answer success with a txHash never sent (nothing executed)")
	fl.BoolVar(&f.Duplicate, "duplicate", false, "execute the request twice and answer the second copy")
	fl.StringVar(&f.Relay, "relay", "", "token-permit's relayer: again (a second relay that reverts is named) or unchecked (a permit the token rejects is mined and reverts)")
	return cmd
}

func (a *cli) sandboxSkewCmd() *cobra.Command {
	var n int64
	cmd := a.command("clock-skew --seconds N", "Run the sandbox clock ahead (or behind, negative) of real time", func(cmd *cobra.Command, core *app.App) error {
		res, err := sandbox.New(core).ClockSkew(cmd.Context(), n)
		if err != nil {
			return err
		}
		return a.printRaw(res)
	})
	cmd.Flags().Int64Var(&n, "seconds", 0, "seconds ahead of real time (negative: behind)")
	required(cmd, "seconds")
	return cmd
}

func (a *cli) sandboxOnboardCmd() *cobra.Command {
	var key string
	cmd := a.command("onboard [--key LABEL]",
		"Take the key's address to a Live account in one step (mint, KYC approve, Form A signed by the key, Live)", func(cmd *cobra.Command, core *app.App) error {
			progress := func(step string) { textOut(a.stderr).Printf("onboard: %s\n", step) }
			out, err := sandbox.New(core).Onboard(cmd.Context(), nil, key, progress)
			if err != nil {
				return err
			}
			return a.print(out, func(w *humanOut) {
				w.Printf("account %s for %s is Live (profile %s)\n", out.TokenID, out.Address, out.Profile)
			})
		})
	cmd.Long = "The fast path for testers: every step goes through the real end-user API with the key's\n" +
		"signatures (only the vendor review and the activation delay are skipped through the\n" +
		"control surface). The account id is stored in the profile, and the key becomes its EVM key.\n" +
		"Its partner key (the EVM key when the profile has none) is then registered and its Solana\n" +
		"key, when it has one, funded (2 SOL, 100 USDC), so a deposit can follow."
	cmd.Flags().StringVar(&key, "key", "", "EVM key label (default: the profile's evm_key)")
	return cmd
}

func (a *cli) sandboxRegisterPartnerCmd() *cobra.Command {
	return a.command("register-partner", "Register the profile's partner key with the sandbox (the EVM key, stored as partner_key, when it names none)", func(cmd *cobra.Command, core *app.App) error {
		addr, err := sandbox.New(core).RegisterPartner(cmd.Context())
		if err != nil {
			return err
		}
		p := core.Profile()
		return a.print(map[string]string{"partnerKey": p.PartnerKey, "address": addr}, func(w *humanOut) {
			w.Printf("partner key %s (%s) registered: the sandbox's partner API accepts what it signs\n", p.PartnerKey, addr)
		})
	})
}

// sandboxLedgerCmd sets the sandbox's Ledger stand-in (its transport is in purse sandbox's
// info: "ledger").
func (a *cli) sandboxLedgerCmd() *cobra.Command {
	var appName, press string
	var locked, blind, hashesOnly bool
	cmd := a.command("ledger [--app ethereum|solana|dashboard] [--press approve|refuse|hang|unplug] [--locked] [--blind-signing] [--eip712-hashes-only]",
		"Set the sandbox's Ledger stand-in (the app open, what its user presses, locked, blind signing); prints its state, transport and last screens", func(cmd *cobra.Command, core *app.App) error {
			st := map[string]any{}
			f := cmd.Flags()
			if f.Changed("app") {
				name, ok := map[string]string{"ethereum": "Ethereum", "solana": "Solana", "dashboard": ""}[strings.ToLower(appName)]
				if !ok {
					return &app.FieldError{Field: "app", Err: fmt.Errorf("expected ethereum, solana or dashboard, got %q", appName)}
				}
				st["app"] = name
			}
			if f.Changed("press") {
				st["press"] = press
			}
			if f.Changed("locked") {
				st["locked"] = locked
			}
			if f.Changed("blind-signing") {
				st["blindSigning"] = blind
			}
			if f.Changed("eip712-hashes-only") {
				st["eip712HashesOnly"] = hashesOnly
			}
			res, err := sandbox.New(core).Ledger(cmd.Context(), st)
			if err != nil {
				return err
			}
			return a.printRaw(res)
		})
	f := cmd.Flags()
	f.StringVar(&appName, "app", "", "the app open on the device: ethereum, solana or dashboard")
	f.StringVar(&press, "press", "", "what the device's user does when asked: approve, refuse, hang (never presses) or unplug")
	f.BoolVar(&locked, "locked", false, "the device is locked (PIN)")
	f.BoolVar(&blind, "blind-signing", true, "blind signing enabled in the Ethereum app (a contract call needs it)")
	f.BoolVar(&hashesOnly, "eip712-hashes-only", false, "the Ethereum app signs EIP-712 only from its two hashes (a Nano S, an older app): no clear signing")
	return cmd
}
