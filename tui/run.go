package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"purse/app"
	appaccount "purse/app/account"
	"purse/app/audit"
	apppermit "purse/app/permit"
	"purse/app/profiles"
	"purse/app/sandbox"
	"purse/tui/account"
	"purse/tui/auditlog"
	"purse/tui/balances"
	"purse/tui/card"
	"purse/tui/deposit"
	"purse/tui/firstrun"
	"purse/tui/home"
	"purse/tui/keys"
	"purse/tui/kit"
	"purse/tui/permit"
	"purse/tui/requests"
	"purse/tui/settings"
	"purse/tui/txs"
)

// LogFile is the name of the log file inside PURSE_HOME.
const LogFile = "purse.log"

// Options configures Run.
type Options struct {
	// Session is what the footer shows at start.
	Session Session
	// Home is PURSE_HOME; required: the log goes to Home/purse.log.
	Home string
	// LogLevel defaults to slog.LevelInfo.
	LogLevel slog.Level
	// Screens builds the screens in tab order; nil means DefaultScreens.
	Screens func(env *Env, a *app.App) []Screen
	// App is the application layer every screen calls (it follows profile switches in
	// place); required by DefaultScreens.
	App *app.App
	// Input and Output default to the terminal (os.Stdin, os.Stdout).
	Input  io.Reader
	Output io.Writer
	// Approvals is the signing gate's queue of questions (the App's Approver): the TUI
	// answers them in its review dialog. nil: no dialog (the App then refuses what its
	// policy wants confirmed).
	Approvals *app.ApprovalQueue
	// StopsWithMe is what the caller started that ends with this window (the sandbox it
	// launched): q asks before stopping it (kit.Env.StopsWithMe).
	StopsWithMe []string
}

// DefaultScreens returns the application's screens in tab order. New screens (Account,
// Balances, Transactions, Card, Permit, Deposit, Keys, Requests, Settings) are appended
// here as they are written; each lives in its own package under tui/.
func DefaultScreens(env *Env, a *app.App) []Screen {
	var first []Screen
	if firstrun.Needed(a.Profile()) {
		first = append(first, firstrun.New(env, firstrun.Of(a)))
	}
	return append(first,
		home.New(env, home.Services{Summary: homeSummary(a)}),
		account.New(env, account.Of(a), sandbox.New(a)),
		balances.New(env, balances.Of(a)),
		txs.New(env, txs.Of(a)),
		card.New(env, appaccount.NewCard(a)),
		permit.New(env, apppermit.New(a)),
		deposit.New(env, deposit.Of(a)),
		keys.New(env, keys.Of(a)),
		requests.New(env, a, appaccount.New(a)),
		settings.New(env, settings.Of(a)),
		// Last: the first ten screens keep their number keys (1-9, 0).
		auditlog.New(env, audit.New(a)),
	)
}

// OpenLog opens (creating, mode 0600) dir/purse.log for appending and returns a text
// logger on it and the function that closes it.
func OpenLog(dir string, level slog.Level) (*slog.Logger, func() error, error) {
	if dir == "" {
		return nil, nil, errors.New("no log directory: set PURSE_HOME")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("log directory %s: %w", dir, err)
	}
	f, err := os.OpenFile(filepath.Join(dir, LogFile), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("log file: %w", err)
	}
	return slog.New(slog.NewTextHandler(f, &slog.HandlerOptions{Level: level})), f.Close, nil
}

// Run starts the terminal UI and returns when the user quits or ctx ends. It uses the
// alternate screen, leaves the mouse off, and sends every log line (slog and the standard
// log package) to PURSE_HOME/purse.log while it runs.
func Run(ctx context.Context, opts Options) error {
	logger, closeLog, err := OpenLog(opts.Home, opts.LogLevel)
	if err != nil {
		return err
	}
	defer closeLog()
	prev := slog.Default()
	slog.SetDefault(logger)
	defer slog.SetDefault(prev)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	if opts.App != nil {
		opts.App.SetLogger(logger)
		// A key unlocked once signs again without a prompt while it is in use; its secret is
		// wiped when idle past the TTL and when the TUI stops.
		opts.App.KeepUnlocked(app.DefaultUnlockIdle)
		defer opts.App.KeepUnlocked(0)
	}
	env := kit.NewEnv(ctx, opts.Session, opts.Home, logger)
	env.StopsWithMe = append(env.StopsWithMe, opts.StopsWithMe...)
	if a := opts.App; a != nil {
		env.Lock = a.Lock
		env.Held = func() []kit.HeldKey {
			var out []kit.HeldKey
			for _, h := range a.Unlocked() {
				out = append(out, kit.HeldKey{Label: h.Label, Expires: h.Expires})
			}
			return out
		}
	}
	build := opts.Screens
	if build == nil {
		if opts.App == nil {
			return errors.New("terminal UI: no application layer (Options.App)")
		}
		build = DefaultScreens
	}
	m := NewModel(env, build(env, opts.App)...)
	if opts.Approvals != nil {
		m.SetApprovals(opts.Approvals)
	}
	if opts.App != nil {
		m.FollowProfile(profiles.New(opts.App).Follow)
		w, core := audit.New(opts.App).Watch(), opts.App
		m.FollowAccount(func() (bool, error) { return w.Changed(core.Profile().Name, os.Getpid()) })
	}

	// The alternate screen is part of the model's view (Model.View). Bubble Tea v2 asks the
	// terminal its questions (synchronized output, keyboard protocol) from Run, with the
	// terminal in raw mode and its input read for the answers; nothing in an init() asks, so
	// no command of the binary but this one sends a terminal query.
	popts := []tea.ProgramOption{tea.WithContext(ctx)}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	logger.Info("tui start", "profile", opts.Session.Profile, "network", opts.Session.Network)
	p := tea.NewProgram(m, popts...)
	_, err = p.Run()
	// What the screens started ends before the TUI returns: a task still writing into the
	// home after Run would race whatever comes next (the caller's cleanup, another purse).
	if !env.Tasks.Wait(2 * time.Second) {
		logger.Warn("tui stop: tasks still running after 2 s")
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		err = nil // ended by the caller's context
	}
	if err != nil {
		logger.Error("tui stopped", "err", err)
		return fmt.Errorf("terminal UI: %w", err)
	}
	logger.Info("tui stop")
	return nil
}
