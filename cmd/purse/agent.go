package main

import (
	"cmp"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"purse/agent"
	"purse/app"
	"purse/internal/format"
	"purse/internal/prompt"
)

// The agent commands: start (foreground or --detach), stop, status, unlock, lock. The agent
// itself is app.Agent.Serve; these only parse flags, pick the passphrase source and print.

func addAgentCommands(a *cli, root *cobra.Command) {
	g := &cobra.Command{Use: "agent", Short: "The local signing agent: unlock a key once, sign for every client under a policy"}
	g.AddCommand(a.agentStartCmd(), a.agentStopCmd(), a.agentStatusCmd(), a.agentUnlockCmd(), a.agentLockCmd(), a.agentPolicyCmd())
	root.AddCommand(g)
}

func (a *cli) agentStartCmd() *cobra.Command {
	var detach bool
	var displayFD int
	cmd := a.command("start [--detach]", "Run the agent on its socket ($PURSE_AGENT_SOCK, else in $XDG_RUNTIME_DIR/purse/, else $PURSE_HOME/agent.sock) until stopped", func(cmd *cobra.Command, core *app.App) error {
		if detach {
			st, _, err := core.Agent().Start(cmd.Context(), selfExe(), false)
			if err != nil {
				return err
			}
			return a.print(st, func(w *humanOut) {
				w.Printf("agent started: pid %d on %s (log %s); it has no trusted display: what the policy wants confirmed is refused\n", st.PID, st.Socket, st.Log)
			})
		}
		ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		log := slog.New(slog.NewTextHandler(a.stderr, nil))
		o := app.AgentServeOptions{Ready: func(socket string, p *agent.Policy) {
			pol := p.Path
			if pol == "" {
				pol = "defaults (no " + agent.PolicyFile + ")"
			}
			textOut(a.stderr).Printf("purse agent: pid %d listening on %s; policy %s; stop with ctrl+c or `purse agent stop`\n", os.Getpid(), socket, pol)
		}}
		switch {
		case cmd.Flags().Changed(app.DisplayFDFlag):
			d, err := app.InheritedDisplay(displayFD)
			if err != nil {
				return err
			}
			defer d.Close()
			o.Display, o.StopWithDisplay = d, true
		default:
			// In the foreground on a terminal, that terminal is the display.
			if tty, err := prompt.Open(); err == nil {
				defer tty.Close()
				o.Display = newTerminalDisplay(tty)
			} else {
				textOut(a.stderr).Printf("purse agent: no terminal (%v): no trusted display; what the policy wants confirmed is refused\n", err)
			}
		}
		if o.Display != nil {
			textOut(a.stderr).Printf("purse agent: trusted display: %s\n", o.Display)
		}
		return core.Agent().Serve(ctx, log, o)
	})
	cmd.Flags().BoolVar(&detach, "detach", false, "run in the background (log in $PURSE_HOME/agent.log) and return once it answers; it then has no trusted display")
	cmd.Flags().IntVar(&displayFD, app.DisplayFDFlag, 0, "the inherited descriptor of the trusted display (set by the TUI that starts the agent)")
	_ = cmd.Flags().MarkHidden(app.DisplayFDFlag)
	return cmd
}

// selfExe is purse's own executable, which a detached agent runs.
func selfExe() string {
	if p, err := os.Executable(); err == nil {
		return p
	}
	return os.Args[0]
}

func (a *cli) agentStopCmd() *cobra.Command {
	return a.command("stop", "Stop the agent; every unlocked key is wiped", func(cmd *cobra.Command, core *app.App) error {
		if err := core.Agent().Stop(cmd.Context()); err != nil {
			return err
		}
		return a.print(map[string]bool{"stopped": true}, func(w *humanOut) { w.Println("agent stopped; its keys are wiped") })
	})
}

