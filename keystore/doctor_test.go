package keystore

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// editIndex changes the index as a crash (or an older purse) would have left it.
func editIndex(t *testing.T, s *Store, fn func(ix *indexFile)) {
	t.Helper()
	ix, err := s.readIndex()
	if err != nil {
		t.Fatal(err)
	}
	fn(ix)
	if err := s.writeIndex(ix); err != nil {
		t.Fatal(err)
	}
}

func setState(t *testing.T, s *Store, label string, st State) {
	t.Helper()
	editIndex(t, s, func(ix *indexFile) { ix.Keys[ix.find(label)].State = st })
}

// deleteSecret deletes a key's secret behind the index's back.
func deleteSecret(t *testing.T, s *Store, label string) {
	t.Helper()
	ix, _ := s.readIndex()
	e := ix.Keys[ix.find(label)]
	if e.Backend == BackendFile {
		if err := os.Remove(s.keyFile(label)); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := keyring.Delete(KeyringService, itemName(ix.Home, e.ID)); err != nil {
		t.Fatal(err)
	}
}

func findings(t *testing.T, s *Store, quick bool) []Finding {
	t.Helper()
	var fs []Finding
	var err error
	if quick {
		fs, err = s.QuickCheck()
	} else {
		fs, err = s.Doctor()
	}
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// only returns the one finding there must be, of problem p.
func only(t *testing.T, fs []Finding, p Problem, actions ...Action) Finding {
	t.Helper()
	if len(fs) != 1 || fs[0].Problem != p {
		t.Fatalf("findings %+v, want one %s", fs, p)
	}
	if strings.Join(actionStrings(fs[0].Actions), ",") != strings.Join(actionStrings(actions), ",") {
		t.Fatalf("actions %v, want %v", fs[0].Actions, actions)
	}
	return fs[0]
}

func actionStrings(as []Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, string(a))
	}
	return out
}

func repair(t *testing.T, s *Store, f Finding, a Action) {
	t.Helper()
	if err := s.Repair(f, a); err != nil {
		t.Fatalf("repair %s: %v", a, err)
	}
	if fs := findings(t, s, false); len(fs) != 0 {
		t.Fatalf("after repair: %+v", fs)
	}
}

