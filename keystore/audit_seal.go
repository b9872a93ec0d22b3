package keystore

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"purse/internal/filelock"
	"purse/internal/regular"
)

// Forward-secure sealing of the audit log, after systemd-journald's: `purse audit seal`
// draws a random verification key V, which the user keeps (and the OS keyring keeps a copy
// of, beside the signing keys). The sealing key of epoch 0 is evolve(V), that of epoch e+1
// is evolve(key e), and evolve is one-way (sha256 under a label), so a key read from this
// machine at epoch e gives no key of an earlier epoch. The last record of every batch the
// log is written in carries a seal: epoch e and HMAC-SHA256 under key e of (e, seq, hash),
// which through the chain covers every record before it. The head keeps the state the next
// batch is sealed with (its epoch and key); the batch's write replaces it with the next
// epoch's, so the key of a sealed epoch is kept nowhere on the machine.
//
// What this proves, with V: no record up to the last seal was changed, removed or
// inserted after it was sealed (its seal would need an erased key), and no sealed batch was
// cut from the end (the head's epoch and key would have to go back, which needs an erased
// key), and a sealed log was not deleted or stripped of its seals. Without V (none given and
// none in the keyring) only the seals' order and the head's epoch are checked, which a
// program that rewrites the whole log can keep consistent: the verification says so. What
// no seal can prove: what a program that read the head at some moment T does after T (it
// holds that epoch's key, so it can cut back to T and forge from there).

// AuditSeal is a record's seal.
type AuditSeal struct {
	Epoch uint64 `json:"epoch"`
	MAC   string `json:"mac"` // hex HMAC-SHA256 under the epoch's key of sealInput
}

// headSeal is the sealing state in the head: the epoch and key (hex) the next batch is sealed
// with.
type headSeal struct {
	Epoch uint64 `json:"epoch"`
	Key   string `json:"key"`
}

// valid says a state read from the head has a key of the right size (nil: no state, valid).
func (h *headSeal) valid() bool {
	if h == nil {
		return true
	}
	k, err := hex.DecodeString(h.Key)
	defer wipe(k)
	return err == nil && len(k) == sealKeySize
}

const sealKeySize = 32

// evolve is the one-way step from one epoch's key to the next (and from V to epoch 0's).
func evolve(k []byte) []byte {
	h := sha256.New()
	h.Write([]byte("purse audit seal: next key\x00"))
	h.Write(k)
	return h.Sum(nil)
}

func sealMAC(key []byte, epoch uint64, r AuditRecord) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("purse audit seal v1\x00" + strconv.FormatUint(epoch, 10) + "\x00" + strconv.FormatUint(r.Seq, 10) + "\x00" + r.Hash))
	return hex.EncodeToString(m.Sum(nil))
}

// auditSealer seals one batch: the key and epoch of its seal (nil: the log is not sealed).
type auditSealer struct {
	key   []byte
	epoch uint64
}

// sealer is what the batch after last is sealed with, from the head's sealing state. The
// state is one epoch past the last seal, or (the head write after a batch was lost: a crash,
// a failed deferred write) at the last seal's epoch, which is evolved once; any other state
// is refused. The walk that judged the log checked the same, so a refusal here is a state
// that changed since.
func (h *auditHead) sealer(last *AuditRecord) (*auditSealer, error) {
	if h == nil || h.Seal == nil {
		return nil, nil
	}
	key, err := hex.DecodeString(h.Seal.Key)
	if err != nil || len(key) != sealKeySize {
		return nil, errors.New("the sealing state in its head is not a key; run purse audit verify")
	}
	e := h.Seal.Epoch
	switch {
	case (last == nil || last.Seal == nil) && e == 0:
	case last != nil && last.Seal != nil && e == last.Seal.Epoch+1:
	case last != nil && last.Seal != nil && e == last.Seal.Epoch:
		next := evolve(key)
		wipe(key)
		key, e = next, e+1
	default:
		return nil, fmt.Errorf("its sealing state (epoch %d) does not follow its last seal; nothing is signed on a log that cannot be sealed honestly: run purse audit verify", e)
	}
	return &auditSealer{key: key, epoch: e}, nil
}

