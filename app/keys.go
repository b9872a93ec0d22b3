package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/config"
	"purse/internal/atomicfile"
	"purse/keystore"
)

// Keys is what a user does with the home's keys: list them, add, import, rename, remove,
// export them, make one the profile's, check and repair the store. The CLI's key commands and
// the TUI's Keys and first-run screens call it; the store itself stays in package app.
type Keys struct{ s *App }

// Keys is the key store of the session's home.
func (s *App) Keys() Keys { return Keys{s} }

// KeySource is where a new key comes from.
type KeySource int

// The ways a key enters the store.
const (
	SourceNew           KeySource = iota // generated here
	SourceHex                            // a file holding the private key in hex
	SourceMnemonic                       // a file holding a BIP-39 mnemonic
	SourceKeystoreJSON                   // a Web3 Secret Storage v3 file (asks its passphrase)
	SourceSolanaKeypair                  // a solana-keygen JSON file
)

// KeyRequest is one add or import. Secrets are read from File inside the task; they are never
// typed into the UI (passphrases excepted) and never kept after the task.
type KeyRequest struct {
	Source KeySource
	Kind   keystore.Kind
	Label  string
	// File holds the secret (every source but SourceNew).
	File string
	// Path and Index choose the mnemonic derivation path (both empty: index 0).
	Path  string
	Index string
	// MnemonicPassFile optionally holds the BIP-39 passphrase ("25th word").
	MnemonicPassFile string
	// FilePass is the passphrase of a keystore JSON file.
	FilePass []byte
	// Stdin is read for a file named "-" (the CLI); nil refuses "-".
	Stdin io.Reader
	// UseForProfile makes the key the profile's key of its kind.
	UseForProfile bool
}

// sourceField names each source's file in errors (as the CLI's flags do).
var sourceField = map[KeySource]string{
	SourceHex: "private-key-file", SourceMnemonic: "mnemonic-file",
	SourceKeystoreJSON: "keystore-json", SourceSolanaKeypair: "solana-keypair",
}

// KeyImport is an import as typed: a label, a kind and exactly one source file, with the
// mnemonic's derivation (a path or an account index) and optional BIP-39 passphrase file.
type KeyImport struct {
	Label, Kind                                               string
	PrivateKeyFile, MnemonicFile, KeystoreJSON, SolanaKeypair string
	Path, Index, MnemonicPassFile                             string
}

// labelErr is keystore.ValidateLabel as an error of the label field.
func labelErr(label string) error {
	if keystore.ValidateLabel(label) != nil {
		return fieldErr("label", "expected %s, got %q", keystore.LabelRule, label)
	}
	return nil
}

// CheckLabel checks a key's new label (no I/O, so a form can call it on every key).
func CheckLabel(label string) error {
	if label == "" {
		return fieldErr("label", "expected a label such as main or sol-1")
	}
	return labelErr(label)
}

// CheckLabelKind checks a new key's label and kind.
func CheckLabelKind(label, kind string) (keystore.Kind, error) {
	if err := CheckLabel(label); err != nil {
		return "", err
	}
	if kind == "" {
		return "", fieldErr("kind", "expected evm or solana")
	}
	k, err := keystore.ParseKind(kind)
	if err != nil {
		return "", fieldErr("kind", "expected evm or solana, got %q", kind)
	}
	return k, nil
}

// Request checks the import and makes it a KeyRequest (a solana-keygen file implies the
// solana kind). Nothing is read yet.
func (k KeyImport) Request() (KeyRequest, error) {
	var req KeyRequest
	n := 0
	for _, src := range []struct {
		file string
		s    KeySource
	}{{k.PrivateKeyFile, SourceHex}, {k.MnemonicFile, SourceMnemonic}, {k.KeystoreJSON, SourceKeystoreJSON}, {k.SolanaKeypair, SourceSolanaKeypair}} {
		if src.file != "" {
			n++
			req.Source, req.File = src.s, src.file
		}
	}
	if n != 1 {
		return req, Usagef("expected exactly one source: --private-key-file, --mnemonic-file, --keystore-json or --solana-keypair (got %d)", n)
	}
	mnemonic := req.Source == SourceMnemonic
	switch {
	case !mnemonic && (k.Path != "" || k.Index != "" || k.MnemonicPassFile != ""):
		return req, Usagef("--path, --index and --mnemonic-passphrase-file go with --mnemonic-file only")
	case k.Path != "" && k.Index != "":
		return req, Usagef("--path and --index: give one of them, not both")
	case k.MnemonicFile == "-" && k.MnemonicPassFile == "-":
		return req, Usagef("--mnemonic-file and --mnemonic-passphrase-file cannot both read stdin")
	}
	kind := k.Kind
	if req.Source == SourceSolanaKeypair && kind == "" {
		kind = string(keystore.KindSolana)
	}
	var err error
	if req.Kind, err = CheckLabelKind(k.Label, kind); err != nil {
		return req, err
	}
	if req.Source == SourceSolanaKeypair && req.Kind != keystore.KindSolana {
		return req, fieldErr("solana-keypair", "holds a solana key, but the kind is %s", req.Kind)
	}
	req.Label, req.Path, req.Index, req.MnemonicPassFile = k.Label, k.Path, k.Index, k.MnemonicPassFile
	return req, nil
}

