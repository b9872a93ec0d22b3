// Package protocol holds the service's numeric bounds (spec 5.1, 5.4, 8; design 2.1, 2.6),
// each once: every package that picks or checks a deadline window uses these, so a rule of
// the service lives in one place. It imports nothing, so the lightest package (config)
// can use it.
package protocol

import "time"

const (
	// MaxFullAuthWindow is the longest validity after server time the service accepts for
	// a full-auth signature (and the mint consent).
	MaxFullAuthWindow = 20 * time.Minute
	// MaxFullAuthWindowSeconds is MaxFullAuthWindow in the deadline header's unit.
	MaxFullAuthWindowSeconds = int64(MaxFullAuthWindow / time.Second)
	// DefaultFullAuthWindow is the validity purse gives a full-auth signature when nothing
	// says otherwise.
	DefaultFullAuthWindow = 5 * time.Minute
	// MaxPartnerDeadline is the longest X-Api-Deadline window of a partner call.
	MaxPartnerDeadline = 5 * time.Minute
)