func (s *auditSealer) seal(r AuditRecord) *AuditSeal {
	if s == nil {
		return nil
	}
	return &AuditSeal{Epoch: s.epoch, MAC: sealMAC(s.key, s.epoch, r)}
}

// next is the state the head keeps after the batch: the next epoch's key. This epoch's key is
// wiped from memory; the head that held it is replaced.
func (s *auditSealer) next() *headSeal {
	if s == nil {
		return nil
	}
	k := evolve(s.key)
	wipe(s.key)
	out := &headSeal{Epoch: s.epoch + 1, Key: hex.EncodeToString(k)}
	wipe(k)
	return out
}

// sealVerifier recomputes the sealing keys from the verification key, epoch by epoch.
type sealVerifier struct {
	key   []byte // the key of epoch
	epoch uint64
}

func newSealVerifier(v []byte) *sealVerifier {
	return &sealVerifier{key: evolve(v)}
}

// keyAt is the key of epoch e; epochs are only asked in increasing order, each at most one
// past the last seal, so the walk costs one evolve per seal.
func (v *sealVerifier) keyAt(e uint64) []byte {
	for v.epoch < e {
		next := evolve(v.key)
		wipe(v.key)
		v.key, v.epoch = next, v.epoch+1
	}
	return v.key
}

// checkSeal checks r's seal (if any): epochs run 0, 1, 2... in the log, and, with v, its MAC
// is the verification key's.
func (w *auditWalk) checkSeal(v *sealVerifier, r AuditRecord) *ChainBreak {
	if r.Seal == nil {
		return nil
	}
	at := func(reason string, byKey bool) *ChainBreak {
		return &ChainBreak{Line: int(r.Seq), Reason: reason, ByKey: byKey}
	}
	want := uint64(0)
	if w.lastSeal != nil {
		want = w.lastSeal.Seal.Epoch + 1
	}
	if r.Seal.Epoch != want {
		return at(fmt.Sprintf("seal out of order: expected epoch %d, found %d (sealed records were removed, or seals copied)", want, r.Seal.Epoch), false)
	}
	mac, err := hex.DecodeString(r.Seal.MAC)
	if err != nil || len(mac) != sha256.Size {
		return at("bad seal: its mac is not 64 hex digits", false)
	}
	if v != nil {
		good, _ := hex.DecodeString(sealMAC(v.keyAt(want), want, r))
		if !hmac.Equal(mac, good) {
			return at(fmt.Sprintf("the seal of epoch %d is not the verification key's: this record or one before it was changed after it was sealed, or the chain was rewritten and sealed again with a later key", want), true)
		}
	}
	rc := r
	w.lastSeal = &rc
	if w.sealed == 0 {
		w.firstSealed = r.Seq
	}
	w.sealed++
	return nil
}

