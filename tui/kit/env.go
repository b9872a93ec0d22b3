package kit

import (
	"context"
	"io"
	"log/slog"
	"time"
)

// Session is what the footer shows about where purse is working: the profile, the active
// EVM and Solana key labels, the account id and the network. Screens change it by sending
// SessionMsg; the router applies it.
type Session struct {
	Profile   string
	EVMKey    string // label of the active EVM key, "" when none
	SolanaKey string // label of the active Solana key, "" when none
	AccountID string // the account NFT token id, "" when unknown
	Network   string // chain id / network name of the profile
}

// Env is shared by the router and every screen: what the frame needs (session facts,
// styles, keys, the task tracker, the log). It carries no use case: a screen receives the
// application layer it calls in its constructor, so kit imports nothing of the project
// (but the leaf internal/visible).
// Read Env only from Update/View, never from inside a tea.Cmd goroutine.
type Env struct {
	Session Session
	// Home is PURSE_HOME; the log file is Home/purse.log. Shown in error hints.
	Home   string
	Logger *slog.Logger
	Styles *Styles
	Keys   *KeyMap
	Tasks  *Tasks
	// Held lists the keys the session keeps unlocked (the footer shows them) and Lock wipes
	// them; both nil when the session keeps none.
	Held func() []HeldKey
	Lock func()
	// Describe is the application layer's one way to say an error: its text without the
	// advice it carries, and that advice (app.Describe); the router sets it. Screens read it
	// through Explain.
	Describe func(error) (text, next string)
	// StopsWithMe lists what this window started that ends when it quits (the sandbox it
	// launched, the agent whose display it is), as a person reads it: q asks before
	// stopping them, since other terminals may be using them.
	StopsWithMe []string
}

// HeldKey is a key the session keeps unlocked until Expires (unless used again).
type HeldKey struct {
	Label   string
	Expires time.Time
}

// NewEnv returns an Env with the application's styles, the default keymap, a task tracker
// under ctx and a logger that discards everything when logger is nil.
func NewEnv(ctx context.Context, s Session, home string, logger *slog.Logger) *Env {
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Env{
		Session: s,
		Home:    home,
		Logger:  logger,
		Styles:  NewStyles(),
		Keys:    DefaultKeyMap(),
		Tasks:   NewTasks(ctx),
	}
}