// Discovery is what the account look-up after adding an EVM key found.
type Discovery struct {
	Checked bool   // the chain was asked
	Found   bool   // the key owns an account NFT
	TokenID string // its id when found
	Note    string // one sentence for the user
}

// KeyAdded is the outcome of an add, import or profile-key change.
type KeyAdded struct {
	Entry     keystore.Entry
	Discovery Discovery
	// Profile is the profile after the operation; ProfileChanged says it was saved.
	Profile        config.Profile
	ProfileChanged bool
}

// maxSecretFile bounds the files a secret is read from.
const maxSecretFile = 1 << 20

// discoveryTimeout bounds the account look-up after a key is added.
const discoveryTimeout = 10 * time.Second

// readSecret reads a key file the user named ("-": stdin, when there is one) through
// ReadInput. Errors name the field and the file, never the content.
func readSecret(field, path string, stdin io.Reader) ([]byte, error) {
	b, err := ReadInput(field, path, stdin, maxSecretFile)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		name := path
		if path == "-" {
			name = "standard input"
		}
		return nil, fieldErr(field, "%s is empty", name)
	}
	return b, nil
}

// ExpandHome replaces a leading "~/" with the user's home folder.
func ExpandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return p
}

// List returns the keys of the store (labels and addresses, never secrets).
func (k Keys) List() ([]keystore.Entry, error) {
	s := k.s
	ks, err := s.keys(nil)
	if err != nil {
		return nil, err
	}
	return ks.List()
}

// Entry is key label's entry in the store (kind, address, backend; never a secret).
func (k Keys) Entry(label string) (keystore.Entry, error) {
	s := k.s
	ks, err := s.keys(nil)
	if err != nil {
		return keystore.Entry{}, err
	}
	return ks.Get(label)
}

// Add creates or imports the key of req, then (EVM) looks its account up on chain and, when
// asked or found, makes it the profile's key. With the file backend the new key file's
// passphrase is u.New; without it the call fails with a needs-unlock error (New) and
// creates nothing.
func (k Keys) Add(ctx context.Context, req KeyRequest, u *Unlock) (KeyAdded, error) {
	s := k.s
	if err := labelErr(req.Label); err != nil {
		return KeyAdded{}, err
	}
	var newPass []byte
	if u != nil {
		newPass = u.New
	}
	ks, err := s.keys(&Unlock{New: newPass})
	if err != nil {
		return KeyAdded{}, err
	}
	if _, err := ks.Get(req.Label); err == nil {
		return KeyAdded{}, fmt.Errorf("key %q: %w; choose another label or remove the key first", req.Label, keystore.ErrExists)
	}
	var e keystore.Entry
	switch req.Source {
	case SourceNew:
		e, err = ks.New(req.Label, req.Kind)
	case SourceHex:
		var b []byte
		if b, err = readSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportHex(req.Label, req.Kind, b)
			clear(b)
		}
	case SourceMnemonic:
		e, err = importMnemonic(ks, req)
	case SourceKeystoreJSON:
		var b []byte
		if b, err = readSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportKeystoreJSON(req.Label, req.Kind, b, req.FilePass)
			clear(b)
		}
	case SourceSolanaKeypair:
		var b []byte
		if b, err = readSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportSolanaKeypair(req.Label, b)
			clear(b)
		}
	default:
		err = fmt.Errorf("unknown key source %d", req.Source)
	}
	if errors.Is(err, keystore.ErrSameKey) {
		return KeyAdded{}, usage(err) // the user's to decide: use the stored key
	}
	if errors.Is(err, keystore.ErrInvalidSecret) {
		return KeyAdded{}, usage(err) // malformed or all-zero: bad input, as any other
	}
	if err != nil {
		return KeyAdded{}, err
	}
	out := KeyAdded{Entry: e, Profile: s.Profile()}
	if req.UseForProfile {
		p, err := s.Keys().Use(ctx, e)
		if err != nil {
			return out, fmt.Errorf("key %s was added, but the profile could not be changed: %w", e.Label, err)
		}
		return p, nil
	}
	if e.Kind == keystore.KindEVM {
		d, p, changed, err := s.discoverAccount(ctx, e)
		out.Discovery = d
		if err != nil {
			return out, fmt.Errorf("key %s was added and owns account %s, but the profile could not be changed: %w", e.Label, d.TokenID, err)
		}
		if changed {
			out.Profile, out.ProfileChanged = p, true
		}
	}
	return out, nil
}