// sealsAtEnd checks, once the chain is read to its end, that its seals reach its end and
// agree with the head's sealing state, and, with v, that the state's key is the one v gives
// for its epoch (a later key cannot be taken back to an earlier epoch) and that a sealed log
// is there at all.
func (w *auditWalk) sealsAtEnd(v *sealVerifier) error {
	at := func(reason string) error { return &ChainBreak{Line: w.n + 1, Reason: reason} }
	var state *headSeal
	if w.head != nil {
		state = w.head.Seal
	}
	if w.sealed > 0 {
		ls := w.lastSeal
		if w.last.Seal == nil {
			return &ChainBreak{Line: int(ls.Seq) + 1, Reason: fmt.Sprintf("records %d to %d follow the last seal (record %d, epoch %d) without a seal of their own: a batch cut off before its seal, or records another program added",
				ls.Seq+1, w.last.Seq, ls.Seq, ls.Seal.Epoch)}
		}
		if state == nil {
			return at(fmt.Sprintf("the log is sealed up to record %d (epoch %d), but its head carries no sealing state: the state was removed or the head replaced", ls.Seq, ls.Seal.Epoch))
		}
		switch l, e := ls.Seal.Epoch, state.Epoch; {
		case e > l+1:
			return at(fmt.Sprintf("missing tail: the log's last seal is epoch %d (record %d), but its sealing state is at epoch %d: what was sealed in epochs %d to %d was cut from the end", l, ls.Seq, e, l+1, e-1))
		case e < l:
			return at(fmt.Sprintf("the sealing state in the head (epoch %d) is behind the log's last seal (epoch %d): an older head was put back", e, l))
		}
	} else if state != nil && state.Epoch != 0 {
		return at(fmt.Sprintf("the log carries no seal, but its sealing state is at epoch %d: the sealed log was deleted, emptied or stripped of its seals", state.Epoch))
	}
	if v == nil {
		return nil
	}
	if state == nil {
		return &ChainBreak{Line: 1, ByKey: true, Reason: "the log carries no sealing state, but a verification key for this home's log is given: the sealed log was deleted or replaced together with its head (after a set-aside of your own, `purse audit seal --replace` seals the new log)"}
	}
	got, err := hex.DecodeString(state.Key)
	if err != nil || !hmac.Equal(got, v.keyAt(state.Epoch)) {
		return &ChainBreak{Line: w.n + 1, ByKey: true, Reason: fmt.Sprintf("the sealing state's key is not the one the verification key gives for epoch %d: the head was replaced (by an older one, or a forged one), so what followed may have been cut", state.Epoch)}
	}
	return nil
}

// SealInfo is what a walk learned of the log's seals.
type SealInfo struct {
	// Sealed is set when the log carries seals or its head a sealing state.
	Sealed bool `json:"sealed"`
	// From and To are the first and last sealed records (0: none yet); To covers every record
	// up to it. Epoch is the last seal's.
	From  uint64 `json:"from,omitempty"`
	To    uint64 `json:"to,omitempty"`
	Epoch uint64 `json:"epoch,omitempty"`
	// Checked is set when the seals and the sealing state were checked with a verification
	// key (KeyFrom says where it came from); without one only their order was.
	Checked bool   `json:"checked"`
	KeyFrom string `json:"keyFrom,omitempty"`
	// Fingerprint names the verification key used (the first 8 bytes of its sha256).
	Fingerprint string `json:"fingerprint,omitempty"`
}

func (w *auditWalk) sealInfo() SealInfo {
	out := SealInfo{Sealed: w.sealed > 0 || (w.head != nil && w.head.Seal != nil)}
	if w.lastSeal != nil {
		out.From, out.To, out.Epoch = w.firstSealed, w.lastSeal.Seq, w.lastSeal.Seal.Epoch
	}
	return out
}

// SealFingerprint names a verification key without revealing it.
func SealFingerprint(v []byte) string {
	sum := sha256.Sum256(v)
	return hex.EncodeToString(sum[:8])
}

// Key sources of a verification.
const (
	SealKeyGiven   = "given"
	SealKeyKeyring = "os keyring"
)

// sealItem is the keyring item holding this home's verification key.
const sealItem = "audit-seal"

type sealKeyringItem struct {
	Key string `json:"key"`
}

// sealInKeyring says whether this home keeps the verification key's copy in the OS keyring:
// when its keys are there (a key of the index is, or the keyring is asked for by name). It
// never asks the keyring itself, so a verification of a home of key files stays quiet.
func (s *Store) sealInKeyring(ix *indexFile) bool {
	if s.requested == BackendOS {
		return true
	}
	if s.requested == BackendFile {
		return false
	}
	for _, e := range ix.Keys {
		if e.Backend == BackendOS {
			return true
		}
	}
	return false
}

