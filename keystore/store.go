package keystore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"

	"purse/internal/atomicfile"
	"purse/internal/filelock"
	"purse/internal/lazyre"
	"purse/internal/regular"
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
	// BackendLedger is an entry's, never the store's: the key is on a Ledger device
	// (Entry.Device), and purse holds no secret of it.
	BackendLedger Backend = "ledger"
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

// Question is what a passphrase is asked for: the words to show, the key it opens or
// protects ("" when it is for none, such as a file the key doctor reads), and Confirm when the
// passphrase is new, so the source asks twice (or otherwise makes sure the user typed what
// they meant).
type Question struct {
	Prompt  string
	Label   string
	Confirm bool
}

// PassphraseFunc returns a passphrase for the question.
type PassphraseFunc func(q Question) ([]byte, error)

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
	// ID names the key's OS keyring item together with the home's id, so two homes never
	// share an item and a rename changes only the index.
	ID string `json:"id,omitempty"`
	// State is empty for a usable key. StateAdding or StateRemoving is written before the
	// secret is stored or deleted, so a crash in between leaves a mark `purse key doctor`
	// finishes or undoes, never a secret no entry names.
	State State `json:"state,omitempty"`
	// LegacyItem is the label-only keyring item a key made before items were namespaced may
	// still be under; it is cleared once the secret is moved to the home's own name.
	LegacyItem string `json:"legacyItem,omitempty"`
	// Shared is set on a keyring key this home brought along when it was copied from another
	// home (see home.go): its item is that home's, read here but never deleted from here
	// (SharedWith).
	Shared *SharedItem `json:"shared,omitempty"`
	// Device says where a key of BackendLedger is: the transport to its device and the
	// derivation path on it.
	Device *DeviceRef `json:"device,omitempty"`
}

// State marks an entry whose operation has not finished.
type State string

const (
	StateAdding   State = "adding"   // the secret may or may not be stored yet
	StateRemoving State = "removing" // the secret may or may not be deleted yet
)

// ErrInterrupted is returned (wrapped) for a key an interrupted operation left unfinished.
var ErrInterrupted = errors.New("an interrupted operation left this key unfinished")

