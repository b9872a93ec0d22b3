package keystore

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"purse/ledger"
	"purse/wallet"
)

// DeviceRef is where a key on a hardware wallet is: the transport that reaches its device
// (ledger.OpenTransport's forms: "hid", "speculos:HOST:PORT") and the key's derivation path.
// No secret is stored for it.
type DeviceRef struct {
	Transport string `json:"transport"`
	Path      string `json:"path"`
}

// AddDevice indexes a key that lives on a device (its address read from the device at
// dev.Path), under label. Nothing secret is written.
func (s *Store) AddDevice(label string, kind Kind, address string, dev DeviceRef) (Entry, error) {
	if err := ValidateLabel(label); err != nil {
		return Entry{}, err
	}
	if _, err := ParseKind(string(kind)); err != nil {
		return Entry{}, err
	}
	if _, err := ledger.ParsePath(dev.Path); err != nil {
		return Entry{}, err
	}
	if err := ledger.CheckTransport(dev.Transport); err != nil {
		return Entry{}, err
	}
	if other, err := s.byAddress(kind, address); err != nil {
		return Entry{}, err
	} else if other != "" {
		return Entry{}, fmt.Errorf("key %q: %s %s is already stored as key %q (%w)", label, kind, address, other, ErrSameKey)
	}
	e := Entry{Label: label, Kind: kind, Address: address, Backend: BackendLedger, Created: s.now().UTC().Truncate(time.Second), ID: newID(), Device: &dev}
	err := s.locked(func(ix *indexFile) error {
		if ix.find(label) >= 0 {
			return fmt.Errorf("key %q: %w; choose another label or remove the key first", label, ErrExists)
		}
		ix.Keys = append(ix.Keys, e)
		return s.writeIndex(ix)
	})
	return e, err
}

// deviceAudit is what a key on a device shares with the key store: its entry, the audit log
// its signatures are recorded in (under profile, with the gate's note), and the lock each
// signature holds for reading so Zero waits for the last record.
type deviceAudit struct {
	mu      *sync.RWMutex
	s       *Store
	e       Entry
	profile string
	note    AuditNote
}

// record appends the audit record of a signature the device gave (digest: what it signed);
// the caller holds mu for reading and uses the signature only when this succeeds.
func (d deviceAudit) record(p wallet.Purpose, digest string) error {
	if _, err := d.s.appendAudit(d.note.record(AuditRecord{
		Label: d.e.Label, Address: d.e.Address, Purpose: string(p), Digest: digest, Profile: d.profile,
	})); err != nil {
		return fmt.Errorf("sign: %w; the device's signature is not used", err)
	}
	return nil
}

// Zero has no secret to wipe: it waits for the audit of the last signature.
func (d deviceAudit) Zero() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.s.WaitAudit()
}

var errNoPurpose = errors.New("sign: purpose: expected why the signature is made, got nothing; nothing was signed")

// deviceEVM is an EVM key on a device behind the audit log: a signature is recorded once
// the device gave it, before it is used, so a refusal on the device leaves no record.
type deviceEVM struct {
	deviceAudit
	key *ledger.EVMKey
}

func (d *deviceEVM) Address() common.Address { return d.key.Address() }

func (d *deviceEVM) SignDigest(wallet.Purpose, common.Hash) ([]byte, error) {
	return nil, wallet.ErrDigestOnDevice
}

// SignOnDevice has the device sign the form, then records the signature (digest: what the
// form hashes to) before it is returned.
func (d *deviceEVM) SignOnDevice(p wallet.Purpose, f wallet.DeviceForm) ([]byte, error) {
	if p == "" {
		return nil, errNoPurpose
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	sig, err := d.key.SignOnDevice(p, f)
	if err != nil {
		return nil, err
	}
	if err := d.record(p, f.Digest().Hex()); err != nil {
		return nil, err
	}
	return sig, nil
}

func (d *deviceEVM) Noted(note AuditNote) wallet.EVMSigner {
	n := *d
	n.note = note
	return &n
}

func (d *deviceEVM) ForProfile(profile string) any {
	n := *d
	n.profile, n.note = profile, AuditNote{}
	return &n
}

// deviceSolana is a Solana key on a device behind the audit log, as deviceEVM.
type deviceSolana struct {
	deviceAudit
	key *ledger.SolanaKey
}

func (d *deviceSolana) PublicKey() solana.PublicKey { return d.key.PublicKey() }

// SignsOnDevice marks the key as a wallet.SolanaDeviceSigner.
func (d *deviceSolana) SignsOnDevice() {}

// SignMessage has the device sign msg, then records it (digest: the message's sha256, as a
// stored Solana key's records) before it is returned.
func (d *deviceSolana) SignMessage(p wallet.Purpose, msg []byte) (solana.Signature, error) {
	if p == "" {
		return solana.Signature{}, errNoPurpose
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	sig, err := d.key.SignMessage(p, msg)
	if err != nil {
		return solana.Signature{}, err
	}
	if err := d.record(p, solanaDigest(msg)); err != nil {
		return solana.Signature{}, err
	}
	return sig, nil
}

func (d *deviceSolana) Noted(note AuditNote) wallet.SolanaSigner {
	n := *d
	n.note = note
	return &n
}

func (d *deviceSolana) ForProfile(profile string) any {
	n := *d
	n.profile, n.note = profile, AuditNote{}
	return &n
}

// deviceSigner is the signer of a device entry.
func (s *Store) deviceSigner(e Entry, profile string) (any, error) {
	if e.Device == nil {
		return nil, fmt.Errorf("key %q: a device key without its device in the index", e.Label)
	}
	path, err := ledger.ParsePath(e.Device.Path)
	if err != nil {
		return nil, fmt.Errorf("key %q: %v", e.Label, err)
	}
	audit := deviceAudit{mu: new(sync.RWMutex), s: s, e: e, profile: profile}
	if e.Kind == KindSolana {
		pk, err := solana.PublicKeyFromBase58(e.Address)
		if err != nil {
			return nil, fmt.Errorf("key %q: %v", e.Label, err)
		}
		return &deviceSolana{deviceAudit: audit, key: ledger.NewSolanaKey(e.Device.Transport, path, pk)}, nil
	}
	if !common.IsHexAddress(e.Address) {
		return nil, fmt.Errorf("key %q: address %q in the index", e.Label, e.Address)
	}
	return &deviceEVM{deviceAudit: audit, key: ledger.NewEVMKey(e.Device.Transport, path, common.HexToAddress(e.Address))}, nil
}

// OnDevice says whether label is a key on a device (its signatures need the device, no
// passphrase).
func (s *Store) OnDevice(label string) bool {
	e, err := s.Get(label)
	return err == nil && e.Backend == BackendLedger
}