// keyringSealKey reads the copy of the verification key in the OS keyring; nil when this
// home's keys are not in the keyring or it holds none.
func (s *Store) keyringSealKey() ([]byte, error) {
	ix, err := s.readIndex()
	if err != nil || ix.Home == "" || !s.sealInKeyring(ix) {
		return nil, err
	}
	val, found, err := s.keyringGet("audit seal", itemName(ix.Home, sealItem))
	if err != nil || !found {
		return nil, err
	}
	var it sealKeyringItem
	if err := json.Unmarshal([]byte(val), &it); err != nil {
		return nil, fmt.Errorf("os keyring: the audit log's verification key item is not what purse stores; %v", err)
	}
	k, err := hex.DecodeString(it.Key)
	if err != nil || len(k) != sealKeySize {
		return nil, errors.New("os keyring: the audit log's verification key item is not a 32-byte key")
	}
	return k, nil
}

// checkNoSealedLogGone refuses to start a new log, with no head, where the OS keyring holds
// the verification key of this home's sealed log: that log was deleted with its head (or set
// aside), and a new unsealed log would hide it.
func (s *Store) checkNoSealedLogGone() error {
	k, err := s.keyringSealKey()
	wipe(k)
	switch {
	case err != nil:
		return fmt.Errorf("audit log %s: it is missing, and whether this home's log was sealed cannot be read from the OS keyring: %v", s.auditPath, err)
	case k != nil:
		return fmt.Errorf("audit log %s: %w: the log and its head are gone, but the OS keyring holds the verification key of this home's sealed log: it was deleted (or set aside); purse audit verify shows it, purse audit seal --replace starts a new sealed log", s.auditPath, ErrAuditBroken)
	}
	return nil
}

// ParseSealKey reads a verification key as `purse audit seal` shows it: 64 hex digits
// (surrounding space ignored).
func ParseSealKey(text []byte) ([]byte, error) {
	t := strings.TrimSpace(string(text))
	k, err := hex.DecodeString(t)
	if err != nil || len(k) != sealKeySize {
		return nil, fmt.Errorf("verification key: expected %d hex digits (as purse audit seal showed it), got %d characters that are not", 2*sealKeySize, len(t))
	}
	return k, nil
}

// VerifyAuditSealed is VerifyAudit with the seals checked: with key (the verification key
// the user kept) when given, else with the copy in the OS keyring when there is one, else
// only their order (SealInfo.Checked false).
func (s *Store) VerifyAuditSealed(key []byte) (int, SealInfo, error) {
	return s.readAuditSealed(key, func(AuditRecord) {})
}

// ListAuditSealed is ListAudit with the seals checked as VerifyAuditSealed does.
func (s *Store) ListAuditSealed(key []byte) ([]AuditRecord, SealInfo, error) {
	out := []AuditRecord{}
	_, info, err := s.readAuditSealed(key, func(r AuditRecord) { out = append(out, r) })
	return out, info, err
}

func (s *Store) readAuditSealed(key []byte, fn func(AuditRecord)) (int, SealInfo, error) {
	from := SealKeyGiven
	if key == nil {
		k, err := s.keyringSealKey()
		if err != nil {
			return 0, SealInfo{}, err
		}
		key, from = k, SealKeyKeyring
		defer wipe(k)
	}
	var v *sealVerifier
	if key != nil {
		v = newSealVerifier(key)
		defer wipe(v.key)
	}
	w, err := s.walkAudit(v, fn)
	info := w.sealInfo()
	if v != nil {
		info.Checked, info.KeyFrom, info.Fingerprint = true, from, SealFingerprint(key)
	}
	var br *ChainBreak
	if errors.As(err, &br) && br.ByKey && from == SealKeyGiven {
		br.Reason += fmt.Sprintf(" — or the key given (fingerprint %s) is not the one this log was sealed with: its seal record (purse audit list, purpose audit-seal) names that key's fingerprint", info.Fingerprint)
		return w.n, info, err
	}
	return w.n, info, s.noteAuditBreak(err)
}

