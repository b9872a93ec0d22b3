// Command purse-sandbox runs every sandbox service of purse in the foreground on loopback:
// the end-user API, the partner API, a real EVM (go-ethereum's simulated backend) over
// JSON-RPC and a Solana JSON-RPC subset, plus the testers' control surface. It prints one
// JSON line with every URL and the network value on stdout, then serves until interrupted;
// its log (stderr: "listening on …", then one line per request) is what `purse sandbox`
// shows in the foreground and the terminal UI appends to $PURSE_HOME/sandbox.log.
//
// It is a binary of its own so that `purse`, the signer, links no node: `purse sandbox`
// and the terminal UI on the sandbox profile start this program when nothing answers.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"purse/config"
	"purse/enduser/endusertest"
	"purse/sandbox"
	"purse/wallet"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("purse-sandbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg sandbox.Config
	fs.StringVar(&cfg.Listen, "listen", config.DefaultSandboxAddr, "loopback host:port (port 0 picks a free one)")
	fs.StringVar(&cfg.StateDir, "state", "", "keep the sandbox (accounts, EVM chain, Solana ledger) in this folder across restarts")
	var fresh bool
	fs.BoolVar(&fresh, "fresh", false, "drop what --state holds and start afresh")
	fs.DurationVar(&cfg.ReviewDelay, "review-delay", 0, "approve the KYC vendor review by itself after this long (0: only `purse sandbox ctl kyc-approve`)")
	fs.DurationVar(&cfg.ActivationDelay, "activation-delay", 0, "go Live by itself this long after Form A (0: only `purse sandbox ctl advance`)")
	fs.StringVar(&cfg.MintTokenIDs, "mint-token-ids", "issued", "account ids a mint accepts: issued (only ids handed out by POST /sandbox/mint-token-id) or any")
	played := playedSettings(fs)
	fs.StringVar(&cfg.History, "history", endusertest.HistoryDemo, "what a new account's history starts with: demo (300+ generated records, dated before the account) or none (only what the account does)")
	var dialect string
	fs.StringVar(&dialect, "dialect", "", "play the service's observed variants: a comma-separated list of "+strings.Join(endusertest.DialectNames(), ", "))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "purse-sandbox: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	d, err := endusertest.ParseDialect(dialect)
	if err != nil {
		fmt.Fprintf(stderr, "purse-sandbox: --dialect: %v\n", err)
		return 2
	}
	cfg.Dialect = d
	for key, v := range played {
		o, _, _ := config.LookupOption(key)
		if !slices.Contains(o.Values, *v) {
			fmt.Fprintf(stderr, "purse-sandbox: --%s: expected %s, got %q\n", o.SandboxFlag, strings.Join(o.Values, " or "), *v)
			return 2
		}
	}
	cfg.PermitAmountUnit = *played["permit_amount_unit"]
	cfg.TxAmountUnit = *played["tx_amount_unit"]
	cfg.PartnerAuth = wallet.PartnerAuthVariant(*played["partner_auth"])
	if fresh && cfg.StateDir == "" {
		fmt.Fprintln(stderr, "purse-sandbox: --fresh: expected --state DIR (without it nothing is kept)")
		return 2
	}
	if fresh {
		if err := sandbox.RemoveState(cfg.StateDir); err != nil {
			fmt.Fprintln(stderr, "purse-sandbox: --fresh: "+err.Error())
			return 1
		}
	}
	cfg.Logger = slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sb, err := sandbox.Start(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "purse-sandbox: "+err.Error())
		return 1
	}
	line, _ := json.Marshal(sb.Info())
	fmt.Fprintln(stdout, string(line))
	<-ctx.Done()
	if err := sb.Close(); err != nil {
		fmt.Fprintln(stderr, "purse-sandbox: "+err.Error())
		return 1
	}
	return 0
}

// playedSettings declares a flag for each profile setting the sandbox plays every reading of
// (config.Option.SandboxFlag): its default is the setting's, and its values are the
// setting's; the result maps each setting's key to its flag's value.
func playedSettings(fs *flag.FlagSet) map[string]*string {
	out := map[string]*string{}
	for i := range config.Options {
		o := &config.Options[i]
		if o.SandboxFlag != "" {
			out[o.Key] = fs.String(o.SandboxFlag, o.Default, "play this reading of the profile setting "+o.Key+": "+o.Usage())
		}
	}
	return out
}
