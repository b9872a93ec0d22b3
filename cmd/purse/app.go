package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"purse/agent"
	"purse/altchain"
	"purse/app"
	"purse/config"
	"purse/enduser"
	"purse/internal/prompt"
	"purse/internal/visible"
	"purse/keystore"
)

// Exit codes of every command.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitRejected = 3 // a signature or a validation was rejected
	exitUnknown  = 4 // a signed fund-moving request may have taken effect: its outcome is unknown
	// exitInterrupted is the shells' code of SIGINT (128 + 2): a signal ended the command and
	// no outcome of a fund-moving request was to be reported. Another signal is 128 + its
	// number, as the shells report it (SIGTERM: 143).
	exitInterrupted = 130
)

// version is set by the Makefile through -ldflags.
var version = "dev"

// cli carries what every command shares: the streams, the global flags and the lazily
// opened services. Commands stay thin: parse flags, call a package, print.
type cli struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	jsonOut bool
	// yes approves every signature the signing policy wants confirmed (--yes).
	yes     bool
	profile string
	trace   bool
	curl    bool
	// solanaTimeout bounds one Solana RPC call (--rpc-timeout; 0: the default).
	solanaTimeout time.Duration

	// client is the running command's path ("purse sign full-auth"), named to the agent.
	client string
	// explain (--explain of purse sign) explains the command's signature instead of making
	// it; explained is the explanation the session handed back.
	explain   bool
	explained *app.Explanation

	// core is the application layer, opened on first use (app).
	core *app.App

	// printed says the command already wrote its JSON result (a rejection report, say);
	// an error then goes to stderr only, so stdout stays one JSON value.
	printed bool
}

// usageErr marks an error in how the command was called (exit 2).
type usageErr struct{ error }

// rejectedErr marks a signature or validation that was rejected (exit 3).
type rejectedErr struct{ error }

// profileName is the profile the command is for: --profile, else $PURSE_PROFILE (as gh's
// GH_REPO and kubectl's KUBECONFIG let a shell pick one for its commands), else the active one.
func (a *cli) profileName() string { return cmp.Or(a.profile, os.Getenv("PURSE_PROFILE")) }

func usagef(format string, a ...any) error { return usageErr{fmt.Errorf(format, a...)} }

func rejectedf(format string, a ...any) error { return rejectedErr{fmt.Errorf(format, a...)} }

func exitCode(err error) int {
	var u usageErr
	var au *app.UsageError
	var fe *app.FieldError
	var r rejectedErr
	var oe *app.OutcomeError
	var ie *interruptedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &oe) && oe.Outcome == app.OutcomeUnknown:
		return exitUnknown
	case errors.As(err, &ie):
		if s, ok := ie.sig.(syscall.Signal); ok && s > 0 && s < 64 {
			return 128 + int(s)
		}
		return exitInterrupted
	case errors.Is(err, prompt.ErrNoTerminal):
		// A question with no terminal to ask it on: the user passes --yes or runs it on one.
		return exitUsage
	case errors.As(err, &r), errors.Is(err, app.ErrRejected), errors.Is(err, altchain.ErrNotRequested), errors.Is(err, agent.ErrDenied),
		errors.Is(err, keystore.ErrAuditBroken):
		return exitRejected
	case errors.As(err, &u), errors.As(err, &au), errors.As(err, &fe), errors.Is(err, config.ErrNoProfile):
		return exitUsage
	default:
		return exitFailure
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCmd(args...)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// A command that sends nothing keeps the default disposition of SIGINT (the process
	// ends at once, and nothing was sent); catching it starts a thread, ~0.3 ms of
	// `purse version` (BenchmarkStartup).
	ctx, caught, stop := context.Background(), func() os.Signal { return nil }, func() {}
	if c, _, err := root.Find(args); err != nil || !sendsNothing(c) {
		ctx, caught, stop = interruptible(ctx)
	}
	defer stop()
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	if a.explained != nil && errors.Is(err, app.ErrExplained) {
		if err := a.printExplanation(*a.explained); err != nil {
			textOut(stderr).Printf("purse: %v\n", err)
			return exitFailure
		}
		return exitOK
	}
	err = a.interrupted(caught(), flagError(cmd, err))
	// cobra reports unknown commands and flags as plain errors; they are usage errors.
	if isCobraUsage(err) {
		err = usageErr{err}
	}
	code := exitCode(err)
	// What to do next, from the one mapping the TUI's footer shows too, said once: the
	// error's text without it, and the next step on its own.
	text, next := app.Describe(err)
	if a.jsonOut && !a.printed {
		out := map[string]any{"error": text, "exitCode": code}
		if next != "" {
			out["next"] = next
		}
		// Once a request was signed, scripts get what identifies it and its known outcome.
		var oe *app.OutcomeError
		if errors.As(err, &oe) {
			for k, v := range oe.Fields {
				out[k] = v
			}
			out["outcome"], out[oe.IDName] = oe.Outcome, oe.ID
		}
		_ = writeJSON(stdout, out, "")
	}
	// An error is one line: what it quotes from the service or a file is escaped in it.
	e := textOut(stderr)
	e.Printf("purse: %s\n", text)
	if next != "" {
		e.Printf("purse: next: %s\n", next)
	}
	return code
}

