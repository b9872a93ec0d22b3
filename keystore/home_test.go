package keystore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"purse/internal/hometest"
)

func indexOf(t *testing.T, s *Store) *indexFile {
	t.Helper()
	ix, err := s.readIndex()
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func signs(t *testing.T, s *Store, label, want string) {
	t.Helper()
	sg, err := s.EVMSigner(label, "p")
	if err != nil {
		t.Fatalf("%s cannot sign with %s: %v", s.home, label, err)
	}
	if sg.Address().Hex() != want {
		t.Fatalf("%s signs %s as %s, want %s", s.home, label, sg.Address().Hex(), want)
	}
}

// A copy of a home (cp -a) names the original's keyring items. At its first use it becomes a
// home of its own: it still signs with the keys it brought along, but removing one removes
// only its own entry and leaves the secret, so the original still signs; keys it makes
// afterwards are its own, deleted for real. A key file is the copy's own file either way.
func TestCopiedHomeLeavesTheOriginalsSecrets(t *testing.T) {
	keyring.MockInit()
	root := t.TempDir()
	origPath, copyPath := filepath.Join(root, "purse"), filepath.Join(root, "backup")
	pass := &fixedPass{pass: "p"}
	orig, _ := openTest(t, origPath, BackendOS, pass, nil)
	if _, err := orig.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	other, err := orig.New("other", KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	origFiles, _ := openTest(t, origPath, BackendFile, pass, nil)
	file, err := origFiles.New("file", KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	origIx := indexOf(t, orig)
	if origIx.Path != orig.home || origIx.Home == "" {
		t.Fatalf("a new home does not record its place: %+v", origIx)
	}
	devItem := itemName(origIx.Home, origIx.Keys[origIx.find("dev")].ID)

	hometest.Copy(t, origPath, copyPath)
	cp, _ := openTest(t, copyPath, BackendOS, pass, nil)
	cpIx := indexOf(t, cp)
	if cpIx.Home == origIx.Home || cpIx.Path != cp.home {
		t.Fatalf("the copy kept the original's identity: %+v", cpIx)
	}
	for _, e := range cpIx.Keys {
		want := &SharedItem{Home: origIx.Home, Path: orig.home}
		if e.Backend == BackendFile {
			want = nil
		}
		if (e.Shared == nil) != (want == nil) || e.Shared != nil && *e.Shared != *want {
			t.Fatalf("key %s of the copy: shared %+v, want %+v", e.Label, e.Shared, want)
		}
	}
	signs(t, cp, "dev", devAddress)
	if fs := findings(t, cp, false); len(fs) != 0 {
		t.Fatalf("a fresh copy has findings: %+v", fs)
	}

	r, err := cp.Remove("dev")
	if err != nil || r.SecretDeleted || len(r.Items) != 1 || r.Items[0] != devItem {
		t.Fatalf("remove in the copy: %+v %v", r, err)
	}
	if _, err := keyring.Get(KeyringService, devItem); err != nil {
		t.Fatalf("the copy deleted the original's item: %v", err)
	}
	if _, err := cp.Get("dev"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the copy still has the key: %v", err)
	}
	signs(t, orig, "dev", devAddress)

	// The copy's key file is its own: removing it there leaves the original's file.
	if r, err := cp.Remove("file"); err != nil || !r.SecretDeleted {
		t.Fatalf("remove a key file in the copy: %+v %v", r, err)
	}
	signs(t, orig, "file", file.Address)

	// A key made in the copy is the copy's: its item is named by the copy's id, and removing
	// it deletes it.
	own, err := cp.New("own", KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	ownItem := itemName(cpIx.Home, indexOf(t, cp).Keys[indexOf(t, cp).find("own")].ID)
	if _, err := keyring.Get(KeyringService, ownItem); err != nil {
		t.Fatalf("the copy's own key is not under the copy's name: %v", err)
	}
	if r, err := cp.Remove("own"); err != nil || !r.SecretDeleted || r.Entry.Address != own.Address {
		t.Fatalf("remove the copy's own key: %+v %v", r, err)
	}
	if _, err := keyring.Get(KeyringService, ownItem); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the copy's own item is still there: %v", err)
	}

	// A removal cut off in the copy: the doctor finishes it without touching the item.
	setState(t, cp, "other", StateRemoving)
	f := only(t, findings(t, cp, false), ProblemRemoving, ActionFinish)
	if f.Shared == nil || !strings.Contains(f.Describe(ActionFinish), "stays in the OS keyring for the home at "+orig.home) {
		t.Fatalf("finding %+v: %s", f, f.Describe(ActionFinish))
	}
	repair(t, cp, f, ActionFinish)
	signs(t, orig, "other", other.Address)

	// The original removes its own keys for real, and a copy that still names one then says
	// where its secret was.
	hometest.Copy(t, origPath, filepath.Join(root, "backup2"))
	cp2, _ := openTest(t, filepath.Join(root, "backup2"), BackendOS, pass, nil)
	if r, err := orig.Remove("dev"); err != nil || !r.SecretDeleted {
		t.Fatalf("remove in the original: %+v %v", r, err)
	}
	if _, err := keyring.Get(KeyringService, devItem); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("the original's remove left its item: %v", err)
	}
	f = only(t, findings(t, cp2, false), ProblemDangling, ActionDropEntry)
	if f.Label != "dev" || !strings.Contains(f.Detail, orig.home) {
		t.Fatalf("dangling in the copy: %+v", f)
	}
}

// The same folder reached through another path is the same home, and a home made before
// homes recorded their place records it at its first use, keeping its id: neither is a copy.
func TestAHomeIsWhereItIsEvenThroughALink(t *testing.T) {
	keyring.MockInit()
	root := t.TempDir()
	home := filepath.Join(root, "purse")
	s, _ := openTest(t, home, BackendOS, nil, nil)
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	before := indexOf(t, s)

	link := filepath.Join(root, "link")
	if err := os.Symlink(home, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	viaLink, _ := openTest(t, link, BackendOS, nil, nil)
	if r, err := viaLink.Remove("dev"); err != nil || !r.SecretDeleted {
		t.Fatalf("remove through a link: %+v %v", r, err)
	}
	if after := indexOf(t, s); after.Home != before.Home || after.Path != before.Path {
		t.Fatalf("the home through a link became another: %+v, was %+v", after, before)
	}

	// An index from before: an id, no place.
	if _, err := s.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	editIndex(t, s, func(ix *indexFile) { ix.Path = "" })
	again, _ := openTest(t, home, BackendOS, nil, nil)
	ix := indexOf(t, again)
	if ix.Home != before.Home || ix.Path != again.home || ix.Keys[0].Shared != nil {
		t.Fatalf("an index from before, after its first use: %+v", ix)
	}
	if r, err := again.Remove("dev"); err != nil || !r.SecretDeleted {
		t.Fatalf("remove in a home from before: %+v %v", r, err)
	}
}

// A copy of a copy: the keys the first copy brought along stay the original's, the keys it
// made itself become its own copy's shared keys.
func TestACopyOfACopyKnowsEachSecretsHome(t *testing.T) {
	keyring.MockInit()
	root := t.TempDir()
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	sa, _ := openTest(t, a, BackendOS, nil, nil)
	if _, err := sa.ImportHex("dev", KindEVM, []byte(devKeyHex)); err != nil {
		t.Fatal(err)
	}
	hometest.Copy(t, a, b)
	sb, _ := openTest(t, b, BackendOS, nil, nil)
	mine, err := sb.New("mine", KindEVM)
	if err != nil {
		t.Fatal(err)
	}
	hometest.Copy(t, b, c)
	sc, _ := openTest(t, c, BackendOS, nil, nil)
	ix := indexOf(t, sc)
	if e := ix.Keys[ix.find("dev")]; e.Shared == nil || e.Shared.Path != sa.home {
		t.Fatalf("dev in the copy of the copy: %+v", e)
	}
	if e := ix.Keys[ix.find("mine")]; e.Shared == nil || e.Shared.Path != sb.home {
		t.Fatalf("mine in the copy of the copy: %+v", e)
	}
	for _, l := range []string{"dev", "mine"} {
		if r, err := sc.Remove(l); err != nil || r.SecretDeleted {
			t.Fatalf("remove %s in the copy of the copy: %+v %v", l, r, err)
		}
	}
	signs(t, sa, "dev", devAddress)
	signs(t, sb, "dev", devAddress)
	signs(t, sb, "mine", mine.Address)
}
