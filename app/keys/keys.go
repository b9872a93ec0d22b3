// Package keys is key management: what a user does with the home's keys — list them, add,
// import, rename, remove, export them, make one the profile's, check and repair the store.
// The CLI's key commands and the TUI's Keys and first-run screens call it. The key store, the
// unlocked keys and the signers stay the core's (package app); this package reaches them
// only through its port (app/internal/port).
package keys

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"purse/app"
	"purse/app/internal/port"
	"purse/config"
	"purse/internal/atomicfile"
	"purse/keystore"
)

// Service is the key management of one session.
type Service struct {
	core *app.App
	s    port.Keys
}

// New is the key management of the session core.
func New(core *app.App) Service {
	s, _ := port.KeysOf(core) // nil for a nil core: every use then fails, as on a nil App
	return Service{core: core, s: s}
}

// Source is where a new key comes from.
type Source int

// The ways a key enters the store.
const (
	SourceNew           Source = iota // generated here
	SourceHex                         // a file holding the private key in hex
	SourceMnemonic                    // a file holding a BIP-39 mnemonic
	SourceKeystoreJSON                // a Web3 Secret Storage v3 file (asks its passphrase)
	SourceSolanaKeypair               // a solana-keygen JSON file
	SourceLedger                      // a key on a Ledger device: only its address and path are stored
)

// Request is one add or import. Secrets are read from File inside the task; they are never
// typed into the UI (passphrases excepted) and never kept after the task.
type Request struct {
	Source Source
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
	// Transport reaches a Ledger device (SourceLedger): "hid" or "speculos:HOST:PORT"; ""
	// is the profile's device (the purse sandbox's stand-in on a sandbox profile, else
	// USB). Path is the key's path on it.
	Transport string
}

// sourceField names each source's file in errors (as the CLI's flags do).
var sourceField = map[Source]string{
	SourceHex: "private-key-file", SourceMnemonic: "mnemonic-file",
	SourceKeystoreJSON: "keystore-json", SourceSolanaKeypair: "solana-keypair",
}

// Import is an import as typed: a label, a kind and exactly one source file, with the
// mnemonic's derivation (a path or an account index) and optional BIP-39 passphrase file.
type Import struct {
	Label, Kind                                               string
	PrivateKeyFile, MnemonicFile, KeystoreJSON, SolanaKeypair string
	Path, Index, MnemonicPassFile                             string
}

// labelErr is keystore.ValidateLabel as an error of the label field.
func labelErr(label string) error {
	if keystore.ValidateLabel(label) != nil {
		return &app.FieldError{Field: "label", Err: fmt.Errorf("expected %s, got %q", keystore.LabelRule, label)}
	}
	return nil
}

// CheckLabel checks a key's new label (no I/O, so a form can call it on every key).
func CheckLabel(label string) error {
	if label == "" {
		return &app.FieldError{Field: "label", Err: errors.New("expected a label such as main or sol-1")}
	}
	return labelErr(label)
}

// CheckLabelKind checks a new key's label and kind.
func CheckLabelKind(label, kind string) (keystore.Kind, error) {
	if err := CheckLabel(label); err != nil {
		return "", err
	}
	if kind == "" {
		return "", &app.FieldError{Field: "kind", Err: errors.New("expected evm or solana")}
	}
	k, err := keystore.ParseKind(kind)
	if err != nil {
		return "", &app.FieldError{Field: "kind", Err: fmt.Errorf("expected evm or solana, got %q", kind)}
	}
	return k, nil
}

