package keystore

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/zalando/go-keyring"
)

// Keyring is the part of go-keyring the store uses. Calls may block forever (a locked
// collection waits for a prompt nobody answers); the store bounds each one with a timeout.
type Keyring interface {
	Set(service, user, password string) error
	Get(service, user string) (string, error)
	Delete(service, user string) error
}

// goKeyring is the OS keyring through go-keyring's package functions (and so its mock, after
// keyring.MockInit). Without a session bus it answers "unavailable" itself: go-keyring would
// start a bus to ask.
type goKeyring struct{}

func (goKeyring) Set(service, user, password string) error {
	if err := checkSessionBus(); err != nil {
		return err
	}
	return keyring.Set(service, user, password)
}

func (goKeyring) Get(service, user string) (string, error) {
	if err := checkSessionBus(); err != nil {
		return "", err
	}
	return keyring.Get(service, user)
}

func (goKeyring) Delete(service, user string) error {
	if err := checkSessionBus(); err != nil {
		return err
	}
	return keyring.Delete(service, user)
}

// ErrKeyringTimeout is returned (wrapped) when the keyring does not answer in time.
var ErrKeyringTimeout = errors.New("the OS keyring did not answer")

// probeLabel is an item name that is never stored: Get of it tells whether the keyring answers.
const probeLabel = "purse-keyring-probe"

// keyringItem is what one keyring item holds.
type keyringItem struct {
	Kind   Kind   `json:"kind"`
	Secret string `json:"secret"` // hex of the 32-byte secp256k1 scalar or ed25519 seed
}

// itemName is the keyring item (go-keyring "user") of a key: the home's id and the key's id,
// so two homes never share an item and a rename never moves one.
func itemName(home, id string) string { return home + "/" + id }

// itemOf is the item e's secret is stored under: named by this home (home), or for a key it
// shares, by the home it was copied from.
func itemOf(home string, e Entry) string {
	if e.Shared != nil {
		home = e.Shared.Home
	}
	return itemName(home, e.ID)
}

// call runs op in a goroutine and gives up after the timeout. cleanup, if set, runs when op
// succeeds after the caller gave up (so a late Set does not leave a secret behind).
func (s *Store) call(what string, op func() error, cleanup func()) error {
	done := make(chan error, 1)
	var gaveUp atomic.Bool
	go func() {
		err := op()
		done <- err
		if err == nil && cleanup != nil && gaveUp.Load() {
			cleanup()
		}
	}()
	t := time.NewTimer(s.timeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		gaveUp.Store(true)
		select {
		case err := <-done:
			return err
		default:
		}
		return fmt.Errorf("os keyring: %w within %s while %s (is the collection locked, or no secret service running? unlock it, or set %s=file)",
			ErrKeyringTimeout, s.timeout, what, EnvBackend)
	}
}

func (s *Store) probeKeyring() error {
	return s.call("looking up a test item", func() error {
		_, err := s.kr.Get(KeyringService, probeLabel)
		if errors.Is(err, keyring.ErrNotFound) {
			return nil
		}
		if err == nil {
			return nil
		}
		return fmt.Errorf("os keyring: %v", err)
	}, nil)
}

// keyringGet reads item name; found is false when there is no such item.
func (s *Store) keyringGet(label, name string) (val string, found bool, err error) {
	err = s.call(fmt.Sprintf("reading the item of key %q", label), func() error {
		v, err := s.kr.Get(KeyringService, name)
		if errors.Is(err, keyring.ErrNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("os keyring: cannot read the item of key %q: %v", label, err)
		}
		val, found = v, true
		return nil
	}, nil)
	return val, found, err
}

// keyringSet stores val as item name (replacing it: names are the store's own).
func (s *Store) keyringSet(label, name, val string) error {
	return s.call(fmt.Sprintf("storing the item of key %q", label), func() error {
		if err := s.kr.Set(KeyringService, name, val); err != nil {
			return fmt.Errorf("os keyring: cannot store the item of key %q: %v", label, err)
		}
		return nil
	}, func() { _ = s.kr.Delete(KeyringService, name) })
}

