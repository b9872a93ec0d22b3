package enduser

import (
	"sync"
	"time"
)

// Where a clock's server time came from (TimeSource.Kind).
const (
	// TimeFromTimestamp: the result of GET /api/v1/timestamp.
	TimeFromTimestamp = "timestamp"
	// TimeFromEnvelope: the timeNow of an answer (TimeSource.Route names whose).
	TimeFromEnvelope = "timeNow"
	// TimeFromLocal: no answer carried a server time; deadlines follow this machine's clock.
	TimeFromLocal = "local clock"
)

// TimeSource says where the clock's estimate of server time comes from: the latest
// observation, or the fallback to the local clock when none could be had.
type TimeSource struct {
	Kind string `json:"kind"`
	// Route is the route whose answer gave the time ("" for the local clock).
	Route string `json:"route,omitempty"`
	// Note says why the local clock is used: what was asked and not answered with a time.
	Note string `json:"note,omitempty"`
	// At is the local time of the observation or of the fallback.
	At time.Time `json:"at"`
}

// Clock estimates the service's time from what the service says (GET /api/v1/timestamp
// and every response's timeNow), so deadlines follow server time even when the local clock
// is skewed (design 2.2). It is safe for concurrent use; one Clock may be shared by several
// clients of the same service.
type Clock struct {
	local func() time.Time

	mu       sync.RWMutex
	offset   time.Duration // server - local
	synced   bool
	source   TimeSource // the latest observation, or the local fallback
	syncedBy TimeSource // what first gave deadlines a time to start from
}

// NewClock returns an unsynced clock over a local time source (time.Now when nil).
func NewClock(local func() time.Time) *Clock {
	if local == nil {
		local = time.Now
	}
	return &Clock{local: local}
}

// Observe records a server time (milliseconds since the Unix epoch) that an answer of
// route carried (kind TimeFromTimestamp or TimeFromEnvelope); the request was sent at local
// time sent and answered at local time received. The server stamped it somewhere in
// between; the midpoint is the best estimate. A zero sent means "received".
func (c *Clock) Observe(kind, route string, serverMs int64, sent, received time.Time) {
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
	c.source = TimeSource{Kind: kind, Route: route, At: received}
	// The timestamp route's own result replaces the envelope of the same answer (decoded first).
	if c.syncedBy.Kind == "" || c.syncedBy.Kind == TimeFromLocal || kind == TimeFromTimestamp && c.syncedBy.Route == route {
		c.syncedBy = c.source
	}
	c.mu.Unlock()
}

// UseLocal settles for the local clock when the service gave no server time (note says
// what was asked); a later answer's timeNow replaces it.
func (c *Clock) UseLocal(note string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.synced {
		return
	}
	c.offset = 0
	c.source = TimeSource{Kind: TimeFromLocal, Note: note, At: c.local()}
	c.syncedBy = c.source
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
	if !c.synced {
		return false, time.Time{}
	}
	return true, c.source.At
}

// Source says where the estimate comes from now: the latest answer that carried a server
// time, or the local clock settled for. Kind is "" before either.
func (c *Clock) Source() TimeSource {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.source
}

// SyncedBy says what first gave the clock a time to start from: the timestamp route, an
// answer's timeNow (which route's), or the local clock when the service gave none (until an
// answer with a server time replaces it). This is how the service can be synced with.
func (c *Clock) SyncedBy() TimeSource {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.syncedBy
}

// settled reports whether deadlines have a time to start from: a server time, or the
// local clock settled for.
func (c *Clock) settled() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.synced || c.source.Kind == TimeFromLocal
}

// Deadline is the full-auth deadline: server time in whole seconds plus the window.
func (c *Clock) Deadline(window time.Duration) int64 {
	return c.Now().Unix() + int64(window/time.Second)
}
