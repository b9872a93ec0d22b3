package keystore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/internal/atomicfile"
)

// Problem is one kind of inconsistency between the index and the secrets.
type Problem string

const (
	// ProblemDangling: an entry whose secret is gone (no file, no keyring item holding it).
	ProblemDangling Problem = "dangling"
	// ProblemAdding: an entry marked adding, left by an interrupted add.
	ProblemAdding Problem = "interrupted-add"
	// ProblemRemoving: an entry marked removing, left by an interrupted remove.
	ProblemRemoving Problem = "interrupted-remove"
	// ProblemOrphan: a key file no entry names.
	ProblemOrphan Problem = "orphan"
	// ProblemDuplicate: a key file no entry names that is a byte-for-byte copy of an indexed
	// key's file (an interrupted rename leaves one).
	ProblemDuplicate Problem = "duplicate"
	// ProblemTemp: a temporary file an interrupted write left. SweepTemps removes it once it
	// is stale; it is reported, never found by Doctor as a repair to ask about.
	ProblemTemp Problem = "temp"
	// ProblemLegacy: a keyring secret still under its label-only name, which every purse home
	// on the machine shares.
	ProblemLegacy Problem = "legacy-item"
	// ProblemUnchecked: a keyring key the keyring could not be asked about.
	ProblemUnchecked Problem = "unchecked"
)

// Action is one repair of a Finding.
type Action string

const (
	ActionComplete   Action = "complete"      // keep the key of an interrupted add: its secret is there
	ActionDropEntry  Action = "remove-entry"  // remove an entry whose secret is gone or was never stored
	ActionFinish     Action = "finish-remove" // delete what is left of the key's secret, then its entry
	ActionAdopt      Action = "adopt"         // index an orphan key file under Finding.Label
	ActionDeleteFile Action = "delete-file"   // delete the file at Finding.Path (what SweepTemps did to a temp)
	ActionMove       Action = "move-item"     // move the keyring secret to the home's own item name
)

// Finding is one inconsistency. Actions are the repairs that apply, the one to take without
// asking first; none means there is nothing purse can do safely (Detail says why).
type Finding struct {
	Problem Problem  `json:"problem"`
	Label   string   `json:"label,omitempty"` // the key; for an orphan, the label it would be adopted under
	Path    string   `json:"path,omitempty"`  // the file, for orphans, duplicates and temporary files
	Kind    Kind     `json:"kind,omitempty"`
	Address string   `json:"address,omitempty"`
	Detail  string   `json:"detail"`
	Actions []Action `json:"actions"`
	// Shared: the key's secret is the home's this one was copied from; a repair never
	// deletes it.
	Shared *SharedItem `json:"shared,omitempty"`
}

// Describe says in one sentence what a does for f.
func (f Finding) Describe(a Action) string {
	switch a {
	case ActionComplete:
		return fmt.Sprintf("keep key %q: its secret was stored, mark it complete", f.Label)
	case ActionDropEntry:
		return fmt.Sprintf("remove the entry of key %q from the index (there is no secret to lose)", f.Label)
	case ActionFinish:
		if f.Shared != nil {
			return fmt.Sprintf("finish removing key %q from this home: remove its entry (its secret stays in the OS keyring for the home at %s, which this one was copied from)", f.Label, f.Shared.Path)
		}
		if f.Problem == ProblemAdding {
			return fmt.Sprintf("discard key %q: delete its stored secret and its entry (without a backup the key is gone)", f.Label)
		}
		return fmt.Sprintf("finish removing key %q: delete what is left of its secret, then its entry", f.Label)
	case ActionAdopt:
		return fmt.Sprintf("add %s to the index as key %q (its passphrase stays the same)", f.Path, f.Label)
	case ActionDeleteFile:
		if f.Problem == ProblemOrphan {
			return fmt.Sprintf("DELETE %s: the key it holds is lost unless you have a backup", f.Path)
		}
		return fmt.Sprintf("delete %s", f.Path)
	case ActionMove:
		return fmt.Sprintf("move the keyring secret of key %q to this home's own item and delete the shared one", f.Label)
	}
	return string(a)
}

// Doctor lists every inconsistency of the store: entries marked by an interrupted operation,
// entries whose secret is gone (asking the keyring about keyring keys) and key files no entry
// names. It changes nothing; temporary files are SweepTemps'.
func (s *Store) Doctor() ([]Finding, error) { return s.diagnose(true) }

