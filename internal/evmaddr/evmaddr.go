// Package evmaddr reads EVM addresses typed by a user, once for every package that takes
// one (profiles, permits, verification, token look-up). It is a leaf: config may use it
// without linking the signing packages.
package evmaddr

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// Parse reads a 0x-prefixed 20-byte hex address as a user typed it. All-lowercase and
// all-uppercase hex carry no checksum and are taken as they are; mixed case is an EIP-55
// checksum and must be right, since a mistyped character is exactly what it exists to catch.
// The error never offers the checksummed form of what was typed: that would bless the typo.
func Parse(s string) (common.Address, error) {
	if !strings.HasPrefix(s, "0x") || !common.IsHexAddress(s) {
		return common.Address{}, fmt.Errorf("expected a 0x-prefixed 20-byte hex address, got %q", s)
	}
	hex := s[2:]
	if hex != strings.ToLower(hex) && hex != strings.ToUpper(hex) {
		m, err := common.NewMixedcaseAddressFromString(s)
		if err != nil || !m.ValidChecksum() {
			return common.Address{}, fmt.Errorf("%q has mixed case but fails its EIP-55 checksum: a character is wrong; copy the address again (or type it all lowercase if you have checked it)", s)
		}
	}
	return common.HexToAddress(s), nil
}
