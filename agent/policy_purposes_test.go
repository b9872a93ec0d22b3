package agent

import (
	"testing"

	"purse/wallet"
)

// Every purpose the signing core declares (wallet.Purposes) has a line in the default policy:
// a purpose added there without one would be denied as "not in the policy", or worse, be
// given a line by hand somewhere else.
func TestDefaultPolicyHasALineForEveryPurpose(t *testing.T) {
	p := DefaultPolicy()
	for _, purpose := range wallet.Purposes() {
		if _, ok := p.Purposes[purpose]; !ok {
			t.Errorf("purpose %s has no line in the default policy", purpose)
		}
	}
	if len(p.Purposes) != len(wallet.Purposes()) {
		t.Errorf("the default policy has %d purpose lines, the signer %d purposes", len(p.Purposes), len(wallet.Purposes()))
	}
}