// flagError names the flag of an input the application layer refused, when the command has
// a flag of that name (app.FieldError names fields as the flags do).
func flagError(cmd *cobra.Command, err error) error {
	var fe *app.FieldError
	if cmd != nil && errors.As(err, &fe) && cmd.Flags().Lookup(fe.Field) != nil {
		return usageErr{fmt.Errorf("--%s: %w", fe.Field, fe.Err)}
	}
	return err
}

func isCobraUsage(err error) bool {
	m := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "invalid argument", "flag needs an argument", "required flag"} {
		if strings.Contains(m, p) {
			return true
		}
	}
	return false
}

// rootCmd is the command tree for args: the groups of args' first word only, when that word
// names one (commandGroups), else every group (no word, a typo that wants suggestions, help,
// completion). Building the ~120 commands, their flags and help texts was most of what
// `purse version` did after package initialisation, and a command never needs another
// group's commands; with no args it is the whole tree.
func (a *cli) rootCmd(args ...string) *cobra.Command {
	root := &cobra.Command{
		Use:           "purse",
		Short:         "Terminal wallet and local signing agent for the end-user banking API",
		Long:          "purse keeps your keys in the OS keyring and signs everything locally: end-user API calls,\nEIP-2612 permits, Form A, the mint consent and Solana deposits. Run it without arguments\nfor the terminal UI; every flow is also a command with --json output.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f, ok := a.stdin.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
				// Scripts and CI: no terminal, so the commands are what is wanted.
				return cmd.Help()
			}
			return a.runTUI(cmd.Context())
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr{err} })
	pf := root.PersistentFlags()
	pf.BoolVar(&a.jsonOut, "json", false, "machine-readable JSON output")
	pf.BoolVar(&a.yes, "yes", false, "approve every signature the signing policy wants confirmed, without asking (the review goes to stderr)")
	pf.StringVar(&a.profile, "profile", "", "profile name (default: $PURSE_PROFILE, else the active profile, else \"sandbox\")")
	pf.BoolVar(&a.trace, "trace", false, "print every API call (method, path, status, retCode, latency, headers) to stderr")
	pf.BoolVar(&a.curl, "curl", false, "print the equivalent curl command of every API call to stderr")

	root.AddCommand(a.versionCmd(), a.manCmd())
	word, known := firstWord(root, args)
	for _, g := range commandGroups {
		if !known || slices.Contains(g.names, word) {
			g.add(a, root)
		}
	}
	rejectUnknownSubcommands(root)
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		a.completeValues(root) // only a shell's completion request reads the home for values
	}
	return root
}

// commandGroup adds the commands of one area to the root; names are the top-level commands it
// adds (TestCommandGroupsNameTheirCommands keeps them exact).
type commandGroup struct {
	names []string
	add   func(a *cli, root *cobra.Command)
}

// commandGroups is every command group, in registration order.
var commandGroups = []commandGroup{
	{[]string{"agent"}, addAgentCommands},
	{[]string{"altchain"}, addAltchainCommands},
	{[]string{"account", "api", "balances", "card", "chains", "doctor", "get", "kyc", "onramp-limit", "payin", "tx"}, addAPICommands},
	{[]string{"audit"}, addAuditCommands},
	{[]string{"evm"}, addEVMCommands},
	{[]string{"key"}, addKeyCommands},
	{[]string{"partner"}, addPartnerCommands},
	{[]string{"permit"}, addPermitCommands},
	{[]string{"profile"}, addProfileCommands},
	{[]string{"proxy"}, addProxyCommands},
	{[]string{"sandbox"}, addSandboxCommands},
	{[]string{"send"}, addSendCommands},
	{[]string{"sign", "verify"}, addSignCommands},
}

// firstWord is the command word args start with after root's persistent flags (a flag that
// takes a value skips the next argument unless written --flag=value);
// known says a group or `version` has that name. Anything else before the word (--help,
// "--", a flag the root lacks) is not known, so the whole tree handles it as before.
func firstWord(root *cobra.Command, args []string) (string, bool) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") {
			if arg == "version" {
				return arg, true
			}
			for _, g := range commandGroups {
				if slices.Contains(g.names, arg) {
					return arg, true
				}
			}
			return arg, false
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(arg, "--"), "=")
		f := root.PersistentFlags().Lookup(name)
		if !strings.HasPrefix(arg, "--") || f == nil {
			return "", false
		}
		if f.NoOptDefVal == "" && !hasValue {
			i++ // the flag's value
		}
	}
	return "", false
}

// verbSynonyms are words users type for a command under another name; a group suggests
// its command for them ("purse key remove" → rm).
var verbSynonyms = map[string][]string{
	"rm":     {"remove", "delete", "del"},
	"list":   {"ls"},
	"show":   {"get", "info"},
	"rename": {"mv"},
}

