package config

import (
	"strings"
	"testing"
)

// Issue 11 case 7: a mixed-case address must pass EIP-55; what is stored is checksummed.
func TestProfileAddressesAreChecksummed(t *testing.T) {
	p := SandboxProfile(DefaultSandboxAddr)
	if err := p.Set("card_spender", strings.ToLower(SandboxCardSpender)); err != nil || p.CardSpender != SandboxCardSpender {
		t.Fatalf("lowercase: %q %v", p.CardSpender, err)
	}
	bad := strings.Replace(SandboxCardSpender, "C133", "c133", 1) // one letter's case flipped
	if err := p.Set("card_spender", bad); err == nil || !strings.Contains(err.Error(), "EIP-55") || !strings.Contains(err.Error(), "card_spender") {
		t.Fatalf("wrong checksum: %v", err)
	}
	if p.CardSpender != SandboxCardSpender {
		t.Fatalf("a refused value changed the profile: %q", p.CardSpender)
	}
}