func (a *cli) agentStatusCmd() *cobra.Command {
	return a.command("status", "Show the agent: unlocked keys and their limits, the display, the policy", func(cmd *cobra.Command, core *app.App) error {
		st, err := core.Agent().Status(cmd.Context())
		if err != nil {
			return err
		}
		return a.print(st, func(w *humanOut) {
			display := st.Display
			if display == "" {
				display = "none: requests the policy wants confirmed are refused (start the agent from the TUI, or in the foreground on a terminal)"
			}
			rows := [][]string{
				{"agent", fmt.Sprintf("pid %d on %s, up %s", st.PID, st.Socket, time.Since(st.Started).Round(time.Second))},
				{"display", display},
				{"peers", st.PeerCheck},
				{"hardening", strings.Join(st.Hardening, "; ")},
			}
			if len(st.Keys) == 0 {
				rows = append(rows, []string{"keys", "none unlocked (`purse agent unlock LABEL`)"})
			}
			for _, k := range st.Keys {
				mem := "memory locked"
				switch {
				case k.OnDevice:
					mem = "on a device: no secret held here, the device asks for each signature"
				case !k.MemoryLocked:
					mem = "memory not locked: " + k.MemoryNote
				}
				rows = append(rows, []string{"key " + k.Label, fmt.Sprintf("%s %s; wiped if idle at %s, at the latest %s; %d signatures; %s",
					k.Kind, k.Address, format.Time(k.IdleUntil), format.Time(k.Until), k.Signed, mem)})
			}
			if len(st.Sessions) == 0 {
				rows = append(rows, []string{"sessions", "none (a request the policy confirms is asked every time)"})
			}
			for _, ss := range st.Sessions {
				until := "until the next lock"
				if !ss.UntilLock {
					until = "until " + format.Time(ss.Until)
				}
				rows = append(rows, []string{"session", fmt.Sprintf("%s for %s, %s (process started at tick %d)", ss.Client, ss.Scope, until, ss.Start)})
			}
			rows = append(rows, []string{"policy", st.Policy})
			if st.PolicyError != "" {
				rows = append(rows, []string{"", "not reloaded: " + st.PolicyError})
			}
			for _, l := range st.Rules {
				rows = append(rows, []string{"", l})
			}
			w.Table(nil, rows)
		})
	})
}

func (a *cli) agentUnlockCmd() *cobra.Command {
	var ttl, idle time.Duration
	cmd := a.commandArgs("unlock LABEL [--ttl 30m] [--idle 15m]", "Unlock a key in the agent: it asks the passphrase on your terminal (or reads PURSE_PASSPHRASE_FILE) itself",
		cobra.ExactArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
			if ttl < 0 || idle < 0 {
				return usagef("--ttl and --idle: expected positive durations such as 30m")
			}
			pass, err := prompt.Source()
			if err != nil {
				return err
			}
			if pass != nil {
				defer pass.Close()
			}
			k, err := core.Agent().Unlock(cmd.Context(), args[0], ttl, idle, pass)
			if err != nil {
				return err
			}
			return a.print(k, func(w *humanOut) {
				w.Printf("unlocked %s (%s %s) in the agent: wiped after %s idle, at %s at the latest\n",
					k.Label, k.Kind, k.Address, k.IdleUntil.Sub(k.Unlocked).Round(time.Second), format.Time(k.Until))
			})
		})
	cmd.Flags().DurationVar(&ttl, "ttl", 0, "wipe the key this long after the unlock, used or not (default: the policy's unlock.max, 8h)")
	cmd.Flags().DurationVar(&idle, "idle", 0, "wipe the key after this long without a signature (default: the policy's unlock.idle, 15m)")
	return cmd
}

func (a *cli) agentLockCmd() *cobra.Command {
	cmd := a.commandArgs("lock [LABEL]", "Wipe a key (or every key) in the agent now; every session approval ends too", cobra.MaximumNArgs(1), func(cmd *cobra.Command, core *app.App, args []string) error {
		label := ""
		if len(args) == 1 {
			label = args[0]
		}
		n, err := core.Agent().Lock(cmd.Context(), label)
		if err != nil {
			return err
		}
		if label != "" && n == 0 {
			return fmt.Errorf("key %q is not unlocked in the agent", label)
		}
		return a.print(map[string]int{"wiped": n}, func(w *humanOut) { w.Printf("%d key(s) wiped\n", n) })
	})
	cmd.Long = `Wipe a key (or every key) in the agent now; every session approval ends too.

The agent zeroes, in place, every copy of the secret it owns: the EVM key's words, the Solana
key's bytes, and (already at the unlock, once the key file is decrypted) the passphrase it
read from your terminal or file. It then hands its free memory back to the OS. Built as make
builds it (GOEXPERIMENT=runtimesecret, linux/amd64 and arm64), the key file's decryption runs
in runtime/secret, so go-ethereum's copies of the passphrase and of the decrypted key are
erased by the collection the lock runs. Go cannot wipe everything: a passphrase typed on a
terminal (the prompt's growing buffer), SHA-512 of an ed25519 seed, and copies the runtime
makes when memory grows or moves stay until reused, so a core dump taken as root after a
lock may still hold them. The agent refuses ordinary core dumps and ptrace by the same user.`
	return cmd
}