func importMnemonic(ks *keystore.Store, req KeyRequest) (keystore.Entry, error) {
	path := strings.TrimSpace(req.Path)
	if idx := strings.TrimSpace(req.Index); idx != "" {
		if path != "" {
			return keystore.Entry{}, Usagef("mnemonic: give a derivation path or an account index, not both")
		}
		// Above 2^31-1 an index is a hardened one in BIP-32: 2147483648 would derive 0'.
		n, err := strconv.ParseUint(idx, 10, 32)
		if err != nil || n >= 1<<31 {
			return keystore.Entry{}, fieldErr("index", "expected an account number from 0 to %d, got %q", uint64(1<<31-1), idx)
		}
		path = keystore.MnemonicPath(req.Kind, uint32(n))
	}
	m, err := readSecret(sourceField[req.Source], req.File, req.Stdin)
	if err != nil {
		return keystore.Entry{}, err
	}
	defer clear(m)
	var pass []byte
	if req.MnemonicPassFile != "" {
		if pass, err = readSecret("mnemonic-passphrase-file", req.MnemonicPassFile, req.Stdin); err != nil {
			return keystore.Entry{}, err
		}
		defer clear(pass)
		pass = bytes.TrimSuffix(bytes.TrimSuffix(pass, []byte("\n")), []byte("\r"))
	}
	return ks.ImportMnemonic(req.Label, req.Kind, m, pass, path)
}

// discoverAccount looks the account NFT of an EVM key up on the profile's chain. When one is found
// the key and the account become the profile's (evm_key, token_id) and changed is true. A
// profile that cannot read the chain, or a chain that does not answer, is only noted.
func (s *App) discoverAccount(ctx context.Context, e keystore.Entry) (d Discovery, p config.Profile, changed bool, err error) {
	p = s.Profile()
	if e.Kind != keystore.KindEVM {
		return Discovery{}, p, false, nil
	}
	if _, nftErr := s.accountNFT(); p.EVMRPC == "" || nftErr != nil {
		d.Note = fmt.Sprintf("Profile %s has no evm_rpc or account_nft, so no account was looked up (set them on the Settings screen or with `purse profile set`).", p.Name)
		return d, p, false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, discoveryTimeout)
	defer cancel()
	id, found, err := s.accountOf(ctx, common.HexToAddress(e.Address))
	if err != nil {
		d.Note = fmt.Sprintf("The account look-up was skipped: the chain of profile %s does not answer (%s).", p.Name, OneLine(err))
		return d, p, false, nil
	}
	d.Checked = true
	if !found {
		d.Note = fmt.Sprintf("%s has no account on the chain of profile %s yet: mint one on the Account screen or with `purse account mint`.", e.Address, p.Name)
		return d, p, false, nil
	}
	d.Found, d.TokenID = true, strconv.FormatUint(id, 10)
	np, err := s.UpdateProfile(func(p *config.Profile) error {
		if err := p.Set("evm_key", e.Label); err != nil {
			return err
		}
		return p.Set("token_id", d.TokenID)
	})
	if err != nil {
		return d, p, false, err
	}
	d.Note = fmt.Sprintf("Found account %s of %s on chain: profile %s now uses key %s and token_id %s.", d.TokenID, e.Address, np.Name, e.Label, d.TokenID)
	return d, np, true, nil
}