// Each crash point of add and remove leaves a mark the quick check sees and the doctor
// repairs, for both backends.
func TestDoctorRepairsInterruptedOperations(t *testing.T) {
	backends(t, func(t *testing.T, s *Store, _ *fixedPass) {
		if fs := findings(t, s, false); len(fs) != 0 {
			t.Fatalf("empty store: %+v", fs)
		}
		if _, err := os.Stat(s.indexPath); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("a check wrote the index: %v", err)
		}
		// Killed after the secret was stored, before the entry was completed: keep it.
		if _, err := s.ImportHex("stored", KindEVM, []byte(devKeyHex)); err != nil {
			t.Fatal(err)
		}
		setState(t, s, "stored", StateAdding)
		if _, err := s.Get("stored"); !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "purse key doctor") {
			t.Fatalf("get of an unfinished key: %v", err)
		}
		if _, err := s.New("stored", KindEVM); !errors.Is(err, ErrInterrupted) {
			t.Fatalf("new over an unfinished key: %v", err)
		}
		if fs := findings(t, s, true); len(fs) != 1 || fs[0].Problem != ProblemAdding {
			t.Fatalf("quick check: %+v", fs)
		}
		f := only(t, findings(t, s, false), ProblemAdding, ActionComplete, ActionFinish)
		repair(t, s, f, ActionComplete)
		if sg, err := s.EVMSigner("stored", "p"); err != nil || sg.Address().Hex() != devAddress {
			t.Fatalf("signer after complete: %v", err)
		}
		if err := s.Repair(f, ActionComplete); err == nil || !strings.Contains(err.Error(), "changed since the check") {
			t.Fatalf("a repair of a finding that no longer stands: %v", err)
		}

		// Killed after the entry was written, before the secret: drop the entry.
		if _, err := s.New("never", KindSolana); err != nil {
			t.Fatal(err)
		}
		deleteSecret(t, s, "never")
		setState(t, s, "never", StateAdding)
		f = only(t, findings(t, s, false), ProblemAdding, ActionDropEntry)
		repair(t, s, f, ActionDropEntry)
		if _, err := s.New("never", KindSolana); err != nil {
			t.Fatalf("the label stays blocked: %v", err)
		}

		// Killed while removing (before or after the secret went): finish the removal.
		setState(t, s, "never", StateRemoving)
		if fs := findings(t, s, true); len(fs) != 1 || fs[0].Problem != ProblemRemoving {
			t.Fatalf("quick check: %+v", fs)
		}
		f = only(t, findings(t, s, false), ProblemRemoving, ActionFinish)
		repair(t, s, f, ActionFinish)
		if _, err := s.Get("never"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("entry after finish: %v", err)
		}
		if _, err := s.New("gone", KindEVM); err != nil {
			t.Fatal(err)
		}
		deleteSecret(t, s, "gone")
		setState(t, s, "gone", StateRemoving)
		repair(t, s, only(t, findings(t, s, false), ProblemRemoving, ActionFinish), ActionFinish)

		// Discarding an interrupted add deletes its secret too.
		if _, err := s.New("discard", KindEVM); err != nil {
			t.Fatal(err)
		}
		setState(t, s, "discard", StateAdding)
		repair(t, s, only(t, findings(t, s, false), ProblemAdding, ActionComplete, ActionFinish), ActionFinish)
		if s.Backend() == BackendFile {
			if _, err := os.Stat(s.keyFile("discard")); !errors.Is(err, os.ErrNotExist) {
				t.Fatal("file left after discard")
			}
		}

		// A secret deleted behind purse's back: the entry dangles.
		if _, err := s.New("dangling", KindEVM); err != nil {
			t.Fatal(err)
		}
		deleteSecret(t, s, "dangling")
		f = only(t, findings(t, s, false), ProblemDangling, ActionDropEntry)
		if quick := findings(t, s, true); (s.Backend() == BackendFile) != (len(quick) == 1) {
			t.Fatalf("quick check of a dangling %s entry: %+v", s.Backend(), quick)
		}
		repair(t, s, f, ActionDropEntry)
		if list, _ := s.List(); len(list) != 1 || list[0].Label != "stored" {
			t.Fatalf("index %+v", list)
		}
	})
}

