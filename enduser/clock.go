package enduser

import (
	"sync"
	"time"
)

// Clock estimates the service's time from what the service says (GET /api/v1/timestamp
// and every response's timeNow), so deadlines follow server time even when the local clock
// is skewed (design 2.2). It is safe for concurrent use; one Clock may be shared by several
// clients of the same service.
type Clock struct {
	local func() time.Time

	mu       sync.RWMutex
	offset   time.Duration // server - local
	synced   bool
	lastSync time.Time // local time of the last observation
}

// NewClock returns an unsynced clock over a local time source (time.Now when nil).
func NewClock(local func() time.Time) *Clock {
	if local == nil {
		local = time.Now
	}
	return &Clock{local: local}
}

// Observe records a server time (milliseconds since the Unix epoch) seen in a response
// that was sent at local time sent and received at local time received. The server stamped
// it somewhere in between; the midpoint is the best estimate. A zero sent means "received".
func (c *Clock) Observe(serverMs int64, sent, received time.Time) {
	if serverMs <= 0 {
		return
	}
	if sent.IsZero() || sent.After(received) {
		sent = received
	}
	mid := sent.Add(received.Sub(sent) / 2)
	server := time.UnixMilli(serverMs)
	c.mu.Lock()
	c.offset = server.Sub(mid)
	c.synced = true
	c.lastSync = received
	c.mu.Unlock()
}

// Now is the estimated server time (the local time when never synced).
func (c *Clock) Now() time.Time {
	c.mu.RLock()
	off := c.offset
	c.mu.RUnlock()
	return c.local().Add(off)
}

// Local is the local time source's reading.
func (c *Clock) Local() time.Time { return c.local() }

// Offset is server time minus local time (positive when the local clock is behind).
func (c *Clock) Offset() time.Duration {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.offset
}

// Synced reports whether the clock has seen a server time, and when (local time).
func (c *Clock) Synced() (bool, time.Time) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.synced, c.lastSync
}

// Deadline is the full-auth deadline: server time in whole seconds plus the window.
func (c *Clock) Deadline(window time.Duration) int64 {
	return c.Now().Unix() + int64(window/time.Second)
}