// QuickCheck is Doctor without asking the keyring, cheap enough for every start: it sees
// what the index and the files show (a crash of purse always leaves a mark there).
func (s *Store) QuickCheck() ([]Finding, error) { return s.diagnose(false) }

func (s *Store) diagnose(askKeyring bool) ([]Finding, error) {
	var out []Finding
	err := s.lockedIndex(false, func(ix *indexFile) error {
		for _, e := range ix.Keys {
			if f, ok := s.checkEntry(ix, e, askKeyring); ok {
				out = append(out, f)
			}
		}
		files, err := s.checkFiles(ix)
		out = append(out, files...)
		return err
	})
	return out, err
}

func entryFinding(p Problem, e Entry, detail string, actions ...Action) Finding {
	f := Finding{Problem: p, Label: e.Label, Kind: e.Kind, Address: e.Address, Detail: detail, Actions: actions}
	if e.SharedWith() != "" {
		f.Shared = e.Shared
	}
	return f
}

// secretState says whether e's secret is there: 1 yes, 0 no, -1 not known (keyring not asked
// or not answering, with the error).
func (s *Store) secretState(ix *indexFile, e Entry, askKeyring bool) (int, error) {
	switch e.Backend {
	case BackendFile:
		if _, err := os.Lstat(s.keyFile(e.Label)); err == nil {
			return 1, nil
		} else if errors.Is(err, os.ErrNotExist) {
			return 0, nil
		} else {
			return -1, err
		}
	case BackendOS:
		if !askKeyring {
			return -1, nil
		}
		name, _, err := s.keyringFind(ix.Home, e)
		if err != nil {
			return -1, err
		}
		if name == "" {
			return 0, nil
		}
		return 1, nil
	case BackendLedger:
		return 1, nil // no secret to find: the key is on its device
	}
	return -1, fmt.Errorf("unknown backend %q", e.Backend)
}

func (s *Store) checkEntry(ix *indexFile, e Entry, askKeyring bool) (Finding, bool) {
	switch e.State {
	case StateRemoving:
		return entryFinding(ProblemRemoving, e, fmt.Sprintf("key %q was being removed when purse stopped", e.Label), ActionFinish), true
	case StateAdding:
		st, err := s.secretState(ix, e, askKeyring)
		switch {
		case st == 1:
			return entryFinding(ProblemAdding, e, fmt.Sprintf("key %q was being added when purse stopped; its secret was stored", e.Label), ActionComplete, ActionFinish), true
		case st == 0:
			return entryFinding(ProblemAdding, e, fmt.Sprintf("key %q was being added when purse stopped; its secret was never stored", e.Label), ActionDropEntry), true
		case err != nil:
			return entryFinding(ProblemUnchecked, e, fmt.Sprintf("key %q was being added when purse stopped; whether its secret was stored is unknown: %s", e.Label, oneLine(err.Error()))), true
		}
		return entryFinding(ProblemAdding, e, fmt.Sprintf("key %q was being added when purse stopped", e.Label)), true
	case "":
	default:
		return entryFinding(ProblemUnchecked, e, fmt.Sprintf("key %q has the unknown state %q in the index", e.Label, e.State)), true
	}
	st, err := s.secretState(ix, e, askKeyring)
	switch {
	case err != nil:
		return entryFinding(ProblemUnchecked, e, fmt.Sprintf("key %q could not be checked: %s", e.Label, oneLine(err.Error()))), true
	case st == 0 && e.Backend == BackendFile:
		return entryFinding(ProblemDangling, e, fmt.Sprintf("key %q is in the index but its file %s is gone", e.Label, s.keyFile(e.Label)), ActionDropEntry), true
	case st == 0 && e.SharedWith() != "":
		return entryFinding(ProblemDangling, e, fmt.Sprintf("key %q is in the index but no keyring item holds it (its secret was the home's at %s, which this one was copied from: was the key removed there?)", e.Label, e.SharedWith()), ActionDropEntry), true
	case st == 0:
		return entryFinding(ProblemDangling, e, fmt.Sprintf("key %q is in the index but no keyring item holds it", e.Label), ActionDropEntry), true
	case st == 1 && e.LegacyItem != "":
		return entryFinding(ProblemLegacy, e, fmt.Sprintf("key %q is kept in the keyring item %q, which every purse home on this machine shares", e.Label, e.LegacyItem), ActionMove), true
	}
	return Finding{}, false
}

