package keystore

import (
	"sync"
)

// migrateTried holds the homes whose keyring items this process tried to move: the keyring is
// asked once per process, not at every Open (each ask can take the timeout, or wake an
// unlock prompt). What is left is the doctor's.
var migrateTried sync.Map

// migrate gives an index made before homes had ids its ids, records where the home lives
// (a copy found elsewhere becomes a home of its own, see home.go), and moves every keyring
// item still under a label-only name (shared by every home on the machine) to the home's own
// name. A failure changes nothing that matters: the index is upgraded by the next operation
// that writes it, before it acts; such a key is still read from its old name, and
// `purse key doctor` offers the move again.
func (s *Store) migrate() {
	ix, err := s.readIndex()
	if err != nil || len(ix.Keys) == 0 {
		return
	}
	moves := false
	for _, e := range ix.Keys {
		moves = moves || e.ID == "" || (e.LegacyItem != "" && e.State == "")
	}
	if !moves {
		if ix.Home == "" || ix.Path == "" || !sameFolder(ix.Path, s.home) {
			_ = s.locked(func(*indexFile) error { return nil }) // upgrades the index
		}
		return
	}
	if _, tried := migrateTried.LoadOrStore(s.home, true); tried {
		return
	}
	_ = s.locked(func(ix *indexFile) error {
		for _, e := range ix.Keys {
			if e.LegacyItem == "" || e.State != "" {
				continue
			}
			if err := s.moveLegacy(ix, e.Label); err != nil {
				return err
			}
		}
		return nil
	})
}

// moveLegacy moves the secret of key label from its label-only item to the home's own name:
// copy, then delete the old item, then clear LegacyItem. A crash after the copy leaves both
// items (the next run copies again); after the delete, an entry naming a gone old item (the
// next run sees the new one and clears it). An old item holding another key is another
// home's and is never touched.
func (s *Store) moveLegacy(ix *indexFile, label string) error {
	i := ix.find(label)
	if i < 0 || ix.Keys[i].LegacyItem == "" {
		return nil
	}
	e := ix.Keys[i]
	name := itemOf(ix.Home, e)
	val, err := s.keyringHolds(e.LegacyItem, e)
	if err != nil {
		return err
	}
	if val != "" {
		if err := s.keyringSet(e.Label, name, val); err != nil {
			return err
		}
		if err := s.keyringDelete(e.Label, e.LegacyItem); err != nil {
			return err
		}
	} else if own, err := s.keyringHolds(name, e); err != nil {
		return err
	} else if own == "" {
		// Neither item holds the key: a dangling entry the doctor reports; LegacyItem stays
		// so the doctor can still say where the key was.
		return nil
	}
	ix.Keys[i].LegacyItem = ""
	return s.writeIndex(ix)
}