// keyringStoreNew stores sec as item name; an existing item is never overwritten.
func (s *Store) keyringStoreNew(label, name string, sec *secret) error {
	_, exists, err := s.keyringGet(label, name)
	if err != nil {
		return err
	}
	if exists {
		return fmt.Errorf("os keyring: service %q already has the item %q meant for key %q; nothing was stored", KeyringService, name, label)
	}
	raw := sec.raw()
	item, err := json.Marshal(keyringItem{Kind: sec.kind, Secret: hex.EncodeToString(raw)})
	wipe(raw)
	if err != nil {
		return err
	}
	val := string(item)
	wipe(item)
	return s.keyringSet(label, name, val)
}

// parseItem decodes a keyring item's value.
func parseItem(label, val string) (*secret, error) {
	var it keyringItem
	if err := json.Unmarshal([]byte(val), &it); err != nil {
		return nil, fmt.Errorf("os keyring: the item of key %q is not a purse key (expected JSON with kind and secret)", label)
	}
	field := fmt.Sprintf("os keyring item of key %q", label)
	raw, err := decodeHexSecret(field+" secret", []byte(it.Secret))
	if err != nil {
		return nil, err
	}
	defer wipe(raw)
	switch it.Kind {
	case KindEVM:
		if len(raw) != 32 {
			return nil, fmt.Errorf("%s: expected a 32-byte secret, got %d bytes", field, len(raw))
		}
		return newEVMSecret(raw)
	case KindSolana:
		return newSolanaSecret(raw)
	}
	return nil, fmt.Errorf("%s: unknown kind %q", field, it.Kind)
}

// keyringNames are the items that may hold e's secret, its home's name first: this home's,
// or for a key it shares, the home's it was copied from.
func keyringNames(home string, e Entry) []string {
	var names []string
	if e.ID != "" && home != "" {
		names = append(names, itemOf(home, e))
	}
	if e.LegacyItem != "" {
		names = append(names, e.LegacyItem)
	}
	if e.ID == "" {
		names = append(names, e.Label)
	}
	return names
}

// keyringHolds returns the value of item name when it holds e's key (kind and address), else
// "". An item holding another key (another home's, under a label-only name) does not count.
func (s *Store) keyringHolds(name string, e Entry) (string, error) {
	v, found, err := s.keyringGet(e.Label, name)
	if err != nil || !found {
		return "", err
	}
	sec, err := parseItem(e.Label, v)
	if err != nil {
		return "", nil
	}
	ok := sec.kind == e.Kind && sec.address() == e.Address
	sec.wipe()
	if !ok {
		return "", nil
	}
	return v, nil
}

// keyringFind returns the first of e's items that holds e's key, with its value ("" when
// none does).
func (s *Store) keyringFind(home string, e Entry) (name, val string, err error) {
	for _, n := range keyringNames(home, e) {
		v, err := s.keyringHolds(n, e)
		if err != nil {
			return "", "", err
		}
		if v != "" {
			return n, v, nil
		}
	}
	return "", "", nil
}

func (s *Store) keyringLoad(home string, e Entry) (*secret, error) {
	name, val, err := s.keyringFind(home, e)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, fmt.Errorf("os keyring: service %q has no item holding key %q (%s): it was removed outside purse; `purse key doctor` repairs the index", KeyringService, e.Label, e.Address)
	}
	return parseItem(e.Label, val)
}

func (s *Store) keyringDelete(label, name string) error {
	return s.call(fmt.Sprintf("deleting the item of key %q", label), func() error {
		err := s.kr.Delete(KeyringService, name)
		if err != nil && !errors.Is(err, keyring.ErrNotFound) {
			return fmt.Errorf("os keyring: cannot delete the item of key %q: %v", label, err)
		}
		return nil
	}, nil)
}

// keyringDeleteKey deletes every item that holds e's key: the home's own name always, a
// label-only name only when it holds this very key (else it is another home's). A key whose
// item is another home's (Shared) is never passed here.
func (s *Store) keyringDeleteKey(home string, e Entry) error {
	if e.SharedWith() != "" {
		return fmt.Errorf("key %q: its keyring item is the home's at %s; it is not deleted from this copy", e.Label, e.SharedWith())
	}
	for _, n := range keyringNames(home, e) {
		if own := e.ID != "" && home != "" && n == itemName(home, e.ID); !own {
			v, err := s.keyringHolds(n, e)
			if err != nil {
				return err
			}
			if v == "" {
				continue
			}
		}
		if err := s.keyringDelete(e.Label, n); err != nil {
			return err
		}
	}
	return nil
}