func (s *Store) checkFiles(ix *indexFile) ([]Finding, error) {
	var out []Finding
	dir, err := os.ReadDir(s.keysDir)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("folder %s: %v", s.keysDir, err)
	}
	for _, d := range dir {
		name, path := d.Name(), filepath.Join(s.keysDir, d.Name())
		if !d.Type().IsRegular() || !strings.HasSuffix(name, ".json") || s.named(ix, name) {
			continue
		}
		if f, ok := s.orphanFinding(ix, path); ok {
			out = append(out, f)
		}
	}
	return out, nil
}

// named tells whether a file-backend entry uses the key file called name.
func (s *Store) named(ix *indexFile, name string) bool {
	for _, e := range ix.Keys {
		if e.Backend == BackendFile && e.Label+".json" == name {
			return true
		}
	}
	return false
}

func (s *Store) orphanFinding(ix *indexFile, path string) (Finding, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Finding{Problem: ProblemOrphan, Path: path, Detail: fmt.Sprintf("%s is in the keys folder but no entry names it, and it cannot be read: %v", path, err)}, true
	}
	for _, e := range ix.Keys {
		if e.Backend != BackendFile {
			continue
		}
		if other, err := os.ReadFile(s.keyFile(e.Label)); err == nil && bytes.Equal(other, data) {
			return Finding{Problem: ProblemDuplicate, Path: path, Label: e.Label, Kind: e.Kind, Address: e.Address,
				Detail: fmt.Sprintf("%s is an exact copy of the file of key %q (an interrupted rename leaves one)", path, e.Label), Actions: []Action{ActionDeleteFile}}, true
		}
	}
	kind, addr, err := fileHeader(data)
	if err != nil {
		return Finding{Problem: ProblemOrphan, Path: path, Detail: fmt.Sprintf("%s is in the keys folder but is not a key file (%v); move it away", path, err)}, true
	}
	label := s.freeLabel(ix, strings.TrimSuffix(filepath.Base(path), ".json"), path)
	what := "a " + string(kind) + " key"
	if addr != "" {
		what += " for " + addr
	}
	return Finding{Problem: ProblemOrphan, Path: path, Label: label, Kind: kind, Address: addr,
		Detail: fmt.Sprintf("%s holds %s but no entry names it", path, what), Actions: []Action{ActionAdopt, ActionDeleteFile}}, true
}

// fileHeader reads the kind and the address (when the file has one) of a v3 key file
// without decrypting it.
func fileHeader(data []byte) (Kind, string, error) {
	var h struct {
		Kind    Kind            `json:"kind"`
		Address string          `json:"address"`
		Crypto  json.RawMessage `json:"crypto"`
	}
	if err := json.Unmarshal(data, &h); err != nil || len(h.Crypto) == 0 {
		return "", "", errors.New("expected Web3 Secret Storage v3 JSON")
	}
	switch h.Kind {
	case KindSolana:
		if pk, err := solana.PublicKeyFromBase58(h.Address); err == nil {
			return KindSolana, pk.String(), nil
		}
		return KindSolana, "", nil
	case "", KindEVM:
		a := h.Address
		if !strings.HasPrefix(a, "0x") {
			a = "0x" + a
		}
		if common.IsHexAddress(a) {
			return KindEVM, common.HexToAddress(a).Hex(), nil
		}
		return KindEVM, "", nil
	}
	return "", "", fmt.Errorf("unknown kind %q", h.Kind)
}

// freeLabel is base when it is a valid label no entry uses (and no other file holds), else
// base-2, base-3... (or "recovered" when base is not a label at all).
func (s *Store) freeLabel(ix *indexFile, base, path string) string {
	if ValidateLabel(base) != nil || len(base) > 56 {
		base = "recovered"
	}
	free := func(l string) bool {
		if ix.find(l) >= 0 {
			return false
		}
		_, err := os.Lstat(s.keyFile(l))
		return s.keyFile(l) == path || errors.Is(err, os.ErrNotExist)
	}
	if free(base) {
		return base
	}
	for n := 2; ; n++ {
		if l := base + "-" + strconv.Itoa(n); free(l) {
			return l
		}
	}
}