// Use makes e the profile's key of its kind. For an EVM key that is not already the
// profile's, the account is looked up again: token_id follows the key (cleared when the new
// key has no account, or when the chain cannot say).
func (k Keys) Use(ctx context.Context, e keystore.Entry) (KeyAdded, error) {
	s := k.s
	field := "solana_key"
	if e.Kind == keystore.KindEVM {
		field = "evm_key"
	}
	before := s.Profile()
	same := (e.Kind == keystore.KindEVM && before.EVMKey == e.Label) || (e.Kind == keystore.KindSolana && before.SolanaKey == e.Label)
	p, err := s.UpdateProfile(func(p *config.Profile) error {
		if err := p.Set(field, e.Label); err != nil {
			return err
		}
		if e.Kind == keystore.KindEVM && !same {
			return p.Set("token_id", "")
		}
		return nil
	})
	if err != nil {
		return KeyAdded{}, err
	}
	out := KeyAdded{Entry: e, Profile: p, ProfileChanged: true}
	if e.Kind != keystore.KindEVM {
		out.Discovery.Note = fmt.Sprintf("Profile %s now uses Solana key %s.", p.Name, e.Label)
		return out, nil
	}
	d, np, changed, err := s.discoverAccount(ctx, e)
	out.Discovery = d
	if err != nil {
		return out, err
	}
	if changed {
		out.Profile = np
	} else {
		d.Note = fmt.Sprintf("Profile %s now uses EVM key %s. %s", p.Name, e.Label, d.Note)
		out.Discovery = d
	}
	return out, nil
}

// Rename gives a key a new label; the profile follows when it used the old one.
func (k Keys) Rename(label, newLabel string) (KeyAdded, error) {
	s := k.s
	s.lockKey(label) // a held signer names the old label
	ks, err := s.keys(nil)
	if err != nil {
		return KeyAdded{}, err
	}
	e, err := ks.Rename(label, newLabel)
	if err != nil {
		return KeyAdded{}, err
	}
	out := KeyAdded{Entry: e, Profile: s.Profile()}
	p := out.Profile
	if p.EVMKey == label || p.SolanaKey == label {
		np, err := s.UpdateProfile(func(p *config.Profile) error {
			if p.EVMKey == label {
				if err := p.Set("evm_key", newLabel); err != nil {
					return err
				}
			}
			if p.SolanaKey == label {
				return p.Set("solana_key", newLabel)
			}
			return nil
		})
		if err != nil {
			return out, fmt.Errorf("key renamed to %s, but profile %s still names %s: %w", newLabel, p.Name, label, err)
		}
		out.Profile, out.ProfileChanged = np, true
	}
	return out, nil
}

// KeyRemoved is the outcome of Keys.Remove.
type KeyRemoved struct {
	Label   string `json:"removed"`
	Address string `json:"address"`
	// SecretDeleted is false for a key this home shares with the home it was copied from:
	// its secret was left in the OS keyring (KeyringItems) for that home (SecretLeftFor).
	SecretDeleted bool     `json:"secretDeleted"`
	SecretLeftFor string   `json:"secretLeftFor,omitempty"`
	KeyringItems  []string `json:"keyringItems,omitempty"`
	// Note says in one sentence what happened.
	Note string `json:"-"`
}

// RemoveKeyEffect says, for the question a front end asks before Keys.Remove, what removing e
// does: delete its secret, or (a key of the home this one was copied from) only its entry.
func RemoveKeyEffect(e keystore.Entry) string {
	if from := e.SharedWith(); from != "" {
		return fmt.Sprintf("This home is a copy of the home at %s, which uses the same secret: only this home's entry goes, and the secret stays in the OS keyring for that home.", from)
	}
	return fmt.Sprintf("Its secret is deleted from the %s backend; without a backup it is gone.", e.Backend)
}

