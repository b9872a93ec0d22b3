package keystore

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/wallet"
)

// EVMSigner returns the signer of an evm key. Every SignDigest first appends an audit record
// (label, address, purpose, digest, profile) and refuses to sign when that fails. A file-backed
// key asks for its passphrase here, once.
func (s *Store) EVMSigner(label, profile string) (wallet.EVMSigner, error) {
	if e, err := s.Get(label); err == nil && e.Backend == BackendLedger && e.Kind == KindEVM {
		k, err := s.deviceSigner(e, profile)
		if err != nil {
			return nil, err
		}
		return k.(wallet.EVMSigner), nil
	}
	e, sec, err := s.signingKey(label, KindEVM)
	if err != nil {
		return nil, err
	}
	return &auditedEVM{mu: new(sync.RWMutex), s: s, e: e, profile: profile, key: wallet.NewEVMKey(sec.evm)}, nil
}

// SolanaSigner returns the signer of a solana key. Every SignMessage first appends an audit
// record (digest = sha256 of the message) and refuses to sign when that fails.
func (s *Store) SolanaSigner(label, profile string) (wallet.SolanaSigner, error) {
	if e, err := s.Get(label); err == nil && e.Backend == BackendLedger && e.Kind == KindSolana {
		k, err := s.deviceSigner(e, profile)
		if err != nil {
			return nil, err
		}
		return k.(wallet.SolanaSigner), nil
	}
	e, sec, err := s.signingKey(label, KindSolana)
	if err != nil {
		return nil, err
	}
	k, err := wallet.NewSolanaKey(sec.sol)
	if err != nil {
		return nil, err
	}
	return &auditedSolana{mu: new(sync.RWMutex), s: s, e: e, profile: profile, key: k}, nil
}

func (s *Store) signingKey(label string, kind Kind) (Entry, *secret, error) {
	e, err := s.Get(label)
	if err != nil {
		return Entry{}, nil, err
	}
	if e.Kind != kind {
		return Entry{}, nil, fmt.Errorf("key %q: is a %s key, this needs a %s key", label, e.Kind, kind)
	}
	sec, err := s.load(e)
	if err != nil {
		return Entry{}, nil, err
	}
	return e, sec, nil
}

type auditedEVM struct {
	// mu is read-locked by each signature, so concurrent signatures share one group commit
	// of the audit log, and locked by Zero, which waits for them.
	mu      *sync.RWMutex
	s       *Store
	e       Entry
	profile string
	// note says what its signatures are, in the audit log (Noted).
	note AuditNote
	key  *wallet.EVMKey
}

func (a *auditedEVM) Address() common.Address { return a.key.Address() }

func (a *auditedEVM) SignDigest(p wallet.Purpose, digest common.Hash) ([]byte, error) {
	if p == "" {
		return nil, errors.New("sign: purpose: expected why the signature is made, got nothing; nothing was signed")
	}
	a.mu.RLock()
	defer a.mu.RUnlock()
	if _, err := a.s.appendAudit(a.note.record(AuditRecord{
		Label: a.e.Label, Address: a.e.Address, Purpose: string(p), Digest: digest.Hex(), Profile: a.profile,
	})); err != nil {
		return nil, fmt.Errorf("sign: %w; nothing was signed", err)
	}
	return a.key.SignDigest(p, digest)
}

// Zero wipes the key's secret: the signer then refuses to sign (wallet.ErrZeroed). It returns
// once the audit head of its last signature is written (DeferAuditHead), so an agent that
// wipes its keys before it exits leaves the head in step with the log.
func (a *auditedEVM) Zero() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.key.Zero()
	a.s.WaitAudit()
}

type auditedSolana struct {
	// mu is read-locked by each signature, so concurrent signatures share one group commit
	// of the audit log, and locked by Zero, which waits for them.
	mu      *sync.RWMutex
	s       *Store
	e       Entry
	profile string
	// note says what its signatures are, in the audit log (Noted).
	note AuditNote
	key  *wallet.SolanaKey
}

