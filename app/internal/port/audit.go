package port

import (
	"purse/keystore"
)

// Audit is what the signing audit log's use cases (app/audit) may use of the core's session
// besides Session: the home's audit log, in the key store the session opens (its backend,
// its consistency check and its notices are the session's).
type Audit interface {
	Session
	// AuditLog is the audit log of the session's key store, opened with no Unlock: the log
	// needs no passphrase.
	AuditLog() (AuditLog, error)
}

// AuditLog is the part of the key store (a *keystore.Store) the audit log's use cases touch:
// reading, verifying and sealing the log, and the repairs the user confirmed. No key is
// reached through it.
type AuditLog interface {
	AuditPath() string
	VerifyAuditSealed(key []byte) (int, keystore.SealInfo, error)
	ListAuditSealed(key []byte) ([]keystore.AuditRecord, keystore.SealInfo, error)
	AuditSince(seq uint64) ([]keystore.AuditRecord, error)
	SealAudit(replace bool) (keystore.SealStart, error)
	SetAsideAudit() (string, error)
	IncompleteAuditTail() (*keystore.AuditTail, error)
	RepairAudit(tail *keystore.AuditTail) (string, error)
	ResetAuditHead() (string, error)
}

// AuditOf is the audit log's port of an application core (an *app.App); false for anything
// else. Package app sets it when it is initialised.
var AuditOf func(core any) (Audit, bool)
