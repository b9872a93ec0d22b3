package keystore

import (
	"errors"
	"path/filepath"
	"strings"
	"time"

	"purse/internal/atomicfile"
)

// SweepTemps removes the temporary files interrupted writes of the key store left — of the
// index, a key file, the audit head, the recorded audit break, the copy an audit repair keeps
// — once they are stale (atomicfile.Sweep: unchanged for a minute and locked by no running
// purse), and lists what it found. It looks in the home and its keys folder only, at those
// names only; what is removed is never read.
func (s *Store) SweepTemps() ([]atomicfile.Leftover, error) {
	home, err := atomicfile.Sweep(s.home, s.ownsHomeTemp)
	keys, kerr := atomicfile.Sweep(s.keysDir, func(target string) bool {
		label, ok := strings.CutSuffix(target, ".json")
		return ok && storedLabel(label) == nil
	})
	return append(home, keys...), errors.Join(err, kerr)
}

// ownsHomeTemp tells the files of the home the store writes through atomicfile.
func (s *Store) ownsHomeTemp(target string) bool {
	switch target {
	case filepath.Base(s.indexPath), auditHeadName, auditBrokenName:
		return true
	}
	stamp, ok := strings.CutPrefix(target, filepath.Base(s.auditPath)+brokenMark)
	if !ok {
		return false
	}
	_, err := time.Parse(brokenStamp, stamp)
	return err == nil
}