// Repair applies a to f (a finding Doctor returned) after checking, under the index lock,
// that f still stands; a finding that changed meanwhile is an error and nothing is done.
func (s *Store) Repair(f Finding, a Action) error {
	if !hasAction(f, a) {
		return fmt.Errorf("repair: %q does not apply to this finding (%s)", a, f.Problem)
	}
	stale := errors.New("repair: the key store changed since the check; run `purse key doctor` again; nothing was done")
	return s.locked(func(ix *indexFile) error {
		switch a {
		case ActionDeleteFile:
			return s.repairDeleteFile(ix, f, stale)
		case ActionAdopt:
			return s.adopt(ix, f, stale)
		}
		i := ix.find(f.Label)
		if i < 0 {
			return stale
		}
		e := ix.Keys[i]
		if now, ok := s.checkEntry(ix, e, true); !ok || now.Problem != f.Problem || !hasAction(now, a) {
			return stale
		}
		switch a {
		case ActionComplete:
			ix.Keys[i].State = ""
			return s.writeIndex(ix)
		case ActionDropEntry:
			ix.Keys = append(ix.Keys[:i:i], ix.Keys[i+1:]...)
			return s.writeIndex(ix)
		case ActionFinish:
			return s.removeLocked(ix, i)
		case ActionMove:
			if err := s.moveLegacy(ix, e.Label); err != nil {
				return err
			}
			if j := ix.find(e.Label); j >= 0 && ix.Keys[j].LegacyItem != "" {
				return fmt.Errorf("key %q: the keyring item %q could not be moved", e.Label, e.LegacyItem)
			}
			return nil
		}
		return fmt.Errorf("repair: unknown action %q", a)
	})
}

func hasAction(f Finding, a Action) bool {
	for _, x := range f.Actions {
		if x == a {
			return true
		}
	}
	return false
}

// repairDeleteFile deletes an orphan or duplicate key file while it still is one: a file of
// the keys folder no entry names (a duplicate only while it is a copy of a key that stays).
func (s *Store) repairDeleteFile(ix *indexFile, f Finding, stale error) error {
	if filepath.Dir(f.Path) != s.keysDir || s.named(ix, filepath.Base(f.Path)) {
		return stale
	}
	if now, ok := s.orphanFinding(ix, f.Path); !ok || now.Problem != f.Problem {
		return stale
	}
	if err := os.Remove(f.Path); err != nil {
		return fmt.Errorf("repair: cannot delete %s: %v", f.Path, err)
	}
	syncDir(filepath.Dir(f.Path))
	return nil
}

// adopt indexes an orphan key file under f.Label. The kind and address come from the file;
// a file without an address is decrypted (its passphrase is asked) to learn it. A file whose
// name is not the label's is copied to it before the index names it and deleted after.
func (s *Store) adopt(ix *indexFile, f Finding, stale error) error {
	if f.Problem != ProblemOrphan || filepath.Dir(f.Path) != s.keysDir || s.named(ix, filepath.Base(f.Path)) {
		return stale
	}
	if err := ValidateLabel(f.Label); err != nil || ix.find(f.Label) >= 0 {
		return stale
	}
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return fmt.Errorf("repair: cannot read %s: %v", f.Path, err)
	}
	kind, addr, err := fileHeader(data)
	if err != nil {
		return fmt.Errorf("repair: %s: %v", f.Path, err)
	}
	if addr == "" {
		pass, err := s.askPassphrase(fmt.Sprintf("Passphrase of %s", f.Path), "")
		if err != nil {
			return err
		}
		sec, err := decryptV3(data, pass, kind, f.Path)
		wipe(pass)
		if err != nil {
			return err
		}
		addr = sec.address()
		sec.wipe()
	}
	created := s.now().UTC().Truncate(time.Second)
	if st, err := os.Stat(f.Path); err == nil {
		created = st.ModTime().UTC().Truncate(time.Second)
	}
	target := s.keyFile(f.Label)
	if target != f.Path {
		if err := atomicfile.WriteNew(target, data, 0o600); err != nil {
			return fmt.Errorf("repair: %v", err)
		}
	} else if err := os.Chmod(target, 0o600); err != nil {
		return fmt.Errorf("repair: %s: cannot set mode 0600: %v", target, err)
	}
	ix.Keys = append(ix.Keys, Entry{Label: f.Label, Kind: kind, Address: addr, Backend: BackendFile, Created: created, ID: newID()})
	if err := s.writeIndex(ix); err != nil {
		if target != f.Path {
			_ = os.Remove(target)
		}
		return err
	}
	if target != f.Path {
		if err := os.Remove(f.Path); err != nil {
			return fmt.Errorf("key %q was added from a copy of %s, but the original could not be deleted: %v", f.Label, f.Path, err)
		}
		syncDir(s.keysDir)
	}
	return nil
}
