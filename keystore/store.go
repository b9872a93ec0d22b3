package keystore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
)

// Kind is the kind of a key.
type Kind string

const (
	KindEVM    Kind = "evm"    // secp256k1, address 0x + EIP-55 checksum
	KindSolana Kind = "solana" // ed25519, address base58
)

// ParseKind checks a kind given by a user.
func ParseKind(s string) (Kind, error) {
	switch Kind(s) {
	case KindEVM, KindSolana:
		return Kind(s), nil
	}
	return "", fmt.Errorf("kind: expected evm or solana, got %q", s)
}

// Backend is where a key's secret is kept.
type Backend string

const (
	BackendOS   Backend = "os"   // the OS keyring through go-keyring
	BackendFile Backend = "file" // Web3 Secret Storage v3 files under $PURSE_HOME/keys
	BackendAuto Backend = "auto" // os when the keyring answers, else file
)

// EnvBackend is the environment variable that chooses the backend of new keys.
const EnvBackend = "PURSE_KEYSTORE"

// ParseBackend checks a backend name; "" means auto.
func ParseBackend(s string) (Backend, error) {
	switch Backend(s) {
	case "":
		return BackendAuto, nil
	case BackendOS, BackendFile, BackendAuto:
		return Backend(s), nil
	}
	return "", fmt.Errorf("%s: expected os, file or auto, got %q", EnvBackend, s)
}

// BackendFromEnv reads PURSE_KEYSTORE (unset means auto).
func BackendFromEnv() (Backend, error) {
	return ParseBackend(os.Getenv(EnvBackend))
}

// KeyringService is the go-keyring service name of every item purse stores.
const KeyringService = "purse"

// DefaultKeyringTimeout bounds every OS keyring call.
const DefaultKeyringTimeout = 5 * time.Second

// PassphraseFunc returns a passphrase for the prompt. With confirm, the source asks twice
// (or otherwise makes sure the user typed what they meant) because the passphrase is new.
type PassphraseFunc func(prompt string, confirm bool) ([]byte, error)

// Options configure a Store.
type Options struct {
	// Home is the folder that holds keys.json, keys/ and audit.jsonl. Required.
	Home string
	// Backend of new keys: os, file or auto ("" = auto). Existing keys stay where they are.
	Backend Backend
	// Passphrase supplies passphrases of the file backend and of exports.
	Passphrase PassphraseFunc
	// Notice receives the one line that says which backend new keys use and why.
	Notice io.Writer
	// Keyring is the OS keyring; nil means go-keyring.
	Keyring Keyring
	// KeyringTimeout bounds every keyring call; 0 means DefaultKeyringTimeout.
	KeyringTimeout time.Duration
	// ScryptN and ScryptP are the scrypt cost of files this store writes. Leave them 0 for
	// the standard cost (keystore.StandardScryptN/P); only tests set light values.
	ScryptN, ScryptP int
	// Now is the clock of the index and the audit log; nil means time.Now.
	Now func() time.Time
}

// Entry is one key of the index. It never holds a secret.
type Entry struct {
	Label   string    `json:"label"`
	Kind    Kind      `json:"kind"`
	Address string    `json:"address"`
	Backend Backend   `json:"backend"`
	Created time.Time `json:"created"`
}

// Store is purse's key store. Its methods are safe for concurrent use, also across processes
// sharing the same home (advisory file locks).
type Store struct {
	home      string
	keysDir   string
	indexPath string
	lockPath  string
	auditPath string

	requested  Backend
	passphrase PassphraseFunc
	notice     io.Writer
	kr         Keyring
	timeout    time.Duration
	scryptN    int
	scryptP    int
	now        func() time.Time

	mu       sync.Mutex // index changes inside this process
	auditMu  sync.Mutex // audit appends inside this process
	resolve  sync.Once
	resolved Backend
}