// The file backend's leftovers: an orphan file (the old order, or a file put there), the copy
// an interrupted rename leaves, and temporary files.
func TestDoctorRepairsFileLeftovers(t *testing.T) {
	pass := &fixedPass{pass: "p"}
	s, _ := openTest(t, t.TempDir(), BackendFile, pass, nil)
	if _, err := s.ImportHex("a", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	sol, err := s.New("sol", KindSolana)
	if err != nil {
		t.Fatal(err)
	}
	// An orphan: the file stays, its entry is gone (killed between the two writes of the
	// old order). It blocks nothing and is adopted under its own label.
	editIndex(t, s, func(ix *indexFile) { ix.Keys = ix.Keys[:1] })
	if fs := findings(t, s, true); len(fs) != 1 || fs[0].Problem != ProblemOrphan {
		t.Fatalf("quick check: %+v", fs)
	}
	f := only(t, findings(t, s, false), ProblemOrphan, ActionAdopt, ActionDeleteFile)
	if f.Label != "sol" || f.Kind != KindSolana || f.Address != sol.Address || f.Path != s.keyFile("sol") {
		t.Fatalf("orphan %+v", f)
	}
	repair(t, s, f, ActionAdopt)
	if sg, err := s.SolanaSigner("sol", "p"); err != nil || sg.PublicKey().String() != sol.Address {
		t.Fatalf("adopted key: %v", err)
	}

	// An orphan whose name is no label, from geth (address without 0x): adopted as
	// "recovered", its file moved to that name.
	data, _ := os.ReadFile(s.keyFile("a"))
	odd := filepath.Join(s.keysDir, "UTC--2024 geth.json")
	if err := os.WriteFile(odd, data, 0o644); err != nil {
		t.Fatal(err)
	}
	editIndex(t, s, func(ix *indexFile) { ix.Keys = ix.Keys[1:] }) // a goes: its file is the copy's twin no longer
	if err := os.Remove(s.keyFile("a")); err != nil {
		t.Fatal(err)
	}
	f = only(t, findings(t, s, false), ProblemOrphan, ActionAdopt, ActionDeleteFile)
	if f.Label != "recovered" || f.Address != devAddress {
		t.Fatalf("orphan %+v", f)
	}
	repair(t, s, f, ActionAdopt)
	if _, err := os.Stat(odd); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the adopted file kept its old name too")
	}
	if st, err := os.Stat(s.keyFile("recovered")); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("adopted file: %v", err)
	}
	if sg, err := s.EVMSigner("recovered", "p"); err != nil || sg.Address().Hex() != devAddress {
		t.Fatalf("adopted key: %v", err)
	}

	// A rename killed after the copy (or before deleting the old name): an exact copy.
	data, _ = os.ReadFile(s.keyFile("recovered"))
	if err := os.WriteFile(s.keyFile("copy"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	f = only(t, findings(t, s, false), ProblemDuplicate, ActionDeleteFile)
	if f.Label != "recovered" {
		t.Fatalf("duplicate %+v", f)
	}
	repair(t, s, f, ActionDeleteFile)

	// A temporary file is not a finding (SweepTemps removes it), and the doctor never
	// deletes one: not as an orphan, not through a forged finding.
	temp := filepath.Join(s.keysDir, ".recovered.json.tmp-456")
	if err := os.WriteFile(temp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if fs := findings(t, s, false); len(fs) != 0 {
		t.Fatalf("a temporary file is a finding: %+v", fs)
	}
	forged := Finding{Problem: ProblemTemp, Path: temp, Actions: []Action{ActionDeleteFile}}
	if err := s.Repair(forged, ActionDeleteFile); err == nil {
		t.Fatal("Repair deleted a temporary file on a finding Doctor never made")
	}
	if err := os.Remove(temp); err != nil {
		t.Fatal(err)
	}

	// An orphan may be deleted instead (after the user agreed); a file outside the store never.
	if err := os.WriteFile(s.keyFile("junk"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(s.keyFile("recovered")); err != nil { // no longer a copy of an indexed file
		t.Fatal(err)
	}
	fs := findings(t, s, false)
	if len(fs) != 2 {
		t.Fatalf("findings %+v", fs)
	}
	for _, f := range fs {
		switch f.Problem {
		case ProblemDangling:
			repair2(t, s, f, ActionDropEntry)
		case ProblemOrphan:
			outside := f
			outside.Path = filepath.Join(t.TempDir(), "junk.json")
			_ = os.WriteFile(outside.Path, data, 0o600)
			if err := s.Repair(outside, ActionDeleteFile); err == nil {
				t.Fatal("deleted a file outside the store")
			}
			if err := s.Repair(f, ActionComplete); err == nil {
				t.Fatal("an action the finding does not offer was taken")
			}
			repair2(t, s, f, ActionDeleteFile)
		default:
			t.Fatalf("finding %+v", f)
		}
	}
	if fs := findings(t, s, false); len(fs) != 0 {
		t.Fatalf("left: %+v", fs)
	}
}

func repair2(t *testing.T, s *Store, f Finding, a Action) {
	t.Helper()
	if err := s.Repair(f, a); err != nil {
		t.Fatalf("repair %s: %v", a, err)
	}
}

// A rename copies the file before the index names it and deletes the old name after: the
// index never names a file that is gone, and a failed index write leaves no copy.
func TestRenameNeverLosesTheFile(t *testing.T) {
	s, _ := openTest(t, t.TempDir(), BackendFile, &fixedPass{pass: "p"}, nil)
	if _, err := s.ImportHex("a", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	orig := writeAtomic
	t.Cleanup(func() { writeAtomic = orig })
	writeAtomic = func(path string, data []byte, perm os.FileMode) error {
		if filepath.Base(path) == "keys.json" {
			return errors.New("disk full")
		}
		return orig(path, data, perm)
	}
	if _, err := s.Rename("a", "b"); err == nil || !strings.Contains(err.Error(), "keeps its label") {
		t.Fatalf("rename: %v", err)
	}
	writeAtomic = orig
	if fs := findings(t, s, false); len(fs) != 0 {
		t.Fatalf("after a failed rename: %+v", fs)
	}
	// At every write of the index during a rename, the index on disk and the one written
	// name files that exist: a kill at any of those moments loses nothing.
	writeAtomic = func(path string, data []byte, perm os.FileMode) error {
		if filepath.Base(path) == "keys.json" {
			onDisk, _ := os.ReadFile(path)
			for _, b := range [][]byte{onDisk, data} {
				var ix indexFile
				_ = json.Unmarshal(b, &ix)
				for _, e := range ix.Keys {
					if _, err := os.Stat(s.keyFile(e.Label)); err != nil {
						t.Errorf("the index names %s while its file is missing", e.Label)
					}
				}
			}
		}
		return orig(path, data, perm)
	}
	if _, err := s.Rename("a", "b"); err != nil {
		t.Fatal(err)
	}
	if fs := findings(t, s, false); len(fs) != 0 {
		t.Fatalf("after a rename: %+v", fs)
	}
}

// Keyring items are named by the home's id and the key's id: two homes with the same label
// are independent.
func TestKeyringItemsArePerHome(t *testing.T) {
	keyring.MockInit()
	h1, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	h2, _ := openTest(t, t.TempDir(), BackendOS, nil, nil)
	e1, err := h1.New("shared", KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	e2, err := h2.ImportHex("shared", KindEVM, []byte(devKeyHex))
	if err != nil {
		t.Fatalf("the second home cannot use the label: %v", err)
	}
	if _, err := keyring.Get(KeyringService, "shared"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("an item is named by the label alone: %v", err)
	}
	if _, err := h1.Remove("shared"); err != nil {
		t.Fatal(err)
	}
	if sg, err := h2.EVMSigner("shared", "p"); err != nil || sg.Address().Hex() != e2.Address {
		t.Fatalf("removing in one home broke the other: %v", err)
	}
	if _, err := h1.New("shared", KindEVM); err != nil || e1.Address == e2.Address {
		t.Fatalf("new after remove: %v", err)
	}
	ix1, _ := h1.readIndex()
	ix2, _ := h2.readIndex()
	if ix1.Home == "" || ix1.Home == ix2.Home {
		t.Fatalf("home ids %q %q", ix1.Home, ix2.Home)
	}
}

func evmSecret(t *testing.T, h string) *secret {
	t.Helper()
	raw, _ := hex.DecodeString(h)
	sec, err := newEVMSecret(raw)
	if err != nil {
		t.Fatal(err)
	}
	return sec
}

func legacyItem(t *testing.T, sec *secret) string {
	t.Helper()
	raw := sec.raw()
	b, err := json.Marshal(keyringItem{Kind: sec.kind, Secret: hex.EncodeToString(raw)})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An index and items made before namespacing: Open moves each label-only item holding the
// entry's key to the home's own name and deletes the old one; an item holding another key
// (another home's) is left alone. Each crash point of the move is finished on the next Open.
func TestLegacyKeyringItemsAreMigrated(t *testing.T) {
	dev, other := evmSecret(t, devKeyHex), evmSecret(t, strings.Repeat("11", 32))
	created := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	legacyIndex := func(t *testing.T, home string) {
		t.Helper()
		ix := indexFile{Version: 1, Keys: []Entry{
			{Label: "mine", Kind: KindEVM, Address: devAddress, Backend: BackendOS, Created: created},
			{Label: "theirs", Kind: KindEVM, Address: devAddress, Backend: BackendOS, Created: created},
		}}
		b, _ := json.Marshal(ix)
		if err := os.WriteFile(filepath.Join(home, "keys.json"), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, crash := range []string{"none", "after copy", "after delete"} {
		t.Run(crash, func(t *testing.T) {
			home := t.TempDir()
			legacyIndex(t, home)
			kr := &fakeKeyring{items: map[string]string{
				"purse/mine":   legacyItem(t, dev),
				"purse/theirs": legacyItem(t, other), // same label in another home, another key
			}}
			if crash != "none" {
				// The first Open gave the index its ids; the move then stopped.
				editHome := func(ix *indexFile) {
					ix.upgrade(home)
					name := "purse/" + itemName(ix.Home, ix.Keys[ix.find("mine")].ID)
					kr.items[name] = kr.items["purse/mine"]
					if crash == "after delete" {
						delete(kr.items, "purse/mine")
					}
				}
				var ix indexFile
				b, _ := os.ReadFile(filepath.Join(home, "keys.json"))
				_ = json.Unmarshal(b, &ix)
				editHome(&ix)
				b, _ = json.Marshal(ix)
				_ = os.WriteFile(filepath.Join(home, "keys.json"), b, 0o600)
			}
			s, _ := openTest(t, home, BackendOS, nil, kr)
			ix, _ := s.readIndex()
			mine := ix.Keys[ix.find("mine")]
			if ix.Home == "" || mine.ID == "" || mine.LegacyItem != "" {
				t.Fatalf("index after open: %+v", ix)
			}
			if _, ok := kr.items["purse/mine"]; ok {
				t.Error("the label-only item is still there")
			}
			if _, ok := kr.items["purse/"+itemName(ix.Home, mine.ID)]; !ok {
				t.Error("no item under the home's own name")
			}
			if _, ok := kr.items["purse/theirs"]; !ok {
				t.Error("another home's item was touched")
			}
			if sg, err := s.EVMSigner("mine", "p"); err != nil || sg.Address().Hex() != devAddress {
				t.Fatalf("signer after migration: %v", err)
			}
			if e := ix.Keys[ix.find("theirs")]; e.LegacyItem != "theirs" {
				t.Fatalf("theirs: %+v", e)
			}
			// The doctor: "theirs" has no item holding its key.
			f := only(t, findings(t, s, false), ProblemDangling, ActionDropEntry)
			if f.Label != "theirs" {
				t.Fatalf("finding %+v", f)
			}
			repair(t, s, f, ActionDropEntry)
			if _, ok := kr.items["purse/theirs"]; !ok {
				t.Error("the repair deleted another home's item")
			}
		})
	}

	// A keyring that fails during the move: Open still works, the key is read from its old
	// item, and the doctor offers the move.
	home := t.TempDir()
	legacyIndex(t, home)
	kr := &fakeKeyring{items: map[string]string{"purse/mine": legacyItem(t, dev)}, setErr: errors.New("read-only")}
	s, _ := openTest(t, home, BackendOS, nil, kr)
	if sg, err := s.EVMSigner("mine", "p"); err != nil || sg.Address().Hex() != devAddress {
		t.Fatalf("signer from the old item: %v", err)
	}
	fs := findings(t, s, false)
	if len(fs) != 2 {
		t.Fatalf("findings %+v", fs)
	}
	kr.setErr = nil
	for _, f := range fs {
		if f.Problem == ProblemLegacy {
			repair2(t, s, f, ActionMove)
		}
	}
	if _, ok := kr.items["purse/mine"]; ok {
		t.Error("the label-only item is still there after the move")
	}
}