// rejectUnknownSubcommands makes every command with subcommands refuse a word that names
// none of them, with a suggestion (exit 2). Cobra suggests only on the root, and only when
// the root declares no Args; a group without RunE printed its help and exited 0 for any
// word ("purse card frobnicate").
func rejectUnknownSubcommands(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		if syn, ok := verbSynonyms[c.Name()]; ok {
			c.SuggestFor = append(c.SuggestFor, syn...)
		}
		rejectUnknownSubcommands(c)
	}
	if !cmd.HasSubCommands() {
		return
	}
	cmd.Args = unknownSubcommand
	cmd.SuggestionsMinimumDistance = 2 // SuggestionsFor reads it unset (0: exact names only)
	if cmd.Run == nil && cmd.RunE == nil {
		// A group runs only without arguments (Args refuses the rest): show what it has.
		cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
	}
}

// unknownSubcommand is the Args of a command group: no positional argument, and a word
// that is no subcommand gets the close ones (cobra's suggestions: edit distance, prefix,
// SuggestFor), else the group's command list.
func unknownSubcommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if sug := cmd.SuggestionsFor(args[0]); len(sug) > 0 {
		return usagef("%s; did you mean %s?", msg, strings.Join(quoteAll(slices.Compact(sug)), " or "))
	}
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return usagef("%s; its commands are %s (see %s --help)", msg, strings.Join(names, ", "), cmd.CommandPath())
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// app opens the application layer once per command: the --profile (else the active)
// profile, passphrases asked on the terminal (or read from PURSE_PASSPHRASE_FILE), the key
// store's backend notice on stderr, and --trace / --curl on the request log.
func (a *cli) app() (*app.App, error) {
	if a.core != nil {
		return a.core, nil
	}
	home, err := config.EnsureHome()
	if err != nil {
		return nil, err
	}
	o := app.Options{Home: home, Profile: a.profileName(), Prompt: prompt.Passphrase, Notice: visible.NewWriter(a.stderr), SolanaCallTimeout: a.solanaTimeout, Client: a.client,
		Approver: &terminalApprover{a: a}, OnAgentWait: a.agentWait}
	if a.explain {
		o.Explain = func(ex app.Explanation) { a.explained = &ex }
	}
	c, err := app.Open(o)
	if err != nil {
		return nil, err
	}
	a.watch(c.Log, c.Profile().UserAPI)
	a.core = c
	return c, nil
}

// watch writes the calls recorded in log to stderr as --trace and --curl ask (baseURL: the
// curl commands' base, each entry's own when empty).
func (a *cli) watch(log *enduser.RequestLog, baseURL string) {
	// The calls carry the service's text (paths, bodies, messages): escaped on the way out.
	if a.trace {
		log.Subscribe(enduser.TraceTo(visible.NewWriter(a.stderr)))
	}
	if a.curl {
		log.Subscribe(enduser.CurlTo(visible.NewWriter(a.stderr), baseURL))
	}
}

// localOnly marks a command (and the commands under it) that sends nothing: no network call,
// no fund-moving request (an offline signature, the version). See sendsNothing.
const localOnly = "purse.localOnly"

// sendsNothing says whether cmd or a command above it is marked localOnly.
func sendsNothing(cmd *cobra.Command) bool {
	for c := cmd; c != nil; c = c.Parent() {
		if c.Annotations[localOnly] == "true" {
			return true
		}
	}
	return false
}

func (a *cli) versionCmd() *cobra.Command {
	return &cobra.Command{Use: "version", Short: "Print the version", Args: cobra.NoArgs, Annotations: map[string]string{localOnly: "true"}, RunE: func(*cobra.Command, []string) error {
		v := currentVersion()
		return a.print(map[string]string{"version": v}, func(w *humanOut) { w.Println("purse " + v) })
	}}
}

// print writes v as JSON with --json, else calls human.
func (a *cli) print(v any, human func(w *humanOut)) error {
	if a.jsonOut {
		a.printed = true
		return writeJSON(a.stdout, v, "  ")
	}
	if human != nil {
		human(textOut(a.stdout))
	}
	return nil
}

// printRows writes v as JSON with --json, else the rows with a value as an aligned
// two-column table.
func (a *cli) printRows(v any, rows [][2]string) error {
	var lines [][]string
	for _, r := range rows {
		if r[1] != "" {
			lines = append(lines, r[:])
		}
	}
	return a.print(v, func(w *humanOut) { w.Table(nil, lines) })
}

// warn writes a one-line warning to stderr; it never goes to stdout, so --json stays parseable.
func (a *cli) warn(format string, args ...any) {
	textOut(a.stderr).Printf("purse: warning: "+format+"\n", args...)
}

// note writes a one-line note to stderr ("purse: " + format), its arguments escaped.
func (a *cli) note(format string, args ...any) {
	textOut(a.stderr).Printf("purse: "+format+"\n", args...)
}

// warnIf writes a warning the application layer returned, when there is one.
func (a *cli) warnIf(warning string) {
	if warning != "" {
		a.warn("%s", warning)
	}
}