// Open prepares a Store in opts.Home. It does not touch the keyring: the backend of new keys
// is chosen (and announced) the first time one is needed.
func Open(opts Options) (*Store, error) {
	if opts.Home == "" {
		return nil, errors.New("keystore home: expected a folder, got an empty path")
	}
	home, err := filepath.Abs(opts.Home)
	if err != nil {
		return nil, fmt.Errorf("keystore home: %v", err)
	}
	b, err := ParseBackend(string(opts.Backend))
	if err != nil {
		return nil, err
	}
	if err := ensurePrivateDir(home); err != nil {
		return nil, err
	}
	s := &Store{
		home:       home,
		keysDir:    filepath.Join(home, "keys"),
		indexPath:  filepath.Join(home, "keys.json"),
		lockPath:   filepath.Join(home, "keys.lock"),
		auditPath:  filepath.Join(home, "audit.jsonl"),
		requested:  b,
		passphrase: opts.Passphrase,
		notice:     opts.Notice,
		kr:         opts.Keyring,
		timeout:    opts.KeyringTimeout,
		scryptN:    opts.ScryptN,
		scryptP:    opts.ScryptP,
		now:        opts.Now,
	}
	if s.kr == nil {
		s.kr = goKeyring{}
	}
	if s.timeout <= 0 {
		s.timeout = DefaultKeyringTimeout
	}
	if s.scryptN == 0 {
		s.scryptN = keystore.StandardScryptN
	}
	if s.scryptP == 0 {
		s.scryptP = keystore.StandardScryptP
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.notice == nil {
		s.notice = io.Discard
	}
	return s, nil
}

// Home is the folder of the store.
func (s *Store) Home() string { return s.home }

// AuditPath is the audit log file.
func (s *Store) AuditPath() string { return s.auditPath }

// Backend is the backend new keys go to. With auto it asks the keyring once (bounded by the
// timeout) and writes one notice line saying which backend is used and why.
func (s *Store) Backend() Backend {
	s.resolve.Do(func() {
		switch s.requested {
		case BackendOS:
			s.resolved = BackendOS
			fmt.Fprintf(s.notice, "purse: keys are stored in the OS keyring (service %q), as %s=os asks\n", KeyringService, EnvBackend)
		case BackendFile:
			s.resolved = BackendFile
			fmt.Fprintf(s.notice, "purse: keys are stored in encrypted files under %s, as %s=file asks\n", s.keysDir, EnvBackend)
		default:
			if err := s.probeKeyring(); err != nil {
				s.resolved = BackendFile
				fmt.Fprintf(s.notice, "purse: keys are stored in encrypted files under %s: the OS keyring is unavailable (%s); set %s=os|file to choose\n",
					s.keysDir, oneLine(err.Error()), EnvBackend)
				return
			}
			s.resolved = BackendOS
			fmt.Fprintf(s.notice, "purse: keys are stored in the OS keyring (service %q): it answered; set %s=file to use encrypted files\n", KeyringService, EnvBackend)
		}
	})
	return s.resolved
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

var labelRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// LabelRule says what a label may be. "." and ".." name folders, and a leading "-" reads as a
// flag wherever the label is passed on (purse key rm -x, shell scripts).
const LabelRule = "1 to 64 characters of A-Z a-z 0-9 . _ -, not starting with - and not . or .."

// ValidateLabel checks a label against LabelRule.
func ValidateLabel(label string) error {
	if !labelRE.MatchString(label) || label == "." || label == ".." || strings.HasPrefix(label, "-") {
		return fmt.Errorf("label: expected %s, got %q", LabelRule, label)
	}
	return nil
}

// ErrNotFound is returned (wrapped) for a label that is not in the index.
var ErrNotFound = errors.New("no such key")

// ErrExists is returned (wrapped) for a label that is already taken.
var ErrExists = errors.New("label already in use")

type indexFile struct {
	Version int     `json:"version"`
	Keys    []Entry `json:"keys"`
}

func (s *Store) readIndex() (*indexFile, error) {
	b, err := os.ReadFile(s.indexPath)
	if errors.Is(err, os.ErrNotExist) {
		return &indexFile{Version: 1}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("key index %s: %v", s.indexPath, err)
	}
	var ix indexFile
	if err := json.Unmarshal(b, &ix); err != nil {
		return nil, fmt.Errorf("key index %s: not valid JSON: %v", s.indexPath, err)
	}
	if ix.Version != 1 {
		return nil, fmt.Errorf("key index %s: expected version 1, got %d", s.indexPath, ix.Version)
	}
	return &ix, nil
}

func (s *Store) writeIndex(ix *indexFile) error {
	sort.Slice(ix.Keys, func(i, j int) bool { return ix.Keys[i].Label < ix.Keys[j].Label })
	if ix.Keys == nil {
		ix.Keys = []Entry{}
	}
	b, err := json.MarshalIndent(ix, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(s.indexPath, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("key index: %v", err)
	}
	return nil
}

func (ix *indexFile) find(label string) int {
	for i, e := range ix.Keys {
		if e.Label == label {
			return i
		}
	}
	return -1
}

// locked runs fn while holding the index lock of this home (process mutex + file lock).
func (s *Store) locked(fn func(ix *indexFile) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := os.OpenFile(s.lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("key index lock: %v", err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return fmt.Errorf("key index lock: %v", err)
	}
	defer func() { _ = unlockFile(f) }()
	ix, err := s.readIndex()
	if err != nil {
		return err
	}
	return fn(ix)
}

// List returns every key of the index, sorted by label.
func (s *Store) List() ([]Entry, error) {
	ix, err := s.readIndex()
	if err != nil {
		return nil, err
	}
	out := append([]Entry{}, ix.Keys...)
	sort.Slice(out, func(i, j int) bool { return out[i].Label < out[j].Label })
	return out, nil
}

// Get returns the index entry of a label (address only, never the secret).
func (s *Store) Get(label string) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	ix, err := s.readIndex()
	if err != nil {
		return Entry{}, err
	}
	i := ix.find(label)
	if i < 0 {
		return Entry{}, fmt.Errorf("key %q: %w (purse key list shows the labels)", label, ErrNotFound)
	}
	return ix.Keys[i], nil
}

// add stores a new secret under label in the backend of new keys and indexes it. Nothing
// is left behind when any step fails.
func (s *Store) add(label string, sec *secret) (Entry, error) {
	defer sec.wipe()
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	if _, err := s.Get(label); err == nil {
		return Entry{}, fmt.Errorf("key %q: %w; choose another label or remove the key first", label, ErrExists)
	} else if !errors.Is(err, ErrNotFound) {
		return Entry{}, err
	}
	backend := s.Backend()
	var fileData []byte
	if backend == BackendFile {
		pass, err := s.newPassphrase(fmt.Sprintf("New passphrase for key %q", label))
		if err != nil {
			return Entry{}, err
		}
		fileData, err = s.encryptFile(sec, pass)
		wipe(pass)
		if err != nil {
			return Entry{}, err
		}
	}
	e := Entry{Label: label, Kind: sec.kind, Address: sec.address(), Backend: backend, Created: s.now().UTC().Truncate(time.Second)}
	err := s.locked(func(ix *indexFile) error {
		if ix.find(label) >= 0 {
			return fmt.Errorf("key %q: %w; choose another label or remove the key first", label, ErrExists)
		}
		var undo func()
		switch backend {
		case BackendFile:
			if err := s.writeKeyFile(label, fileData); err != nil {
				return err
			}
			undo = func() { _ = os.Remove(s.keyFile(label)) }
		default:
			if err := s.keyringStoreNew(label, sec); err != nil {
				return err
			}
			undo = func() { _ = s.keyringDelete(label) }
		}
		ix.Keys = append(ix.Keys, e)
		if err := s.writeIndex(ix); err != nil {
			undo()
			return fmt.Errorf("%v; the secret stored for key %q was removed again, nothing changed", err, label)
		}
		return nil
	})
	if err != nil {
		return Entry{}, err
	}
	return e, nil
}

// newPassphrase asks for a new, confirmed, non-empty passphrase.
func (s *Store) newPassphrase(prompt string) ([]byte, error) {
	if s.passphrase == nil {
		return nil, errors.New("passphrase: this store has no passphrase source")
	}
	p, err := s.passphrase(prompt, true)
	if err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, errors.New("passphrase: expected a non-empty passphrase, got an empty one; nothing was changed")
	}
	return p, nil
}

func (s *Store) askPassphrase(prompt string) ([]byte, error) {
	if s.passphrase == nil {
		return nil, errors.New("passphrase: this store has no passphrase source")
	}
	return s.passphrase(prompt, false)
}

// load reads and decrypts the secret of an indexed key.
func (s *Store) load(e Entry) (*secret, error) {
	var sec *secret
	var err error
	switch e.Backend {
	case BackendFile:
		sec, err = s.readKeyFile(e)
	case BackendOS:
		sec, err = s.keyringLoad(e.Label)
	default:
		return nil, fmt.Errorf("key %q: unknown backend %q in the index", e.Label, e.Backend)
	}
	if err != nil {
		return nil, err
	}
	if sec.kind != e.Kind || sec.address() != e.Address {
		sec.wipe()
		return nil, fmt.Errorf("key %q: the stored secret is a %s key for another address than the index's %s; the index or the secret was changed outside purse", e.Label, sec.kind, e.Address)
	}
	return sec, nil
}

// Rename gives a key a new label.
func (s *Store) Rename(label, newLabel string) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	if err := ValidateLabel(newLabel); err != nil {
		return Entry{}, fmt.Errorf("new %v", err)
	}
	var out Entry
	err := s.locked(func(ix *indexFile) error {
		i := ix.find(label)
		if i < 0 {
			return fmt.Errorf("key %q: %w (purse key list shows the labels)", label, ErrNotFound)
		}
		if ix.find(newLabel) >= 0 {
			return fmt.Errorf("key %q: %w; choose another label", newLabel, ErrExists)
		}
		e := ix.Keys[i]
		var commit, undo func() error
		switch e.Backend {
		case BackendFile:
			if _, err := os.Lstat(s.keyFile(newLabel)); err == nil {
				return fmt.Errorf("key file %s already exists; move it away first", s.keyFile(newLabel))
			}
			if err := os.Rename(s.keyFile(label), s.keyFile(newLabel)); err != nil {
				return fmt.Errorf("key %q: cannot rename its file: %v", label, err)
			}
			syncDir(s.keysDir)
			commit = func() error { return nil }
			undo = func() error { return os.Rename(s.keyFile(newLabel), s.keyFile(label)) }
		case BackendOS:
			sec, err := s.keyringLoad(label)
			if err != nil {
				return err
			}
			err = s.keyringStoreNew(newLabel, sec)
			sec.wipe()
			if err != nil {
				return err
			}
			commit = func() error { return s.keyringDelete(label) }
			undo = func() error { return s.keyringDelete(newLabel) }
		default:
			return fmt.Errorf("key %q: unknown backend %q in the index", label, e.Backend)
		}
		e.Label = newLabel
		ix.Keys[i] = e
		if err := s.writeIndex(ix); err != nil {
			_ = undo()
			return fmt.Errorf("%v; the key keeps its label %q", err, label)
		}
		if err := commit(); err != nil {
			// Put everything back: the old label stays the valid one.
			ix.Keys[i].Label = label
			if werr := s.writeIndex(ix); werr != nil {
				return fmt.Errorf("key %q: renamed to %q, but the old keyring item could not be removed (%v)", label, newLabel, err)
			}
			_ = undo()
			return fmt.Errorf("key %q: cannot remove the old keyring item (%v); the key keeps its label", label, err)
		}
		out = e
		return nil
	})
	return out, err
}

// Remove deletes a key: its secret and its index entry. Callers confirm with the user first.
func (s *Store) Remove(label string) error {
	if err := ValidateLabel(label); err != nil {
		return err
	}
	return s.locked(func(ix *indexFile) error {
		i := ix.find(label)
		if i < 0 {
			return fmt.Errorf("key %q: %w (purse key list shows the labels)", label, ErrNotFound)
		}
		e := ix.Keys[i]
		if e.Backend != BackendFile && e.Backend != BackendOS {
			return fmt.Errorf("key %q: unknown backend %q in the index", label, e.Backend)
		}
		kept := append(append([]Entry{}, ix.Keys[:i]...), ix.Keys[i+1:]...)
		if err := s.writeIndex(&indexFile{Version: 1, Keys: kept}); err != nil {
			return fmt.Errorf("%v; key %q was not removed", err, label)
		}
		var err error
		if e.Backend == BackendFile {
			err = os.Remove(s.keyFile(label))
			if errors.Is(err, os.ErrNotExist) {
				err = nil
			}
			syncDir(s.keysDir)
		} else {
			err = s.keyringDelete(label)
		}
		if err != nil {
			if werr := s.writeIndex(ix); werr != nil {
				return fmt.Errorf("key %q: removed from the index, but its secret could not be deleted (%v) and the index could not be restored (%v)", label, err, werr)
			}
			return fmt.Errorf("key %q: cannot delete its secret (%v); the key was not removed", label, err)
		}
		return nil
	})
}

// Export returns the key as an encrypted Web3 Secret Storage v3 JSON under a new export
// passphrase (asked with confirmation). Solana keys use the purse v3 shape ("kind": "solana").
func (s *Store) Export(label string) ([]byte, error) {
	e, err := s.Get(label)
	if err != nil {
		return nil, err
	}
	sec, err := s.load(e)
	if err != nil {
		return nil, err
	}
	defer sec.wipe()
	pass, err := s.newPassphrase(fmt.Sprintf("Export passphrase for key %q", label))
	if err != nil {
		return nil, err
	}
	defer wipe(pass)
	return s.encryptFile(sec, pass)
}

// ExportRaw returns the unencrypted secret: for evm the private key as 64 hex digits and a
// newline, for solana the solana-keygen JSON array of 64 numbers. Both import back. The caller
// must have obtained an explicit confirmation from the user.
func (s *Store) ExportRaw(label string) ([]byte, error) {
	e, err := s.Get(label)
	if err != nil {
		return nil, err
	}
	sec, err := s.load(e)
	if err != nil {
		return nil, err
	}
	defer sec.wipe()
	return sec.rawExport(), nil
}