// policyHelp documents $PURSE_HOME/agent-policy.toml; docs/agent.md's policy section says the same.
const policyHelp = `The signing policy is $PURSE_HOME/agent-policy.toml. Both the agent and a process signing
for itself decide through it (one gate). Every line is checked when it is read: an unknown
key or a bad value is an error naming its line.

  [purposes]            full-auth, permit, form-a, personal, mint-consent, partner-auth,
                        solana-tx = "allow" | "confirm" | "deny"
  [routes]              a full-auth route (or "unknown") = "allow" | "confirm" | "deny"
  [partner]             a partner route (or "unknown") = ...
  [unlock]              idle = "15m", max = "8h"
  [display]             timeout = "2m"

Amount limits, in display units (the token's decimals), per purpose that moves money
(permit, deposit = a Solana deposit):

  [limits.permit]       EUR24 = "100.00"   within it the line of [purposes] applies;
                                           above it the request is confirmed, never allowed
  [caps.permit]         EUR24 = "1000"     above it the request is refused
  [limits.deposit]      USDC = "500"
  [profiles.NAME.limits.permit]  a limit (or caps.*) for profile NAME only
  [keys.LABEL.caps.deposit]      a cap for key LABEL only

Every limit that applies counts (global, the profile's, the key's): the strictest decides, a
section never loosens another. A limit applies to what the same key signed for the same
profile, purpose and asset today (UTC day), summed from the audit log, plus this request.
The asset and amount come from the request itself: a permit's token is the profile's known
token (the service's chain configuration) at the permit's verifying contract, confirmed by the
token contract on chain, its value in that token's decimals; a deposit moves the USDC of its
validated quote. A request whose asset cannot be identified is confirmed when its purpose has
any limit.

A running agent reads the file again on SIGHUP (kill -HUP PID); an invalid file keeps the
policy it had, and the agent's log and ` + "`purse agent status`" + ` say why.`

func (a *cli) agentPolicyCmd() *cobra.Command {
	g := &cobra.Command{Use: "policy", Short: "The signing policy: what is signed, asked about or refused", Long: policyHelp}
	g.AddCommand(a.agentPolicyExplainCmd())
	return g
}

func (a *cli) agentPolicyExplainCmd() *cobra.Command {
	var file, key string
	cmd := a.command("explain [--request-file F] [--key LABEL]", "Say what the signing policy decides for a request, and which line and limit decide it", func(cmd *cobra.Command, core *app.App) error {
		raw, err := a.readInput("request-file", file, app.MaxBodyBytes*2)
		if err != nil {
			return err
		}
		r, err := app.ParseRequest(raw)
		if err != nil {
			return err
		}
		ex, err := core.Agent().Explain(cmd.Context(), r, key)
		if err != nil {
			return err
		}
		return a.printExplanation(ex)
	})
	cmd.Long = "Reads a signing request as JSON (the wallet.Request a client sends the agent; '-' or no\n--request-file: stdin) and says what the policy decides, by the gate's own steps, with nothing\nsigned and no one asked. `purse sign ... --explain` explains the request a sign command builds.\n\n" + policyHelp
	cmd.Flags().StringVar(&file, "request-file", "-", "the request as JSON ('-': stdin)")
	cmd.Flags().StringVar(&key, "key", "", "the key label that would sign (default: the profile's key of the request's kind)")
	return cmd
}

// printExplanation prints what the signing policy decides for a request and why.
func (a *cli) printExplanation(ex app.Explanation) error {
	return a.print(ex, func(w *humanOut) {
		rows := [][]string{
			{"request", fmt.Sprintf("%s, key %s, profile %s", ex.Purpose, ex.Key, ex.Profile)},
			{"outcome", string(ex.Outcome)},
			{"why", ex.Line},
		}
		if ex.Asset != "" {
			rows = append(rows, []string{"moves", fmt.Sprintf("%s %s (%s signed today, UTC)", ex.Amount, ex.Asset, cmp.Or(ex.Today, "?"))})
		}
		if ex.Unidentified != "" {
			rows = append(rows, []string{"moves", "not identified: " + ex.Unidentified})
		}
		for _, b := range ex.Blocked {
			rows = append(rows, []string{"refused", b + " (whatever the policy says)"})
		}
		rows = append(rows, []string{"policy", ex.Policy})
		w.Table(nil, rows)
	})
}
