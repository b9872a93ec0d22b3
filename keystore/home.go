package keystore

import (
	"os"
	"path/filepath"
)

// A home knows where it lives: its index records the folder it was made in (indexFile.Path)
// next to its random id, which names its OS-keyring items. A copy of the folder (a backup
// made with cp -a, a second home started from one) carries both, and so would share the
// original's items: removing a key in the copy would delete the original's secret. So a home
// found anywhere but where it was recorded is a copy. At its first use it becomes a home of
// its own — a new id and its own place — and every OS-keyring key it brought along is marked
// as the original's (Entry.Shared): it still signs with it, but removing it there removes
// only its own entry and leaves the secret for the original. Keys it makes afterwards are
// its own. The same folder reached through another path (a symbolic link, a bind mount) is
// the same home (os.SameFile). A home moved away is taken for a copy as well: nothing tells
// a move from a copy whose original was deleted, and leaving a secret in the keyring can be
// undone where deleting one cannot.

// SharedItem names the home whose OS-keyring item holds the secret of a key this home
// brought along when it was copied from it.
type SharedItem struct {
	Home string `json:"home"` // that home's id, which names the item with the key's id
	Path string `json:"path"` // where that home lived when this one was copied from it
}

// SharedWith is where the home whose keyring item holds e's secret lived, for a key this home
// brought along when it was copied from it; "" for a key of its own.
func (e Entry) SharedWith() string {
	if e.Backend != BackendOS || e.Shared == nil {
		return ""
	}
	return e.Shared.Path
}

// locate records where the home lives, and makes a home found anywhere else a home of its
// own whose keyring keys are the original's (see above). It reports whether it changed ix.
func (ix *indexFile) locate(here string) bool {
	switch {
	case ix.Path == "":
		// A home from before homes recorded their place lives where it is found. A copy of
		// one made before this cannot be told apart from its original.
		ix.Path = here
		return true
	case sameFolder(ix.Path, here):
		return false
	}
	for i := range ix.Keys {
		if e := &ix.Keys[i]; e.Backend == BackendOS && e.Shared == nil {
			e.Shared = &SharedItem{Home: ix.Home, Path: ix.Path}
		}
	}
	ix.Home, ix.Path = newID(), here
	return true
}

// sameFolder tells whether two paths name one folder.
func sameFolder(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