// Remove removes a key (the caller confirmed, saying RemoveKeyEffect): its secret and its
// entry, or only the entry of a key whose secret is the home's this one was copied from.
func (k Keys) Remove(label string) (KeyRemoved, error) {
	s := k.s
	s.lockKey(label) // a removed key must not go on signing; the others stay unlocked
	ks, err := s.keys(nil)
	if err != nil {
		return KeyRemoved{}, err
	}
	r, err := ks.Remove(label)
	if err != nil {
		return KeyRemoved{}, err
	}
	out := KeyRemoved{Label: r.Entry.Label, Address: r.Entry.Address, SecretDeleted: r.SecretDeleted,
		Note: fmt.Sprintf("Removed key %s (%s) and its secret.", r.Entry.Label, r.Entry.Address)}
	if !r.SecretDeleted {
		out.SecretLeftFor, out.KeyringItems = r.Entry.SharedWith(), r.Items
		out.Note = fmt.Sprintf("Removed key %s (%s) from this home; its secret was left in the OS keyring (service %q, item %s) for the home at %s, which this home was copied from.",
			r.Entry.Label, r.Entry.Address, keystore.KeyringService, strings.Join(r.Items, ", "), out.SecretLeftFor)
	}
	return out, nil
}

// KeyCheck is what Keys.Doctor found: the key store's inconsistencies, each to be repaired
// with Keys.Repair after asking, and the temporary files interrupted writes left in the home,
// already removed when stale (or kept, saying why).
type KeyCheck struct {
	Findings []keystore.Finding
	Temps    []atomicfile.Leftover
}

// Doctor removes the stale temporary files of the home and lists the inconsistencies of
// the key store (asking the keyring about keyring keys), which it does not change. The
// session's start-up notice is not repeated.
func (k Keys) Doctor() (KeyCheck, error) {
	s := k.s
	s.keyCheck.Do(func() {})
	ks, err := s.keys(nil)
	if err != nil {
		return KeyCheck{}, err
	}
	temps, err := s.sweepTemps(ks)
	if err != nil {
		return KeyCheck{Temps: temps}, err
	}
	fs, err := ks.Doctor()
	return KeyCheck{Findings: fs, Temps: temps}, err
}

// sweepTemps removes the stale temporary files of every atomic write purse makes in the home:
// the key store's (index, key files, audit head and break, a repair's copy of the log), the
// profiles' and the history exports'. A temporary file a running purse is writing is never
// one of them (atomicfile.Sweep). The sandbox sweeps its own state folder when it starts.
func (s *App) sweepTemps(ks *keystore.Store) ([]atomicfile.Leftover, error) {
	keys, err := ks.SweepTemps()
	profiles, perr := config.SweepTemps(s.home)
	exports, eerr := atomicfile.Sweep(ExportDir(s.home), isExportName)
	return append(append(keys, profiles...), exports...), errors.Join(err, perr, eerr)
}

// noticeTemps says in one line which temporary files the start-up sweep removed, and in
// another which it could not (a file a write may still be under way in is no news).
func (s *App) noticeTemps(temps []atomicfile.Leftover, err error) {
	var removed, failed []string
	for _, l := range temps {
		switch {
		case l.Removed:
			removed = append(removed, s.inHome(l.Path))
		case !l.InUse:
			failed = append(failed, fmt.Sprintf("%s (%s)", s.inHome(l.Path), l.Kept))
		}
	}
	if n := len(removed); n > 0 {
		what := "temporary files"
		if n == 1 {
			what = "temporary file"
		}
		s.warn(fmt.Sprintf("purse: removed %d %s interrupted writes left in %s: %s", n, what, s.home, strings.Join(removed, ", ")))
	}
	if err != nil {
		failed = append(failed, OneLine(err))
	}
	if len(failed) > 0 {
		s.warn(fmt.Sprintf("purse: temporary files interrupted writes left in %s could not be removed: %s; `purse key doctor` lists them", s.home, strings.Join(failed, ", ")))
	}
}

