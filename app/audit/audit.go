// Package audit is what a user does with the home's signing audit log (`purse audit`, the
// TUI's Settings screen): read or verify its hash chain and its seals, start sealing it, and
// after a broken chain set it aside, repair it or accept it, each once the user saw the break
// and confirmed. What an audit record says of a signature is written by the signing gate, in
// the core. It reaches the application core only through its port (app/internal/port), which
// hands it the audit log of the session's key store and never a key.
package audit

import (
	"errors"

	"purse/app"
	"purse/app/internal/port"
	"purse/keystore"
)

// Service is the signing audit log of the session's home.
type Service struct{ s port.Audit }

// New is the signing audit log of core's home; core is an opened session.
func New(core *app.App) Service {
	s, _ := port.AuditOf(core)
	return Service{s}
}

// Log is the signing audit log: newest record first.
type Log struct {
	Path    string
	Records []keystore.AuditRecord
	// Break is where the hash chain is broken (nil: intact); Records are those before it.
	Break *keystore.ChainBreak
	// Verified is set by a verify: how many records the chain holds up to the break.
	Verified bool
	Count    int
	// Seal is what the walk learned of the log's seals, and whether a verification key
	// checked them.
	Seal keystore.SealInfo
}

// Check reads the audit log; verify only walks the chain and counts. The seals are checked
// with the verification key in the OS keyring when there is one (CheckWith takes the user's).
func (a Service) Check(verify bool) (Log, error) { return a.CheckWith(verify, nil) }

// CheckWith is Check with the seals checked with key, the verification key `purse audit
// seal` showed (nil: the keyring's copy, if any).
func (a Service) CheckWith(verify bool, key []byte) (Log, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return Log{}, err
	}
	out := Log{Path: ks.AuditPath(), Verified: verify}
	if verify {
		out.Count, out.Seal, err = ks.VerifyAuditSealed(key)
	} else {
		out.Records, out.Seal, err = ks.ListAuditSealed(key)
		for i, j := 0, len(out.Records)-1; i < j; i, j = i+1, j-1 {
			out.Records[i], out.Records[j] = out.Records[j], out.Records[i]
		}
		out.Count = len(out.Records)
	}
	var brk *keystore.ChainBreak
	if errors.As(err, &brk) {
		out.Break = brk
		return out, nil
	}
	return out, err
}

// Seal starts sealing the audit log (keystore.Store.SealAudit): the verification key it
// returns is shown to the user once, to keep off this machine; replace seals anew where the
// keyring holds the key of an earlier sealed log.
func (a Service) Seal(replace bool) (keystore.SealStart, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return keystore.SealStart{}, err
	}
	return ks.SealAudit(replace)
}

// SetAside starts a new audit log after a break inside the chain (a record changed,
// removed or inserted), which is never repaired: the user saw the break and confirmed. The
// old log and head are kept beside the new one; signing goes on. It returns the log's copy.
func (a Service) SetAside() (string, Log, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return "", Log{}, err
	}
	kept, err := ks.SetAsideAudit()
	if err != nil {
		return kept, Log{}, err
	}
	au, err := a.Check(true)
	return kept, au, err
}

// Tail returns what a repair may cut after the last good record of the audit log (an
// incomplete line a write left, junk written after the chain), nil when there is none or the
// break is one a cut would hide. Nothing can be signed while there is one.
func (a Service) Tail() (*keystore.AuditTail, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return nil, err
	}
	return ks.IncompleteAuditTail()
}

// Repair cuts tail (the one Tail returned and the user confirmed), keeping a copy of the
// whole log beside it; it returns the copy's path and the log as verified afterwards.
func (a Service) Repair(tail *keystore.AuditTail) (string, Log, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return "", Log{}, err
	}
	backup, err := ks.RepairAudit(tail)
	if err != nil {
		return backup, Log{}, err
	}
	au, err := a.Check(true)
	return backup, au, err
}

// Accept accepts a log that disagrees with its head (cut or deleted; the user saw the
// break and confirmed): the old head is kept beside it and signing continues from the log's
// last record. It returns where the old head is kept and the log as verified afterwards.
func (a Service) Accept() (string, Log, error) {
	ks, err := a.s.AuditLog()
	if err != nil {
		return "", Log{}, err
	}
	kept, err := ks.ResetAuditHead()
	if err != nil {
		return kept, Log{}, err
	}
	au, err := a.Check(true)
	return kept, au, err
}
