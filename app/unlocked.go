package app

import (
	"context"
	"sort"
	"sync"
	"time"

	"purse/agent"
	"purse/keystore"
	"purse/wallet"
)

// The session's unlocked keys: a front end that lives for a session (the TUI) lets a key
// the user unlocked once sign again without a prompt until it has been idle for the TTL;
// then, or on Lock, its secret is wiped. One-shot front ends (the CLI) never turn it on.

// DefaultUnlockIdle is how long the TUI keeps an unlocked key without use.
const DefaultUnlockIdle = 5 * time.Minute

// UnlockedKey is a key held unlocked, for the footer.
type UnlockedKey struct {
	Label   string
	Kind    keystore.Kind
	Expires time.Time
}

type zeroer interface{ Zero() }

type heldKey struct {
	label, profile string
	kind           keystore.Kind
	evm            wallet.EVMSigner
	sol            wallet.SolanaSigner
	last           time.Time
}

// onDevice says whether the held signer is a key on a device (it holds no secret).
func (h *heldKey) onDevice() bool {
	_, evm := h.evm.(wallet.DeviceSigner)
	_, sol := h.sol.(wallet.SolanaDeviceSigner)
	return evm || sol
}

func (h *heldKey) zero() {
	for _, s := range []any{h.evm, h.sol} {
		if z, ok := s.(zeroer); ok {
			z.Zero()
		}
	}
}

type unlockCache struct {
	mu   sync.Mutex
	idle time.Duration
	now  func() time.Time
	keys map[string]*heldKey
}

func heldID(kind keystore.Kind, label, profile string) string {
	return string(kind) + "\x00" + label + "\x00" + profile
}

// KeepUnlocked turns the session's unlock cache on with the idle TTL (0 turns it off and
// wipes every held key).
func (s *App) KeepUnlocked(idle time.Duration) {
	c := &s.unlocked
	c.mu.Lock()
	defer c.mu.Unlock()
	c.idle = idle
	if c.now == nil {
		c.now = time.Now
	}
	if idle <= 0 {
		c.wipeLocked(func(*heldKey) bool { return true })
	}
}

// Lock wipes every held key now (the agent's too, when one answers); the next signature
// asks for the passphrase again.
func (s *App) Lock() {
	if a := s.agentClient(); a != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, _ = a.Lock(ctx, "")
		cancel()
		s.agentHeld.forget()
	}
	c := &s.unlocked
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wipeLocked(func(*heldKey) bool { return true })
}

// lockKey wipes the key label wherever it is held (this session's cache, for every profile,
// and the agent), leaving every other unlocked key as it was: a key removed or renamed must
// not go on signing, and the others have nothing to do with it.
func (s *App) lockKey(label string) {
	if a := s.agentClient(); a != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, _ = a.Lock(ctx, label)
		cancel()
		s.agentHeld.forget()
	}
	c := &s.unlocked
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wipeLocked(func(h *heldKey) bool { return h.label == label })
}

// Unlocked lists the held keys (after wiping those idle past the TTL), soonest to expire
// first.
func (s *App) Unlocked() []UnlockedKey {
	if a := s.agentClient(); a != nil {
		if keys, err := s.agentHeld.get(a); err == nil {
			return keys
		}
	}
	c := &s.unlocked
	c.mu.Lock()
	defer c.mu.Unlock()
	c.expireLocked()
	var out []UnlockedKey
	for _, h := range c.keys {
		if h.onDevice() {
			continue // nothing of it is unlocked here: the device asks for every signature
		}
		out = append(out, UnlockedKey{Label: h.label, Kind: h.kind, Expires: h.last.Add(c.idle)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Expires.Before(out[j].Expires) })
	return out
}

func (c *unlockCache) expireLocked() {
	if c.now == nil {
		return
	}
	now := c.now()
	c.wipeLocked(func(h *heldKey) bool { return now.Sub(h.last) >= c.idle })
}

func (c *unlockCache) wipeLocked(which func(*heldKey) bool) {
	for id, h := range c.keys {
		if which(h) {
			h.zero()
			delete(c.keys, id)
		}
	}
}

// held is the signer kept for (kind, label, profile), nil when none is or it expired; a
// hit counts as use.
func (c *unlockCache) held(kind keystore.Kind, label, profile string) *heldKey {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.idle <= 0 {
		return nil
	}
	c.expireLocked()
	h := c.keys[heldID(kind, label, profile)]
	if h != nil {
		h.last = c.now()
	}
	return h
}

// keep holds a signer the user just unlocked with a passphrase.
func (c *unlockCache) keep(h *heldKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.idle <= 0 {
		return
	}
	if c.keys == nil {
		c.keys = map[string]*heldKey{}
	}
	id := heldID(h.kind, h.label, h.profile)
	if old := c.keys[id]; old != nil && old != h {
		old.zero()
	}
	h.last = c.now()
	c.keys[id] = h
}

// agentHeldFor is how long the agent's list of keys is reused: the TUI reads it on every
// message and frame, and its footer counts in minutes.
const agentHeldFor = time.Second

// agentHeldCache is the agent's key list as last read.
type agentHeldCache struct {
	mu   sync.Mutex
	at   time.Time
	keys []UnlockedKey
}

func (c *agentHeldCache) get(a *agent.Client) ([]UnlockedKey, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.at.IsZero() && time.Since(c.at) < agentHeldFor {
		return c.keys, nil
	}
	keys, err := agentKeys(a)
	if err != nil {
		return nil, err
	}
	c.at, c.keys = time.Now(), keys
	return keys, nil
}

func (c *agentHeldCache) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at, c.keys = time.Time{}, nil
}

// agentKeys lists the agent's keys as the footer shows them: each wiped at the sooner
// of its idle and absolute limits.
func agentKeys(a *agent.Client) ([]UnlockedKey, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	st, err := a.Status(ctx)
	if err != nil {
		return nil, err
	}
	var out []UnlockedKey
	for _, k := range st.Keys {
		if k.OnDevice {
			continue // nothing of it is unlocked: the device asks for every signature
		}
		exp := k.IdleUntil
		if k.Until.Before(exp) {
			exp = k.Until
		}
		out = append(out, UnlockedKey{Label: k.Label, Kind: keystore.Kind(k.Kind), Expires: exp})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Expires.Before(out[j].Expires) })
	return out, nil
}
