package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"time"

	"purse/keystore"
	"purse/wallet"
)

// The wire: each connection carries newline-delimited JSON. A client sends a message and
// reads its answer (a sign request's may be preceded by "waiting" answers), then may send
// the next on the same connection; a display keeps its connection, receives confirmations
// and answers them. An unlock may carry one file descriptor (SCM_RIGHTS) the agent reads the
// passphrase from, so the passphrase never crosses the socket. A message is read strictly
// (internal/strictjson): one JSON value, no key twice at any depth, whatever its case, as
// encoding/json alone would keep the last of {"op":"sign","op":"status"}.

// EnvSocket overrides the socket's path.
const EnvSocket = "PURSE_AGENT_SOCK"

// Kinds of keys, as the key store names them.
const (
	KindEVM    = "evm"
	KindSolana = "solana"
)

type message struct {
	Op      string          `json:"op"`
	Label   string          `json:"label,omitempty"`
	Kind    string          `json:"kind,omitempty"`
	Profile string          `json:"profile,omitempty"`
	Client  string          `json:"client,omitempty"`
	TTL     time.Duration   `json:"ttl,omitempty"`
	Idle    time.Duration   `json:"idle,omitempty"`
	HasFD   bool            `json:"passphraseFd,omitempty"`
	Sign    *wallet.Request `json:"sign,omitempty"`
	// NoWait asks the agent to refuse at once (CodeNeedsApproval) what its policy would
	// send to the display: a read-only caller (`purse doctor`) never waits for a person.
	NoWait bool `json:"noWait,omitempty"`
}

type answer struct {
	OK        bool       `json:"ok"`
	Code      string     `json:"code,omitempty"`
	Error     string     `json:"error,omitempty"`
	Prompt    string     `json:"prompt,omitempty"`
	Signature []byte     `json:"signature,omitempty"`
	Key       *KeyStatus `json:"key,omitempty"`
	Status    *Status    `json:"status,omitempty"`
	Locked    int        `json:"locked,omitempty"`
	// Waiting, in an answer before the last, says the request waits on the display.
	Waiting *Waiting `json:"waiting,omitempty"`
}

// Waiting says where a request waits for the user's answer and for how long at most.
type Waiting struct {
	Display string        `json:"display"`
	Timeout time.Duration `json:"timeout"`
}

// Error codes of the agent's answers; Error.Is matches the sentinel errors below.
const (
	CodeLocked          = "locked"
	CodeNeedsPassphrase = "needs-passphrase"
	CodeDenied          = "denied"
	CodeNoDisplay       = "no-display"
	CodeRejected        = "rejected"
	CodeInvalid         = "invalid"
	CodeNoKey           = "no-key"
	// CodeWrongPassphrase: an unlock's passphrase does not open the key (keystore.ErrWrongPassphrase).
	CodeWrongPassphrase = "wrong-passphrase"
	CodeNeedsApproval   = "needs-approval"
	// CodeDeclined: the person declined in the review (ErrDeclined).
	CodeDeclined = "declined"
)

var (
	// ErrNoAgent: nothing answers on the socket.
	ErrNoAgent = errors.New("no agent answers")
	// ErrLocked: the key is not unlocked in the agent.
	ErrLocked = errors.New("the key is locked in the agent")
	// ErrNeedsPassphrase: the unlock needs a passphrase and none was passed.
	ErrNeedsPassphrase = errors.New("the key's passphrase is needed")
	// ErrDenied: the policy (a deny line, or a confirm with no display) or the display said no.
	ErrDenied = errors.New("the agent refused to sign")
	// ErrNeedsApproval: the policy wants the user's confirmation and the caller asked not to
	// wait for it (NoWait).
	ErrNeedsApproval = errors.New("the agent's policy asks for the user's confirmation")
)

// Error is an error the agent answered.
type Error struct {
	Code, Msg string
	// Prompt is the key store's question when Code is needs-passphrase.
	Prompt string
}

func (e *Error) Error() string { return "agent: " + e.Msg }