// SealStart is what `purse audit seal` made: the verification key, shown to the user once.
type SealStart struct {
	Key         []byte
	Fingerprint string
	// InKeyring is set when a copy of the key is in the OS keyring (keys of this home are
	// kept there); otherwise the user's copy is the only one.
	InKeyring bool
	// Record is the record that sealed the log's chain as it was.
	Record AuditRecord
}

// ErrAuditSealed is SealAudit on a log that is sealed already.
var ErrAuditSealed = errors.New("the audit log is sealed already")

// SealAudit starts sealing the audit log: a new verification key, a copy of it in the OS
// keyring when this home's keys are there, the head's sealing state at epoch 0, and a
// record that seals the chain as it is (every record before it is covered from then on).
// It refuses on a log that is sealed or has a sealing state, and on a broken chain; with
// replace it starts anew where the keyring holds a key of an earlier sealed log (one set
// aside, or deleted by someone).
func (s *Store) SealAudit(replace bool) (SealStart, error) {
	old, err := s.keyringSealKey()
	if err != nil {
		return SealStart{}, err
	}
	wipe(old)
	if old != nil && !replace {
		return SealStart{}, fmt.Errorf("audit seal: the OS keyring holds the verification key of an earlier sealed log of this home; if you set that log aside yourself, pass --replace (purse audit verify first says what became of it)")
	}
	v := make([]byte, sealKeySize)
	if _, err := rand.Read(v); err != nil {
		return SealStart{}, fmt.Errorf("audit seal: %v", err)
	}
	out := SealStart{Key: v, Fingerprint: SealFingerprint(v)}
	if err := s.startSeal(v); err != nil {
		wipe(v)
		return SealStart{}, err
	}
	var name string
	if err := s.locked(func(ix *indexFile) error {
		if s.sealInKeyring(ix) {
			name = itemName(ix.Home, sealItem)
		}
		return nil
	}); err != nil {
		return out, fmt.Errorf("audit seal: the log is sealed, but the key index could not be read (%v): keep the key shown, it is the only one", err)
	}
	if name != "" {
		item, _ := json.Marshal(sealKeyringItem{Key: hex.EncodeToString(v)})
		err := s.keyringSet("audit seal", name, string(item))
		wipe(item)
		if err != nil {
			return out, fmt.Errorf("audit seal: the log is sealed, but the OS keyring did not take a copy of the verification key (%v): keep the key shown, it is the only one", err)
		}
		out.InKeyring = true
	}
	r, err := s.appendAudit(AuditRecord{Purpose: "audit-seal", Summary: "sealing began; verification key " + out.Fingerprint})
	if err != nil {
		return out, fmt.Errorf("audit seal: the sealing state is written, but the record that seals the chain as it is could not be: %v (the next signature seals it)", err)
	}
	out.Record = r
	return out, nil
}

// startSeal writes the head's sealing state at epoch 0 under the log's lock, on an intact
// log that is not sealed.
func (s *Store) startSeal(v []byte) error {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	if f, err := regular.OpenFile(s.auditPath, os.O_RDWR, 0); err == nil {
		defer f.Close()
		if err := filelock.Lock(f); err != nil {
			return fmt.Errorf("audit log %s: cannot lock: %v", s.auditPath, err)
		}
		defer func() { _ = filelock.Unlock(f) }()
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("audit log %s: %v", s.auditPath, err)
	}
	w, err := s.walkAudit(nil, func(AuditRecord) {})
	if err != nil {
		return fmt.Errorf("audit seal: %v; nothing was sealed (purse audit repair first)", err)
	}
	if w.sealInfo().Sealed {
		return ErrAuditSealed
	}
	last := AuditRecord{Hash: ZeroHash}
	if w.last != nil {
		last = *w.last
	}
	k := evolve(v)
	defer wipe(k)
	s.auditSeen, s.auditLast = logStamp{}, nil
	return s.writeAuditHead(last, &headSeal{Epoch: 0, Key: hex.EncodeToString(k)})
}