func (a *auditedSolana) PublicKey() solana.PublicKey { return a.key.PublicKey() }

func (a *auditedSolana) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	if err := a.audit(p, msg); err != nil {
		return solana.Signature{}, err
	}
	return a.key.SignMessage(p, msg)
}

// audit appends the record of a signature of msg (digest: its sha256), before it is made.
// The caller holds mu for reading.
func (a *auditedSolana) audit(p wallet.Purpose, msg []byte) error {
	if p == "" {
		return errors.New("sign: purpose: expected why the signature is made, got nothing; nothing was signed")
	}
	if _, err := a.s.appendAudit(a.note.record(AuditRecord{
		Label: a.e.Label, Address: a.e.Address, Purpose: string(p), Digest: solanaDigest(msg), Profile: a.profile,
	})); err != nil {
		return fmt.Errorf("sign: %w; nothing was signed", err)
	}
	return nil
}

// Zero wipes the key's secret, as auditedEVM.Zero does.
func (a *auditedSolana) Zero() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.key.Zero()
	a.s.WaitAudit()
}

// ProfileSigner is a signer that can sign for another profile with the same unlocked key:
// the key is shared (one Zero wipes it for every view), the audit records name the profile.
type ProfileSigner interface {
	ForProfile(profile string) any
	Zero()
}

// ForProfile is the same key, audited under profile.
func (a *auditedEVM) ForProfile(profile string) any {
	return &auditedEVM{mu: a.mu, s: a.s, e: a.e, profile: profile, key: a.key}
}

// ForProfile is the same key, audited under profile.
func (a *auditedSolana) ForProfile(profile string) any {
	return &auditedSolana{mu: a.mu, s: a.s, e: a.e, profile: profile, key: a.key}
}

// AuditNote is what the signing gate determined of a request from its typed fields, for the
// audit record of its signature: what was signed in words, and what it moves (an asset and
// an amount in display units) when the gate identified both. The gate builds it, never the
// caller of the gate.
type AuditNote struct {
	Summary, Asset, Amount string
	// Changes and PID are AuditRecord's.
	Changes bool
	PID     int
}

// record is r with the note's facts.
func (n AuditNote) record(r AuditRecord) AuditRecord {
	r.Asset, r.Amount, r.Summary, r.Changes, r.PID = n.Asset, n.Amount, n.Summary, n.Changes, n.PID
	return r
}

// Noted is the same key, its next signatures' audit records carrying note.
func (a *auditedEVM) Noted(note AuditNote) wallet.EVMSigner {
	return &auditedEVM{mu: a.mu, s: a.s, e: a.e, profile: a.profile, key: a.key, note: note}
}

// Noted is the same key, audited with note (auditedEVM.Noted).
func (a *auditedSolana) Noted(note AuditNote) wallet.SolanaSigner {
	return &auditedSolana{mu: a.mu, s: a.s, e: a.e, profile: a.profile, key: a.key, note: note}
}

// LockMemory keeps the pages of the signer's secret out of swap (mlock) where the OS allows
// it; the temporaries of each signature are not covered. It reports why not otherwise.
func LockMemory(signer any) error {
	switch a := signer.(type) {
	case *auditedEVM:
		a.mu.Lock()
		defer a.mu.Unlock()
		return lockWords(wallet.ScalarWords(a.key.Private()))
	case *auditedSolana:
		a.mu.Lock()
		defer a.mu.Unlock()
		return lockBytes(a.key.Private())
	}
	return fmt.Errorf("lock memory: %T is not a key-store signer", signer)
}

// solanaDigest is what a Solana signature's audit record names: the message's sha256.
func solanaDigest(msg []byte) string {
	sum := sha256.Sum256(msg)
	return "0x" + hex.EncodeToString(sum[:])
}