// inHome is path relative to the home, for a short line.
func (s *App) inHome(path string) string {
	if rel, err := filepath.Rel(s.home, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// Repair applies one repair Keys.Doctor offered (the caller asked the user first). Adopting a
// key file without an address in it asks that file's passphrase.
func (k Keys) Repair(f keystore.Finding, a keystore.Action) error {
	s := k.s
	s.keyCheck.Do(func() {})
	ks, err := s.keys(nil)
	if err != nil {
		return err
	}
	return ks.Repair(f, a)
}

// CheckNewFile fails when path is empty or already exists: exports never replace a file.
func CheckNewFile(path string) error {
	path = ExpandHome(path)
	if path == "" {
		return fieldErr("file", "expected the path of a new file")
	}
	if _, err := os.Lstat(path); err == nil {
		return fieldErr("file", "%s already exists; refusing to overwrite it", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return &FieldError{Field: "file", Err: err}
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fieldErr("file", "the folder %s does not exist", filepath.Dir(path))
	}
	return nil
}

// Export writes the key as encrypted v3 JSON under exportPass to a new file (mode 0600).
// A file-backend key needs its own passphrase too: without keyPass it fails with
// ErrNeedsUnlock and writes nothing.
func (k Keys) Export(label, path string, keyPass, exportPass []byte) error {
	s := k.s
	path = ExpandHome(path)
	if err := CheckNewFile(path); err != nil {
		return err
	}
	ks, err := s.keys(&Unlock{Passphrase: keyPass, New: exportPass})
	if err != nil {
		return err
	}
	data, err := ks.Export(label)
	if err != nil {
		return err
	}
	defer clear(data)
	return writeNewFile(path, data)
}

// ExportKeyWarning is what a user must know about the encrypted export of e ("" for an evm
// key): EVM tools (cast, geth, MetaMask) read any v3 file and would decrypt a Solana key's
// ed25519 seed as the secp256k1 key of an unrelated account.
func ExportKeyWarning(e keystore.Entry) string {
	if e.Kind != keystore.KindSolana {
		return ""
	}
	return "The file holds a Solana key (marked \"purse\": {\"kind\": \"solana\"}); EVM tools such as cast, geth or MetaMask ignore that mark and would decrypt it as an unrelated Ethereum account. Import it only with purse, as a solana key."
}

// ExportRaw writes the UNENCRYPTED secret of a key to a new file (mode 0600): evm as hex,
// solana as solana-keygen JSON. The caller has had the user confirm it in words. It returns
// the format written.
func (k Keys) ExportRaw(label, path string) (string, error) {
	s := k.s
	path = ExpandHome(path)
	if err := CheckNewFile(path); err != nil {
		return "", err
	}
	ks, err := s.keys(nil)
	if err != nil {
		return "", err
	}
	e, err := ks.Get(label)
	if err != nil {
		return "", err
	}
	data, err := ks.ExportRaw(label)
	if err != nil {
		return "", err
	}
	defer clear(data)
	format := "raw-hex"
	if e.Kind == keystore.KindSolana {
		format = "solana-keygen-json"
	}
	return format, writeNewFile(path, data)
}

// writeNewFile writes an export to a new 0600 file (never replacing one), naming the file
// field in errors. The file is created where the user named it and written there: a temporary
// copy beside it would hold the key under a name the user never asked for, and a crash would
// leave it there.
func writeNewFile(path string, data []byte) error {
	if err := atomicfile.CreateExclusive(path, data, 0o600); err != nil {
		return fmt.Errorf("file: %v", err)
	}
	return nil
}

// FoundAccount is an account found on chain for a key, now the profile's.
type FoundAccount struct {
	TokenID string `json:"tokenId"`
	Address string `json:"address"`
	Key     string `json:"key"`
	Profile string `json:"profile"`
}

// Find looks the account NFT of the EVM key label (empty: the profile's) up on the
// profile's chain; when found, the key and the account become the profile's. Unlike the
// look-up after adding a key, a chain that cannot be read or no account is an error.
func (ac Account) Find(ctx context.Context, label string) (FoundAccount, error) {
	s := ac.s
	p := s.Profile()
	if label == "" {
		label = p.EVMKey
	}
	if label == "" {
		return FoundAccount{}, fieldErr("key", "profile %s has no EVM key; give a key label (see `purse key list`)", p.Name)
	}
	ks, err := s.keys(nil)
	if err != nil {
		return FoundAccount{}, err
	}
	e, err := ks.Get(label)
	if err != nil {
		return FoundAccount{}, err
	}
	if e.Kind != keystore.KindEVM {
		return FoundAccount{}, fieldErr("key", "%s is a %s key; an EVM key is needed", label, e.Kind)
	}
	id, found, err := s.accountOf(ctx, common.HexToAddress(e.Address))
	if err != nil {
		return FoundAccount{}, err
	}
	if !found {
		return FoundAccount{}, fmt.Errorf("no account on chain for %s (key %s, account NFT %s): `purse account mint` makes one", e.Address, label, p.AccountNFT)
	}
	tokenID := strconv.FormatUint(id, 10)
	np, err := s.UpdateProfile(func(p *config.Profile) error { p.EVMKey, p.TokenID = label, tokenID; return nil })
	if err != nil {
		return FoundAccount{}, err
	}
	return FoundAccount{tokenID, e.Address, label, np.Name}, nil
}