// Request checks the import and makes it a Request (a solana-keygen file implies the
// solana kind). Nothing is read yet.
func (k Import) Request() (Request, error) {
	var req Request
	n := 0
	for _, src := range []struct {
		file string
		s    Source
	}{{k.PrivateKeyFile, SourceHex}, {k.MnemonicFile, SourceMnemonic}, {k.KeystoreJSON, SourceKeystoreJSON}, {k.SolanaKeypair, SourceSolanaKeypair}} {
		if src.file != "" {
			n++
			req.Source, req.File = src.s, src.file
		}
	}
	if n != 1 {
		return req, app.Usagef("expected exactly one source: --private-key-file, --mnemonic-file, --keystore-json or --solana-keypair (got %d)", n)
	}
	mnemonic := req.Source == SourceMnemonic
	switch {
	case !mnemonic && (k.Path != "" || k.Index != "" || k.MnemonicPassFile != ""):
		return req, app.Usagef("--path, --index and --mnemonic-passphrase-file go with --mnemonic-file only")
	case k.Path != "" && k.Index != "":
		return req, app.Usagef("--path and --index: give one of them, not both")
	case k.MnemonicFile == "-" && k.MnemonicPassFile == "-":
		return req, app.Usagef("--mnemonic-file and --mnemonic-passphrase-file cannot both read stdin")
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
		return req, &app.FieldError{Field: "solana-keypair", Err: fmt.Errorf("holds a solana key, but the kind is %s", req.Kind)}
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

// Added is the outcome of an add, import or profile-key change.
type Added struct {
	Entry     keystore.Entry
	Discovery Discovery
	// Profile is the profile after the operation; ProfileChanged says it was saved.
	Profile        config.Profile
	ProfileChanged bool
}

// discoveryTimeout bounds the account look-up after a key is added.
const discoveryTimeout = 10 * time.Second

// List returns the keys of the store (labels and addresses, never secrets).
func (k Service) List() ([]keystore.Entry, error) {
	ks, err := k.s.KeyStore(nil)
	if err != nil {
		return nil, err
	}
	return ks.List()
}

// Entry is key label's entry in the store (kind, address, backend; never a secret).
func (k Service) Entry(label string) (keystore.Entry, error) {
	ks, err := k.s.KeyStore(nil)
	if err != nil {
		return keystore.Entry{}, err
	}
	return ks.Get(label)
}

// Add creates or imports the key of req, then (EVM) looks its account up on chain and, when
// asked or found, makes it the profile's key. With the file backend the new key file's
// passphrase is u.New; without it the call fails with a needs-unlock error (New) and
// creates nothing.
func (k Service) Add(ctx context.Context, req Request, u *app.Unlock) (Added, error) {
	if err := labelErr(req.Label); err != nil {
		return Added{}, err
	}
	var newPass []byte
	if u != nil {
		newPass = u.New
	}
	ks, err := k.s.KeyStore(&app.Unlock{New: newPass})
	if err != nil {
		return Added{}, err
	}
	if _, err := ks.Get(req.Label); err == nil {
		return Added{}, fmt.Errorf("key %q: %w; choose another label or remove the key first", req.Label, keystore.ErrExists)
	}
	var e keystore.Entry
	switch req.Source {
	case SourceNew:
		e, err = ks.New(req.Label, req.Kind)
	case SourceHex:
		var b []byte
		if b, err = k.s.ReadSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportHex(req.Label, req.Kind, b)
			clear(b)
		}
	case SourceMnemonic:
		e, err = k.importMnemonic(ks, req)
	case SourceKeystoreJSON:
		var b []byte
		if b, err = k.s.ReadSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportKeystoreJSON(req.Label, req.Kind, b, req.FilePass)
			clear(b)
		}
	case SourceSolanaKeypair:
		var b []byte
		if b, err = k.s.ReadSecret(sourceField[req.Source], req.File, req.Stdin); err == nil {
			e, err = ks.ImportSolanaKeypair(req.Label, b)
			clear(b)
		}
	case SourceLedger:
		e, err = k.addLedger(ctx, ks, req)
	default:
		err = fmt.Errorf("unknown key source %d", req.Source)
	}
	if errors.Is(err, keystore.ErrSameKey) {
		return Added{}, app.Usagef("%s", err) // the user's to decide: use the stored key
	}
	if errors.Is(err, keystore.ErrInvalidSecret) {
		return Added{}, app.Usagef("%s", err) // malformed or all-zero: bad input, as any other
	}
	if err != nil {
		return Added{}, err
	}
	out := Added{Entry: e, Profile: k.s.Profile()}
	if req.UseForProfile {
		p, err := k.Use(ctx, e)
		if err != nil {
			return out, fmt.Errorf("key %s was added, but the profile could not be changed: %w", e.Label, err)
		}
		return p, nil
	}
	if e.Kind == keystore.KindEVM {
		d, p, changed, err := k.discoverAccount(ctx, e)
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

func (k Service) importMnemonic(ks *keystore.Store, req Request) (keystore.Entry, error) {
	path := strings.TrimSpace(req.Path)
	if idx := strings.TrimSpace(req.Index); idx != "" {
		if path != "" {
			return keystore.Entry{}, app.Usagef("mnemonic: give a derivation path or an account index, not both")
		}
		// Above 2^31-1 an index is a hardened one in BIP-32: 2147483648 would derive 0'.
		n, err := strconv.ParseUint(idx, 10, 32)
		if err != nil || n >= 1<<31 {
			return keystore.Entry{}, &app.FieldError{Field: "index", Err: fmt.Errorf("expected an account number from 0 to %d, got %q", uint64(1<<31-1), idx)}
		}
		path = keystore.MnemonicPath(req.Kind, uint32(n))
	}
	m, err := k.s.ReadSecret(sourceField[req.Source], req.File, req.Stdin)
	if err != nil {
		return keystore.Entry{}, err
	}
	defer clear(m)
	var pass []byte
	if req.MnemonicPassFile != "" {
		if pass, err = k.s.ReadSecret("mnemonic-passphrase-file", req.MnemonicPassFile, req.Stdin); err != nil {
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
func (k Service) discoverAccount(ctx context.Context, e keystore.Entry) (d Discovery, p config.Profile, changed bool, err error) {
	p = k.s.Profile()
	if e.Kind != keystore.KindEVM {
		return Discovery{}, p, false, nil
	}
	chain := k.s.HomeChain(p)
	if _, nftErr := chain.NFT(); p.EVMRPC == "" || nftErr != nil {
		d.Note = fmt.Sprintf("Profile %s has no evm_rpc or account_nft, so no account was looked up (set them on the Settings screen or with `purse profile set`).", p.Name)
		return d, p, false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, discoveryTimeout)
	defer cancel()
	id, found, err := chain.FindAccount(ctx, common.HexToAddress(e.Address))
	if err != nil {
		d.Note = fmt.Sprintf("The account look-up was skipped: the chain of profile %s does not answer (%s).", p.Name, app.OneLine(err))
		return d, p, false, nil
	}
	d.Checked = true
	if !found {
		d.Note = fmt.Sprintf("%s has no account on the chain of profile %s yet: mint one on the Account screen or with `purse account mint`.", e.Address, p.Name)
		return d, p, false, nil
	}
	d.Found, d.TokenID = true, strconv.FormatUint(id, 10)
	np, err := k.core.UpdateProfile(func(p *config.Profile) error {
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
func (k Service) Use(ctx context.Context, e keystore.Entry) (Added, error) {
	field := "solana_key"
	if e.Kind == keystore.KindEVM {
		field = "evm_key"
	}
	before := k.s.Profile()
	same := (e.Kind == keystore.KindEVM && before.EVMKey == e.Label) || (e.Kind == keystore.KindSolana && before.SolanaKey == e.Label)
	p, err := k.core.UpdateProfile(func(p *config.Profile) error {
		if err := p.Set(field, e.Label); err != nil {
			return err
		}
		if e.Kind == keystore.KindEVM && !same {
			return p.Set("token_id", "")
		}
		return nil
	})
	if err != nil {
		return Added{}, err
	}
	out := Added{Entry: e, Profile: p, ProfileChanged: true}
	if e.Kind != keystore.KindEVM {
		out.Discovery.Note = fmt.Sprintf("Profile %s now uses Solana key %s.", p.Name, e.Label)
		return out, nil
	}
	d, np, changed, err := k.discoverAccount(ctx, e)
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
func (k Service) Rename(label, newLabel string) (Added, error) {
	k.s.LockKey(label) // a held signer names the old label
	ks, err := k.s.KeyStore(nil)
	if err != nil {
		return Added{}, err
	}
	e, err := ks.Rename(label, newLabel)
	if err != nil {
		return Added{}, err
	}
	out := Added{Entry: e, Profile: k.s.Profile()}
	p := out.Profile
	if p.EVMKey == label || p.SolanaKey == label {
		np, err := k.core.UpdateProfile(func(p *config.Profile) error {
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

// Removed is the outcome of Service.Remove.
type Removed struct {
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

// RemoveEffect says, for the question a front end asks before Service.Remove, what removing e
// does: delete its secret, or (a key of the home this one was copied from) only its entry.
func RemoveEffect(e keystore.Entry) string {
	if from := e.SharedWith(); from != "" {
		return fmt.Sprintf("This home is a copy of the home at %s, which uses the same secret: only this home's entry goes, and the secret stays in the OS keyring for that home.", from)
	}
	if e.Backend == keystore.BackendLedger {
		return "The key is on a Ledger device: only its entry goes (its address and path); the device keeps the key."
	}
	return fmt.Sprintf("Its secret is deleted from the %s backend; without a backup it is gone.", e.Backend)
}

// Remove removes a key (the caller confirmed, saying RemoveEffect): its secret and its
// entry, or only the entry of a key whose secret is the home's this one was copied from.
func (k Service) Remove(label string) (Removed, error) {
	k.s.LockKey(label) // a removed key must not go on signing; the others stay unlocked
	ks, err := k.s.KeyStore(nil)
	if err != nil {
		return Removed{}, err
	}
	r, err := ks.Remove(label)
	if err != nil {
		return Removed{}, err
	}
	out := Removed{Label: r.Entry.Label, Address: r.Entry.Address, SecretDeleted: r.SecretDeleted,
		Note: fmt.Sprintf("Removed key %s (%s) and its secret.", r.Entry.Label, r.Entry.Address)}
	if r.Entry.Backend == keystore.BackendLedger {
		out.Note = fmt.Sprintf("Removed key %s (%s): its entry only; the key stays on its Ledger device.", r.Entry.Label, r.Entry.Address)
	} else if !r.SecretDeleted {
		out.SecretLeftFor, out.KeyringItems = r.Entry.SharedWith(), r.Items
		out.Note = fmt.Sprintf("Removed key %s (%s) from this home; its secret was left in the OS keyring (service %q, item %s) for the home at %s, which this home was copied from.",
			r.Entry.Label, r.Entry.Address, keystore.KeyringService, strings.Join(r.Items, ", "), out.SecretLeftFor)
	}
	return out, nil
}

// Check is what Service.Doctor found: the key store's inconsistencies, each to be repaired
// with Service.Repair after asking, and the temporary files interrupted writes left in the
// home, already removed when stale (or kept, saying why).
type Check struct {
	Findings []keystore.Finding
	Temps    []atomicfile.Leftover
}

// Doctor removes the stale temporary files of the home and lists the inconsistencies of
// the key store (asking the keyring about keyring keys), which it does not change. The
// session's start-up notice is not repeated.
func (k Service) Doctor() (Check, error) {
	ks, err := k.s.KeyStoreForCheck()
	if err != nil {
		return Check{}, err
	}
	temps, err := k.s.SweepTemps(ks)
	if err != nil {
		return Check{Temps: temps}, err
	}
	fs, err := ks.Doctor()
	return Check{Findings: fs, Temps: temps}, err
}

// Repair applies one repair Service.Doctor offered (the caller asked the user first).
// Adopting a key file without an address in it asks that file's passphrase.
func (k Service) Repair(f keystore.Finding, a keystore.Action) error {
	ks, err := k.s.KeyStoreForCheck()
	if err != nil {
		return err
	}
	return ks.Repair(f, a)
}

// Export writes the key as encrypted v3 JSON under exportPass to a new file (mode 0600).
// A file-backend key needs its own passphrase too: without keyPass it fails with
// ErrNeedsUnlock and writes nothing.
func (k Service) Export(label, path string, keyPass, exportPass []byte) error {
	path = app.ExpandHome(path)
	if err := app.CheckNewFile(path); err != nil {
		return err
	}
	ks, err := k.s.KeyStore(&app.Unlock{Passphrase: keyPass, New: exportPass})
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

// ExportWarning is what a user must know about the encrypted export of e ("" for an evm
// key): EVM tools (cast, geth, MetaMask) read any v3 file and would decrypt a Solana key's
// ed25519 seed as the secp256k1 key of an unrelated account.
func ExportWarning(e keystore.Entry) string {
	if e.Kind != keystore.KindSolana {
		return ""
	}
	return "The file holds a Solana key (marked \"purse\": {\"kind\": \"solana\"}; its address is base58). An EVM tool either refuses it (ethers v6: invalid address) or ignores the mark and decrypts it as an unrelated Ethereum account (go-ethereum's keystore does). Import it only with purse, as a solana key."
}

// ExportRaw writes the UNENCRYPTED secret of a key to a new file (mode 0600): evm as hex,
// solana as solana-keygen JSON. The caller has had the user confirm it in words. It returns
// the format written.
func (k Service) ExportRaw(label, path string) (string, error) {
	path = app.ExpandHome(path)
	if err := app.CheckNewFile(path); err != nil {
		return "", err
	}
	ks, err := k.s.KeyStore(nil)
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