func interruptedErr(e Entry) error {
	return fmt.Errorf("key %q: %w (%s); `purse key doctor` finishes or undoes it", e.Label, ErrInterrupted, e.State)
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
	deferred deferredHead
	// auditSeen and auditLast are the log as this process left it after its last append,
	// guarded by auditMu (auditLastRecord).
	auditSeen logStamp
	auditLast *AuditRecord
	// auditHeadSum is the sha256 of the head this process last wrote (zero: none, or its
	// write failed), guarded by auditMu.
	auditHeadSum [32]byte
	// headSlot and headGen say where auditHeadSum's head is in its file (audit_head.go);
	// headOurs is set by an append that found the file still that head, byte for byte, so
	// its own head write need not read the file again.
	headSlot int
	headGen  uint64
	headOurs bool
	auditQ   auditQueue // the group commit of audit appends (appendAudit)
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
	s.migrate()
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

var labelRE = lazyre.New(`^[A-Za-z0-9._-]{1,64}$`)

// LabelRule says what a label may be. "." and ".." name folders, and a leading "-" reads as a
// flag wherever the label is passed on (purse key rm -x, shell scripts).
const LabelRule = "1 to 64 characters of A-Z a-z 0-9 . _ -, not starting with - and not . or .."

// ValidateLabel checks a label against LabelRule.
func ValidateLabel(label string) error {
	if !labelRE().MatchString(label) || label == "." || label == ".." || strings.HasPrefix(label, "-") {
		return fmt.Errorf("label: expected %s, got %q", LabelRule, label)
	}
	return nil
}

// storedLabel checks a label that names a stored key: the character rule only, so a key
// labelled before the rule refused ".", ".." and a leading "-" can still be shown, renamed
// and removed.
func storedLabel(label string) error {
	if !labelRE().MatchString(label) {
		return fmt.Errorf("label: expected %s, got %q", LabelRule, label)
	}
	return nil
}

// ErrNotFound is returned (wrapped) for a label that is not in the index.
var ErrNotFound = errors.New("no such key")

// ErrExists is returned (wrapped) for a label that is already taken.
var ErrExists = errors.New("label already in use")

// ErrSameKey is a key that is already stored under another label.
var ErrSameKey = errors.New("the same key is already stored")

type indexFile struct {
	Version int `json:"version"`
	// Home is this home's random id: the name of every keyring item it makes starts with it.
	Home string `json:"home,omitempty"`
	// Path is the folder the home lives in; found elsewhere, it is a copy (see locate).
	Path string  `json:"path,omitempty"`
	Keys []Entry `json:"keys"`
}

// newID is a random id (UUID v4 text) for a home or a key.
func newID() string {
	_, id := newUUID()
	return id
}

// upgrade gives the index a home id and every key an id, and records where the home lives
// (here), making a copy found elsewhere a home of its own (locate); a keyring key made
// before items were namespaced keeps its label-only item as LegacyItem until it is moved. It
// reports whether anything changed.
func (ix *indexFile) upgrade(here string) bool {
	changed := false
	if ix.Home == "" {
		ix.Home, ix.Path, changed = newID(), here, true
	}
	for i := range ix.Keys {
		if e := &ix.Keys[i]; e.ID == "" {
			e.ID, changed = newID(), true
			if e.Backend == BackendOS {
				e.LegacyItem = e.Label
			}
		}
	}
	return ix.locate(here) || changed
}

func (s *Store) readIndex() (*indexFile, error) {
	b, err := regular.ReadFile(s.indexPath)
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

// locked runs fn while holding the index lock of this home (process mutex + file lock), on
// an index with ids (see upgrade).
func (s *Store) locked(fn func(ix *indexFile) error) error {
	return s.lockedIndex(true, fn)
}

// lockedIndex is locked; without upgrade it writes nothing itself (for checks).
func (s *Store) lockedIndex(upgrade bool, fn func(ix *indexFile) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := os.OpenFile(s.lockPath, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("key index lock: %v", err)
	}
	defer f.Close()
	if err := filelock.Lock(f); err != nil {
		return fmt.Errorf("key index lock: %v", err)
	}
	defer func() { _ = filelock.Unlock(f) }()
	ix, err := s.readIndex()
	if err != nil {
		return err
	}
	if upgrade && ix.upgrade(s.home) {
		if err := s.writeIndex(ix); err != nil {
			return err
		}
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
	if err := storedLabel(label); err != nil {
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
	if ix.Keys[i].State != "" {
		return Entry{}, interruptedErr(ix.Keys[i])
	}
	return ix.Keys[i], nil
}

// byAddress is the label of the stored key of kind at address, "" when none.
func (s *Store) byAddress(kind Kind, address string) (string, error) {
	es, err := s.List()
	if err != nil {
		return "", err
	}
	for _, e := range es {
		if e.Kind == kind && strings.EqualFold(e.Address, address) {
			return e.Label, nil
		}
	}
	return "", nil
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
	// The same secret twice under two labels would be two names for one account: removing
	// "one of them" later would leave the user believing the other is a different key.
	if other, err := s.byAddress(sec.kind, sec.address()); err != nil {
		return Entry{}, err
	} else if other != "" {
		return Entry{}, fmt.Errorf("key %q: %s %s is already stored as key %q (%w); use that key, or rename it, instead of adding it again", label, sec.kind, sec.address(), other, ErrSameKey)
	}
	backend := s.Backend()
	var fileData []byte
	if backend == BackendFile {
		pass, err := s.newPassphrase(fmt.Sprintf("New passphrase for key %q", label), label)
		if err != nil {
			return Entry{}, err
		}
		fileData, err = s.encryptFile(sec, pass)
		wipe(pass)
		if err != nil {
			return Entry{}, err
		}
	}
	e := Entry{Label: label, Kind: sec.kind, Address: sec.address(), Backend: backend, Created: s.now().UTC().Truncate(time.Second),
		ID: newID(), State: StateAdding}
	// Entry first (marked adding), then the secret, then the mark cleared: a crash at any
	// point leaves an entry the doctor can finish or drop, never a secret nothing names.
	err := s.locked(func(ix *indexFile) error {
		if j := ix.find(label); j >= 0 {
			if ix.Keys[j].State != "" {
				return interruptedErr(ix.Keys[j])
			}
			return fmt.Errorf("key %q: %w; choose another label or remove the key first", label, ErrExists)
		}
		ix.Keys = append(ix.Keys, e)
		if err := s.writeIndex(ix); err != nil {
			return fmt.Errorf("%v; key %q was not stored", err, label)
		}
		var undo func() error
		var err error
		switch backend {
		case BackendFile:
			err = s.writeKeyFile(label, fileData)
			undo = func() error { return s.removeKeyFile(label) }
		default:
			name := itemName(ix.Home, e.ID)
			err = s.keyringStoreNew(label, name, sec)
			undo = func() error { return s.keyringDelete(label, name) }
		}
		if err != nil {
			return s.dropEntry(ix, label, err, "")
		}
		ix.Keys[ix.find(label)].State = ""
		if err := s.writeIndex(ix); err != nil {
			if uerr := undo(); uerr != nil {
				return fmt.Errorf("%v; the secret stored for key %q could not be removed again (%v): `purse key doctor` finishes or undoes the key", err, label, uerr)
			}
			return s.dropEntry(ix, label, err, fmt.Sprintf("the secret stored for key %q was removed again", label))
		}
		return nil
	})
	if err != nil {
		return Entry{}, err
	}
	e.State = ""
	return e, nil
}

// dropEntry removes label's entry after cause made its operation fail, and says so: when
// the index cannot be written either, the entry stays marked for the doctor.
func (s *Store) dropEntry(ix *indexFile, label string, cause error, undone string) error {
	if undone != "" {
		undone = "; " + undone
	}
	if i := ix.find(label); i >= 0 {
		ix.Keys = append(ix.Keys[:i:i], ix.Keys[i+1:]...)
	}
	if err := s.writeIndex(ix); err != nil {
		return fmt.Errorf("%w%s; the index still lists key %q as unfinished (%v): `purse key doctor` removes it", cause, undone, label, err)
	}
	return fmt.Errorf("%w%s; nothing changed", cause, undone)
}

// removeKeyFile deletes a key file (a missing one is fine) and makes that durable.
func (s *Store) removeKeyFile(label string) error {
	err := os.Remove(s.keyFile(label))
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	syncDir(s.keysDir)
	if err != nil {
		return fmt.Errorf("key %q: cannot delete its file: %v", label, err)
	}
	return nil
}

// newPassphrase asks for a new, confirmed, non-empty passphrase.
func (s *Store) newPassphrase(prompt, label string) ([]byte, error) {
	if s.passphrase == nil {
		return nil, errors.New("passphrase: this store has no passphrase source")
	}
	p, err := s.passphrase(Question{Prompt: prompt, Label: label, Confirm: true})
	if err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, errors.New("passphrase: expected a non-empty passphrase, got an empty one; nothing was changed")
	}
	return p, nil
}

func (s *Store) askPassphrase(prompt, label string) ([]byte, error) {
	if s.passphrase == nil {
		return nil, errors.New("passphrase: this store has no passphrase source")
	}
	return s.passphrase(Question{Prompt: prompt, Label: label})
}

// load reads and decrypts the secret of an indexed key.
func (s *Store) load(e Entry) (*secret, error) {
	var sec *secret
	var err error
	switch e.Backend {
	case BackendFile:
		sec, err = s.readKeyFile(e)
	case BackendOS:
		var ix *indexFile
		if ix, err = s.readIndex(); err == nil {
			sec, err = s.keyringLoad(ix.Home, e)
		}
	case BackendLedger:
		return nil, fmt.Errorf("key %q is on a Ledger device: purse holds no secret of it (it signs on the device)", e.Label)
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

// Rename gives a key a new label. A keyring item is named by the key's id, so only the
// index changes; a key file is copied to its new name before the index names it and the old
// name is deleted after, so a crash leaves at most an identical copy (the doctor removes it),
// never an entry without its file.
func (s *Store) Rename(label, newLabel string) (Entry, error) {
	if err := storedLabel(label); err != nil {
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
		e := ix.Keys[i]
		if e.State != "" {
			return interruptedErr(e)
		}
		if j := ix.find(newLabel); j >= 0 {
			return fmt.Errorf("key %q: %w; choose another label", newLabel, ErrExists)
		}
		e.Label = newLabel
		switch e.Backend {
		case BackendFile:
			data, err := os.ReadFile(s.keyFile(label))
			if err != nil {
				return fmt.Errorf("key %q: cannot read its file: %v", label, err)
			}
			err = atomicfile.WriteNew(s.keyFile(newLabel), data, 0o600)
			if errors.Is(err, atomicfile.ErrExists) {
				return fmt.Errorf("key file %s already exists but is not in the index; `purse key doctor` lists it", s.keyFile(newLabel))
			}
			if err != nil {
				return fmt.Errorf("key %q: cannot copy its file: %v", label, err)
			}
			ix.Keys[i] = e
			if err := s.writeIndex(ix); err != nil {
				_ = s.removeKeyFile(newLabel)
				return fmt.Errorf("%v; the key keeps its label %q", err, label)
			}
			if err := s.removeKeyFile(label); err != nil {
				return fmt.Errorf("key %q is now %q, but %v; `purse key doctor` removes the copy", label, newLabel, err)
			}
		case BackendOS, BackendLedger:
			ix.Keys[i] = e
			if err := s.writeIndex(ix); err != nil {
				return fmt.Errorf("%v; the key keeps its label %q", err, label)
			}
		default:
			return fmt.Errorf("key %q: unknown backend %q in the index", label, e.Backend)
		}
		out = e
		return nil
	})
	return out, err
}

// Removed is what Remove did.
type Removed struct {
	Entry Entry
	// SecretDeleted is false for a key this home shares with the home it was copied from
	// (Entry.Shared): only the entry went, and the secret stays in Items for that home.
	SecretDeleted bool
	Items         []string // the keyring items (service KeyringService) left, when not deleted
}

// Remove deletes a key: its secret and its index entry, or only the entry of a key whose
// secret is another home's (Entry.Shared). Callers confirm with the user first, saying
// which (RemoveEffect). The entry is marked removing before the secret is deleted and goes
// only after, so a crash leaves a mark the doctor finishes, and success is never reported
// while the secret stays unless it is another home's.
func (s *Store) Remove(label string) (Removed, error) {
	if err := storedLabel(label); err != nil {
		return Removed{}, err
	}
	var out Removed
	err := s.locked(func(ix *indexFile) error {
		i := ix.find(label)
		if i < 0 {
			return fmt.Errorf("key %q: %w (purse key list shows the labels)", label, ErrNotFound)
		}
		e := ix.Keys[i]
		if e.State != "" {
			return interruptedErr(e)
		}
		out = Removed{Entry: e, SecretDeleted: e.SharedWith() == "" && e.Backend != BackendLedger}
		if !out.SecretDeleted {
			out.Items = keyringNames(ix.Home, e)
		}
		return s.removeLocked(ix, i)
	})
	if err != nil {
		return Removed{}, err
	}
	return out, nil
}

// removeLocked deletes the secret of ix.Keys[i] and then its entry, under the index lock; of
// a key whose secret is another home's, only the entry.
func (s *Store) removeLocked(ix *indexFile, i int) error {
	e := ix.Keys[i]
	if e.Backend != BackendFile && e.Backend != BackendOS && e.Backend != BackendLedger {
		return fmt.Errorf("key %q: unknown backend %q in the index", e.Label, e.Backend)
	}
	if e.SharedWith() != "" || e.Backend == BackendLedger {
		// Another home's secret, or none at all (the key stays on its device).
		ix.Keys = append(ix.Keys[:i:i], ix.Keys[i+1:]...)
		if err := s.writeIndex(ix); err != nil {
			return fmt.Errorf("%v; key %q was not removed", err, e.Label)
		}
		return nil
	}
	prev := e.State
	ix.Keys[i].State = StateRemoving
	if err := s.writeIndex(ix); err != nil {
		return fmt.Errorf("%v; key %q was not removed", err, e.Label)
	}
	var err error
	if e.Backend == BackendFile {
		err = s.removeKeyFile(e.Label)
	} else {
		err = s.keyringDeleteKey(ix.Home, e)
	}
	if err != nil {
		ix.Keys[ix.find(e.Label)].State = prev
		if werr := s.writeIndex(ix); werr != nil {
			return fmt.Errorf("key %q: cannot delete its secret (%v), and the index still marks it as being removed (%v): `purse key doctor` finishes the removal", e.Label, err, werr)
		}
		return fmt.Errorf("key %q: cannot delete its secret (%v); the key was not removed", e.Label, err)
	}
	i = ix.find(e.Label) // writeIndex sorts
	ix.Keys = append(ix.Keys[:i:i], ix.Keys[i+1:]...)
	if err := s.writeIndex(ix); err != nil {
		return fmt.Errorf("key %q: its secret was deleted, but the index could not be updated (%v): `purse key doctor` removes the entry", e.Label, err)
	}
	return nil
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
	pass, err := s.newPassphrase(fmt.Sprintf("Export passphrase for key %q", label), label)
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
