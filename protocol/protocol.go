// Package protocol holds the service's numeric bounds (spec 5.1, 5.4, 8; design 2.1, 2.6)
// and its business codes (spec 7) and the names of the spec's stand-ins (names.go), each
// once: every package that picks or checks a deadline window, or writes a vendor's path,
// uses these, and both API clients explain a code from the one table here, so a rule of the
// service lives in one place. It imports nothing of the project, so the lightest
// package (config) can use it.
package protocol

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

const (
	// MaxFullAuthWindow is the longest validity after server time the service accepts for
	// a full-auth signature (and the mint consent).
	MaxFullAuthWindow = 20 * time.Minute
	// MaxFullAuthWindowSeconds is MaxFullAuthWindow in the deadline header's unit.
	MaxFullAuthWindowSeconds = int64(MaxFullAuthWindow / time.Second)
	// DefaultFullAuthWindow is the validity purse gives a full-auth signature when nothing
	// says otherwise.
	DefaultFullAuthWindow = 5 * time.Minute
	// DefaultFeeCapLamports caps the Solana priority fee a deposit may pay when the profile
	// sets none: 0.005 SOL (design D20). A profile's fee_cap_lamports and altchain's check
	// both start from it.
	DefaultFeeCapLamports = 5_000_000
	// MaxPartnerDeadline is the longest X-Api-Deadline window of a partner call.
	MaxPartnerDeadline = 5 * time.Minute
	// MaxMintConsentWindow is the longest validity the service accepts for the user's
	// consent of a partner mint (POST /v1/mint/nft): the public integration reports the
	// service caps it at 300 seconds (evidence §1), below the full-auth window the same
	// construction gets elsewhere.
	MaxMintConsentWindow = 300 * time.Second
	// DefaultMintConsentWindow leaves a margin under MaxMintConsentWindow for clock skew
	// between purse and the service.
	DefaultMintConsentWindow = 4 * time.Minute
)

// The tokenId and network headers are kept to what a 64-bit integer holds: an id of 0 or
// past 2^63-1 names no account or chain, and a leading zero is a second spelling of one that
// the service would not echo back.

// CheckTokenID checks an account id (the tokenId header): 1 to 2^63-1 in decimal digits.
func CheckTokenID(id string) error {
	return checkID(id, "the account id")
}

// CheckNetwork checks a network header value: a chain id, 1 to 2^63-1 in decimal digits.
func CheckNetwork(network string) error {
	return checkID(network, "a chain id (5000 mainnet, 5003 testnet, 31337 sandbox)")
}

func checkID(s, what string) error {
	for _, c := range s {
		if c < '0' || c > '9' {
			return fmt.Errorf("expected %s in decimal digits, got %q", what, s)
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case s == "":
		return fmt.Errorf("expected %s in decimal digits, got nothing", what)
	case err != nil || n < 1:
		return fmt.Errorf("expected %s from 1 to %d, got %s", what, int64(math.MaxInt64), s)
	case s[0] == '0':
		return fmt.Errorf("expected %s without leading zeros, got %s", what, s)
	}
	return nil
}

// CheckPath checks a route path as a profile may set it: absolute, without query,
// fragment, spaces or control characters.
func CheckPath(p string) error {
	if !strings.HasPrefix(p, "/") {
		return fmt.Errorf("path %q: expected an absolute path starting with /", p)
	}
	for _, c := range p {
		if c == '?' || c == '#' || c <= ' ' || c == 0x7f {
			return fmt.Errorf("path %q: expected a bare path without query, fragment, spaces or control characters", p)
		}
	}
	return nil
}
