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
// keyring.MockInit).
type goKeyring struct{}

func (goKeyring) Set(service, user, password string) error {
	return keyring.Set(service, user, password)
}
func (goKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }
func (goKeyring) Delete(service, user string) error        { return keyring.Delete(service, user) }

// ErrKeyringTimeout is returned (wrapped) when the keyring does not answer in time.
var ErrKeyringTimeout = errors.New("the OS keyring did not answer")

// probeLabel is a label that is never stored: Get of it tells whether the keyring answers.
const probeLabel = "purse-keyring-probe"

// keyringItem is what one keyring item holds.
type keyringItem struct {
	Kind   Kind   `json:"kind"`
	Secret string `json:"secret"` // hex of the 32-byte secp256k1 scalar or ed25519 seed
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

// keyringStoreNew stores sec under label; an existing item is never overwritten (another
// purse home may share the keyring).
func (s *Store) keyringStoreNew(label string, sec *secret) error {
	var exists bool
	err := s.call(fmt.Sprintf("looking up item %q", label), func() error {
		_, err := s.kr.Get(KeyringService, label)
		switch {
		case err == nil:
			exists = true
			return nil
		case errors.Is(err, keyring.ErrNotFound):
			return nil
		}
		return fmt.Errorf("os keyring: cannot look up item %q: %v", label, err)
	}, nil)
	if err != nil {
		return err
	}
	if exists {
		return fmt.Errorf("os keyring: service %q already has an item %q (another purse home, or a key removed outside purse); choose another label", KeyringService, label)
	}
	raw := sec.raw()
	item, err := json.Marshal(keyringItem{Kind: sec.kind, Secret: hex.EncodeToString(raw)})
	wipe(raw)
	if err != nil {
		return err
	}
	val := string(item)
	wipe(item)
	return s.call(fmt.Sprintf("storing item %q", label), func() error {
		if err := s.kr.Set(KeyringService, label, val); err != nil {
			return fmt.Errorf("os keyring: cannot store item %q: %v", label, err)
		}
		return nil
	}, func() { _ = s.kr.Delete(KeyringService, label) })
}

func (s *Store) keyringLoad(label string) (*secret, error) {
	var val string
	err := s.call(fmt.Sprintf("reading item %q", label), func() error {
		v, err := s.kr.Get(KeyringService, label)
		if errors.Is(err, keyring.ErrNotFound) {
			return fmt.Errorf("os keyring: service %q has no item %q: the key was removed outside purse", KeyringService, label)
		}
		if err != nil {
			return fmt.Errorf("os keyring: cannot read item %q: %v", label, err)
		}
		val = v
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	var it keyringItem
	if err := json.Unmarshal([]byte(val), &it); err != nil {
		return nil, fmt.Errorf("os keyring: item %q is not a purse key (expected JSON with kind and secret)", label)
	}
	raw, err := decodeHexSecret(fmt.Sprintf("os keyring item %q secret", label), []byte(it.Secret))
	if err != nil {
		return nil, err
	}
	defer wipe(raw)
	switch it.Kind {
	case KindEVM:
		if len(raw) != 32 {
			return nil, fmt.Errorf("os keyring item %q: expected a 32-byte secret, got %d bytes", label, len(raw))
		}
		return newEVMSecret(raw)
	case KindSolana:
		return newSolanaSecret(raw)
	}
	return nil, fmt.Errorf("os keyring item %q: unknown kind %q", label, it.Kind)
}

func (s *Store) keyringDelete(label string) error {
	return s.call(fmt.Sprintf("deleting item %q", label), func() error {
		err := s.kr.Delete(KeyringService, label)
		if err != nil && !errors.Is(err, keyring.ErrNotFound) {
			return fmt.Errorf("os keyring: cannot delete item %q: %v", label, err)
		}
		return nil
	}, nil)
}