// Is maps codes to the sentinel errors.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrLocked:
		return e.Code == CodeLocked
	case ErrNeedsPassphrase:
		return e.Code == CodeNeedsPassphrase
	case ErrDenied:
		return e.Code == CodeDenied || e.Code == CodeNoDisplay || e.Code == CodeRejected || e.Code == CodeDeclined
	case ErrDeclined:
		return e.Code == CodeDeclined
	case ErrNeedsApproval:
		return e.Code == CodeNeedsApproval
	case keystore.ErrWrongPassphrase:
		return e.Code == CodeWrongPassphrase
	}
	return false
}

func fail(code string, format string, a ...any) *answer {
	return &answer{Code: code, Error: fmt.Sprintf(format, a...)}
}

// Peer is who is on the other end of a connection, as the kernel says.
type Peer struct {
	UID, PID int
	// Exe is the executable the process runs, as the kernel links it (/proc/PID/exe): a
	// process cannot rename it as it can its command name. "" where the OS does not say.
	Exe string
	// Known is false where the OS gives no peer credentials.
	Known bool
	// exe is the file Exe named when the kernel was asked (nil: unknown): what runsPurse
	// compares, by device and inode, never by path.
	exe os.FileInfo
	// Start is the process's start time (clock ticks after boot, /proc/PID/stat), which a
	// later process given the same pid does not share; 0 where the OS does not say.
	Start uint64
}

// String is what the kernel says of the peer, in one line. Exe is a path of the user's
// file system, shown escaped by every display.
func (p Peer) String() string {
	if !p.Known {
		return "a process of this user (the OS gives no peer credentials)"
	}
	exe := p.Exe
	if exe == "" {
		exe = "(unknown)"
	}
	return fmt.Sprintf("pid %d, uid %d, executable %s", p.PID, p.UID, exe)
}

// KeyStatus is one unlocked key.
type KeyStatus struct {
	Label    string    `json:"label"`
	Kind     string    `json:"kind"`
	Address  string    `json:"address"`
	Unlocked time.Time `json:"unlocked"`
	// IdleUntil is when the key is wiped if unused; Until when it is wiped anyway.
	IdleUntil time.Time `json:"idleUntil"`
	Until     time.Time `json:"until"`
	Signed    int       `json:"signed"`
	// MemoryLocked says whether the secret's pages are locked out of swap; MemoryNote why not.
	MemoryLocked bool   `json:"memoryLocked"`
	MemoryNote   string `json:"memoryNote,omitempty"`
	// OnDevice says the key is on a device: the agent holds its entry, no secret, and the
	// device asks for every signature.
	OnDevice bool `json:"onDevice,omitempty"`
}

// Status is what `purse agent status` shows.
type Status struct {
	PID     int         `json:"pid"`
	Socket  string      `json:"socket"`
	Started time.Time   `json:"started"`
	Display string      `json:"display,omitempty"`
	Keys    []KeyStatus `json:"keys"`
	Policy  string      `json:"policy"`
	// PolicyError says why the last reload (SIGHUP) kept the policy read before.
	PolicyError string   `json:"policyError,omitempty"`
	Rules       []string `json:"rules"`
	Hardening   []string `json:"hardening"`
	PeerCheck   string   `json:"peerCheck"`
	// Sessions are the display's session approvals in force.
	Sessions []SessionStatus `json:"sessions"`
}

// maxMessage caps one message on the socket. It is derived from the signer's own limits
// (wallet.MaxPayloadBytes and the others), so every request a process signs can cross the
// socket: a byte field travels as base64 (4/3 of its size) and a string may be escaped by
// JSON up to six times its size; what is over the limits is refused by Check, not here.
const maxMessage = 4*wallet.MaxPayloadBytes/3 + 4*wallet.MaxQuoteBytes/3 + 6*wallet.MaxFormABytes + 64<<10

func writeJSON(c net.Conn, v any, fd *os.File) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if fd == nil {
		_, err = c.Write(b)
		return err
	}
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return errors.New("passing a file descriptor needs a Unix socket")
	}
	return writeWithFD(uc, b, fd)
}
