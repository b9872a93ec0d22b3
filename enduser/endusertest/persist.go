package endusertest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"purse/internal/atomicfile"
)

// SnapshotFile is the name of the snapshot inside Config.StateDir.
const SnapshotFile = "enduser-sandbox.json"

func cryptoRand(b []byte) (int, error) { return rand.Read(b) }

func decodeBase64(v string) ([]byte, error) {
	if b, err := base64.StdEncoding.DecodeString(v); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(v)
}

// load reads the snapshot and puts the minted accounts back on the chain when it does not
// know them (a fresh in-memory chain after a restart).
func (s *Server) load() error {
	if s.cfg.StateDir == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(s.cfg.StateDir, SnapshotFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("endusertest: read snapshot: %w", err)
	}
	st := newState()
	if err := json.Unmarshal(b, st); err != nil {
		return fmt.Errorf("endusertest: snapshot %s: %w", filepath.Join(s.cfg.StateDir, SnapshotFile), err)
	}
	if st.Accounts == nil {
		st.Accounts = map[uint64]*account{}
	}
	if st.Emails == nil {
		st.Emails = map[string]uint64{}
	}
	for e, id := range s.st.Emails {
		if _, ok := st.Emails[e]; !ok {
			st.Emails[e] = id
		}
	}
	ctx := context.Background()
	for _, a := range st.Accounts {
		if !a.Minted {
			continue
		}
		if _, ok, err := s.chain.AccountOf(ctx, a.Owner); err != nil {
			return fmt.Errorf("endusertest: reconcile chain: %w", err)
		} else if ok {
			continue
		}
		if _, err := s.chain.MintAccount(ctx, a.Owner, a.TokenID); err != nil {
			return fmt.Errorf("endusertest: reconcile chain: %w", err)
		}
		if err := s.chain.SetAccountStatus(ctx, a.TokenID, a.Status); err != nil {
			return fmt.Errorf("endusertest: reconcile chain: %w", err)
		}
	}
	s.st = st
	return nil
}

// saveIfDirtyLocked writes the snapshot atomically (temp file + rename) after a change.
func (s *Server) saveIfDirtyLocked() error {
	if !s.dirty {
		return nil
	}
	s.dirty = false
	if s.cfg.StateDir == "" {
		return nil
	}
	b, err := json.MarshalIndent(s.st, "", "  ")
	if err != nil {
		return fmt.Errorf("endusertest: encode snapshot: %w", err)
	}
	if err := os.MkdirAll(s.cfg.StateDir, 0o700); err != nil {
		return fmt.Errorf("endusertest: state dir: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(s.cfg.StateDir, SnapshotFile), b, 0o600); err != nil {
		return fmt.Errorf("endusertest: write snapshot: %w", err)
	}
	return nil
}
